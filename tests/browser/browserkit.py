"""Helpers for the browser tests (a module of its own name: each test folder may have a conftest)."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIZES = [(360, 740), (740, 360), (1280, 800), (1366, 768), (1920, 1080)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RealServer:
    """The real app under uvicorn, in a thread."""

    def __init__(self, db: Path, port: int, ai_delay: float = 0.15, settings: Any = None) -> None:
        import uvicorn

        from russianbank.web.app import create_app

        self.url = f"http://127.0.0.1:{port}"
        self.app = create_app(f"sqlite:///{db}", ai_delay=ai_delay, allow_seeds=True, settings=settings)
        self.srv = uvicorn.Server(
            uvicorn.Config(self.app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=2)
        )
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 15
        while not self.srv.started:
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.srv.should_exit = True
        self.thread.join(15)
        assert not self.thread.is_alive(), "the server did not stop"


def shot(page: Any, name: str, full: bool = False) -> Path:
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    return path


def new_game(page: Any, url: str, **body: Any) -> dict[str, Any]:
    """Create a game through the API and keep its seat in this browser, as the start page does."""
    r = page.request.post(url + "/api/games", data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    d = r.json()
    return d


def open_seat(page: Any, url: str, d: dict[str, Any]) -> None:
    """Open the seat's private link (the token leaves the address bar at once)."""
    page.goto(url + d["url"])
    page.wait_for_selector("#board .card")


def prefs(page: Any, url: str, **kv: str) -> None:
    page.goto(url + "/static/css/style.css")
    for k, v in kv.items():
        page.evaluate("([k, v]) => localStorage.setItem('rb.' + k, v)", [k, v])


def state_id(page: Any) -> int:
    return int(page.get_attribute("#board", "data-state-id"))


def legal(page: Any) -> list[str]:
    return (page.get_attribute("#board", "data-legal") or "").split()


def wait_my_turn(page: Any, timeout: float = 60_000) -> None:
    """Until it is this seat's turn (or the game is over) and no card is still sliding."""
    page.wait_for_function(
        "(document.body.dataset.yourTurn === '1' || document.body.dataset.over === '1')"
        " && !document.querySelector('.card.moving')",
        timeout=timeout,
    )


def wait_state_after(page: Any, before: int, timeout: float = 30_000) -> None:
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}", timeout=timeout)


def center(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, src_sel: str, dst_sel: str) -> None:
    x0, y0 = center(page, src_sel)
    x1, y1 = center(page, dst_sel)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=3)
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def zone_sel(code: str) -> str:
    return f'.zone[data-zone="{code}"]'


def src_sel(code: str) -> str:
    return f'.card[data-src="{code}"]'


def boxes(page: Any) -> list[dict[str, Any]]:
    """Every pile's box on the table (and each card's), in viewport pixels."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#board .zone, #board .card')].map(el => {
            const r = el.getBoundingClientRect();
            return {kind: el.classList.contains('zone') ? 'zone' : 'card', pile: el.dataset.pile,
                    x: r.left, y: r.top, w: r.width, h: r.height};
        })"""
    )


def deal_with_a_card_move() -> int:
    """A deal where A (the person) moves first and can move a card to a tableau pile or a foundation."""
    from russianbank.game import Game

    for seed in range(1000):
        g = Game("classic", seed=seed)
        if g.turn == 0 and any(str(m)[0] in "12345678R" and str(m)[1] in "12345678F" for m in g.legal_moves()):
            return seed
    raise AssertionError("no such deal")
