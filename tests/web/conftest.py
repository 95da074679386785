"""Fixtures for the web tests; the helpers are in ``webhelp``."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from webhelp import Sent, served

from russianbank.web.app import Settings, create_app


@pytest.fixture
def sent() -> Sent:
    return Sent()


@pytest.fixture
def make_client(tmp_path: Path, sent: Sent) -> Iterator[Callable[..., TestClient]]:
    clients: list[TestClient] = []

    def make(db: str | None = None, **kw: Any) -> TestClient:
        url = db or f"sqlite:///{tmp_path / 'games.db'}"
        if not url.startswith("sqlite"):  # the server key beside the test, not in the home folder
            kw.setdefault("settings", Settings(key_file=tmp_path / "server.key"))
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


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The app under uvicorn in a thread, on a free port: (base URL, app)."""
    pytest.importorskip("uvicorn")
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('real') / 'games.db'}", ai_delay=0.05)
    with served(app) as url:
        yield url, app


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


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    url = os.environ.get("RB_PG_URL")
    if url:
        yield url
        return
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("no PostgreSQL binaries (install Debian's postgresql) and RB_PG_URL is not set")
    prefix: list[str] = []
    base = tempfile.mkdtemp(prefix="rbpg")
    if os.geteuid() == 0:  # initdb refuses to run as root
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL")
        try:
            shutil.chown(base, user="postgres")
        except (LookupError, PermissionError):
            pytest.skip("running as root and there is no 'postgres' user to start PostgreSQL")
        prefix = ["runuser", "-u", "postgres", "--"]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    data = os.path.join(base, "data")
    subprocess.run([*prefix, initdb, "-D", data, "-A", "trust", "-U", "postgres"], check=True, capture_output=True)
    opts = f"-k {base} -p {port} -c listen_addresses=''"
    subprocess.run(
        [*prefix, pg_ctl, "-D", data, "-o", opts, "-l", os.path.join(base, "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+asyncpg://postgres@/postgres?host={base}&port={port}"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(base, ignore_errors=True)
