"""Hints never go round in circles: one plan per turn, never back to a position reached in it."""

from __future__ import annotations

import pytest

from russianbank import Game
from russianbank.ai import Hinter, hint, make_player
from russianbank.ai.common import public_key

FAST = {"medium": {"node_budget": 300}, "hard": {"samples": 2, "node_budget": 300, "rollout_budget": 30}}


@pytest.mark.parametrize("level", ["medium", "hard", "easy", "beginner"])
@pytest.mark.parametrize("stops", [False, True])
def test_following_the_hint_never_returns_to_a_position_of_the_turn(level: str, stops: bool) -> None:
    """A person who plays the hint's first move and asks again, over and over (the issue's
    ``45 R4, 54 R5, 45 R4`` loop in a stops game), never comes back to a position of the turn,
    and is never told to break a rule of order (O1-O4), not even at the beginner's level."""
    for seed in range(3):
        g = Game("classic", seed=seed, stops=stops)
        hinters = [Hinter(level, seed=0, **FAST.get(level, {})) for _ in (0, 1)]
        seen: set[object] = set()
        turn = None
        for _ in range(250):
            if g.is_over():
                break
            if g.turn_no != turn:
                turn, seen = g.turn_no, set()
            key = public_key(g)
            assert key not in seen, f"back to a position of turn {turn} (seed {seed})"
            seen.add(key)
            plan = hinters[g.turn].hint(g.view(g.turn))
            assert plan and plan[0] in g.legal_moves()
            assert g.order_violation(plan[0]) is None, f"{level} hinted {plan[0]}, out of order"
            g.push(plan[0])


def test_a_hint_follows_one_plan() -> None:
    """Asked again where its plan leads, the hinter gives the rest of the same plan."""
    for seed in range(30):
        g = Game("classic", seed=seed)
        h = Hinter("medium", node_budget=300)
        plan = h.hint(g.view(g.turn))
        if len(plan) >= 2:
            g.push(plan[0])
            assert h.hint(g.view(g.turn)) == plan[1:]
            return
    raise AssertionError("no position with a plan of two moves")


def test_observe_counts_moves_made_without_asking() -> None:
    g = Game("classic", seed=2)
    h = Hinter("medium", node_budget=300)
    other = make_player("greedy", seed=1)
    for _ in range(60):
        if g.is_over():
            break
        h.observe(g.view(g.turn))
        g.push(other.choose(g.view(g.turn)))
    plan = h.hint(g.view(g.turn)) if not g.is_over() else []
    assert g.is_over() or plan[0] in g.legal_moves()


def test_hint_keeps_its_old_signature() -> None:
    g = Game("classic", seed=9)
    v = g.view(g.turn)
    a = hint(v, "medium")
    assert a and a[0] in v.legal_moves
    assert hint(v, "medium") == a  # the same view gets the same hint
    assert hint(g.view(1 - g.turn), "medium") == []
    assert hint(g.view(None), "medium")[0] in v.legal_moves
    with pytest.raises(TypeError):
        Hinter("medium").hint("nope")  # type: ignore[arg-type]
