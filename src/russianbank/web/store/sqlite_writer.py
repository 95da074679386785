"""SQLite's batch, written with ``sqlite3`` directly: one transaction a batch. The store runs it
in a thread of its own or in a writer process (:class:`~russianbank.web.procpipe.PipeChild`);
the ``sqlite_child_*`` functions are that process's side."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any

from .forfeits import write_forfeits_sqlite
from .matches import write_targets_sqlite
from .records import DeleteMoves, MoveWrite, NextGameWrite, Write
from .schema import NEW_GAME_KEYS
from .sqlite_lobby import write_lobby
from .sqlite_players import rate_finished, write_players

_INSERT_GAME = f"INSERT INTO rb_games ({', '.join(NEW_GAME_KEYS)}) VALUES ({', '.join('?' * len(NEW_GAME_KEYS))})"
_INSERT_MOVE = "INSERT INTO rb_moves (game_id, idx, move, created) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"


class SQLiteWriter:
    """The SQLite writer's connection and its batches (``synchronous=FULL``, ``BEGIN IMMEDIATE``),
    used from one thread or process only: the writer thread of a :class:`SQLiteStore`, or the
    writer process of one (``writer_process``)."""

    def __init__(self, path: Path, busy_timeout_ms: int) -> None:
        self.path = path
        self.busy_timeout_ms = busy_timeout_ms
        self._wraw: sqlite3.Connection | None = None

    def _connection(self) -> sqlite3.Connection:
        if self._wraw is None:
            con = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_timeout_ms / 1000)
            con.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            con.execute("PRAGMA synchronous = FULL")
            con.execute("PRAGMA foreign_keys = ON")
            self._wraw = con
        return self._wraw

    def write(self, items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
        """The batch in one transaction: the new games (``rows``: their rows, made by the store),
        the players' writes, the moves (a game's end with its ratings), the moves taken back, the
        next games and the state ids, committed at once."""
        con = self._connection()
        out: dict[int, bool] = {}
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                games = [r for r in rows if r is not None]
                if games:
                    con.executemany(_INSERT_GAME, games)
                    out.update((i, True) for i, r in enumerate(rows) if r is not None)
                write_players(con, items, out, now)
                write_lobby(con, items, out, now)
                write_forfeits_sqlite(con, items, out, now)
                write_targets_sqlite(con, items)
                for i, w in enumerate(items):
                    if isinstance(w, DeleteMoves):
                        con.execute("DELETE FROM rb_moves WHERE game_id = ? AND idx >= ?", (w.game_id, w.from_idx))
                        out[i] = True
                moves = [(i, w) for i, w in enumerate(items) if isinstance(w, MoveWrite)]
                if moves:
                    before = con.total_changes
                    con.executemany(_INSERT_MOVE, [(w.game_id, w.idx, w.move, now) for _, w in moves])
                    if con.total_changes - before == len(moves):  # the usual case: every row is new
                        out.update((i, True) for i, _ in moves)
                    else:  # some were there already (another process was first): which ones are ours
                        for i, w in moves:
                            row = con.execute(
                                "SELECT move, created FROM rb_moves WHERE game_id = ? AND idx = ?", (w.game_id, w.idx)
                            ).fetchone()
                            out[i] = row is not None and row[1] == now and row[0] == w.move
                    for i, w in moves:
                        if out[i] and w.finished:
                            self._finish(con, w, now)
                for i, w in enumerate(items):
                    if isinstance(w, NextGameWrite):
                        cur = con.execute(
                            "UPDATE rb_games SET next_game = ? WHERE id = ? AND next_game IS NULL",
                            (w.next_id, w.game_id),
                        )
                        out[i] = cur.rowcount == 1
                extra = {  # of each game, the last one stored in the batch (a batch keeps the order)
                    w.game_id: w.state_extra
                    for i, w in enumerate(items)
                    if isinstance(w, MoveWrite | DeleteMoves) and w.state_extra is not None and out.get(i)
                }
                if extra:
                    con.executemany(
                        "UPDATE rb_games SET state_extra = ? WHERE id = ?", [(ex, gid) for gid, ex in extra.items()]
                    )
                con.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    con.execute("ROLLBACK")
                raise
        except sqlite3.Error:
            self.close()  # the next batch opens it again (a broken connection is not kept)
            raise
        return [out[i] for i in range(len(items))]

    @staticmethod
    def _finish(con: sqlite3.Connection, w: MoveWrite, now: float) -> None:
        """A game's end: its result and seed, and (the first time only) its players' ratings."""
        end = (w.points[0], w.points[1], w.seed, w.game_id)
        sql = "UPDATE rb_games SET finished = 1, points_a = ?, points_b = ?, seed = ?, seed_enc = NULL WHERE id = ?"
        if con.execute(sql + " AND NOT finished", end).rowcount == 1:
            if w.score_a is not None:
                rate_finished(con, w.game_id, w.score_a, now)
        else:
            con.execute(sql, end)

    def close(self) -> None:
        if self._wraw is not None:
            with contextlib.suppress(sqlite3.Error):
                self._wraw.close()
            self._wraw = None


_CHILD_WRITER: SQLiteWriter | None = None  # in a writer process: its connection


def sqlite_child_init(path: str, busy_timeout_ms: int) -> None:
    global _CHILD_WRITER
    _CHILD_WRITER = SQLiteWriter(Path(path), busy_timeout_ms)


def sqlite_child_write(items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
    assert _CHILD_WRITER is not None
    return _CHILD_WRITER.write(items, rows, now)


def sqlite_child_close() -> None:
    if _CHILD_WRITER is not None:
        _CHILD_WRITER.close()
