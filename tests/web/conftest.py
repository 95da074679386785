"""Fixtures for the web tests; the helpers are in ``webhelp``."""

from __future__ import annotations

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
