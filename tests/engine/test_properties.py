"""Property tests (hypothesis) over random games of every preset, strict and stops mode.

Move choices are drawn from hypothesis, so a failure shrinks to a short sequence of choices.
Each example plays a bounded number of moves; the whole file runs in a few seconds.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from enginekit import hidden_unknown, quoted_card_names, reshuffle_secret
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from russianbank import Game, IllegalMoveError, InvalidPositionError, Move, Termination
from russianbank.cards import card_name
from russianbank.moves import MOVES
from russianbank.record import load_record, record_json, record_text

MODES = [
    ("classic", False),
    ("classic", True),
    ("hoyle", False),
    ("hoyle", True),
    ("suited", False),
    ("suited", True),
    ("russian13", False),
    ("russian13", True),
    ("single", False),
    ("classic-immediate", False),
    ("classic-immediate", True),
    ("classic-reserve0", True),
    ("suited-reserve1-stand", True),
]
VARIANTS: dict[str, tuple[str, dict[str, Any]]] = {
    "classic-immediate": ("classic", {"recycle": "immediate"}),
    "classic-reserve0": ("classic", {"reserve_size": 0}),
    "suited-reserve1-stand": ("suited", {"reserve_size": 1, "stop_penalty": "stand", "recycle": "immediate"}),
}
STOP_CODE = Move.from_str("stop").code
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_game(mode: str, stops: bool, seed: int) -> Game:
    if mode in VARIANTS:
        preset, changes = VARIANTS[mode]
        return Game(preset, seed=seed, stops=stops, **changes)
    return Game(mode, seed=seed, stops=stops)


def snapshot(g: Game) -> tuple[Any, ...]:
    """Everything observable about a game, for exact comparisons."""
    return (
        g.position(secret=True),
        g.view(0).to_dict(),
        g.view(None).to_dict(),
        [str(m) for m in g.legal_moves()],
        [str(m) for m in g.pseudo_legal_moves()],
        g.pending_violation(),
        g.can_stop(),
        g.outcome(),
        g.repetition_count(),
        g.noprog,
        len(g.move_stack),
        g.turn,
    )


# Every card move and "pass": what the generator lists must be what the validator accepts.
ALL_MOVES = [m for code, m in MOVES.items() if code < 256 or str(m) == "pass"]


def check_generation(g: Game) -> None:
    """legal_moves() == moves illegal_reason() accepts; pseudo_legal_moves() == the physically possible
    moves (order_violation() does not raise); targets() is legal_moves() by source pile."""
    legal = g.legal_moves()
    assert len(set(legal)) == len(legal)
    assert set(legal) == {m for m in ALL_MOVES if g.illegal_reason(m) is None}
    physical = set()
    for m in ALL_MOVES:
        try:
            rule = g.order_violation(m)
        except IllegalMoveError:
            continue
        physical.add(m)
        if not g.options.stops:
            assert (m in legal) == (rule is None), (str(m), rule)
    assert set(g.pseudo_legal_moves()) == physical
    assert g.classified_moves() == [(m, g.order_violation(m)) for m in g.pseudo_legal_moves()]
    for src in range(15):
        assert g.targets(src) == [m for m in legal if m.src == src]


def choices(g: Game) -> list[Move]:
    out = list(g.legal_moves())
    if g.can_stop():
        out += [Move.from_str("stop")] * 3  # make Stops likely when they are possible
    return out


def random_walk(g: Game, data: st.DataObject, nmoves: int, check: bool) -> None:
    """Play up to ``nmoves`` moves chosen by hypothesis; with ``check`` verify the per-step invariants."""
    ncards = g.options.num_cards
    for _ in range(nmoves):
        if g.is_over():
            break
        opts = choices(g)
        move = opts[data.draw(st.integers(0, len(opts) - 1), label="move")]
        if check:
            assert sorted(g.all_cards()) == list(range(ncards))
            check_generation(g)
            before = snapshot(g)
            illegal = [m for m in ALL_MOVES if g.illegal_reason(m) is not None]
            bad = illegal[data.draw(st.integers(0, len(illegal) - 1), label="illegal")]
            with pytest.raises(IllegalMoveError) as info:
                g.push(bad)
            assert info.value.rule == g.illegal_reason(bad)[0]  # type: ignore[index]
            assert snapshot(g) == before
            g.push(move)
            assert sorted(g.all_cards()) == list(range(ncards))
            assert g.pop() == move
            assert snapshot(g) == before
        if move.code == STOP_CODE:
            event("a Stop was played")
        g.push(move)
    if not g.is_over() and data.draw(st.integers(0, 9), label="end") == 0:
        ending = data.draw(st.sampled_from(["resign", "oresign", "agree"]), label="ending")
        g.push(Move.from_str(ending))
    if g.is_over():
        event(f"game over: {g.outcome().termination.value}")  # type: ignore[union-attr]


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_push_pop_restores_everything_and_cards_stay_distinct(
    mode: tuple[str, bool], seed: int, data: st.DataObject
) -> None:
    """Push then pop restores the exact position, views and legal moves (Stops and game end included);
    104 (52) distinct cards at every step; the move generator agrees with the move validator; an
    illegal push raises naming its rule and changes nothing; unwinding the whole game returns to the deal."""
    g = new_game(*mode, seed)
    start = snapshot(g)
    random_walk(g, data, data.draw(st.integers(0, 80), label="n"), check=True)
    while g.move_stack:
        g.pop()
    assert snapshot(g) == start


def _walk_long(mode: tuple[str, bool], seed: int, data: st.DataObject) -> Game:
    g = new_game(*mode, seed)
    random_walk(g, data, data.draw(st.integers(0, 400), label="n"), check=False)
    return g


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_copy_is_independent(mode: tuple[str, bool], seed: int, data: st.DataObject) -> None:
    """copy() gives an independent game: playing and popping on the copy leaves the original unchanged."""
    g = _walk_long(mode, seed, data)
    before = snapshot(g)
    c = g.copy()
    assert snapshot(c) == before
    random_walk(c, data, 30, check=False)
    assert snapshot(g) == before
    while len(c.move_stack) > len(g.move_stack):
        c.pop()
    assert snapshot(c) == before
    if g.move_stack:
        c.pop()
        assert snapshot(g) == before


def test_move_notation_round_trips_for_every_move() -> None:
    """Move.from_str(str(m)) == m for every move there is (card moves and words)."""
    assert len(MOVES) == 16 * 15 + 5
    for m in MOVES.values():
        assert Move.from_str(str(m)) == m
        assert Move.from_str(str(m)) is m


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_position_notation_round_trips(mode: tuple[str, bool], seed: int, data: st.DataObject) -> None:
    """from_position(position(secret=True)) gives the same text, the same legal moves and the same view;
    the JSON form (position_dict) too; every listed move's text parses back to it."""
    g = _walk_long(mode, seed, data)
    for m in g.pseudo_legal_moves():
        assert Move.from_str(str(m)) == m
    if g.is_over():
        return  # a finished game's position text does not carry the outcome
    text = g.position(secret=True)
    h = Game.from_position(text, options=g.options)
    assert h.position(secret=True) == text
    assert h.position() == g.position()
    assert h.legal_moves() == g.legal_moves()
    assert h.pseudo_legal_moves() == g.pseudo_legal_moves()
    vg, vh = g.view(0).to_dict(), h.view(0).to_dict()
    vg.pop("history")
    vh.pop("history")
    vg.pop("pending_violation", None)
    vh.pop("pending_violation", None)
    assert vg == vh
    # the JSON form of the position carries the same content
    for secret in (True, False):
        data = json.loads(json.dumps(g.position_dict(secret=secret)))
        assert Game.from_position_dict(data, options=g.options, seed=seed).position(secret=secret) == g.position(
            secret=secret
        )
    # without the secret part: the same public position
    assert Game.from_position(g.position(), options=g.options, seed=seed).position() == g.position()


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_records_round_trip(mode: tuple[str, bool], seed: int, data: st.DataObject) -> None:
    """load_record(record_text(g)) and the JSON record replay to exactly the same game."""
    g = _walk_long(mode, seed, data)
    for text in (record_text(g, {"A": "Ann", "B": "Bob"}), json.dumps(record_json(g))):
        r = load_record(text)
        assert r.position(secret=True) == g.position(secret=True)
        assert r.move_stack == g.move_stack
        assert r.outcome() == g.outcome()
        assert [r.reveals(i) for i in range(len(r.move_stack))] == [g.reveals(i) for i in range(len(g.move_stack))]
        assert r.view(0) == g.view(0)


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_views_never_show_unknown_face_down_cards(mode: tuple[str, bool], seed: int, data: st.DataObject) -> None:
    """V2: no view names a face-down card that public history has not named."""
    g = new_game(*mode, seed)
    for _ in range(data.draw(st.integers(0, 200), label="n")):
        if g.is_over():
            break
        hidden = {card_name(c) for c in hidden_unknown(g)}
        assert len(hidden) == g.view(0).hidden_count()
        for viewer in (0, 1, None):
            d = g.view(viewer).to_dict()
            assert not quoted_card_names(json.dumps(d)) & hidden
        opts = choices(g)
        g.push(opts[data.draw(st.integers(0, len(opts) - 1), label="move")])


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_deals_differing_only_in_face_down_cards_have_identical_views(
    mode: tuple[str, bool], seed: int, data: st.DataObject
) -> None:
    """V2: the same public part with another secret part gives identical views, for both players."""
    g = _walk_long(mode, seed, data)
    if g.is_over():
        return
    text = g.position(secret=True)
    a = Game.from_position(text, options=g.options)
    b = Game.from_position(reshuffle_secret(text, random.Random(data.draw(st.integers(0, 2**32)))), options=g.options)
    for viewer in (0, 1, None):
        assert a.view(viewer) == b.view(viewer)
        assert a.view(viewer).to_dict() == b.view(viewer).to_dict()


