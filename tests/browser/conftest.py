"""Browser tests: Playwright driving Debian's Chromium against the real server (uvicorn in a thread).

One browser for the whole session (the browser tests run last), one server per module. Skipped
only when /usr/bin/chromium is missing and RB_REQUIRE_BROWSER is not set (CI sets it).
Screenshots go to test-artifacts/. The contexts bypass the pages' Content-Security-Policy only
because Playwright's wait_for_function evaluates its predicate with eval(); the server's
test_security.py loads the pages with the policy enforced.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browserkit import ARGS, ARTIFACTS, CHROMIUM, RealServer, free_port


def _is_browser(item: pytest.Item) -> bool:
    return "tests/browser/" in str(item.fspath).replace(os.sep, "/")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests, and run them last: the one browser of the session (Playwright's sync
    API keeps an event loop running in this thread) must not be alive while asyncio tests run."""
    for item in items:
        if _is_browser(item):
            item.add_marker(pytest.mark.browser)
    items[:] = [i for i in items if not _is_browser(i)] + [i for i in items if _is_browser(i)]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("RB_REQUIRE_BROWSER"):
            pytest.fail(f"RB_REQUIRE_BROWSER is set but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is missing (set RB_REQUIRE_BROWSER=1 to make this an error)")
    sync_api = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    pytest.importorskip("uvicorn")
    db = tmp_path_factory.mktemp("web") / "browser.db"
    real = RealServer(db, free_port(), ai_delay=0.0)
    yield real.url, real.app
    real.stop()
