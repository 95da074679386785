"""Issue 12, item by item, at 80x24 and 120x40 (and 60x20 for the size notice)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest
from rich.color import ColorSystem
from rich.style import Style
from tui_helpers import SIZES, bar, box_text, make_app, screen_lines, screen_text, tick, type_move, wait_until

from russianbank.cards import make_card
from russianbank.game import Game
from russianbank.session import PlayError
from russianbank.tui import main as play
from russianbank.tui.opening import Settings
from russianbank.tui.save import current_path, read_save
from russianbank.tui.screens import ChoiceScreen, EndScreen, HelpScreen
from russianbank.tui.table import SIXTEEN_COLOURS, TRUE_COLOUR, palette_for
from russianbank.tui.widgets import KeyBar, TableView


def args(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    return parser.parse_args(["--lang", "en", *argv])


def violation(seed: int) -> str:
    g = Game(seed=seed, stops=True)
    return next(str(m) for m in g.legal_moves() if m.src < 8 and m.dst < 8 and g.order_violation(m))


# ----------------------------------------------------------------------------- confirmations


@pytest.mark.parametrize("size", SIZES)
async def test_resign_asks_first(size: tuple[int, int]) -> None:
    app = make_app(seed=5, level="easy", save=False)
    async with app.run_test(size=size) as pilot:
        await type_move(pilot, "resign")
        assert isinstance(app.screen, ChoiceScreen)
        assert "Resign this game?" in screen_text(app) and "y: resign" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert not app.session.is_over() and not isinstance(app.screen, ChoiceScreen)
        await type_move(pilot, "resign")
        await pilot.press("y")
        await pilot.pause()
        assert app.session.is_over() and isinstance(app.screen, EndScreen)


@pytest.mark.parametrize("size", SIZES)
async def test_hotseat_draw_needs_the_other_players_consent(size: tuple[int, int]) -> None:
    """D3: agree offers a draw; the other player is asked and may say no."""
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=size) as pilot:
        await type_move(pilot, "agree")
        assert isinstance(app.screen, ChoiceScreen)
        assert "Player B: Player A offers a draw. Do you agree?" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert not app.session.is_over() and "Player B declines the draw." in bar(app)
        await type_move(pilot, "agree")
        await pilot.press("y")
        await pilot.pause()
        out = app.session.outcome
        assert out is not None and out.winner is None
        assert "Draw." in box_text(app) and "both players agreed a draw" in box_text(app)


@pytest.mark.parametrize("size", SIZES)
async def test_hotseat_oresign_needs_the_resigning_players_yes(size: tuple[int, int]) -> None:
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=size) as pilot:
        await type_move(pilot, "oresign")
        assert "Player B: do you resign this game?" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.session.is_over()
        await type_move(pilot, "oresign")
        await pilot.press("y")
        await pilot.pause()
        out = app.session.outcome
        assert out is not None and out.winner == 0
        assert "Player A wins." in box_text(app) and "resigned" in box_text(app)


async def test_oresign_against_the_computer_is_refused() -> None:
    app = make_app(seed=5, level="easy", save=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await type_move(pilot, "oresign")
        assert "cannot resign for the computer" in bar(app) and not app.session.is_over()


# --------------------------------------------------------------------------------- focus


@pytest.mark.parametrize("size", SIZES)
async def test_focus_goes_back_to_the_table_after_a_typed_move(size: tuple[int, int]) -> None:
    app = make_app(seed=5, hotseat=True, save=False)
    async with app.run_test(size=size) as pilot:
        await type_move(pilot, "13")
        assert isinstance(app.focused, TableView) and app.session.moves == ["13"]
        await pilot.press("i")  # a hint, not the letter i in the input
        await pilot.pause()
        assert app.query_one("#move-input").value == ""  # type: ignore[attr-defined]
        assert any(m.code.startswith("play.hint") for m in app.said)


# --------------------------------------------------------------------------------- sizes


async def help_lines(pilot, app) -> list[str]:  # type: ignore[no-untyped-def]
    """Every screen line of the help, scrolled through from top to bottom."""
    await pilot.press("question_mark")
    assert isinstance(app.screen, HelpScreen)
    seen: list[str] = []
    for _ in range(30):
        for ln in screen_lines(app):
            if ln not in seen:
                seen.append(ln)
        await pilot.press("pagedown")
        await pilot.pause()
    return seen


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ru"])
async def test_help_wraps_between_words(size: tuple[int, int], lang: str) -> None:
    """The help re-wraps at word boundaries only ("hint" and "purple" are never split), and the key
    table lines are never re-wrapped."""
    app = make_app(seed=5, level="easy", save=False, lang=lang)
    async with app.run_test(size=size) as pilot:
        lines = await help_lines(pilot, app)
        assert all(len(ln) <= size[0] for ln in lines)
        screen = " ".join(re.sub(r"[│╭╮╰╯─▁▂▃▄▅▆▇█▔]", " ", ln) for ln in lines)
        tokens = set(screen.split())
        source = re.sub(r"\[/?[bi]\]|\[/?dim\]", "", app.texts("play.help.keys") + app.texts("play.help.rules"))
        for word in source.split():
            assert word in tokens, f"{word!r} is split across lines"
        key_lines = [ln.strip() for ln in source.splitlines() if ln.startswith("  ")]
        assert key_lines and all(
            any(k in " ".join(ln.split()) for ln in lines) for k in (" ".join(k.split()) for k in key_lines)
        )
        if lang == "en":
            assert "hint" in tokens and "purple," in tokens


async def test_120x40_uses_the_space_bigger_cards_and_a_longer_log() -> None:
    small = make_app(seed=3, level="easy", save=False)
    big = make_app(seed=3, level="easy", save=False)
    async with small.run_test(size=(80, 24)) as pilot:
        for _ in range(6):
            await tick(pilot, small)
        small_log = small.query_one("#log-scroll").region
    async with big.run_test(size=(120, 40)) as pilot:
        for _ in range(6):
            await tick(pilot, big)
        table = big.query_one(TableView)
        d = table.drawing
        assert d is not None and d.card_height == 2 and d.card_width == 5
        assert len(d.spans) >= 30  # the table fills the height: nothing like an empty lower third
        log = big.query_one("#log-scroll").region
        assert log.width > small_log.width and log.height > small_log.height
        text = screen_text(big)
        c = big.session.view(0).tableau[0][-1]
        assert f"{'10' if c % 13 == 9 else ''}" in text


@pytest.mark.parametrize("size", [(60, 20), (79, 30), (100, 23)])
async def test_too_small_says_what_size_is_needed_and_the_game_waits(size: tuple[int, int]) -> None:
    app = make_app(seed=3, level="easy", save=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"This terminal is {size[0]}×{size[1]}; the game needs at least 80×24." in " ".join(text.split())
        assert app.runner.paused and app.session.next_deadline() is None  # the computer waits
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not app.runner.paused and "needs at least" not in screen_text(app)
        assert isinstance(app.focused, TableView)  # the keys work again at once
        await tick(pilot, app)
        assert app.session.moves


# ------------------------------------------------------------------------------ 16 colours


def test_palette_follows_the_terminal() -> None:
    assert palette_for({"TERM": "linux"}) is SIXTEEN_COLOURS
    assert palette_for({"TERM": "xterm-256color"}) is TRUE_COLOUR
    assert palette_for({"TERM": "xterm", "COLORTERM": "truecolor"}) is TRUE_COLOUR


@pytest.mark.parametrize("size", SIZES)
async def test_16_colour_terminals_tell_the_decks_apart(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """R1 on TERM=linux: A's and B's cards get different backgrounds among the 16 colours."""
    monkeypatch.setenv("TERM", "linux")
    monkeypatch.delenv("COLORTERM", raising=False)
    app = make_app(seed=3, level="easy", save=False)
    async with app.run_test(size=size):
        assert app.palette is SIXTEEN_COLOURS and app.ansi_color  # the console's own 8 colours go out as they are
        d = app.query_one(TableView).drawing
        assert d is not None
        backgrounds: dict[int, set[str]] = {0: set(), 1: set()}
        view = app.session.view(0)
        deck_of_text = {}
        for pile in view.tableau:
            for c in pile:
                deck_of_text[c // 52] = True
        for span in d.text.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(str(span.style))
            if style.bgcolor is not None and style.bgcolor.name in SIXTEEN_COLOURS.deck_bg:
                backgrounds[SIXTEEN_COLOURS.deck_bg.index(style.bgcolor.name)].add(
                    str(style.bgcolor.downgrade(ColorSystem.STANDARD).number)
                )
        assert backgrounds[0] and backgrounds[1] and backgrounds[0].isdisjoint(backgrounds[1])
    a, b = (Style(bgcolor=c).bgcolor for c in TRUE_COLOUR.deck_bg)
    assert a is not None and b is not None
    # Why: in true colour both decks are light, and a 16-colour terminal would show both white.
    assert a.downgrade(ColorSystem.STANDARD).number == b.downgrade(ColorSystem.STANDARD).number


def test_cards_of_the_two_decks_differ_in_text_too() -> None:
    from russianbank.tui.table import card_text

    qa, qb = make_card(12, 2, 0), make_card(12, 2, 1)
    assert card_text(qa, 2) == "Q♥" and card_text(qb, 2) == "Q♡"


# ----------------------------------------------------------------------------- damaged saves


def save_game(moves: int, **settings: object) -> list[str]:
    """Play ``moves`` moves of a hotseat game through the app's saver; the moves played."""
    from russianbank.tui.runner import Saver

    s = Settings(**settings).setup()  # type: ignore[arg-type]
    from russianbank.session import Session

    session = Session(s, seed=42)
    session.start(0.0)
    for _ in range(moves):
        if session.computer_to_move:
            job = session.think_job(0.0)
            assert job is not None
            session.think_done(job.run(), 0.0)
            session.advance(1e9)
            continue
        legal = session.view(session.turn).legal_moves
        session.play(session.turn, legal[0], 0.0)
    assert Saver(current_path()).save(session)
    return session.moves


