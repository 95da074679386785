"""Impossible positions: Game.status()/problems()/is_valid() in python-chess's manner; position
parsing refuses what play cannot reach, unless set up as a puzzle (validate=False)."""

from __future__ import annotations

import json
import random

import pytest
from enginekit import QUIET, pos
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import Game, InvalidPositionError, Move, Status
from russianbank.cards import card_name
from russianbank.record import load_record, record_text

# A position play can reach (turn 5): A's reserve 11 down + Q♥ up, stock 36; B likewise.
BASE = pos(QUIET, ra="11|QH", sa="36", rb="11|qh", sb="36", turn_no=5)
# Turn 1, A to move: B has not played (12 face-down reserve cards, 36 in stock, no waste).
FIRST = pos(QUIET, ra="11|QH", sa="36", rb="12|", sb="36", turn_no=1)


def _refused(text: str, flag: Status, fragment: str, preset: str = "classic", **options: object) -> Game:
    with pytest.raises(InvalidPositionError) as info:
        Game(preset, seed=1, position=text, **options)  # type: ignore[arg-type]
    e = info.value
    assert e.code.startswith("error.position.impossible")
    assert fragment in str(e), str(e)
    assert "невозможная позиция" in e.message.text("ru")
    puzzle = Game(preset, seed=1, position=text, validate=False, **options)  # type: ignore[arg-type]
    assert flag in puzzle.status() and not puzzle.is_valid()
    assert any(fragment in m.text() for m in puzzle.problems())
    return puzzle


def test_possible_positions_are_valid() -> None:
    for text in (BASE, FIRST):
        g = Game("classic", seed=1, position=text)
        assert g.is_valid() and g.status() == Status.VALID and g.problems() == []


def test_R5b_a_king_on_a_five_in_a_tableau_pile_is_impossible() -> None:
    """R5b: above its bottom card a tableau pile is built one rank lower in the opposite colour."""
    text = pos(["5HKS", *QUIET[1:]], ra="11|QH", sa="35", rb="11|qh", sb="36", turn_no=5)
    _refused(text, Status.TABLEAU, "tableau pile 1: K♠ lies on 5♥")


def test_R2_a_twenty_card_face_down_reserve_is_impossible_in_classic() -> None:
    """R2: a reserve holds at most the 12 (13) cards dealt to it, face down or turned up."""
    text = pos(QUIET, ra="20|QH", sa="27", rb="11|qh", sb="36", turn_no=5)
    _refused(text, Status.RESERVE, "reserve A: 21 of its owner's cards, more than the 12 dealt")
    assert Game("hoyle", seed=1, position=pos(QUIET, ra="12|QH", sa="35", rb="12|qh", sb="35", turn_no=5))


