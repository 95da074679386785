"""The FastAPI application: pages, the JSON API and the websocket per seat."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from ..options import PRESETS
from ..record import record_text
from .db import Store
from .tables import SEATS, Conn, RequestError, Table, TableManager, _level_names

STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096  # characters in one websocket message
MAX_BODY = 4096  # bytes in one API request body


def create_app(
    db_url: str | None = None,
    *,
    ai_delay: float = 0.7,
    stop_delay_factor: float = 1.0,
    log_hook: Callable[[int | None, str], None] | None = None,
    allow_seeds: bool = False,
) -> FastAPI:
    """The app.

    ``ai_delay``: seconds between the computer's moves (a pace a person can follow);
    ``stop_delay_factor`` scales the computer's Stop delays; ``log_hook(seat, text)`` sees
    every websocket message sent (for tests); ``allow_seeds`` lets tables for two be created
    with a chosen deal (for tests: whoever chose it could work out the face-down cards).
    """
    store = Store(db_url)
    executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="rb-ai")
    manager = TableManager(
        store,
        executor,
        ai_delay=ai_delay,
        stop_delay_factor=stop_delay_factor,
        log_hook=log_hook,
        allow_seeds=allow_seeds,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await store.init()
        try:
            yield
        finally:
            await manager.close()
            await store.close()
            executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Russian Bank", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.manager = manager
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def error(status: int, code: str, message: str) -> JSONResponse:
        return JSONResponse({"error": code, "message": message}, status_code=status)

    async def read_json(request: Request) -> dict[str, Any] | JSONResponse:
        body = await request.body()
        if len(body) > MAX_BODY:
            return error(413, "too_large", f"the request body is larger than {MAX_BODY} bytes")
        if not body:
            return {}
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError) as e:
            return error(400, "bad_json", f"malformed JSON: {e}")
        if not isinstance(data, dict):
            return error(400, "bad_request", "the request body must be a JSON object")
        return data

    # ----------------------------------------------------------------- pages

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/rules", include_in_schema=False)
    async def rules_page() -> FileResponse:
        return FileResponse(STATIC / "rules.html")

    # ------------------------------------------------------------------- API

    @app.get("/api/config")
    async def config() -> dict[str, Any]:
        return {"levels": list(_level_names()), "presets": list(PRESETS)}

    @app.post("/api/games", response_model=None)
    async def create_game(request: Request) -> dict[str, Any] | JSONResponse:
        data = await read_json(request)
        if isinstance(data, JSONResponse):
            return data
        unknown = set(data) - {"mode", "level", "preset", "stops", "seed"}
        if unknown:
            return error(400, "bad_request", f"unknown field(s): {', '.join(sorted(unknown))}")
        try:
            game_id, tokens = await manager.create(
                mode=data.get("mode", "computer"),
                level=data.get("level"),
                preset=data.get("preset", "classic"),
                stops=data.get("stops", False),
                seed=data.get("seed"),
            )
        except RequestError as e:
            return error(400, e.code, e.message)
        seat = min(tokens)
        out: dict[str, Any] = {
            "game_id": game_id,
            "seat": SEATS[seat],
            "token": tokens[seat],
            "url": f"/game/{game_id}#t={tokens[seat]}",
            "watch_url": f"/game/{game_id}",
        }
        other = 1 - seat
        if other in tokens:
            out["friend_url"] = f"/game/{game_id}#t={tokens[other]}"
        return out

    async def get_table(game_id: str) -> Table | JSONResponse:
        if len(game_id) > 32:
            return error(404, "unknown_game", f"no game {game_id[:32]!r}…")
        table = await manager.get(game_id)
        if table is None:
            return error(404, "unknown_game", f"no game {game_id!r}")
        return table

    @app.get("/api/games/{game_id}", response_model=None)
    async def game_summary(game_id: str) -> dict[str, Any] | JSONResponse:
        table = await get_table(game_id)
        if isinstance(table, JSONResponse):
            return table
        g = table.game
        manager.forget_if_idle(table)
        return {
            "game_id": table.id,
            "mode": table.stored.mode,
            "level": table.stored.level,
            "options": g.options.to_dict(),
            "state_id": table.state_id,
            "turn": SEATS[g.turn],
            "over": g.is_over(),
            "outcome": None if g.outcome() is None else g.outcome().to_dict(),  # type: ignore[union-attr]
            "match": table.match_totals(),
            "next_game": table.stored.next_game,
        }

    @app.get("/api/games/{game_id}/record", response_model=None)
    async def game_record(game_id: str) -> Response:
        table = await get_table(game_id)
        if isinstance(table, JSONResponse):
            return table
        if not table.game.is_over():
            return error(
                409,
                "not_over",
                "the record is available when the game is over (it names the deal's seed, "
                "which would show the face-down cards)",
            )
        st = table.stored
        tags = {"Site": "russianbank serve", "Game": table.id, "Round": str(st.match_no)}
        if st.mode == "computer":
            tags.update({"A": "Player", "B": f"Computer ({st.level})"})
        text = record_text(table.game, tags)
        manager.forget_if_idle(table)
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="russianbank-{table.id}.txt"'}
        )

    @app.post("/api/games/{game_id}/again", response_model=None)
    async def play_again(game_id: str, request: Request) -> dict[str, Any] | JSONResponse:
        data = await read_json(request)
        if isinstance(data, JSONResponse):
            return data
        table = await get_table(game_id)
        if isinstance(table, JSONResponse):
            return table
        token = data.get("token")
        seat = table.seat_for_token(token) if isinstance(token, str) else None
        if seat is None:
            return error(403, "wrong_token", "this token holds no seat at this table")
        try:
            new_id = await manager.play_again(table, seat)
        except RequestError as e:
            return error(409, e.code, e.message)
        return {"game_id": new_id, "seat": SEATS[seat], "url": f"/game/{new_id}#t={token}"}

    # ------------------------------------------------------------- websocket

    @app.websocket("/ws/{game_id}")
    async def websocket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        table: Table | None = None
        conn: Conn | None = None

        async def reply_error(e: RequestError) -> None:
            msg = e.to_dict()
            if table is not None and conn is not None:
                await table.send_to(conn, msg)
            else:
                text = json.dumps(msg)
                if manager.log_hook is not None:
                    manager.log_hook(None, text)
                await ws.send_text(text)

        try:
            while True:
                raw = await ws.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text = raw.get("text")
                if text is None:
                    await reply_error(RequestError("bad_request", "send text (JSON) messages, not binary ones"))
                    continue
                if len(text) > MAX_MESSAGE:
                    await reply_error(
                        RequestError("too_large", f"message too large: {len(text)} characters (at most {MAX_MESSAGE})")
                    )
                    continue
                try:
                    data = json.loads(text)
                except ValueError as e:
                    await reply_error(RequestError("bad_json", f"malformed JSON: {e}"))
                    continue
                if not isinstance(data, dict) or not isinstance(data.get("type"), str):
                    await reply_error(
                        RequestError("bad_request", "a message must be a JSON object with a 'type' (text)")
                    )
                    continue
                kind = data["type"]
                try:
                    if kind == "join":
                        t = await manager.get(game_id) if len(game_id) <= 32 else None
                        if t is None:
                            raise RequestError("unknown_game", f"no game {game_id[:32]!r}")
                        token = data.get("token")
                        seat: int | None = None
                        if token is not None:
                            if not isinstance(token, str) or len(token) > 200:
                                raise RequestError("bad_request", "'token' must be text")
                            seat = t.seat_for_token(token)
                            if seat is None:
                                raise RequestError("wrong_token", "this token holds no seat at this table")
                        if table is not None and conn is not None and conn in table.conns:
                            table.conns.remove(conn)
                        table, conn = t, Conn(ws, seat)
                        table.conns.append(conn)
                        await table.send_to(conn, table.message_for(seat))
                        table.kick()
                    elif kind == "ping":
                        pong = json.dumps({"type": "pong"})
                        if manager.log_hook is not None:
                            manager.log_hook(None if conn is None else conn.seat, pong)
                        await ws.send_text(pong)
                    elif table is None or conn is None:
                        if kind in ("move", "stop", "resign", "hint"):
                            raise RequestError("not_joined", 'join the game first: {"type": "join", ...}')
                        raise RequestError("unknown_type", f"unknown message type {kind!r}")
                    elif kind == "move":
                        await table.handle_move(conn.seat, data)
                    elif kind == "stop":
                        await table.handle_stop(conn.seat, data)
                    elif kind == "resign":
                        await table.handle_resign(conn.seat, data)
                    elif kind == "hint":
                        await table.handle_hint(conn.seat, conn, data)
                    else:
                        raise RequestError(
                            "unknown_type",
                            f"unknown message type {kind[:40]!r} (known: join, move, stop, resign, hint, ping)",
                        )
                except RequestError as e:
                    await reply_error(e)
        except WebSocketDisconnect:
            pass
        finally:
            if table is not None and conn is not None and conn in table.conns:
                table.conns.remove(conn)
            if table is not None:
                manager.forget_if_idle(table)

    return app
