"""Determinization (V1-V3): ``PlayerView.sample`` and positions without a secret part deal every
face-down card from its pile owner's own deck, and only cards the view does not show."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from russianbank import Game, Move
from russianbank.position import deal_face_down

MODES: list[tuple[str, dict[str, Any]]] = [
    ("classic", {}),
    ("classic", {"stops": True}),
    ("hoyle", {"stops": True}),
    ("suited", {}),
    ("russian13", {"stops": True}),
    ("classic", {"recycle": "immediate", "stops": True}),
    ("suited", {"reserve_size": 1, "stop_penalty": "stand", "recycle": "immediate", "stops": True}),
    ("single", {}),
]
STOP = Move.from_str("stop")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(mode: int, seed: int, data: st.DataObject) -> Game:
    """A game played some way in by moves hypothesis picks (Stops likely when they can be called)."""
    preset, changes = MODES[mode]
    g = Game(preset, seed=seed, **changes)
    for _ in range(data.draw(st.integers(0, 400), label="moves")):
        if g.is_over():
            break
        opts = list(g.legal_moves())
        if g.can_stop():
            opts += [STOP] * 3
        g.push(opts[data.draw(st.integers(0, len(opts) - 1), label="move")])
    return g


def face_down_unknown(g: Game) -> list[tuple[int, int]]:
    """(owner, card) of every face-down card that no public history names."""
    out = []
    for p in (0, 1):
        r = g.res[p]
        down = r[: len(r) - g.res_up[p]]
        out += [(p, c) for c in down[: len(down) - g.res_known[p]]]
        s = g.stock[p]
        out += [(p, c) for c in s[: len(s) - g.stock_known[p]]]
    return out


def check_dealt(g: Game, s: Game, unseen: set[int]) -> None:
    """Every unknown face-down card of ``s`` is unseen and (two decks) of its owner's deck."""
    cards = face_down_unknown(s)
    assert {c for _, c in cards} == unseen
    if not g.options.single:
        for owner, c in cards:
            assert c // 52 == owner, (owner, c)


@given(mode=st.integers(0, len(MODES) - 1), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_V2_real_face_down_cards_belong_to_their_owner(mode: int, seed: int, data: st.DataObject) -> None:
    """V2, R1: in a real game every face-down card is one of its owner's deck (what sampling relies on)."""
    g = walk(mode, seed, data)
    if g.options.single:
        return
    for p in (0, 1):
        up = g.res_up[p]
        assert all(c // 52 == p for c in g.res[p][: len(g.res[p]) - up])
        assert all(c // 52 == p for c in g.stock[p][: len(g.stock[p]) - g.stock_known[p]])


@given(mode=st.integers(0, len(MODES) - 1), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_V2_sample_deals_each_owner_their_own_unseen_cards(mode: int, seed: int, data: st.DataObject) -> None:
    """V1-V3: view.sample() deals every face-down card from its owner's deck, among the unseen cards,
    and the sampled game shows the same view."""
    g = walk(mode, seed, data)
    viewer = data.draw(st.sampled_from([0, 1, None]), label="viewer")
    v = g.view(viewer)
    s = v.sample(random.Random(data.draw(st.integers(0, 2**32), label="rng")))
    check_dealt(g, s, set(v.unseen_cards()))
    assert sorted(s.all_cards()) == list(range(g.options.num_cards))
    sv = s.view(viewer)
    for field in ("turn", "hand", "tableau", "foundations", "reserve_up", "reserve_known", "stock_known", "waste"):
        assert getattr(sv, field) == getattr(v, field), field
    assert sv.reserve_count == v.reserve_count and sv.stock_count == v.stock_count
    if not g.is_over():  # a sample starts afresh: it knows no repetition or game end
        assert sv.legal_moves == v.legal_moves


@given(mode=st.integers(0, len(MODES) - 1), seed=st.integers(0, 10**6), data=st.data())
@SETTINGS
def test_V2_position_without_secret_deals_each_owner_their_own_cards(mode: int, seed: int, data: st.DataObject) -> None:
    """V2: Game(position=...) without the secret part fills each player's face-down piles from their deck."""
    g = walk(mode, seed, data)
    if g.is_over():
        return
    text = g.position()
    h = Game(options=g.options, seed=data.draw(st.integers(0, 2**32), label="fill"), position=text)
    check_dealt(g, h, {c for _, c in face_down_unknown(g)})
    assert h.position() == text


def test_V2_sample_of_a_fresh_deal_keeps_the_decks_apart() -> None:
    """V2 (the issue's example): A's face-down reserve and stock get only A's cards, B's only B's."""
    g = Game("classic", seed=1)
    s = g.view(0).sample(random.Random(0))
    for p in (0, 1):
        assert all(c // 52 == p for c in s.res[p]) and all(c // 52 == p for c in s.stock[p])


def test_V2_samples_are_spread_over_the_unseen_cards() -> None:
    """V2: the dealing is random: over many samples every unseen card of A's deck reaches A's reserve."""
    v = Game("classic", seed=5).view(0)
    unseen_a = {c for c in v.unseen_cards() if c < 52}
    rng = random.Random(1)
    reached: set[int] = set()
    for _ in range(200):
        s = v.sample(rng)
        reached.update(s.res[0][:-1])
    assert reached == unseen_a


def test_deal_face_down_lends_only_what_a_hand_made_position_forces() -> None:
    """A hand-made position may hide more of a player's cards than their deck has missing: only then
    does the other deck fill the extra places."""
    missing = [0, 1, 2, 52, 53, 54, 55]
    reserve_a, stock_a, reserve_b, stock_b = deal_face_down(missing, (1, 1, 0, 5), random.Random(3))
    assert len(reserve_a) == len(stock_a) == 1 and all(c < 52 for c in reserve_a + stock_a)
    assert len(stock_b) == 5 and {52, 53, 54, 55} <= set(stock_b) and reserve_b == []
    assert sorted(reserve_a + stock_a + stock_b) == missing
