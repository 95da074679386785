"""Closed doors: origins, headers, limits, deadlines, slow clients, the page under its CSP."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect
from webhelp import free_port, join, new_game, recv, recv_state, token_of

from russianbank.web import server as srvmod
from russianbank.web.app import Settings, create_app
from russianbank.web.loadtest import check_target

# ------------------------------------------------------------------ origins


def test_a_websocket_from_another_origin_is_refused(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="friend")
    with (
        pytest.raises(WebSocketDisconnect) as e,
        c.websocket_connect(f"/ws/{d['game_id']}", headers={"origin": "http://evil.example"}) as ws,
    ):
        ws.send_json({"type": "join", "token": d["token"]})
    assert e.value.code == 1008
    with c.websocket_connect(f"/ws/{d['game_id']}", headers={"origin": "http://testserver"}) as ws:
        assert join(ws, d["token"])["seat"] == "A"


def test_allowed_origins_are_configurable(make_client) -> None:
    c = make_client(settings=Settings(allowed_origins=["https://cards.example"]))
    d = new_game(c, mode="friend")
    with c.websocket_connect(f"/ws/{d['game_id']}", headers={"origin": "https://cards.example"}) as ws:
        assert join(ws, d["token"])["seat"] == "A"
    r = c.post("/api/games", json={}, headers={"origin": "https://cards.example"})
    assert r.status_code == 200


def test_a_cross_site_post_is_refused(make_client) -> None:
    c = make_client()
    r = c.post("/api/games", json={"mode": "friend"}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "forbidden_origin"
    r = c.post("/api/games", content=b'{"mode": "friend"}', headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["msg"]["code"] == "server.content_type"
    assert c.post("/api/games").status_code == 200  # no body at all: the defaults


@pytest.mark.parametrize("path", ["/", "/game/abc", "/rules", "/api/config", "/static/js/sync.js", "/nowhere"])
def test_security_headers_on_every_page(make_client, path: str) -> None:
    r = make_client().get(path)
    h = r.headers
    assert "frame-ancestors 'none'" in h["content-security-policy"]
    assert "script-src 'self'" in h["content-security-policy"]
    assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"
    if path == "/nowhere":
        assert r.status_code == 404 and r.json()["error"] == "not_found"


# ------------------------------------------------------------ per-address limits


def test_game_creation_is_limited_per_address(make_client) -> None:
    c = make_client(settings=Settings(games_per_minute=3))
    for _ in range(3):
        assert c.post("/api/games", json={"mode": "friend"}).status_code == 200
    r = c.post("/api/games", json={"mode": "friend"})
    assert r.status_code == 429
    body = r.json()
    assert body["error"] == "rate_limited" and 1 <= body["retry_after"] <= 60
    assert "at most 3 a minute" in body["message"]


def test_open_connections_are_limited_per_address(make_client) -> None:
    c = make_client(settings=Settings(connections_per_client=2))
    d = new_game(c, mode="friend")
    gid = d["game_id"]
    with c.websocket_connect(f"/ws/{gid}") as w1, c.websocket_connect(f"/ws/{gid}") as w2:
        join(w1), join(w2)
        with c.websocket_connect(f"/ws/{gid}") as w3:
            e = recv(w3)
            assert e["code"] == "too_many_connections" and "at most 2" in e["message"]
            with pytest.raises(WebSocketDisconnect):
                w3.receive_text()
    with c.websocket_connect(f"/ws/{gid}") as w4:  # the others closed: room again
        assert join(w4)["seat"] is None


def test_a_websocket_that_never_joins_is_closed(make_client) -> None:
    c = make_client(settings=Settings(join_timeout=0.3))
    d = new_game(c, mode="friend")
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        e = recv(ws)
        assert e["code"] == "join_timeout"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()


def test_health_and_metrics(make_client) -> None:
    c = make_client()
    h = c.get("/healthz").json()
    assert h["status"] == "ok" and h["database"] == "ok"
    d = new_game(c, mode="friend", seed=5)
    with c.websocket_connect(f"/ws/{d['game_id']}") as wa, c.websocket_connect(f"/ws/{d['game_id']}") as wb:
        ma, mb = join(wa, d["token"]), join(wb, token_of(d["friend_url"]))
        mover, m = (wa, ma) if ma["your_turn"] else (wb, mb)
        mover.send_json({"type": "move", "move": m["view"]["legal_moves"][0], "state": 0})
        recv_state(mover)
        text = c.get("/metrics").text
    for name in (
        "russianbank_ack_seconds_bucket",
        "russianbank_moves_total 1.0",
        "russianbank_live_tables 1.0",
        "russianbank_connections 2.0",
        "russianbank_commit_batch_size_count",
        "process_cpu_seconds_total",
        'russianbank_gc_pause_seconds_count{generation="2"}',
        "russianbank_loop_lag_seconds_count",
    ):
        assert name in text, name


def test_loadtest_only_plays_against_this_machine() -> None:
    assert check_target("http://127.0.0.1:8100") == ("127.0.0.1", 8100)
    assert check_target("http://localhost:8100")[1] == 8100
    for url in ("http://10.1.2.3:80/", "http://192.168.0.5:8000", "https://127.0.0.1", "ftp://x"):
        with pytest.raises(ValueError):
            check_target(url)


# ------------------------------------------------------ a real server, real sockets


@pytest.fixture(scope="module")
def guarded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int, Any]]:
    """The app under this package's uvicorn server (handshake deadlines), in a thread."""
    old = srvmod.HEADER_TIMEOUT
    srvmod.HEADER_TIMEOUT = 0.6
    app = create_app(
        f"sqlite:///{tmp_path_factory.mktemp('guarded') / 'g.db'}",
        ai_delay=0.0,
        allow_seeds=True,
        settings=Settings(queue_limit=8, games_per_minute=1000),
    )
    port = free_port()
    server = srvmod.Server(srvmod.make_config(app, "127.0.0.1", port), app)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 15
    while not server.started:
        assert time.time() < deadline
        time.sleep(0.05)
    yield "127.0.0.1", port, app
    server.should_exit = True
    thread.join(20)
    srvmod.HEADER_TIMEOUT = old


