"""The computer's seat: its player and Stop caller, thinking jobs, and the guard against an
endless turn.

The computer thinks only with its seat's :class:`~russianbank.view.PlayerView` (fairness,
RULES.md V2). Thinking may be slow, so it is a job the adapter runs where it likes (a
thread, an executor, or inline): :meth:`ThinkJob.run` touches nothing but the view and the
computer player, and the session checks its result against the current state before it
plays it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import moves as mv
from ..game import Game
from ..moves import Move
from ..view import PlayerView

#: A computer turn longer than this ends (or makes progress) at the next chance. The players
#: themselves only make progress after 150 moves in a turn; this is the safety net behind them.
MAX_COMPUTER_MOVES_PER_TURN = 200
_TURN_ENDING = (mv.DRAW, mv.DISCARD, mv.PASS)  # a draw leads to a discard
_PROGRESS = {mv.FOUNDATION: 0, mv.RESERVE: 1, mv.HAND: 2}


class ComputerSeat:
    """The computer player of one seat and, in a game with Stop, its Stop caller."""

    def __init__(
        self, seat: int, level: str, seed: int, stops: bool, factory: Callable[[str, int], Any] | None = None
    ) -> None:
        from ..ai import make_player, make_stop_caller

        self.seat = seat
        self.level = level
        self.player: Any = factory(level, seed) if factory is not None else make_player(level, seed=seed)
        self.caller: Any = make_stop_caller(level, seed=seed + 1) if stops else None

    def stop_delay(self, view: PlayerView) -> float | None:
        """After how many seconds the computer calls Stop on the other side's violation (None: never)."""
        if self.caller is None:
            return None
        delay = self.caller.decide(view)
        return None if delay is None else max(0.0, float(delay))


@dataclass(frozen=True)
class ThinkResult:
    """What a :class:`ThinkJob` came up with: a move, or the error the player raised."""

    job: ThinkJob
    move: Move | None
    error: str | None


@dataclass(frozen=True, eq=False)
class ThinkJob:
    """One move for the computer to think of, from a snapshot of its view."""

    view: PlayerView
    state_id: int
    started: float  # the adapter's clock when the job was handed out
    player: Any

    def run(self) -> ThinkResult:
        """Think (slow; any thread). Never raises: a failing player is reported in the result."""
        try:
            move = self.player.choose(self.view)
        except Exception as e:  # the computer player failed: the session reports it and plays on
            return ThinkResult(self, None, f"{type(e).__name__}: {e}")
        if not isinstance(move, Move):
            return ThinkResult(self, None, f"the player returned {move!r}, not a move")
        return ThinkResult(self, move, None)


class TurnGuard:
    """Counts the positions of the current turn, so that a computer player moving cards back and
    forth for ever is stopped: its move is replaced when it would bring back a position the turn
    has had twice, or when the turn is very long."""

    def __init__(self) -> None:
        self.turn_no = -1
        self.seen: Counter[Any] = Counter()
        self.moves = 0

    def note(self, game: Game) -> None:
        """Count the position ``game`` is in now (after a move)."""
        if game.turn_no != self.turn_no:
            self.turn_no = game.turn_no
            self.seen.clear()
            self.moves = 0
        else:
            self.moves += 1
        self.seen[game.key()] += 1

    def reset(self) -> None:
        self.turn_no = -1
        self.seen.clear()
        self.moves = 0

    def check(self, game: Game, move: Move) -> Move:
        """``move`` if it is fine, else a turn-ending move (draw, discard, pass), or when there is none
        a move that makes progress (to a foundation, from the reserve or the hand), else the one to the
        position the turn has seen least."""
        if move.code in _TURN_ENDING:
            return move
        if game.turn_no != self.turn_no:
            self.note(game)
        if self._seen_after(game, move) < 2 and self.moves < MAX_COMPUTER_MOVES_PER_TURN:
            return move
        legal = game.legal_moves()
        ending = [m for m in legal if m.code in _TURN_ENDING]
        if ending:
            return ending[0]

        def rank(m: Move) -> tuple[int, int]:
            where = m.dst if m.dst == mv.FOUNDATION else m.src
            return (_PROGRESS.get(where, 3), self._seen_after(game, m))

        return min(legal, key=rank)

    def _seen_after(self, game: Game, move: Move) -> int:
        game.push_unchecked(move)
        key = game.key()
        game.pop()
        return self.seen.get(key, 0)
