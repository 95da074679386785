"""How a session is played (the same for every game of its match), and the pace's limits."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..moves import Move
from ..options import Options
from ..view import PlayerView
from .errors import PlayError
from .hints import HintLease
from .seats import Seat, Seating, SeatKind

MAX_PACE = 10.0  # seconds between the computer's moves, at most


def check_pace(pace: object) -> float:
    """``pace`` as seconds between the computer's moves; a :class:`PlayError` unless 0..10."""
    if isinstance(pace, bool) or not isinstance(pace, int | float) or not math.isfinite(pace):
        raise PlayError("play.pace.bad", value=str(pace)[:20], max=int(MAX_PACE))
    if not 0 <= pace <= MAX_PACE:
        raise PlayError("play.pace.bad", value=f"{pace:g}", max=int(MAX_PACE))
    return float(pace)


@dataclass(frozen=True)
class Setup:
    """How a session is played; the same for every game of its match.

    ``ai_seed`` makes the computer's choices reproducible (None: drawn from the deal's seed).
    ``stop_delay_scale`` multiplies the computer's Stop delays (the level's attentiveness).
    ``undo`` allows taking moves back; by default against the computer and at one keyboard,
    not against a friend elsewhere (who has seen the move). ``make_player(level, seed)`` builds
    the computer player instead of :func:`russianbank.ai.make_player` (another engine, a
    scripted player in a test); it gets only :class:`~russianbank.view.PlayerView` objects.
    """

    seats: tuple[Seat, Seat]
    options: Options
    pace: float = 0.5
    hint_level: str = "hard"
    ai_seed: int | None = None
    stop_delay_scale: float = 1.0
    undo: bool | None = None
    make_player: Callable[[str, int], Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        Seating(self.seats)  # validates
        check_pace(self.pace)
        if not (math.isfinite(self.stop_delay_scale) and self.stop_delay_scale >= 0):
            raise ValueError(f"stop_delay_scale must be a finite number >= 0, not {self.stop_delay_scale}")

    @property
    def undo_allowed(self) -> bool:
        if self.undo is not None:
            return self.undo
        return not any(s.kind is SeatKind.REMOTE for s in self.seats)


@dataclass(frozen=True, eq=False)
class HintJob:
    """A hint to think of for ``seat`` (slow; run it anywhere, then :meth:`Session.hint_done`)."""

    seat: int
    view: PlayerView
    state_id: int
    level: str
    lease: HintLease | None = None  # the seat's hinter (one plan per turn); None: a stateless hint

    def run(self) -> tuple[Move, ...]:
        """The AI's suggestion: the best move first, then the rest of its plan (following the seat's
        plan for the turn, never back to a position the turn has reached)."""
        if self.lease is not None:
            return self.lease.think(self.view)
        from ..ai import hint

        return tuple(hint(self.view, level=self.level))
