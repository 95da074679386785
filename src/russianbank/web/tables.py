"""Live tables: the games this server process holds warm, their seats and their connections.

Every message a connection gets is built from its seat's
:class:`~russianbank.view.PlayerView` (a spectator gets the view of nobody), never from the
game itself (see :mod:`.seatstate`). The state id of a game is the number of moves played
(``len(game.move_stack)``); it only grows, a Stop included.

A move is played under its table's lock: checked, pushed, stored (group commit, see
:mod:`.db`), and only then announced; anybody who looks at the table (a join, the summary)
takes the same lock, so nobody is shown a move that is not stored. When the database says
another server process stored that index first, the move is taken back, the table catches up
from the database and the mover is told ``stale``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from .. import moves as mv
from ..errors import InvalidMoveError, InvalidOptionsError, RussianBankError
from ..game import Game
from ..i18n import Message
from ..moves import MOVE_TABLE, Move
from ..options import Options, options_for
from .conn import Connection
from .db import MoveWrite, NewGame, StorageError, Store, StoredGame, hash_token
from .delta import diff
from .protocol import RequestError, dumps, engine_message, refuse, state_field
from .seatstate import SEATS, build_seat_state

log = logging.getLogger("russianbank.web")

MODES = ("computer", "friend")
MAX_COMPUTER_MOVES_PER_TURN = 120
_TURN_ENDING = (mv.DRAW, mv.DISCARD, mv.PASS)  # a draw leads to a discard
_PROGRESS = {mv.FOUNDATION: 0, mv.RESERVE: 1, mv.HAND: 2}


def _level_names() -> tuple[str, ...]:
    from ..ai import LEVELS

    return tuple(LEVELS)


class SeatStream:
    """The state one seat's connections have been sent, and its revision."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.rev = 0
        self.state: dict[str, Any] | None = None
        self._full: str | None = None

    def full_text(self, table: Table) -> str:
        if self.state is None:
            self.state = build_seat_state(table, self.seat)
            self.rev += 1
            self._full = None
        if self._full is None:
            self._full = dumps({"type": "state", "rev": self.rev, **self.state})
        return self._full

    def delta_text(self, table: Table) -> str | None:
        """The delta to the seat's new state (None when nothing changed)."""
        new = build_seat_state(table, self.seat)
        if self.state is None:
            self.state = new
            self.rev += 1
            self._full = None
            return None
        ops = diff(self.state, new)
        if not ops:
            return None
        self.rev += 1
        self.state = new
        self._full = None
        return dumps(
            {
                "type": "delta",
                "game_id": table.id,
                "base": self.rev - 1,
                "rev": self.rev,
                "state_id": table.state_id,
                "ops": ops,
            }
        )


