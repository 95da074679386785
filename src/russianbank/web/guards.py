"""What stands at the door: body size limits, Origin checks, security headers, per-address limits.

Plain ASGI middleware (no framework), so a request is refused before anything reads it.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .protocol import MAX_BODY, RequestError, dumps, refuse

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

BODY_TIMEOUT = 10.0  # seconds to send a request body


def header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", ()):
        if k == name:
            return str(v.decode("latin-1"))
    return None


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def send_json(send: Send, status: int, body: dict[str, Any], headers: Iterable[tuple[bytes, bytes]] = ()) -> None:
    data = dumps(body).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


# ------------------------------------------------------------------------ origins


class Origins:
    """Which Origins may open a websocket or POST: the same origin by default, plus those allowed."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = {o.rstrip("/").lower() for o in allowed}

    def ok(self, scope: Scope) -> bool:
        origin = header(scope, b"origin")
        if origin is None:  # not a browser (browsers always send it on websockets and POSTs)
            return True
        origin = origin.rstrip("/").lower()
        if origin in self.allowed or "*" in self.allowed:
            return True
        host = header(scope, b"host")
        if host is None:
            return False
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and parts.netloc == host.lower()


# ----------------------------------------------------------- per-address limits


class ClientLimits:
    """New games per minute and open websockets, per client address."""

    def __init__(self, games_per_minute: int = 30, connections: int = 64) -> None:
        self.games_per_minute = games_per_minute
        self.connections = connections
        self._created: dict[str, deque[float]] = {}
        self._open: dict[str, int] = {}

    def game_wait(self, client: str, now: float | None = None) -> int:
        """0 when ``client`` may create a game now (and it is counted), else seconds to wait."""
        now = time.monotonic() if now is None else now
        q = self._created.setdefault(client, deque())
        while q and now - q[0] >= 60:
            q.popleft()
        if len(q) >= self.games_per_minute:
            return max(1, int(60 - (now - q[0]) + 0.999))
        q.append(now)
        if len(self._created) > 10000:  # forget quiet addresses
            for k in [k for k, v in self._created.items() if not v or now - v[-1] >= 60]:
                del self._created[k]
        return 0

    def open(self, client: str) -> bool:
        n = self._open.get(client, 0)
        if n >= self.connections:
            return False
        self._open[client] = n + 1
        return True

    def close(self, client: str) -> None:
        n = self._open.get(client, 0) - 1
        if n <= 0:
            self._open.pop(client, None)
        else:
            self._open[client] = n

    def open_count(self) -> int:
        return sum(self._open.values())


# ----------------------------------------------------------------- the headers


def inline_script_hashes(static: Path) -> list[str]:
    """CSP hashes of the inline scripts of the pages (so they run and nothing injected does)."""
    out = []
    for page in sorted(static.glob("*.html")):
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"<script(?![^>]*\bsrc=)[^>]*>(.*?)</script>", text, flags=re.S):
            digest = hashlib.sha256(m.group(1).encode("utf-8")).digest()
            out.append("'sha256-" + base64.b64encode(digest).decode("ascii") + "'")
    return out


def security_headers(static: Path) -> list[tuple[bytes, bytes]]:
    scripts = " ".join(["'self'", *inline_script_hashes(static)])
    csp = (
        f"default-src 'self'; script-src {scripts}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )
    return [
        (b"content-security-policy", csp.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]


# ------------------------------------------------------------------ middleware


class Guard:
    """Every HTTP request: security headers on the answer; POSTs from a foreign Origin, POSTs
    that are not JSON, and bodies over the limit refused before the body is read."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        static: Path,
        origins: Origins,
        max_body: int = MAX_BODY,
        limits: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.origins = origins
        self.max_body = max_body
        self.limits = limits or {}  # a larger body limit for some paths (an uploaded record file)
        self.headers = security_headers(static)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.headers
        answered = False

        async def send_with_headers(message: Message) -> None:
            if answered:  # the guard answered already: the app's late answer is dropped
                return
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        async def answer(err: RequestError) -> None:
            nonlocal answered
            await send_json(send_with_headers, err.status, err.to_http(), [(b"connection", b"close")])
            answered = True

        if scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            err = self._check(scope)
            if err is not None:
                await answer(err)
                return
            seen = 0
            limit = self.limits.get(scope["path"], self.max_body)
            inner = receive

            async def limited() -> Message:
                nonlocal seen
                if answered:
                    return {"type": "http.disconnect"}
                try:
                    message = await asyncio.wait_for(inner(), BODY_TIMEOUT)
                except TimeoutError:
                    await answer(
                        refuse("bad_request", "server.text", 408, text="the request body did not arrive in time")
                    )
                    return {"type": "http.disconnect"}
                if message["type"] == "http.request":
                    seen += len(message.get("body", b""))
                    if seen > limit:
                        await answer(refuse("too_large", "server.body_too_large", 413, limit=limit))
                        return {"type": "http.disconnect"}
                return message

            receive = limited
        await self.app(scope, receive, send_with_headers)

    def _check(self, scope: Scope) -> RequestError | None:
        if not self.origins.ok(scope):
            return refuse("forbidden_origin", "server.origin", 403, origin=(header(scope, b"origin") or "")[:100])
        length = header(scope, b"content-length")
        n = 0
        if length is not None:
            try:
                n = int(length)
            except ValueError:
                return refuse("bad_request", "server.text", 400, text="bad Content-Length")
            limit = self.limits.get(scope["path"], self.max_body)
            if n > limit:
                return refuse("too_large", "server.body_too_large", 413, limit=limit)
        chunked = "chunked" in (header(scope, b"transfer-encoding") or "").lower()
        ctype = (header(scope, b"content-type") or "").split(";", 1)[0].strip().lower()
        if (n > 0 or chunked) and ctype != "application/json":
            return refuse("bad_request", "server.content_type", 415, header="Content-Type: application/json")
        return None