@pytest.mark.parametrize("size", SIZES)
async def test_nul_filled_save_gives_a_bounded_notice(size: tuple[int, int], data_home: Path) -> None:
    path = current_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00" * 200_000)
    _settings, start = play.prepare(args("--resume"))
    app = make_app(start, save=False)
    async with app.run_test(size=size) as pilot:
        assert isinstance(app.screen, ChoiceScreen)
        text = box_text(app)
        kept = data_home / "current-game.txt.damaged"
        assert "is damaged" in text and text.endswith("Enter: continue")  # the whole notice is on screen
        assert "A new game has started." in text and "saved mode" not in text  # nothing of it could be read
        assert str(kept) in text.replace(" ", "")
        assert len(text) < 600
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)
    assert kept.read_bytes() == b"\x00" * 200_000


def test_a_second_damaged_save_never_overwrites_the_first(data_home: Path) -> None:
    path = current_path()
    path.parent.mkdir(parents=True)
    path.write_text("first damage\n")
    play.prepare(args("--resume"))
    path.write_text("second damage\n")
    play.prepare(args("--resume"))
    assert (data_home / "current-game.txt.damaged").read_text() == "first damage\n"
    assert (data_home / "current-game.txt.damaged.1").read_text() == "second damage\n"


@pytest.mark.parametrize("size", SIZES)
async def test_damaged_save_continues_from_its_last_good_move(size: tuple[int, int]) -> None:
    moves = save_game(8, hotseat=True)
    path = current_path()
    text = path.read_text()
    body_start = text.index("\n\n") + 2
    fifth = moves[4]
    body = text[body_start:]
    tokens = body.split(" ")
    n = 0
    for i, tok in enumerate(tokens):
        if re.fullmatch(r"[^.\s]{2}(=\S*)?", tok) or tok.split("=")[0] in ("pass",):
            n += 1
            if n == 5:
                assert tok.split("=")[0].strip() == fifth
                tokens[i] = "Z9"
                break
    path.write_text(text[:body_start] + " ".join(tokens))
    _settings, start = play.prepare(args("--resume"))
    assert start.alternative is not None and start.session.moves == moves[:4]
    app = make_app(start, save=False)
    async with app.run_test(size=size) as pilot:
        text_on_screen = box_text(app)
        assert "move 5 (Z9" in text_on_screen and "The 4 moves before the damaged one replay." in text_on_screen
        assert "Enter: continue from the last good move" in text_on_screen and "n: a new game" in text_on_screen
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.moves == moves[:4] and app.session.hotseat


