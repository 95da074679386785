"""The web server: API, websocket per seat, refusals, Stop, persistence, hidden cards."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from webhelp import Sent, join, new_game, quick_move, recv, recv_any, recv_state, token_of

from russianbank.game import Game
from russianbank.moves import Move
from russianbank.web.store import default_db_path, normalize_url


def friend_table(client, **body):
    d = new_game(client, mode="friend", **body)
    return d["game_id"], d["token"], token_of(d["friend_url"])


def find_seed(pred, preset="classic", stops=False, limit=300):
    for seed in range(limit):
        if pred(Game(preset, seed=seed, stops=stops)):
            return seed
    raise AssertionError("no seed found")


# ----------------------------------------------------------------------- API


def test_config_and_create_computer_game(make_client):
    c = make_client()
    cfg = c.get("/api/config").json()
    assert cfg["levels"] == ["beginner", "easy", "medium", "hard", "expert"]
    assert "classic" in cfg["presets"] and "hoyle" in cfg["presets"]
    d = new_game(c, mode="computer", level="easy", preset="hoyle", stops=True, seed=11)
    assert d["seat"] == "A" and d["token"] and "friend_url" not in d
    assert d["url"] == f"/game/{d['game_id']}#t={d['token']}"
    s = c.get(f"/api/games/{d['game_id']}").json()
    assert s["mode"] == "computer" and s["level"] == "easy"
    assert s["options"]["preset"] == "hoyle" and s["options"]["stops"] is True
    assert "token" not in str(s) and d["token"] not in str(s)


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"mode": "chess"}, "bad_request", "mode must be"),
        ({"mode": "computer", "level": "godlike"}, "bad_request", "level must be"),
        ({"mode": "friend", "preset": "poker"}, "bad_request", "unknown preset"),
        ({"mode": "friend", "preset": "single", "stops": True}, "bad_request", "no Stop"),
        ({"mode": "friend", "stops": "maybe"}, "bad_request", "'stops' must be"),
        ({"mode": "friend", "seed": -4}, "bad_request", "'seed' must be"),
        ({"mode": "friend", "colour": "red"}, "bad_request", "unknown field"),
    ],
)
def test_create_refuses_bad_requests(make_client, body, code, words):
    c = make_client()
    r = c.post("/api/games", json=body)
    assert r.status_code == 400
    assert r.json()["error"] == code and words in r.json()["message"]


def test_a_chosen_deal_only_against_the_computer(make_client):
    c = make_client(allow_seeds=False)
    r = c.post("/api/games", json={"mode": "friend", "seed": 5})
    assert r.status_code == 400 and "only for games against the computer" in r.json()["message"]
    assert new_game(c, mode="computer", seed=5)["game_id"]


def test_create_refuses_malformed_and_oversized_bodies(make_client):
    c = make_client()
    r = c.post("/api/games", content=b"{mode: computer", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = c.post("/api/games", content=b"[1, 2]", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON object" in r.json()["message"]
    r = c.post("/api/games", content=b'{"mode": "' + b"x" * 10000 + b'"}')
    assert r.status_code == 413


def test_unknown_game(make_client):
    c = make_client()
    assert c.get("/api/games/nosuchgame").status_code == 404
    assert c.get("/api/games/nosuchgame/record").json()["error"] == "unknown_game"
    with c.websocket_connect("/ws/nosuchgame") as ws:
        ws.send_json({"type": "join"})
        m = recv(ws)
        assert m == {
            "type": "error",
            "code": "unknown_game",
            "message": "no game 'nosuchgame'",
            "msg": {"code": "server.unknown_game", "params": {"game": "'nosuchgame'"}},
        }
        ws.send_json({"type": "ping"})
        assert recv(ws) == {"type": "pong"}  # the connection stays


# ----------------------------------------------------------------- the seats


def test_each_seat_gets_its_own_view_and_nothing_else(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=3)
    with (
        c.websocket_connect(f"/ws/{gid}") as wa,
        c.websocket_connect(f"/ws/{gid}") as wb,
        c.websocket_connect(f"/ws/{gid}") as wspec,
    ):
        ma, mb, ms = join(wa, ta), join(wb, tb), join(wspec)
        assert (ma["seat"], mb["seat"], ms["seat"]) == ("A", "B", None)
        assert ma["state_id"] == mb["state_id"] == 0
        assert ma["view"]["player"] == "A" and mb["view"]["player"] == "B" and ms["view"]["player"] is None
        for m in (ma, mb, ms):
            assert "pending_violation" not in m["view"]
            assert ta not in str(m) and tb not in str(m)
            assert "seed" not in str(m).lower()
        mover = ma if ma["your_turn"] else mb
        assert mover["view"]["legal_moves"] and not ms["view"]["legal_moves"]


def test_moves_and_refusals_leave_game_and_connection_unchanged(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=5)
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        ma, mb = join(wa, ta), join(wb, tb)
        mover, other = (wa, wb) if ma["your_turn"] else (wb, wa)
        m0 = ma if ma["your_turn"] else mb
        legal = m0["view"]["legal_moves"]
        # out of turn
        other.send_json({"type": "move", "move": legal[0], "state": 0})
        e = recv(other)
        assert e["type"] == "error" and e["code"] == "not_your_turn"
        # an illegal move names the rule
        g = Game("classic", seed=5)
        bad = next(
            str(m)
            for m in (Move.from_str(t) for t in ("1F", "2F", "3F", "4F", "RF", "15", "51", "Rw"))
            if g.illegal_reason(m) is not None
        )
        mover.send_json({"type": "move", "move": bad, "state": 0})
        e = recv(mover)
        assert e["code"] == "illegal" and e["rule"] == g.illegal_reason(Move.from_str(bad))[0]
        assert e["move"] == bad and e["msg"]["code"] == "play.refused" and e["rule"] in e["message"]
        # bad notation, missing state id, words that are not moves
        for msg, code in [
            ({"type": "move", "move": "ZZ", "state": 0}, "bad_move"),
            ({"type": "move", "move": 17, "state": 0}, "bad_request"),
            ({"type": "move", "move": legal[0]}, "bad_request"),
            ({"type": "move", "move": legal[0], "state": "0"}, "bad_request"),
            ({"type": "move", "move": "agree", "state": 0}, "bad_move"),
        ]:
            mover.send_json(msg)
            e = recv(mover)
            assert e["type"] == "error" and e["code"] == code, (msg, e)
        assert c.get(f"/api/games/{gid}").json()["state_id"] == 0
        # a legal move goes through and both seats hear of it
        mover.send_json({"type": "move", "move": legal[0], "state": 0})
        s1 = recv_state(mover)
        s2 = recv_state(other)
        assert s1["state_id"] == s2["state_id"] == 1
        assert s1["event"] == {"kind": "move", "by": m0["seat"], "move": legal[0], "index": 0}
        # the same state id again is stale now
        mover.send_json({"type": "move", "move": s1["view"]["legal_moves"][0], "state": 0})
        e = recv(mover)
        assert e["code"] == "stale" and e["state_id"] == 1
        assert c.get(f"/api/games/{gid}").json()["state_id"] == 1


def test_bad_input_gets_an_error_and_the_connection_stays(make_client):
    c = make_client()
    gid, ta, _ = friend_table(c, seed=1)
    with c.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "move", "move": "RF", "state": 0})
        assert recv(ws)["code"] == "not_joined"
        ws.send_json({"type": "join", "token": "not-a-real-token"})
        assert recv(ws)["code"] == "wrong_token"
        ws.send_json({"type": "join", "token": 42})
        assert recv(ws)["code"] == "bad_request"
        first = join(ws, ta)
        cases = [
            ("{not json", "bad_json"),
            ('["a list"]', "bad_request"),
            ('{"no": "type"}', "bad_request"),
            ('{"type": "dance"}', "unknown_type"),
            ('{"type": "move", "move": "' + "x" * 6000 + '", "state": 0}', "too_large"),
        ]
        for text, code in cases:
            ws.send_text(text)
            e = recv(ws)
            assert e["type"] == "error" and e["code"] == code, (text[:30], e)
            assert e["message"]
        ws.send_bytes(b"\x00\x01")
        assert recv(ws)["code"] == "bad_request"
        # still joined, same game
        again = join(ws, ta)
        assert again["state_id"] == first["state_id"] == 0
        assert again["view"] == first["view"]


def test_nobody_moves_for_another_seat_and_spectators_only_watch(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=2)
    with c.websocket_connect(f"/ws/{gid}") as ws, c.websocket_connect(f"/ws/{gid}") as spec:
        m = join(ws, ta)
        join(spec)
        spec.send_json({"type": "move", "move": "SH", "state": 0})
        assert recv(spec)["code"] == "spectator"
        spec.send_json({"type": "resign"})
        assert recv(spec)["code"] == "spectator"
        spec.send_json({"type": "hint"})
        assert recv(spec)["code"] == "spectator"
        if not m["your_turn"]:  # seat A may not move for B, who is on move
            ws.send_json({"type": "move", "move": "SH", "state": 0})
            assert recv(ws)["code"] == "not_your_turn"
    # the API gives no token away, and a wrong token cannot play again
    assert ta not in c.get(f"/api/games/{gid}").text and tb not in c.get(f"/api/games/{gid}").text
    r = c.post(f"/api/games/{gid}/again", json={"token": "guess"})
    assert r.status_code == 403 and r.json()["error"] == "wrong_token"


# --------------------------------------------------------------------- Stop


def test_stop_founded_and_unfounded_shown_to_both(make_client):
    # a deal where the first mover can break O1 at once (draw while a foundation move exists)
    seed = find_seed(
        lambda g: any(str(m).endswith("F") for m in g.legal_moves()) and Move.from_str("SH") in g.legal_moves(),
        stops=True,
    )
    c = make_client()
    gid, ta, tb = friend_table(c, seed=seed, stops=True)
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        ma, mb = join(wa, ta), join(wb, tb)
        mover, caller = (wa, wb) if ma["your_turn"] else (wb, wa)
        mm, mc = (ma, mb) if ma["your_turn"] else (mb, ma)
        assert mc["can_stop"] is True and mm["can_stop"] is False  # the button never tells
        # the mover may not call Stop
        mover.send_json({"type": "stop", "state": 0})
        assert recv(mover)["code"] == "not_your_stop"
        # unfounded: nothing broken yet; both are told, nothing changes
        caller.send_json({"type": "stop", "state": 0})
        n1, n2 = recv(caller), recv(mover)
        assert n1["type"] == n2["type"] == "notice"
        assert n1["event"]["founded"] is False and n1["event"]["rule"] == "S2"
        assert c.get(f"/api/games/{gid}").json()["state_id"] == 0
        # the mover draws although a foundation move exists (O1); the caller's message does not say so
        mover.send_json({"type": "move", "move": "SH", "state": 0})
        s_m, s_c = recv_state(mover), recv_state(caller)
        assert s_c["can_stop"] is True and "pending" not in str(s_c)
        caller.send_json({"type": "stop", "state": s_c["state_id"]})
        r_c, r_m = recv_state(caller), recv_state(mover)
        for r in (r_c, r_m):
            assert r["event"]["kind"] == "stop" and r["event"]["founded"] is True
            assert r["event"]["rule"] == "O1" and r["event"]["violation"] == "SH"
            assert r["event"]["penalty"] == "annul"
            assert r["view"]["history"][-1]["move"] == "stop" and "O1" in r["view"]["history"][-1]["ruling"]
        assert r_c["your_turn"] is True and r_m["your_turn"] is False
        del s_m


def test_stop_in_strict_mode_is_refused(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=4)
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        ma, _ = join(wa, ta), join(wb, tb)
        caller = wb if ma["your_turn"] else wa
        caller.send_json({"type": "stop", "state": 0})
        e = recv(caller)
        assert e["code"] == "no_stops" and e["rule"] == "S1"


# -------------------------------------------------------------- persistence


def test_every_move_is_stored_before_it_is_acknowledged_and_survives_a_restart(make_client, tmp_path: Path):
    db = tmp_path / "games.db"
    c1 = make_client()
    gid, ta, tb = friend_table(c1, seed=8)
    with c1.websocket_connect(f"/ws/{gid}") as wa, c1.websocket_connect(f"/ws/{gid}") as wb:
        ma, mb = join(wa, ta), join(wb, tb)
        ws = {"A": wa, "B": wb}
        m = ma if ma["your_turn"] else mb
        for _ in range(25):
            seat = m["view"]["turn"]
            move = quick_move(m["view"]["legal_moves"])
            ws[seat].send_json({"type": "move", "move": move, "state": m["state_id"]})
            sid = m["state_id"] + 1
            got = {s: recv_state(w, lambda x, sid=sid: x["state_id"] == sid) for s, w in ws.items()}
            # acknowledged: so the database holds it already
            with sqlite3.connect(db) as con:
                rows = con.execute("select idx, move from rb_moves where game_id=? order by idx", (gid,)).fetchall()
            assert len(rows) == sid and rows[-1] == (sid - 1, move)
            m = got[got["A"]["view"]["turn"]]
        before = c1.get(f"/api/games/{gid}").json()
    # a new server on the same database file
    c2 = make_client(f"sqlite:///{db}")
    with c2.websocket_connect(f"/ws/{gid}") as wa2:
        again = join(wa2, ta)
        assert again["state_id"] == m["state_id"] == 25
        assert c2.get(f"/api/games/{gid}").json() == before
        expect = m["view"] if m["seat"] == "A" else None
        if expect is not None:
            assert again["view"] == expect
        # and play goes on from there
        if again["your_turn"]:
            wa2.send_json({"type": "move", "move": again["view"]["legal_moves"][0], "state": 25})
            assert recv_state(wa2)["state_id"] == 26


def test_reconnect_resumes_the_same_game(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=9)
    with c.websocket_connect(f"/ws/{gid}") as wa:
        m = join(wa, ta)
        if not m["your_turn"]:
            with c.websocket_connect(f"/ws/{gid}") as wb:
                mb = join(wb, tb)
                wb.send_json({"type": "move", "move": mb["view"]["legal_moves"][0], "state": 0})
                recv_state(wb)
        else:
            wa.send_json({"type": "move", "move": m["view"]["legal_moves"][0], "state": 0})
        m1 = recv_state(wa, lambda x: x["state_id"] == 1)
    # the connection dropped; a new one with the same token gets the same game
    with c.websocket_connect(f"/ws/{gid}") as wa:
        m2 = join(wa, ta)
        assert m2["state_id"] == 1 and m2["view"] == m1["view"] and m2["seat"] == "A"


# ----------------------------------------------------------- the computer


def test_the_computer_answers_and_its_moves_are_stored(make_client, tmp_path: Path):
    c = make_client()
    d = new_game(c, mode="computer", level="easy", seed=21)
    gid = d["game_id"]
    with c.websocket_connect(f"/ws/{gid}") as ws:
        m = join(ws, d["token"])
        computer_moves = 0
        for _ in range(400):
            if m["view"]["outcome"]:
                break
            if m["your_turn"]:
                if computer_moves:
                    break
                ws.send_json({"type": "move", "move": quick_move(m["view"]["legal_moves"]), "state": m["state_id"]})
            m = recv_state(ws)
            if m["event"] and m["event"]["by"] == "B":
                computer_moves += 1
                assert m["thinking"] or m["your_turn"] or m["view"]["outcome"]
        assert computer_moves > 0
        with sqlite3.connect(tmp_path / "games.db") as con:
            (n,) = con.execute("select count(*) from rb_moves where game_id=?", (gid,)).fetchone()
        assert n == m["state_id"]
        # the computer seat has no token: nobody can take it
        ws.send_json({"type": "hint"})
        h = recv(ws)
        while h["type"] != "hint":
            h = recv(ws)
        assert h["moves"] and h["moves"][0] in m["view"]["legal_moves"]


def test_hint_only_for_the_player_on_move(make_client):
    c = make_client()
    gid, ta, _tb = friend_table(c, seed=6)
    with c.websocket_connect(f"/ws/{gid}") as wa:
        m = join(wa, ta)
        wa.send_json({"type": "hint"})
        r = recv(wa)
        if m["your_turn"]:
            assert r["type"] == "hint" and r["moves"][0] in m["view"]["legal_moves"]
        else:
            assert r["code"] == "not_your_turn"


# --------------------------------------------------- hidden cards never leave


def test_no_message_names_a_hidden_card(make_client, sent: Sent):
    """Every message sent to anyone is searched for the names of the cards then face down (V2)."""
    c = make_client()
    gid, ta, tb = friend_table(c, seed=13, stops=True)
    d = new_game(c, mode="computer", level="easy", seed=14, stops=True)
    with (
        c.websocket_connect(f"/ws/{gid}") as wa,
        c.websocket_connect(f"/ws/{gid}") as wb,
        c.websocket_connect(f"/ws/{gid}") as spec,
        c.websocket_connect(f"/ws/{d['game_id']}") as wc,
    ):
        ma, mb = join(wa, ta), join(wb, tb)
        join(spec)
        ws = {"A": wa, "B": wb}
        m = ma if ma["your_turn"] else mb
        stops = 0
        for i in range(120):
            if m["view"]["outcome"]:
                break
            seat = m["view"]["turn"]
            other = "B" if seat == "A" else "A"
            if i % 9 == 4:  # call Stop now and then, founded or not
                ws[other].send_json({"type": "stop", "state": m["state_id"]})
                stops += 1
                got = recv_any(ws[other])
                recv_any(ws[seat])
                recv_any(spec)
                if got["type"] == "state":  # founded: the caller is on move now
                    assert got["your_turn"]
                    m = got
                    continue
                assert got["type"] == "notice" and got["event"]["founded"] is False
            legal = m["view"]["legal_moves"]
            mover_msg = m if m["seat"] == seat else None
            if mover_msg is None or not legal:
                break
            # alternate a quick move and the first legal move (some of them violations in stops mode)
            move = quick_move(legal) if i % 2 else legal[-1]
            ws[seat].send_json({"type": "move", "move": move, "state": m["state_id"]})
            sid = m["state_id"] + 1
            got = {s: recv_state(w, lambda x, sid=sid: x["state_id"] == sid) for s, w in ws.items()}
            recv_state(spec, lambda x, sid=sid: x["state_id"] == sid)
            m = got[got["A"]["view"]["turn"]]
        # the computer game: a few of its moves and a hint
        mc = join(wc, d["token"])
        for _ in range(30):
            if mc["view"]["outcome"]:
                break
            if mc["your_turn"]:
                wc.send_json({"type": "hint"})
                wc.send_json({"type": "move", "move": quick_move(mc["view"]["legal_moves"]), "state": mc["state_id"]})
            mc = recv_state(wc)
    assert sent.count > 100
    assert stops > 3
    assert sent.leaks == []


# ------------------------------------------------------------ end of game


def test_resign_record_and_play_again_keep_the_match(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=10)
    assert c.get(f"/api/games/{gid}/record").status_code == 409  # it would name the seed
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        join(wa, ta), join(wb, tb)
        wb.send_json({"type": "resign"})
        end = recv_state(wa)
        recv_state(wb)
        o = end["view"]["outcome"]
        assert o["winner"] == "A" and o["termination"] == "resignation" and o["score"]["total"] > 30
        assert end["match"] == {"A": o["score"]["total"], "B": 0, "games": 1, "number": 1, "to": None, "winner": None}
        wa.send_json({"type": "move", "move": "SH", "state": end["state_id"]})
        assert recv(wa)["code"] == "game_over"
        rec = c.get(f"/api/games/{gid}/record")
        assert rec.status_code == 200 and "attachment" in rec.headers["content-disposition"]
        assert '[Result "1-0"]' in rec.text and "resign" in rec.text
        r = c.post(f"/api/games/{gid}/again", json={"token": tb})
        assert r.status_code == 200
        new_id = r.json()["game_id"]
        assert r.json()["seat"] == "B"
        # the other seat hears of the next game, and asking again gives the same one
        nxt = recv_state(wa, lambda x: x["next_game"] is not None)
        assert nxt["next_game"] == new_id
        assert c.post(f"/api/games/{gid}/again", json={"token": ta}).json()["game_id"] == new_id
    with c.websocket_connect(f"/ws/{new_id}") as wa, c.websocket_connect(f"/ws/{new_id}") as wb:
        na, nb = join(wa, ta), join(wb, tb)
        assert (na["seat"], nb["seat"]) == ("A", "B")
        assert na["state_id"] == 0 and na["match"]["number"] == 2
        assert na["match"]["A"] == o["score"]["total"] and na["match"]["games"] == 1


# --------------------------------------------------------------- settings


def test_database_url_and_default_path(monkeypatch, tmp_path: Path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "russianbank" / "russianbank.db"
    assert normalize_url(None) == f"sqlite:///{tmp_path / 'xdg' / 'russianbank' / 'russianbank.db'}"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "russianbank" / "russianbank.db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
    assert normalize_url("sqlite+aiosqlite:///x.db") == "sqlite:///x.db"
    assert normalize_url("postgresql://u:p@h/db") == "postgresql://u:p@h/db"
    assert normalize_url("postgresql+asyncpg://u@h/db") == "postgresql://u@h/db"
    with pytest.raises(ValueError, match="unsupported database"):
        normalize_url("mysql://u@h/db")


def test_serve_command_options():
    from russianbank.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)
    args = build_parser().parse_args(["serve", "--host", "0.0.0.0", "--port", "9001", "--db", "sqlite:///g.db"])
    assert (args.host, args.port, args.db) == ("0.0.0.0", 9001, "sqlite:///g.db")


def test_the_hidden_card_search_would_catch_a_leak(sent: Sent):
    from webhelp import hidden_names

    from russianbank.cards import card_name

    g = Game("classic", seed=13)
    hidden = hidden_names(g)
    # at the deal: 2 x (12 reserve - 1 turned up for the first player) + 2 x 36 stock, give or take the turned card
    assert 90 <= len(hidden) <= 95
    assert not hidden & {card_name(c) for p in g.tab for c in p}

    table = type("T", (), {"session": type("S", (), {"_game": g})()})()
    manager = type("M", (), {"tables": {"x": table}})()
    sent.app = type("App", (), {"state": type("S", (), {"manager": manager})()})()
    leak = sorted(hidden)[0]
    sent(0, f'{{"game_id": "x", "view": {{"hand": "{leak}"}}}}')
    assert sent.leaks and leak in sent.leaks[0]


def test_the_computer_calls_stop_on_a_violation(make_client):
    """In Stop! mode the computer (expert: always attentive) stops the person's O1 violation (S1, S3)."""
    seed = find_seed(
        lambda g: (
            g.turn == 0
            and any(str(m).endswith("F") for m in g.legal_moves())
            and Move.from_str("SH") in g.legal_moves()
        ),
        stops=True,
    )
    c = make_client()
    d = new_game(c, mode="computer", level="expert", stops=True, seed=seed)
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        m = join(ws, d["token"])
        assert m["your_turn"] and m["can_stop"] is False
        ws.send_json({"type": "move", "move": "SH", "state": 0})  # a draw while a card can go up: O1
        r = recv_state(ws, lambda x: x["event"] is not None and x["event"]["kind"] == "stop")
        assert r["event"]["by"] == "B" and r["event"]["founded"] is True and r["event"]["rule"] == "O1"
        assert r["event"]["violation"] == "SH" and r["event"]["annulled"] == 1
        assert r["view"]["history"][-1]["move"] == "stop"
        assert r["view"]["turn"] == "B"


