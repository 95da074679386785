"""Live tables: the games this server process holds warm, on the play session.

The tables of a process are created, loaded and forgotten by :class:`~.manager.TableManager`.

A table is a :class:`~russianbank.session.Session` (the seats, the computer's timed turn, its
Stop calls, undo, hints, the end of the game and the match total) with its connections. The
server only turns websocket messages into session calls and the session's events into
messages: the events with ``persist`` are stored first (group commit, see :mod:`.store`), and only
then is anybody told; if storing fails, :meth:`Session.rollback` takes them back. Every
message a connection gets is built from its seat's :class:`~russianbank.view.PlayerView` (a
spectator gets the view of nobody), see :mod:`.seatstate`.

Anybody who looks at the table (a join, the summary) takes the table's lock, so nobody is shown a
move that is not stored. When the database says another server process stored that index of the
game first, the session is rebuilt from the database and the mover is told ``stale``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..i18n import Message
from ..session import (
    Event,
    HintReady,
    Played,
    PlayError,
    Session,
    StopRefused,
    Undone,
)
from .conn import Connection
from .delta import diff, diff_shared
from .protocol import RequestError, dumps, refuse, state_field
from .seatstate import SEATS, build_seat_state
from .store import DeleteMoves, MoveWrite, StorageError, StoredGame, hash_token, score_of

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("russianbank.web")

# The protocol's short codes for the session's refusals (the message says the rest).
_PLAY_CODES = {
    "play.refuse.stale": "stale",
    "play.refuse.not_your_turn": "not_your_turn",
    "play.refuse.computer_turn": "not_your_turn",
    "play.refuse.over": "game_over",
    "play.refuse.spectator": "spectator",
    "play.refuse.computer_seat": "spectator",
    "play.refuse.word_move": "bad_move",
    "play.refuse.not_a_move": "bad_move",
    "play.stop.none": "no_stops",
    "play.stop.none_single": "no_stops",
    "play.stop.on_move": "not_your_stop",
    "play.skip.not_computer": "not_computer_turn",
    "play.pace.bad": "bad_request",
}


def play_refusal(e: PlayError, state_id: int, move: str | None = None) -> RequestError:
    """The protocol error for a session refusal: its message, and a short code for programs."""
    code = e.code
    extra: dict[str, Any] = {"state_id": state_id}
    if code in _PLAY_CODES:
        short = _PLAY_CODES[code]
    elif code.startswith("play.undo."):
        short = "cannot_undo"
    elif code == "play.draw.already":
        short = "draw_offered"
    elif code == "play.draw.no_offer":
        short = "no_draw_offer"
    elif code == "play.refused" or code.startswith("refuse."):  # a rule of the game says no
        short = "illegal"
        rule = e.params.get("rule") if code == "play.refused" else code.split(".")[1]
        reason = e.params.get("reason", "")
        reason_text = reason.text("en") if isinstance(reason, Message) else str(reason)
        extra.update(rule=str(rule), reason=reason_text)
        if move is not None:
            extra["move"] = move
    elif code in ("play.error", "play.bad_move") or code.startswith(("error.", "move.", "notation.")):
        short = "bad_move"
    else:
        short = "refused"
    if short in ("no_stops", "not_your_stop"):
        extra["rule"] = "S1"
    return RequestError(short, e.message, **extra)


class Clock:
    """Real time for the tables; tests put a fake one in its place."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        """Until ``when`` or until ``wake`` is set, whichever comes first."""
        delay = when - self.now()
        if delay <= 0:
            return
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(wake.wait(), delay)


class SeatStream:
    """The state one seat's connections have been sent, and its revision."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.rev = 0
        self.state: dict[str, Any] | None = None
        self._full: str | None = None

    def full_text(self, table: Table, events: list[dict[str, Any]] | None = None) -> str:
        """The full state message (with ``events`` to tell, if any)."""
        if self.state is None:
            self.state = build_seat_state(table, self.seat)
            self.rev += 1
            self._full = None
        if events:
            return dumps({"type": "state", "rev": self.rev, **self.state, "events": events})
        if self._full is None:
            self._full = dumps({"type": "state", "rev": self.rev, **self.state})
        return self._full

    def delta(
        self, table: Table, events: list[dict[str, Any]], *, quiet: bool = False, memo: dict[Any, Any] | None = None
    ) -> str | None:
        """The change of this seat's state (and what to tell it), or None when there is nothing.
        ``quiet``: another message tells the events when the state did not change. ``memo``: shared
        by the seats told of one change (what they all see is diffed once, see ``diff_shared``)."""
        new = build_seat_state(table, self.seat)
        if self.state is None:
            ops = None
        else:
            ops = diff(self.state, new) if memo is None else diff_shared(self.state, new, memo)
        if ops is None:
            self.state = new
            self.rev += 1
            self._full = None
            return dumps({"type": "state", "rev": self.rev, **new, "events": events})
        if not ops:
            if not events or quiet:
                return None
            return dumps({"type": "events", "game_id": table.id, "state_id": table.state_id, "events": events})
        self.rev += 1
        self.state = new
        self._full = None
        out: dict[str, Any] = {
            "type": "delta",
            "game_id": table.id,
            "base": self.rev - 1,
            "rev": self.rev,
            "state_id": table.state_id,
            "ops": ops,
        }
        if events:
            out["events"] = events
        return dumps(out)


