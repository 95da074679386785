"""The lobby over its websocket: open tables listed live, open, cancel, take, quick pairing, the
games to watch, the named seats and the ratings of a game found there; refusals that change
nothing; two server processes on one PostgreSQL seeing the same lobby and taking a table once."""

from __future__ import annotations

import json
import os
import threading
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelp import join, recv_state

from russianbank.web.app import Settings
from russianbank.web.players.cookies import COOKIE_NAME
from russianbank.web.players.limits import PlayerLimits

ROOMY = PlayerLimits(names_per_address=10_000, registrations_per_address=10_000, logins_per_address=10_000,
                     logins_per_name=10_000)  # fmt: skip


def roomy(**kw: Any) -> Settings:
    return Settings(player_limits=ROOMY, games_per_minute=10_000, connections_per_client=10_000, **kw)


def name_cookie(c: Any, name: str) -> str:
    c.cookies.clear()
    r = c.post("/api/players", json={"name": name})
    assert r.status_code == 200, r.text
    c.cookies.clear()
    return str(r.cookies[COOKIE_NAME])


def lobby(c: Any, cookie: str | None = None) -> Any:
    headers = {"cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
    return c.websocket_connect("/lobby/ws", headers=headers)


def recv(ws: Any) -> dict[str, Any]:
    return json.loads(ws.receive_text())


def until(ws: Any, kind: str, limit: int = 50) -> dict[str, Any]:
    """The next message of ``kind`` (lobby updates in between are passed over)."""
    for _ in range(limit):
        m = recv(ws)
        if m["type"] == kind:
            return m
        assert m["type"] in ("lobby_update", "pong"), m
    raise AssertionError(f"no {kind}")


def update_with(ws: Any, pred: Any, limit: int = 50) -> dict[str, Any]:
    for _ in range(limit):
        m = recv(ws)
        if m["type"] == "lobby_update" and pred(m):
            return m
    raise AssertionError("no such update")


def test_the_lobby_lists_open_tables_and_pairs_two_people(make_client) -> None:
    c = make_client(settings=roomy())
    ann, bob = name_cookie(c, "Ann"), name_cookie(c, "Bob")
    with lobby(c, ann) as wa, lobby(c, bob) as wb, lobby(c) as watcher:
        first = recv(wa)
        assert first["type"] == "lobby" and first["tables"] == [] and first["me"]["name"] == "Ann"
        assert recv(watcher)["me"] is None and recv(wb)["me"]["name"] == "Bob"
        wa.send_json({"type": "open", "preset": "hoyle", "stops": True})
        opened = until(wa, "opened")["table"]
        assert opened["host"] == {"name": "Ann", "rating": 1500, "url": "/players/Ann"}
        assert (opened["preset"], opened["stops"]) == ("hoyle", True)
        seen = update_with(wb, lambda m: m["added"])
        assert seen["added"][0]["id"] == opened["id"] and seen["added"][0]["host"]["name"] == "Ann"
        assert "token" not in json.dumps(seen)  # nobody else's token, no hash of one
        update_with(watcher, lambda m: m["added"])
        wb.send_json({"type": "take", "table": opened["id"]})
        pb = until(wb, "paired")
        pa = until(wa, "paired")
        assert pa["game_id"] == pb["game_id"] and (pa["seat"], pb["seat"]) == ("A", "B")
        assert pa["opponent"]["name"] == "Bob" and pb["opponent"]["name"] == "Ann"
        assert pa["token"] != pb["token"] and pa["url"] == f"/game/{pa['game_id']}#t={pa['token']}"
        gone = update_with(watcher, lambda m: m["removed"] or m["games_added"])
        if not gone["games_added"]:
            gone = update_with(watcher, lambda m: m["games_added"])
        game = gone["games_added"][0]
        assert game["id"] == pa["game_id"] and [p["name"] for p in game["players"]] == ["Ann", "Bob"]
        assert game["watch_url"] == f"/game/{pa['game_id']}"
    gid = pa["game_id"]
    assert {s: n for s, (_, n) in c.portal.call(c.app.state.store.seat_players, gid).items()} == {0: "Ann", 1: "Bob"}
    # the seats are bound to their tokens: each joins its own, a spectator only watches
    with c.websocket_connect(f"/ws/{gid}") as ws:
        assert join(ws)["seat"] is None
    with c.websocket_connect(f"/ws/{gid}", headers={"cookie": f"{COOKIE_NAME}={bob}"}) as ws:
        state = join(ws, pb["token"])
        assert state["seat"] == "B", state.keys()
        ws.send_json({"type": "resign"})
        recv_state(ws, lambda m: m["view"]["outcome"] is not None)
    a, b = c.get("/api/players/Ann").json(), c.get("/api/players/Bob").json()
    assert a["rating"] > 1500 > b["rating"] and a["history"][0]["opponent"]["name"] == "Bob"
    with lobby(c) as w:  # a game that is over is not listed to watch
        c.portal.call(c.app.state.lobby.refresh)
        assert recv(w)["games"] == []


def test_cancel_a_host_leaving_and_the_refusals(make_client) -> None:
    c = make_client(settings=roomy())
    ann, bob = name_cookie(c, "Ann"), name_cookie(c, "Bob")
    with lobby(c, ann) as wa, lobby(c, bob) as wb, lobby(c) as anon:
        for w in (wa, wb, anon):
            recv(w)
        anon.send_json({"type": "open"})
        e = until(anon, "error")
        assert e["code"] == "no_name" and e["msg"]["code"] == "players.no_name"
        wa.send_json({"type": "cancel"})
        assert until(wa, "error")["code"] == "not_open"
        wa.send_json({"type": "open", "preset": "classic", "stops": False})
        table = until(wa, "opened")["table"]
        wa.send_json({"type": "open"})
        assert until(wa, "error")["code"] == "already_open"
        wa.send_json({"type": "take", "table": table["id"]})
        assert until(wa, "error")["code"] == "already_open"
        wa.send_json({"type": "quick"})
        assert until(wa, "error")["code"] == "already_open"
        with lobby(c, ann) as wa2:  # the same player in another tab: one open table at a time
            recv(wa2)
            wa2.send_json({"type": "open"})
            assert until(wa2, "error")["code"] == "already_open"
            wa2.send_json({"type": "take", "table": table["id"]})
            assert until(wa2, "error")["code"] == "own_table"
        for bad, code in (
            ({"type": "open", "preset": "nope"}, "bad_request"),
            ({"type": "open", "stops": "yes"}, "bad_request"),
            ({"type": "take", "table": 7}, "bad_request"),
            ({"type": "take", "table": "x" * 40}, "bad_request"),
            ({"type": "take", "table": "nosuchtable"}, "table_gone"),
            ({"type": "open", "colour": "red"}, "bad_request"),
            ({"type": "dance"}, "unknown_type"),
        ):
            wb.send_json(bad)
            got = until(wb, "error")
            assert got["code"] == code and got["msg"]["code"], (bad, got)
        wb.send_text("{not json")
        assert until(wb, "error")["code"] == "bad_json"
        assert list(c.app.state.lobby.open) == [table["id"]]  # nothing the refusals changed
        wa.send_json({"type": "cancel"})
        assert until(wa, "closed") == {"type": "closed", "table": table["id"], "reason": "cancelled"}
        update_with(wb, lambda m: m["removed"] == [table["id"]])
        wb.send_json({"type": "take", "table": table["id"]})
        assert until(wb, "error")["code"] == "table_gone"
        # a host who goes closes the table
        wb.send_json({"type": "open"})
        bt = until(wb, "opened")["table"]
    c.portal.call(c.app.state.lobby.refresh)
    row = c.portal.call(c.app.state.store.lobby_row, bt["id"])
    assert row is None and not c.app.state.lobby.open


def test_quick_pairing_takes_a_table_of_the_same_settings_and_the_nearest_rating(make_client) -> None:
    c = make_client(settings=roomy())
    cookies = {n: name_cookie(c, n) for n in ("Ann", "Bob", "Cy", "Dee")}
    with lobby(c, cookies["Ann"]) as wa, lobby(c, cookies["Bob"]) as wb, lobby(c, cookies["Cy"]) as wc:
        for w in (wa, wb, wc):
            recv(w)
        wa.send_json({"type": "open", "preset": "classic", "stops": False})
        ta = until(wa, "opened")["table"]
        wb.send_json({"type": "open", "preset": "suited", "stops": False})
        tb = until(wb, "opened")["table"]
        wc.send_json({"type": "quick", "preset": "classic", "stops": True})  # nothing fits: it opens one
        tc = until(wc, "opened")["table"]
        assert tc["stops"] is True
        with lobby(c, cookies["Dee"]) as wd:
            assert {t["id"] for t in recv(wd)["tables"]} == {ta["id"], tb["id"], tc["id"]}
            wd.send_json({"type": "quick", "preset": "suited", "stops": False})
            assert until(wd, "paired")["opponent"]["name"] == "Bob"
        assert until(wb, "paired")["seat"] == "A"


def test_a_table_for_a_match_to_a_score(make_client) -> None:
    c = make_client(settings=roomy())
    cookies = {n: name_cookie(c, n) for n in ("Eve", "Fay", "Gus")}
    with lobby(c, cookies["Eve"]) as we, lobby(c, cookies["Fay"]) as wf, lobby(c, cookies["Gus"]) as wg:
        for w in (we, wf, wg):
            recv(w)
        we.send_json({"type": "open", "preset": "classic", "stops": False, "match_to": 200})
        te = until(we, "opened")["table"]
        assert te["match_to"] == 200
        wf.send_json({"type": "quick", "preset": "classic", "stops": False})  # game after game: not Eve's
        assert until(wf, "opened")["table"]["match_to"] is None
        wg.send_json({"type": "quick", "preset": "classic", "stops": False, "match_to": 200})
        paired = until(wg, "paired")
        assert paired["opponent"]["name"] == "Eve" and paired["table"] == te["id"]
        with c.websocket_connect(f"/ws/{paired['game_id']}") as ws:
            state = join(ws, paired["token"])
            assert state["match"]["to"] == 200 and state["match"]["winner"] is None
        for bad in (0, "200", True, 20_000):
            wg.send_json({"type": "open", "preset": "classic", "stops": False, "match_to": bad})
            e = until(wg, "error")
            assert e["code"] == "bad_request" and e["msg"]["code"] == "server.bad_match_to"


def test_quick_pairing_prefers_the_nearest_rating() -> None:
    from russianbank.web.store import LobbyRow

    rows = [
        LobbyRow("t1", "p1", "Far", 1900.0, "", "classic", False, 1.0),
        LobbyRow("t2", "p2", "Near", 1540.0, "", "classic", False, 2.0),
        LobbyRow("t3", "p3", "Nearer", 1480.0, "", "classic", False, 3.0),
        LobbyRow("t4", "p4", "Other", 1500.0, "", "suited", False, 0.5),
    ]
    from russianbank.web.lobby.service import nearest

    assert [r.host_name for r in nearest(rows, "me", 1500.0, "classic", False)] == ["Nearer", "Near", "Far"]


def test_any_message_to_the_lobby_is_answered_and_changes_nothing(make_client) -> None:
    c = make_client(settings=roomy())
    cookie = name_cookie(c, "Fuzz")
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
        max_leaves=8,
    )
    messages = st.dictionaries(
        st.sampled_from(["type", "table", "preset", "stops", "x"]), json_values, max_size=4
    ) | st.fixed_dictionaries({"type": st.sampled_from(["take", "cancel", "ping", "open!", ""])}, optional={
        "table": json_values, "preset": json_values})  # fmt: skip
    with lobby(c, cookie) as ws:
        recv(ws)

        @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(messages)
        def fuzz(msg: dict[str, Any]) -> None:
            if msg.get("type") in ("open", "quick"):
                return  # these may succeed: checked above
            ws.send_text(json.dumps(msg))
            m = recv(ws)
            assert m["type"] in ("error", "pong"), (msg, m)
            if m["type"] == "error":
                assert m["code"] and m["msg"]["code"] and m["message"]

        fuzz()
        bad_target = json_values.filter(lambda v: v is not None and not (type(v) is int and 1 <= v <= 10_000))

        @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(st.sampled_from(["open", "quick"]), json_values, json_values, bad_target)
        def fuzz_rules(kind: str, preset: Any, stops: Any, match_to: Any) -> None:
            ws.send_text(json.dumps({"type": kind, "preset": preset, "stops": stops, "match_to": match_to}))
            m = recv(ws)
            assert m["type"] == "error" and m["code"] == "bad_request", m

        fuzz_rules()
        ws.send_bytes(b"\x00\x01")
        assert until(ws, "error")["code"] == "bad_request"
    assert not c.app.state.lobby.open and not c.app.state.lobby.playing


