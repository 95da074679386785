"""Fixtures for the web tests; the helpers are in ``webhelp``."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from webhelp import Sent

from russianbank.web.app import create_app


@pytest.fixture
def sent() -> Sent:
    return Sent()


@pytest.fixture
def make_client(tmp_path: Path, sent: Sent) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def make(db: str | None = None, **kw: Any) -> TestClient:
        url = db or f"sqlite:///{tmp_path / 'games.db'}"
        kw.setdefault("ai_delay", 0.0)
        kw.setdefault("stop_delay_factor", 0.0)
        kw.setdefault("allow_seeds", True)
        app = create_app(url, log_hook=sent, **kw)
        sent.app = app
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for c in clients:
        c.__exit__(None, None, None)


CHROMIUM = "/usr/bin/chromium"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The app under uvicorn in a thread, on a free port: (base URL, app)."""
    import uvicorn

    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('real') / 'games.db'}", ai_delay=0.05)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 15
    while not srv.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", app
    srv.should_exit = True
    thread.join(15)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium through Playwright (skipped without it, unless RB_REQUIRE_BROWSER is set)."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("RB_REQUIRE_BROWSER"):
            pytest.fail(f"RB_REQUIRE_BROWSER is set but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is missing")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        yield b
        b.close()
