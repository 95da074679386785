"""PostgreSQL's batch, written with ``asyncpg`` directly: one transaction a batch, its
notifications in the same transaction. The store runs it on its event loop or in a writer
process (:class:`~russianbank.web.procpipe.PipeChild`); the ``pg_child_*`` functions are that
process's side."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from .forfeits import write_forfeits_pg
from .matches import write_targets_pg
from .notify import NOTIFY_CHANNEL, notify_payloads
from .pg_lobby import write_lobby
from .pg_players import rate_finished, write_players
from .records import DeleteMoves, MoveWrite, NextGameWrite, StorageError, Write
from .schema import NEW_GAME_KEYS

_INSERT_GAME_PG = (
    f"INSERT INTO rb_games ({', '.join(NEW_GAME_KEYS)}) "
    f"VALUES ({', '.join(f'${i + 1}' for i in range(len(NEW_GAME_KEYS)))})"
)
_INSERT_MOVES_PG = (
    "INSERT INTO rb_moves (game_id, idx, move, created) "
    "SELECT g, i, m, $4 FROM unnest($1::varchar[], $2::int[], $3::varchar[]) AS t(g, i, m) "
    "ON CONFLICT DO NOTHING RETURNING game_id, idx"
)


async def pg_write(
    con: Any, items: list[Write], rows: list[tuple[Any, ...] | None], now: float, notify: bool, origin: str
) -> list[bool]:
    """The batch in one transaction on the asyncpg connection ``con``: what
    :meth:`SQLiteWriter.write` does (the players' writes and a game's ratings with its end
    included), in PostgreSQL's SQL, and (``notify``) the notifications of what went in, in the
    name of ``origin``."""
    out: dict[int, bool] = {}
    announce: list[Write] = []
    async with con.transaction():
        games = [r for r in rows if r is not None]
        if games:
            await con.executemany(_INSERT_GAME_PG, games)
            out.update((i, True) for i, r in enumerate(rows) if r is not None)
        await write_players(con, items, out, now)
        announce.extend(await write_lobby(con, items, out, now))
        await write_forfeits_pg(con, items, out, now)
        await write_targets_pg(con, items)
        for i, w in enumerate(items):
            if isinstance(w, DeleteMoves):
                await con.execute("DELETE FROM rb_moves WHERE game_id = $1 AND idx >= $2", w.game_id, w.from_idx)
                out[i] = True
                announce.append(w)
        moves = [(i, w) for i, w in enumerate(items) if isinstance(w, MoveWrite)]
        if moves:
            got = await con.fetch(
                _INSERT_MOVES_PG, [w.game_id for _, w in moves], [w.idx for _, w in moves],
                [w.move for _, w in moves], now,
            )  # fmt: skip
            stored = {(r[0], r[1]) for r in got}
            done = []
            for i, w in moves:
                out[i] = ok = (w.game_id, w.idx) in stored
                if ok:
                    done.append(w)
            for w in done:
                if w.finished:
                    await _finish(con, w, now)
            announce.extend(done)
        for i, w in enumerate(items):
            if isinstance(w, NextGameWrite):
                status = await con.execute(
                    "UPDATE rb_games SET next_game = $2 WHERE id = $1 AND next_game IS NULL", w.game_id, w.next_id
                )
                out[i] = status == "UPDATE 1"
                if out[i]:
                    announce.append(w)
        extra = {  # of each game, the last one stored in the batch (a batch keeps the order)
            w.game_id: w.state_extra
            for i, w in enumerate(items)
            if isinstance(w, MoveWrite | DeleteMoves) and w.state_extra is not None and out.get(i)
        }
        if extra:
            await con.executemany("UPDATE rb_games SET state_extra = $2 WHERE id = $1", list(extra.items()))
        if notify and announce:
            await con.execute(
                "SELECT pg_notify($1, p) FROM unnest($2::text[]) AS t(p)",
                NOTIFY_CHANNEL,
                notify_payloads(origin, announce),
            )
    return [out[i] for i in range(len(items))]


async def _finish(con: Any, w: MoveWrite, now: float) -> None:
    """A game's end: its result and seed, and (the first time only) its players' ratings."""
    sql = "UPDATE rb_games SET finished = TRUE, points_a = $2, points_b = $3, seed = $4, seed_enc = NULL WHERE id = $1"
    end = (w.game_id, w.points[0], w.points[1], w.seed)
    if await con.execute(sql + " AND NOT finished", *end) == "UPDATE 1":
        if w.score_a is not None:
            await rate_finished(con, w.game_id, w.score_a, now)
    else:
        await con.execute(sql, *end)


_PG_CHILD: dict[str, Any] = {}  # in a writer process: its event loop, connection and settings


def pg_child_init(dsn: str, notify: bool, origin: str) -> None:
    _PG_CHILD.update(dsn=dsn, notify=notify, origin=origin, loop=asyncio.new_event_loop(), con=None)


def pg_child_write(items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
    done: list[bool] = _PG_CHILD["loop"].run_until_complete(_pg_child_write_async(items, rows, now))
    return done


async def _pg_child_write_async(items: list[Write], rows: list[tuple[Any, ...] | None], now: float) -> list[bool]:
    import asyncpg

    c = _PG_CHILD
    try:
        if c["con"] is None or c["con"].is_closed():
            c["con"] = await asyncpg.connect(c["dsn"])
        done: list[bool] = await pg_write(c["con"], items, rows, now, c["notify"], c["origin"])
        return done
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
        if not isinstance(e, asyncpg.PostgresError) and c["con"] is not None:  # the connection itself: not kept
            with contextlib.suppress(Exception):
                c["con"].terminate()
            c["con"] = None
        text = str(e) or type(e).__name__
        raise StorageError(text, busy="locked" in text or "busy" in text) from None


def pg_child_close() -> None:
    con = _PG_CHILD.get("con")
    if con is not None:
        with contextlib.suppress(Exception):
            _PG_CHILD["loop"].run_until_complete(asyncio.wait_for(con.close(), 5))
        _PG_CHILD["con"] = None
