"""The Gymnasium single-agent environment against a built-in player."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from russianbank import Game, IllegalMoveError, InvalidOptionsError, RussianBankError
from russianbank.env import SingleAgentEnv, codec, move_to_action


def checked(e: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env's warnings are failures here
        warnings.filterwarnings("ignore", message=".*not having a spec.*")  # the gymnasium.make test has one
        check_env(e)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"opponent": "random", "seat": 1, "stops": True},
        {"opponent": "greedy", "seat": None, "preset": "single", "reward": "score"},
    ],
)
def test_gymnasium_check_env_passes(kwargs: dict[str, Any]) -> None:
    checked(SingleAgentEnv(**kwargs))


def test_gymnasium_make_and_check_env_with_its_spec() -> None:
    e = gymnasium.make("russianbank/RussianBank-v1", opponent="random", render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(e)  # with a spec it also renders every declared mode
    e.reset(seed=1)
    assert "to move" in e.render()


def test_reset_deals_the_seed_and_plays_the_opponent_up_to_the_agent() -> None:
    for seed in range(8):
        e = SingleAgentEnv("easy", seat=1)
        obs, info = e.reset(seed=seed)
        g = e.game
        assert g.move_stack or g.position(secret=True) == Game("classic", seed=seed).position(secret=True)
        if g.move_stack:  # A moved first: the opponent's whole first turn was played
            assert g.turn == 1
        assert g.turn == 1 and info["seat"] == 1
        assert set(np.flatnonzero(obs["action_mask"])) == {move_to_action(m) for m in g.legal_moves()}
        assert np.array_equal(obs["action_mask"].astype(bool), e.action_masks())


def test_seeded_resets_reproduce_whole_episodes() -> None:
    def episode(seed: int) -> list[str]:
        e = SingleAgentEnv("random", seat=None, stops=True)
        obs, _ = e.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(300):
            obs, _, term, trunc, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if term or trunc:
                break
        return [str(m) for m in e.game.move_stack]

    assert episode(11) == episode(11)
    assert episode(11) != episode(12)


def test_an_episode_runs_to_the_end_and_the_reward_is_the_agents() -> None:
    for seat in (0, 1):
        e = SingleAgentEnv("greedy", seat=seat, reward="score")
        obs, _ = e.reset(seed=2)
        total = 0.0
        rng = np.random.default_rng(seat)
        while True:
            obs, r, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            total += r
            if term or trunc:
                break
        out = e.game.outcome()
        assert term and out is not None and info["outcome"] == out.to_dict()
        expected = 0.0 if out.winner is None else (1 if out.winner == seat else -1) * out.score.total
        assert total == expected
        with pytest.raises(RussianBankError, match="reset"):
            e.step(0)


def test_S3_the_opponent_calls_stop_on_the_agents_violation() -> None:
    """With an expert's attentiveness the opponent never lets a violation of the agent pass."""
    for seed in range(100):
        e = SingleAgentEnv("easy", stops=True, stop_level="expert")
        e.reset(seed=seed)
        g = e.game
        wrong = [m for m in g.legal_moves() if g.order_violation(m) is not None and m.code < 256 and m.dst != 13]
        if not wrong:
            continue
        before = len(g.move_stack)
        e.step(move_to_action(wrong[0]))
        stops = [i for i in range(before, len(g.move_stack)) if g.ruling(i) is not None]
        assert stops and g.ruling(stops[0]).caller == 1  # type: ignore[union-attr]
        return
    pytest.fail("no position with a violation to make")


def test_illegal_actions_resign_by_default_or_raise() -> None:
    e = SingleAgentEnv("easy")
    obs, _ = e.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, r, term, _, info = e.step(bad)
    assert term and r == -1.0 and info["illegal_action"] is True
    assert e.game.outcome().termination.value == "resignation"
    e = SingleAgentEnv("easy", illegal_action="raise")
    obs, _ = e.reset(seed=1)
    pos = e.game.position(secret=True)
    with pytest.raises(IllegalMoveError):
        e.step(bad)
    assert e.game.position(secret=True) == pos


def test_max_steps_truncates_the_episode() -> None:
    e = SingleAgentEnv("random", max_steps=10)
    obs, _ = e.reset(seed=3)
    for _ in range(100):
        obs, _, term, trunc, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if term or trunc:
            break
    assert trunc and not term and e.game.outcome() is None
    assert sum(1 for i in range(len(e.game.move_stack)) if e.game.mover(i) == 0) == 10  # the agent is A
    with pytest.raises(RussianBankError):
        e.step(codec.DRAW)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"opponent": "grandmaster"},
        {"opponent": 3},
        {"seat": 2},
        {"seat": True},
        {"seat": 1.0},
        {"stop_level": "perfect"},
        {"stop_level": ["expert"]},
        {"reward": "elo"},
        {"illegal_action": "skip"},
        {"preset": "single", "stops": True},
        {"allow_resign": "no"},
    ],
)
def test_bad_settings_raise_InvalidOptionsError(kwargs: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionsError):
        SingleAgentEnv(**kwargs)


def test_environments_pickle_and_vectorise() -> None:
    """Vector environments and worker processes copy environments: a copy goes on the same game."""
    import pickle

    e = SingleAgentEnv("easy")
    obs, _ = e.reset(seed=1)
    f = pickle.loads(pickle.dumps(e))
    assert f.game.position(secret=True) == e.game.position(secret=True)
    a = int(np.flatnonzero(obs["action_mask"])[0])
    assert np.array_equal(e.step(a)[0]["observation"], f.step(a)[0]["observation"])
    v = gymnasium.vector.SyncVectorEnv([lambda: SingleAgentEnv("random") for _ in range(2)])
    obs, _ = v.reset(seed=1)
    assert obs["observation"].shape == (2, 2811)
    v.step(np.array([int(np.flatnonzero(obs["action_mask"][k])[0]) for k in range(2)]))
