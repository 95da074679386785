"""Issue 9: at 80x24 with --lang ru a whole game against the computer shows only Russian text (notation,
card signs, key names and the command line aside)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tui_helpers import make_app, screen_text, tick

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session"))
from latin import latin_words
from scenarios import steady_move

from russianbank import moves as mv
from russianbank.tui.screens import EndScreen, HelpScreen
from russianbank.tui.texts import lang_from_env


def keys_for(move: mv.Move) -> list[str]:
    if move.code == mv.DRAW:
        return ["S"]
    if move.code == mv.DISCARD:
        return ["x"]
    if move.code == mv.PASS:
        return ["p"]
    return list(str(move))


async def test_a_whole_game_in_russian_shows_no_english() -> None:
    app = make_app(seed=4, level="easy", pace=0.5, lang="ru", hint_level="easy", stops=False)
    screens: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:

        def look() -> None:
            text = screen_text(app)
            screens.append(text)
            bad = latin_words(text)
            assert not bad, f"English on the screen: {bad}\n{text}"
            english_cards = re.findall(r"[AJQKT][♠♥♦♣♤♡♢♧]", text)
            assert not english_cards, f"cards with English ranks: {english_cards}\n{text}"

        look()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        look()
        await pilot.press("escape")
        await pilot.press("exclamation_mark")  # no Stop in this game: said in Russian
        look()
        hinted = refused = False
        for _ in range(3000):
            s = app.session
            if s.is_over():
                break
            if s.computer_to_move:
                await tick(pilot, app)
                look()
                continue
            if not hinted:
                await pilot.press("i")
                hinted = True
            elif not refused:
                await pilot.press("colon", *"RW", "enter")
                refused = True
            else:
                await pilot.press(*keys_for(steady_move(s.view(0))))
            await pilot.pause()
            look()
        assert app.session.is_over() and isinstance(app.screen, EndScreen)
        look()
        end = screens[-1]
        assert "Компьютер выиграл" in end or "Вы выиграли" in end
        assert "Матч (D4) после 1 партии" in " ".join(end.split())
    assert len(screens) > 100
    said = [m.code for m in app.said]
    assert "play.hint.one" in said or "play.hint.plan" in said
    assert "play.stop.none" in said and "play.refused" in said


def test_the_language_follows_the_locale() -> None:
    assert lang_from_env({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert lang_from_env({"LANG": "en_GB.UTF-8"}) == "en"
    assert lang_from_env({"LANG": "de_DE.UTF-8"}) == "en"
    assert lang_from_env({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}) == "ru"
    assert lang_from_env({}) == "en"
