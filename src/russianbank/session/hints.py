"""One hint plan per seat: each person's seat keeps its own :class:`russianbank.ai.Hinter` for the
whole game and shows it every position the seat is on move in, so that playing the hint over and
over follows one plan per turn and never goes back to a position the turn has reached (docs/ai.md).

The hinter thinks inside :meth:`HintJob.run <russianbank.session.setup.HintJob.run>`, which may
run in another thread. So the session never touches a hinter while a job has it: it notes the
seat's views (immutable snapshots) and the job shows them to the hinter before it thinks; the
job gives the hinter back through :meth:`Session.hint_done <russianbank.session.Session.hint_done>`.
A job that never comes back costs only its memory: the next job starts a fresh hinter and shows it
every position of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..moves import Move
from ..view import PlayerView

if TYPE_CHECKING:
    from ..ai import Hinter


@dataclass(eq=False)
class HintLease:
    """The hinter lent to one job, and the views it has still to be shown (all of this seat's turn)."""

    level: str
    hinter: Hinter | None
    views: tuple[PlayerView, ...]
    generation: int
    upto: int

    def think(self, view: PlayerView) -> tuple[Move, ...]:
        """Show the hinter the positions it has not seen, then hint at ``view`` (slow; any thread)."""
        from ..ai import Hinter

        if self.hinter is None:
            self.hinter = Hinter(self.level, seed=0)
        for seen in self.views:
            self.hinter.observe(seen)
        return tuple(self.hinter.hint(view))


@dataclass(eq=False)
class SeatHints:
    """One seat's hinter and the positions of its current turn (see the module docstring)."""

    level: str
    _hinter: Hinter | None = None
    _lent: HintLease | None = None
    _views: list[PlayerView] = field(default_factory=list)  # the seat on move, this turn, in order
    _turn: int | None = None
    _generation: int = 0
    _told: int = 0  # how many of ``_views`` the kept hinter has been shown

    def observe(self, view: PlayerView) -> None:
        """Note a position the seat is on move in (the session calls this after every change)."""
        if view.turn_no != self._turn:
            self._turn = view.turn_no
            self._views = []
            self._told = 0
            self._generation += 1
        self._views.append(view)

    def forget_after(self, plies: int) -> None:
        """Forget the positions after the game's first ``plies`` moves (a view's history has one entry
        per move): a rollback took them back, so they were never reached. A hinter that may have
        been shown one of them (kept or lent out) is let go; the next job starts a fresh one, shown
        the turn as it now stands."""
        keep = [v for v in self._views if len(v.history) <= plies]
        if len(keep) == len(self._views):
            return
        shown = self._lent is not None or any(len(v.history) > plies for v in self._views[: self._told])
        self._views = keep
        if shown:
            self._hinter = None
            self._lent = None  # a job still out gives back a hinter that saw them: not kept
            self._told = 0

    def lend(self) -> HintLease:
        """The hinter for a new job, with the views it has not been shown yet.

        If an earlier job still has the hinter, this job gets a fresh one shown the whole turn.
        """
        n = len(self._views)
        if self._lent is None and self._hinter is not None:
            lease = HintLease(self.level, self._hinter, tuple(self._views[self._told :]), self._generation, n)
        else:
            lease = HintLease(self.level, None, tuple(self._views), self._generation, n)
        self._hinter = None
        self._lent = lease
        return lease

    def give_back(self, lease: HintLease) -> None:
        """A job is done (whatever its result): keep its hinter if it is the latest one lent."""
        if lease is not self._lent:
            return
        self._lent = None
        self._hinter = lease.hinter
        self._told = lease.upto if lease.generation == self._generation else 0  # a new turn: shown nothing of it
