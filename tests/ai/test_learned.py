"""The learned evaluation: view-only features, the weights file, training reproducibility."""

from __future__ import annotations

import argparse
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import Game
from russianbank.ai import train as train_mod
from russianbank.ai.evaluation import Evaluation, load_evaluation, shipped_evaluation, sigmoid
from russianbank.ai.features import FEATURES, features
from russianbank.cards import RANK, SUIT


def _walk(seed: int, n: int, preset: str = "classic") -> Game:
    g = Game(preset, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.is_over():
            break
        g.push(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("preset", ["classic", "suited", "hoyle"])
def test_V2_features_depend_on_the_view_only(preset: str) -> None:
    """V2: the features read no face-down card: every determinization of a view gives the same ones."""
    for seed in range(12):
        g = _walk(seed, 40 * seed, preset)
        if g.is_over():
            continue
        v = g.view(g.turn)
        want = features(g)
        want_hidden = features(g, hidden_top=True) if g.res_up[g.turn] else None
        for k in range(3):
            s = v.sample(random.Random(k))
            assert features(s) == pytest.approx(want)
            if want_hidden is not None:
                # the guessed top differs between samples, but its chances do not
                assert features(s, hidden_top=True)[7:9] == pytest.approx(want_hidden[7:9])
                near = FEATURES.index("unknown_near_m")
                assert features(s, hidden_top=True)[near:] == pytest.approx(want_hidden[near:])


def _distance(g: Game, c: int) -> int:
    """How many cards the nearer foundation of ``c``'s suit needs before ``c`` (13: both are past it)."""
    s, r = SUIT[c], RANK[c]
    ahead = [r - 1 - len(g.fnd[f]) for f in (2 * s, 2 * s + 1) if r > len(g.fnd[f])]
    return min(ahead) if ahead else 13


def _nearness(g: Game, hidden_top: bool) -> list[float]:
    """The nearness features of :data:`FEATURES`, computed the plain way."""
    out: list[float] = []
    for p in (g.turn, 1 - g.turn):
        top = g.res[p][-1] if g.res[p] and g.res_up[p] else -1
        down = len(g.res[p]) - g.res_up[p] - g.res_known[p]
        unknown_stock = len(g.stock[p]) - g.stock_known[p]
        unknown = g.res[p][:down] + g.stock[p][:unknown_stock]
        guessed = hidden_top and p == g.turn and top >= 0
        if guessed:
            unknown.append(top)
        d = [_distance(g, c) for c in unknown]
        near = sum(x <= 1 for x in d)
        known = g.waste[p] + g.stock[p][unknown_stock:] + ([g.hand] if p == g.turn and g.hand >= 0 else [])
        k = [_distance(g, c) for c in known]
        res_near = 0.0 if top < 0 else near / len(d) if guessed else float(_distance(g, top) <= 1)
        out += [
            near / len(d) if d else 0.0,
            near / 10,
            sum(d) / len(d) / 13 if d else 0.0,
            sum(x <= 1 for x in k) / 10,
            sum(x <= 3 for x in k) / 10,
            res_near,
        ]
    buried = sum(_distance(g, c) <= 1 for pile in g.tab for c in pile[:-1])
    return [*out, buried / 10, float(sum(_distance(g, pile[-1]) == 1 for pile in g.tab if pile))]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 600), st.sampled_from(["classic", "suited", "russian13"]))
def test_nearness_features_count_what_they_say(seed: int, n: int, preset: str) -> None:
    """How near the foundations each side's cards are, against a plain recount (any position, either
    way of seeing the mover's reserve top)."""
    g = _walk(seed, n, preset)
    near = FEATURES.index("unknown_near_m")
    for hidden_top in (False, True):
        assert features(g, hidden_top)[near:] == pytest.approx(_nearness(g, hidden_top))


def test_feature_vector_matches_its_names() -> None:
    g = _walk(3, 100)
    assert len(features(g)) == len(FEATURES) and FEATURES[0] == "bias"


