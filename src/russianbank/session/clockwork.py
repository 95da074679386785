"""The computer's clock work: its outstanding think job, its next move waiting for the pace, its Stop."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..moves import Move
from .computer import ThinkJob
from .events import Event


@dataclass
class StopTimer:
    """The computer's Stop on the violation at ``violation`` (a move index) of turn ``turn_no``."""

    due: float
    turn_no: int
    violation: int


@dataclass
class PendingMove:
    """The computer's next move, thought of for state ``state_id``, to be played at ``due``."""

    due: float
    move: Move
    state_id: int
    notice: Event | None = None


@dataclass
class Clockwork:
    """What the computer is doing and when; everything here is dropped when it no longer applies."""

    job: ThinkJob | None = None
    pending: PendingMove | None = None
    stop: StopTimer | None = None
    stops_decided: set[tuple[int, int]] = field(default_factory=set)
    skip_turn: int | None = None  # the turn whose remaining moves are played at once

    def next_deadline(self) -> float | None:
        times = [x.due for x in (self.pending, self.stop) if x is not None]
        return min(times) if times else None

    def next_due(self, now: float) -> PendingMove | StopTimer | None:
        """The first thing due by ``now``, taken off the clock."""
        due = [x for x in (self.pending, self.stop) if x is not None and x.due <= now]
        if not due:
            return None
        first = min(due, key=lambda x: x.due)
        if first is self.pending:
            self.pending = None
        else:
            self.stop = None
        return first

    def changed(self, turn_no: int, over: bool) -> None:
        """The game changed: a waiting move was for the old state; a Stop only for its own turn."""
        self.pending = None
        if self.stop is not None and (over or turn_no != self.stop.turn_no):
            self.stop = None

    def game_over(self) -> None:
        self.job = None
        self.pending = None
        self.stop = None
