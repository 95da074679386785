"""Game review: per-turn evaluation, played and best plans, card costs, accuracy; the command."""

from __future__ import annotations

import argparse
import json

import pytest

from russianbank import Game
from russianbank.ai import make_player
from russianbank.ai import review as review_mod
from russianbank.ai.review import GOOD_ENOUGH, review_game
from russianbank.record import record_text


def _played(seed: int, moves: int = 120, stops: bool = False) -> Game:
    g = Game("classic", seed=seed, stops=stops)
    players = [make_player("greedy", seed=1), make_player("beginner", seed=2)]
    for _ in range(moves):
        if g.is_over():
            break
        g.push(players[g.turn].choose(g.view(g.turn)))
    return g


def test_review_covers_every_turn_and_leaves_the_game_as_it_was() -> None:
    g = _played(4)
    before = g.position(secret=True), list(g.move_stack)
    r = review_game(g, node_budget=200)
    assert (g.position(secret=True), list(g.move_stack)) == before
    assert sum(len(t.played) for t in r.turns) == len(g.move_stack)
    assert [t.turn_no for t in r.turns] == sorted({t.turn_no for t in r.turns})
    for t in r.turns:
        assert 0.0 <= t.before <= 1.0 and 0.0 <= t.after <= 1.0 and 0.0 <= t.best_after <= 1.0
        assert t.loss >= 0.0 and t.best
        assert t.reserve_left >= 0 and t.stock_waste_left >= 0


def test_review_summaries_and_worst_turns() -> None:
    r = review_game(_played(6, 200), node_budget=200)
    for s in r.players():
        mine = [t for t in r.turns if t.player == s.player]
        assert s.turns == len(mine)
        assert s.good_turns == sum(1 for t in mine if t.loss <= GOOD_ENOUGH)
        assert s.line().startswith("AB"[s.player] + ":")
        worst = r.worst(s.player)
        assert all(w.loss > GOOD_ENOUGH for w in worst)
        assert [w.loss for w in worst] == sorted((w.loss for w in worst), reverse=True)
    d = r.to_dict()
    json.dumps(d)
    assert len(d["turns"]) == len(r.turns) and {p["player"] for p in d["players"]} == {"A", "B"}
    assert "turns as good as the best found" in r.text()


def test_review_of_a_stops_game_with_violations() -> None:
    g = _played(8, 150, stops=True)
    r = review_game(g, node_budget=100)
    assert sum(len(t.played) for t in r.turns) == len(g.move_stack)


def test_review_command(tmp_path, capsys) -> None:
    g = _played(4, 80)
    path = tmp_path / "game.txt"
    path.write_text(record_text(g), encoding="utf-8")
    p = argparse.ArgumentParser()
    review_mod.add_arguments(p)
    assert review_mod.run(p.parse_args([str(path), "--json", "--budget", "100"])) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["turns"] and len(out["players"]) == 2
    assert review_mod.run(p.parse_args([str(path), "--budget", "100"])) == 0
    assert "turns as good as the best found" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("not a record", encoding="utf-8")
    assert review_mod.run(p.parse_args([str(bad)])) == 2
    assert "russianbank review" in capsys.readouterr().err
    assert review_mod.run(p.parse_args([str(tmp_path / "missing.txt")])) == 2
    assert review_mod.run(p.parse_args([str(path), "--budget", "0"])) == 2
    with pytest.raises(TypeError):
        review_game("not a game")  # type: ignore[arg-type]
