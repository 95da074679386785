"""The lobby's routes: the page (``GET /lobby``) and its websocket (``/lobby/ws``).

On the websocket the server sends the lobby as it is (``lobby``), then what changes
(``lobby_update``); a person with a name (the session cookie) may send::

    {"type": "open", "preset": "classic", "stops": false, "match_to": null}   open a table, wait at it
    {"type": "cancel"}                                      close it
    {"type": "take", "table": ID}                           take somebody's open table
    {"type": "quick", "preset": "classic", "stops": false}  take the nearest rating's, or open one
    {"type": "ping"}

A host is answered ``opened``, then ``paired`` (the game, the seat and its token) when somebody
takes the table, or ``closed``; the one who takes it is answered ``paired``. A refusal is the
package's ``error`` message and changes nothing. See docs/protocol.md.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, WebSocket
from fastapi.responses import FileResponse

from ..conn import Connection
from ..protocol import RequestError, check_size, dumps, parse_json_object, refuse
from ..store import PlayerRow
from .service import Lobby

STATIC = Path(__file__).resolve().parents[1] / "static"
LOBBY_TYPES = ("open", "cancel", "take", "quick", "ping")
RULES = {"preset", "stops", "match_to"}
LOBBY_FIELDS = {"open": RULES, "quick": RULES, "take": {"table"}, "cancel": set()}


def add_lobby_routes(
    app: FastAPI,
    lobby: Lobby,
    *,
    accept: Callable[[WebSocket], Any],
    release: Callable[[Connection], None],
    current: Callable[[str | None], Any],
    cookie_name: str,
    refused: Callable[[str], None],
) -> None:
    """``accept(ws)``: the app's checks of a new websocket (origin, connections per address): the
    :class:`Connection`, or None when refused; ``release(conn)``: it is gone; ``current(cookie)``:
    the player of a session; ``refused(code)`` counts a refusal."""

    @app.get("/lobby", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "lobby.html", headers={"Cache-Control": "no-cache"})

    @app.websocket("/lobby/ws")
    async def lobby_socket(ws: WebSocket) -> None:
        conn: Connection | None = await accept(ws)
        if conn is None:
            return
        cookie = ws.cookies.get(cookie_name)
        try:
            await lobby.join(conn, await current(cookie))
            while not conn.closed:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    return
                try:
                    await handle(conn, raw, cookie)
                except RequestError as e:
                    refused(e.code)
                    conn.send(dumps(e.to_dict()))
        finally:
            release(conn)
            await asyncio.shield(lobby.leave(conn))

    async def handle(conn: Connection, raw: Any, cookie: str | None) -> None:
        text = raw.get("text")
        if text is None:
            raise refuse("bad_request", "server.binary")
        check_size(text)
        data = parse_json_object(text)
        kind = data["type"]
        if kind == "ping":
            conn.send('{"type":"pong"}')
            return
        if kind not in LOBBY_FIELDS:
            raise refuse("unknown_type", "server.unknown_type", kind=repr(kind[:40]), known=", ".join(LOBBY_TYPES))
        unknown = set(data) - LOBBY_FIELDS[kind] - {"type"}
        if unknown:
            raise refuse("bad_request", "server.unknown_fields", fields=", ".join(sorted(map(str, unknown)))[:200])
        if kind == "cancel":
            await lobby.cancel(conn)
            return
        me: PlayerRow | None = await current(cookie)
        if kind == "open":
            await lobby.open_table(
                conn, me, data.get("preset", "classic"), data.get("stops", False), data.get("match_to")
            )
        elif kind == "quick":
            await lobby.quick(conn, me, data.get("preset", "classic"), data.get("stops", False), data.get("match_to"))
        else:
            await lobby.take(conn, me, data.get("table"))
