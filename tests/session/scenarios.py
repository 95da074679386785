"""Scenarios of play that any adapter can be driven through, so that "the same test through the
terminal app and the web server gives the same messages".

A :class:`Scenario` is a deal, a computer level and a pace, and a *policy*: what the person at
seat A does, decided from nothing but what that person sees (their
:class:`~russianbank.view.PlayerView`) and the policy's own memory. An adapter's test supplies a
:class:`Driver` that turns the policy's actions into the adapter's input (keys, websocket
messages) and reports every message the adapter showed the person. :func:`run` plays the
scenario; :class:`SessionDriver` is the reference, straight on :class:`~russianbank.session.Session`
with a fake clock. Compare an adapter's messages with the reference's (:func:`reference`).

Time is fake in every driver: the computer thinks at once, and ``wait`` moves the clock to the
session's next deadline. Use it from another test folder with::

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session"))
    from scenarios import SCENARIOS, run, reference
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from russianbank import moves as mv
from russianbank.i18n import Message
from russianbank.moves import Move
from russianbank.options import Options, options_for
from russianbank.session import Event, PlayError, Seat, Session, Setup
from russianbank.view import PlayerView

#: The person's actions: ("move", "RF"), ("stop",), ("undo",), ("hint",), ("resign",), ("wait",).
Action = tuple[str, ...]


class Driver(Protocol):
    """One adapter, seen from the person's chair (seat A)."""

    def view(self) -> PlayerView:
        """What the person sees now."""

    def act(self, action: Action) -> None:
        """Do ``action`` through the adapter's own input (a refusal is a message, not an exception)."""

    def wait(self) -> None:
        """Let the computer think, then let the clock run to the game's next deadline."""

    def messages(self) -> list[Message]:
        """Every message the adapter has shown the person so far, in order."""


@dataclass
class Memory:
    """What a policy remembers between its decisions."""

    actions: int = 0
    stops_called: set[tuple[int, int]] = field(default_factory=set)
    seen_violation_turn: int | None = None
    late_stops: int = 0
    founded_stops: int = 0
    script: list[Action] | None = None


Policy = Callable[[PlayerView, Memory], Action]


@dataclass(frozen=True)
class Scenario:
    name: str
    policy: Policy
    preset: str = "classic"
    stops: bool = False
    level: str = "easy"
    seed: int = 1
    ai_seed: int = 1
    pace: float = 1.0
    stop_delay_scale: float = 1.0
    max_actions: int = 400

    @property
    def options(self) -> Options:
        return options_for(self.preset, stops=self.stops)

    def setup(self) -> Setup:
        """The session setup every driver must use."""
        return Setup(
            (Seat.person(), Seat.computer(self.level)),
            self.options,
            pace=self.pace,
            ai_seed=self.ai_seed,
            stop_delay_scale=self.stop_delay_scale,
            hint_level="easy",
        )


def _in_order(view: PlayerView) -> list[Move]:
    g = view.sample(random.Random(0))
    return [m for m in view.legal_moves if g.order_violation(m) is None]


def steady_move(view: PlayerView) -> Move:
    """In order, and always getting the turn over: foundations and the reserve first, then draw and discard."""
    legal = _in_order(view) or list(view.legal_moves)
    if not any(m.dst == mv.FOUNDATION for m in legal):
        for code in (mv.DISCARD, mv.DRAW, mv.PASS):
            if mv.MOVES[code] in legal:
                return mv.MOVES[code]
    for m in legal:
        if m.dst == mv.FOUNDATION or m.src == mv.RESERVE:
            return m
    return legal[0]


def stop_in_the_pause(view: PlayerView, mem: Memory) -> Action:
    """Call Stop! as soon as the computer breaks a rule (it is then waiting to play its next move);
    otherwise play steadily; resign after two founded Stops."""
    if view.outcome is not None:
        return ("wait",)
    if view.turn == 1:
        pv = view.pending_violation
        if pv is not None and (view.turn_no, pv[1]) not in mem.stops_called:
            mem.stops_called.add((view.turn_no, pv[1]))
            mem.founded_stops += 1
            return ("stop",)
        return ("wait",)
    if mem.founded_stops >= 2:
        return ("resign",)
    return ("move", str(steady_move(view)))


def stop_too_late(view: PlayerView, mem: Memory) -> Action:
    """Watch the computer's turn break a rule, say nothing until the person's own turn, then call Stop!
    (too late, S1); after two late Stops, resign."""
    if view.outcome is not None:
        return ("wait",)
    if view.turn == 1:
        if view.pending_violation is not None:
            mem.seen_violation_turn = view.turn_no
        return ("wait",)
    if mem.seen_violation_turn is not None and mem.seen_violation_turn == view.turn_no - 1:
        mem.seen_violation_turn = None
        mem.late_stops += 1
        return ("stop",)
    if mem.late_stops >= 2:
        return ("resign",)
    return ("move", str(steady_move(view)))


