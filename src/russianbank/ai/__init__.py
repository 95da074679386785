"""Computer players for Russian Bank, from beginner to expert.

>>> from russianbank.game import Game
>>> from russianbank.ai import make_player
>>> g = Game("classic", seed=3)
>>> move = make_player("medium", seed=7).choose(g.view(g.turn))
>>> move in g.legal_moves()
True

Players only ever get a :class:`~russianbank.view.PlayerView`, never the game
(fairness, RULES.md V1-V3). To look at what they cannot see they deal the
hidden cards at random from the view (``view.sample(rng)``), reproducibly
from their seed.
"""

from __future__ import annotations

from typing import Protocol

from ..moves import Move
from ..view import PlayerView
from .greedy import GreedyPlayer, RandomPlayer
from .hints import Hinter, hint
from .levels import ENGINES, LEVEL_BUDGETS, LEVELS, BeginnerPlayer, make_player
from .stops import ATTENTIVENESS, StopCaller


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


def make_stop_caller(level: str, seed: int | None = 0) -> StopCaller:
    """The Stop caller of a level (``beginner`` .. ``expert``)."""
    return StopCaller(level, seed)


__all__ = [
    "ATTENTIVENESS",
    "ENGINES",
    "LEVELS",
    "LEVEL_BUDGETS",
    "BeginnerPlayer",
    "GreedyPlayer",
    "Hinter",
    "Player",
    "RandomPlayer",
    "StopCaller",
    "hint",
    "make_player",
    "make_stop_caller",
]
