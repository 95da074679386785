"""Running the app under uvicorn: handshake limits, graceful shutdown, several worker processes.

- :class:`GuardedHttp`: a connection must finish its request headers within
  ``HEADER_TIMEOUT`` seconds and in ``MAX_HEADER_BYTES`` bytes, or it is closed.
- :class:`GuardedWebSocket`: a websocket handshake that does not finish in time is closed; the
  app can cut a connection that does not read (``scope["extensions"]["russianbank.abort"]``).
- :class:`Server`: on SIGTERM/SIGINT the app first stops taking moves, lets every move being
  stored finish and be acknowledged, closes the websockets (1012, "restart": the pages
  reconnect), and only then does uvicorn close the rest.
- :func:`run_workers`: ``--workers N`` processes on one listening socket (the kernel spreads
  the connections); a worker that dies is started again.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import socket
import tempfile
import time
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("russianbank.web")

HEADER_TIMEOUT = 10.0
MAX_HEADER_BYTES = 32 * 1024


class GuardedHttp(HttpToolsProtocol):
    """uvicorn's HTTP protocol with a deadline and a size limit for the request headers."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._rb_done = False
        self._rb_bytes = 0
        self._rb_timer: asyncio.TimerHandle | None = self.loop.call_later(HEADER_TIMEOUT, self._rb_expire)

    def _rb_arm(self) -> None:
        if self._rb_timer is not None:
            self._rb_timer.cancel()
        self._rb_timer = self.loop.call_later(HEADER_TIMEOUT, self._rb_expire)

    def _rb_expire(self) -> None:
        self._rb_timer = None
        if not self._rb_done and not self.transport.is_closing() and self.transport.get_protocol() is self:
            log.info("closing a connection from %s that did not send its request in time", self.client)
            self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._rb_done:  # the next request on a kept-alive connection
            self._rb_done = False
            self._rb_bytes = 0
            self._rb_arm()

    def on_headers_complete(self) -> None:
        self._rb_done = True
        if self._rb_timer is not None:
            self._rb_timer.cancel()
            self._rb_timer = None
        super().on_headers_complete()

    def data_received(self, data: bytes) -> None:
        if not self._rb_done:
            self._rb_bytes += len(data)
            if self._rb_bytes > MAX_HEADER_BYTES:
                body = b"request headers too large"
                self.transport.write(
                    b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain\r\n"
                    b"content-length: " + str(len(body)).encode() + b"\r\nconnection: close\r\n\r\n" + body
                )
                self.transport.close()
                return
        super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._rb_timer is not None:
            self._rb_timer.cancel()
            self._rb_timer = None
        super().connection_lost(exc)


class GuardedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol with a handshake deadline and a way to cut the connection."""

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._rb_timer: asyncio.TimerHandle | None = self.loop.call_later(HEADER_TIMEOUT, self._rb_expire)

    def _rb_expire(self) -> None:
        self._rb_timer = None
        if not self.handshake_complete and not self.transport.is_closing():
            self.transport.close()

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:
            scope.setdefault("extensions", {})["russianbank.abort"] = {"abort": self._rb_abort}

    def _rb_abort(self) -> None:
        """Cut the connection now, whatever is still buffered (a client that does not read)."""
        if not self.transport.is_closing():
            self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._rb_timer is not None:
            self._rb_timer.cancel()
            self._rb_timer = None
        super().connection_lost(exc)


class Server(uvicorn.Server):
    """uvicorn's server, which lets the app finish its acknowledgements before it shuts down."""

    def __init__(self, config: uvicorn.Config, app: Any) -> None:
        super().__init__(config)
        self.rb_app = app

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()  # a graceful stop is the normal end: exit 0, no traceback

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in getattr(self, "servers", []):  # take no new connections while draining
            server.close()
        try:
            await asyncio.wait_for(self.rb_app.state.manager.drain(), 15)
        except TimeoutError:
            log.warning("shutdown: some moves were still being stored after 15 s")
        await super().shutdown(sockets)


def make_config(app: Any, host: str, port: int, **kw: Any) -> uvicorn.Config:
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=GuardedHttp,
        ws=GuardedWebSocket,
        ws_max_size=1 << 16,
        ws_per_message_deflate=False,  # the deltas are small: compressing them costs more than it saves
        timeout_keep_alive=10,
        timeout_graceful_shutdown=10,
        log_level="warning",
        access_log=False,
        **kw,
    )


def serve(app: Any, host: str, port: int, sock: socket.socket | None = None) -> None:
    """Run the app in this process until SIGTERM/SIGINT (then shut down gracefully)."""
    server = Server(make_config(app, host, port), app)
    server.run(sockets=[sock] if sock is not None else None)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def _worker(build: Callable[[], Any], host: str, port: int, sock: socket.socket) -> None:
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s [worker {os.getpid()}] %(levelname)s %(message)s")
    serve(build(), host, port, sock)


def run_workers(build: Callable[[], Any], host: str, port: int, workers: int) -> int:
    """``workers`` processes serving one socket; SIGTERM/SIGINT stops them all gracefully."""
    sock = bind(host, port)
    metrics_dir = tempfile.mkdtemp(prefix="russianbank-metrics-")
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = metrics_dir
    ctx = multiprocessing.get_context("spawn")
    procs: list[Any] = []
    stopping = False

    def start() -> Any:
        p = ctx.Process(target=_worker, args=(build, host, port, sock), daemon=False)
        p.start()
        return p

    def stop(signum: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    procs = [start() for _ in range(workers)]
    log.info("%d workers started: %s", workers, ", ".join(str(p.pid) for p in procs))
    while not stopping:
        time.sleep(0.2)
        for i, p in enumerate(procs):
            if not p.is_alive() and not stopping:
                log.warning("worker %s stopped (exit code %s); starting another", p.pid, p.exitcode)
                procs[i] = start()
    for p in procs:
        if p.is_alive() and p.pid is not None:
            os.kill(p.pid, signal.SIGTERM)
    for p in procs:
        p.join(30)
    sock.close()
    return 0