def _closed_within(sock: socket.socket, seconds: float) -> float:
    t0 = time.time()
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
    except (ConnectionResetError, TimeoutError):
        pass
    return time.time() - t0


def test_headers_that_never_finish_are_cut_off(guarded) -> None:
    host, port, _ = guarded
    s = socket.create_connection((host, port))
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
    assert _closed_within(s, 5) < 3
    idle = socket.create_connection((host, port))  # connects and sends nothing
    assert _closed_within(idle, 5) < 3


def test_a_huge_websocket_path_or_header_is_answered_at_once(guarded) -> None:
    host, port, _ = guarded
    s = socket.create_connection((host, port))
    s.sendall(
        b"GET /ws/" + b"x" * 9000 + b" HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    assert _closed_within(s, 5) < 3
    s = socket.create_connection((host, port))
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 40000 + b"\r\n\r\n")
    s.settimeout(5)
    assert s.recv(100).startswith(b"HTTP/1.1 431")


def test_a_body_is_refused_by_its_declared_size_before_it_is_read(guarded) -> None:
    host, port, _ = guarded
    s = socket.create_connection((host, port))
    s.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000000\r\n\r\n{"
    )
    s.settimeout(5)
    head = s.recv(4096)
    assert head.startswith(b"HTTP/1.1 413") and b"too_large" in head
    # streamed without a declared size: refused once it passes the limit
    s = socket.create_connection((host, port))
    s.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    s.settimeout(5)
    with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # it may answer and close mid-way
        for _ in range(5):
            s.sendall(b"1000\r\n" + b" " * 4096 + b"\r\n")
    assert s.recv(4096).startswith(b"HTTP/1.1 413")


def test_a_client_that_does_not_read_is_dropped_and_the_table_goes_on(guarded) -> None:
    from websockets.sync.client import connect

    host, port, app = guarded
    import urllib.request

    req = urllib.request.Request(
        f"http://{host}:{port}/api/games",
        data=json.dumps({"mode": "friend", "seed": 11}).encode(),
        headers={"content-type": "application/json"},
    )
    d = json.loads(urllib.request.urlopen(req, timeout=10).read())
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    # a spectator with a tiny receive buffer asks for the full state again and again, never reading
    lazy = socket.socket()
    lazy.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    lazy.connect((host, port))
    lazy.sendall(
        f"GET /ws/{gid} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    time.sleep(0.2)

    def frame(text: str) -> bytes:
        data = text.encode()
        mask = b"\x01\x02\x03\x04"
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        return bytes([0x81, 0x80 | len(data)]) + mask + body

    lazy.sendall(frame('{"type":"join"}'))
    lazy.settimeout(2)
    for _ in range(4000):
        try:
            lazy.sendall(frame('{"type":"sync"}'))
        except (BlockingIOError, TimeoutError, OSError):
            break
    dropped = app.state.metrics.dropped
    deadline = time.time() + 10
    while dropped._value.get() < 1 and time.time() < deadline:
        time.sleep(0.05)
    assert dropped._value.get() >= 1, "the client that does not read was not dropped"
    # the table goes on at full speed for the others
    with connect(f"ws://{host}:{port}/ws/{gid}") as wa, connect(f"ws://{host}:{port}/ws/{gid}") as wb:
        from russianbank.web.delta import StateSync

        socks = {"A": wa, "B": wb}
        syncs = {"A": StateSync(), "B": StateSync()}
        states = {}
        for k, tok in (("A", ta), ("B", tb)):
            socks[k].send(json.dumps({"type": "join", "token": tok}))
            states[k] = syncs[k].receive(json.loads(socks[k].recv(timeout=5)))[1]
        t0 = time.time()
        for _ in range(20):
            mover = states["A"]["view"]["turn"]
            s = states[mover]
            socks[mover].send(json.dumps({"type": "move", "move": s["view"]["legal_moves"][0], "state": s["state_id"]}))
            for k in ("A", "B"):
                kind, out = syncs[k].receive(json.loads(socks[k].recv(timeout=5)))
                assert kind == "state", out
                states[k] = out
        assert time.time() - t0 < 5
    lazy.close()


# --------------------------------------------------------- the page under its CSP


@pytest.mark.browser
def test_the_pages_run_under_their_content_security_policy(real_server, chromium) -> None:
    url, _app = real_server
    page = chromium.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: refused.append(str(e)))
    for path in ("/", "/rules"):
        page.goto(url + path)
        page.wait_for_load_state("networkidle")
    import urllib.request

    req = urllib.request.Request(
        url + "/api/games", data=b'{"mode": "computer", "level": "easy"}', headers={"content-type": "application/json"}
    )
    d = json.loads(urllib.request.urlopen(req, timeout=10).read())
    page.goto(url + d["url"])
    deadline = time.time() + 20
    while page.get_attribute("body", "data-connected") != "1":
        assert time.time() < deadline, "the table page did not connect"
        time.sleep(0.1)
    while page.get_attribute("#board", "data-state-id") is None:
        assert time.time() < deadline, "the table page shows no state"
        time.sleep(0.1)
    page.close()
    assert refused == []
