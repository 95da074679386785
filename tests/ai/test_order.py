"""The search order (``move_order``) of the planner engine, the expert level and the clairvoyant:
the reserve and hand card's moves first.

The order only decides which positions a search reaches before its node budget runs out: a
complete search finds a plan of the same value, and the other players (hard, medium, a bare
planner or expert) search as before.
"""

from __future__ import annotations

import pytest
from inorder import assert_never_returns, assert_repeatable, play_in_order, search_positions

from russianbank import Game
from russianbank.ai import expert as ex
from russianbank.ai import make_player
from russianbank.ai import planner as pl
from russianbank.ai.evaluation import shipped_evaluation
from russianbank.ai.expert import ExpertPlayer
from russianbank.ai.planner import PlannerPlayer, search_segment
from russianbank.ai.roster import make_match_player


def test_the_order_puts_reserve_and_hand_moves_first_and_keeps_the_same_moves() -> None:
    ranks_seen = set()
    for g in search_positions(40, 100):
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
    for g in search_positions(30, 100):
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
    assert_repeatable(lambda: [make_player("planner", seed=s, node_budget=300, move_order=1) for s in (4, 5)], 120, 11)


def test_the_ordered_planner_never_returns_to_a_position_of_the_turn() -> None:
    p = [make_player("planner", seed=1, node_budget=300, move_order=1), make_player("greedy", seed=2)]
    assert_never_returns(Game("classic", seed=15), p, 200)


def test_bad_move_orders_are_refused() -> None:
    for bad in (2, -1, 0.5):
        with pytest.raises(ValueError, match="move_order"):
            make_player("planner", move_order=bad)


# The expert level (and the clairvoyant, the expert's search on the real cards) searches in the same
# order, at the root and in its play-outs; hard and a bare ExpertPlayer do not.

FAST_EXPERT = {"samples": 3, "candidates": 2, "node_budget": 300, "rollout_budget": 30}


def test_the_expert_level_and_the_clairvoyant_order_their_searches_and_hard_does_not() -> None:
    assert make_player("expert").move_order
    assert make_player("expert", greedy_turns=0.2).strong.move_order  # the level's mixed form too
    assert make_match_player("clairvoyant").move_order
    assert not make_match_player("clairvoyant", move_order=0).move_order
    assert not make_player("hard").move_order
    assert not make_player("hard", greedy_turns=0.2).strong.move_order
    assert not ExpertPlayer().move_order
    assert not hasattr(make_match_player("expert-v1"), "move_order")  # the frozen baseline is untouched


def _orders_searched(name: str, monkeypatch: pytest.MonkeyPatch) -> set[bool]:
    """The ``order`` of every search the player's decisions ran (root and play-outs alike)."""
    seen: set[bool] = set()
    real = ex.search_segment

    def spy(*args: object, **kwargs: object) -> object:
        seen.add(bool(kwargs.get("order", False)))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ex, "search_segment", spy)
    play_in_order([make_player(name, seed=3, **FAST_EXPERT), make_player("greedy", seed=4)], 60, seed=8)
    return seen


def test_the_expert_searches_in_order_at_the_root_and_in_its_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_turn = ex.play_turn

    def spy_turn(*args: object, **kwargs: object) -> object:
        calls.append("play-out" if kwargs.get("order") else "unordered play-out")
        return real_turn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ex, "play_turn", spy_turn)
    assert _orders_searched("expert", monkeypatch) == {True}
    assert calls and set(calls) == {"play-out"}  # it dealt and played out, always in order
    calls.clear()
    assert _orders_searched("hard", monkeypatch) == {False}
    assert calls and set(calls) == {"unordered play-out"}


def test_the_ordered_expert_same_seed_same_decisions_never_out_of_order() -> None:
    assert_repeatable(lambda: [make_player("expert", seed=s, **FAST_EXPERT) for s in (6, 7)], 80, 13)


def test_the_ordered_expert_never_returns_to_a_position_of_the_turn() -> None:
    p = [make_player("expert", seed=1, **FAST_EXPERT), make_player("greedy", seed=2)]
    assert_never_returns(Game("classic", seed=17), p, 150)


def test_bad_move_orders_are_refused_by_the_expert_and_the_clairvoyant() -> None:
    for bad in (2, -1, 0.5):
        with pytest.raises(ValueError, match="move_order"):
            make_player("expert", move_order=bad)
        with pytest.raises(ValueError, match="move_order"):
            make_player("hard", move_order=bad)
        with pytest.raises(ValueError, match="move_order"):
            make_match_player("clairvoyant", move_order=bad)
