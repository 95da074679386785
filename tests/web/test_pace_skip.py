"""The computer's pace and skipping the rest of its turn, over the websocket (through the session's
``set_pace`` and ``skip``): refused where they do not apply, fuzzed like every other message."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_scenarios_web import FakeClock, _settled
from webhelp import join, new_game, quick_move, recv, recv_state, token_of

from russianbank.game import Game
from russianbank.i18n import Message


def person_first(preset: str = "classic") -> int:
    """A deal where A (the person) moves first."""
    return next(s for s in range(100) if Game(preset, seed=s).turn == 0)


def test_pace_is_set_by_the_seat_and_said_in_its_state(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="computer", level="easy", seed=person_first())
    table_of = lambda: c.app.state.manager.tables[d["game_id"]]  # noqa: E731
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        first = join(ws, d["token"])
        assert first["page"]["pace"] == 0.0  # the server's --pace (0 in the tests)
        ws.send_json({"type": "pace", "seconds": 2.5})
        got = recv_state(ws)
        assert got["page"]["pace"] == 2.5 == table_of().session.pace
        assert got["state_id"] == first["state_id"]  # the game did not change
        for bad in ("fast", -1, 10.5, True, None, [1], {"s": 1}):
            ws.send_json({"type": "pace", "seconds": bad})
            e = recv(ws)
            assert e["type"] == "error" and e["code"] == "bad_request", e
            assert e["msg"]["code"] == "play.pace.bad" and Message.from_dict(e["msg"]).text("ru")
        ws.send_text('{"type": "pace", "seconds": NaN}')
        assert recv(ws)["code"] == "bad_request"
        ws.send_json({"type": "pace"})
        assert recv(ws)["code"] == "bad_request"
        assert table_of().session.pace == 2.5
        ws.send_json({"type": "pace", "seconds": 0})
        assert recv_state(ws)["page"]["pace"] == 0.0
    # a spectator watches; it does not set the pace
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        join(ws)
        ws.send_json({"type": "pace", "seconds": 1})
        e = recv(ws)
        assert e["code"] == "spectator" and e["msg"]["code"] == "play.refuse.spectator"
        ws.send_json({"type": "skip"})
        assert recv(ws)["code"] == "spectator"
        assert table_of().session.pace == 0.0


def test_a_table_for_two_has_no_pace_and_no_skip(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="friend", seed=3)
    with c.websocket_connect(f"/ws/{d['game_id']}") as wa, c.websocket_connect(f"/ws/{d['game_id']}") as wb:
        sa = join(wa, d["token"])
        join(wb, token_of(d["friend_url"]))
        assert sa["page"]["pace"] is None
        for msg in ({"type": "pace", "seconds": 1}, {"type": "skip"}):
            for ws in (wa, wb):
                ws.send_json(msg)
                e = recv(ws)
                assert e["code"] == "no_computer" and e["msg"]["code"] == "server.no_computer", e
                assert "no computer" in e["message"] and "нет компьютера" in Message.from_dict(e["msg"]).text("ru")


def test_skip_plays_the_rest_of_the_computers_turn_at_once(make_client) -> None:
    clock = FakeClock()
    c = make_client(clock=clock)
    d = new_game(c, mode="computer", level="easy", seed=person_first())
    gid = d["game_id"]
    with c.websocket_connect(f"/ws/{gid}") as ws:
        s = join(ws, d["token"])
        ws.send_json({"type": "pace", "seconds": 5})
        s = recv_state(ws)
        ws.send_json({"type": "skip"})  # the person's own turn: nothing to skip
        e = recv(ws)
        assert e["code"] == "not_computer_turn" and e["msg"]["code"] == "play.skip.not_computer"
        while s["your_turn"]:  # end the person's turn
            ws.send_json({"type": "move", "move": quick_move(s["view"]["legal_moves"]), "state": s["state_id"]})
            s = recv_state(ws, lambda m, sid=s["state_id"]: m["state_id"] > sid)
        table = c.app.state.manager.tables[gid]
        assert c.portal.call(_settled, table)
        n = len(table.session.moves)
        assert c.portal.call(_settled, table) and len(table.session.moves) == n  # at 5 s a move, the clock stands
        assert s["thinking"]
        ws.send_json({"type": "skip"})
        back = recv_state(ws, lambda m: m["your_turn"] or m["view"]["outcome"] is not None)
        assert clock.t == 0.0  # no time passed: the computer's whole turn came at once
        assert len(back["view"]["history"]) > n
        assert back["page"]["pace"] == 5.0  # the pace stays for its next turn


def _card_move(moves: list[str]) -> str | None:
    return next((m for m in moves if m[0] in "1234" and m[1] in "1234"), None)


def _moved_and_undone(c: Any) -> tuple[dict[str, Any], str]:
    """A game against the computer where the person played a card move and took it back (state id 2,
    no move stored): the new game's reply and the move."""
    seed = next(
        s
        for s in range(200)
        if (g := Game("classic", seed=s)).turn == 0 and _card_move([str(m) for m in g.legal_moves()])
    )
    d = new_game(c, mode="computer", level="easy", seed=seed)
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        s = join(ws, d["token"])
        move = _card_move(s["view"]["legal_moves"])
        assert move is not None
        ws.send_json({"type": "move", "move": move, "state": s["state_id"]})
        s = recv_state(ws, lambda m: m["state_id"] == 1)
        assert s["can_undo"]
        ws.send_json({"type": "undo"})
        s = recv_state(ws, lambda m: m["state_id"] == 2)
        assert s["view"]["history"] == []
    return d, move


