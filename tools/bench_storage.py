"""Storage benchmark: the third round's raw stores against the server's own, same group commit.

Both stores use the server's group commit (:class:`russianbank.web.store.Store`: writes that arrive
while a transaction commits go together in the next one) and write the same rows with the same
guarantees (SQLite: WAL, ``synchronous=FULL``, ``BEGIN IMMEDIATE``; PostgreSQL: one writer
connection, ``ON CONFLICT DO NOTHING RETURNING`` to tell each writer whether its row went in).
Only the way the batch reaches the database differs:

- ``raw``: the third round's raw stores, kept here as they were: ``sqlite3`` in one writer
  thread, one hop per batch; ``asyncpg`` with ``unnest`` arrays,
- ``server``: the server's own stores (:func:`russianbank.web.store.open_store`). In the third round
  they wrote through SQLAlchemy 2 Core async (the comparison is in git's history of docs/web.md); since the fourth
  (SQLite: ``sqlite3`` in a writer thread) and the fifth (PostgreSQL: ``asyncpg`` itself) their
  writers are raw too, and only their reads go through SQLAlchemy Core, so the two sides now
  differ only in details.

Each of ``--writers`` tasks plays one game as fast as it can: it writes a move, waits for it to
be committed, writes the next (like a fast client waiting for each acknowledgement). Printed per
run: committed writes per second, the acknowledgement latency p50/p99, and this process's CPU
time per write (PostgreSQL's own CPU given beside, for a cluster given with ``--pg-pid``).
Runs alternate raw/server so both see the same machine load.

    PYTHONPATH=src python tools/bench_storage.py --db sqlite:////tmp/server-bs/g.db --writers 64
    PYTHONPATH=src python tools/bench_storage.py --db postgresql://postgres@127.0.0.1:5433/postgres \\
        --pg-pid "$(head -1 /tmp/server-pg/data/postmaster.pid)"
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sqlite3
import statistics
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from russianbank.web.store import (
    NOTIFY_CHANNEL,
    DeleteMoves,
    MoveWrite,
    NewGame,
    NextGameWrite,
    SeedCipher,
    StorageError,
    Store,
    Write,
    default_db_path,
    describe_url,
    notify_payloads,
    open_store,
    private_dir,
    sqlite_path,
)
from russianbank.web.store.records import as_storage_error
from russianbank.web.store.schema import GAME_COLUMNS, SCHEMA
from russianbank.web.store.urls import asyncpg_dsn, private_file


class RawSQLiteStore(Store):
    """SQLite: a file (0600) in a folder of its own; one writer thread, WAL journal."""

    BUSY_TIMEOUT_MS = 5000

    def __init__(self, url: str, cipher: SeedCipher) -> None:
        super().__init__(cipher)
        self.url = url
        self.path = sqlite_path(url)
        self._wexec = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rb-sqlite-w")
        self._rexec = ThreadPoolExecutor(max_workers=2, thread_name_prefix="rb-sqlite-r")
        self._local = threading.local()
        self._wcon: sqlite3.Connection | None = None
        self._readers: list[sqlite3.Connection] = []
        self._readers_lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        con = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
        con.execute(f"PRAGMA busy_timeout = {self.BUSY_TIMEOUT_MS}")
        con.execute("PRAGMA foreign_keys = ON")
        return con

    def _init_sync(self) -> None:
        if self.path.parent == default_db_path().parent or not self.path.parent.exists():
            private_dir(self.path.parent)
        private_file(self.path)
        con = self._connect()
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("PRAGMA synchronous = FULL")
        for stmt in SCHEMA:
            con.execute(stmt)
        self._wcon = con

    async def init(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._wexec, self._init_sync)
        await super().init()

    def _write_sync(self, items: list[Write]) -> list[bool]:
        con = self._wcon
        assert con is not None
        out: list[bool] = []
        now = time.time()
        con.execute("BEGIN IMMEDIATE")
        try:
            for w in items:
                if isinstance(w, MoveWrite):
                    cur = con.execute(
                        "INSERT OR IGNORE INTO rb_moves (game_id, idx, move, created) VALUES (?, ?, ?, ?)",
                        (w.game_id, w.idx, w.move, now),
                    )
                    ok = cur.rowcount == 1
                    if ok and w.finished:
                        con.execute(
                            "UPDATE rb_games SET finished = 1, points_a = ?, points_b = ?, seed = ?, seed_enc = NULL "
                            "WHERE id = ?",
                            (w.points[0], w.points[1], w.seed, w.game_id),
                        )
                    out.append(ok)
                elif isinstance(w, NewGame):
                    con.execute(
                        "INSERT INTO rb_games (id, match_id, match_no, mode, level, computer_seat, options_json, "
                        "seed_enc, token_a, token_b, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        self._new_game_row(w),
                    )
                    out.append(True)
                elif isinstance(w, DeleteMoves):
                    con.execute("DELETE FROM rb_moves WHERE game_id = ? AND idx >= ?", (w.game_id, w.from_idx))
                    out.append(True)
                else:
                    cur = con.execute(
                        "UPDATE rb_games SET next_game = ? WHERE id = ? AND next_game IS NULL", (w.next_id, w.game_id)
                    )
                    out.append(cur.rowcount == 1)
            con.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                con.execute("ROLLBACK")
            raise
        return out

    async def _write_batch(self, items: list[Write]) -> list[bool]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._wexec, self._write_sync, items)
        except sqlite3.OperationalError as e:
            raise StorageError(str(e), busy="locked" in str(e) or "busy" in str(e)) from e

    def _reader(self) -> sqlite3.Connection:
        con: sqlite3.Connection | None = getattr(self._local, "con", None)
        if con is None:
            con = self._connect()
            con.execute("PRAGMA query_only = ON")
            self._local.con = con
            with self._readers_lock:
                self._readers.append(con)
        return con

    async def _read(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._rexec, lambda: fn(self._reader()))
        except sqlite3.Error as e:
            raise as_storage_error(e) from e

    async def _load(self, game_id: str) -> tuple[tuple[Any, ...] | None, list[str]]:
        def q(con: sqlite3.Connection) -> tuple[tuple[Any, ...] | None, list[str]]:
            con.execute("BEGIN")
            try:
                row = con.execute(f"SELECT {GAME_COLUMNS} FROM rb_games WHERE id = ?", (game_id,)).fetchone()
                moves = [
                    m for (m,) in con.execute("SELECT move FROM rb_moves WHERE game_id = ? ORDER BY idx", (game_id,))
                ]
            finally:
                con.execute("COMMIT")
            return row, moves

        result: tuple[tuple[Any, ...] | None, list[str]] = await self._read(q)
        return result

    async def moves_since(self, game_id: str, idx: int) -> list[tuple[int, str]]:
        rows: list[tuple[int, str]] = await self._read(
            lambda con: con.execute(
                "SELECT idx, move FROM rb_moves WHERE game_id = ? AND idx >= ? ORDER BY idx", (game_id, idx)
            ).fetchall()
        )
        return rows

    async def move_counts(self, game_ids: list[str]) -> dict[str, int]:
        if not game_ids:
            return {}

        def q(con: sqlite3.Connection) -> dict[str, int]:
            out: dict[str, int] = {}
            for i in range(0, len(game_ids), 500):
                part = game_ids[i : i + 500]
                marks = ",".join("?" * len(part))
                for gid, n in con.execute(
                    f"SELECT game_id, count(*) FROM rb_moves WHERE game_id IN ({marks}) GROUP BY game_id", part
                ):
                    out[gid] = n
            return out

        result: dict[str, int] = await self._read(q)
        return result

    async def match_totals(self, match_id: str) -> tuple[int, int, int]:
        row = await self._read(
            lambda con: con.execute(
                "SELECT coalesce(sum(points_a), 0), coalesce(sum(points_b), 0), count(*) FROM rb_games "
                "WHERE match_id = ? AND finished",
                (match_id,),
            ).fetchone()
        )
        return int(row[0]), int(row[1]), int(row[2])

    async def ping(self) -> None:
        await self._read(lambda con: con.execute("SELECT 1").fetchone())

    async def _close(self) -> None:
        def close_all() -> None:
            if self._wcon is not None:
                self._wcon.close()
            with self._readers_lock:
                for con in self._readers:
                    with contextlib.suppress(sqlite3.Error):
                        con.close()
                self._readers.clear()

        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._wexec, close_all)
        self._wexec.shutdown(wait=True)
        self._rexec.shutdown(wait=False)


class RawPostgresStore(Store):
    """PostgreSQL through asyncpg: one writer connection (group commit), a pool for reads.

    ``notify``: each committed move is also announced on the channel ``rb_moves`` (in the same
    transaction, so a notification never runs ahead of its row), for the other server processes.
    """

    def __init__(self, url: str, cipher: SeedCipher, *, notify: bool = True) -> None:
        super().__init__(cipher)
        self.url = url
        self.dsn = asyncpg_dsn(url)
        self.notify = notify
        self._wconn: Any = None
        self._pool: Any = None

    async def init(self) -> None:
        import asyncpg

        try:
            self._pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=4)
            async with self._pool.acquire() as con, con.transaction():
                await con.execute("SELECT pg_advisory_xact_lock(7261)")  # several processes start at once
                for stmt in SCHEMA:
                    await con.execute(stmt)
        except (OSError, asyncpg.PostgresError) as e:
            raise StorageError(f"cannot open the database {describe_url(self.url)}: {e}") from e
        await super().init()

    async def _writer_conn(self) -> Any:
        import asyncpg

        if self._wconn is None or self._wconn.is_closed():
            self._wconn = await asyncpg.connect(self.dsn)
        return self._wconn

    async def _write_batch(self, items: list[Write]) -> list[bool]:
        import asyncpg

        try:
            con = await self._writer_conn()
            return await self._write_batch_on(con, items)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            if self._wconn is not None and not self._wconn.is_closed() and isinstance(e, OSError):
                self._wconn.terminate()
            raise StorageError(str(e)) from e

    async def _write_batch_on(self, con: Any, items: list[Write]) -> list[bool]:
        out: dict[int, bool] = {}
        announce: list[Write] = []
        now = time.time()
        async with con.transaction():
            for i, w in enumerate(items):
                if isinstance(w, NewGame):
                    await con.execute(
                        "INSERT INTO rb_games (id, match_id, match_no, mode, level, computer_seat, options_json, "
                        "seed_enc, token_a, token_b, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                        *self._new_game_row(w),
                    )
                    out[i] = True
            for i, w in enumerate(items):
                if isinstance(w, DeleteMoves):
                    await con.execute("DELETE FROM rb_moves WHERE game_id = $1 AND idx >= $2", w.game_id, w.from_idx)
                    out[i] = True
                    announce.append(w)
            moves = [(i, w) for i, w in enumerate(items) if isinstance(w, MoveWrite)]
            if moves:
                rows = await con.fetch(
                    "INSERT INTO rb_moves (game_id, idx, move, created) "
                    "SELECT g, i, m, $4 FROM unnest($1::varchar[], $2::int[], $3::varchar[]) AS t(g, i, m) "
                    "ON CONFLICT DO NOTHING RETURNING game_id, idx",
                    [w.game_id for _, w in moves],
                    [w.idx for _, w in moves],
                    [w.move for _, w in moves],
                    now,
                )
                stored = {(r[0], r[1]) for r in rows}
                done = []
                for i, w in moves:
                    ok = (w.game_id, w.idx) in stored
                    out[i] = ok
                    if ok:
                        done.append(w)
                finished = [w for w in done if w.finished]
                if finished:
                    await con.executemany(
                        "UPDATE rb_games SET finished = TRUE, points_a = $2, points_b = $3, seed = $4, "
                        "seed_enc = NULL WHERE id = $1",
                        [(w.game_id, w.points[0], w.points[1], w.seed) for w in finished],
                    )
                announce.extend(done)
            for i, w in enumerate(items):
                if isinstance(w, NextGameWrite):
                    status = await con.execute(
                        "UPDATE rb_games SET next_game = $2 WHERE id = $1 AND next_game IS NULL", w.game_id, w.next_id
                    )
                    out[i] = status.endswith(" 1")
                    if out[i]:
                        announce.append(w)
            if self.notify and announce:
                for payload in notify_payloads(self.origin, announce):
                    await con.execute("SELECT pg_notify($1, $2)", NOTIFY_CHANNEL, payload)
        return [out[i] for i in range(len(items))]

    async def _fetch(self, query: str, *args: Any) -> list[Any]:
        import asyncpg

        try:
            async with self._pool.acquire() as con:
                rows: list[Any] = await con.fetch(query, *args)
                return rows
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise StorageError(str(e)) from e

    async def _load(self, game_id: str) -> tuple[tuple[Any, ...] | None, list[str]]:
        import asyncpg

        try:
            async with self._pool.acquire() as con, con.transaction(isolation="repeatable_read", readonly=True):
                row = await con.fetchrow(f"SELECT {GAME_COLUMNS} FROM rb_games WHERE id = $1", game_id)
                moves = [
                    r[0] for r in await con.fetch("SELECT move FROM rb_moves WHERE game_id = $1 ORDER BY idx", game_id)
                ]
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise StorageError(str(e)) from e
        return (None if row is None else tuple(row)), moves

    async def moves_since(self, game_id: str, idx: int) -> list[tuple[int, str]]:
        rows = await self._fetch(
            "SELECT idx, move FROM rb_moves WHERE game_id = $1 AND idx >= $2 ORDER BY idx", game_id, idx
        )
        return [(r[0], r[1]) for r in rows]

    async def move_counts(self, game_ids: list[str]) -> dict[str, int]:
        if not game_ids:
            return {}
        rows = await self._fetch(
            "SELECT game_id, count(*) FROM rb_moves WHERE game_id = ANY($1::varchar[]) GROUP BY game_id", game_ids
        )
        return {r[0]: int(r[1]) for r in rows}

    async def match_totals(self, match_id: str) -> tuple[int, int, int]:
        rows = await self._fetch(
            "SELECT coalesce(sum(points_a), 0), coalesce(sum(points_b), 0), count(*) FROM rb_games "
            "WHERE match_id = $1 AND finished",
            match_id,
        )
        r = rows[0]
        return int(r[0]), int(r[1]), int(r[2])

    async def ping(self) -> None:
        await self._fetch("SELECT 1")

    async def _close(self) -> None:
        if self._wconn is not None and not self._wconn.is_closed():
            await self._wconn.close()
        if self._pool is not None:
            await self._pool.close()


def pg_cpu(pid: int | None) -> float:
    """CPU seconds of a PostgreSQL cluster: its postmaster and every child of it."""
    if pid is None:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ppid = int(fields[1])
        if int(d.name) == pid or ppid == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


async def one_run(kind: str, url: str, key: Path, writers: int, seconds: float, run_no: int) -> dict[str, Any]:
    cipher = SeedCipher.from_file(key)
    store: Store
    if kind == "server":
        store = open_store(url, key_path=key)
    elif url.startswith("sqlite"):
        store = RawSQLiteStore(url, cipher)
    else:
        store = RawPostgresStore(url, cipher)
    await store.init()
    lat: list[float] = []
    stop_at = 0.0

    async def writer(n: int) -> None:
        gid = f"b{run_no}{kind[0]}{n}"
        await store.create_game(NewGame(gid, gid, 1, "friend", None, None, {}, n, (None, None)))
        i = 0
        while time.perf_counter() < stop_at:
            t0 = time.perf_counter()
            ok = await store.add_move(MoveWrite(gid, i, "SH"))
            lat.append(time.perf_counter() - t0)
            assert ok
            i += 1

    for _ in range(2):  # warm up: the first batches pay for imports, statement caches, the file
        await asyncio.gather(*(store.create_game(NewGame(f"w{run_no}{kind}{k}{_}", "w", 1, "friend", None, None,
                                                         {}, 1, (None, None))) for k in range(4)))  # fmt: skip
    c0, p0 = time.process_time(), pg_cpu(ARGS.pg_pid)
    t0 = time.perf_counter()
    stop_at = t0 + seconds
    await asyncio.gather(*(writer(n) for n in range(writers)))
    span = time.perf_counter() - t0
    cpu, pcpu = time.process_time() - c0, pg_cpu(ARGS.pg_pid) - p0
    await store.close()
    s = sorted(lat)
    return {
        "kind": kind,
        "writes_per_s": round(len(lat) / span, 1),
        "p50_ms": round(s[len(s) // 2] * 1000, 2),
        "p99_ms": round(s[int(0.99 * len(s))] * 1000, 2),
        "cpu_us_per_write": round(cpu / len(lat) * 1e6, 1),
        "pg_cpu_us_per_write": round(pcpu / len(lat) * 1e6, 1) if ARGS.pg_pid else None,
        "load": os.getloadavg()[0],
    }


async def main() -> None:
    url = ARGS.db
    if url.startswith("sqlite"):
        sqlite_path(url).parent.mkdir(parents=True, exist_ok=True)
    if url.startswith("postgresql"):
        import asyncpg

        con = await asyncpg.connect(url)
        await con.execute("DROP TABLE IF EXISTS rb_moves; DROP TABLE IF EXISTS rb_games")
        await con.close()
    else:
        p = sqlite_path(url)
        for f in p.parent.glob(p.name + "*"):
            if not f.name.endswith(".key"):
                f.unlink()
    results = []
    for r in range(ARGS.runs):
        for kind in ("raw", "server") if r % 2 == 0 else ("server", "raw"):
            res = await one_run(kind, url, ARGS.key, ARGS.writers, ARGS.seconds, r)
            print(json.dumps(res), flush=True)
            results.append(res)
    for kind in ("raw", "server"):
        rs = [x for x in results if x["kind"] == kind]
        med = {k: statistics.median(x[k] for x in rs) for k in ("writes_per_s", "p50_ms", "p99_ms", "cpu_us_per_write")}
        if ARGS.pg_pid:
            med["pg_cpu_us_per_write"] = statistics.median(x["pg_cpu_us_per_write"] for x in rs)
        print(f"median {kind}: {json.dumps(med)}")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--key", type=Path, default=Path("/tmp/server-bench.key"))
    ap.add_argument("--writers", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--runs", type=int, default=4)
    ap.add_argument("--pg-pid", type=int, default=None)
    ARGS = ap.parse_args()
    if not 1 <= ARGS.writers <= 1000 or not 0 < ARGS.seconds <= 60 or not 1 <= ARGS.runs <= 20:
        sys.exit("--writers 1..1000, --seconds up to 60, --runs 1..20")
    asyncio.run(main())
