"""The server on a real PostgreSQL (asyncpg): the same games, the same restart.

Uses ``RB_PG_URL`` if set (a ``postgresql+asyncpg://`` URL of an empty database), else starts a
throw-away cluster with Debian's PostgreSQL binaries; skipped when neither is possible.
"""

from __future__ import annotations

import pytest
from webhelp import join, new_game, quick_move, recv_state, token_of

pytest.importorskip("asyncpg")


def test_games_on_postgresql_survive_a_restart(make_client, pg_url: str):
    c1 = make_client(pg_url)
    d = new_game(c1, mode="friend", seed=31, stops=True)
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    with c1.websocket_connect(f"/ws/{gid}") as wa, c1.websocket_connect(f"/ws/{gid}") as wb:
        ma, mb = join(wa, ta), join(wb, tb)
        ws = {"A": wa, "B": wb}
        m = ma if ma["your_turn"] else mb
        for _ in range(12):
            seat = m["view"]["turn"]
            ws[seat].send_json({"type": "move", "move": quick_move(m["view"]["legal_moves"]), "state": m["state_id"]})
            sid = m["state_id"] + 1
            got = {s: recv_state(w, lambda x, sid=sid: x["state_id"] == sid) for s, w in ws.items()}
            m = got[got["A"]["view"]["turn"]]
        wb.send_json({"type": "resign"})
        end = recv_state(wa, lambda x: x["view"]["outcome"] is not None)
    assert c1.get(f"/api/games/{gid}/record").status_code == 200
    again = c1.post(f"/api/games/{gid}/again", json={"token": ta}).json()["game_id"]
    c2 = make_client(pg_url)
    with c2.websocket_connect(f"/ws/{gid}") as wa:
        back = join(wa, ta)
        assert back["state_id"] == end["state_id"] == 13
        assert back["view"] == end["view"] and back["next_game"] == again
    with c2.websocket_connect(f"/ws/{again}") as wa:
        nxt = join(wa, ta)
        assert nxt["match"]["number"] == 2 and nxt["match"]["A"] == end["view"]["outcome"]["score"]["total"]


def test_the_state_id_is_kept_across_a_restart_on_postgresql(make_client, pg_url: str):
    from russianbank.game import Game

    c1 = make_client(pg_url)
    seed = next(
        s
        for s in range(200)
        if (g := Game("classic", seed=s)).turn == 0
        and any(str(m)[0] in "1234" and str(m)[1] in "1234" for m in g.legal_moves())
    )
    d = new_game(c1, mode="computer", level="easy", seed=seed)
    with c1.websocket_connect(f"/ws/{d['game_id']}") as ws:
        s = join(ws, d["token"])
        move = next(m for m in s["view"]["legal_moves"] if m[0] in "1234" and m[1] in "1234")
        ws.send_json({"type": "move", "move": move, "state": 0})
        recv_state(ws, lambda m: m["state_id"] == 1)
        ws.send_json({"type": "undo"})
        recv_state(ws, lambda m: m["state_id"] == 2)
    c2 = make_client(pg_url)
    with c2.websocket_connect(f"/ws/{d['game_id']}") as ws:
        again = join(ws, d["token"])
        assert again["state_id"] == 2 and again["view"]["history"] == []