def test_a_restart_while_the_computer_is_on_move_resumes_its_play(make_client, tmp_path: Path):
    seed = find_seed(lambda g: g.turn == 1)  # the computer (B) moves first
    c1 = make_client(ai_delay=3600.0)  # this server's computer never gets round to moving
    d = new_game(c1, mode="computer", level="easy", seed=seed)
    with c1.websocket_connect(f"/ws/{d['game_id']}") as ws:
        m = join(ws, d["token"])
        assert m["thinking"] and not m["your_turn"] and m["state_id"] == 0
    c2 = make_client(f"sqlite:///{tmp_path / 'games.db'}")
    with c2.websocket_connect(f"/ws/{d['game_id']}") as ws:
        join(ws, d["token"])
        m = recv_state(ws, lambda x: x["your_turn"] or x["view"]["outcome"] is not None)
        assert m["state_id"] > 0 and all(h["player"] == "B" for h in m["view"]["history"])


def test_idle_tables_leave_memory_and_come_back_from_the_database(make_client):
    c = make_client()
    gid, ta, tb = friend_table(c, seed=12)
    manager = c.app.state.manager
    assert c.get(f"/api/games/{gid}").status_code == 200
    assert gid not in manager.tables  # a look from the start page keeps nothing in memory
    with c.websocket_connect(f"/ws/{gid}") as wa:
        m = join(wa, ta)
        assert gid in manager.tables
        if not m["your_turn"]:
            with c.websocket_connect(f"/ws/{gid}") as wb:
                mb = join(wb, tb)
                wb.send_json({"type": "move", "move": mb["view"]["legal_moves"][0], "state": 0})
                recv_state(wb)
        else:
            wa.send_json({"type": "move", "move": m["view"]["legal_moves"][0], "state": 0})
        m1 = recv_state(wa, lambda x: x["state_id"] == 1)
    deadline = 100
    while gid in manager.tables and deadline:  # the server notices the closed socket
        c.get("/api/config")
        deadline -= 1
    assert gid not in manager.tables
    with c.websocket_connect(f"/ws/{gid}") as wa:
        assert join(wa, ta)["view"] == m1["view"]


