"""The learned evaluation: view-only features, the weights file, training reproducibility."""

from __future__ import annotations

import argparse
import json
import random

import pytest

from russianbank import Game
from russianbank.ai import train as train_mod
from russianbank.ai.evaluation import Evaluation, load_evaluation, shipped_evaluation, sigmoid
from russianbank.ai.features import FEATURES, features


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


def test_td_targets_follow_the_next_position_and_end_in_the_result() -> None:
    import numpy as np

    x = np.array([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    labels = np.array([1.0, 0.0, 1.0])  # the mover changes at every step
    w = np.array([0.0, 0.0])  # every position: even chances
    t = train_mod.td_targets([(x, labels)], w, lam=0.0)
    assert list(t) == [0.5, 0.5, 1.0]
    t1 = train_mod.td_targets([(x, labels)], w, lam=1.0)
    assert list(t1) == [1.0, 0.0, 1.0]  # lambda 1: the results themselves