@dataclass(eq=False)
class Table:
    """One game being played: the engine game, its seats, connections and computer."""

    manager: TableManager
    stored: StoredGame
    game: Game
    turn_at: list[int]  # turn_no after each state id
    match_base: tuple[int, int, int]  # (A points, B points, games) of the match's other finished games
    conns: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    streams: dict[int | None, SeatStream] = field(default_factory=dict)
    caches: dict[str, list[Any]] = field(default_factory=dict)
    ai_task: asyncio.Task[None] | None = None
    stop_task: asyncio.Task[None] | None = None
    sync_task: asyncio.Task[None] | None = None
    remote: list[tuple[int, str]] = field(default_factory=list)
    player: Any = None
    caller: Any = None
    last_event: dict[str, Any] | None = None  # {"index": i}: the move (or Stop) last played
    turn_positions: dict[Any, int] = field(default_factory=dict)  # positions reached in this turn

    # ------------------------------------------------------------ properties

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def state_id(self) -> int:
        return len(self.game.move_stack)

    @property
    def computer_seat(self) -> int | None:
        return self.stored.computer_seat

    def moves_this_turn(self) -> int:
        """How many moves the current turn has had."""
        n = 0
        for t in reversed(self.turn_at[1:]):
            if t != self.game.turn_no:
                break
            n += 1
        return n

    def seat_for_token(self, token: str) -> int | None:
        h = hash_token(token)
        for seat, th in enumerate(self.stored.token_hashes):
            if th is not None and secrets.compare_digest(th, h):
                return seat
        return None

    def match_totals(self) -> dict[str, int]:
        a, b, n = self.match_base
        o = self.game.outcome()
        if o is not None:
            a += o.points(0)
            b += o.points(1)
            n += 1
        return {"A": a, "B": b, "games": n, "number": self.stored.match_no}

    def append_only(self, name: str, n: int, make: Callable[[int], Any]) -> list[Any]:
        """A list that grows with the game, each entry ``make(i)`` built once (a fresh copy each call)."""
        cache = self.caches.setdefault(name, [])
        if len(cache) > n:
            del cache[n:]
        for i in range(len(cache), n):
            cache.append(make(i))
        return list(cache)

    def summary(self) -> dict[str, Any]:
        g = self.game
        o = g.outcome()
        return {
            "game_id": self.id,
            "mode": self.stored.mode,
            "level": self.stored.level,
            "options": g.options.to_dict(),
            "state_id": self.state_id,
            "turn": SEATS[g.turn],
            "over": g.is_over(),
            "outcome": None if o is None else o.to_dict(),
            "match": self.match_totals(),
            "next_game": self.stored.next_game,
        }

    # ------------------------------------------------------------- messages

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
            stream = self.streams.get(seat)
            if stream is None:
                stream = self.streams[seat] = SeatStream(seat)
            conn.send(stream.full_text(self))
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
        if not any(c.seat is not None for c in self.conns) and self.stop_task is not None:
            self.stop_task.cancel()  # nobody left to stop
        self.manager.forget_if_idle(self)

    def publish(self) -> None:
        """Send every seat with a connection the change to its state."""
        for seat in {c.seat for c in self.conns}:
            stream = self.streams.get(seat)
            if stream is None:
                continue
            text = stream.delta_text(self)
            if text is None:
                continue
            for c in list(self.conns):
                if c.seat == seat:
                    c.send(text)

    def broadcast(self, message: dict[str, Any]) -> None:
        text = dumps(message)
        for c in list(self.conns):
            c.send(text)

    # ------------------------------------------------------------- the moves

    def _after_push(self) -> None:
        g = self.game
        if g.turn_no != self.turn_at[-1]:
            self.turn_positions.clear()
        self.turn_at.append(g.turn_no)
        key = g.key()
        self.turn_positions[key] = self.turn_positions.get(key, 0) + 1
        self.last_event = {"index": len(g.move_stack) - 1}
        if g.outcome() is not None:
            self.stored.finished = True

    def _after_pop(self) -> None:
        self.turn_at.pop()
        n = self.state_id
        for name, cache in self.caches.items():
            if name != "options":
                del cache[n:]
        self.last_event = {"index": n - 1} if n else None

    async def _commit(self, move: Move) -> None:
        """Push a checked move, store it, then tell everyone. Called with the lock held."""
        g = self.game
        idx = len(g.move_stack)
        g.push(move)
        o = g.outcome()
        write = MoveWrite(
            self.id,
            idx,
            str(move),
            finished=o is not None,
            points=(o.points(0), o.points(1)) if o is not None else (0, 0),
            seed=self.stored.seed if o is not None else None,
        )
        try:
            stored = await self.manager.store.add_move(write)
        except StorageError as e:
            g.pop()
            log.error("could not store move %s of game %s: %s", move, self.id, e)
            raise refuse("storage", "server.storage", 503) from e
        if not stored:  # another server process stored this index first
            g.pop()
            await self._catch_up()
            raise RequestError(
                "stale", Message("server.stale", {"got": idx, "state": self.state_id}), state_id=self.state_id
            )
        self._after_push()
        self.publish()
        self.manager.metrics.moves.inc()
        self.kick()

    async def _catch_up(self) -> None:
        """Play the moves other server processes stored for this game (lock held)."""
        rows = await self.manager.store.moves_since(self.id, self.state_id)
        changed = False
        for idx, text in rows:
            if idx != self.state_id:
                break
            try:
                self.game.push(Move.from_str(text))
            except RussianBankError:
                log.error("game %s: stored move %d %r does not replay here", self.id, idx, text)
                break
            self._after_push()
            changed = True
        if changed:
            self.publish()
            self.kick()

    def remote_move(self, idx: int, text: str) -> None:
        """Another process stored a move of this game: apply it in order (in a task of its own)."""
        if idx < self.state_id:
            return
        self.remote.append((idx, text))
        if self.sync_task is None or self.sync_task.done():
            self.sync_task = asyncio.get_running_loop().create_task(self._apply_remote())

    async def _apply_remote(self) -> None:
        async with self.lock:
            todo, self.remote = sorted(self.remote), []
            gap = False
            for idx, text in todo:
                if idx < self.state_id:
                    continue
                if idx > self.state_id:
                    gap = True
                    break
                try:
                    self.game.push(Move.from_str(text))
                except RussianBankError:
                    gap = True
                    break
                self._after_push()
            if gap:
                await self._catch_up()
            self.publish()
            self.kick()

    def _check_not_over(self) -> None:
        if self.game.is_over():
            raise RequestError("game_over", state_id=self.state_id)

    def _refusal(self, move: Move) -> RequestError | None:
        g = self.game
        bad = g.illegal_reason(move)
        if bad is None:
            return None
        rule, why = bad
        reason: Message = Message("server.text", {"text": why})
        try:
            g.push(move)
        except RussianBankError as e:
            if isinstance(getattr(e, "message", None), Message):
                reason = engine_message(e)
        else:  # pragma: no cover - illegal_reason and push disagree
            g.pop()
        return RequestError(
            "illegal",
            Message("server.illegal", {"move": str(move), "rule": rule, "reason": reason}),
            rule=rule,
            reason=why,
            move=str(move),
            state_id=self.state_id,
        )

    async def handle_move(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator")
        text = data.get("move")
        if not isinstance(text, str) or len(text) > 32:
            raise refuse("bad_request", "server.move_text", field="'move'")
        try:
            move = Move.from_str(text)
        except InvalidMoveError as e:
            raise RequestError("bad_move", Message("server.bad_move", {"reason": engine_message(e)})) from None
        if move.code in (mv.STOP, mv.AGREE, mv.OPP_RESIGN):
            raise refuse("bad_move", "server.not_a_move", move=str(move), types="'stop', 'resign'")
        sid = state_field(data)
        async with self.lock:
            self._check_not_over()
            g = self.game
            if g.turn != seat:
                raise RequestError("not_your_turn", state_id=self.state_id)
            if sid != self.state_id:
                raise RequestError(
                    "stale", Message("server.stale", {"got": sid, "state": self.state_id}), state_id=self.state_id
                )
            bad = self._refusal(move)
            if bad is not None:
                raise bad
            await self._commit(move)

    async def handle_stop(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator")
        sid = state_field(data)
        async with self.lock:
            self._check_not_over()
            g = self.game
            if not g.options.stops:
                raise RequestError("no_stops", rule="S1")
            if g.turn == seat:
                raise RequestError("not_your_stop", rule="S1")
            if not 0 <= sid <= self.state_id:
                raise RequestError("stale", Message("server.unknown_state", {"got": sid}), state_id=self.state_id)
            if self.turn_at[sid] != g.turn_no:
                raise RequestError("stale", Message("server.stale_stop", {}), rule="S1", state_id=self.state_id)
            await self._stop(seat)

    async def _stop(self, seat: int) -> None:
        """Call Stop for ``seat`` (lock held): founded, it is played; unfounded, everyone is told."""
        g = self.game
        stop = MOVE_TABLE[mv.STOP]
        assert stop is not None
        bad = g.illegal_reason(stop)
        if bad is not None:
            rule, why = bad
            refusal = self._refusal(stop)
            reason = refusal.msg.params["reason"] if refusal is not None else Message("server.text", {"text": why})
            text = Message(
                "server.stop_unfounded", {"who": Message(f"player.{SEATS[seat]}"), "rule": rule, "reason": reason}
            )
            event = {
                "kind": "stop",
                "by": SEATS[seat],
                "founded": False,
                "rule": rule,
                "text": text.text("en"),
                "msg": text.to_dict(),
            }
            self.broadcast({"type": "notice", "game_id": self.id, "state_id": self.state_id, "event": event})
            return
        await self._commit(stop)

    async def handle_resign(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator")
        async with self.lock:
            self._check_not_over()
            code = mv.RESIGN if self.game.turn == seat else mv.OPP_RESIGN
            move = MOVE_TABLE[code]
            assert move is not None
            await self._commit(move)

    async def handle_hint(self, seat: int | None, conn: Connection, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator")
        async with self.lock:
            g = self.game
            if g.is_over() or g.turn != seat:
                raise RequestError("not_your_turn", Message("server.hint_not_your_turn", {}), state_id=self.state_id)
            view = g.view(seat)
            sid = self.state_id
        from ..ai import hint

        loop = asyncio.get_running_loop()
        plan = await loop.run_in_executor(self.manager.executor, lambda: hint(view, level="hard"))
        conn.send(dumps({"type": "hint", "game_id": self.id, "state_id": sid, "moves": [str(m) for m in plan]}))

    # ---------------------------------------------------------- the computer

    def kick(self) -> None:
        """Start the computer's work if it is the computer's turn (or its chance to Stop).

        Only a process where somebody holds a seat at the table starts it: one that only has
        spectators leaves the computer to the process of the person it plays.
        """
        cs = self.computer_seat
        if cs is None or self.game.is_over() or self.manager.closing:
            return
        seated = any(c.seat is not None for c in self.conns)
        if self.game.turn == cs:
            if (self.ai_task is None or self.ai_task.done()) and seated:
                self.ai_task = asyncio.get_running_loop().create_task(self._ai_loop())
        elif (
            seated
            and self.game.options.stops
            and self.game.can_stop()
            and (self.stop_task is None or self.stop_task.done())
        ):
            self.stop_task = asyncio.get_running_loop().create_task(self._stop_watch())

    def _ensure_ai(self) -> None:
        from ..ai import make_player, make_stop_caller

        level = self.stored.level or "medium"
        if self.player is None:
            self.player = make_player(level, seed=random.randrange(2**31))
        if self.caller is None and self.game.options.stops:
            self.caller = make_stop_caller(level, seed=random.randrange(2**31))

    async def _ai_loop(self) -> None:
        cs = self.computer_seat
        assert cs is not None
        loop = asyncio.get_running_loop()
        try:
            self._ensure_ai()
            while not self.game.is_over() and self.game.turn == cs and not self.manager.closing:
                if self.conns:  # somebody watches: a pace a person can follow
                    await asyncio.sleep(self.manager.ai_delay)
                async with self.lock:
                    sid = self.state_id
                    if self.game.turn != cs or self.game.is_over():
                        break
                    view = self.game.view(cs)
                move = await loop.run_in_executor(self.manager.executor, self.player.choose, view)
                async with self.lock:
                    if self.state_id != sid or self.game.turn != cs or self.game.is_over():
                        continue
                    if not isinstance(move, Move) or self.game.illegal_reason(move) is not None:
                        log.error("computer chose an illegal move %r in game %s", move, self.id)
                        fallback = self.game.legal_moves()
                        if not fallback:
                            return
                        move = fallback[0]
                    move = self._no_endless_turn(move)
                    try:
                        await self._commit(move)
                    except RequestError as e:
                        if e.code == "storage":
                            await asyncio.sleep(0.5)  # the database will be back; try the move again
                        continue
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer player failed in game %s", self.id)
        finally:
            loop.call_soon(self.manager.forget_if_idle, self)

    def _no_endless_turn(self, move: Move) -> Move:
        """A safety net against a computer player that moves cards back and forth for ever.

        When its move would bring back a position it has already been in twice this turn, or
        the turn is very long, a turn-ending move (draw, discard, pass) is played instead, or,
        when there is none, a move that makes progress (to a foundation, from the reserve or the
        hand), else the one to the position seen least often this turn.
        """
        g = self.game
        if move.code in _TURN_ENDING:
            return move

        def seen_after(m: Move) -> int:
            g.push(m)
            key = g.key()
            g.pop()
            return self.turn_positions.get(key, 0)

        if seen_after(move) < 2 and self.moves_this_turn() < MAX_COMPUTER_MOVES_PER_TURN:
            return move
        legal = g.legal_moves()
        ending = [m for m in legal if m.code in _TURN_ENDING]
        if ending:
            choice = ending[0]
        else:  # progress first: to a foundation, then from the reserve or the hand

            def rank(m: Move) -> tuple[int, int]:
                where = m.dst if m.dst == mv.FOUNDATION else m.src
                return (_PROGRESS.get(where, 3), seen_after(m))

            choice = min(legal, key=rank)
        log.warning("computer player repeats itself in game %s: %s instead of %s", self.id, choice, move)
        return choice

    async def _stop_watch(self) -> None:
        """The computer, not on move, decides whether and when to call Stop on the person."""
        cs = self.computer_seat
        assert cs is not None
        loop = asyncio.get_running_loop()
        try:
            self._ensure_ai()
            if self.caller is None:
                return
            async with self.lock:
                sid = self.state_id
                view = self.game.view(cs)
            delay = await loop.run_in_executor(self.manager.executor, self.caller.decide, view)
            if delay is None:
                return
            await asyncio.sleep(max(0.0, float(delay)) * self.manager.stop_delay_factor)
            async with self.lock:
                g = self.game
                if g.is_over() or g.turn == cs or not g.can_stop():
                    return
                if self.turn_at[sid] != g.turn_no:
                    return
                await self._stop(cs)
        except asyncio.CancelledError:
            raise
        except RequestError:
            pass
        except Exception:
            log.exception("computer Stop caller failed in game %s", self.id)


class TableManager:
    """Creates, loads and keeps the live tables of this process."""

    def __init__(
        self,
        store: Store,
        executor: Executor,
        *,
        metrics: Any,
        ai_delay: float = 0.7,
        stop_delay_factor: float = 1.0,
        allow_seeds: bool = False,
        shared: bool = False,
    ) -> None:
        self.allow_seeds = allow_seeds
        self.store = store
        self.executor = executor
        self.metrics = metrics
        self.ai_delay = ai_delay
        self.stop_delay_factor = stop_delay_factor
        self.shared = shared  # other processes may write to the same database
        self.tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self.closing = False

    async def create(
        self,
        *,
        mode: Any,
        level: Any,
        preset: Any,
        stops: Any,
        seed: Any = None,
        match: tuple[str, int] | None = None,
        token_hashes: tuple[str | None, str | None] | None = None,
    ) -> tuple[str, dict[int, str]]:
        """A new game; returns its id and the new seat tokens (seat -> token)."""
        if not isinstance(mode, str) or mode not in MODES:
            raise refuse("bad_request", "server.bad_mode", choices=", ".join(MODES), value=repr(mode)[:40])
        if mode == "computer":
            levels = _level_names()
            if level is None:
                level = "medium"
            if not isinstance(level, str) or level not in levels:
                raise refuse("bad_request", "server.bad_level", choices=", ".join(levels), value=repr(level)[:40])
        else:
            level = None
        if not isinstance(preset, str):
            raise refuse("bad_request", "server.bad_preset", field="'preset'", example="'classic'")
        if not isinstance(stops, bool):
            raise refuse("bad_request", "server.bad_stops", field="'stops'", values="true / false")
        try:
            options = options_for(preset[:40], stops=stops)
        except InvalidOptionsError as e:
            raise RequestError("bad_request", Message("server.bad_options", {"reason": engine_message(e)})) from None
        if seed is not None and mode == "friend" and not self.allow_seeds:
            raise refuse("bad_request", "server.seed_friend")
        if seed is None:
            seed = secrets.randbelow(2**62)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
            raise refuse("bad_request", "server.bad_seed", field="'seed'")
        computer_seat = 1 if mode == "computer" else None
        tokens: dict[int, str] = {}
        if token_hashes is None:
            hashes: list[str | None] = [None, None]
            for seat in (0, 1):
                if seat == computer_seat:
                    continue
                tokens[seat] = secrets.token_urlsafe(18)
                hashes[seat] = hash_token(tokens[seat])
            token_hashes = (hashes[0], hashes[1])
        game_id = secrets.token_urlsafe(9)
        match_id, match_no = match if match is not None else (game_id, 1)
        await self.store.create_game(
            NewGame(
                id=game_id,
                match_id=match_id,
                match_no=match_no,
                mode=mode,
                level=level,
                computer_seat=computer_seat,
                options=options.to_dict(),
                seed=seed,
                token_hashes=token_hashes,
            )
        )
        log.info("game %s created: %s%s, %s", game_id, mode, f" ({level})" if level else "", options.preset)
        return game_id, tokens

    async def get(self, game_id: str) -> Table | None:
        """The live table of a game, loaded from the database if need be (each game on its own)."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        fut = self._loading.get(game_id)
        if fut is None:
            fut = asyncio.get_running_loop().create_future()
            self._loading[game_id] = fut
            try:
                table = await self._load(game_id)
            except BaseException as e:
                fut.set_exception(e)
                fut.exception()  # retrieved: the waiters, if any, see it
                raise
            else:
                fut.set_result(table)
            finally:
                del self._loading[game_id]
            return table
        return await asyncio.shield(fut)

    async def _load(self, game_id: str) -> Table | None:
        stored = await self.store.load_game(game_id)
        if stored is None:
            return None
        options = Options.from_dict(stored.options)
        game = Game(options=options, seed=stored.seed)
        turn_at = [game.turn_no]
        for i, text in enumerate(stored.moves):
            try:
                game.push(Move.from_str(text))
            except RussianBankError as e:  # a damaged database: say where
                raise RuntimeError(f"game {game_id}: stored move {i + 1} {text!r} does not replay: {e}") from e
            turn_at.append(game.turn_no)
        a, b, n = await self.store.match_totals(stored.match_id)
        o = game.outcome()
        if o is not None and stored.finished:
            a -= o.points(0)
            b -= o.points(1)
            n -= 1
        table = Table(self, stored, game, turn_at, (a, b, n))
        if stored.moves:
            table.last_event = {"index": len(stored.moves) - 1}
        self.tables[game_id] = table
        self.metrics.tables(len(self.tables))
        return table

    async def play_again(self, table: Table, seat: int) -> str:
        """The next game of the match (the same seats and settings); both seats keep their tokens."""
        async with table.lock:
            if not table.game.is_over():
                raise RequestError("not_over", Message("server.still_playing", {}), 409)
            if table.stored.next_game is not None:
                return table.stored.next_game
            st = table.stored
            opts = table.game.options
            new_id, _ = await self.create(
                mode=st.mode,
                level=st.level,
                preset=opts.preset,
                stops=opts.stops,
                match=(st.match_id, st.match_no + 1),
                token_hashes=st.token_hashes,
            )
            if not await self.store.set_next_game(table.id, new_id):  # another process was first
                fresh = await self.store.load_game(table.id)
                if fresh is not None and fresh.next_game is not None:
                    new_id = fresh.next_game
            st.next_game = new_id
            table.publish()
            return new_id

    def forget_if_idle(self, table: Table) -> bool:
        """Drop a table nobody watches and nothing works on from memory (the database keeps it)."""
        busy = any(t is not None and not t.done() for t in (table.ai_task, table.stop_task, table.sync_task))
        if table.conns or busy or table.lock.locked():
            return False
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.metrics.tables(len(self.tables))
        return True

    # ------------------------------------------------------- other processes

    def on_remote_move(self, game_id: str, idx: int, move: str) -> None:
        table = self.tables.get(game_id)
        if table is not None:
            table.remote_move(idx, move)

    def on_remote_next(self, game_id: str, next_id: str) -> None:
        table = self.tables.get(game_id)
        if table is not None and table.stored.next_game is None:
            table.stored.next_game = next_id
            table.publish()

    async def resync(self) -> None:
        """Catch up every warm table the database has moves for that this process missed."""
        warm = {gid: t for gid, t in self.tables.items() if t.conns}
        if not warm:
            return
        counts = await self.store.move_counts(list(warm))
        for gid, n in counts.items():
            t = warm[gid]
            if n > t.state_id and (t.sync_task is None or t.sync_task.done()):
                t.remote.append((n - 1, ""))  # a gap: read the moves from the database
                t.sync_task = asyncio.get_running_loop().create_task(t._apply_remote())

    # -------------------------------------------------------------- shutdown

    async def close(self) -> None:
        self.closing = True
        for table in list(self.tables.values()):
            for task in (table.ai_task, table.stop_task, table.sync_task):
                if task is not None and not task.done():
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task

    async def drain(self, timeout: float = 10.0) -> None:
        """Stop taking moves, let every move being stored finish and be told, then close the sockets."""
        self.closing = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        for table in list(self.tables.values()):
            for task in (table.ai_task, table.stop_task):
                if task is not None and not task.done():
                    task.cancel()
        while any(t.lock.locked() for t in self.tables.values()) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        await self.store.flush()
        conns = [c for t in self.tables.values() for c in t.conns]
        await asyncio.gather(*(c.close(1012, "server restart") for c in conns), return_exceptions=True)