@pytest.mark.parametrize("mode", MODES)
def test_every_random_game_ends(mode: tuple[str, bool]) -> None:
    """Random games end (win or draw) within the limits: draw_limit 200 turns, threefold repetition.

    Observed (seeds 0-3, uniform random legal moves, a Stop three times as likely as each other choice
    whenever it is possible): strict games all ended by a win, in 62-98 turns (single: 125-154);
    stops games with the stand penalty ended by a win in 341-568 turns; stops games with the annul
    penalty all ended by threefold repetition (annulled turns put the position back) in 5-591 turns,
    at most about 7,000 moves. None reached the no-progress limit.
    """
    for seed in range(4):
        g = new_game(*mode, seed)
        rng = random.Random(seed)
        n = 0
        while not g.is_over():
            g.push_unchecked(rng.choice(choices(g)))
            n += 1
            assert n < 200_000
        out = g.outcome()
        assert out is not None
        assert out.termination in (Termination.WIN, Termination.REPETITION, Termination.NO_PROGRESS)
        if out.termination is Termination.WIN:
            p = out.winner
            assert p is not None
            assert not (g.res[p] or g.stock[p] or g.waste[p]) and g.hand == -1
        assert g.turn_no < 2000


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_sampled_games_are_consistent_with_the_view(mode: tuple[str, bool], seed: int, data: st.DataObject) -> None:
    """Determinization: view.sample(rng) deals the unknown cards at random and shows the same view."""
    g = _walk_long(mode, seed, data)
    if g.is_over():
        return
    v = g.view(g.turn)
    s = v.sample(random.Random(data.draw(st.integers(0, 2**32), label="sample")))
    assert sorted(s.all_cards()) == list(range(g.options.num_cards))
    sv = s.view(g.turn)
    for field in (
        "turn",
        "hand",
        "tableau",
        "laid",
        "foundations",
        "reserve_count",
        "reserve_up",
        "reserve_known",
        "stock_count",
        "stock_known",
        "waste",
        "legal_moves",
    ):
        assert getattr(sv, field) == getattr(v, field), field
    # the cards the view does not place are exactly the unknown face-down ones
    assert set(v.unseen_cards()) == hidden_unknown(g) == hidden_unknown(s)


@given(mode=st.sampled_from(MODES), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_records_of_set_up_positions_round_trip(mode: tuple[str, bool], seed: int, data: st.DataObject) -> None:
    """A game set up from position text (with or without the secret part, first player forced or not)
    records and replays exactly."""
    g = _walk_long(mode, seed, data)
    if g.is_over():
        return
    secret = data.draw(st.booleans(), label="secret")
    first = data.draw(st.sampled_from([None, 0, 1]), label="first")
    text = g.position(secret=secret)
    switched = first is not None and first != g.turn and g.turn_no == 1
    if switched:  # at turn 1 the other player would have played before their first turn: impossible
        with pytest.raises(InvalidPositionError, match="it is turn 1, but"):
            Game(options=g.options, seed=seed, position=text, first_mover=first)
    h = Game(options=g.options, seed=seed, position=text, first_mover=first, validate=not switched)
    random_walk(h, data, data.draw(st.integers(0, 60), label="n2"), check=False)
    for text in (record_text(h), json.dumps(record_json(h))):
        r = load_record(text)
        assert r.position(secret=True) == h.position(secret=True)
        assert r.move_stack == h.move_stack and r.outcome() == h.outcome()