class Shuttler:
    """A computer player that never ends its turn while it can move a card somewhere."""

    name = "shuttler"

    def choose(self, view):
        cards = [m for m in view.legal_moves if str(m) not in ("SH", "HW", "pass")]
        return (cards or list(view.legal_moves))[0]


def test_a_computer_player_that_never_stops_moving_still_ends_its_turn(make_client):
    """The session's safety net (docs/session.md) holds through the server too."""
    from russianbank.session import MAX_COMPUTER_MOVES_PER_TURN

    seed = find_seed(lambda g: g.turn == 1)
    c = make_client(make_player=lambda level, seed: Shuttler())
    d = new_game(c, mode="computer", level="easy", seed=seed)
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        join(ws, d["token"])
        m = recv_state(ws, lambda x: x["your_turn"] or x["view"]["outcome"] is not None)
    moves = [h["move"] for h in m["view"]["history"]]
    assert m["view"]["turn"] == "A" and 0 < len(moves) <= MAX_COMPUTER_MOVES_PER_TURN + 1
    # no position came back a third time within the turn
    replay = Game("classic", seed=seed)
    seen: dict = {}
    for text in moves:
        replay.push(Move.from_str(text))
        seen[replay.key()] = seen.get(replay.key(), 0) + 1
    assert max(seen.values()) <= 2
    assert moves[-1] == "HW"


