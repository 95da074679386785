"""The PettingZoo AEC environment: PettingZoo's own tests, seeds, masks, Stop! decisions, rewards, bad input."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from russianbank import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidPositionError,
    RussianBankError,
)
from russianbank.ai import make_player
from russianbank.env import RussianBankEnv, codec, env, move_to_action
from russianbank.env.observation import FIELDS


def quiet(fn: Any, *args: Any, **kwargs: Any) -> None:
    """Run a PettingZoo check without its advice for other kinds of environment (Dict observations)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        fn(*args, **kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"stops": True},
        {"preset": "single"},
        {"preset": "hoyle", "reward": "score", "allow_resign": True},
        {"stops": True, "options": {"draw_limit": 3}},  # short games: the test plays through several game ends
        {"max_steps": 50},
    ],
)
def test_pettingzoo_api_test_passes(kwargs: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    quiet(api_test, env(**kwargs), num_cycles=1500)
    assert "Passed API test" in capsys.readouterr().out


def test_pettingzoo_seed_test_passes() -> None:
    quiet(seed_test, lambda: env(stops=True), num_cycles=300)
    quiet(seed_test, lambda: env(preset="single"), num_cycles=300)


def test_pettingzoo_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    quiet(render_test, lambda render_mode=None: env(render_mode=render_mode))
    assert " to move, turn " in capsys.readouterr().out  # human mode prints the picture


def test_reset_seed_is_the_deals_seed_and_seedless_resets_replay() -> None:
    e = env(preset="hoyle", stops=True)
    e.reset(seed=77)
    assert e.unwrapped.game.position(secret=True) == Game("hoyle", seed=77, stops=True).position(secret=True)
    seq = []
    for _ in range(3):
        e.reset()
        seq.append(e.unwrapped.game.position(secret=True))
    e.reset(seed=77)
    assert [(e.reset(), e.unwrapped.game.position(secret=True))[1] for _ in range(3)] == seq
    assert len(set(seq)) == 3


def test_the_first_agent_is_the_first_player_and_masks_are_the_legal_moves() -> None:
    for seed in range(6):
        e = env()
        e.reset(seed=seed)
        g = e.unwrapped.game
        assert e.agent_selection == f"player_{g.turn}"
        mask = e.observe(e.agent_selection)["action_mask"]
        assert set(np.flatnonzero(mask)) == {move_to_action(m) for m in g.legal_moves()}
        other = f"player_{1 - g.turn}"
        assert not e.observe(other)["action_mask"].any()


def test_random_agents_play_games_to_the_end_with_nonempty_masks() -> None:
    for preset, stops in (("classic", False), ("suited", True), ("single", False)):
        e = env(preset=preset, stops=stops)
        e.reset(seed=5)
        steps = 0
        rng = np.random.default_rng(5)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size > 0
            e.step(int(rng.choice(legal)))
            steps += 1
        assert e.unwrapped.game.is_over() and steps > 10


def stops_env_at_a_violation(seed_range: range = range(300)) -> tuple[Any, int]:
    """A stops-mode env whose mover has just broken a rule of order: (env, the mover)."""
    for seed in seed_range:
        e = env(stops=True)
        e.reset(seed=seed)
        g = e.unwrapped.game
        rng = np.random.default_rng(seed)
        for _ in range(200):
            mover = g.turn
            wrong = [m for m in g.legal_moves() if g.order_violation(m) is not None and m.dst != 13 and m.code < 256]
            ok = [m for m in g.legal_moves() if g.order_violation(m) is None]
            if wrong and rng.random() < 0.5:
                e.step(move_to_action(wrong[0]))
                if not g.is_over() and g.turn == mover and g.can_stop():
                    return e, mover
            elif ok:
                e.step(move_to_action(ok[int(rng.integers(len(ok)))]))
                while not g.is_over() and e.unwrapped.table.stop_offer:
                    e.step(codec.NO_STOP)
            else:
                break
            if g.is_over():
                break
    raise AssertionError("no violation found")


def test_S1_after_a_violation_the_other_player_decides_stop_or_no_stop() -> None:
    e, mover = stops_env_at_a_violation()
    other = f"player_{1 - mover}"
    assert e.agent_selection == other
    obs = e.observe(other)
    assert set(np.flatnonzero(obs["action_mask"])) == {codec.STOP, codec.NO_STOP}
    turn = FIELDS["turn"][0]
    assert obs["observation"][turn : turn + 2].tolist() == [0.0, 1.0]  # not on move; deciding whether to Stop
    assert not e.observe(f"player_{mover}")["action_mask"].any()


def test_S3_an_upheld_stop_ends_the_turn_and_the_caller_moves() -> None:
    e, mover = stops_env_at_a_violation()
    g = e.unwrapped.game
    turn_no = g.turn_no
    e.step(codec.STOP)
    assert g.ruling(len(g.move_stack) - 1) is not None
    assert g.turn == 1 - mover and g.turn_no == turn_no + 1
    assert e.agent_selection == f"player_{1 - mover}"
    assert not e.unwrapped.table.stop_offer


def test_S1_no_stop_lets_the_turn_go_on_and_the_offer_comes_again_after_each_move() -> None:
    e, mover = stops_env_at_a_violation()
    g = e.unwrapped.game
    e.step(codec.NO_STOP)
    assert e.agent_selection == f"player_{mover}" and g.turn == mover
    offers = 0
    while g.turn == mover and not g.is_over():
        legal = [m for m in g.legal_moves() if m.dst != 13 and str(m) != "pass"] or g.legal_moves()
        e.step(move_to_action(legal[0]))
        if g.turn == mover and not g.is_over():
            assert e.agent_selection == f"player_{1 - mover}"  # offered again
            offers += 1
            e.step(codec.NO_STOP)
        else:  # the move ended the turn: too late for a Stop of it (S1)
            assert not e.unwrapped.table.stop_offer
        if offers > 30:
            break
    assert offers >= 1 or g.turn != mover


def test_D1_D2_rewards_win_and_score_at_the_end_of_a_real_game() -> None:
    """Greedy players drive both agents through a whole game; the rewards are the documented ones."""
    for reward in ("win", "score"):
        e = env(reward=reward)
        e.reset(seed=3)
        players = [make_player("greedy", seed=1), make_player("greedy", seed=2)]
        totals = {"player_0": 0.0, "player_1": 0.0}
        for agent in e.agent_iter():
            _, r, term, trunc, info = e.last()
            totals[agent] += r
            if term or trunc:
                assert info["outcome"] == e.unwrapped.game.outcome().to_dict()
                e.step(None)
                continue
            p = int(agent[-1])
            e.step(move_to_action(players[p].choose(e.unwrapped.game.view(p))))
        out = e.unwrapped.game.outcome()
        assert out is not None and out.winner is not None
        value = 1.0 if reward == "win" else float(out.score.total)
        assert totals[f"player_{out.winner}"] == value and totals[f"player_{1 - out.winner}"] == -value


def test_D3_a_draw_gives_nothing() -> None:
    e = env(options={"draw_limit": 1})
    e.reset(seed=2)
    g = e.unwrapped.game
    while not g.is_over():
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[-1]))
    assert g.outcome().winner is None
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_resigning_when_allowed_and_its_D2_score() -> None:
    e = env(allow_resign=True, reward="score")
    e.reset(seed=1)
    first = e.agent_selection
    e.step(codec.RESIGN)
    out = e.unwrapped.game.outcome()
    assert out.termination.value == "resignation" and f"player_{out.winner}" != first
    assert e.rewards[first] == -out.score.total


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = env()
    e.reset(seed=1)
    g = e.unwrapped.game
    before = (g.position(secret=True), e.agent_selection, len(g.move_stack))
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalMoveError, match=r"action \d+ \(.+\) is not allowed now"):
        e.step(bad)
    with pytest.raises(IllegalMoveError, match="does not allow resigning"):
        e.step(codec.RESIGN)
    with pytest.raises(IllegalMoveError, match="no Stop is offered"):
        e.step(codec.STOP)
    for nonsense in (-1, 108, "SH", 2.5):
        with pytest.raises(InvalidMoveError):
            e.step(nonsense)
    assert (g.position(secret=True), e.agent_selection, len(g.move_stack)) == before


