"""The frozen ``-v2`` baselines (``planner-v2``, ``expert-v2``): they play exactly as when they were
frozen, the match runner fields them, and no level people can choose reaches them.

The golden games in ``data/v2_golden.json`` are seeded self-play games of each baseline: every
move, and the outcome where the game was played to its end, with the budget each was played at
(``{}`` is the baseline's own budget, the rest smaller budgets to keep the test fast). They were
recorded while the live ``planner`` and ``expert`` made the very same moves; they must never
change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from russianbank import Game
from russianbank.ai import LEVELS, make_player
from russianbank.ai.roster import BASELINES as MATCH_BASELINES
from russianbank.ai.roster import MATCH_PLAYERS, make_match_player
from russianbank.ai.v2 import BASELINES, BUDGETS, make_baseline
from russianbank.match import GameSpec, play_game

GOLDEN: dict[str, dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "v2_golden.json").read_text(encoding="utf-8")
)


def _play(name: str, preset: str, seed: int, stops: bool, budget: dict[str, Any], cap: int) -> tuple[Game, list[str]]:
    g = Game(preset, seed=seed, stops=stops)
    players = [make_baseline(name, seed=s, **budget) for s in (1, 2)]
    played: list[str] = []
    while not g.is_over() and len(played) < cap:
        m = players[g.turn].choose(g.view(g.turn))
        g.push(m)
        played.append(str(m))
    return g, played


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_v2_baselines_play_their_golden_games(key: str) -> None:
    name, preset, seed, mode = key.split()
    want = GOLDEN[key]
    moves = want["moves"].split()
    g, played = _play(name, preset, int(seed), mode == "stops", want["budget"], len(moves))
    assert played == moves
    outcome = g.outcome()
    assert (None if outcome is None else outcome.to_dict()) == want["outcome"]


def test_the_golden_games_pin_the_outcome_of_a_whole_game_of_each() -> None:
    for name in BASELINES:
        assert any(k.startswith(f"{name} ") and v["outcome"] for k, v in GOLDEN.items()), name
        assert any(k.startswith(f"{name} ") and v["budget"] == {} for k, v in GOLDEN.items()), name


def _positions() -> list[Game]:
    """A few positions with a choice, along the golden game of ``planner-v2`` at its own budget."""
    moves = GOLDEN["planner-v2 classic 11 strict"]["moves"].split()
    out = []
    for stop in (0, 16, 30, 41, 55):
        g = Game("classic", seed=11)
        for text in moves[:stop]:
            g.push(next(m for m in g.legal_moves() if str(m) == text))
        assert len(g.legal_moves()) > 1
        out.append(g)
    return out


@pytest.mark.parametrize(("live", "frozen"), [("planner", "planner-v2"), ("expert", "expert-v2")])
def test_the_live_players_still_decide_as_their_v2_copies(live: str, frozen: str) -> None:
    """Today's ``planner`` and ``expert`` make the same decisions as ``planner-v2`` and ``expert-v2``.

    This test is meant to break: when the live players improve (a new evaluation, new weights, a
    new search or budget), delete it and keep the golden games above, which pin the baselines
    themselves.
    """
    for i, g in enumerate(_positions()):
        view = g.view(g.turn)
        a = make_match_player(live, seed=100 + i).choose(view)
        b = make_match_player(frozen, seed=100 + i).choose(g.view(g.turn))
        assert a == b, f"position {i}: {live} plays {a}, {frozen} {b}"


def test_v2_baselines_are_for_matches_only() -> None:
    for name in BASELINES:
        assert name in MATCH_PLAYERS and name in MATCH_BASELINES
        assert make_match_player(name, seed=0).name == name
        assert name not in LEVELS
        with pytest.raises(ValueError, match="unknown player"):
            make_player(name)
    assert make_match_player("expert-v2").move_order and make_match_player("planner-v2").reply_nodes == 300
    assert make_match_player("expert-v2", move_order=0).move_order is False  # keywords override the budget
    assert BUDGETS == {
        "planner-v2": {"reply_nodes": 300, "reply_plans": 6, "move_order": 1},
        "expert-v2": {"move_order": 1},
    }
    with pytest.raises(ValueError, match="unknown baseline"):
        make_baseline("expert-v1")
    with pytest.raises(ValueError, match="bad budget"):
        make_baseline("planner-v2", samples=3)


def test_v2_baselines_use_their_own_copy_of_the_weights() -> None:
    import russianbank.ai.v2 as v2
    from russianbank.ai.v2.evaluation import shipped_evaluation

    data = json.loads((Path(v2.__file__).parent / "data" / "eval.json").read_text(encoding="utf-8"))
    assert shipped_evaluation().weights == tuple(float(w) for w in data["weights"])


def test_match_fields_a_v2_baseline_against_a_live_player() -> None:
    spec = GameSpec(
        0,
        0,
        12345,
        False,
        "expert-v2",
        "planner-v2",
        "classic",
        False,
        budget_a="samples=1,min_samples=1,node_budget=100,rollout_budget=10",
        budget_b="node_budget=100,reply_nodes=50",
    )
    r = play_game(spec)
    assert r.moves > 0 and r.termination in ("win", "repetition", "no_progress", "agreed")
