"""russianbank.picture: a text picture that tells the decks apart without colour and hides what a view hides."""

from __future__ import annotations

import doctest
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from picturekit import PRESETS, faces, other_deal, played

import russianbank.picture
import russianbank.svg
from russianbank import Game, InvalidOptionsError, RussianBankError
from russianbank.picture import card_text, unicode

CARD = re.compile(r"(?:10|[A2-9JQK])[♣♦♥♠♧♢♡♤]")
positions = st.tuples(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 400), st.booleans())


def test_R1_decks_are_told_apart_by_filled_and_outlined_suits() -> None:
    assert card_text(0) == "A♣" and card_text(52) == "A♧"
    assert card_text(51) == "K♠" and card_text(103) == "K♤"
    assert card_text(9) == "10♣" and card_text(52 + 13 + 11) == "Q♢"
    assert len({card_text(c) for c in range(104)}) == 104


@settings(max_examples=40, deadline=None)
@given(positions, st.sampled_from([None, 0, 1]))
def test_the_picture_names_exactly_the_face_up_cards_of_the_view(
    pos: tuple[str, int, int, bool], who: int | None
) -> None:
    g = played(*pos)
    view = g.view(who)
    text = unicode(view, waste_limit=200)
    named = Counter(CARD.findall(text))
    assert named == Counter(card_text(c) for c in faces(view))


@settings(max_examples=30, deadline=None)
@given(positions, st.integers(0, 1000))
def test_V2_the_picture_is_the_same_whatever_order_the_face_down_cards_lie_in(
    pos: tuple[str, int, int, bool], seed: int
) -> None:
    g = played(*pos)
    h = other_deal(g, seed)
    for who in (None, 0, 1):
        assert unicode(g.view(who)) == unicode(h.view(who))
    assert g.unicode() == unicode(g) == unicode(h)


def test_layout_of_the_deal() -> None:
    g = Game("classic", seed=1)  # 5S/3D/JD/8S/kh/9s/ah/3s, A to move with K♠ up on the reserve
    lines = unicode(g).splitlines()
    assert lines[0] == "B   reserve ▒×12 · stock ▒×36 · waste (0)"
    assert lines[2:6] == ["│ B1 │ K♡", "│ B2 │ 9♤", "│ B3 │ A♡", "│ B4 │ 3♤"]
    assert lines[7:11] == ["│ ♣  │ ·  ·", "│ ♦  │ ·  ·", "│ ♥  │ ·  ·", "│ ♠  │ ·  ·"]
    assert lines[12:16] == ["│ A1 │ 5♠", "│ A2 │ 3♦", "│ A3 │ J♦", "│ A4 │ 8♠"]
    assert lines[-2] == "A ▶ reserve ▒×11 K♠ · stock ▒×36 · waste (0)"
    assert lines[-1] == "Player A to move, turn 1"


def test_orientation_and_a_players_view_put_that_player_at_the_bottom() -> None:
    g = Game("classic", seed=1)
    assert unicode(g.view(1)).splitlines()[-2].startswith("B")
    assert unicode(g, orientation=1).splitlines()[0].startswith("A ▶")
    assert g.unicode(orientation=1) == unicode(g.view(1))


def test_piles_read_bottom_card_first_and_the_hand_shows_with_its_holder() -> None:
    g = played("classic", 3, 300)
    text = unicode(g)
    for a in range(8):
        pile = " ".join(card_text(c) for c in g.tab[a]) or "·"
        assert f"│ {'AB'[a // 4]}{a % 4 + 1} │ {pile}" in text.splitlines()
    if g.hand >= 0:
        band = next(line for line in text.splitlines() if line.startswith("AB"[g.turn]))
        assert band.endswith(f"hand {card_text(g.hand)}")


def test_waste_limit_shortens_long_wastes() -> None:
    g = played("classic", 3, 300)
    view = g.view(None)
    p = max((0, 1), key=lambda q: len(view.waste[q]))
    assert len(view.waste[p]) > 3
    band = next(line for line in unicode(g, waste_limit=3).splitlines() if line.startswith("AB"[p]))
    tail = " ".join(card_text(c) for c in view.waste[p][-3:])
    assert f"waste ({len(view.waste[p])}) … {tail}" in band


def test_S3_the_one_deck_picture_marks_piles_not_laid_out() -> None:
    text = unicode(Game("single", seed=3))
    assert text.count("(not laid out yet)") == 4
    assert "reserve" not in text and "♣  │" not in text


def test_russian_labels() -> None:
    text = unicode(Game("classic", seed=1), lang="ru")
    assert "резерв ▒×11 K♠ · колода ▒×36 · сброс (0)" in text
    assert text.splitlines()[-1] == "Очередь игрока A, ход 1"


def finished(preset: str, seed: int, **options: object) -> Game:
    """A game of random moves to its end; in the stops mode half the founded Stops are called."""
    g = Game(preset, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over():
        if g.can_stop() and rng.random() < 0.5:
            g.call_stop()
        else:
            g.push(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize(
    ("make", "termination"),
    [
        (lambda: finished("classic", 5), "win"),  # D1
        (lambda: finished("single", 2), "win"),  # S-7
        (lambda: finished("classic", 1, draw_limit=2), "no progress"),  # D3
        (lambda: finished("classic", 0, stops=True), "repetition"),  # D3: Stops annul turns back to their start
    ],
)
def test_D1_D3_captions_of_finished_games_are_the_engines_outcome_in_words(make: Any, termination: str) -> None:
    g = make()
    out = g.outcome()
    assert out.termination.value == termination
    for lang in ("en", "ru"):
        for who in (None, 0, 1):
            assert unicode(g.view(who), lang=lang).splitlines()[-1] == out.message().text(lang)
    assert "▶" not in unicode(g)


def test_captions_of_resigned_and_agreed_games() -> None:
    g = Game("classic", seed=1)
    g.agree_draw()
    assert unicode(g).splitlines()[-1] == "Drawn: both players agreed a draw."
    h = Game("classic", seed=1)
    h.resign(0)
    assert unicode(h, lang="ru").splitlines()[-1] == h.outcome().message().text("ru")  # type: ignore[union-attr]
    assert unicode(h).splitlines()[-1].startswith("Player B won: Player A resigned.")


def test_bad_arguments_raise_the_package_errors() -> None:
    g = Game("classic", seed=1)
    for kwargs in ({"orientation": 3}, {"orientation": "A"}, {"waste_limit": -1}, {"lang": "fr"}):
        with pytest.raises(InvalidOptionsError):
            unicode(g, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(RussianBankError):
        unicode(None)  # type: ignore[arg-type]


def test_module_examples_run() -> None:
    assert doctest.testmod(russianbank.picture).failed == 0
    assert doctest.testmod(russianbank.svg).failed == 0
