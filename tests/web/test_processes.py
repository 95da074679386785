"""Real server processes (``russianbank serve``): several on one PostgreSQL, killed, stopped gracefully."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webhelp import free_port, quick_move, token_of

from russianbank.web.delta import StateSync

pytest.importorskip("websockets")
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[2]


class Proc:
    """One ``russianbank serve`` process on a free port (the computer thinking in threads, unless
    ``--think-processes`` is given: these games are for two)."""

    def __init__(self, db: str, key: Path, *extra: str) -> None:
        self.port = free_port()
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        self.p = subprocess.Popen(
            [sys.executable, "-m", "russianbank", "serve", "--port", str(self.port), "--db", db,
             "--key-file", str(key), "--games-per-minute", "10000", "--pace", "0", "--log-level", "warning",
             *(() if "--think-processes" in extra else ("--think-processes", "0")), *extra],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(self.url("/healthz"), timeout=1)
                break
            except OSError:
                if self.p.poll() is not None or time.time() > deadline:
                    out = self.p.stdout.read() if self.p.stdout else ""
                    raise AssertionError(f"the server did not start: {out}") from None
                time.sleep(0.1)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def ws(self, gid: str) -> Any:
        return connect(f"ws://127.0.0.1:{self.port}/ws/{gid}", open_timeout=10).__enter__()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(self.url(path), json.dumps(body).encode(), {"content-type": "application/json"})
        return json.loads(urllib.request.urlopen(req, timeout=10).read())

    def get(self, path: str) -> Any:
        return json.loads(urllib.request.urlopen(self.url(path), timeout=10).read())

    def kill(self) -> None:
        self.p.kill()
        self.p.wait(10)

    def stop(self) -> int:
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGTERM)
        return self.p.wait(30)


class Client:
    """A seat (or a spectator) on one process, keeping its state from the deltas."""

    def __init__(self, proc: Proc, gid: str, token: str | None) -> None:
        self.ws = proc.ws(gid)
        self.sync = StateSync()
        self.ws.send(json.dumps({"type": "join", "token": token} if token else {"type": "join"}))
        self.state = self.next_state()

    def next_state(self, timeout: float = 10) -> dict[str, Any]:
        while True:
            kind, out = self.sync.receive(json.loads(self.ws.recv(timeout=timeout)))
            if kind == "resync":
                self.ws.send('{"type":"sync"}')
            elif kind == "state":
                self.state = out
                return out

    def moves(self) -> int:
        return len(self.state["view"]["history"])

    def wait_for(self, n: int, timeout: float = 10) -> dict[str, Any]:
        """Until this client's state holds ``n`` moves (state ids are each process's own)."""
        deadline = time.time() + timeout
        while self.moves() < n:
            self.next_state(max(0.1, deadline - time.time()))
        assert self.moves() == n, (self.moves(), n)
        return self.state

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def procs(tmp_path: Path) -> Iterator[list[Proc]]:
    started: list[Proc] = []
    yield started
    for p in started:
        if p.p.poll() is None:
            p.kill()


def play(clients: dict[str, Client], watchers: list[Client], n: int, made: list[str]) -> None:
    """``n`` moves by whoever is on move; every client must see every one of them, in order."""
    for _ in range(n):
        s = clients["A"].state
        if s["view"]["outcome"]:
            return
        mover = clients[s["view"]["turn"]]
        mover.wait_for(len(made))
        move = quick_move(mover.state["view"]["legal_moves"])
        mover.ws.send(json.dumps({"type": "move", "move": move, "state": mover.state["state_id"]}))
        made.append(move)
        for c in [*clients.values(), *watchers]:
            got = c.wait_for(len(made))
            assert got["view"]["history"][-1]["move"] == move


def test_seats_on_different_processes_of_one_postgresql_and_one_killed(pg_url: str, procs, tmp_path: Path) -> None:
    key = tmp_path / "server.key"
    p1, p2, p3 = Proc(pg_url, key), Proc(pg_url, key), Proc(pg_url, key)
    procs.extend([p1, p2, p3])
    d = p1.post("/api/games", {"mode": "friend"})
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    a, b, spec = Client(p1, gid, ta), Client(p2, gid, tb), Client(p3, gid, None)
    made: list[str] = []
    play({"A": a, "B": b}, [spec], 25, made)
    assert [h["move"] for h in spec.state["view"]["history"]] == made
    # the process holding seat B dies; B reconnects to the third; the others never stopped
    p2.kill()
    b.close()
    b = Client(p3, gid, tb)
    assert b.moves() == len(made)
    play({"A": a, "B": b}, [spec], 25, made)
    # the same move sent twice at once through two processes: the database takes it once
    s = a.state
    if not s["view"]["outcome"]:
        mover_token = ta if s["view"]["turn"] == "A" else tb
        twin = Client(p3 if s["view"]["turn"] == "A" else p1, gid, mover_token)
        mover = a if s["view"]["turn"] == "A" else b
        move = quick_move(mover.state["view"]["legal_moves"])
        mover.ws.send(json.dumps({"type": "move", "move": move, "state": mover.state["state_id"]}))
        twin.ws.send(json.dumps({"type": "move", "move": move, "state": twin.state["state_id"]}))
        made.append(move)
        a.wait_for(len(made))
        spec.wait_for(len(made))
        twin.close()
    late = Client(p1, gid, None)
    assert [h["move"] for h in late.state["view"]["history"]] == made
    assert [h["move"] for h in spec.state["view"]["history"]] == made
    late.close()
    for c in (a, b, spec):
        c.close()
    assert p1.stop() == 0 and p3.stop() == 0


def test_two_workers_on_one_port(pg_url: str, procs, tmp_path: Path) -> None:
    p = Proc(pg_url, tmp_path / "server.key", "--workers", "2", "--think-processes", "1")  # each with a worker
    procs.append(p)
    d = p.post("/api/games", {"mode": "friend"})
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    clients = {"A": Client(p, gid, ta), "B": Client(p, gid, tb)}
    watchers = [Client(p, gid, None) for _ in range(3)]  # the kernel spreads them over the workers
    made: list[str] = []
    play(clients, watchers, 20, made)
    late = Client(p, gid, None)
    assert late.moves() == len(made)
    late.close()
    for c in [*clients.values(), *watchers]:
        c.close()
    assert p.stop() == 0


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="no redis-server (apt-get install redis-server)")
def test_fanout_through_redis(pg_url: str, procs, tmp_path: Path) -> None:
    port = free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.5)
        key = tmp_path / "server.key"
        url = f"redis://127.0.0.1:{port}/0"
        p1, p2 = Proc(pg_url, key, "--redis", url), Proc(pg_url, key, "--redis", url)
        procs.extend([p1, p2])
        d = p1.post("/api/games", {"mode": "friend"})
        gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
        a, b = Client(p1, gid, ta), Client(p2, gid, tb)
        made: list[str] = []
        play({"A": a, "B": b}, [], 20, made)
        a.close(), b.close()
    finally:
        redis.terminate()
        redis.wait(10)


def test_graceful_shutdown_finishes_acknowledgements(procs, tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    p = Proc(f"sqlite:///{db}", tmp_path / "g.key")
    procs.append(p)
    d = p.post("/api/games", {"mode": "friend"})
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    a, b = Client(p, gid, ta), Client(p, gid, tb)
    made: list[str] = []
    play({"A": a, "B": b}, [], 10, made)
    s = a.state
    mover = a if s["view"]["turn"] == "A" else b
    mover.ws.send(
        json.dumps({"type": "move", "move": quick_move(mover.state["view"]["legal_moves"]), "state": s["state_id"]})
    )
    p.p.send_signal(signal.SIGTERM)  # while that move is on its way
    acked = s["state_id"]
    code = None
    try:
        while True:
            kind, out = mover.sync.receive(json.loads(mover.ws.recv(timeout=10)))
            if kind == "state":
                acked = out["state_id"]
    except Exception as e:  # the server closed the connection: with 1012 (restart)
        code = getattr(getattr(e, "rcvd", None), "code", None)
    assert code == 1012
    assert p.p.wait(30) == 0
    with sqlite3.connect(db) as con:
        (n,) = con.execute("select count(*) from rb_moves where game_id=?", (gid,)).fetchone()
    assert n >= acked  # everything acknowledged is stored (the last move: stored and told, or neither)
    assert n in (len(made), len(made) + 1)
    out = p.p.stdout.read() if p.p.stdout else ""
    assert "Traceback" not in out, out
