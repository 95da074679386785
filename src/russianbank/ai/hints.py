"""Hints that never go round in circles.

A :class:`Hinter` belongs to one seat of one game. Within a turn it follows one
plan: asked again at a position its plan leads to, it gives the rest of that
plan; asked anywhere else (the person played something else, or a card was
drawn), it plans anew from there, and the new plan never passes through a
position already reached in the turn. Every position it is shown counts as
reached: a caller that passes each view after every move (:meth:`Hinter.observe`)
gets the guarantee for moves made without asking too; a caller that only asks
for hints gets it for every position it asked about and every position the hints
led to.

>>> from russianbank import Game
>>> g = Game("classic", seed=3)
>>> h = Hinter(level="medium")
>>> plan = h.hint(g.view(g.turn))
>>> plan[0] in g.legal_moves()
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..moves import Move
from ..view import PlayerView
from .common import TurnMemory, in_order, public_key, sample_game
from .common import ends_segment as _ends_segment
from .levels import make_player


class Hinter:
    """Hints for one seat: one plan per turn, never back to a position already reached in it."""

    def __init__(self, level: str = "hard", seed: int | None = 0, **budget: Any) -> None:
        self.level = level
        player = make_player(level, seed=seed, **budget)
        self.player = getattr(player, "strong", player)  # a level's search, without its easy turns
        self.memory = TurnMemory()
        self.player.seen = self.memory  # the player's searches avoid what this hinter has seen
        self._plan: tuple[object, list[Move]] | None = None  # (position it starts from, moves)

    @staticmethod
    def _mover_view(view: PlayerView) -> PlayerView | None:
        if not isinstance(view, PlayerView):
            raise TypeError(f"a hint needs a PlayerView, not {type(view).__name__}")
        if view.outcome is not None or not view.legal_moves or view.player not in (None, view.turn):
            return None
        if view.player is None:
            view = dataclasses.replace(view, player=view.turn)
        return view

    def observe(self, view: PlayerView) -> None:
        """Note the position of ``view`` as reached in its turn (call it after every move for the guarantee)."""
        v = self._mover_view(view)
        if v is not None:
            self.memory.visit(v, sample_game(v, self.player.rng))

    def hint(self, view: PlayerView) -> list[Move]:
        """The suggested moves for the side on move: the next move first, then the rest of the plan.

        [] when the game is over or the view is not the mover's (nor a spectator's).
        """
        v = self._mover_view(view)
        if v is None:
            return []
        g = sample_game(v, self.player.rng)
        key = public_key(g)
        self.memory.visit(v, g)
        moves = in_order(v, g)
        if self._plan is not None and self._plan[0] == key and self._plan[1] and self._plan[1][0] in moves:
            plan = self._plan[1]
        else:
            plan = self._new_plan(v, moves)
        self._keep(v, plan)
        return list(plan)

    def _new_plan(self, view: PlayerView, moves: list[Move]) -> list[Move]:
        if len(moves) == 1:
            return moves
        self.player._cache = None
        plan_of = getattr(self.player, "plan", None)
        plan: list[Move] = plan_of(view) if plan_of is not None else []
        if plan and plan[0] in moves:
            return plan
        return [self.player.choose(view)]

    def _keep(self, view: PlayerView, plan: list[Move]) -> None:
        """Remember where the plan goes next, so the next hint there continues it."""
        self._plan = None
        if len(plan) < 2:
            return
        g = sample_game(view, self.player.rng)
        first = plan[0]
        if _ends_segment(g, first):
            return
        g.push_unchecked(first)
        self._plan = (public_key(g), plan[1:])


def hint(view: PlayerView, level: str = "hard", hinter: Hinter | None = None) -> list[Move]:
    """Suggested moves for the side on move: the best move first, then the rest of its plan.

    Pass the seat's :class:`Hinter` (kept for the whole game) for hints that follow one
    plan per turn and never lead back to a position already reached in it; without
    one, a fresh hinter answers (the same view always gets the same hint).
    Returns [] when the game is over or the view is not the mover's.
    """
    return (hinter or Hinter(level)).hint(view)


__all__ = ["Hinter", "hint"]
