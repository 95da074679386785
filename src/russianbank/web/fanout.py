"""Telling the other server processes about stored moves: PostgreSQL LISTEN/NOTIFY or Redis.

With PostgreSQL, every committed move is announced by ``pg_notify`` inside its own transaction
(:mod:`.db`), so no process hears of a move before it is stored. With a Redis URL, the moves
are published on a Redis channel right after their commit instead. Either way each process
applies the moves of the games it holds, in order; a gap (a notification lost while a
connection was down) is filled from the database, and a periodic check catches anything else.
The same channel carries which seats each process holds (:mod:`.presence`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from .offers import parse_draw_lines
from .presence import presence_payloads, seats_text
from .store import (
    NOTIFY_CHANNEL,
    PostgresStore,
    StorageError,
    Store,
    Write,
    notify_payloads,
    pack_payloads,
    parse_notify,
)

log = logging.getLogger("russianbank.web")

RESYNC_EVERY = 3.0  # seconds between checks of the warm tables against the database


class Fanout:
    """Receives other processes' moves for a :class:`~.manager.TableManager`."""

    channel = False  # whether there is a channel to the other processes (presence goes on it too)

    def __init__(self, store: Store, manager: Any) -> None:
        self.store = store
        self.manager = manager
        self._tasks: list[asyncio.Task[None]] = []
        self.lobby: Any = None  # the process's lobby (.lobby.service): told when another's changed
        self._said: set[asyncio.Task[None]] = set()

    def deliver(self, payload: str) -> None:
        if payload.startswith(self.store.origin + "\n"):  # this process's own (every one it commits)
            return
        if "\np " in payload:
            self.manager.presence.deliver(payload, self.store.origin)
            return
        if "\nd " in payload:
            for gid, seat, moves in parse_draw_lines(payload):
                self.manager.on_remote_draw(gid, seat, moves)
            return
        n = parse_notify(payload)
        if n.origin == self.store.origin:
            return
        for gid, idx in n.undos:
            self.manager.on_remote_undo(gid, idx)
        for gid, idx, move in n.moves:
            self.manager.on_remote_move(gid, idx, move)
        for gid, next_id in n.nexts:
            self.manager.on_remote_next(gid, next_id)
        if n.lobby and self.lobby is not None:
            self.lobby.poke()

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._resync_loop()))
        if self.channel:
            self.manager.presence.shared = True
            self.manager.say_others = self._say
            self._tasks.append(loop.create_task(self._presence_loop()))

    async def send(self, payload: str) -> None:
        """Say ``payload`` to the other processes (only where there is a channel)."""

    def _say(self, line: str) -> None:
        """Say one line to the other processes, in a task of its own (lost: the player says it again)."""

        async def go() -> None:
            try:
                for payload in pack_payloads(self.store.origin, [line]):
                    await self.send(payload)
            except (OSError, StorageError) as e:
                log.warning("could not tell the other processes: %s", e)

        task = asyncio.get_running_loop().create_task(go())
        self._said.add(task)
        task.add_done_callback(self._said.discard)

    async def _presence_loop(self) -> None:
        """Tell the others which seats this process holds: at once when they change, and every
        few seconds for every game it holds a seat of (what they heard is believed for a while)."""
        presence = self.manager.presence
        wake = asyncio.Event()
        presence.on_dirty = wake.set
        loop = asyncio.get_running_loop()
        beat = 0.0
        while True:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(RESYNC_EVERY):  # not wait_for: it may swallow close()'s cancel
                    await wake.wait()
            wake.clear()
            await asyncio.sleep(0.02)  # a burst of joins goes in one payload
            tables = self.manager.tables
            games: dict[str, str] = {}
            for gid in presence.take_dirty():
                t = tables.get(gid)
                games[gid] = seats_text(c.seat for c in t.conns) if t is not None else "-"
            if loop.time() - beat >= RESYNC_EVERY:
                beat = loop.time()
                presence.prune()
                for gid, t in tables.items():
                    seats = seats_text(c.seat for c in t.conns)
                    if seats != "-":
                        games[gid] = seats
            for payload in presence_payloads(self.store.origin, games):
                try:
                    await self.send(payload)
                except (OSError, StorageError) as e:
                    log.debug("could not tell the others who is here: %s", e)

    async def _resync_loop(self) -> None:
        while True:
            await asyncio.sleep(RESYNC_EVERY)
            try:
                await self.manager.resync()
            except Exception as e:
                log.warning("could not check the tables against the database: %s", e)

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
            with contextlib.suppress(BaseException):
                await t


class PgFanout(Fanout):
    """LISTEN on the ``rb_moves`` channel, reconnecting when the connection drops."""

    channel = True

    async def send(self, payload: str) -> None:
        assert isinstance(self.store, PostgresStore)
        await self.store.notify_now(payload)

    async def start(self) -> None:
        await super().start()
        assert isinstance(self.store, PostgresStore)
        self._tasks.append(asyncio.get_running_loop().create_task(self._listen()))

    async def _listen(self) -> None:
        import asyncpg

        assert isinstance(self.store, PostgresStore)
        delay = 0.2
        while True:
            lost = asyncio.Event()
            try:
                con = await asyncpg.connect(self.store.dsn)
                con.add_termination_listener(lambda _c, ev=lost: ev.set())
                await con.add_listener(NOTIFY_CHANNEL, lambda _c, _pid, _ch, payload: self.deliver(payload))
                delay = 0.2
                await self.manager.resync()  # whatever was missed while not listening
                await lost.wait()
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await con.close(timeout=2)  # bounded: a shutdown never waits on a stuck peer
                raise
            except Exception as e:
                log.warning("listening for other processes' moves failed (%s); retrying", e)
            await asyncio.sleep(delay)
            delay = min(5.0, delay * 2)


class RedisFanout(Fanout):
    """Redis pub/sub: moves are published after their commit and read by every process."""

    CHANNEL = "russianbank:moves"
    channel = True

    def __init__(self, store: Store, manager: Any, url: str) -> None:
        super().__init__(store, manager)
        self.url = url
        self._redis: Any = None
        self._outbox: asyncio.Queue[str] = asyncio.Queue(10000)

    async def start(self) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.url)
        await self._redis.ping()
        self.store.on_committed = self._committed
        await super().start()
        loop = asyncio.get_running_loop()
        self._tasks.append(loop.create_task(self._listen()))
        self._tasks.append(loop.create_task(self._publish()))

    async def send(self, payload: str) -> None:
        with contextlib.suppress(asyncio.QueueFull):  # the next beat says it again
            self._outbox.put_nowait(payload)

    def _committed(self, writes: list[Write]) -> None:
        for payload in notify_payloads(self.store.origin, writes):
            try:
                self._outbox.put_nowait(payload)
            except asyncio.QueueFull:  # the periodic check will catch the others up
                log.warning("redis is not keeping up: a notification was dropped")

    async def _publish(self) -> None:
        while True:
            payload = await self._outbox.get()
            try:
                await self._redis.publish(self.CHANNEL, payload)
            except Exception as e:
                log.warning("could not publish to redis: %s", e)
                await asyncio.sleep(0.5)

    async def _listen(self) -> None:
        delay = 0.2
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self.CHANNEL)
                await self.manager.resync()
                delay = 0.2
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        data = message["data"]
                        self.deliver(data.decode("utf-8") if isinstance(data, bytes) else str(data))
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as e:
                log.warning("listening on redis failed (%s); retrying", e)
            await asyncio.sleep(delay)
            delay = min(5.0, delay * 2)

    async def close(self) -> None:
        await super().close()
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()
