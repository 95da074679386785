"""The game review beside the replay: ``GET /api/games/{id}/review`` for a finished game and
``POST /api/review`` for an uploaded record: ``review_game``'s figures with each turn's plans in
words, made off the event loop, bounded, kept per game; bad input refused clearly."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_pace_skip import person_first
from webhelp import easy_record, join, new_game, quick_move, recv_state

from russianbank.ai.review import review_game
from russianbank.i18n import Message
from russianbank.record import parse_record
from russianbank.web import review as web_review
from russianbank.web.review import ReviewBusy, Reviews, node_budget, review_record


def finished_game(c: Any, moves: int = 12) -> tuple[str, str]:
    """A game against the computer played some moves, then resigned: its id and seat A's token."""
    d = new_game(c, mode="computer", level="easy", seed=person_first())
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        s = join(ws, d["token"])
        while len(s["view"]["history"]) < moves:
            if s["your_turn"]:
                ws.send_json({"type": "move", "move": quick_move(s["view"]["legal_moves"]), "state": s["state_id"]})
            s = recv_state(ws, lambda m, sid=s["state_id"]: m["state_id"] > sid)
        ws.send_json({"type": "resign"})
        recv_state(ws, lambda m: m["view"]["outcome"] is not None)
    return d["game_id"], d["token"]


def check_words(review: dict[str, Any], text: str) -> None:
    """Every turn's plans are in words (catalogue messages that render in both languages) and the
    turns start where the history says."""
    game = parse_record(text).replay()
    first = 0
    for turn in review["turns"]:
        assert turn["first"] == first
        assert len(turn["played_say"]) == len(turn["played"]) and len(turn["best_say"]) == len(turn["best"])
        for said in turn["played_say"] + turn["best_say"]:
            m = Message.from_dict(said)
            assert m.text("en") and m.text("ru") and m.text("en") != m.text("ru")
        first += len(turn["played"])
    assert first == len(game.move_stack)


def test_the_review_of_a_finished_game(make_client, monkeypatch) -> None:
    c = make_client()
    gid, _ = finished_game(c)
    made = []
    real = web_review.review_game
    monkeypatch.setattr(web_review, "review_game", lambda g, b: made.append(b) or real(g, b))
    r = c.get(f"/api/games/{gid}/review?seat=A")
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["status"] == "ready"
    rv = got["review"]
    replay = c.get(f"/api/games/{gid}/replay?seat=A").json()
    assert len(rv["turns"]) == len({e["turn"] for e in replay["history"]})
    assert [p["player"] for p in rv["players"]] == ["A", "B"]
    assert set(rv["worst"]) == {"A", "B"}
    assert rv["budget"] == made[0]
    # the words are the person's side of the table: "your pile", not "player A's"
    said = " ".join(Message.from_dict(m).text("en") for t in rv["turns"] if t["player"] == "A" for m in t["played_say"])
    assert "your " in said and "player A" not in said
    # kept: asking again does not review again
    assert c.get(f"/api/games/{gid}/review?seat=A").json() == got
    assert len(made) == 1
    # worded for seat B it is another review (other words), made once too
    b = c.get(f"/api/games/{gid}/review?seat=B").json()["review"]
    assert [t["played"] for t in b["turns"]] == [t["played"] for t in rv["turns"]]
    said_b = " ".join(
        Message.from_dict(m).text("en") for t in b["turns"] if t["player"] == "A" for m in t["played_say"]
    )
    assert "opponent's" in said_b
    assert len(made) == 2


