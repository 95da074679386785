"""The abstract store: the write queue and its group commit, and the API the server uses."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

from .cipher import SeedCipher
from .lobby_api import LobbyAPI
from .player_api import PlayerAPI
from .records import MoveWrite, NewGame, NextGameWrite, StorageError, StoredGame, Write, as_storage_error

MAX_BATCH = 500  # writes in one transaction


class Store(PlayerAPI, LobbyAPI):
    """The database of games, moves and players (see the package's docstring); open one with
    :func:`open_store`."""

    url: str

    def __init__(self, cipher: SeedCipher) -> None:
        self.cipher = cipher
        self._pending: list[tuple[Write, asyncio.Future[bool]]] = []
        self._wake: asyncio.Event | None = None
        self._writer: asyncio.Task[None] | None = None
        self._closing = False
        self.on_batch: Callable[[int, float], None] | None = None  # (writes, seconds): for metrics
        self.on_committed: Callable[[list[Write]], None] | None = None  # writes just committed
        self.on_waited: Callable[[float], None] | None = None  # seconds from write() to its caller going on
        self.origin = secrets.token_hex(4)  # names this process in notifications (it ignores its own)

    # ------------------------------------------------------------ group commit

    async def init(self) -> None:
        self._wake = asyncio.Event()
        self._writer = asyncio.get_running_loop().create_task(self._write_loop(), name="rb-db-writer")

    async def write(self, item: Write) -> bool:
        """Store one write with whatever else is waiting; ``False``: the move row was there already."""
        if self._closing or self._wake is None:
            raise StorageError("the server is shutting down")
        fut: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        t0 = time.perf_counter()
        self._pending.append((item, fut))
        self._wake.set()
        try:
            return await fut
        finally:
            if self.on_waited is not None:
                self.on_waited(time.perf_counter() - t0)

    async def _write_loop(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._pending:
                batch, self._pending = self._pending[:MAX_BATCH], self._pending[MAX_BATCH:]
                items = [w for w, _ in batch]
                t0 = time.perf_counter()
                results: Sequence[bool | BaseException]
                try:
                    results = await self._write_batch(items)
                except Exception as e:  # one bad write must not sink the others: each on its own
                    if len(items) == 1:
                        results = [as_storage_error(e)]
                    else:
                        results = [await self._write_one(w) for w in items]
                if self.on_batch is not None:
                    self.on_batch(len(items), time.perf_counter() - t0)
                if self.on_committed is not None:
                    committed = [w for w, res in zip(items, results, strict=True) if res is True]
                    if committed:
                        self.on_committed(committed)
                for (_, fut), res in zip(batch, results, strict=True):
                    if fut.done():
                        continue
                    if isinstance(res, BaseException):
                        fut.set_exception(res)
                    else:
                        fut.set_result(res)
            if self._closing:
                return

    async def _write_one(self, item: Write) -> bool | BaseException:
        try:
            return (await self._write_batch([item]))[0]
        except Exception as e:
            return as_storage_error(e)

    async def flush(self) -> None:
        """Wait until every write asked for so far is committed (or refused)."""
        while self._pending:
            await asyncio.sleep(0.001)

    async def close(self) -> None:
        """Finish the writes in flight, then close."""
        await self.flush()
        self._closing = True
        if self._wake is not None:
            self._wake.set()
        writer = self._writer
        if writer is not None and not writer.done():
            # asyncio.wait, not wait_for under suppress(CancelledError): it neither raises the
            # writer's end nor swallows a cancellation of close() itself
            done, _ = await asyncio.wait({writer}, timeout=10)
            if not done:
                writer.cancel()
                await asyncio.wait({writer})
        await self._close()

    # ------------------------------------------------------------------ API

    async def create_game(self, game: NewGame) -> None:
        await self.write(game)

    async def add_move(self, write: MoveWrite) -> bool:
        """Store a move row; ``False`` when that index of the game is stored already."""
        return await self.write(write)

    async def set_next_game(self, game_id: str, next_id: str) -> bool:
        return await self.write(NextGameWrite(game_id, next_id))

    async def load_game(self, game_id: str) -> StoredGame | None:
        row, moves, extras = await self._load(game_id)
        if row is None:
            return None
        (gid, match_id, match_no, mode, level, cseat, options_json, seed, seed_enc, ta, tb, finished, nxt, extra) = row
        real_seed = int(seed) if seed_enc is None else self.cipher.decrypt(gid, seed_enc)
        return StoredGame(
            id=gid,
            match_id=match_id,
            match_no=int(match_no),
            mode=mode,
            level=level,
            computer_seat=None if cseat is None else int(cseat),
            options=json.loads(options_json),
            seed=real_seed,
            token_hashes=(ta, tb),
            finished=bool(finished),
            next_game=nxt,
            moves=moves,
            state_extra=int(extra or 0),
            forfeit=extras.get("forfeit"),
            match_to=extras.get("match_to"),
        )

    def _new_game_row(self, g: NewGame) -> tuple[Any, ...]:
        return (
            g.id,
            g.match_id,
            g.match_no,
            g.mode,
            g.level,
            g.computer_seat,
            json.dumps(g.options, sort_keys=True),
            self.cipher.encrypt(g.id, g.seed),
            g.token_hashes[0],
            g.token_hashes[1],
            time.time(),
        )

    # implemented by each database
    async def _write_batch(self, items: list[Write]) -> list[bool]:
        raise NotImplementedError

    async def _load(self, game_id: str) -> tuple[tuple[Any, ...] | None, list[str], dict[str, Any]]:
        raise NotImplementedError

    async def moves_since(self, game_id: str, idx: int) -> list[tuple[int, str]]:
        """The stored moves of a game from index ``idx`` on, in order."""
        raise NotImplementedError

    async def move_counts(self, game_ids: list[str]) -> dict[str, int]:
        """How many moves each of these games has stored."""
        raise NotImplementedError

    async def match_totals(self, match_id: str) -> tuple[int, int, int]:
        """Points of A and B over the match's finished games, and how many games finished."""
        raise NotImplementedError

    async def ping(self) -> None:
        """Raise :class:`StorageError` when the database does not answer."""
        raise NotImplementedError

    def writer_pids(self) -> list[int]:
        """The writer's process, when it has one of its own (for its CPU time in /metrics)."""
        child = getattr(self, "_wchild", None)
        return [child.pid] if child is not None and child.pid is not None and not child.dead else []

    async def _close(self) -> None:
        raise NotImplementedError