@dataclass(eq=False)
class Table:
    """One game being played: its session, its connections and the computer's clock work."""

    manager: TableManager
    stored: StoredGame
    session: Session
    moves: list[str]  # the stored moves, in order
    conns: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    streams: dict[int | None, SeatStream] = field(default_factory=dict)
    caches: dict[str, Any] = field(default_factory=dict)
    last_played: Played | None = None
    start_events: list[Event] = field(default_factory=list)  # who is on move, for the first to join
    told_start: set[int | None] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sync_task: asyncio.Task[None] | None = None
    remote_pending: bool = False
    remote_moves: list[tuple[int, str]] = field(default_factory=list)
    settled: asyncio.Event = field(default_factory=asyncio.Event)  # nothing thought of, nothing due now
    stored_extra: int = 0  # the state id beyond the number of moves, as the database has it
    named: dict[int, str] | None = None  # seat -> the player named at it, once asked (web/players)

    # ------------------------------------------------------------ properties

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def state_id(self) -> int:
        return self.session.state_id

    @property
    def computer_seat(self) -> int | None:
        return self.session.computer

    def seat_for_token(self, token: str) -> int | None:
        h = hash_token(token)
        for seat, th in enumerate(self.stored.token_hashes):
            if th is not None and secrets.compare_digest(th, h):
                return seat
        return None

    def match_totals(self) -> dict[str, Any]:
        """The match so far, its target and its winner once a side has reached it (the very same
        dict while it does not change: never change it)."""
        totals = self.session.match.to_dict()
        key = (*totals.items(), self.stored.match_no)
        cached = self.caches.get("match")
        if cached is None or cached[0] != key:
            won = self.match_winner()
            cached = self.caches["match"] = (
                key,
                {**totals, "number": self.stored.match_no, "to": self.stored.match_to,
                 "winner": None if won is None else SEATS[won]},
            )  # fmt: skip
        out: dict[str, Any] = cached[1]
        return out

    def match_winner(self) -> int | None:
        """The seat that has reached the match's target (once this game is over), or None."""
        to = self.stored.match_to
        m = self.session.match
        if to is None or not self.session.is_over():
            return None
        if m.a >= to or m.b >= to:
            return 0 if m.a > m.b else 1
        return None

    def append_only(self, name: str, n: int, make: Callable[[int], Any]) -> list[Any]:
        """A list that grows with the game, each entry ``make(i)`` built once (a fresh copy each call).

        Entries from an index on are dropped when the moves there change (an undo, a rollback)."""
        cache = self.caches.setdefault(name, [])
        if len(cache) > n:
            del cache[n:]
        for i in range(len(cache), n):
            cache.append(make(i))
        return list(cache)

    def _truncate_caches(self, n: int) -> None:
        for name, cache in self.caches.items():
            if isinstance(cache, list) and name != "options":
                del cache[n:]

    def summary(self) -> dict[str, Any]:
        s = self.session
        o = s.outcome
        return {
            "game_id": self.id,
            "mode": self.stored.mode,
            "level": self.stored.level,
            "options": s.options.to_dict(),
            "state_id": s.state_id,
            "turn": SEATS[s.turn],
            "over": s.is_over(),
            "outcome": None if o is None else o.to_dict(),
            "match": self.match_totals(),
            "next_game": self.stored.next_game,
        }

    # -------------------------------------------------------------- messages

    async def join(self, conn: Connection, seat: int | None) -> None:
        """Seat (or let watch) a connection: it gets the full state, then every change."""
        async with self.lock:
            if self.manager.shared:
                await self._catch_up()
            old = conn.table
            if old is not None and old is not self:
                old.leave(conn)
            self.conns.add(conn)
            conn.table, conn.seat = self, seat
            self.manager.presence.changed(self.id)
            self.manager.away.joined(self.id, seat)
            stream = self.streams.get(seat)
            if stream is None:
                stream = self.streams[seat] = SeatStream(seat)
            told: list[dict[str, Any]] = []
            if seat not in self.told_start and self.start_events:  # who is on move, for the first to join
                self.told_start.add(seat)
                told = self._events_for(self.start_events, seat)
            conn.send(stream.full_text(self, told))
            self.kick()

    def send_full(self, conn: Connection) -> None:
        """The full state again (a client that lost track of the deltas asks for it)."""
        stream = self.streams.get(conn.seat)
        if stream is None:
            stream = self.streams[conn.seat] = SeatStream(conn.seat)
        conn.send(stream.full_text(self))

    def leave(self, conn: Connection) -> None:
        self.conns.discard(conn)
        if conn.table is self:
            conn.table = None
        if not any(c.seat == conn.seat for c in self.conns):
            self.streams.pop(conn.seat, None)
        self.manager.presence.changed(self.id)
        self.wake.set()  # the computer plays on without its pace when nobody watches
        self.manager.forget_if_idle(self)

    @staticmethod
    def _events_for(events: Sequence[Event], seat: int | None) -> list[dict[str, Any]]:
        """What to tell ``seat``: each event's kind and catalogue message (the facts are in the state)."""
        out = []
        for e in events:
            m = e.message(seat)
            if m is not None:
                out.append({"kind": e.kind, "message": m.to_dict()})
        return out

    def publish(self, events: Sequence[Event] = ()) -> None:
        """Send every seat with a connection the change to its state and what to tell it."""
        memo: dict[Any, Any] = {}
        for seat in {c.seat for c in self.conns}:
            stream = self.streams.get(seat)
            if stream is None:
                continue
            told = self._events_for(events, seat)
            extra = self._legacy(events, seat, told)
            text = stream.delta(self, told, quiet=bool(extra), memo=memo)
            for c in list(self.conns):
                if c.seat == seat:
                    if text is not None:
                        c.send(text)
                    for t in extra:
                        c.send(t)

    def _legacy(self, events: Sequence[Event], seat: int | None, told: list[dict[str, Any]]) -> list[str]:
        """The ``notice`` (an unfounded or late Stop) and ``hint`` messages the page reads; the first
        also carries what to tell (``events``) when the state did not change."""
        out: list[str] = []
        for e in events:
            if isinstance(e, StopRefused):
                m = e.message(seat)
                event = {"kind": "stop", "by": SEATS[e.seat], "founded": False, "rule": e.rule}
                if m is not None:
                    event.update(text=m.text("en"), msg=m.to_dict())
                msg: dict[str, Any] = {"type": "notice", "game_id": self.id, "state_id": self.state_id, "event": event}
            elif isinstance(e, HintReady) and e.seat == seat:
                msg = {"type": "hint", "game_id": self.id, "state_id": e.state_id, "moves": [str(m) for m in e.moves]}
                said = e.message(seat)  # the hint in words from the seat's side (the page shows it)
                if said is not None:
                    msg["msg"] = said.to_dict()
            else:
                continue
            if not out and told:
                msg["events"] = told
            out.append(dumps(msg))
        return out

    # ------------------------------------------------------------- the moves

    def _writes(self, events: Sequence[Event]) -> list[MoveWrite | DeleteMoves]:
        """The writes of ``events``; the last one also carries the state id's offset from the number
        of moves when that changed (an undo, an earlier rollback or catch-up), so that the state id
        never goes back, not even across a restart."""
        out: list[MoveWrite | DeleteMoves] = []
        n = len(self.moves)
        for e in events:
            if isinstance(e, Played):
                n = e.index + 1
            elif isinstance(e, Undone):
                n = e.index
            if isinstance(e, Played):
                o = e.outcome
                out.append(
                    MoveWrite(
                        self.id,
                        e.index,
                        e.text,
                        finished=o is not None,
                        points=(o.points(0), o.points(1)) if o is not None else (0, 0),
                        seed=self.stored.seed if o is not None else None,
                        score_a=score_of(o.winner) if o is not None else None,
                    )
                )
            elif isinstance(e, Undone):
                out.append(DeleteMoves(self.id, e.index))
        extra = self.state_id - n
        if out and extra != self.stored_extra:
            out[-1].state_extra = extra
        return out

    async def commit(self, events: list[Event]) -> None:
        """Store what ``events`` changed, then tell everyone (lock held); refused: rolled back."""
        writes = self._writes(events)
        done: list[MoveWrite | DeleteMoves] = []
        for w in writes:
            try:
                ok = await self.manager.store.write(w)
            except StorageError as e:
                await self._undo_writes(done)
                self.session.rollback(events)
                self.publish()  # nothing changed but the state id
                log.error("could not store a change of game %s: %s", self.id, e)
                err = refuse("storage", "server.storage", 503)
                err.extra["state_id"] = self.state_id
                raise err from e
            if not ok:  # another server process stored this index first
                await self._undo_writes(done)
                self.session.rollback(events)
                self.publish()
                await self._catch_up()
                got = w.idx if isinstance(w, MoveWrite) else w.from_idx
                raise RequestError(
                    "stale", Message("server.stale", {"got": got, "state": self.state_id}), state_id=self.state_id
                )
            done.append(w)
            if w.state_extra is not None:
                self.stored_extra = w.state_extra
        for ev in events:
            if isinstance(ev, Played):
                del self.moves[ev.index :]
                self._truncate_caches(ev.index)
                self.moves.append(ev.text)
                self.last_played = ev
                self.manager.metrics.moves.inc()
                if ev.outcome is not None:
                    self.stored.finished = True
            elif isinstance(ev, Undone):
                del self.moves[ev.index :]
                self._truncate_caches(ev.index)
                self.last_played = None
        self.publish(events)
        self.kick()

    async def _undo_writes(self, done: list[MoveWrite | DeleteMoves]) -> None:
        """Take back the writes of a change that could not be stored whole."""
        for w in reversed(done):
            with contextlib.suppress(StorageError):
                if isinstance(w, MoveWrite):
                    await self.manager.store.write(DeleteMoves(self.id, w.idx))

    async def _catch_up(self) -> None:
        """Rebuild the session from the database if other server processes changed the game (lock held)."""
        rows = await self.manager.store.moves_since(self.id, 0)
        db = [m for _, m in rows]
        if db == self.moves:
            return
        common = 0
        for a, b in zip(db, self.moves, strict=False):
            if a != b:
                break
            common += 1
        now = self.manager.clock.now()
        session = self.manager.new_session(self.stored, db, self.session.match_before, self.state_id + 1, now)
        session.start(now)
        self.session = session
        self.moves = db
        self.last_played = None
        self._truncate_caches(common)
        told = {
            seat: [
                {"kind": "played", "message": session.history_message(i, seat).to_dict()}
                for i in range(common, len(db))
            ]
            for seat in {c.seat for c in self.conns}
        }
        memo: dict[Any, Any] = {}
        for seat, evs in told.items():
            stream = self.streams.get(seat)
            if stream is None:
                continue
            text = stream.delta(self, evs, memo=memo)
            if text is not None:
                for c in list(self.conns):
                    if c.seat == seat:
                        c.send(text)
        if session.is_over():
            self.stored.finished = True
        self.kick()

    def remote_change(self, idx: int | None = None, move: str | None = None) -> None:
        """Another process changed this game (stored ``move`` at ``idx``, if known): catch up in order,
        in a task of its own."""
        if idx is not None and move is not None:
            self.remote_moves.append((idx, move))
        else:
            self.remote_pending = True
        if self.sync_task is None or self.sync_task.done():
            self.sync_task = asyncio.get_running_loop().create_task(self._apply_remote())

    async def _apply_remote(self) -> None:
        while self.remote_pending or self.remote_moves:
            async with self.lock:
                todo, self.remote_moves = sorted(self.remote_moves), []
                gap = self.remote_pending
                self.remote_pending = False
                for idx, move in todo:
                    if gap or idx < len(self.moves):
                        continue
                    if idx > len(self.moves) or not self._replay(move):
                        gap = True
                try:
                    if gap:
                        await self._catch_up()
                except StorageError as e:
                    log.warning("could not catch game %s up: %s", self.id, e)

    def _replay(self, text: str) -> bool:
        """Play a move another process stored, through the session as its player would (lock
        held), and tell everyone; False when that is not possible (the table is then rebuilt)."""
        s = self.session
        if s.is_over():
            return False
        now = self.manager.clock.now()
        turn = s.turn
        try:
            if text == "stop":
                events = s.call_stop(1 - turn, now)
            elif text == "resign":
                events = s.resign(turn, now)
            elif text == "oppresign":
                events = s.resign(1 - turn, now)
            elif text == "agree" or (s.computer is not None and turn == s.computer):
                return False  # the computer's moves and agreed draws: rebuilt from the database
            else:
                events = s.play(turn, text, now)
        except PlayError:
            return False
        played = [e for e in events if isinstance(e, Played)]
        if len(played) != 1 or played[0].text != text or any(isinstance(e, Undone) for e in events):
            s.rollback(events)
            return False
        e = played[0]
        self.moves.append(e.text)
        self._truncate_caches(e.index)
        self.last_played = e
        if e.outcome is not None:
            self.stored.finished = True
        self.publish(events)
        self.kick()
        return True

    async def call(self, fn: Callable[[float], list[Event]], move: str | None = None) -> None:
        """Run one session call under the lock and commit its events; a refusal becomes an error."""
        async with self.lock:
            try:
                events = fn(self.manager.clock.now())
            except PlayError as e:
                raise play_refusal(e, self.state_id, move) from None
            await self.commit(events)

    async def handle_move(self, seat: int | None, data: dict[str, Any]) -> None:
        text = data.get("move")
        if not isinstance(text, str) or len(text) > 32:
            raise refuse("bad_request", "server.move_text", field="'move'")
        sid = state_field(data)
        if seat is None:
            raise play_refusal(PlayError("play.refuse.spectator"), self.state_id)
        await self.call(lambda now: self.session.play(seat, text, now, state_id=sid), move=text)

    async def handle_stop(self, seat: int | None, data: dict[str, Any]) -> None:
        sid = state_field(data)
        if seat is None:
            raise play_refusal(PlayError("play.refuse.spectator"), self.state_id)
        await self.call(lambda now: self.session.call_stop(seat, now, state_id=sid))

    async def handle_resign(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise play_refusal(PlayError("play.refuse.spectator"), self.state_id)
        await self.call(lambda now: self.session.resign(seat, now))

    async def handle_undo(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise play_refusal(PlayError("play.refuse.spectator"), self.state_id)
        await self.call(lambda now: self.session.undo(seat, now))

    def _check_computer_table(self, seat: int | None) -> None:
        """Pace and skip are for a seat at a table against the computer."""
        if seat is None:
            raise play_refusal(PlayError("play.refuse.spectator"), self.state_id)
        if self.session.computer is None:
            raise refuse("no_computer", "server.no_computer")

    async def handle_pace(self, seat: int | None, data: dict[str, Any]) -> None:
        """``{"type": "pace", "seconds": S}``: the computer waits S seconds between its moves from now on."""
        self._check_computer_table(seat)
        async with self.lock:
            try:
                self.session.set_pace(data.get("seconds"))
            except PlayError as e:
                raise play_refusal(e, self.state_id) from None
            self.publish()  # the seat's state says the pace

    async def handle_skip(self, seat: int | None, data: dict[str, Any]) -> None:
        """``{"type": "skip"}``: the rest of the computer's turn is played at once."""
        self._check_computer_table(seat)
        await self.call(lambda now: self.session.skip(now))

    async def handle_hint(self, seat: int | None, conn: Connection, data: dict[str, Any]) -> None:
        if seat is None:
            raise play_refusal(PlayError("play.refuse.spectator"), self.state_id)
        async with self.lock:
            try:
                job = self.session.hint_job(seat)
            except PlayError as e:
                raise play_refusal(e, self.state_id) from None
        moves = await self.manager.thinker.hint(job)
        async with self.lock:
            events = self.session.hint_done(job, moves)
            self.publish(events)

    # ---------------------------------------------------------- the computer

    def kick(self) -> None:
        """Wake the computer's clock work, or start it when there is something to do.

        Only a process where somebody holds a seat at the table starts it: one that only has
        spectators leaves the computer to the process of the person it plays.
        """
        self.wake.set()
        s = self.session
        if self.manager.closing or (self.driver is not None and not self.driver.done()):
            return
        if s.computer is None or s.is_over():
            self.settled.set()
            return
        if not any(c.seat is not None for c in self.conns):
            self.settled.set()
            return
        if s.computer_to_move or s.next_deadline() is not None:
            self.settled.clear()
            self.driver = asyncio.get_running_loop().create_task(self._drive())
        else:
            self.settled.set()

    async def _drive(self) -> None:
        """The computer's moves and Stops: think (in a worker), then play each when it is due."""
        loop = asyncio.get_running_loop()
        clock = self.manager.clock
        try:
            while not self.manager.closing:
                async with self.lock:
                    s = self.session
                    job = s.think_job(clock.now())
                if job is not None:
                    self.settled.clear()
                    result = await self.manager.thinker.think(job)
                    async with self.lock:
                        if self.session is not s:  # rebuilt meanwhile (another process moved)
                            continue
                        await self._commit_quietly(functools.partial(_think_done, s, result))
                    continue
                async with self.lock:
                    s = self.session
                    due = s.next_deadline()
                    if due is None:
                        return
                    if not self.conns and s.computer_to_move:  # nobody watches: no pace
                        await self._commit_quietly(s.skip)
                        continue
                if due > clock.now():
                    self.wake.clear()
                    self.settled.set()
                    await clock.sleep_until(due, self.wake)
                    self.settled.clear()
                async with self.lock:
                    if self.session is s:
                        await self._commit_quietly(s.advance)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer's clock work failed in game %s", self.id)
        finally:
            self.settled.set()
            loop.call_soon(self.manager.forget_if_idle, self)

    async def _commit_quietly(self, fn: Callable[[float], list[Event]]) -> None:
        """A computer step (lock held): stored and told; a storage failure waits and lets it try again."""
        try:
            events = fn(self.manager.clock.now())
        except PlayError:
            return
        try:
            await self.commit(events)
        except RequestError as e:
            if e.code == "storage":
                await asyncio.sleep(0.5)


def _think_done(session: Session, result: Any, now: float) -> list[Event]:
    done: list[Event] = session.think_done(result, now)
    return done
