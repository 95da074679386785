"""Draw offers between the two people at a table for two (offered, declined, accepted, lapsing
with a move, refused where they make no sense), on one process and across two on PostgreSQL;
and a player gone from the table: after the grace period the one who stayed wins, told as a
player gone (also after a restart), while a player back in time plays on."""

from __future__ import annotations

import time
from typing import Any

from webhelp import join, new_game, quick_move, recv, recv_state, token_of

from russianbank import i18n
from russianbank.web.app import Settings


def friend(c: Any, **body: Any) -> tuple[str, str, str]:
    d = new_game(c, mode="friend", seed=31, **body)
    return d["game_id"], d["token"], token_of(d["friend_url"])


def error(ws: Any) -> dict[str, Any]:
    for _ in range(50):
        m = recv(ws)
        if m["type"] == "error":
            return m
    raise AssertionError("no error")


def test_a_draw_offered_declined_then_agreed(make_client) -> None:
    c = make_client()
    gid, ta, tb = friend(c)
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        sa, sb = join(wa, ta), join(wb, tb)
        assert sa["draw_offer"] is None and sb["draw_offer"] is None
        wa.send_json({"type": "offer_draw"})
        sb = recv_state(wb, lambda s: s["draw_offer"] == "A")
        sa = recv_state(wa, lambda s: s["draw_offer"] == "A")
        wa.send_json({"type": "offer_draw"})  # once is enough
        assert error(wa)["code"] == "draw_offered"
        wa.send_json({"type": "answer_draw", "accept": True})  # one's own offer is not answered
        assert error(wa)["code"] == "no_draw_offer"
        wb.send_json({"type": "answer_draw", "accept": "yes"})
        e = error(wb)
        assert e["code"] == "bad_request" and e["msg"]["code"] == "server.bad_accept"
        wb.send_json({"type": "answer_draw", "accept": False})
        sa = recv_state(wa, lambda s: s["draw_offer"] is None)
        recv_state(wb, lambda s: s["draw_offer"] is None)
        assert not sa["view"]["outcome"]
        # offered again: the other offering too is agreeing
        wb.send_json({"type": "offer_draw"})
        recv_state(wa, lambda s: s["draw_offer"] == "B")
        wa.send_json({"type": "offer_draw"})
        end = recv_state(wa, lambda s: bool(s["view"]["outcome"]))
        assert end["view"]["outcome"]["termination"] == "agreed draw" and end["draw_offer"] is None
        assert recv_state(wb, lambda s: bool(s["view"]["outcome"]))["view"]["outcome"]["result"] == "1/2-1/2"
        wa.send_json({"type": "offer_draw"})
        assert error(wa)["code"] == "game_over"
    rec = c.get(f"/api/games/{gid}/record").text
    assert '[Termination "agreed draw"]' in rec


def test_an_offer_lapses_with_a_move_and_spectators_and_the_computer_take_none(make_client) -> None:
    c = make_client()
    gid, ta, tb = friend(c)
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        sa = join(wa, ta)
        join(wb, tb)
        mover, other = (wa, wb) if sa["your_turn"] else (wb, wa)
        other.send_json({"type": "offer_draw"})
        s = recv_state(mover, lambda s: s["draw_offer"] is not None)
        mover.send_json({"type": "move", "move": quick_move(s["view"]["legal_moves"]), "state": s["state_id"]})
        s = recv_state(mover, lambda s: s["draw_offer"] is None)  # the move let the offer lapse
        assert s["view"]["outcome"] is None
        assert recv_state(other, lambda s: s["draw_offer"] is None)["view"]["outcome"] is None
        with c.websocket_connect(f"/ws/{gid}") as ww:
            join(ww)
            ww.send_json({"type": "offer_draw"})
            assert error(ww)["code"] == "spectator"
    d = new_game(c, mode="computer", level="easy")
    with c.websocket_connect(f"/ws/{d['game_id']}") as w:
        join(w, d["token"])
        w.send_json({"type": "offer_draw"})
        e = error(w)
        assert e["code"] == "no_draws" and i18n.render(e["msg"]["code"], e["msg"]["params"], "ru")


def test_a_draw_offer_reaches_a_player_on_another_process(make_client, pg_url, tmp_path) -> None:
    key = tmp_path / "server.key"
    one = make_client(pg_url, settings=Settings(key_file=key))
    two = make_client(pg_url, settings=Settings(key_file=key))
    gid, ta, tb = friend(one)
    with one.websocket_connect(f"/ws/{gid}") as wa, two.websocket_connect(f"/ws/{gid}") as wb:
        join(wa, ta)
        join(wb, tb)
        wa.send_json({"type": "offer_draw"})
        recv_state(wb, lambda s: s["draw_offer"] == "A")
        wb.send_json({"type": "answer_draw", "accept": False})
        recv_state(wa, lambda s: s["draw_offer"] is None)
        wb.send_json({"type": "offer_draw"})
        recv_state(wa, lambda s: s["draw_offer"] == "B")
        wa.send_json({"type": "answer_draw", "accept": True})
        assert recv_state(wb, lambda s: bool(s["view"]["outcome"]))["view"]["outcome"]["termination"] == "agreed draw"
        assert recv_state(wa, lambda s: bool(s["view"]["outcome"]))["view"]["outcome"]["result"] == "1/2-1/2"


