"""The match runner: statistics on known inputs, pairing, records, the command line."""

from __future__ import annotations

import argparse
import json
import os

import pytest

from russianbank import match
from russianbank.match import GameResult, pair_specs, play_game, summarize, wilson_interval
from russianbank.record import load_record


def _result(i: int, score: float, **kw: object) -> GameResult:
    base = dict(
        index=i,
        deal=i // 2,
        swap=i % 2 == 1,
        score=score,
        points_a=40 if score == 1.0 else 0,
        points_b=30 if score == 0.0 else 0,
        turns=10,
        moves=100,
        termination="win" if score != 0.5 else "repetition",
        capped=False,
        think_a=1.0,
        think_b=0.5,
        moves_a=50,
        moves_b=50,
        turns_a=5,
        turns_b=5,
        stops=0,
        seconds=1.0,
    )
    base.update(kw)
    return GameResult(**base)  # type: ignore[arg-type]


def test_wilson_interval_known_values() -> None:
    # Wilson (1927) score interval, 95%: 8 successes in 10 -> [0.4902, 0.9433]; 0 in 10 -> [0, 0.2775].
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_summarize_counts_from_a_side() -> None:
    # 4 games: A wins 2, draws 1, loses 1 -> win rate over decided games 2/3.
    results = [_result(0, 1.0), _result(1, 1.0), _result(2, 0.5), _result(3, 0.0)]
    s = summarize(results, wall_seconds=2.0)
    assert (s["wins"], s["draws"], s["losses"]) == (2, 1, 1)
    assert s["win_rate"] == pytest.approx(2 / 3)
    low, high = wilson_interval(2, 3)
    assert (s["wilson_low"], s["wilson_high"]) == (low, high)
    assert s["avg_points_a"] == pytest.approx(20.0)
    assert s["avg_points_b"] == pytest.approx(7.5)
    assert s["avg_turns"] == 10 and s["avg_moves"] == 100
    assert s["s_per_move_a"] == pytest.approx(4.0 / 200)
    assert s["s_per_turn_b"] == pytest.approx(2.0 / 20)
    assert s["games_per_s"] == pytest.approx(2.0)
    assert s["draw_rate"] == pytest.approx(0.25)


def test_pairing_plays_each_deal_twice_with_seats_swapped() -> None:
    specs = pair_specs("greedy", "random", 6, seed=3)
    assert [s.deal for s in specs] == [0, 0, 1, 1, 2, 2]
    assert [s.swap for s in specs] == [False, True] * 3
    for a, b in zip(specs[::2], specs[1::2], strict=True):
        assert a.deal_seed == b.deal_seed
    assert len({s.deal_seed for s in specs}) == 3
    assert [s.deal_seed for s in pair_specs("greedy", "random", 6, seed=3)] == [s.deal_seed for s in specs]
    assert [s.deal_seed for s in pair_specs("greedy", "random", 6, seed=4)] != [s.deal_seed for s in specs]
    odd = pair_specs("greedy", "random", 3, seed=3)
    assert [(s.deal, s.swap) for s in odd] == [(0, False), (0, True), (1, False)]
    with pytest.raises(ValueError):
        pair_specs("greedy", "random", 0)


def test_first_plays_the_later_games_of_the_same_sequence(tmp_path: object) -> None:
    full = pair_specs("greedy", "planner", 8, seed=7)
    later = pair_specs("greedy", "planner", 4, seed=7, first=4)
    assert later == full[4:]  # the same index, deal, deal seed and seat for each game
    assert [s.index for s in later] == [4, 5, 6, 7]
    with pytest.raises(ValueError):
        pair_specs("greedy", "random", 2, first=-2)
    # game K of a run with --first K is game K of a full run, move for move, and is saved under its own number
    a_dir = os.path.join(str(tmp_path), "full")
    b_dir = os.path.join(str(tmp_path), "first")
    os.makedirs(a_dir)
    os.makedirs(b_dir)
    assert match.run(_args("easy", "beginner", "--games", "4", "--seed", "9", "--save", a_dir, "--json")) == 0
    assert match.run(_args("easy", "beginner", "--games", "2", "--seed", "9", "--first", "2", "--save", b_dir)) == 0
    assert sorted(os.listdir(b_dir)) == ["game-0003.txt", "game-0004.txt"]
    for name in ("game-0003.txt", "game-0004.txt"):
        with (
            open(os.path.join(a_dir, name), encoding="utf-8") as fa,
            open(os.path.join(b_dir, name), encoding="utf-8") as fb,
        ):
            assert fa.read() == fb.read()


