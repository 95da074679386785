"""A match played to a chosen score: the target is kept with the match (across its games and a
restart), the state says it and its winner once a side has reached it, and no next game is made
after that; a target that is not a whole number of points in range is refused."""

from __future__ import annotations

from typing import Any

import pytest
from webhelp import join, new_game, recv_state, token_of


def _resign_game(c: Any, gid: str, token: str) -> dict[str, Any]:
    with c.websocket_connect(f"/ws/{gid}") as ws:
        join(ws, token)
        ws.send_json({"type": "resign"})
        return recv_state(ws, lambda s: bool(s["view"]["outcome"]))


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_match_to_a_score_ends_when_a_side_reaches_it(make_client, tmp_path, request, kind: str) -> None:
    db = f"sqlite:///{tmp_path / 'm.db'}" if kind == "sqlite" else request.getfixturevalue("pg_url")
    c = make_client(db)
    d = new_game(c, mode="friend", seed=5, match_to=150)
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    end = _resign_game(c, gid, ta)  # A resigns: B scores
    m = end["match"]
    assert m["to"] == 150 and m["number"] == 1 and m["B"] > 0 and m["A"] == 0
    games = [gid]
    while end["match"]["winner"] is None:
        r = c.post(f"/api/games/{games[-1]}/again", json={"token": ta})
        assert r.status_code == 200, r.text
        games.append(r.json()["game_id"])
        end = _resign_game(c, games[-1], ta)
        assert end["match"]["to"] == 150 and end["match"]["number"] == len(games)
    assert end["match"]["winner"] == "B" and end["match"]["B"] >= 150 and len(games) >= 2
    r = c.post(f"/api/games/{games[-1]}/again", json={"token": tb})
    assert r.status_code == 409 and r.json()["error"] == "match_over"
    assert r.json()["msg"]["code"] == "server.match_over"
    # a restart keeps the target and the winner
    c2 = make_client(db)
    with c2.websocket_connect(f"/ws/{games[-1]}") as ws:
        back = join(ws)
        assert back["match"] == end["match"]


def test_a_match_of_any_length_has_no_target(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="computer", level="easy")
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        s = join(ws, d["token"])
        assert s["match"]["to"] is None and s["match"]["winner"] is None


@pytest.mark.parametrize("bad", [0, -5, 10_001, "100", True, 1.5, [100]])
def test_a_bad_target_is_refused(make_client, bad: Any) -> None:
    c = make_client()
    r = c.post("/api/games", json={"mode": "friend", "match_to": bad})
    assert r.status_code == 400 and r.json()["msg"]["code"] == "server.bad_match_to", r.text
