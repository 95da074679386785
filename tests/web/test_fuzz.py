"""Every message the server accepts, fuzzed: each malformed one is refused and the game is unchanged."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelp import join, new_game, recv

from russianbank.i18n import Message

anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
moves_text = st.sampled_from(["RF", "SH", "HW", "pass", "stop", "agree", "resign", "ZZ", "", "1", "99", "R" * 40])
# "resign" is left out: it needs nothing but its type, so with any extra keys it is a well-formed
# request that ends the game (the fuzz once drew it from the text strategy); it has its own tests.
types = st.sampled_from(["move", "stop", "hint", "ping", "sync", "join", "dance", "", "MOVE"]) | st.text(
    max_size=10
).filter(lambda t: t != "resign")


@st.composite
def message(draw: Any) -> dict[str, Any]:
    m: dict[str, Any] = {"type": draw(types)}
    for key in ("move", "state", "token"):
        if draw(st.booleans()):
            m[key] = draw(moves_text | anything) if key == "move" else draw(anything)
    if draw(st.booleans()):
        m[draw(st.text(max_size=6))] = draw(anything)
    if m["type"] == "move" and m.get("state") == 0 and type(m.get("state")) is int:
        m["state"] = 7  # a move on the right state could be legal; the fuzz is about the malformed ones
    if m["type"] == "join" and m.get("token") is None:
        m["token"] = "not-a-token"  # a join without a token is a legal change of seat (to watch)
    return m


def check_reply(reply: dict[str, Any]) -> None:
    assert reply["type"] in ("error", "pong", "hint", "notice", "state"), reply
    if reply["type"] == "error":
        assert isinstance(reply["code"], str) and reply["message"]
        msg = Message.from_dict(reply["msg"])
        assert msg.text("en") == reply["message"] and msg.text("ru")


def test_every_malformed_websocket_message_is_refused_and_the_game_is_unchanged(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="friend", seed=3)
    gid, token = d["game_id"], d["token"]
    with c.websocket_connect(f"/ws/{gid}") as ws:
        first = join(ws, token)
        seen = {"n": 0}

        @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(message() | st.text(max_size=40).map(lambda t: {"raw": t}))
        def one(m: dict[str, Any]) -> None:
            seen["n"] += 1
            if "raw" in m:
                ws.send_text(m["raw"])
            else:
                ws.send_text(json.dumps(m))
            reply = recv(ws)
            check_reply(reply)
            if reply["type"] == "state":  # only a sync answers with the state: the same seat, the same game
                assert m.get("type") == "sync" and reply["seat"] == "A" and reply["state_id"] == 0, m

        one()
        assert seen["n"] >= 300
        ws.send_json({"type": "sync"})
        now = recv(ws)
        assert now["state_id"] == first["state_id"] == 0
        now.pop("rev"), first.pop("rev")
        assert now == first
    assert c.get(f"/api/games/{gid}").json()["state_id"] == 0


def test_deeply_nested_and_oversized_websocket_messages(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="friend", seed=2)
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        join(ws, d["token"])
        ws.send_text('{"type": "move", "move": ' + "[" * 1000 + "]" * 1000 + "}")
        e = recv(ws)
        assert e["code"] == "bad_json" and e["msg"]["code"] == "server.too_deep"
        ws.send_text("[" * 3000)
        assert recv(ws)["code"] == "bad_json"
        ws.send_text(json.dumps({"type": "move", "move": "x" * 5000}))
        assert recv(ws)["code"] == "too_large"
        ws.send_json({"type": "ping"})
        assert recv(ws) == {"type": "pong"}  # the connection stays


bodies = st.dictionaries(
    st.sampled_from(["mode", "level", "preset", "stops", "seed", "colour", "token"]), anything | moves_text, max_size=5
)


def test_every_api_body_gets_a_json_answer(make_client) -> None:
    c = make_client(allow_seeds=False)
    d = new_game(c, mode="friend")
    gid = d["game_id"]

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(bodies | anything, st.sampled_from(["/api/games", f"/api/games/{gid}/again"]))
    def one(body: Any, path: str) -> None:
        r = c.post(path, content=json.dumps(body), headers={"content-type": "application/json"})
        assert r.status_code in (200, 400, 403, 409, 429), (body, r.status_code, r.text)
        data = r.json()
        if r.status_code != 200:
            assert data["error"] and Message.from_dict(data["msg"]).text("ru")
        elif path.endswith("/again"):
            raise AssertionError(f"{body} played again without a token")

    c.app.state.limits.games_per_minute = 10**9
    one()
    assert c.get(f"/api/games/{gid}").json()["state_id"] == 0
    r = c.post(
        "/api/games",
        content=b'{"mode": ' + b"[" * 2000 + b"]" * 2000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400 and r.json()["msg"]["code"] == "server.too_deep"