def test_swapped_game_scores_from_a_side(tmp_path: object) -> None:
    specs = pair_specs("greedy", "random", 2, seed=1, save_dir=str(tmp_path))
    results = [play_game(s) for s in specs]
    assert all(r.score == 1.0 for r in results)  # greedy beats random from either seat
    for r, name in zip(results, ("game-0001.txt", "game-0002.txt"), strict=True):
        with open(os.path.join(str(tmp_path), name), encoding="utf-8") as f:
            text = f.read()
        g = load_record(text)  # the record replays exactly
        out = g.outcome()
        assert out is not None and out.winner == (1 if r.swap else 0)
        assert len(g.move_stack) == r.moves
    with open(os.path.join(str(tmp_path), "game-0002.txt"), encoding="utf-8") as f:
        assert '[A "random"]' in f.read()  # seats swapped: A's name is random in game 2


def test_move_cap_counts_as_a_draw(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> None:
    monkeypatch.setattr(match, "MOVE_CAP", 30)
    r = play_game(pair_specs("greedy", "greedy", 1, seed=2, save_dir=str(tmp_path))[0])
    assert r.capped and r.score == 0.5 and r.moves == 31
    with open(os.path.join(str(tmp_path), "game-0001.txt"), encoding="utf-8") as f:
        text = f.read()
    assert "Cap" in text
    assert load_record(text).outcome().winner is None  # type: ignore[union-attr]


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    match.add_arguments(p)
    return p.parse_args(list(argv))


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert match.run(_args("greedy", "random", "--games", "2", "--json", "--seed", "5")) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("wins", "draws", "losses", "win_rate", "wilson_low", "wilson_high", "games_per_s"):
        assert key in data
    assert data["wins"] == 2 and data["losses"] == 0
    assert (data["deals_paired"], data["deals_a_both"], data["deals_b_both"]) == (1, 1, 0)
    assert data["first"] == 0 and data["turns_a"] + data["turns_b"] == round(2 * data["avg_turns"])
    assert data["cpu_a"] >= 0 and data["cpu_b"] >= 0


def test_cli_text_and_parallel(capsys: pytest.CaptureFixture[str]) -> None:
    assert match.run(_args("greedy", "greedy", "--games", "2", "--jobs", "2", "--stops")) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "Wilson" in out and "games/s" in out
    assert "deals played from both seats: 1; A won both games of" in out


def test_cli_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert match.run(_args("greedy", "nobody", "--games", "2")) == 2
    assert "unknown player" in capsys.readouterr().err
    assert match.run(_args("greedy", "random", "--games", "0")) == 2
    assert match.run(_args("greedy", "random", "--games", "2", "--first", "3")) == 2
    assert "--first must be an even number" in capsys.readouterr().err
    assert match.run(_args("greedy", "random", "--games", "2", "--first", "-2")) == 2
    assert match.run(_args("greedy", "random", "--preset", "nonesuch")) == 2
    assert "unknown preset" in capsys.readouterr().err
    assert match.run(_args("greedy", "random", "--budget-a", "samples")) == 2


def test_deal_pairs_count_how_each_deal_went_from_both_seats() -> None:
    # deal 0: A won both; deal 1: B won both; deal 2: one each; deal 3: a draw and a win; deal 4: one game only
    scores = [1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 1.0]
    results = [_result(i, s) for i, s in enumerate(scores)]
    expected = {"deals_paired": 4, "deals_a_both": 1, "deals_b_both": 1, "deals_split": 1, "deals_drawn": 1}
    assert match.deal_pairs(results) == expected
    # the order the games finished in does not matter, and summarize carries the counts
    s = summarize(list(reversed(results)), wall_seconds=1.0)
    assert {k: s[k] for k in expected} == expected
    assert match.deal_pairs([]) == dict.fromkeys(expected, 0)
