"""Computer players: fairness, legality in every preset and mode, determinism, hints."""

from __future__ import annotations

import random

import pytest

from russianbank.ai import LEVELS, hint, make_player
from russianbank.ai.common import ends_segment
from russianbank.game import Game
from russianbank.moves import Move
from russianbank.options import PRESETS

ENGINES = ("random", "greedy", "planner", "expert")
FAST_BUDGET = {
    "planner": {"node_budget": 500},
    "medium": {"node_budget": 500},
    "expert": {"samples": 3, "node_budget": 500, "rollout_budget": 50},
    "hard": {"samples": 3, "node_budget": 500, "rollout_budget": 50},
}


def _player(name: str, seed: int = 0):
    return make_player(name, seed=seed, **FAST_BUDGET.get(name, {}))


def _advance(g: Game, n: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over():
            break
        moves = [m for m in g.legal_moves() if g.order_violation(m) is None]
        g.push(rng.choice(moves))


def _twin_games(preset: str, moves: int) -> tuple[Game, Game]:
    """Two games that agree on everything a player sees and differ in their face-down cards."""
    g = Game(preset, seed=11)
    _advance(g, moves, seed=5)
    text = g.position()
    a = Game(preset, seed=1, position=text)
    b = Game(preset, seed=2, position=text)
    assert a.position(secret=True) != b.position(secret=True)
    return a, b


@pytest.mark.parametrize("name", ENGINES + LEVELS)
def test_fairness_equal_views_give_equal_moves(name: str) -> None:
    """V1-V2: a player sees only its view, so hidden cards cannot change its choice."""
    for preset, n in (("classic", 6), ("classic", 40), ("single", 12)):
        a, b = _twin_games(preset, n)
        va, vb = a.view(a.turn), b.view(b.turn)
        assert va == vb
        ma = _player(name, seed=3).choose(va)
        mb = _player(name, seed=3).choose(vb)
        assert ma == mb
        assert ma in va.legal_moves


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("stops", [False, True])
def test_every_player_returns_legal_moves(preset: str, stops: bool) -> None:
    if preset == "single" and stops:
        pytest.skip("the one-deck game has no Stop (S-7)")
    names = ("random", "greedy", "planner", "expert", "beginner")
    for k, name in enumerate(names):
        g = Game(preset, seed=100 + k, stops=stops)
        players = [_player(name, seed=1), _player("greedy" if name != "greedy" else "random", seed=2)]
        for _ in range(60 if name == "expert" else 150):
            if g.is_over():
                break
            v = g.view(g.turn)
            m = players[g.turn].choose(v)
            assert isinstance(m, Move)
            assert m in g.legal_moves(), (name, preset, str(m))
            if name != "beginner" and g.turn == 0:
                assert g.order_violation(m) is None, (name, str(m))
            g.push(m)


@pytest.mark.parametrize("name", ENGINES + LEVELS)
def test_same_seed_same_decisions(name: str) -> None:
    def play(seed: int) -> list[str]:
        g = Game("classic", seed=21)
        p = [_player(name, seed=seed), _player(name, seed=seed + 1)]
        out = []
        for _ in range(40):
            if g.is_over():
                break
            m = p[g.turn].choose(g.view(g.turn))
            out.append(str(m))
            g.push(m)
        return out

    assert play(4) == play(4)


def test_random_player_depends_on_its_seed() -> None:
    g = Game("classic", seed=8)
    _advance(g, 3)
    v = g.view(g.turn)
    assert len(v.legal_moves) > 2
    picks = {str(make_player("random", seed=s).choose(v)) for s in range(20)}
    assert len(picks) > 1


def test_players_refuse_a_view_they_cannot_move_from() -> None:
    g = Game("classic", seed=8)
    other = g.view(1 - g.turn)
    for name in ENGINES:
        with pytest.raises(ValueError, match="turn"):
            _player(name).choose(other)
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")


def test_greedy_plays_to_the_foundation_first() -> None:
    g = Game("classic", seed=2)
    for _ in range(200):
        if g.is_over():
            break
        v = g.view(g.turn)
        m = make_player("greedy", seed=0).choose(v)
        found = [x for x in v.legal_moves if x.dst == 10]
        if found:
            assert m.dst == 10
        g.push(m)


def test_hint_gives_a_legal_first_move_and_a_plan() -> None:
    g = Game("classic", seed=9)
    _advance(g, 4)
    v = g.view(g.turn)
    for level in LEVELS:
        plan = hint(v, level)
        assert plan and plan[0] in v.legal_moves
    plan = hint(v, "hard")
    replay = g.copy()
    for i, m in enumerate(plan):  # the whole plan can be played out: no hidden card is turned before its last move
        assert m in replay.legal_moves()
        assert i == len(plan) - 1 or not ends_segment(replay, m)
        replay.push(m)
    g2 = Game("classic", seed=9)
    g2.resign(0)
    assert hint(g2.view(0), "hard") == []


@pytest.mark.parametrize("name", ["greedy", "easy", "planner", "medium"])
def test_no_player_returns_to_a_position_it_left_in_the_same_turn(name: str) -> None:
    """A person watching the computer never sees a card shuttled back and forth between piles."""
    for seed in range(4):
        g = Game("classic", seed=seed)
        players = [_player(name, seed=seed), _player(name, seed=seed + 100)]
        seen: set[object] = {g.key()}
        turn = g.turn_no
        for _ in range(600):
            if g.is_over():
                break
            g.push(players[g.turn].choose(g.view(g.turn)))
            if g.turn_no != turn:
                turn, seen = g.turn_no, set()
            key = g.key()
            assert key not in seen, f"{name} went back to an earlier position in turn {turn} (seed {seed})"
            seen.add(key)


def test_forced_moves_cost_no_search(monkeypatch) -> None:
    """With one legal move the planner and the expert answer at once, without searching."""
    import russianbank.ai.expert as expert_mod
    import russianbank.ai.planner as planner_mod

    def boom(*args, **kwargs):
        raise AssertionError("searched a forced move")

    monkeypatch.setattr(planner_mod, "search_segment", boom)
    monkeypatch.setattr(expert_mod, "search_segment", boom)
    for seed in range(40):
        g = Game("classic", seed=seed)
        _advance(g, 30, seed)
        for _ in range(200):
            if g.is_over():
                break
            if len(g.legal_moves()) == 1:
                v = g.view(g.turn)
                for name in ("planner", "expert", "medium", "hard"):
                    assert make_player(name, seed=1).choose(v) == v.legal_moves[0]
                return
            g.push(g.legal_moves()[-1])
    raise AssertionError("no forced move found")
