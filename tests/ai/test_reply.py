"""The planner's look at the opponent's reply: a plan that ends the turn is chosen by what the
opponent's first segment can make of it; other players and other plans are searched as before."""

from __future__ import annotations

import random

import pytest
from inorder import assert_never_returns, assert_repeatable

from russianbank import Game
from russianbank.ai import make_player
from russianbank.ai.common import TURN_ENDERS, sample_game
from russianbank.ai.evaluation import shipped_evaluation
from russianbank.ai.planner import PlannerPlayer, reply_value, search_segment, search_with_reply


def _turn_end_positions(n: int) -> list[Game]:
    """Positions (strict search games of a view) where the planner's best plan ends the turn."""
    out = []
    for seed in range(400):
        g = Game("classic", seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 120)):
            if g.is_over():
                break
            g.push(rng.choice([m for m in g.legal_moves() if g.order_violation(m) is None]))
        if g.is_over():
            continue
        s = sample_game(g.view(g.turn), random.Random(1))
        res = search_segment(s, 300)
        if res.plan and res.plan[-1].code in TURN_ENDERS:
            out.append(s)
            if len(out) == n:
                break
    assert len(out) == n
    return out


def test_the_search_keeps_the_best_plans_that_end_the_turn_and_changes_nothing_else() -> None:
    ev = shipped_evaluation()
    for g in _turn_end_positions(6):
        before = g.position(secret=True)
        plain = search_segment(g, 300, None, ev)
        ends: list = []
        kept = search_segment(g, 300, None, ev, 0, ends, 5)
        assert g.position(secret=True) == before
        assert (kept.value, kept.plan, kept.nodes) == (plain.value, plain.plan, plain.nodes)
        assert 1 <= len(ends) <= 5
        # the best plan found is among those kept, with its value (less a few steps' costs: a plan is
        # kept as the search first reached its position, maybe by a longer order of the same moves)
        assert plain.value - 0.01 <= max(ends)[0] <= plain.value + 1e-9
        for _, _, plan in ends:
            assert plan[-1].code in TURN_ENDERS
            h = g.copy()
            for m in plan:  # every kept plan is legal from the root, and only its last move ends the turn
                assert m in h.legal_moves()
                assert h.turn == g.turn
                h.push(m)
            assert h.turn != g.turn or h.is_over()


def test_the_reply_look_plays_a_plan_that_ends_the_turn_and_leaves_the_opponent_least() -> None:
    ev = shipped_evaluation()
    changed = 0
    for g in _turn_end_positions(12):
        before = g.position(secret=True)
        res = search_with_reply(g, 300, None, ev, 0, 200, 6)
        assert g.position(secret=True) == before
        assert res.plan[-1].code in TURN_ENDERS
        ends: list = []
        search_segment(g, 300, None, ev, 0, ends, 6)
        top = max(ends)[0]
        values = {plan: reply_value(g, plan, ev, 200, 1) - 1e-4 * len(plan) for v, _, plan in ends if v >= top - 1}
        assert res.value == pytest.approx(max(values.values()))
        assert tuple(res.plan) in values
        changed += list(res.plan) != search_segment(g, 300, None, ev).plan
    assert changed  # the look changes some choices (else it would cost time for nothing)


def test_a_reply_value_is_the_opponents_best_first_segment_negated() -> None:
    ev = shipped_evaluation()
    g = _turn_end_positions(1)[0]
    plan = search_segment(g, 300, None, ev).plan
    h = g.copy()
    for m in plan:
        h.push(m)
    assert reply_value(g, plan, ev, 150, 1) == pytest.approx(-search_segment(h, 150, None, ev, 1).value)


def test_other_players_search_as_before() -> None:
    """Only the planner engine looks at the reply: the levels (medium uses the planner) do not."""
    assert make_player("planner").reply_nodes > 0
    assert PlannerPlayer().reply_nodes == 0
    medium = make_player("medium", greedy_turns=0.0)
    assert isinstance(medium, PlannerPlayer) and medium.reply_nodes == 0


def test_same_seed_same_decisions_and_never_out_of_order_with_the_reply_look() -> None:
    assert_repeatable(lambda: [make_player("planner", seed=s, node_budget=400) for s in (3, 4)], 120, 9)


def test_the_reply_look_never_returns_to_a_position_of_the_turn() -> None:
    p = [make_player("planner", seed=1, node_budget=400), make_player("greedy", seed=2)]
    assert_never_returns(Game("classic", seed=14), p, 200)


def test_bad_reply_budgets_are_refused() -> None:
    for bad in ({"reply_nodes": -1}, {"reply_plans": 0}, {"reply_prune": 3}, {"reply_margin": -1.0}):
        with pytest.raises(ValueError):
            make_player("planner", **bad)
