"""The planner engine's search order (``move_order``): the reserve and hand card's moves first.

The order only decides which positions a search reaches before its node budget runs out: a
complete search finds a plan of the same value, and the other players search as before.
"""

from __future__ import annotations

import random

import pytest
from inorder import assert_never_returns, play_in_order

from russianbank import Game
from russianbank.ai import make_player
from russianbank.ai import planner as pl
from russianbank.ai.common import sample_game
from russianbank.ai.evaluation import shipped_evaluation
from russianbank.ai.planner import PlannerPlayer, search_segment


def _positions(n: int) -> list[Game]:
    """Strict search games of views from the middle of random in-order games."""
    out = []
    for seed in range(n):
        g = Game("classic", seed=100 + seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 150)):
            if g.is_over():
                break
            g.push(rng.choice([m for m in g.legal_moves() if g.order_violation(m) is None]))
        if not g.is_over():
            out.append(sample_game(g.view(g.turn), random.Random(seed)))
    return out


def test_the_order_puts_reserve_and_hand_moves_first_and_keeps_the_same_moves() -> None:
    ranks_seen = set()
    for g in _positions(40):
        for prune in (0, 1, 2):
            plain = pl._candidates(g, prune)
            ordered = pl._candidates(g, prune, True)
            assert sorted(plain, key=lambda m: m.code) == sorted(ordered, key=lambda m: m.code)
            ranks = [pl._move_rank(m) for m in ordered]
            assert ranks == sorted(ranks)
            ranks_seen.update(ranks)
            for m in ordered:
                assert (pl._move_rank(m) <= 1) == (m.src in (8, 9))  # the reserve (8) and the hand card (9)
    assert ranks_seen >= {0, 1, 3}


def test_a_complete_search_finds_a_plan_of_the_same_value_in_either_order() -> None:
    ev = shipped_evaluation()
    compared = 0
    for g in _positions(30):
        before = g.position(secret=True)
        plain = search_segment(g, 200_000, None, ev)
        if not plain.complete:
            continue
        ordered = search_segment(g, 200_000, None, ev, order=True)
        assert g.position(secret=True) == before
        assert ordered.complete
        assert ordered.value == pytest.approx(plain.value, abs=1e-9)
        h = g.copy()
        for m in ordered.plan:  # the plan found is legal, one segment
            assert m in h.legal_moves()
            h.push(m)
        compared += 1
    assert compared >= 10


def test_only_the_planner_engine_orders_its_moves() -> None:
    assert make_player("planner").move_order
    assert not PlannerPlayer().move_order
    medium = make_player("medium", greedy_turns=0.0)
    assert isinstance(medium, PlannerPlayer) and not medium.move_order


def test_same_seed_same_decisions_and_never_out_of_order_with_the_order() -> None:
    def players(seed: int) -> list[object]:
        return [make_player("planner", seed=s, node_budget=300, move_order=1) for s in (seed, seed + 1)]

    for stops in (False, True):
        a = play_in_order(players(4), 120, seed=11, stops=stops)
        b = play_in_order(players(4), 120, seed=11, stops=stops)
        assert a == b and len(a) == 120


def test_the_ordered_planner_never_returns_to_a_position_of_the_turn() -> None:
    p = [make_player("planner", seed=1, node_budget=300, move_order=1), make_player("greedy", seed=2)]
    assert_never_returns(Game("classic", seed=15), p, 200)


def test_bad_move_orders_are_refused() -> None:
    for bad in (2, -1, 0.5):
        with pytest.raises(ValueError, match="move_order"):
            make_player("planner", move_order=bad)