def undo_and_hints(view: PlayerView, mem: Memory) -> Action:
    """Ask for a hint, make a tableau move and take it back, try to take back what cannot be (nothing,
    then a draw), try Stop! in a strict game and an impossible move, then play on steadily and resign."""
    if view.outcome is not None or view.turn == 1:
        return ("wait",)
    if mem.script is None:
        tableau = [m for m in view.legal_moves if m.src < 8 and m.dst < 8]
        mem.script = [("hint",), ("undo",), ("stop",)]
        if tableau:
            mem.script += [("move", str(tableau[0])), ("undo",), ("undo",)]
        mem.script += [("draw",), ("undo",), ("move", "RW")]
    if mem.script:
        action = mem.script.pop(0)
        if action == ("draw",):
            return ("move", "SH") if mv.MOVES[mv.DRAW] in view.legal_moves else ("move", str(steady_move(view)))
        return action
    if view.turn_no >= 4:
        return ("resign",)
    return ("move", str(steady_move(view)))


SCENARIOS: dict[str, Scenario] = {
    s.name: s
    for s in (
        Scenario("stop_in_the_pause", stop_in_the_pause, stops=True, level="beginner", seed=2, ai_seed=3),
        Scenario("stop_too_late", stop_too_late, stops=True, level="beginner", seed=3, ai_seed=1),
        Scenario("undo_and_hints", undo_and_hints, level="easy", seed=5, ai_seed=1),
    )
}


def run(scenario: Scenario, driver: Driver) -> list[Message]:
    """Play ``scenario`` through ``driver``; the messages the person was shown."""
    mem = Memory()
    for _ in range(scenario.max_actions):
        view = driver.view()
        if view.outcome is not None:
            break
        action = scenario.policy(view, mem)
        mem.actions += 1
        if action == ("wait",):
            driver.wait()
        else:
            driver.act(action)
    else:
        raise AssertionError(f"scenario {scenario.name} did not finish in {scenario.max_actions} actions")
    return driver.messages()


class AsyncDriver(Protocol):
    """A :class:`Driver` whose ``act`` and ``wait`` are coroutines (a Textual pilot, a websocket client)."""

    def view(self) -> PlayerView: ...

    async def act(self, action: Action) -> None: ...

    async def wait(self) -> None: ...

    def messages(self) -> list[Message]: ...


async def run_async(scenario: Scenario, driver: AsyncDriver) -> list[Message]:
    """:func:`run` for an :class:`AsyncDriver`."""
    mem = Memory()
    for _ in range(scenario.max_actions):
        view = driver.view()
        if view.outcome is not None:
            break
        action = scenario.policy(view, mem)
        mem.actions += 1
        if action == ("wait",):
            await driver.wait()
        else:
            await driver.act(action)
    else:
        raise AssertionError(f"scenario {scenario.name} did not finish in {scenario.max_actions} actions")
    return driver.messages()


class SessionDriver:
    """The reference driver: the session itself with a fake clock."""

    def __init__(self, scenario: Scenario) -> None:
        self.session = Session(scenario.setup(), seed=scenario.seed)
        self.now = 0.0
        self.said: list[Message] = []
        self.events: list[Event] = []
        self._take(self.session.start(self.now))

    def _take(self, events: list[Event]) -> None:
        self.events.extend(events)
        for e in events:
            m = e.message(0)
            if m is not None:
                self.said.append(m)

    def _think(self) -> None:
        s = self.session
        while (job := s.think_job(self.now)) is not None:
            got = s.think_done(job.run(), self.now)
            self._take(got)
            if not got:
                return

    def view(self) -> PlayerView:
        return self.session.view(0)

    def act(self, action: Action) -> None:
        s = self.session
        try:
            if action[0] == "move":
                self._take(s.play(0, action[1], self.now))
            elif action[0] == "stop":
                self._take(s.call_stop(0, self.now))
            elif action[0] == "undo":
                self._take(s.undo(0, self.now))
            elif action[0] == "hint":
                self._take(s.hint(0))
            elif action[0] == "resign":
                self._take(s.resign(0, self.now))
            else:
                raise ValueError(f"unknown action {action}")
        except PlayError as e:
            self.said.append(e.message)
        self._think()

    def wait(self) -> None:
        self._think()
        due = self.session.next_deadline()
        if due is not None:
            self.now = max(self.now, due)
            self._take(self.session.advance(self.now))
            self._think()

    def messages(self) -> list[Message]:
        return list(self.said)


def reference(scenario: Scenario) -> list[Message]:
    """The messages of ``scenario`` played on the session itself."""
    return run(scenario, SessionDriver(scenario))