def test_state_id_never_goes_back_after_an_undo_and_a_rebuild(make_client) -> None:
    c = make_client()
    d, move = _moved_and_undone(c)
    gid = d["game_id"]
    manager = c.app.state.manager
    assert gid not in manager.tables  # nobody at the table: it left memory
    with c.websocket_connect(f"/ws/{gid}") as ws:
        again = join(ws, d["token"])  # rebuilt from the database, where no move is left
        assert again["state_id"] == 2 and again["view"]["history"] == []  # not 0: it never goes back
        ws.send_json({"type": "move", "move": move, "state": 1})
        assert recv(ws)["code"] == "stale"
        ws.send_json({"type": "move", "move": move, "state": 2})  # the same position, the same id
        assert recv_state(ws)["state_id"] == 3


seconds = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.lists(st.integers(), max_size=3)
)
pace_messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["pace", "skip", "Pace", "SKIP"])},
    optional={"seconds": seconds, "state": st.integers() | st.text(max_size=4), "extra": seconds},
)


def test_every_pace_and_skip_message_is_answered_and_changes_nothing_else(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="computer", level="easy", seed=person_first())
    gid = d["game_id"]
    table = c.app.state.manager.tables.get
    with c.websocket_connect(f"/ws/{gid}") as ws:
        first = join(ws, d["token"])

        @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(pace_messages)
        def one(m: dict[str, Any]) -> None:
            ws.send_text(json.dumps(m))
            ws.send_json({"type": "ping"})
            replies = []
            while (r := recv(ws))["type"] != "pong":
                replies.append(r)
            secs = m.get("seconds")
            ok = (
                m["type"] == "pace" and isinstance(secs, int | float) and not isinstance(secs, bool) and 0 <= secs <= 10
            )
            if ok:
                assert table(gid).session.pace == float(secs)
            for r in replies:
                assert r["type"] in ("error", "state", "delta"), r
                if r["type"] == "error":
                    assert not ok and r["message"] and Message.from_dict(r["msg"]).text("ru")
            assert table(gid).session.state_id == first["state_id"]  # never a move

        one()


def test_state_id_never_goes_back_across_a_restart(make_client, tmp_path) -> None:
    """The state id's offset from the number of moves is stored with the undo: a new server on the
    same database goes on from the state id the clients saw (before: from the number of moves)."""
    db = tmp_path / "games.db"
    c = make_client()
    d, move = _moved_and_undone(c)
    gid = d["game_id"]
    with c.websocket_connect(f"/ws/{gid}") as ws:
        join(ws, d["token"])
        ws.send_json({"type": "move", "move": move, "state": 2})
        recv_state(ws, lambda m: m["state_id"] == 3)
    with sqlite3.connect(db) as con:
        assert con.execute("select state_extra from rb_games where id = ?", (gid,)).fetchone() == (2,)
    c2 = make_client(f"sqlite:///{db}")  # a new server: nothing of the first one's memory
    with c2.websocket_connect(f"/ws/{gid}") as ws:
        again = join(ws, d["token"])
        assert again["state_id"] == 3 and len(again["view"]["history"]) == 1
        ws.send_json({"type": "move", "move": again["view"]["legal_moves"][0], "state": 2})
        assert recv(ws)["code"] == "stale"  # the client's 2 is behind: the id did not go back to 1


def test_a_database_from_before_the_state_column_is_upgraded(make_client, tmp_path) -> None:
    db = tmp_path / "games.db"
    c = make_client()
    d = new_game(c, mode="friend", seed=4)
    with sqlite3.connect(db) as con:
        con.execute("alter table rb_games drop column state_extra")
    c2 = make_client(f"sqlite:///{db}")
    with c2.websocket_connect(f"/ws/{d['game_id']}") as ws:
        assert join(ws, d["token"])["state_id"] == 0
    with sqlite3.connect(db) as con:
        assert con.execute("select state_extra from rb_games").fetchall() == [(0,)]
