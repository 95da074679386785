"""One websocket connection's outgoing side: a bounded queue and a writer task.

Nothing that happens at a table ever waits on a connection: messages are put in the
connection's queue, and its own task sends them. A client that does not read fills its
queue and is dropped (it can reconnect and get the full state); its table goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("russianbank.web")

QUEUE_LIMIT = 256  # messages waiting for one connection
CLOSE_TIMEOUT = 2.0  # seconds a close may take before the connection is cut


class Connection:
    """A websocket seen from the server: ``seat`` (0, 1, or None to watch) once joined."""

    def __init__(
        self,
        ws: Any,
        client: str,
        *,
        log_hook: Callable[[int | None, str], None] | None = None,
        on_drop: Callable[[Connection], None] | None = None,
        limit: int = QUEUE_LIMIT,
    ) -> None:
        self.ws = ws
        self.client = client
        self.seat: int | None = None
        self.table: Any = None  # the table joined
        self.rev: int | None = None  # the seat state revision this connection has
        self.closed = False
        self.log_hook = log_hook
        self.on_drop = on_drop
        self._queue: asyncio.Queue[str | None] = asyncio.Queue(limit)
        self._task = asyncio.get_running_loop().create_task(self._write_loop())
        self._closer: asyncio.Task[None] | None = None

    def send(self, text: str) -> bool:
        """Queue a message (JSON text); a full queue drops the connection. Never waits."""
        if self.closed:
            return False
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("dropping a connection from %s that does not read its messages", self.client)
            self.drop(1008, "too slow: reconnect")
            return False
        return True

    async def _write_loop(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                if text is None:
                    return
                if self.log_hook is not None:
                    self.log_hook(self.seat, text)
                await self.ws.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket went away: the reading side will see it too
            self.closed = True

    async def drain(self, timeout: float = 5.0) -> None:
        """Wait (up to ``timeout``) until every queued message is sent."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not self._queue.empty() and not self._task.done():
            if asyncio.get_running_loop().time() > deadline:
                return
            await asyncio.sleep(0.005)

    def drop(self, code: int = 1008, reason: str = "") -> None:
        """Close now, whatever is queued; a client that is not reading is cut off."""
        if self.closed:
            return
        self.closed = True
        self._task.cancel()
        if self.on_drop is not None:
            self.on_drop(self)
        self._closer = asyncio.get_running_loop().create_task(self._close(code, reason, cut=True))

    async def _close(self, code: int, reason: str, *, cut: bool = False) -> None:
        abort = self.ws.scope.get("extensions", {}).get("russianbank.abort", {}).get("abort")
        if cut and abort is not None:  # it is not reading: a close frame would wait behind the rest
            abort()
            return
        try:
            await asyncio.wait_for(self.ws.close(code, reason), CLOSE_TIMEOUT)
        except Exception:
            if abort is not None:
                abort()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        """Send what is queued (briefly), then close."""
        if self.closed:
            return
        await self.drain(CLOSE_TIMEOUT)
        self.closed = True
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task
        await self._close(code, reason)

    def stop_writer(self) -> None:
        """The socket is gone: stop the writer task."""
        self.closed = True
        self._task.cancel()
