"""The lobby of one server process: the open tables and the games to watch, kept live for every
lobby connection of this process, and what its people ask: open a table, close it, take one, or
be paired at once.

The database holds the lobby (``rb_lobby``, :mod:`..store.lobby_records`), so every process
shows the same tables and a table is taken once only: taking it is one conditional write, which
also names both seats. Each process reads the lobby again when it changes (its own writes, and
the other processes' through the fan-out's ``l`` notifications) and every couple of seconds
besides, and tells its connections what was added and what went. A host waits on its lobby
connection: the process that holds it keeps the table open while the connection lasts, and
closes it when the connection goes; when somebody takes the table, the host's process sees it
taken and sends the host its seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ...i18n import Message
from ..conn import Connection
from ..manager import check_match_to, check_rules
from ..protocol import RequestError, dumps, refuse
from ..store import LobbyRow, OpenTable, PlayerRow, StorageError, Store, TakeTable, hash_token
from .views import game_view, paired_message, player_view, table_view

log = logging.getLogger("russianbank.web")

STALE = 60.0  # seconds an open table stays without its host's process keeping it
KEEP_EVERY = 15.0  # seconds between a process's keeping its hosts' tables open
REFRESH_EVERY = 2.0  # seconds between readings of the lobby when nothing said it changed
LISTED_FOR = 6 * 3600.0  # seconds a game from the lobby is listed to watch, at most
QUICK_TRIES = 5  # open tables a quick pairing tries to take before it opens one


@dataclass
class Waiting:
    """A host waiting here: the connection, its open table and the token of its seat."""

    conn: Connection
    table_id: str
    token: str
    player_id: str


def no_name() -> RequestError:
    return RequestError("no_name", Message("players.no_name", {}), 401)


def check_options(preset: Any, stops: Any) -> tuple[str, bool]:
    """The preset and Stop! setting of a table, or the refusal ``create`` gives a game."""
    options = check_rules(preset, stops)
    return options.preset, options.stops


def nearest(
    rows: Iterable[LobbyRow], player_id: str, rating: float, preset: str, stops: bool, match_to: int | None = None
) -> list[LobbyRow]:
    """The open tables of these settings that are not the player's, the nearest host's rating
    first (the oldest of equals)."""
    fits = [
        r for r in rows if r.preset == preset and r.stops == stops and r.match_to == match_to and r.host_id != player_id
    ]
    return sorted(fits, key=lambda r: (abs(r.host_rating - rating), r.created))


class Lobby:
    """The lobby as this process shows it, and its people's requests."""

    def __init__(self, store: Store, create_game: Callable[..., Any], *, clock: Callable[[], float] = time.time):
        self.store = store
        self.create_game = create_game  # TableManager.create
        self.clock = clock
        self.open: dict[str, LobbyRow] = {}  # the open tables, by id
        self.playing: dict[str, LobbyRow] = {}  # the games taken from it, by table id
        self.conns: set[Connection] = set()
        self.waiting: dict[str, Waiting] = {}  # table id -> its host here
        self.by_conn: dict[Connection, Waiting] = {}
        self._poke = asyncio.Event()
        self._lock = asyncio.Lock()
        self._read_at = 0.0  # when the lobby was last read
        self._begun = self._done = 0  # readings of the lobby begun, and the last one done
        self._read_event = asyncio.Event()  # set when a reading is done (then a new one waits)
        self._task: asyncio.Task[None] | None = None
        self._closing = False
        self._views: dict[str, tuple[LobbyRow, dict[str, Any]]] = {}  # table id -> (its row, its view)

    # ---------------------------------------------------------------- running

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="rb-lobby")

    async def close(self) -> None:
        self._closing = True  # besides the cancel, which a wait that ends at the same moment may swallow
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        for w in list(self.waiting.values()):  # their hosts are being cut off: the tables go
            with contextlib.suppress(StorageError):
                await self.store.cancel_table(w.table_id, w.player_id)
        self.waiting.clear()
        self.by_conn.clear()

    def poke(self) -> None:
        """The lobby changed (here, or another process said so): read it again soon."""
        self._poke.set()

    async def _loop(self) -> None:
        kept = 0.0
        while not self._closing:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(REFRESH_EVERY):
                    await self._poke.wait()
            if self._closing:
                return
            self._poke.clear()
            try:
                now = self.clock()
                if now - kept >= KEEP_EVERY:
                    kept = now
                    ids = [w.table_id for w in self.waiting.values()]
                    await self.store.keep_tables(ids, now - STALE, now - LISTED_FOR)
                if self.conns:
                    await self.refresh()
            except StorageError as e:
                log.warning("could not read the lobby: %s", e)
                await asyncio.sleep(0.5)
            except Exception:
                log.exception("the lobby's reading failed")
                await asyncio.sleep(0.5)

    # ---------------------------------------------------------------- reading

    async def refresh(self) -> None:
        """Read the lobby and tell every connection here what was added and what went."""
        async with self._lock:
            now = self.clock()
            self._begun += 1
            reading = self._begun
            waited = set(self.waiting)  # a table opened while the rows are read may not be in them
            try:
                rows = await self.store.lobby_rows(now - STALE, now - LISTED_FOR)
            finally:
                self._read_done(reading)
            self._read_at = now
            new_open = {r.id: r for r in rows if r.game_id is None}
            new_playing = {r.id: r for r in rows if r.game_id is not None}
            added = [self._view(r) for tid, r in new_open.items() if tid not in self.open]
            removed = [tid for tid in self.open if tid not in new_open]
            g_added = [self._view(r) for tid, r in new_playing.items() if tid not in self.playing]
            g_removed = [r.game_id for tid, r in self.playing.items() if tid not in new_playing]
            self.open, self.playing = new_open, new_playing
            self._views = {tid: v for tid, v in self._views.items() if tid in new_open or tid in new_playing}
            told = list(self.conns)  # those whose lobby was the one before: who joins from now on is shown this one
            gone = [w for tid, w in self.waiting.items() if tid in waited and tid not in new_open]
        for w in gone:
            await self._host_told(w, new_playing.get(w.table_id))
        if added or removed or g_added or g_removed:
            text = dumps(
                {
                    "type": "lobby_update",
                    "added": added,
                    "removed": removed,
                    "games_added": g_added,
                    "games_removed": g_removed,
                }
            )
            for c in told:
                c.send(text)

    async def _host_told(self, w: Waiting, row: LobbyRow | None) -> None:
        """A host's table is not open any more: taken (the host gets its seat) or gone."""
        if self.waiting.get(w.table_id) is not w:
            return
        if row is None:
            row = await self.store.lobby_row(w.table_id)
        if self.waiting.pop(w.table_id, None) is None:
            return
        self.by_conn.pop(w.conn, None)
        if row is not None and row.game_id is not None:
            w.conn.send(dumps(paired_message(row, 0, w.token)))
        else:
            w.conn.send(dumps({"type": "closed", "table": w.table_id, "reason": "stale"}))

    def _view(self, r: LobbyRow) -> dict[str, Any]:
        """What the messages show of a row: an open table's or a game's view, made once per row
        (every joining connection is shown them all)."""
        hit = self._views.get(r.id)
        if hit is not None and hit[0] is r:
            return hit[1]
        view = table_view(r) if r.game_id is None else game_view(r)
        self._views[r.id] = (r, view)
        return view

    def snapshot(self, me: PlayerRow | None) -> dict[str, Any]:
        return {
            "type": "lobby",
            "me": None if me is None else player_view(me.name, me.rating),
            "tables": [self._view(r) for r in self.open.values()],
            "games": [self._view(r) for r in self.playing.values()],
        }

    def _read_done(self, reading: int) -> None:
        """A reading came back: who waits for it runs once :meth:`refresh` has made its rows the
        lobby (there is no await in between)."""
        self._done = max(self._done, reading)
        event, self._read_event = self._read_event, asyncio.Event()
        event.set()

    async def _fresh(self) -> None:
        """Wait until the lobby has been read since every change this process knows of: the
        reading under way, or the one the loop is about to make when it was told of a change."""
        want = self._begun + 1 if self._poke.is_set() else self._begun if self._lock.locked() else 0
        while self._done < want:
            try:
                async with asyncio.timeout(REFRESH_EVERY):
                    await self._read_event.wait()
            except TimeoutError:  # the loop is not reading: read here
                await self.refresh()
                return

    async def join(self, conn: Connection, me: PlayerRow | None) -> None:
        """A new lobby connection: the lobby as it is, then every change."""
        if self.clock() - self._read_at > REFRESH_EVERY or not self.conns:
            await self.refresh()
        else:
            await self._fresh()
        self.conns.add(conn)
        conn.send(dumps(self.snapshot(me)))

    async def leave(self, conn: Connection) -> None:
        """A lobby connection went: its open table, if any, closes."""
        self.conns.discard(conn)
        w = self.by_conn.pop(conn, None)
        if w is not None and self.waiting.pop(w.table_id, None) is not None:
            try:
                await self.store.cancel_table(w.table_id, w.player_id)
            except StorageError as e:  # it is not kept any more: it goes within STALE seconds
                log.warning("could not close an open table: %s", e)
            self.poke()

    # --------------------------------------------------------------- requests

    async def open_table(
        self, conn: Connection, me: PlayerRow | None, preset: Any, stops: Any, match_to: Any = None
    ) -> None:
        if me is None:
            raise no_name()
        if conn in self.by_conn:
            raise refuse("already_open", "lobby.already_open", 409)
        preset, stops = check_options(preset, stops)
        match_to = check_match_to(match_to)
        token = secrets.token_urlsafe(18)
        table_id = secrets.token_urlsafe(9)
        if not await self.store.open_table(OpenTable(table_id, me.id, hash_token(token), preset, stops, match_to)):
            raise refuse("already_open", "lobby.already_open", 409)
        w = Waiting(conn, table_id, token, me.id)
        self.waiting[table_id] = w
        self.by_conn[conn] = w
        row = LobbyRow(table_id, me.id, me.name, me.rating, "", preset, stops, self.clock(), match_to=match_to)
        conn.send(dumps({"type": "opened", "table": table_view(row)}))
        self.poke()

    async def cancel(self, conn: Connection) -> None:
        w = self.by_conn.get(conn)
        if w is None:
            raise refuse("not_open", "lobby.not_open", 409)
        if not await self.store.cancel_table(w.table_id, w.player_id):  # taken just now: the seat is on its way
            self.poke()
            raise refuse("taken", "lobby.taken_already", 409)
        self.waiting.pop(w.table_id, None)
        self.by_conn.pop(conn, None)
        conn.send(dumps({"type": "closed", "table": w.table_id, "reason": "cancelled"}))
        self.poke()

    async def take(self, conn: Connection, me: PlayerRow | None, table_id: Any) -> None:
        if me is None:
            raise no_name()
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise refuse("bad_request", "server.field_text", field="table")
        if conn in self.by_conn:
            raise refuse("already_open", "lobby.close_first", 409)
        row = self.open.get(table_id)
        if row is None:
            raise refuse("table_gone", "lobby.table_gone", 409)
        if row.host_id == me.id:
            raise refuse("own_table", "lobby.own_table", 409)
        await self._take(conn, me, row)

    async def _take(self, conn: Connection, me: PlayerRow, row: LobbyRow) -> None:
        token = secrets.token_urlsafe(18)
        game_id, _ = await self.create_game(
            mode="friend",
            level=None,
            preset=row.preset,
            stops=row.stops,
            token_hashes=(row.token_hash, hash_token(token)),
            match_to=row.match_to,
        )
        if not await self.store.take_table(TakeTable(row.id, me.id, game_id, self.clock() - STALE)):
            self.poke()
            raise refuse("table_gone", "lobby.table_gone", 409)
        taken = LobbyRow(
            row.id, row.host_id, row.host_name, row.host_rating, "", row.preset, row.stops, row.created,
            game_id, me.id, me.name, me.rating, row.match_to,
        )  # fmt: skip
        conn.send(dumps(paired_message(taken, 1, token)))
        self.poke()

    async def quick(
        self, conn: Connection, me: PlayerRow | None, preset: Any, stops: Any, match_to: Any = None
    ) -> None:
        """Take the open table of these settings whose host's rating is nearest (the oldest of
        equals), or open one and wait."""
        if me is None:
            raise no_name()
        if conn in self.by_conn:
            raise refuse("already_open", "lobby.already_open", 409)
        preset, stops = check_options(preset, stops)
        match_to = check_match_to(match_to)
        for row in nearest(self.open.values(), me.id, me.rating, preset, stops, match_to)[:QUICK_TRIES]:
            try:
                await self._take(conn, me, row)
                return
            except RequestError as e:
                if e.code != "table_gone":
                    raise
        await self.open_table(conn, me, preset, stops, match_to)
