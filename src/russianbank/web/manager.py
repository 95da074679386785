"""The live tables of one server process: creating a game, loading it warm, forgetting it idle.

:class:`TableManager` checks a new game's settings and stores it, builds a table's session from
the database (each game loaded once however many connections ask at the same time), starts the
next game of a match, hears of the moves other server processes stored (see :mod:`.fanout`), and
drains the tables when the server stops. Each table's own work is in :mod:`.tables`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import InvalidOptionsError
from ..i18n import Message
from ..options import Options, options_for
from ..session import MatchTotal, PlayError, Seat, Session, Setup
from .away import GRACE, AwayWatch
from .offers import remote_draw
from .presence import Presence
from .protocol import RequestError, engine_message, refuse
from .store import NewGame, Store, StoredGame, hash_token
from .tables import Clock, Table
from .thinking import Thinker

log = logging.getLogger("russianbank.web")

MODES = ("computer", "friend")


def _level_names() -> tuple[str, ...]:
    from ..ai import LEVELS

    return tuple(LEVELS)


MATCH_TO = (1, 10_000)  # the points a match may be played to


def check_rules(preset: Any, stops: Any) -> Options:
    """The options of a game of this preset and Stop! setting, or the refusal."""
    if not isinstance(preset, str):
        raise refuse("bad_request", "server.bad_preset", field="'preset'", example="'classic'")
    if not isinstance(stops, bool):
        raise refuse("bad_request", "server.bad_stops", field="'stops'", values="true / false")
    try:
        return options_for(preset[:40], stops=stops)
    except InvalidOptionsError as e:
        raise RequestError("bad_request", Message("server.bad_options", {"reason": engine_message(e)})) from None


def check_match_to(value: Any) -> int | None:
    """A match's target (None: none), or the refusal."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not MATCH_TO[0] <= value <= MATCH_TO[1]:
        raise refuse("bad_request", "server.bad_match_to", field="'match_to'", min=MATCH_TO[0], max=MATCH_TO[1])
    return value


