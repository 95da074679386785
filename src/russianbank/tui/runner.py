"""The terminal's adapter over the play session: the clock, the computer's thinking, saving.

:class:`Runner` owns the :class:`~russianbank.session.Session`. It passes the session the time,
wakes it at its deadlines, runs the computer's think jobs off the UI thread, saves every move
*before* it is shown (stored before told), and hands each event to the app. The app is a
:class:`Host`: it draws, and gives the runner timers and worker threads. With a
:class:`FakeClock` (tests) there are no real timers and think jobs run at once: the test moves
the clock and calls :meth:`Runner.tick`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from ..i18n import Message
from ..session import Event, GameOver, PlayError, Session, ThinkResult
from . import save as saving


class Clock(Protocol):
    def now(self) -> float: ...


class MonotonicClock:
    """Real time."""

    fake = False

    def now(self) -> float:
        return time.monotonic()


class FakeClock:
    """Time that moves only when a test says so."""

    fake = True

    def __init__(self, start: float = 0.0) -> None:
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class Timer(Protocol):
    def stop(self) -> None: ...


class Host(Protocol):
    """What the runner needs from the app."""

    def show_events(self, events: list[Event]) -> None: ...

    def show_refusal(self, message: Message) -> None: ...

    def set_timer(self, delay: float, callback: Callable[[], None]) -> Timer: ...

    def run_thread(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None: ...


@dataclass
class Saver:
    """Writes the save file after every move (sealed deal), and keeps finished games."""

    path: Path
    enabled: bool = True
    error: str | None = None

    def tags(self, session: Session) -> dict[str, str]:
        hotseat = session.hotseat
        level = "" if session.computer is None else (session.setup.seats[session.computer].level or "")
        before = session.match_before
        return {
            "Mode": "hotseat" if hotseat else "computer",
            "Level": level,
            "A": "Player A" if hotseat else "You",
            "B": "Player B" if hotseat else f"Computer ({level})",
            "MatchA": str(before.a),
            "MatchB": str(before.b),
            "MatchGames": str(before.games),
            "Pace": f"{session.pace:g}",
            "Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
        }

    def save(self, session: Session) -> bool:
        """Write the game; False (and ``error`` set) if it could not be written."""
        if not self.enabled:
            return True
        try:
            text = saving.sealed_record(session.record_text(self.tags(session)), session.seed, self.path.parent)
            saving.write_atomic(self.path, text, mode=0o600)
        except OSError as e:
            self.error = f"{self.path}: {e.strerror or e}"
            return False
        self.error = None
        return True

    def archive(self, session: Session) -> None:
        """Keep a finished game as an ordinary record (with its seed: nothing is hidden any more)."""
        if not self.enabled:
            return
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        try:
            saving.archive(session.record_text(self.tags(session)), f"{stamp}-seed{session.seed}.txt")
        except OSError as e:
            self.error = f"{saving.data_dir() / 'games'}: {e.strerror or e}"


class Runner:
    """Drives one session after another (the games of a match) for the terminal app."""

    def __init__(self, session: Session, host: Host, clock: Clock, saver: Saver) -> None:
        self.session = session
        self.host = host
        self.clock = clock
        self.saver = saver
        self.paused = False
        self._timer: Timer | None = None
        self._thinking = False
        self._hinting = False
        self._busy_depth = 0

    @property
    def fake(self) -> bool:
        return bool(getattr(self.clock, "fake", False))

    @property
    def now(self) -> float:
        return self.clock.now()

    @property
    def busy(self) -> bool:
        """Whether the computer (or a hint) is being thought of in a thread."""
        return self._thinking or self._hinting

    # ------------------------------------------------------------- requests

    def start(self) -> None:
        self.handle(self.session.start(self.now))

    def request(self, call: Callable[..., list[Event]], *args: Any) -> bool:
        """Make a session request with the current time; a refusal is shown. True if it was accepted."""
        try:
            events = call(*args, self.now)
        except PlayError as e:
            self.host.show_refusal(e.message)
            return False
        self.handle(events)
        return True

    def hint(self, seat: int) -> None:
        try:
            job = self.session.hint_job(seat)
        except PlayError as e:
            self.host.show_refusal(e.message)
            return
        if self.fake:
            self.handle(self.session.hint_done(job, job.run()))
            return
        self._hinting = True
        session = self.session

        def done(moves: Any) -> None:
            self._hinting = False
            if self.session is session and isinstance(moves, tuple):
                self.handle(session.hint_done(job, moves))

        self.host.run_thread(job.run, done)

    def next_game(self) -> None:
        self.session = self.session.next_game(self.now)
        self.saver.save(self.session)
        self.start()

    def replace(self, session: Session) -> None:
        """Play ``session`` from now on (a resumed or rebuilt game)."""
        self._cancel_timer()
        self.session = session

    # ------------------------------------------------------------- the flow

    def handle(self, events: list[Event]) -> None:
        """Save what must be stored, then show the events, then carry on."""
        if any(e.persist for e in events) and not self.saver.save(self.session):
            self.session.rollback(events)
            self.host.show_refusal(Message("play.tui.save_failed", {"error": self.saver.error or ""}))
            self.kick()
            return
        if any(isinstance(e, GameOver) for e in events):
            self.saver.archive(self.session)
        self.host.show_events(events)
        self.kick()

    def kick(self) -> None:
        """Start what the session needs next: the computer's thinking, the timer for its deadline."""
        if self.paused:
            self._cancel_timer()
            return
        s = self.session
        if self.fake:
            if self._busy_depth:
                return
            self._busy_depth += 1
            try:
                while (job := s.think_job(self.now)) is not None:
                    events = s.think_done(job.run(), self.now)
                    if events:
                        self.handle(events)
            finally:
                self._busy_depth -= 1
            return
        if not self._thinking:
            job = s.think_job(self.now)
            if job is not None:
                self._thinking = True
                self.host.run_thread(job.run, lambda result: self._thought(s, result))
        self._schedule()

    def _thought(self, session: Session, result: Any) -> None:
        self._thinking = False
        if session is not self.session or not isinstance(result, ThinkResult):
            self.kick()
            return
        self.handle(session.think_done(result, self.now))

    def tick(self) -> None:
        """Do what is due now."""
        self._timer = None
        if self.paused:
            return
        events = self.session.advance(self.now)
        if events:
            self.handle(events)
        else:
            self.kick()

    def _schedule(self) -> None:
        self._cancel_timer()
        due = self.session.next_deadline()
        if due is not None:
            self._timer = self.host.set_timer(max(0.001, due - self.now), self.tick)

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def pause(self) -> None:
        self.paused = True
        self._cancel_timer()

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            self.tick()