def test_a_table_left_in_the_computers_turn_leaves_memory_once_the_turn_is_stored(make_client):
    seed = find_seed(lambda g: g.turn == 1)  # the computer (B) moves first
    c = make_client(ai_delay=5.0)  # a pace nobody waits for once nobody is watching
    d = new_game(c, mode="computer", level="easy", seed=seed)
    gid = d["game_id"]
    manager = c.app.state.manager
    with c.websocket_connect(f"/ws/{gid}") as ws:
        assert join(ws, d["token"])["thinking"]
    import time

    deadline = time.time() + 60  # a generous bound for a busy machine, not a timing
    while gid in manager.tables and time.time() < deadline:  # the computer ends its turn unpaced
        time.sleep(0.05)
    assert gid not in manager.tables
    s = c.get(f"/api/games/{gid}").json()
    assert s["turn"] == "A" and s["state_id"] > 0
    assert gid not in manager.tables


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--pace", "10.5"], "--pace must be from 0 to 10 seconds"),
        (["--pace", "-1"], "--pace must be from 0 to 10 seconds"),
        (["--think-processes", "99"], "--think-processes must be from 0 to 16"),
        (["--abandon-after", "5"], "--abandon-after must be 0 (never) or from 10 to 86400 seconds"),
        (["--abandon-after", "-1"], "--abandon-after must be 0 (never) or from 10 to 86400 seconds"),
        (["--names-per-address", "0"], "--names-per-address must be at least 1"),
    ],
)
def test_serve_refuses_options_out_of_range(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Not silently capped: ``serve`` says what is allowed and does not start."""
    import argparse

    from russianbank.web import main as webmain

    parser = argparse.ArgumentParser()
    webmain.add_arguments(parser)
    assert webmain.run(parser.parse_args(args)) == 2
    assert says in capsys.readouterr().err