class TableManager:
    """Creates, loads and keeps the live tables of this process."""

    def __init__(
        self,
        store: Store,
        thinker: Thinker,
        *,
        metrics: Any,
        ai_delay: float = 0.7,
        stop_delay_factor: float = 1.0,
        allow_seeds: bool = False,
        shared: bool = False,
        make_player: Callable[[str, int], Any] | None = None,
        clock: Clock | None = None,
        setup_for: Callable[[StoredGame], Setup] | None = None,
        abandon_after: float = GRACE,
    ) -> None:
        self.allow_seeds = allow_seeds
        self.store = store
        self.thinker = thinker  # where the computer thinks (web/thinking.py)
        self.metrics = metrics
        self.ai_delay = ai_delay
        self.stop_delay_factor = stop_delay_factor
        self.shared = shared  # other processes may write to the same database
        self.make_player = make_player
        self.clock = clock or Clock()
        if setup_for is not None:
            self.setup_for = setup_for  # type: ignore[method-assign,assignment]
        self.tables: dict[str, Table] = {}
        self.presence = Presence()  # the seats other server processes hold (see .presence)
        self.say_others: Callable[[str], None] | None = None  # a line to the other processes (the fan-out's)
        # The state id of each table when it left memory: a table rebuilt from the database goes on
        # from there, so a client never sees the state id go back (an undo leaves fewer moves than
        # changes; a rollback or a catch-up counts too).
        self._last_state: dict[str, int] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.away = AwayWatch(self, abandon_after)  # players gone from a table for two (see .away)
        self.closing = False

    def setup_for(self, stored: StoredGame) -> Setup:
        options = Options.from_dict(stored.options)
        if stored.mode == "computer":
            cs = stored.computer_seat if stored.computer_seat is not None else 1
            level = stored.level or "medium"
            seats = (Seat.computer(level), Seat.person()) if cs == 0 else (Seat.person(), Seat.computer(level))
        else:
            seats = (Seat.remote(), Seat.remote())
        return Setup(
            seats,
            options,
            pace=min(10.0, self.ai_delay),
            stop_delay_scale=self.stop_delay_factor,
            make_player=self.make_player,
        )

    def new_session(
        self, stored: StoredGame, moves: Sequence[str], match: MatchTotal, state_id: int | None, now: float
    ) -> Session:
        return Session.restore(
            self.setup_for(stored), seed=stored.seed, moves=list(moves), now=now, match=match, state_id=state_id
        )

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
        match_to: Any = None,
    ) -> tuple[str, dict[int, str]]:
        """A new game; returns its id and the new seat tokens (seat -> token). ``match_to``: the
        points that win the match it begins (None: a match of any length)."""
        match_to = check_match_to(match_to)
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
        options = check_rules(preset, stops)
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
                match_to=match_to,
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
        a, b, n = await self.store.match_totals(stored.match_id)
        now = self.clock.now()
        last = self._last_state.pop(game_id, None)
        sid = len(stored.moves) + stored.state_extra  # the state id stored (see Table._writes)
        if last is not None:
            sid = max(sid, last)
        try:
            session = self.new_session(stored, stored.moves, MatchTotal(), sid, now)
        except PlayError as e:  # a damaged database: say where
            raise RuntimeError(f"game {game_id}: {e}") from e
        o = session.outcome
        if o is not None and stored.finished:
            a, b, n = a - o.points(0), b - o.points(1), n - 1
        if (a, b, n) != (0, 0, 0):
            session = self.new_session(stored, stored.moves, MatchTotal(a, b, n), sid, now)
        table = Table(self, stored, session, list(stored.moves), stored_extra=stored.state_extra)
        table.start_events = session.start(now)
        self.tables[game_id] = table
        self.metrics.tables(len(self.tables))
        return table

    async def play_again(self, table: Table, seat: int) -> str:
        """The next game of the match (the same seats and settings); both seats keep their tokens."""
        async with table.lock:
            if not table.session.is_over():
                raise RequestError("not_over", Message("server.still_playing", {}), 409)
            if table.stored.next_game is not None:
                return table.stored.next_game
            if table.match_winner() is not None:
                raise refuse("match_over", "server.match_over", 409, to=table.stored.match_to)
            st = table.stored
            opts = table.session.options
            new_id, _ = await self.create(
                mode=st.mode,
                level=st.level,
                preset=opts.preset,
                stops=opts.stops,
                match=(st.match_id, st.match_no + 1),
                token_hashes=st.token_hashes,
                match_to=st.match_to,
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
        busy = any(t is not None and not t.done() for t in (table.driver, table.sync_task))
        if table.conns or busy or table.lock.locked():
            return False
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.metrics.tables(len(self.tables))
            self._last_state[table.id] = table.state_id
            if len(self._last_state) > 100_000:  # the oldest go (they are only a precaution)
                del self._last_state[next(iter(self._last_state))]
        return True

    # ------------------------------------------------------- other processes

    def on_remote_move(self, game_id: str, idx: int, move: str) -> None:
        table = self.tables.get(game_id)
        if table is not None and (idx >= len(table.moves) or table.moves[idx] != move):
            table.remote_change(idx, move)

    def on_remote_undo(self, game_id: str, idx: int) -> None:
        table = self.tables.get(game_id)
        if table is not None and idx < len(table.moves):
            table.remote_change()

    def tell_others(self, line: str) -> None:
        """Tell the other processes serving the database (a draw offer, see :mod:`.offers`)."""
        if self.say_others is not None:
            self.say_others(line)

    def on_remote_draw(self, game_id: str, seat: int | None, moves: int) -> None:
        table = self.tables.get(game_id)
        if table is not None:
            task = asyncio.get_running_loop().create_task(remote_draw(table, seat, moves))
            self._background.add(task)
            task.add_done_callback(self._background.discard)

    def on_remote_next(self, game_id: str, next_id: str) -> None:
        table = self.tables.get(game_id)
        if table is not None and table.stored.next_game is None:
            table.stored.next_game = next_id
            table.publish()

    async def resync(self) -> None:
        """Catch up every warm table the database has other moves for."""
        warm = {gid: t for gid, t in self.tables.items() if t.conns}
        if not warm:
            return
        counts = await self.store.move_counts(list(warm))
        for gid, t in warm.items():
            if counts.get(gid, 0) != len(t.moves):
                t.remote_change()

    # -------------------------------------------------------------- shutdown

    async def close(self) -> None:
        self.closing = True
        for table in list(self.tables.values()):
            for task in (table.driver, table.sync_task):
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
            table.wake.set()
        while any(t.lock.locked() for t in self.tables.values()) and loop.time() < deadline:
            await asyncio.sleep(0.01)
        await self.store.flush()
        conns = [c for t in self.tables.values() for c in t.conns]
        await asyncio.gather(*(c.close(1012, "server restart") for c in conns), return_exceptions=True)