def _words(state: dict[str, Any], lang: str = "en") -> str:
    o = state["page"]["outcome"]
    return i18n.render(o["code"], o["params"], lang)


def test_a_player_gone_past_the_grace_period_loses(make_client, tmp_path) -> None:
    db = f"sqlite:///{tmp_path / 'away.db'}"
    c = make_client(db, settings=Settings(abandon_after=2.0))
    gid, ta, tb = friend(c)
    with c.websocket_connect(f"/ws/{gid}") as wa:
        join(wa, ta)
        with c.websocket_connect(f"/ws/{gid}") as wb:
            join(wb, tb)
        s = recv_state(wa, lambda s: s["away"] is not None)
        assert s["away"]["seat"] == "B" and 0 < s["away"]["seconds"] <= 2
        t0 = time.monotonic()
        end = recv_state(wa, lambda s: bool(s["view"]["outcome"]))
        assert time.monotonic() - t0 < 10
        o = end["view"]["outcome"]
        assert o["termination"] == "resignation" and o["winner"] == "A" and end["away"] is None
        said = _words(end)
        assert "left the table and was not back within 2 s" in said, said
        assert "ушёл из-за стола и не вернулся за 2 с" in _words(end, "ru")
    # the one who went comes back: told in their own words; after a restart as well
    with c.websocket_connect(f"/ws/{gid}") as wb:
        back = join(wb, tb)
        assert "you left the table and were not back within 2 s" in _words(back)
    c2 = make_client(db, settings=Settings(abandon_after=2.0))
    with c2.websocket_connect(f"/ws/{gid}") as ww:
        seen = join(ww)
        assert "left the table" in _words(seen) and seen["view"]["outcome"]["winner"] == "A"


def test_a_player_back_in_time_plays_on_and_nobody_loses_while_both_are_gone(make_client) -> None:
    c = make_client(settings=Settings(abandon_after=3.0))
    gid, ta, tb = friend(c)
    with c.websocket_connect(f"/ws/{gid}") as wa:
        join(wa, ta)
        with c.websocket_connect(f"/ws/{gid}") as wb:
            join(wb, tb)
        recv_state(wa, lambda s: s["away"] is not None)
        with c.websocket_connect(f"/ws/{gid}") as wb:
            join(wb, tb)
            s = recv_state(wa, lambda s: s["away"] is None)
            assert s["view"]["outcome"] is None
    time.sleep(4.5)  # both gone: the game waits for them
    assert c.get(f"/api/games/{gid}").json()["over"] is False


def test_no_grace_period_means_nobody_loses_for_being_gone(make_client) -> None:
    c = make_client(settings=Settings(abandon_after=0.0))
    gid, ta, tb = friend(c)
    with c.websocket_connect(f"/ws/{gid}") as wa:
        join(wa, ta)
        with c.websocket_connect(f"/ws/{gid}") as wb:
            join(wb, tb)
        time.sleep(2.5)
        wa.send_json({"type": "sync"})
        s = recv_state(wa)
        assert s["away"] is None and s["view"]["outcome"] is None


def test_a_player_on_another_process_is_not_gone(make_client, pg_url, tmp_path) -> None:
    key = tmp_path / "server.key"
    one = make_client(pg_url, settings=Settings(key_file=key, abandon_after=2.0))
    two = make_client(pg_url, settings=Settings(key_file=key, abandon_after=2.0))
    gid, ta, tb = friend(one)
    with one.websocket_connect(f"/ws/{gid}") as wa:
        join(wa, ta)
        with two.websocket_connect(f"/ws/{gid}") as wb:
            join(wb, tb)
            time.sleep(4.0)  # seated on the other process all along: never away
            wa.send_json({"type": "sync"})
            s = recv_state(wa)
            assert s["away"] is None and s["view"]["outcome"] is None
        end = recv_state(wa, lambda s: bool(s["view"]["outcome"]))  # gone from the other process
        assert end["view"]["outcome"]["winner"] == "A" and "left the table" in _words(end)


def test_malformed_draw_answers_are_refused_and_change_nothing(make_client) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    c = make_client()
    gid, ta, tb = friend(c)
    values = st.none() | st.booleans() | st.integers() | st.text(max_size=8) | st.lists(st.booleans(), max_size=2)
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        join(wa, ta)
        join(wb, tb)
        wa.send_json({"type": "offer_draw"})
        first = recv_state(wb, lambda s: s["draw_offer"] == "A")

        @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
        @given(st.dictionaries(st.sampled_from(["accept", "state", "x"]), values, max_size=3))
        def one(extra: dict[str, Any]) -> None:
            if type(extra.get("accept")) is bool:
                extra["accept"] = [extra["accept"]]  # a well-formed answer would end the offer
            wb.send_json({"type": "answer_draw", **extra})
            reply = recv(wb)
            assert reply["type"] == "error" and reply["code"] == "bad_request", reply
            assert i18n.render(reply["msg"]["code"], reply["msg"]["params"], "ru")

        one()
        wb.send_json({"type": "sync"})
        now = recv_state(wb)
        assert now["draw_offer"] == "A" and now["state_id"] == first["state_id"]
