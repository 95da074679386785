"""The players' routes: a name, a password, logging in and out, the player page and its JSON.

- ``POST /api/players`` ``{"name": N}``: the first visit's name; sets the session cookie.
- ``GET /api/me``: the player of this browser's session (``{"player": null}`` without one).
- ``POST /api/me/password`` ``{"password": P}``: a password for this session's name (once); with
  ``"old_password"``, another one in place of it (the name's other sessions end).
- ``POST /api/login`` ``{"name": N, "password": P}``: a session of that name on this device.
- ``POST /api/logout``: the session ends on the server; the cookie is cleared.
- ``GET /api/players/{name}``: a player's rating, record and games, as JSON (``?limit=``).
- ``GET /players/{name}``: the player page (:mod:`.page`); ``GET /me``: the "your name" page.

A refusal is the package's error (``{"error": code, "message": ..., "msg": {...}}``) with a 4xx
status and changes nothing; a rate limit answers 429 with ``Retry-After``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response

from ..protocol import RequestError
from .cookies import clear_cookie_header, set_cookie_header
from .page import lang_of, not_found_page, player_page
from .service import MAX_GAMES_SHOWN, Players

STATIC = Path(__file__).resolve().parents[1] / "static"


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _cookie(request: Request) -> str | None:
    from .cookies import COOKIE_NAME

    return request.cookies.get(COOKIE_NAME)


def _secure(request: Request) -> bool:
    return request.url.scheme == "https"


def add_player_routes(
    app: FastAPI,
    players: Players,
    *,
    read_json: Callable[[Request], Awaitable[dict[str, Any]]],
    error: Callable[[RequestError], JSONResponse],
) -> None:
    """Register the players' routes on ``app`` (``read_json`` and ``error`` are the app's own)."""

    def refused(e: RequestError) -> JSONResponse:
        out = error(e)
        wait = e.extra.get("retry_after")
        if wait:
            out.headers["Retry-After"] = str(wait)
        return out

    def with_cookie(body: dict[str, Any], value: str | None, request: Request) -> JSONResponse:
        out = JSONResponse(body, headers={"Cache-Control": "no-store"})
        header = clear_cookie_header(secure=_secure(request)) if value is None else None
        out.headers["Set-Cookie"] = header or set_cookie_header(str(value), secure=_secure(request))
        return out

    @app.post("/api/players", response_model=None)
    async def choose_name(request: Request) -> Response:
        try:
            data = await read_json(request)
            row, cookie = await players.choose_name(_client(request), _cookie(request), data)
        except RequestError as e:
            return refused(e)
        return with_cookie(players.me(row), cookie, request)

    @app.get("/api/me", response_model=None)
    async def who_am_i(request: Request) -> Response:
        row = await players.current(_cookie(request))
        return JSONResponse(players.me(row), headers={"Cache-Control": "no-store"})

    @app.post("/api/me/password", response_model=None)
    async def set_password(request: Request) -> Response:
        try:
            data = await read_json(request)
            row = await players.set_password(_client(request), _cookie(request), data)
        except RequestError as e:
            return refused(e)
        return JSONResponse(players.me(row), headers={"Cache-Control": "no-store"})

    @app.post("/api/login", response_model=None)
    async def log_in(request: Request) -> Response:
        try:
            data = await read_json(request)
            row, cookie = await players.log_in(_client(request), _cookie(request), data)
        except RequestError as e:
            return refused(e)
        return with_cookie(players.me(row), cookie, request)

    @app.post("/api/logout", response_model=None)
    async def log_out(request: Request) -> Response:
        ended = await players.log_out(_cookie(request))
        return with_cookie({"logged_out": ended}, None, request)

    @app.get("/api/players/{name}", response_model=None)
    async def player_json(name: str, limit: int = 50) -> Response:
        row = await players.find(name)
        if row is None:
            return refused(_unknown(name))
        return JSONResponse(await players.public(row, max(1, min(MAX_GAMES_SHOWN, limit))))

    @app.api_route("/me", methods=["GET", "HEAD"], include_in_schema=False)
    async def me_page() -> FileResponse:
        """The "your name" page: a name, a password, logging in and out (``static/me.html``)."""
        return FileResponse(STATIC / "me.html", headers={"Cache-Control": "no-cache"})

    @app.api_route("/players/{name}", methods=["GET", "HEAD"], include_in_schema=False)
    async def player_html(name: str, request: Request) -> HTMLResponse:
        lang = lang_of(request.query_params.get("lang"), request.headers.get("accept-language"))
        row = await players.find(name)
        headers = {"Cache-Control": "no-cache"}
        if row is None:
            return HTMLResponse(not_found_page(name, lang), status_code=404, headers=headers)
        return HTMLResponse(player_page(await players.public(row), lang), headers=headers)


def _unknown(name: str) -> RequestError:
    from ...i18n import Message

    return RequestError("unknown_player", Message("players.unknown_player", {"name": name[:80]}), 404)
