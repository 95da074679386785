"""A game as a sequence of decisions, for the environments (no numpy, no gym).

Russian Bank is not strictly turn-by-turn for an agent: the player on move
makes many moves in a turn, and in the stops mode the *other* player may
call Stop! at any moment from the first violation of the turn until the turn
ends (S1). :class:`Table` turns this into a plain sequence of decisions,
each made by one player:

* The player on move decides a move (any legal move, as
  :meth:`Game.legal_moves` lists them).
* In the stops mode, after every move of the player on move that leaves the
  turn with a violation in it (a founded Stop, :meth:`Game.can_stop`), the
  other player decides: ``stop`` (call Stop!) or ``no-stop`` (let play go
  on). So the chance to Stop comes after each move of the violating turn
  until it ends, which is exactly the window S1 gives; a turn without a
  violation never asks, since an unfounded Stop is refused and changes
  nothing (S2). Whether a violation is pending is public (anyone watching
  can work it out), so the offer reveals nothing a view does not show.
  A violation by the move that ends the turn or wins (a discard, a pass)
  is never offered: the turn is already over (S1).
* After an upheld Stop the caller is on move (S3).
"""

from __future__ import annotations

from typing import Any

from ..errors import IllegalMoveError
from ..game import Game
from ..moves import Move
from . import codec


class Table:
    """Whose decision it is, which actions it allows, and playing them."""

    def __init__(self, game: Game, allow_resign: bool = False) -> None:
        self.game = game
        self.allow_resign = allow_resign
        #: True while the player not on move decides whether to call Stop.
        self.stop_offer = False
        #: Decisions made so far (``no-stop`` included).
        self.steps = 0

    @property
    def over(self) -> bool:
        return self.game.is_over()

    @property
    def acting(self) -> int | None:
        """The player (0 = A, 1 = B) whose decision it is, or None once the game is over."""
        if self.game.is_over():
            return None
        return 1 - self.game.turn if self.stop_offer else self.game.turn

    def legal_actions(self) -> list[int]:
        """The actions the acting player may take now, in codec order (empty once the game is over)."""
        if self.game.is_over():
            return []
        if self.stop_offer:
            acts = [codec.STOP, codec.NO_STOP]
        else:
            acts = [codec.move_to_action(m) for m in self.game.legal_moves()]
        if self.allow_resign:
            acts.append(codec.RESIGN)
        return sorted(acts)

    def play(self, action: object) -> Move | None:
        """Play the acting player's ``action``; returns the engine move (None for ``no-stop``).

        An action that is not legal now raises :class:`IllegalMoveError` (an
        action outside the codec :class:`InvalidMoveError`) and changes nothing.
        """
        a = codec.check_action(action)
        if a not in self.legal_actions():
            raise self._refusal(a)
        move = codec.action_to_move(a, on_move=not self.stop_offer)
        if move is not None:
            self.game.push(move)
        self.steps += 1
        offered_to_non_mover = self.stop_offer
        self.stop_offer = False
        if move is not None and not offered_to_non_mover and not self.game.is_over():
            self.stop_offer = self.game.options.stops and self.game.can_stop()
        return move

    def forfeit(self) -> None:
        """The acting player resigns (how an environment may answer an illegal action)."""
        if self.game.is_over():
            raise self._refusal(codec.RESIGN)
        self.game.push(Move.from_str("oresign" if self.stop_offer else "resign"))
        self.stop_offer = False
        self.steps += 1

    def _refusal(self, a: int) -> IllegalMoveError:
        said: dict[str, Any] = {"action": a, "name": codec.ACTION_NAMES[a]}
        if self.game.is_over():
            return IllegalMoveError("env.refuse.over", said, rule="D1")
        if a == codec.RESIGN:
            return IllegalMoveError("env.refuse.resign", said)
        if self.stop_offer:
            choices = f"stop = {codec.STOP}, no-stop = {codec.NO_STOP}"
            return IllegalMoveError("env.refuse.stop_offer", {"choices": choices, **said}, rule="S1")
        if a in (codec.STOP, codec.NO_STOP):
            return IllegalMoveError("env.refuse.no_offer", said, rule="S1")
        err = self.game.refusal(codec.ACTION_MOVES[a])
        assert err is not None  # legal_actions lists every legal move
        return IllegalMoveError(
            "env.refuse.move", {"rule_id": err.rule, "reason": err.message, **said}, rule=err.rule, move=err.move
        )

    def returns(self, reward: str) -> tuple[float, float]:
        """What the finished game gives A and B: ``win`` +1/-1 (0 for a draw), ``score`` +/- the D2 score."""
        out = self.game.outcome()
        if out is None or out.winner is None:
            return (0.0, 0.0)
        value = 1.0 if reward == "win" else float(out.score.total if out.score is not None else 0)
        return (value, -value) if out.winner == 0 else (-value, value)
