"""The FastAPI application: pages, the JSON API and the websocket per seat."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect

from ..i18n import Message
from ..options import PRESETS
from .away import GRACE
from .conn import QUEUE_LIMIT, Connection
from .fanout import Fanout, PgFanout, RedisFanout
from .guards import ClientLimits, Guard, Origins
from .lobby.routes import add_lobby_routes
from .lobby.service import Lobby
from .manager import TableManager, _level_names
from .metrics import CONTENT_TYPE, Metrics, multiprocess
from .offers import answer_draw, offer_draw
from .pages import MAX_RECORD, RECORD_PATHS, add_pages
from .players.cookies import COOKIE_NAME
from .players.limits import PlayerLimits
from .players.routes import add_player_routes
from .players.service import Players
from .protocol import CHANGES, KNOWN_TYPES, RequestError, check_size, dumps, parse_json_object, refuse, text_field
from .runtime import GcPacer, GcWatch, LoopLag, tune_gc
from .seatstate import SEATS
from .store import PostgresStore, StorageError, open_store
from .tables import Clock, Table
from .thinking import Thinker

log = logging.getLogger("russianbank.web")

STATIC = Path(__file__).parent / "static"


GC_MODES = ("", "clock", "counts")  # Settings.gc: Python's own collector, on a clock, by counts


@dataclass
class Settings:
    """What an operator may set (``russianbank serve`` options)."""

    allowed_origins: list[str] = field(default_factory=list)  # besides the same origin
    games_per_minute: int = 30  # new games per client address
    connections_per_client: int = 64  # open websockets per client address
    join_timeout: float = 30.0  # seconds a websocket may stay without joining
    queue_limit: int = QUEUE_LIMIT  # messages waiting for one connection before it is dropped
    key_file: Path | None = None  # the server key (enciphers the seeds); default beside the database
    redis_url: str | None = None  # fan-out through Redis instead of PostgreSQL's NOTIFY
    shared: bool | None = None  # other processes use the database (default: yes on PostgreSQL or with Redis)
    think_processes: int = 0  # worker processes for the computer's thinking (0: threads of this process)
    gc: str = ""  # "clock" (web/runtime.GcPacer), "counts" (runtime.tune_gc), "": Python's own (serve sets it)
    db_writer: str = "inline"  # the database's writer: "inline" (SQLite: a thread; PostgreSQL: the event
    # loop) or a "process" of its own (serve's default)
    player_limits: PlayerLimits = field(default_factory=PlayerLimits)  # names, passwords, log-ins per address
    abandon_after: float = GRACE  # seconds a player may be gone from a table for two before losing (0: never)

    def __post_init__(self) -> None:
        if self.gc not in GC_MODES:
            raise ValueError(f"gc must be one of {', '.join(map(repr, GC_MODES))}, not {self.gc!r}")
        if self.db_writer not in ("inline", "process"):
            raise ValueError(f"db_writer must be 'inline' or 'process', not {self.db_writer!r}")


def create_app(
    db_url: str | None = None,
    *,
    ai_delay: float = 0.7,
    stop_delay_factor: float = 1.0,
    log_hook: Callable[[int | None, str], None] | None = None,
    allow_seeds: bool = False,
    settings: Settings | None = None,
    make_player: Callable[[str, int], Any] | None = None,
    clock: Clock | None = None,
    setup_for: Callable[[Any], Any] | None = None,
) -> FastAPI:
    """The app.

    ``ai_delay``: seconds between the computer's moves (a pace a person can follow);
    ``stop_delay_factor`` scales the computer's Stop delays; ``log_hook(seat, text)`` sees
    every websocket message sent (for tests); ``allow_seeds`` lets tables for two be created
    with a chosen deal (for tests: whoever chose it could work out the face-down cards);
    ``make_player`` builds the computer player (a scripted one in a test), ``clock`` is the
    tables' time (a fake one in a test), ``setup_for(stored_game)`` the session setup of a game
    (a test that plays the shared scenarios gives theirs).
    """
    cfg = settings or Settings()
    store = open_store(
        db_url, key_path=cfg.key_file, notify=cfg.redis_url is None, writer_process=cfg.db_writer == "process"
    )
    shared = cfg.shared if cfg.shared is not None else (isinstance(store, PostgresStore) or bool(cfg.redis_url))
    metrics = Metrics()
    store.on_batch = metrics.batch_done
    store.on_waited = metrics.store_wait.observe
    thinker = Thinker(ThreadPoolExecutor(max_workers=2, thread_name_prefix="rb-ai"), cfg.think_processes)
    metrics.thinking_pids = thinker.pids
    metrics.writer_pids = store.writer_pids
    manager = TableManager(
        store,
        thinker,
        metrics=metrics,
        ai_delay=ai_delay,
        stop_delay_factor=stop_delay_factor,
        allow_seeds=allow_seeds,
        shared=shared,
        make_player=make_player,
        clock=clock,
        setup_for=setup_for,
        abandon_after=cfg.abandon_after,
    )
    limits = ClientLimits(cfg.games_per_minute, cfg.connections_per_client)
    players = Players(store, cfg.player_limits)
    lobby = Lobby(store, manager.create)
    origins = Origins(cfg.allowed_origins)
    fanout: Fanout | None = None
    all_conns: set[Connection] = set()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        nonlocal fanout
        await store.init()
        if cfg.think_processes > 0:
            await asyncio.get_running_loop().run_in_executor(None, thinker.start)
        if cfg.redis_url:
            fanout = RedisFanout(store, manager, cfg.redis_url)
        elif isinstance(store, PostgresStore) and shared:
            fanout = PgFanout(store, manager)
        elif shared:
            fanout = Fanout(store, manager)
        if fanout is not None:
            fanout.lobby = lobby
            await fanout.start()
        lobby.start()
        manager.away.start()
        sampler = asyncio.get_running_loop().create_task(_sample_cpu(metrics)) if multiprocess() else None
        gc_watch, lag = GcWatch(metrics.gc_pause, metrics.gc_collected), LoopLag(metrics.loop_lag)
        gc_watch.start()
        lag.start()
        pacer = GcPacer() if cfg.gc == "clock" else None
        if pacer is not None:
            pacer.start()
        elif cfg.gc == "counts":
            tune_gc()
        try:
            yield
        finally:
            if pacer is not None:
                pacer.stop()
            if sampler is not None:
                sampler.cancel()
            lag.stop()
            gc_watch.stop()
            await shutdown()

    async def shutdown() -> None:
        if app.state.closed:
            return
        app.state.closed = True
        await manager.away.close()  # nobody loses a game for the connections a shutdown closes
        await manager.drain()
        for c in list(all_conns):
            c.stop_writer()
        await lobby.close()
        await manager.close()
        if fanout is not None:
            await fanout.close()
        await store.close()
        thinker.close()
        app.state.reviews.close()
        log.info("stopped: every move received was stored and answered")

    app = FastAPI(title="Russian Bank", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.manager = manager
    app.state.store = store
    app.state.metrics = metrics
    app.state.limits = limits
    app.state.players = players
    app.state.lobby = lobby
    app.state.closed = False
    app.state.shutdown = shutdown
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def error(e: RequestError) -> JSONResponse:
        metrics.refused(e.code)
        return JSONResponse(e.to_http(), status_code=e.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return error(refuse("not_found", "server.not_found", 404))
        if exc.status_code == 405:
            return error(refuse("method_not_allowed", "server.method", 405, method=request.method[:10]))
        return error(refuse("bad_request", "server.text", exc.status_code, text=str(exc.detail)[:200]))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(refuse("bad_request", "server.text", 400, text="malformed request"))

    @app.exception_handler(StorageError)
    async def storage_error(request: Request, exc: StorageError) -> JSONResponse:
        log.error("database error on %s: %s", request.url.path, exc)
        return error(refuse("storage", "server.storage_busy", 503))

    @app.exception_handler(Exception)
    async def internal_error(request: Request, exc: Exception) -> JSONResponse:
        log.exception("error on %s", request.url.path)
        return error(refuse("internal", "server.internal", 500))

    async def read_json(request: Request) -> dict[str, Any]:
        try:
            body = await request.body()
        except ClientDisconnect:
            raise refuse("bad_request", "server.text", 400, text="the request body did not arrive") from None
        if not body:
            return {}
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise refuse("bad_json", "server.bad_json", 400, line=1, column=1) from None
        try:
            return parse_json_object(text, body=True)
        except RequestError as e:
            e.status = 400
            raise

    def guarded(handler: Callable[..., Any]) -> Callable[..., Any]:
        """Answer a RequestError as its JSON error."""
        import functools

        @functools.wraps(handler)
        async def run(*args: Any, **kw: Any) -> Any:
            try:
                return await handler(*args, **kw)
            except RequestError as e:
                return error(e)

        return run

    # ----------------------------------------------------------------- pages

    add_pages(app, manager)
    add_player_routes(app, players, read_json=read_json, error=error)

    # ------------------------------------------------------------ operations

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> JSONResponse:
        if app.state.closed or manager.closing:
            return JSONResponse({"status": "stopping"}, status_code=503)
        try:
            await asyncio.wait_for(store.ping(), 2.0)
        except (TimeoutError, StorageError) as e:
            return JSONResponse({"status": "failing", "database": str(e)[:200]}, status_code=503)
        return JSONResponse(
            {"status": "ok", "database": "ok", "tables": len(manager.tables), "connections": len(all_conns)}
        )

    @app.get("/metrics", include_in_schema=False)
    async def metrics_page() -> Response:
        metrics.connections.set(len(all_conns))
        return Response(metrics.text(), media_type=CONTENT_TYPE)

    # ------------------------------------------------------------------- API

    @app.get("/api/config")
    async def config() -> dict[str, Any]:
        return {"levels": list(_level_names()), "presets": list(PRESETS)}

    @app.post("/api/games", response_model=None)
    @guarded
    async def create_game(request: Request) -> dict[str, Any]:
        client = request.client.host if request.client else "unknown"
        data = await read_json(request)
        unknown = set(data) - {"mode", "level", "preset", "stops", "seed", "match_to"}
        if unknown:
            raise refuse("bad_request", "server.unknown_fields", fields=", ".join(sorted(unknown))[:200])
        wait = limits.game_wait(client)
        if wait:
            e = refuse("rate_limited", "server.rate_games", 429, limit=limits.games_per_minute, seconds=wait)
            e.extra["retry_after"] = wait
            raise e
        game_id, tokens = await manager.create(
            mode=data.get("mode", "computer"),
            level=data.get("level"),
            preset=data.get("preset", "classic"),
            stops=data.get("stops", False),
            seed=data.get("seed"),
            match_to=data.get("match_to"),
        )
        metrics.games.inc()
        seat = min(tokens)
        await players.name_creator(game_id, seat, request.cookies.get(COOKIE_NAME))
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

    async def get_table(game_id: str) -> Table:
        if len(game_id) > 32:
            raise refuse("unknown_game", "server.unknown_game", 404, game=repr(game_id[:32]) + "…")
        table = await manager.get(game_id)
        if table is None:
            raise refuse("unknown_game", "server.unknown_game", 404, game=repr(game_id))
        return table

    @app.get("/api/games/{game_id}", response_model=None)
    @guarded
    async def game_summary(game_id: str) -> dict[str, Any]:
        table = await get_table(game_id)
        async with table.lock:  # a move being stored is not shown until it is
            out = table.summary()
        manager.forget_if_idle(table)
        return out

    @app.get("/api/games/{game_id}/record", response_model=None)
    @guarded
    async def game_record(game_id: str) -> Response:
        table = await get_table(game_id)
        async with table.lock:
            over = table.session.is_over()
            if over:
                st = table.stored
                tags = {"Site": "russianbank serve", "Game": table.id, "Round": str(st.match_no)}
                if st.mode == "computer":
                    tags.update({"A": "Player", "B": f"Computer ({st.level})"})
                text = table.session.record_text(tags)
        manager.forget_if_idle(table)
        if not over:
            raise refuse("not_over", "server.not_over", 409)
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="russianbank-{table.id}.txt"'}
        )

    @app.post("/api/games/{game_id}/again", response_model=None)
    @guarded
    async def play_again(game_id: str, request: Request) -> dict[str, Any]:
        data = await read_json(request)
        table = await get_table(game_id)
        token = data.get("token")
        seat = table.seat_for_token(token) if isinstance(token, str) and len(token) <= 200 else None
        if seat is None:
            raise refuse("wrong_token", "server.wrong_token", 403)
        new_id = await manager.play_again(table, seat)
        manager.forget_if_idle(table)
        return {"game_id": new_id, "seat": SEATS[seat], "url": f"/game/{new_id}#t={token}"}

    # ------------------------------------------------------------- websocket

    async def accept(ws: WebSocket) -> Connection | None:
        """A new websocket past the checks (origin, shutting down, connections per address)."""
        if not origins.ok(ws.scope):
            metrics.refused("forbidden_origin")
            await ws.close(1008)  # before the handshake: the browser sees a refused connection
            return None
        client = ws.client.host if ws.client else "unknown"
        await ws.accept()
        if manager.closing:
            await ws.send_text(dumps(RequestError("shutting_down").to_dict()))
            await ws.close(1012)
            return None
        if not limits.open(client):
            e = refuse("too_many_connections", "server.too_many_connections", limit=limits.connections)
            metrics.refused(e.code)
            await ws.send_text(dumps(e.to_dict()))
            await ws.close(1008)
            return None
        conn = Connection(ws, client, log_hook=log_hook, limit=cfg.queue_limit, on_drop=lambda c: metrics.dropped.inc())
        all_conns.add(conn)
        metrics.connections.set(len(all_conns))
        return conn

    def release(conn: Connection) -> None:
        limits.close(conn.client)
        all_conns.discard(conn)
        metrics.connections.set(len(all_conns))
        if conn.table is not None:
            conn.table.leave(conn)
        conn.stop_writer()

    add_lobby_routes(
        app, lobby, accept=accept, release=release, current=players.current, cookie_name=COOKIE_NAME,
        refused=metrics.refused,
    )  # fmt: skip

    @app.websocket("/ws/{game_id}")
    async def websocket(ws: WebSocket, game_id: str) -> None:
        conn = await accept(ws)
        if conn is None:
            return
        try:
            await serve_connection(ws, conn, game_id, ws.cookies.get(COOKIE_NAME))
        finally:
            release(conn)

    async def serve_connection(ws: WebSocket, conn: Connection, game_id: str, cookie: str | None) -> None:
        deadline = time.monotonic() + cfg.join_timeout
        while not conn.closed:
            try:
                if conn.table is None:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        raise TimeoutError
                    raw = await asyncio.wait_for(ws.receive(), left)
                else:
                    raw = await ws.receive()
            except TimeoutError:
                e = RequestError(
                    "join_timeout", Message("server.join_timeout", {"seconds": int(cfg.join_timeout), "kind": "'join'"})
                )
                conn.send(dumps(e.to_dict()))
                await conn.close(1008, "no join")
                return
            if raw["type"] == "websocket.disconnect":
                return
            t0 = time.perf_counter()
            try:
                kind = await handle(conn, game_id, raw, cookie)
            except RequestError as e:
                metrics.refused(e.code)
                conn.send(dumps(e.to_dict()))
                continue
            if kind == "move":
                metrics.ack.observe(time.perf_counter() - t0)

    async def handle(conn: Connection, game_id: str, raw: Any, cookie: str | None) -> str:
        text = raw.get("text")
        if text is None:
            raise refuse("bad_request", "server.binary")
        check_size(text)
        data = parse_json_object(text)
        kind: str = data["type"]
        table = conn.table
        if kind == "join":
            t = await manager.get(game_id) if len(game_id) <= 32 else None
            if t is None:
                raise refuse("unknown_game", "server.unknown_game", game=repr(game_id[:32]))
            token = text_field(data, "token")
            seat: int | None = None
            if token is not None:
                seat = t.seat_for_token(token)
                if seat is None:
                    manager.forget_if_idle(t)
                    raise refuse("wrong_token", "server.wrong_token")
            if manager.closing:
                raise RequestError("shutting_down")
            if seat is not None:  # the player of this browser is named at the seat
                await players.take_seat(t, seat, cookie)
            await t.join(conn, seat)
        elif kind == "ping":
            conn.send('{"type":"pong"}')
        elif table is None:
            if kind in KNOWN_TYPES:
                raise RequestError("not_joined", Message("server.not_joined", {"example": '{"type": "join", ...}'}))
            raise refuse("unknown_type", "server.unknown_type", kind=repr(kind[:40]), known=", ".join(KNOWN_TYPES))
        elif kind == "sync":
            async with table.lock:
                table.send_full(conn)
        elif manager.closing and kind in CHANGES:
            raise RequestError("shutting_down")
        elif kind == "move":
            await table.handle_move(conn.seat, data)
        elif kind == "stop":
            await table.handle_stop(conn.seat, data)
        elif kind == "resign":
            await table.handle_resign(conn.seat, data)
        elif kind == "offer_draw":
            await offer_draw(table, conn.seat)
        elif kind == "answer_draw":
            await answer_draw(table, conn.seat, data)
        elif kind == "undo":
            await table.handle_undo(conn.seat, data)
        elif kind == "hint":
            await table.handle_hint(conn.seat, conn, data)
        elif kind == "pace":
            await table.handle_pace(conn.seat, data)
        elif kind == "skip":
            await table.handle_skip(conn.seat, data)
        else:
            raise refuse("unknown_type", "server.unknown_type", kind=repr(kind[:40]), known=", ".join(KNOWN_TYPES))
        return kind

    app.add_middleware(Guard, static=STATIC, origins=origins, limits=dict.fromkeys(RECORD_PATHS, MAX_RECORD))
    return app


async def _sample_cpu(metrics: Metrics) -> None:
    """Under --workers: every process keeps its CPU figures fresh for whichever one is scraped."""
    while True:
        metrics.sample_cpu()
        await asyncio.sleep(1.0)