def test_illegal_action_resign_mode_ends_the_game_as_a_resignation() -> None:
    e = env(illegal_action="resign")
    e.reset(seed=1)
    first = e.agent_selection
    e.step(0 if not e.observe(first)["action_mask"][0] else 1)
    out = e.unwrapped.game.outcome()
    assert out.termination.value == "resignation" and f"player_{out.winner}" != first
    assert e.infos[first].get("illegal_action") is True
    assert e.rewards[first] == -1.0


def test_max_steps_truncates() -> None:
    e = env(max_steps=7)
    e.reset(seed=4)
    n = 0
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            assert trunc and not term
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        n += 1
    assert n == 7 and not e.unwrapped.game.is_over()


def test_a_set_up_position_is_the_start_of_every_game() -> None:
    text = Game("classic", seed=9).position()
    e = env(position=text)
    e.reset(seed=1)
    assert e.unwrapped.game.position() == text


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"preset": "chess"}, InvalidOptionsError),
        ({"reward": "points"}, InvalidOptionsError),
        ({"illegal_action": "ignore"}, InvalidOptionsError),
        ({"max_steps": 0}, InvalidOptionsError),
        ({"max_steps": True}, InvalidOptionsError),
        ({"render_mode": "rgb_array"}, InvalidOptionsError),
        ({"options": {"draw_limit": -5}}, InvalidOptionsError),
        ({"options": {"stops": True}}, InvalidOptionsError),
        ({"options": "stops=on"}, InvalidOptionsError),
        ({"stops": "yes"}, InvalidOptionsError),
        ({"allow_resign": 1}, InvalidOptionsError),
        ({"preset": "single", "stops": True}, InvalidOptionsError),
        ({"position": "nonsense"}, InvalidPositionError),
    ],
)
def test_bad_settings_raise_the_package_errors(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        RussianBankEnv(**kwargs)


def test_using_the_environment_before_reset_says_so() -> None:
    e = RussianBankEnv()
    with pytest.raises(RussianBankError, match=r"call reset\(\) first"):
        e.observe("player_0")


def test_the_aec_environment_pickles_mid_game() -> None:
    import pickle

    e = env(stops=True)
    e.reset(seed=4)
    for _ in range(15):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    f = pickle.loads(pickle.dumps(e))
    assert f.unwrapped.game.position(secret=True) == e.unwrapped.game.position(secret=True)
    assert f.agent_selection == e.agent_selection
    assert np.array_equal(f.last()[0]["observation"], e.last()[0]["observation"])


def test_refusals_are_catalogue_messages_and_nest_the_engines_reason() -> None:
    e = env()
    e.reset(seed=1)
    g = e.unwrapped.game
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask[: codec.DRAW] == 0)[0])  # a card move that is not legal here
    with pytest.raises(IllegalMoveError) as err:
        e.step(bad)
    refusal = err.value
    assert refusal.code == "env.refuse.move" and refusal.move == codec.ACTION_MOVES[bad]
    engine = g.refusal(codec.ACTION_MOVES[bad])
    assert engine is not None and refusal.rule == engine.rule == refusal.params["rule_id"]
    assert refusal.params["reason"] == engine.message
    assert engine.message.text("ru") in refusal.message.text("ru")
    with pytest.raises(InvalidOptionsError) as opt:
        env(reward="elo")
    assert opt.value.code == "env.error.choice"
    assert opt.value.message.text("ru") == "reward: допустимо одно из значений win, score, а не 'elo'"
