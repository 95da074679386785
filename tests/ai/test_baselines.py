"""The frozen ``-v1`` baselines: they play exactly as the players did when they were frozen, the
match runner fields them, and no level people can choose reaches them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from russianbank import Game
from russianbank.ai import LEVELS, make_player
from russianbank.ai.roster import MATCH_PLAYERS, make_match_player
from russianbank.ai.v1 import BASELINES, make_baseline
from russianbank.match import GameSpec, play_game

GOLDEN = json.loads((Path(__file__).parent / "data" / "v1_golden.json").read_text(encoding="utf-8"))
BUDGET = {"greedy-v1": {}, "planner-v1": {"node_budget": 2000}, "expert-v1": {"samples": 3, "node_budget": 2000}}


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_baselines_play_as_when_they_were_frozen(key: str) -> None:
    """Seeded self-play games of each baseline give the recorded moves (recorded when frozen, when
    the live players made the very same moves)."""
    name, preset, seed, mode = key.split()
    g = Game(preset, seed=int(seed), stops=mode == "stops")
    players = [make_baseline(name, seed=s, **BUDGET[name]) for s in (1, 2)]
    played = []
    while not g.is_over() and len(played) < len(GOLDEN[key]):
        m = players[g.turn].choose(g.view(g.turn))
        g.push(m)
        played.append(str(m))
    assert played == GOLDEN[key]


def test_baselines_are_for_matches_only() -> None:
    for name in BASELINES:
        assert name in MATCH_PLAYERS
        assert make_match_player(name, seed=0).name == name
        assert name not in LEVELS
        with pytest.raises(ValueError, match="unknown player"):
            make_player(name)
    with pytest.raises(ValueError, match="unknown baseline"):
        make_baseline("expert")
    with pytest.raises(ValueError, match="bad budget"):
        make_baseline("planner-v1", samples=3)
    with pytest.raises(ValueError, match="unknown player"):
        make_match_player("grandmaster")


def test_match_fields_a_baseline_against_a_live_player() -> None:
    spec = GameSpec(0, 0, 12345, False, "greedy-v1", "greedy", "classic", False)
    r = play_game(spec)
    assert r.moves > 0 and r.termination in ("win", "repetition", "no_progress", "agreed")
