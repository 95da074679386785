"""Live tables: the games the server holds, their seats and their connections.

Every message a connection gets is built from its seat's
:class:`~russianbank.view.PlayerView` (a spectator gets the view of nobody),
never from the game itself. The state id of a game is the number of moves
played (``len(game.move_stack)``); it only grows, a Stop included.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from .. import moves as mv
from ..errors import InvalidMoveError, InvalidOptionsError
from ..game import Game
from ..moves import MOVE_TABLE, Move
from ..options import Options, options_for
from .db import Store, StoredGame, hash_token

log = logging.getLogger("russianbank.web")

SEATS = "AB"
MODES = ("computer", "friend")
MAX_COMPUTER_MOVES_PER_TURN = 120
_TURN_ENDING = (mv.DRAW, mv.DISCARD, mv.PASS)  # a draw leads to a discard
_PROGRESS = {mv.FOUNDATION: 0, mv.RESERVE: 1, mv.HAND: 2}


class RequestError(Exception):
    """A request that is refused: ``code`` for programs, the message for people."""

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def to_dict(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, **self.extra}


@dataclass(eq=False)
class Conn:
    ws: Any
    seat: int | None  # None: a spectator

    async def send(self, message: dict[str, Any], log_hook: Callable[[int | None, str], None] | None) -> None:
        text = json.dumps(message, separators=(",", ":"))
        if log_hook is not None:
            log_hook(self.seat, text)
        await self.ws.send_text(text)


def _level_names() -> tuple[str, ...]:
    from ..ai import LEVELS

    return tuple(LEVELS)


@dataclass(eq=False)
class Table:
    """One game being played: the engine game, its seats, connections and computer."""

    manager: TableManager
    stored: StoredGame
    game: Game
    turn_at: list[int]  # turn_no after each state id
    match_base: tuple[int, int, int]  # (A points, B points, games) of the match's other finished games
    conns: list[Conn] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ai_task: asyncio.Task[None] | None = None
    stop_task: asyncio.Task[None] | None = None
    player: Any = None
    caller: Any = None
    last_event: dict[str, Any] | None = None
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

    # -------------------------------------------------------------- messages

    def message_for(self, seat: int | None) -> dict[str, Any]:
        """The full state message for one seat (or a spectator), from that seat's view only."""
        g = self.game
        view = g.view(seat)
        data = view.to_dict()
        data.pop("pending_violation", None)  # public, but a UI keeps it quiet (never sent)
        over = g.is_over()
        your_turn = seat is not None and not over and g.turn == seat
        if not your_turn:
            data["legal_moves"] = []
        return {
            "type": "state",
            "game_id": self.id,
            "state_id": self.state_id,
            "seat": None if seat is None else SEATS[seat],
            "mode": self.stored.mode,
            "level": self.stored.level,
            "computer_seat": None if self.computer_seat is None else SEATS[self.computer_seat],
            "your_turn": your_turn,
            "can_stop": bool(seat is not None and not over and g.options.stops and g.turn != seat),
            "thinking": bool(not over and self.computer_seat is not None and g.turn == self.computer_seat),
            "match": self.match_totals(),
            "next_game": self.stored.next_game,
            "event": self.last_event,
            "view": data,
        }

    async def send_to(self, conn: Conn, message: dict[str, Any]) -> None:
        try:
            await conn.send(message, self.manager.log_hook)
        except Exception:  # a dropped connection: forget it
            if conn in self.conns:
                self.conns.remove(conn)

    async def broadcast_state(self) -> None:
        for conn in list(self.conns):
            await self.send_to(conn, self.message_for(conn.seat))

    async def broadcast(self, message: dict[str, Any]) -> None:
        for conn in list(self.conns):
            await self.send_to(conn, message)

    # ------------------------------------------------------------- the moves

    async def _commit(self, move: Move, seat: int | None) -> None:
        """Push a checked move, store it, then tell everyone. Called with the lock held."""
        g = self.game
        idx = len(g.move_stack)
        g.push(move)
        o = g.outcome()
        try:
            await self.manager.store.add_move(
                self.id,
                idx,
                str(move),
                finished=o is not None,
                points=(o.points(0), o.points(1)) if o is not None else (0, 0),
            )
        except Exception as e:
            g.pop()
            log.exception("could not store move %s of game %s", move, self.id)
            raise RequestError("storage", f"the move could not be stored, so it was not played: {e}") from e
        if g.turn_no != self.turn_at[-1]:
            self.turn_positions.clear()
        self.turn_at.append(g.turn_no)
        key = g.key()
        self.turn_positions[key] = self.turn_positions.get(key, 0) + 1
        if o is not None:
            self.stored.finished = True
        event: dict[str, Any] = {"kind": "move", "by": SEATS[g.mover(idx)], "move": str(move), "index": idx}
        r = g.ruling(idx)
        if r is not None:
            event = {
                "kind": "stop",
                "by": SEATS[r.caller],
                "move": "stop",
                "index": idx,
                "founded": True,
                "rule": r.rule,
                "violation": str(r.move),
                "violation_index": r.move_index,
                "penalty": r.penalty,
                "annulled": r.annulled,
                "text": r.describe(),
            }
        self.last_event = event
        await self.broadcast_state()
        self.kick()

    def _check_state(self, data: dict[str, Any]) -> int:
        sid = data.get("state")
        if isinstance(sid, bool) or not isinstance(sid, int):
            raise RequestError("bad_request", "a move needs 'state': the state id (a whole number) it was made on")
        return sid

    async def handle_move(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator", "spectators can only watch")
        text = data.get("move")
        if not isinstance(text, str):
            raise RequestError("bad_request", 'a move needs \'move\': its text, such as "RF" or "3w"')
        try:
            move = Move.from_str(text)
        except InvalidMoveError as e:
            raise RequestError("bad_move", str(e)) from None
        if move.code in (mv.STOP, mv.AGREE, mv.OPP_RESIGN):
            raise RequestError("bad_move", f"{move} is not sent as a move: use the message types 'stop' and 'resign'")
        sid = self._check_state(data)
        async with self.lock:
            g = self.game
            if g.is_over():
                raise RequestError("game_over", "the game is over", state_id=self.state_id)
            if g.turn != seat:
                raise RequestError("not_your_turn", "it is not your turn", state_id=self.state_id)
            if sid != self.state_id:
                raise RequestError(
                    "stale",
                    f"stale state id {sid}: the game is at state {self.state_id}; look again",
                    state_id=self.state_id,
                )
            bad = g.illegal_reason(move)
            if bad is not None:
                rule, why = bad
                raise RequestError(
                    "illegal",
                    f"{move} is illegal ({rule}): {why}",
                    rule=rule,
                    reason=why,
                    move=str(move),
                    state_id=self.state_id,
                )
            await self._commit(move, seat)

    async def handle_stop(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator", "spectators can only watch")
        sid = self._check_state(data)
        async with self.lock:
            g = self.game
            if g.is_over():
                raise RequestError("game_over", "the game is over", state_id=self.state_id)
            if not g.options.stops:
                raise RequestError("no_stops", "Stop is not part of this game (strict mode)", rule="S1")
            if g.turn == seat:
                raise RequestError("not_your_stop", "only the player who is not on move may call Stop", rule="S1")
            if not 0 <= sid <= self.state_id:
                raise RequestError("stale", f"unknown state id {sid}", state_id=self.state_id)
            if self.turn_at[sid] != g.turn_no:
                raise RequestError(
                    "stale",
                    "that turn is over: a Stop for it is refused (S1)",
                    rule="S1",
                    state_id=self.state_id,
                )
            await self._stop(seat)

    async def _stop(self, seat: int) -> None:
        """Call Stop for ``seat`` (lock held): founded, it is played; unfounded, both are told."""
        g = self.game
        stop = MOVE_TABLE[mv.STOP]
        assert stop is not None
        bad = g.illegal_reason(stop)
        if bad is not None:
            rule, why = bad
            self.last_event = {
                "kind": "stop",
                "by": SEATS[seat],
                "founded": False,
                "rule": rule,
                "text": f"Stop! by {SEATS[seat]}: unfounded ({rule}): {why}; play goes on",
            }
            await self.broadcast(
                {
                    "type": "notice",
                    "game_id": self.id,
                    "state_id": self.state_id,
                    "event": self.last_event,
                }
            )
            return
        await self._commit(stop, seat)

    async def handle_resign(self, seat: int | None, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator", "spectators can only watch")
        async with self.lock:
            g = self.game
            if g.is_over():
                raise RequestError("game_over", "the game is over", state_id=self.state_id)
            code = mv.RESIGN if g.turn == seat else mv.OPP_RESIGN
            move = MOVE_TABLE[code]
            assert move is not None
            await self._commit(move, seat)

    async def handle_hint(self, seat: int | None, conn: Conn, data: dict[str, Any]) -> None:
        if seat is None:
            raise RequestError("spectator", "spectators can only watch")
        g = self.game
        if g.is_over() or g.turn != seat:
            raise RequestError("not_your_turn", "a hint is for the player on move", state_id=self.state_id)
        view = g.view(seat)
        sid = self.state_id
        from ..ai import hint

        loop = asyncio.get_running_loop()
        plan = await loop.run_in_executor(self.manager.executor, lambda: hint(view, level="hard"))
        await self.send_to(conn, {"type": "hint", "game_id": self.id, "state_id": sid, "moves": [str(m) for m in plan]})

    # ---------------------------------------------------------- the computer

    def kick(self) -> None:
        """Start the computer's work if it is the computer's turn (or its chance to Stop)."""
        cs = self.computer_seat
        if cs is None or self.game.is_over():
            return
        if self.game.turn == cs:
            if self.ai_task is None or self.ai_task.done():
                self.ai_task = asyncio.get_running_loop().create_task(self._ai_loop())
        elif self.game.options.stops and self.game.can_stop() and (self.stop_task is None or self.stop_task.done()):
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
            while not self.game.is_over() and self.game.turn == cs:
                await asyncio.sleep(self.manager.ai_delay)
                sid = self.state_id
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
                    # _commit kicks, but this task is still running, so no second loop starts
                    await self._commit(move, cs)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("computer player failed in game %s", self.id)

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
        except Exception:
            log.exception("computer Stop caller failed in game %s", self.id)


class TableManager:
    """Creates, loads and keeps the live tables."""

    def __init__(
        self,
        store: Store,
        executor: Executor,
        *,
        ai_delay: float = 0.7,
        stop_delay_factor: float = 1.0,
        log_hook: Callable[[int | None, str], None] | None = None,
        allow_seeds: bool = False,
    ) -> None:
        self.allow_seeds = allow_seeds
        self.store = store
        self.executor = executor
        self.ai_delay = ai_delay
        self.stop_delay_factor = stop_delay_factor
        self.log_hook = log_hook
        self.tables: dict[str, Table] = {}
        self._load_lock = asyncio.Lock()

    async def create(
        self,
        *,
        mode: str,
        level: str | None,
        preset: str,
        stops: bool,
        seed: int | None = None,
        match: tuple[str, int] | None = None,
        token_hashes: tuple[str | None, str | None] | None = None,
    ) -> tuple[str, dict[int, str]]:
        """A new game; returns its id and the new seat tokens (seat -> token)."""
        if mode not in MODES:
            raise RequestError("bad_request", f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        if mode == "computer":
            levels = _level_names()
            if level is None:
                level = "medium"
            if level not in levels:
                raise RequestError("bad_request", f"level must be one of {', '.join(levels)}, not {level!r}")
        else:
            level = None
        if not isinstance(preset, str):
            raise RequestError("bad_request", "preset must be a name such as 'classic'")
        if not isinstance(stops, bool):
            raise RequestError("bad_request", "stops must be true or false")
        try:
            options = options_for(preset, stops=stops)
        except InvalidOptionsError as e:
            raise RequestError("bad_request", str(e)) from None
        if seed is not None and mode == "friend" and not self.allow_seeds:
            raise RequestError(
                "bad_request",
                "a chosen deal (seed) is only for games against the computer: "
                "whoever chose it could work out the face-down cards",
            )
        if seed is None:
            seed = secrets.randbelow(2**62)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**62:
            raise RequestError("bad_request", "seed must be a whole number from 0 to 2**62-1")
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
            game_id=game_id,
            match_id=match_id,
            match_no=match_no,
            mode=mode,
            level=level,
            computer_seat=computer_seat,
            options=options.to_dict(),
            seed=seed,
            token_hashes=token_hashes,
        )
        return game_id, tokens

    async def get(self, game_id: str) -> Table | None:
        table = self.tables.get(game_id)
        if table is not None:
            return table
        async with self._load_lock:
            table = self.tables.get(game_id)
            if table is not None:
                return table
            stored = await self.store.load_game(game_id)
            if stored is None:
                return None
            options = Options.from_dict(stored.options)
            game = Game(options=options, seed=stored.seed)
            turn_at = [game.turn_no]
            for i, text in enumerate(stored.moves):
                try:
                    game.push(Move.from_str(text))
                except Exception as e:  # a damaged database: say where
                    raise RuntimeError(f"game {game_id}: stored move {i + 1} {text!r} does not replay: {e}") from e
                turn_at.append(game.turn_no)
            a, b, n = await self.store.match_totals(stored.match_id)
            o = game.outcome()
            if o is not None and stored.finished:
                a -= o.points(0)
                b -= o.points(1)
                n -= 1
            table = Table(self, stored, game, turn_at, (a, b, n))
            self.tables[game_id] = table
            return table

    async def play_again(self, table: Table, seat: int) -> str:
        """The next game of the match (the same seats and settings); both seats keep their tokens."""
        async with table.lock:
            if not table.game.is_over():
                raise RequestError("not_over", "the game is still being played")
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
            await self.store.set_next_game(table.id, new_id)
            st.next_game = new_id
            await table.broadcast_state()
            return new_id

    def forget_if_idle(self, table: Table) -> bool:
        """Drop a table nobody watches and nothing works on from memory (the database keeps it)."""
        busy = any(t is not None and not t.done() for t in (table.ai_task, table.stop_task))
        if table.conns or busy or table.lock.locked():
            return False
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        return True

    async def close(self) -> None:
        for table in self.tables.values():
            for task in (table.ai_task, table.stop_task):
                if task is not None and not task.done():
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task