def test_R5d_two_face_up_reserve_cards_only_as_a_loading_sequence() -> None:
    """R5d/R6: face-up reserve cards are the owner's turned-up card with loaded cards on it, each the same
    suit as the one below and one rank up or down. Q♥ then J♥ (of either deck) is a loading; K♠ 2♦ is not."""
    for up in ("QHJH", "QHjh", "QHKH", "QHjhTH"):
        text = pos(QUIET, ra=f"11|{up}", sa=str(36 - len(up) // 2 + 1), rb="11|qh", sb="36", turn_no=5)
        if "jh" in up:  # B's J♥ came from B's stock
            text = pos(QUIET, ra=f"11|{up}", sa=str(36 - up.count("H") + 1), rb="11|qh", sb="35", turn_no=5)
        assert Game("classic", seed=1, position=text).is_valid(), up
    bad = pos(QUIET, ra="10|QH2D", sa="36", rb="11|qh", sb="36", turn_no=5)
    _refused(bad, Status.RESERVE, "reserve A: 2♦ lies face up on Q♥, which no loading builds")
    ks = pos(
        ["JS", "9S", "7S", "5S", *pos(QUIET).split()[0].split("/")[4:]],
        ra="10|KS2D",
        sa="36",
        rb="11|qh",
        sb="36",
        turn_no=5,
    )
    _refused(ks, Status.RESERVE, "2♦ lies face up on K♠")
    foreign = pos(QUIET, ra="11|qhJH", sa="36", rb="11|kh", sb="35", turn_no=5)
    _refused(foreign, Status.RESERVE, "its lowest face-up card Q♥ is not its owner's")


def test_V3_a_secret_part_with_the_other_deck_in_a_face_down_reserve_is_impossible() -> None:
    """Face-down cards are always their owner's: a secret part that puts B's cards in A's reserve is refused."""
    g = Game("classic", seed=1, position=BASE)
    text = g.position(secret=True)
    fields = text.split()
    res_a, stock_a, res_b, stock_b = fields[-1].split("/")
    swapped = "/".join([stock_b[:2] + res_a[2:], stock_a, res_b, res_a[:2] + stock_b[2:]])
    _refused(" ".join([*fields[:-1], swapped]), Status.DECK, "A's face-down piles hold 1 card of B's deck")
    # without the secret part, each player's face-down cards are dealt from their own deck
    h = Game("classic", seed=9, position=BASE)
    assert all(c < 52 for c in h.res[0] + h.stock[0]) and all(c >= 52 for c in h.res[1] + h.stock[1])


def test_D3_no_progress_500_at_turn_1_is_impossible() -> None:
    """D3: the no-progress count grows by one per turn ended and stays below the draw limit."""
    text = FIRST.rsplit(" ", 1)[0] + " 500"
    _refused(text, Status.COUNTERS, "no_progress is 500, but the game is drawn when it reaches the draw limit")
    later = BASE.rsplit(" ", 2)[0] + " 5 7"
    _refused(later, Status.COUNTERS, "no_progress is 7, more turns without progress than have ended before turn 5")
    assert Game("classic", seed=1, position=BASE.rsplit(" ", 2)[0] + " 5 4").is_valid()


def test_R6_turn_1_with_the_second_player_already_holding_a_waste_is_impossible() -> None:
    """At turn 1 the second player has not played: no waste, reserve and stock as dealt."""
    text = pos(QUIET, ra="11|QH", sa="36", rb="12|", sb="35", wb="5h", turn_no=1)
    _refused(text, Status.FIRST_TURN, "it is turn 1, but B, who has not played yet, already has a waste")
    up = pos(QUIET, ra="11|QH", sa="36", rb="11|qh", sb="36", turn_no=1)
    _refused(up, Status.FIRST_TURN, "the reserve of B, who has not played yet")
    mine = pos(QUIET, ra="11|QH", sa="35", wa="5H", rb="12|", sb="36", turn_no=1)
    _refused(mine, Status.FIRST_TURN, "A has a waste: a discard would have ended the turn")
    down = pos(QUIET, ra="11|QH", sa="36", rb="12|", sb="36", turn_no=2)
    _refused(down, Status.NOT_STARTED, "reserve B: face down although B has had a turn")


def test_D1_a_player_on_move_with_no_cards_left_is_impossible() -> None:
    """D1: a player whose reserve, stock, waste and hand are empty has won; such a game is not in progress."""
    suits = "/".join("".join(r + s for r in "A23456789TJQK") for s in "CDHS")
    text = pos(
        ["kc", "jc", "9c", "7c", "ks", "js", "9s", "7s"],
        fnd=suits + "/-/-/-/-",
        ra="0|",
        sa="0",
        rb="11|qh",
        sb="32",
        turn_no=5,
    )
    _refused(text, Status.NO_CARDS, "A has no card left in reserve, stock, waste or hand, so A has won")


def test_R8_immediate_recycling_never_leaves_an_empty_stock_beside_a_waste() -> None:
    """R8 immediate: a set-up position with an empty stock and a waste is impossible; set up as a puzzle,
    the waste is turned over at once (not only when its owner next acts)."""
    shown = {"KS", "JS", "9S", "7S"}
    waste = "".join(n for c in range(52) if (n := card_name(c)) not in shown)
    text = pos(QUIET, ra="0|", sa="0", wa=waste, rb="11|qh", sb="36", turn_no=5)
    assert Game("classic", seed=1, position=text).is_valid()  # lazy: fine
    with pytest.raises(InvalidPositionError, match="stock A is empty while its waste holds cards"):
        Game("classic", seed=1, position=text, recycle="immediate")
    g = Game("classic", seed=1, position=text, recycle="immediate", validate=False)
    assert (
        g.is_valid() and g.waste[0] == [] and len(g.stock[0]) == 48 and g.stock_known[0] == 48
    )  # turned over at set-up (V3)
    assert g.stock[0][-1] == g.state().stock[0][-1] and card_name(g.stock[0][-1]) == waste[:2]
    again = load_record(record_text(g))
    assert again.position(secret=True) == g.position(secret=True)


def test_S_3_one_deck_players_lay_out_at_their_first_turn() -> None:
    """S-3/S-1: at turn 1 the second player holds their 26 cards and has no piles; later both have piles."""
    g = Game("single", seed=3)
    assert g.is_valid()
    assert Game("single", seed=3, position=g.position(secret=True)).is_valid()
    g.push(Move.from_str("SH"))
    while g.hand >= 0 and g.turn_no == 1:
        g.push(
            next(m for m in g.legal_moves() if str(m) == "HW")
            if Move.from_str("HW") in g.legal_moves()
            else g.legal_moves()[0]
        )
    assert g.is_valid()
    text = g.position(secret=True)
    fields = text.split()
    fields[10] = "1"  # turn 1, but both players have laid out their piles
    with pytest.raises(InvalidPositionError, match="not played yet"):
        Game("single", seed=1, position=" ".join(fields))


MODES = [
    ("classic", {}),
    ("classic", {"stops": True}),
    ("classic", {"stops": True, "stop_penalty": "stand", "recycle": "immediate"}),
    ("hoyle", {"stops": True}),
    ("suited", {"recycle": "immediate"}),
    ("russian13", {"reserve_size": 3}),
    ("single", {}),
    ("single", {"recycle": "immediate"}),
]


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), steps=st.integers(0, 400))
@settings(max_examples=60, deadline=None)
def test_every_position_of_play_is_valid_and_parses_back(
    mode: tuple[str, dict[str, object]], seed: int, steps: int
) -> None:
    """Every position the engine reaches in play passes status(), and its text (with or without the
    secret part) and JSON set up again under the default, validating parser."""
    preset, opts = mode
    g = Game(preset, seed=seed, **opts)  # type: ignore[arg-type]
    rng = random.Random(seed)
    for i in range(steps):
        if g.is_over():
            break
        assert g.is_valid(), (i, [m.text() for m in g.problems()], g.position(secret=True))
        if g.can_stop() and rng.random() < 0.25:
            g.call_stop()
        else:
            g.push(rng.choice(g.legal_moves()))
    if g.is_over():
        return
    assert g.status() == Status.VALID
    for secret in (True, False):
        h = Game.from_position(g.position(secret=secret), options=g.options, seed=seed)
        assert h.view(0).to_dict()["players"] == g.view(0).to_dict()["players"]
    back = Game.from_position_dict(json.loads(json.dumps(g.position_dict(secret=True))), options=g.options)
    assert back.position(secret=True) == g.position(secret=True)
