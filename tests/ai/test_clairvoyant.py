"""The clairvoyant reference: sees the real game, is fielded by the match runner only."""

from __future__ import annotations

import pytest

from russianbank import Game
from russianbank.ai import LEVELS, make_player
from russianbank.ai.clairvoyant import ClairvoyantPlayer
from russianbank.ai.roster import make_match_player

FAST = {"samples": 2, "node_budget": 1000}


def test_clairvoyant_searches_the_real_game() -> None:
    g = Game("classic", seed=4)
    for _ in range(5):
        g.push(g.legal_moves()[-1])
    c = ClairvoyantPlayer(seed=0, **FAST)
    c.watch(g)
    s = c._sample(g.view(g.turn))
    assert s.position(secret=True) == g.position(secret=True)


def test_clairvoyant_needs_to_watch_the_game_it_is_asked_about() -> None:
    g = Game("classic", seed=4)
    c = ClairvoyantPlayer(seed=0, **FAST)
    with pytest.raises(ValueError, match="watch"):
        c.choose(g.view(g.turn))
    c.watch(Game("classic", seed=5))
    g.push(g.legal_moves()[0])
    with pytest.raises(ValueError, match="watch"):
        c.choose(g.view(g.turn))
    with pytest.raises(TypeError):
        c.watch(g.view(0))  # type: ignore[arg-type]


def test_clairvoyant_is_never_a_level_people_can_choose() -> None:
    """Only the match roster fields it: make_player (web app, terminal game) refuses it."""
    assert "clairvoyant" not in LEVELS
    with pytest.raises(ValueError, match="unknown player"):
        make_player("clairvoyant")
    assert make_match_player("clairvoyant", seed=1, **FAST).needs_game
    with pytest.raises(ValueError, match="bad budget"):
        make_match_player("clairvoyant", noise=1)


def test_clairvoyant_plays_legal_moves_as_the_match_runner_drives_it() -> None:
    from russianbank.match import _check_player

    _check_player("clairvoyant")  # the runner's roster knows it
    for stops in (False, True):
        g = Game("classic", seed=99, stops=stops)
        c = make_match_player("clairvoyant", seed=1, samples=2, node_budget=200, rollout_budget=20)
        for _ in range(40):
            if g.is_over():
                break
            if g.turn == 0:
                c.watch(g)
                m = c.choose(g.view(0))
                assert g.order_violation(m) is None
            else:
                m = g.legal_moves()[0]
            g.push(m)


def test_clairvoyant_budget_is_the_expert_levels_with_more_of_it() -> None:
    """The search order of the expert level, six candidates, deeper searches, one deal (the real game)."""
    from russianbank.ai.clairvoyant import CLAIRVOYANT_BUDGET
    from russianbank.ai.levels import LEVEL_BUDGETS

    c = make_match_player("clairvoyant", seed=1)
    assert c.move_order == bool(LEVEL_BUDGETS["expert"]["move_order"])
    assert (c.samples, c.min_samples, c.candidates, c.margin) == (1, 1, 6, 4.0)
    assert (c.node_budget, c.rollout_budget, c.after_reply) == (10000, 1000, 1)
    assert set(CLAIRVOYANT_BUDGET) == {"samples", "min_samples", "candidates", "margin"} | {
        "node_budget",
        "rollout_budget",
        "after_reply",
    }  # every key it changes is pinned above
    assert make_match_player("clairvoyant", seed=1, candidates=3).candidates == 3  # keywords override it
