"""Segment ends: a draw of an unseen card or a reserve card turned over unseen ends a segment, and a
draw from a recycled stock (V3: its order is public) does not, so the search goes on through it."""

from __future__ import annotations

import random

from russianbank import Game, Move
from russianbank.ai import make_player
from russianbank.ai.common import draw_known, ends_segment, flips_reserve, reveals_hidden
from russianbank.ai.planner import search_segment

DRAW = Move.from_str("SH")


def _walk(seed: int, n: int) -> Game:
    g = Game("classic", seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over():
            break
        g.push(rng.choice(g.legal_moves()))
    return g


def _known_draw_game() -> Game:
    """A game where the mover may draw from a recycled stock (the first such from random walks)."""
    for seed in range(300):
        g = _walk(seed, 600)
        if not g.is_over() and DRAW in g.legal_moves() and draw_known(g):
            return g
    raise AssertionError("no draw from a recycled stock found")


def test_V3_a_draw_from_a_recycled_stock_is_no_chance_point() -> None:
    """V3: after a recycle the stock's order is public, so a draw from it does not end a segment;
    a draw of an unseen card does."""
    seen = {True: 0, False: 0}
    for seed in range(200):
        g = _walk(seed, 600)
        if g.is_over() or DRAW not in g.legal_moves():
            continue
        p = g.turn
        known = g.stock_known[p] > 0 if g.stock[p] else bool(g.waste[p])
        assert draw_known(g) == known
        assert reveals_hidden(g, DRAW) == (not known)
        assert ends_segment(g, DRAW) == (not known)
        seen[known] += 1
    assert seen[True] and seen[False]


def test_a_reserve_card_turned_over_ends_the_segment_only_when_no_view_names_it() -> None:
    for seed in range(60):
        g = _walk(seed, 200)
        if g.is_over():
            continue
        for m in g.legal_moves():
            if flips_reserve(g, m):
                assert ends_segment(g, m) == (g.res_known[g.turn] == 0)


def test_the_search_goes_on_through_a_draw_from_a_recycled_stock() -> None:
    g = _known_draw_game()
    res = search_segment(g.copy(), 400)
    assert res.plan
    assert DRAW in res.by_first
    assert not ends_segment(g, DRAW)
    _, plan = res.by_first[DRAW]
    # the drawn card is known, so the plan through the draw goes on with what to do with it
    assert plan[0] == DRAW
    assert len(plan) > 1 or not res.complete
    # the planner plays that draw like any move, and its plans stay legal
    player = make_player("planner", seed=1, node_budget=400)
    for _ in range(30):
        if g.is_over():
            break
        m = player.choose(g.view(g.turn))
        assert m in g.legal_moves()
        g.push(m)
