"""Helpers for the session tests: a fake clock, scripted computer players, quick setups."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from russianbank import moves as mv
from russianbank.moves import Move
from russianbank.options import options_for
from russianbank.session import Event, Seat, Session, Setup
from russianbank.view import PlayerView


def in_order(view: PlayerView) -> list[Move]:
    """The legal moves of the view that break no rule of order (worked out on a sampled deal)."""
    g = view.sample(random.Random(0))
    return [m for m in view.legal_moves if g.order_violation(m) is None]


def violations(view: PlayerView) -> list[Move]:
    g = view.sample(random.Random(0))
    return [m for m in view.legal_moves if m.src < 8 and m.dst < 8 and g.order_violation(m) is not None]


def steady(view: PlayerView) -> Move:
    """A simple in-order policy that always gets a turn over: foundation and reserve moves, then draw/discard."""
    legal = in_order(view) or list(view.legal_moves)
    for want in (mv.MOVES[mv.DISCARD], mv.MOVES[mv.DRAW], mv.MOVES[mv.PASS]):
        if want in legal and not any(m.dst == mv.FOUNDATION for m in legal):
            return want
    for m in legal:
        if m.dst == mv.FOUNDATION or m.src == mv.RESERVE:
            return m
    return legal[0]


@dataclass
class Scripted:
    """A computer player that plays ``script`` first (each move when legal), then :func:`steady`."""

    script: list[str] = field(default_factory=list)
    fail: bool = False
    shuttle: Move | None = None
    calls: int = 0
    name: str = "scripted"

    def choose(self, view: PlayerView) -> Move:
        self.calls += 1
        assert isinstance(view, PlayerView) and view.player == view.turn  # it only ever sees its own view
        if self.fail:
            raise RuntimeError("scripted failure")
        if self.shuttle is not None:
            back = Move.card(self.shuttle.dst, self.shuttle.src)
            for m in (self.shuttle, back):
                if m in view.legal_moves:
                    return m
        while self.script:
            m = Move.from_str(self.script.pop(0))
            if m in view.legal_moves:
                return m
        return steady(view)


def session(
    *,
    seed: int,
    level: str | None = "expert",
    stops: bool = False,
    preset: str = "classic",
    pace: float = 1.0,
    player: Any = None,
    seats: tuple[Seat, Seat] | None = None,
    **kw: Any,
) -> Session:
    """Person (A) against the computer (B) unless ``seats`` says otherwise; ``player`` replaces the AI."""
    if seats is None:
        seats = (Seat.person(), Seat.computer(level or "medium"))
    factory = None if player is None else (lambda _level, _seed: player)
    setup = Setup(seats, options_for(preset, stops=stops), pace=pace, make_player=factory, **kw)
    return Session(setup, seed=seed)


class Clock:
    """A fake clock that drives a session: the computer thinks at once, its moves wait for their time."""

    def __init__(self, s: Session) -> None:
        self.s = s
        self.now = 0.0
        self.events: list[Event] = []

    def take(self, events: Iterable[Event]) -> list[Event]:
        got = list(events)
        self.events.extend(got)
        return got

    def think(self) -> list[Event]:
        """Let the computer think (at once), without moving the clock."""
        got: list[Event] = []
        while True:
            job = self.s.think_job(self.now)
            if job is None:
                return got
            new = self.take(self.s.think_done(job.run(), self.now))
            got.extend(new)
            if not new:
                return got

    def tick(self) -> list[Event]:
        """Go to the next deadline and do what is due (after letting the computer think)."""
        got = self.think()
        due = self.s.next_deadline()
        if due is None:
            return got
        self.now = max(self.now, due)
        got.extend(self.take(self.s.advance(self.now)))
        got.extend(self.think())
        return got

    def until(self, cond: Any, limit: int = 2000) -> None:
        for _ in range(limit):
            if cond():
                return
            before = (self.s.state_id, self.s.next_deadline())
            self.tick()
            if (self.s.state_id, self.s.next_deadline()) == before and not cond():
                raise AssertionError("the session is idle and the condition does not hold")
        raise AssertionError("condition not reached")

    def computer_turn_over(self) -> None:
        self.take(self.s.start(self.now))
        self.until(lambda: not self.s.computer_to_move)


def texts(events: Iterable[Event], viewer: int | None = 0, lang: str = "en") -> list[str]:
    out = []
    for e in events:
        m = e.message(viewer)
        if m is not None:
            out.append(m.text(lang))
    return out
