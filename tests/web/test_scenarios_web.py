"""The shared scenarios (tests/session/scenarios.py) played through the web server: the person at
the websocket is told the same messages, in English and Russian, as on the session itself."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from webhelp import new_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "session"))
from scenarios import SCENARIOS, Action, Scenario, reference, run

from russianbank.i18n import Message
from russianbank.view import PlayerView
from russianbank.web.delta import StateSync
from russianbank.web.tables import Clock


class FakeClock(Clock):
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.t = 0.0
        self.moved: asyncio.Event | None = None

    def now(self) -> float:
        return self.t

    async def sleep_until(self, when: float, wake: asyncio.Event) -> None:
        while self.t < when and not wake.is_set():
            self.moved = asyncio.Event()
            waits = [asyncio.ensure_future(self.moved.wait()), asyncio.ensure_future(wake.wait())]
            _, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            for p in pending:
                p.cancel()

    async def advance_to(self, t: float) -> None:
        self.t = max(self.t, t)
        if self.moved is not None:
            self.moved.set()


class WebDriver:
    """Seat A through the websocket; the fake clock and the table's settling for waiting."""

    def __init__(self, client: Any, clock: FakeClock, gid: str, token: str) -> None:
        self.client = client
        self.clock = clock
        self.gid = gid
        self.said: list[Message] = []
        self.sync = StateSync()
        self.ws = client.websocket_connect(f"/ws/{gid}").__enter__()
        self.ws.send_json({"type": "join", "token": token})
        self.state: dict[str, Any] = {}
        self._take(json.loads(self.ws.receive_text()))
        self.settle()

    @property
    def table(self) -> Any:
        return self.client.app.state.manager.tables[self.gid]

    def _take(self, m: dict[str, Any]) -> None:
        for e in m.get("events") or []:
            if e.get("message"):
                self.said.append(Message.from_dict(e["message"]))
        if m["type"] == "error":
            self.said.append(Message.from_dict(m["msg"]))
        kind, out = self.sync.receive(m)
        if kind == "state":
            self.state = out

    def settle(self) -> None:
        """Until the computer has thought and waits for its deadline; then read all that was sent."""
        portal = self.client.portal
        for _ in range(1000):
            table = self.table
            if portal.call(_settled, table):
                break
        self.ws.send_json({"type": "ping"})
        while True:
            m = json.loads(self.ws.receive_text())
            if m["type"] == "pong":
                return
            self._take(m)

    def view(self) -> PlayerView:
        return self.table.session.view(0)

    def act(self, action: Action) -> None:
        kind = action[0]
        sid = self.state["state_id"]
        if kind == "move":
            self.ws.send_json({"type": "move", "move": action[1], "state": sid})
        elif kind == "stop":
            self.ws.send_json({"type": "stop", "state": sid})
        elif kind in ("undo", "hint", "resign"):
            self.ws.send_json({"type": kind})
        else:
            raise ValueError(f"unknown action {action}")
        self.settle()

    def wait(self) -> None:
        due = self.table.session.next_deadline()
        if due is not None:
            self.client.portal.call(self.clock.advance_to, due)
        self.settle()

    def messages(self) -> list[Message]:
        return list(self.said)


async def _settled(table: Any) -> bool:
    """Whether the table's computer is idle or asleep until its deadline (and its lock free)."""
    for _ in range(200):
        await asyncio.sleep(0.005)
        s = table.session
        busy = table.driver is not None and not table.driver.done() and not table.settled.is_set()
        if not busy and not table.lock.locked() and (s.computer is None or s._timing.job is None):
            return True
    return False


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_web_server_says_what_the_session_says(make_client, name: str) -> None:
    sc: Scenario = SCENARIOS[name]
    want = reference(sc)
    clock = FakeClock()
    c = make_client(clock=clock, setup_for=lambda stored: sc.setup())
    d = new_game(c, mode="computer", level=sc.level, preset=sc.preset, stops=sc.stops, seed=sc.seed)
    driver = WebDriver(c, clock, d["game_id"], d["token"])
    got = run(sc, driver)
    driver.ws.__exit__(None, None, None)
    assert [m.text("en") for m in got] == [m.text("en") for m in want]
    assert [m.text("ru") for m in got] == [m.text("ru") for m in want]