def test_shipped_weights_load_and_give_chances() -> None:
    ev = shipped_evaluation()
    assert len(ev.weights) == len(FEATURES)
    assert "command" in ev.info and ev.info["command"].startswith("russianbank train")
    g = _walk(5, 200)
    p = ev.probability(g, 0)
    assert 0.0 < p < 1.0
    assert ev.probability(g, 1) == pytest.approx(1 - p)
    g.resign(0)
    assert ev.probability(g, 1) == 1.0 and ev.probability(g, 0) == 0.0


def test_bad_weights_are_refused(tmp_path) -> None:
    with pytest.raises(ValueError, match="weights"):
        Evaluation([1.0, 2.0])
    with pytest.raises(ValueError, match="other features"):
        Evaluation([0.0] * len(FEATURES), names=[*FEATURES[:-1], "something else"])
    with pytest.raises(ValueError, match="finite"):
        Evaluation([float("nan")] * len(FEATURES))
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": [0.0] * len(FEATURES)}), encoding="utf-8")
    with pytest.raises(ValueError, match="not an evaluation"):
        load_evaluation(str(path))
    good = Evaluation([0.1] * len(FEATURES), info={"x": 1})
    path.write_text(json.dumps(good.to_dict()), encoding="utf-8")
    assert load_evaluation(str(path)).weights == good.weights


def test_sigmoid_is_stable() -> None:
    assert sigmoid(0.0) == 0.5 and sigmoid(1000.0) == 1.0 and sigmoid(-1000.0) == 0.0


def test_training_is_reproducible_and_writes_a_loadable_file(tmp_path) -> None:
    """The same command gives the same weights (a tiny run: 4 games, 1 round)."""
    a, _ = train_mod.train(4, seed=3, rounds=1, sweeps=1)
    b, _ = train_mod.train(4, seed=3, rounds=1, sweeps=1)
    assert a.weights == b.weights
    p = argparse.ArgumentParser()
    train_mod.add_arguments(p)
    out = tmp_path / "eval.json"
    assert train_mod.run(p.parse_args(["--games", "4", "--rounds", "1", "--seed", "3", "--out", str(out)])) == 0
    ev = load_evaluation(str(out))
    assert len(ev.weights) == len(FEATURES) and ev.info["rounds"][0]["games"] == 4
    assert train_mod.run(p.parse_args(["--games", "1", "--out", str(out)])) == 2
    assert train_mod.run(p.parse_args(["--games", "4", "--out", str(tmp_path / "no" / "x.json")])) == 2


def test_an_expert_round_follows_the_planner_rounds_and_trains_on_the_experts_games(tmp_path) -> None:
    """--expert-games N: a last round of N games of the expert at the hard budget, on the last weights."""
    ev, report = train_mod.train(4, seed=3, rounds=1, sweeps=1, expert_games=2)
    planner_only, _ = train_mod.train(4, seed=3, rounds=1, sweeps=1)
    assert [line["games"] for line in report] == [4, 2]
    assert report[1]["player"] == "expert at the hard budget (round 0 weights)"
    assert report[1]["positions"] > report[0]["positions"]  # the expert's positions join the planner's
    assert ev.weights != planner_only.weights
    assert ev.info["command"].endswith("--expert-games 2")
    players = train_mod._players(train_mod.SelfPlayJob(0, 5, planner_only.weights, expert=True))
    assert all(p.name == "expert" and p.samples == 6 and p.evaluation.weights == planner_only.weights for p in players)
    with pytest.raises(ValueError, match="expert games"):
        train_mod.train(4, seed=3, rounds=1, expert_games=1)
    p = argparse.ArgumentParser()
    train_mod.add_arguments(p)
    out = tmp_path / "eval.json"
    assert train_mod.run(p.parse_args(["--games", "4", "--expert-games", "1", "--out", str(out)])) == 2
    assert not out.exists()


def test_td_targets_follow_the_next_position_and_end_in_the_result() -> None:
    import numpy as np

    x = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    labels = np.array([1.0, 0.0, 1.0])  # the mover changes at every step
    w = np.array([0.0, 0.0])  # every position: even chances
    t = train_mod.td_targets([(x, labels)], w, lam=0.0)
    assert list(t) == [0.5, 0.5, 1.0]
    t1 = train_mod.td_targets([(x, labels)], w, lam=1.0)
    assert list(t1) == [1.0, 0.0, 1.0]  # lambda 1: the results themselves