def test_a_review_is_only_for_a_finished_game_and_a_good_record(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="computer", level="easy", seed=3)
    r = c.get(f"/api/games/{d['game_id']}/review")
    assert r.status_code == 409 and r.json()["error"] == "not_over"
    r = c.get("/api/games/nosuchgame/review")
    assert r.status_code == 404 and r.json()["error"] == "unknown_game"
    assert c.get("/api/games/" + "x" * 40 + "/review").status_code == 404
    for body, code in (
        (b"not json", "bad_json"),
        (b'{"record": 3}', "bad_request"),
        (b"[]", "bad_request"),
        (b'{"record": "this is not a record"}', "bad_record"),
    ):
        r = c.post("/api/review", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == code, (body, r.text)
    big = json.dumps({"record": "x" * (2 << 20)})
    r = c.post("/api/review", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413


def test_the_review_of_an_uploaded_record(make_client) -> None:
    c = make_client()
    gid, _ = finished_game(c, moves=8)
    r = c.get(f"/api/games/{gid}/record")  # the record as the page would upload it: the download link's
    assert r.status_code == 200
    text = r.text
    r = c.post("/api/review", json={"record": "\ufeff" + text})
    assert r.status_code == 200, r.text
    rv = r.json()["review"]
    check_words(rv, text)
    said = " ".join(Message.from_dict(m).text("en") for t in rv["turns"] for m in t["played_say"])
    assert "player a's" in said.lower() and "your " not in said  # a spectator's words: a record has no "you"
    g = parse_record(text).replay()
    plain = review_game(g, node_budget(g)).to_dict()
    assert [t["played"] for t in rv["turns"]] == [t["played"] for t in plain["turns"]]
    assert rv["players"] == plain["players"] and rv["worst"] == plain["worst"]


def test_a_long_game_gets_a_smaller_budget_and_every_turn_in_words(monkeypatch) -> None:
    from russianbank.game import Game

    monkeypatch.setattr(web_review, "TOTAL_NODES", 6000)  # the test's own figure: quick to review
    assert node_budget(Game("classic", seed=1)) == web_review.REVIEW_NODE_BUDGET
    text = easy_record(250)
    long = parse_record(text).replay()
    assert web_review.MIN_NODES <= node_budget(long) < web_review.REVIEW_NODE_BUDGET
    rv = review_record(text, 0)
    check_words(rv, text)
    assert rv["budget"] == node_budget(long)


def test_reviews_wait_a_bounded_time_and_refuse_when_too_many_wait(monkeypatch) -> None:
    release = threading.Event()
    calls: list[str] = []

    def slow(text: str, viewer: int | None, names: Any = None) -> dict[str, Any]:
        calls.append(text)
        release.wait(10)
        return {"text": text}

    monkeypatch.setattr(web_review, "review_record", slow)

    async def run() -> None:
        rv = Reviews(waiting=1)
        try:
            assert await rv.get("a", "A", None, 0.05) is None  # still working: ask again
            with pytest.raises(ReviewBusy):
                await rv.get("b", "B", None, 0.05)
            release.set()
            assert await rv.get("a", "A", None, 5) == {"text": "A"}
            assert await rv.get("b", "B", None, 5) == {"text": "B"}
            assert await rv.get("a", "A", None, 5) == {"text": "A"}
            assert calls == ["A", "B"]  # each made once
        finally:
            rv.close()

    asyncio.run(run())


def test_a_failed_review_is_not_kept(monkeypatch) -> None:
    tries: list[int] = []

    def bad(text: str, viewer: int | None, names: Any = None) -> dict[str, Any]:
        tries.append(1)
        raise ValueError("no")

    monkeypatch.setattr(web_review, "review_record", bad)

    async def run() -> None:
        rv = Reviews()
        try:
            for _ in range(2):
                with pytest.raises(ValueError):
                    await rv.get("k", "t", None, 5)
        finally:
            rv.close()

    asyncio.run(run())
    assert len(tries) == 2


_clients: dict[int, Any] = {}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    body=st.one_of(
        st.binary(max_size=200),
        st.builds(lambda v: json.dumps({"record": v}).encode(), st.text(max_size=200)),
        st.builds(
            lambda v: json.dumps(v).encode(),
            st.recursive(
                st.none() | st.integers() | st.text(max_size=8),
                lambda x: st.lists(x, max_size=3) | st.dictionaries(st.text(max_size=5), x, max_size=3),
                max_leaves=8,
            ),
        ),
    )
)
def test_any_review_upload_gets_an_answer_not_a_crash(make_client, body: bytes) -> None:
    c = _clients.get(id(make_client)) or _clients.setdefault(id(make_client), make_client())
    r = c.post("/api/review", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code in (200, 202, 400), r.text
    if r.status_code == 400:
        assert r.json()["error"] in ("bad_json", "bad_request", "bad_record")
