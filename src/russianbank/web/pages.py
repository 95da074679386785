"""The page routes: the start page, the table, replays, the history page, and the catalogue as JSON.

The pages are static HTML; everything they say comes from the message catalogue
(``/api/catalogue/{lang}``), rendered in the page by ``static/js/catalogue.js``.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from .. import i18n
from ..errors import RussianBankError
from .replay import record_frames
from .review import ReviewBusy, Reviews
from .state_message import presence

if TYPE_CHECKING:
    from .manager import TableManager
    from .tables import Table

STATIC = Path(__file__).parent / "static"
MAX_RECORD = 1 << 20  # bytes of an uploaded record (as JSON); the guard lets these paths have that much
RECORD_PATHS = ("/api/replay", "/api/review")
REVIEW_WAIT = 15.0  # seconds a review request waits before the page is told to ask again
log = logging.getLogger("russianbank.web")


def _page(name: str, status: int = 200) -> FileResponse:
    return FileResponse(STATIC / name, status_code=status, headers={"Cache-Control": "no-cache"})


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def _seat(text: str | None) -> int:
    return 1 if text == "B" else 0


async def _record_text(request: Request) -> str | JSONResponse:
    """The record's text from a ``{"record": text}`` body (the page reads the file), or the error to answer."""
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_RECORD:
            return _error(413, "too_large", f"a record file may be at most {MAX_RECORD} bytes")
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _error(400, "bad_json", 'send {"record": "<the record\'s text>"} as JSON')
    text = data.get("record") if isinstance(data, dict) else None
    if not isinstance(text, str):
        return _error(400, "bad_request", 'send {"record": "<the record\'s text>"} as JSON')
    return text.removeprefix("\ufeff")


def add_pages(app: FastAPI, manager: TableManager) -> None:
    """Register the page routes and the page-only API on ``app``."""
    reviews = Reviews(run=manager.thinker.run)  # in the thinking workers
    app.state.reviews = reviews  # closed with the app

    async def exists(game_id: str) -> bool:
        if len(game_id) > 32:
            return False
        table = await manager.get(game_id)
        if table is None:
            return False
        manager.forget_if_idle(table)
        return True

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:
        return _page("index.html")

    @app.api_route("/game/{game_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        if not await exists(game_id):
            return _page("notfound.html", 404)
        return _page("game.html")

    @app.api_route("/replay", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_upload_page() -> FileResponse:
        return _page("replay.html")

    @app.api_route("/replay/{game_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        if not await exists(game_id):
            return _page("notfound.html", 404)
        return _page("replay.html")

    @app.api_route("/history", methods=["GET", "HEAD"], include_in_schema=False)
    async def history_page() -> FileResponse:
        return _page("history.html")

    @app.api_route("/rules", methods=["GET", "HEAD"], include_in_schema=False)
    async def rules_page() -> FileResponse:
        return _page("rules.html")

    @app.get("/api/catalogue/{lang}", response_model=None)
    async def catalogue(lang: str) -> dict[str, Any] | JSONResponse:
        if lang not in i18n.LANGS:
            return _error(404, "unknown_lang", f"no catalogue for {lang[:8]!r} (languages: {', '.join(i18n.LANGS)})")
        return {"lang": lang, "messages": i18n.catalogue(lang)}

    @app.get("/api/games/{game_id}/presence", response_model=None)
    async def game_presence(game_id: str) -> dict[str, Any] | JSONResponse:
        """Which seats are connected (the page of a table for two asks now and then)."""
        table = manager.tables.get(game_id) if len(game_id) <= 32 else None
        if table is None and not await exists(game_id):
            return _error(404, "unknown_game", f"no game {game_id[:32]!r}")
        return presence(manager.tables.get(game_id), manager.presence.remote_seats(game_id))

    async def finished(game_id: str) -> tuple[Table, str] | JSONResponse:
        """A finished game and its record, or the error to answer."""
        table = await manager.get(game_id) if len(game_id) <= 32 else None
        if table is None:
            return _error(404, "unknown_game", f"no game {game_id[:32]!r}")
        session = table.session
        manager.forget_if_idle(table)
        if not session.is_over():
            return _error(409, "not_over", "the replay and the review are available when the game is over")
        st = table.stored
        tags = {"Game": table.id}
        if st.mode == "computer":
            tags.update({"A": "Player", "B": f"Computer ({st.level})"})
        return table, session.record_text(tags)

    @app.get("/api/games/{game_id}/replay", response_model=None)
    async def game_replay(game_id: str, seat: str = "A") -> dict[str, Any] | JSONResponse:
        got = await finished(game_id)
        if isinstance(got, JSONResponse):
            return got
        table, text = got
        st = table.stored
        data = record_frames(text, _seat(seat), table.session.seating.names(_seat(seat)))
        data.update({"game_id": table.id, "mode": st.mode, "level": st.level, "computer_seat": st.computer_seat})
        return data

    async def review_answer(text: str, viewer: int | None, names: Any = None) -> dict[str, Any] | JSONResponse:
        try:
            made = await reviews.get(Reviews.key_of(text, viewer), text, viewer, REVIEW_WAIT, names)
        except ReviewBusy:
            return _error(503, "review_busy", "the computer is reviewing other games: ask again in a minute")
        except (RussianBankError, ValueError, RecursionError) as e:
            return _error(400, "bad_record", str(e) or type(e).__name__)
        except Exception as e:  # a fault in the review itself: say so, keep serving
            log.exception("the review failed")
            return _error(500, "review_failed", f"the review failed: {type(e).__name__}")
        if made is None:
            return JSONResponse({"status": "working"}, status_code=202)
        return {"status": "ready", "review": made}

    @app.get("/api/games/{game_id}/review", response_model=None)
    async def game_review(game_id: str, seat: str = "A") -> dict[str, Any] | JSONResponse:
        """The computer's review of a finished game (``review.review_record``), worded for ``seat``:
        ``{"status": "ready", "review": {...}}``, or 202 ``{"status": "working"}``: ask again."""
        got = await finished(game_id)
        if isinstance(got, JSONResponse):
            return got
        table, text = got
        return await review_answer(text, _seat(seat), table.session.seating.names(_seat(seat)))

    @app.post("/api/review", response_model=None)
    async def upload_review(request: Request) -> dict[str, Any] | JSONResponse:
        """``{"record": text}``: the review of an uploaded record's game, worded for a spectator."""
        text = await _record_text(request)
        if isinstance(text, JSONResponse):
            return text
        return await review_answer(text, None)

    @app.post("/api/replay", response_model=None)
    async def upload_replay(request: Request) -> dict[str, Any] | Response:
        """``{"record": text}``: the record file's text (the page reads the file)."""
        text = await _record_text(request)
        if isinstance(text, JSONResponse):
            return text
        try:
            return record_frames(text, None)
        except (RussianBankError, ValueError, RecursionError) as e:
            return _error(400, "bad_record", str(e) or type(e).__name__)