async def test_damaged_save_new_game_keeps_the_saved_mode_and_level(data_home: Path) -> None:
    save_game(3, level="hard", preset="hoyle", stops=True)
    path = current_path()
    path.write_text(re.sub(r'\[Deal "[^"]*"\]', '[Deal "rb1.broken"]', path.read_text()))
    _settings, start = play.prepare(args("--resume", "--level", "easy"))
    assert start.alternative is None and start.notice
    s = start.session
    assert s.computer == 1 and s.setup.seats[1].level == "hard"
    assert s.options.preset == "hoyle" and s.options.stops and not s.moves
    text = " ".join(start_text.text("en") for start_text in start.notice)
    assert "deal cannot be read" in text and "saved mode, level and rules" in text


# ---------------------------------------------------------------------------------- matches


@pytest.mark.parametrize("size", SIZES)
async def test_resume_after_a_finished_game_keeps_the_match_total(size: tuple[int, int]) -> None:
    app = make_app(seed=5, level="easy")
    async with app.run_test(size=size) as pilot:
        await type_move(pilot, "resign")
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, EndScreen))
        points = app.session.match.b
        await pilot.press("q")
    assert points > 0
    _settings, start = play.prepare(args("--resume"))
    assert start.session.match_before.b == points and start.session.match_before.games == 1
    assert "over" in start.notice[0].text("en")
    app2 = make_app(start)
    async with app2.run_test(size=size) as pilot:
        await pilot.press("enter")
        await type_move(pilot, "resign")
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app2.screen, EndScreen))
        assert "after 2 games" in " ".join(screen_text(app2).split())
        assert app2.session.match.b > points


