"""The easy level: greedy with a share of careless (random, in-order) moves."""

from __future__ import annotations

import pytest
from inorder import assert_never_returns, play_in_order

from russianbank.ai import Hinter, make_player
from russianbank.ai.greedy import GreedyPlayer
from russianbank.ai.levels import LEVEL_BUDGETS, MixedPlayer, SlipPlayer
from russianbank.game import Game


class Counting(GreedyPlayer):
    """A greedy player that counts the moves it was asked for."""

    asked = 0

    def choose(self, view):  # type: ignore[no-untyped-def]
        self.asked += 1
        return super().choose(view)


def test_easy_is_greedy_with_a_share_of_careless_moves() -> None:
    p = make_player("easy", seed=3)
    assert isinstance(p, SlipPlayer) and isinstance(p.strong, GreedyPlayer)
    assert p.noise == LEVEL_BUDGETS["easy"]["noise"] == 0.25
    inner = Counting(3)
    p.strong = inner
    outer = Counting(0)
    outer_choose = p.choose

    def counted(view):  # type: ignore[no-untyped-def]
        outer.asked += 1
        return outer_choose(view)

    p.choose = counted  # type: ignore[method-assign]
    for seed in range(4):
        play_in_order([p, make_player("greedy", seed=4)], 1500, seed=seed)
    careless = 1 - inner.asked / outer.asked
    assert outer.asked > 400 and 0.15 < careless < 0.35


def test_no_noise_is_the_greedy_player_move_for_move() -> None:
    quiet = play_in_order([make_player("easy", seed=1, noise=0.0), make_player("greedy", seed=2)], 300)
    plain = play_in_order([GreedyPlayer(1), make_player("greedy", seed=2)], 300)
    assert quiet == plain


def test_same_seed_same_decisions_and_never_out_of_order() -> None:
    for stops in (False, True):
        runs = [
            play_in_order([make_player("easy", seed=7), make_player("easy", seed=8)], 400, stops=stops) for _ in (0, 1)
        ]
        assert runs[0] == runs[1]


def test_a_careless_move_never_returns_to_a_position_of_the_turn() -> None:
    for seed in range(3):
        players = [make_player("easy", seed=seed, noise=1.0), make_player("easy", seed=seed + 9, noise=1.0)]
        assert_never_returns(Game("classic", seed=seed), players, 500)


def test_bad_noise_is_refused() -> None:
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="noise"):
            make_player("easy", seed=0, noise=bad)


def test_medium_plays_its_easy_turns_the_easy_way_and_hints_do_not() -> None:
    m = make_player("medium", seed=1)
    assert isinstance(m, MixedPlayer) and isinstance(m.greedy, SlipPlayer)
    assert m.greedy.noise == LEVEL_BUDGETS["medium"]["easy_noise"]
    assert isinstance(make_player("planner", seed=1, greedy_turns=0.5).greedy, GreedyPlayer)  # the engine: plain greedy
    assert isinstance(Hinter("easy").player, GreedyPlayer)  # hints: the greedy player without slips
