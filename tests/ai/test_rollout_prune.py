"""The expert's ``rollout_prune``: the pruning rule of the segment searches in its play-outs
(docs/ai.md, *Expert*). Rule 1 leaves out every tableau-to-tableau move that achieves nothing at
once; rule 2 keeps those that uncover a card opening a new place; rule 0 leaves out none."""

from __future__ import annotations

import pytest
from inorder import assert_never_returns, assert_repeatable, play_in_order

from russianbank import Game
from russianbank.ai import expert as ex
from russianbank.ai import make_player
from russianbank.ai.expert import ExpertPlayer
from russianbank.ai.levels import LEVEL_BUDGETS

FAST = {"samples": 3, "min_samples": 2, "candidates": 3, "node_budget": 300, "rollout_budget": 30}


def _rules_used(monkeypatch: pytest.MonkeyPatch, **budget: object) -> set[int]:
    """The pruning rules the play-outs searched with while the expert played 60 moves."""
    used: set[int] = set()
    real = ex.play_turn

    def spy(*args: object, **kwargs: object) -> object:
        used.add(int(kwargs["prune_shifts"]))  # type: ignore[call-overload]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ex, "play_turn", spy)
    play_in_order([make_player("expert", seed=3, **{**FAST, **budget}), make_player("greedy", seed=4)], 60, seed=8)
    return used


@pytest.mark.parametrize("rule", [0, 1, 2])
def test_the_play_outs_search_with_the_rule_asked_for(monkeypatch: pytest.MonkeyPatch, rule: int) -> None:
    assert _rules_used(monkeypatch, rollout_prune=rule) == {rule}


def test_every_level_plays_out_with_rule_1() -> None:
    """Rule 2 was measured no stronger (docs/ai.md, *Tried and dropped*): no level uses another rule."""
    assert ExpertPlayer().rollout_prune == 1
    for level in ("hard", "expert"):
        assert make_player(level).rollout_prune == 1
        assert "rollout_prune" not in LEVEL_BUDGETS[level]


@pytest.mark.parametrize("bad", [-1, 3, 0.5, "2"])
def test_a_bad_rule_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="rollout_prune"):
        make_player("expert", rollout_prune=bad)


def test_rule_2_same_seed_same_decisions_never_returns() -> None:
    budget = {**FAST, "rollout_prune": 2}
    assert_repeatable(lambda: [make_player("expert", seed=s, **budget) for s in (12, 13)], 60, 41, stops=(False,))
    assert_never_returns(
        Game("classic", seed=43), [make_player("expert", seed=12, **budget), make_player("greedy", seed=12)], 100
    )