def test_two_processes_on_postgresql_share_the_lobby_and_a_table_is_taken_once(make_client, pg_url, tmp_path) -> None:
    pytest.importorskip("asyncpg")
    key = tmp_path / "server.key"
    one = make_client(pg_url, settings=roomy(key_file=key))
    two = make_client(pg_url, settings=roomy(key_file=key))
    s = os.urandom(3).hex()
    host = name_cookie(one, f"Host{s}")
    guests = [name_cookie(two if i % 2 else one, f"Guest{i}{s}") for i in range(4)]
    with lobby(one, host) as wh, lobby(two, guests[0]) as w0:
        recv(wh)
        recv(w0)
        wh.send_json({"type": "open", "preset": "classic", "stops": False})
        table = until(wh, "opened")["table"]
        t0 = time.time()
        seen = update_with(w0, lambda m: any(t["id"] == table["id"] for t in m["added"]))
        assert seen and time.time() - t0 < 5
        # four people on two processes take it at once: one gets the seat, the others are told it is gone
        answers: list[dict[str, Any]] = []
        conns = [lobby(two if i % 2 else one, g) for i, g in enumerate(guests)]
        opened = [cm.__enter__() for cm in conns]
        try:
            for w in opened:
                w.send_json({"type": "take", "table": table["id"]}) if recv(w)["type"] == "lobby" else None

            def read(w: Any) -> None:
                for _ in range(50):
                    m = recv(w)
                    if m["type"] in ("paired", "error"):
                        answers.append(m)
                        return

            threads = [threading.Thread(target=read, args=(w,)) for w in opened]
            for t in threads:
                t.start()
            for t in threads:
                t.join(30)
        finally:
            for cm in conns:
                cm.__exit__(None, None, None)
        paired = [m for m in answers if m["type"] == "paired"]
        assert len(answers) == 4 and len(paired) == 1, answers
        assert {m["code"] for m in answers if m["type"] == "error"} == {"table_gone"}
        pa = until(wh, "paired")
        assert pa["game_id"] == paired[0]["game_id"] and pa["seat"] == "A"