# ---------------------------------------------------------------------------------- options


@pytest.mark.parametrize("pace", ["nan", "inf", "-inf", "-1", "11", "fast"])
def test_pace_must_be_a_number_of_seconds(pace: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(PlayError) as e:
        play.prepare(args(f"--pace={pace}"))
    assert e.value.code == "play.pace.bad"
    assert play.run(args(f"--pace={pace}")) == 2
    err = capsys.readouterr().err
    assert "The pace must be a number of seconds from 0 to 10" in err and "nans" not in err


def test_pace_zero_and_ten_are_fine() -> None:
    assert play.prepare(args("--pace", "0"))[0].pace == 0.0
    assert play.prepare(args("--pace", "10"))[0].pace == 10.0


# ---------------------------------------------------------------------------- no Stop! here


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("preset", "said"), [("classic", "in strict rules"), ("single", "the one-deck game has none")])
async def test_games_without_stop_show_no_stop_key_and_say_so(size: tuple[int, int], preset: str, said: str) -> None:
    app = make_app(seed=5, preset=preset, hotseat=True, save=False)
    async with app.run_test(size=size) as pilot:
        keys = screen_lines(app)[-1]
        assert "Stop" not in keys and "!" not in keys
        await pilot.press("exclamation_mark")
        assert "This game has no Stop" in bar(app) and said in bar(app)
        assert "You are on move" not in bar(app)


@pytest.mark.parametrize("size", SIZES)
async def test_games_with_stop_show_the_key(size: tuple[int, int]) -> None:
    app = make_app(seed=5, hotseat=True, stops=True, save=False)
    async with app.run_test(size=size):
        assert "Stop!" in str(app.query_one(KeyBar).render())


# --------------------------------------------------------------------------------- the log


@pytest.mark.parametrize("size", SIZES)
async def test_log_marks_the_moves_a_stop_annulled(size: tuple[int, int]) -> None:
    """S3 annul, S4 record: the log keeps the annulled moves, crossed out and marked."""
    app = make_app(seed=10, hotseat=True, stops=True, save=False)
    async with app.run_test(size=size) as pilot:
        bad = violation(10)
        await type_move(pilot, bad)
        await pilot.press("exclamation_mark")
        await pilot.pause()
        log = app.query_one("#log").render()
        plain = str(log)
        assert "✗" in plain and "(taken back by the Stop)" in " ".join(plain.split())
        assert app.session.annulled() == {0}
        text = " ".join(screen_text(app).split())
        assert "✗ " in text and "(taken" in text  # the screen wraps the log beside the table


# ---------------------------------------------------------------------------- the save file


def test_save_file_does_not_show_the_deal(data_home: Path) -> None:
    """V2 for the save: no Seed tag (the face-down cards follow from it); the deal is sealed with a key
    kept apart; the moves and the cards already seen stay readable."""
    moves = save_game(5, hotseat=True)
    text = current_path().read_text()
    assert "[Seed " not in text and '[Deal "rb1.' in text and "42" not in re.sub(r"\[(Date|Deal) [^\]]*\]", "", text)
    key = data_home / "save.key"
    assert key.stat().st_mode & 0o077 == 0 and current_path().stat().st_mode & 0o077 == 0
    saved = read_save()
    assert saved is not None and saved.damage is None and saved.moves == moves and saved.seed == 42
    from russianbank.errors import InvalidRecordError
    from russianbank.record import load_record

    with pytest.raises(InvalidRecordError):
        load_record(text)  # a replay elsewhere cannot deal the hidden cards
    key.unlink()
    saved = read_save()
    assert saved is not None and saved.seed is None and saved.damage is not None
    assert saved.damage.code == "play.save.no_deal"


async def test_quit_and_resume_restore_the_same_game() -> None:
    app = make_app(seed=5, level="easy")
    async with app.run_test(size=(80, 24)) as pilot:
        await type_move(pilot, "13")
        view = app.session.view(0)
        await pilot.press("q")
    _settings, start = play.prepare(args("--resume"))
    assert start.resumed and not start.notice
    assert start.session.view(0) == view and start.session.setup.seats[1].level == "easy"


def test_resume_keeps_the_saved_pace_unless_told_otherwise() -> None:
    save_game(2, hotseat=False, pace=2.0)
    _settings, start = play.prepare(args("--resume"))
    assert start.session.pace == 2.0
    _settings, start = play.prepare(args("--resume", "--pace", "0.25"))
    assert start.session.pace == 0.25
