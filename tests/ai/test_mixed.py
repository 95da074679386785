"""Levels between two players: a share of the turns played the easy (greedy) way."""

from __future__ import annotations

import pytest
from inorder import play_in_order

from russianbank.ai import Hinter, make_player
from russianbank.ai.greedy import GreedyPlayer
from russianbank.ai.levels import MixedPlayer
from russianbank.ai.planner import PlannerPlayer
from russianbank.game import Game


class Tally:
    """Wraps a player and counts the turns it was asked to move in."""

    def __init__(self, player: object) -> None:
        self.player = player
        self.turns: set[int] = set()

    def choose(self, view):  # type: ignore[no-untyped-def]
        self.turns.add(view.turn_no)
        return self.player.choose(view)  # type: ignore[attr-defined]


def test_a_share_of_whole_turns_goes_to_greedy() -> None:
    p = make_player("planner", seed=3, node_budget=200, greedy_turns=0.5)
    assert isinstance(p, MixedPlayer) and isinstance(p.strong, PlannerPlayer)
    assert p.share == 0.5 and p.strong.node_budget == 200
    p.strong = Tally(p.strong)
    p.greedy = Tally(p.greedy)  # type: ignore[assignment]
    play_in_order([p, make_player("greedy", seed=4)], 600)
    easy, hard = p.greedy.turns, p.strong.turns  # type: ignore[attr-defined]
    assert easy and hard and not easy & hard  # every turn is played by one of the two, whole
    assert 0.25 < len(easy) / len(easy | hard) < 0.75


def test_the_ends_of_the_range_are_the_two_players() -> None:
    # share 0 is the strong player itself, move for move; share 1 plays every turn greedily
    plain = play_in_order([make_player("planner", seed=1, node_budget=200), make_player("easy", seed=2)], 120)
    zero = play_in_order(
        [make_player("planner", seed=1, node_budget=200, greedy_turns=0.0), make_player("easy", seed=2)], 120
    )
    assert plain == zero
    assert isinstance(make_player("medium", seed=1), MixedPlayer)  # the level between easy and hard
    assert isinstance(make_player("hard", seed=1, greedy_turns=0.2), MixedPlayer)
    assert not isinstance(make_player("medium", seed=1, greedy_turns=0.0), MixedPlayer)
    one = make_player("planner", seed=1, node_budget=200, greedy_turns=1.0)
    assert isinstance(one, MixedPlayer) and isinstance(one.greedy, GreedyPlayer)
    twin = GreedyPlayer(0)
    twin.rng.setstate(one.greedy.rng.getstate())
    assert play_in_order([one, make_player("easy", seed=2)], 120) == play_in_order(
        [twin, make_player("easy", seed=2)], 120
    )


def test_same_seed_same_decisions() -> None:
    def game(seed: int) -> list[str]:
        a = make_player("planner", seed=seed, node_budget=200, greedy_turns=0.3)
        return play_in_order([a, make_player("greedy", seed=seed + 1)], 150)

    assert game(7) == game(7)


def test_bad_share_is_refused() -> None:
    for bad in (-0.1, 1.5):
        with pytest.raises(ValueError, match="greedy_turns"):
            make_player("medium", seed=0, greedy_turns=bad)
    with pytest.raises(ValueError, match="easy_noise"):  # careless easy turns without easy turns: not ignored
        make_player("planner", seed=0, easy_noise=0.25)
    with pytest.raises(ValueError):
        make_player("easy", seed=0, greedy_turns=0.5)  # greedy has no easy turns to take


def test_hints_use_the_search_without_the_easy_turns() -> None:
    h = Hinter("medium", node_budget=200, greedy_turns=1.0)
    assert isinstance(h.player, PlannerPlayer)
    g = Game("classic", seed=3)
    plan = h.hint(g.view(g.turn))
    assert plan and plan[0] in g.view(g.turn).legal_moves
