"""Helpers for the web tests (a module of its own: several test folders have a conftest)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from fastapi.testclient import TestClient

from russianbank.cards import card_name
from russianbank.game import Game
from russianbank.web.delta import StateSync


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def served(app: Any) -> Iterator[str]:
    """``app`` under uvicorn in a thread, on a free port, while the block runs: its base URL."""
    import uvicorn

    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 15
    while not srv.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(15)


def hidden_names(game: Game) -> set[str]:
    """Names of the cards that are face down and not named by public history, from the real game."""
    st = game.state()
    out: set[str] = set()
    for p in (0, 1):
        res = st.reserve[p]
        down = res[: len(res) - st.reserve_up[p]]
        unknown = down[: len(down) - st.reserve_known[p]] if st.reserve_known[p] else down
        out.update(card_name(c) for c in unknown)
        stock = st.stock[p]
        out.update(card_name(c) for c in stock[: len(stock) - st.stock_known[p]])
    return out


class Sent:
    """Every message the server sends, checked at send time against the cards then hidden."""

    def __init__(self) -> None:
        self.app: Any = None
        self.count = 0
        self.leaks: list[str] = []

    def __call__(self, seat: int | None, text: str) -> None:
        self.count += 1
        tables = self.app.state.manager.tables
        gid = json.loads(text).get("game_id")
        for table in [tables[gid]] if gid in tables else tables.values():
            for name in hidden_names(table.session._game):  # the real game, which only the test may look at
                if f'"{name}"' in text:
                    self.leaks.append(f"{name} in a message to seat {seat}: {text[:200]}")


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def token_of(url: str) -> str:
    return url.split("#t=", 1)[1]


_syncs: dict[int, StateSync] = {}


def recv(ws: Any) -> dict[str, Any]:
    """The next message as it came (a delta is not applied: the next state asks for the full one)."""
    return json.loads(ws.receive_text())


def recv_state(ws: Any, pred: Callable[[dict[str, Any]], bool] = lambda m: True, limit: int = 2000) -> dict[str, Any]:
    """Read messages, applying deltas, until a full state satisfying ``pred``."""
    sync = _syncs.setdefault(id(ws), StateSync())
    for _ in range(limit):
        kind, state = sync.receive(recv(ws))
        if kind == "resync":
            ws.send_json({"type": "sync"})
        elif kind == "state" and pred(state):
            return state
    raise AssertionError("no such state message")


def recv_any(ws: Any) -> dict[str, Any]:
    """The next message, a delta applied: a full state, or whatever else came."""
    sync = _syncs.setdefault(id(ws), StateSync())
    kind, out = sync.receive(recv(ws))
    if kind == "resync":
        ws.send_json({"type": "sync"})
        return recv_state(ws)
    return out


def join(ws: Any, token: str | None = None) -> dict[str, Any]:
    ws.send_json({"type": "join", "token": token} if token else {"type": "join"})
    m = recv(ws)
    assert m["type"] == "state", m
    sync = _syncs[id(ws)] = StateSync()
    return sync.receive(m)[1]


def quick_move(legal: list[str]) -> str:
    """A move that gets the turn over soon: discard, foundation, reserve, hand, draw, pass."""
    if "HW" in legal:
        return "HW"
    for first in ("F", "R", "H"):
        for m in legal:
            if (first == "F" and m.endswith("F")) or (first != "F" and m[0] == first):
                return m
    for m in ("SH", "pass"):
        if m in legal:
            return m
    return legal[0]


def easy_record(moves: int, seed: int = 5) -> str:
    """The record of a classic game (``seed``) two easy players played for up to ``moves`` moves."""
    from russianbank.ai import make_player
    from russianbank.game import Game
    from russianbank.record import record_text

    g = Game("classic", seed=seed)
    players = [make_player("easy", seed=1), make_player("easy", seed=2)]
    while not g.is_over() and len(g.move_stack) < moves:
        g.push(players[g.turn].choose(g.view(g.turn)))
    return record_text(g)
