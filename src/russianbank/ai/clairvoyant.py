"""The clairvoyant: a reference player that sees every card, for measurement only.

It thinks exactly as the expert does, but every game it searches is the real
one, face-down cards included, instead of a deal drawn at random from its view.
Matched against the same opponent on the same deals as the expert, it shows how
much of the expert's gap to a perfect player is missing information and how
much is play.

It is not fair and is never offered to people: :func:`russianbank.ai.make_player`
(what the web app and the terminal game use) does not know it; only the match
runner's roster (:mod:`russianbank.ai.roster`) fields it, and the runner shows
it the game before every move (:meth:`ClairvoyantPlayer.watch`).

Its default budget is the ``expert`` level's (``LEVEL_BUDGETS["expert"]``: the search order
included) with more of it (:data:`CLAIRVOYANT_BUDGET`): twice the candidate plans, a deeper search
of the segment and the play-outs, and each play-out one turn longer. A search that sees every card
gains from a bigger budget where the fair expert does not (more candidates let it pick the plan
that suits the cards really coming: docs/ai.md, *Tried and dropped*), so the reference is the
stronger search. It deals once: its one deal is the real game. Keywords override the budget as for the expert.
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..view import PlayerView
from .expert import ExpertPlayer
from .levels import LEVEL_BUDGETS

#: What the clairvoyant changes of the expert level's budget (docs/ai.md, *Engines and reference players*).
CLAIRVOYANT_BUDGET: dict[str, Any] = {
    "samples": 1,
    "min_samples": 1,
    "candidates": 6,
    "margin": 4.0,
    "node_budget": 10000,
    "rollout_budget": 1000,
    "after_reply": 1,
}


class ClairvoyantPlayer(ExpertPlayer):
    """The expert's search on the real game instead of on sampled deals."""

    name = "clairvoyant"
    #: The match runner calls :meth:`watch` with the real game before each move.
    needs_game = True

    def __init__(self, seed: int | None = 0, **budget: Any) -> None:
        super().__init__(seed, **{**LEVEL_BUDGETS["expert"], **CLAIRVOYANT_BUDGET, **budget})
        self._game: Game | None = None

    def watch(self, game: Game) -> None:
        """Show the player the real game (it reads it at its next move)."""
        if not isinstance(game, Game):
            raise TypeError(f"the clairvoyant watches a Game, not {type(game).__name__}")
        self._game = game

    def _sample(self, view: PlayerView) -> Game:
        g = self._game
        if g is None or g.turn_no != view.turn_no or len(g.move_stack) != len(view.history) or g.turn != view.turn:
            raise ValueError("the clairvoyant must watch the game it is asked about (call watch(game) first)")
        options = g.options.with_changes(stops=False) if g.options.stops else g.options
        return Game.from_state(g.state(), options)


__all__ = ["CLAIRVOYANT_BUDGET", "ClairvoyantPlayer"]
