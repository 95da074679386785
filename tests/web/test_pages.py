"""The page routes, the catalogue as JSON, replays and what the state message adds for the page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelp import join, new_game, recv_state, token_of

from russianbank import i18n
from russianbank.game import Game
from russianbank.moves import Move
from russianbank.record import record_text
from russianbank.web.app import create_app
from russianbank.web.state_message import history_entries


def test_pages_are_served(make_client):
    c = make_client()
    assert "startComputer" in c.get("/").text
    assert c.head("/").status_code == 200
    d = new_game(c, mode="computer", seed=3)
    page = c.get(f"/game/{d['game_id']}")
    assert page.status_code == 200 and 'id="board"' in page.text
    assert "O1" in c.get("/rules").text and "S-1" in c.get("/rules").text  # the one-deck game is described
    assert 'id="historyTable"' in c.get("/history").text
    assert 'id="recordFile"' in c.get("/replay").text
    assert c.get("/static/cards/QH.svg").headers["content-type"].startswith("image/svg")
    assert c.get("/static/cards/back2.svg").status_code == 200
    assert c.get("/static/cards/LICENSE-cards.txt").status_code == 200


def test_an_unknown_game_is_a_real_404_page(make_client):
    c = make_client()
    for path in ("/game/nosuchgame", "/replay/nosuchgame", "/game/" + "x" * 40):
        r = c.get(path)
        assert r.status_code == 404, path
        assert 'id="noGame"' in r.text and 'id="board"' not in r.text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_catalogue_is_served_as_json(make_client, lang):
    c = make_client()
    data = c.get(f"/api/catalogue/{lang}").json()
    assert data["lang"] == lang
    assert data["messages"] == i18n.catalogue(lang)
    assert "web.turn.you" in data["messages"] and "player.A" in data["messages"]


def test_an_unknown_catalogue_language_is_refused(make_client):
    r = make_client().get("/api/catalogue/xx")
    assert r.status_code == 404 and r.json()["error"] == "unknown_lang"


def test_the_web_domain_is_in_the_catalogue():
    assert "web" in i18n.DOMAINS
    assert i18n.render("web.toGo", {"n": 21}, "ru") == "ещё 21 карта"
    assert i18n.render("web.toGo", {"n": 3}, "ru") == "ещё 3 карты"
    assert i18n.render("web.toGo", {"n": 12}, "ru") == "ещё 12 карт"
    assert i18n.render("web.name.computer", {"level": i18n.msg("web.level.easy")}, "ru") == "Компьютер (лёгкий)"
    assert i18n.render("web.name.computer", {"level": i18n.msg("web.level.easy")}, "en") == "Computer (Easy)"


def finished_game(seed: int = 5) -> Game:
    g = Game("classic", seed=seed)
    for _ in range(30):
        g.push(g.legal_moves()[0])
    g.push(Move.from_str("resign"))
    return g


def test_a_record_file_replays_position_by_position(make_client):
    c = make_client()
    g = finished_game()
    r = c.post("/api/replay", json={"record": record_text(g)})
    assert r.status_code == 200, r.text
    data = r.json()
    assert len(data["frames"]) == len(g.move_stack) + 1
    assert len(data["history"]) == len(g.move_stack)
    assert data["outcome"]["termination"] == "resignation"
    assert data["frames"][-1]["tableau"] == g.view(None).to_dict()["tableau"]
    assert "legal_moves" not in data["frames"][0] and "history" not in data["frames"][0]
    # a UTF-8 byte order mark is fine
    assert c.post("/api/replay", json={"record": "\ufeff" + record_text(g)}).status_code == 200


def test_a_bad_record_file_is_refused_with_a_reason(make_client):
    c = make_client()
    for text in ("", "nonsense", "{", '{"moves": 5}', '[Seed "x"]'):
        r = c.post("/api/replay", json={"record": text})
        assert r.status_code == 400, (text, r.text)
        assert r.json()["error"] == "bad_record" and r.json()["message"]
    for body in (b"{", b"[1]", b'{"record": 5}'):
        r = c.post("/api/replay", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] in ("bad_json", "bad_request"), body
    big = c.post("/api/replay", json={"record": "x" * (1 << 20)})
    assert big.status_code == 413
    # other paths keep the server's small limit
    assert c.post("/api/games", json={"mode": "x" * 5000}).status_code == 413


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('pages') / 'g.db'}", ai_delay=0.0)
    with TestClient(app) as client:
        yield client


RECORD_LINES = st.sampled_from(
    ['[Event "x"]', '[Seed "5"]', '[Options "preset=classic"]', '[Result "1-0"]', "1. RF", "SH HW", "{", "}", "=QH"]
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.text(max_size=300), st.lists(RECORD_LINES, max_size=12).map("\n".join)))
def test_any_uploaded_text_is_replayed_or_refused_never_a_crash(shared_client, text):
    r = shared_client.post("/api/replay", json={"record": text})
    assert r.status_code in (200, 400), r.text
    if r.status_code == 400:
        assert r.json()["error"] == "bad_record"


def test_a_stored_game_replays_once_it_is_over(make_client):
    c = make_client()
    d = new_game(c, mode="friend", seed=9)
    assert c.get(f"/api/games/{d['game_id']}/replay").status_code == 409
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        join(ws, d["token"])
        ws.send_json({"type": "resign"})
        recv_state(ws, lambda m: m["view"]["outcome"] is not None)
    data = c.get(f"/api/games/{d['game_id']}/replay?seat=B").json()
    assert len(data["frames"]) == 2 and data["history"][0]["move"] in ("resign", "oresign")
    assert data["mode"] == "friend"
    assert c.get("/api/games/nosuch/replay").status_code == 404


def test_log_entries_group_moves_by_turn_and_name_what_a_stop_took_back():
    """S3/S4 in the log: a founded Stop names the violation and the moves it annulled."""
    for seed in range(400):
        g = Game("classic", seed=seed, stops=True)
        viol = [m for m in g.legal_moves() if m.code < 256 and str(m) != "HW" and g.order_violation(m)]
        if viol:
            break
    else:
        pytest.fail("no deal with a violation at once")
    g.push(viol[0])
    g.push(Move.from_str("stop"))
    entries = history_entries(g.view(None), 0)
    assert [e["i"] for e in entries] == [0, 1]
    assert entries[0]["turn"] == entries[1]["turn"] == 1
    stop = entries[1]["stop"]
    assert stop["rule"] == g.ruling(1).rule and stop["violation_index"] == 0
    assert stop["penalty"] == "annul" and stop["annulled"] == 1
    g.push(g.legal_moves()[0])
    assert history_entries(g.view(None), 0)[-1]["turn"] == 2  # the caller's turn comes next
    assert history_entries(g.view(None), 0, start=2)[0]["i"] == 2


def test_the_state_carries_the_log_and_the_page_asks_who_is_connected(make_client):
    c = make_client()
    d = new_game(c, mode="friend", seed=9)
    gid = d["game_id"]
    assert c.get(f"/api/games/{gid}/presence").json() == {"A": False, "B": False}
    assert c.get("/api/games/nosuch/presence").status_code == 404
    with c.websocket_connect(f"/ws/{gid}") as wa:
        m = join(wa, d["token"])
        assert m["page"]["log"] == []
        assert c.get(f"/api/games/{gid}/presence").json() == {"A": True, "B": False}
        with c.websocket_connect(f"/ws/{gid}") as wb:
            mb = join(wb, token_of(d["friend_url"]))
            assert c.get(f"/api/games/{gid}/presence").json() == {"A": True, "B": True}
            mover, other, st = (wa, wb, m) if m["your_turn"] else (wb, wa, mb)
            first = st["view"]["legal_moves"][0]
            mover.send_json({"type": "move", "move": first, "state": st["state_id"]})
            got = recv_state(other, lambda x: x["state_id"] == 1)
            entry = got["page"]["log"][0]
            assert entry["i"] == 0 and entry["turn"] == 1 and entry["move"] == first
            assert i18n.Message.from_dict(entry["say"]).text("ru")  # the move in words, in both languages
        assert c.get(f"/api/games/{gid}/presence").json() == {"A": True, "B": False}
