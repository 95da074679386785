"""Players over HTTP: a name on first visit, a password, logging in and out, rate limits, the named
seats and the ratings of finished games, the player page and its JSON; on SQLite and PostgreSQL."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from webhelp import Sent, hidden_names, join, new_game, recv_state, token_of

from russianbank.ratings import Rating, level_rating, rate, rate_game
from russianbank.web.app import Settings
from russianbank.web.players.cookies import COOKIE_NAME
from russianbank.web.players.limits import PlayerLimits

ROOMY = PlayerLimits(names_per_address=10_000, registrations_per_address=10_000, logins_per_address=10_000,
                     logins_per_name=10_000)  # fmt: skip


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest) -> tuple[str | None, str]:
    """The database (None: the test's SQLite file) and a suffix for names of this test alone."""
    if request.param == "sqlite":
        return None, ""
    pytest.importorskip("asyncpg")
    return request.getfixturevalue("pg_url"), os.urandom(3).hex()


def client_for(make_client: Any, db: tuple[str | None, str], tmp_path: Any, **limits: int) -> Any:
    kw: dict[str, Any] = {"player_limits": PlayerLimits(**limits) if limits else ROOMY}
    if db[0] is not None:
        kw["key_file"] = tmp_path / "server.key"
    return make_client(db[0], settings=Settings(**kw))


def as_(c: Any, cookie: str | None) -> None:
    """Make ``c`` send ``cookie`` (another person's browser), or none."""
    c.cookies.clear()
    if cookie is not None:
        c.cookies.set(COOKIE_NAME, cookie)


def choose(c: Any, name: str) -> str:
    """A name for a browser with no cookie; the session cookie it gets."""
    as_(c, None)
    r = c.post("/api/players", json={"name": name})
    assert r.status_code == 200, r.text
    return str(r.cookies[COOKIE_NAME])


def refused(r: Any, status: int, code: str, msg: str) -> dict[str, Any]:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["error"] == code and body["msg"]["code"] == msg and body["message"], body
    return body


def test_a_name_on_first_visit(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path)
    bob = f"Bob{db[1]}"
    r = c.post("/api/players", json={"name": bob})
    assert r.status_code == 200 and r.json()["player"]["name"] == bob
    header = r.headers["set-cookie"]
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Path=/" in header
    me = c.get("/api/me").json()["player"]
    assert me == {"name": bob, "rating": 1500.0, "rd": 350.0, "games": 0, "url": f"/players/{bob}",
                  "has_password": False}  # fmt: skip
    refused(c.post("/api/players", json={"name": f"Other{db[1]}"}), 409, "has_name", "players.has_name")
    as_(c, None)
    refused(c.post("/api/players", json={"name": bob.upper()}), 409, "name_taken", "players.name_taken")
    refused(c.post("/api/players", json={"name": "Computer"}), 400, "bad_name", "players.name_reserved")
    refused(c.post("/api/players", json={"name": "x"}), 400, "bad_name", "players.name_length")
    refused(c.post("/api/players", json={"name": 5}), 400, "bad_name", "players.name_text")
    refused(c.post("/api/players", json={"name": "Ann", "admin": True}), 400, "bad_request", "server.unknown_fields")
    refused(c.post("/api/players", content=b"[1]", headers={"content-type": "application/json"}), 400,
            "bad_request", "server.body_not_object")  # fmt: skip
    assert c.get("/api/me").json() == {"player": None}  # nothing was made
    assert c.get(f"/api/players/{bob.lower()}").json()["name"] == bob  # the same name, however written


def test_a_password_then_a_log_in_from_another_device(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path)
    ann = f"Ann{db[1]}"
    refused(c.post("/api/me/password", json={"password": "long enough"}), 401, "no_name", "players.no_name")
    first = choose(c, ann)
    refused(c.post("/api/me/password", json={"password": "short"}), 400, "bad_password", "players.password_length")
    refused(c.post("/api/me/password", json={"password": 12345678}), 400, "bad_password", "players.password_text")
    assert c.get("/api/me").json()["player"]["has_password"] is False
    r = c.post("/api/me/password", json={"password": "correct horse"})
    assert r.status_code == 200 and r.json()["player"]["has_password"] is True
    refused(c.post("/api/me/password", json={"password": "another one"}), 409, "has_password", "players.has_password")
    as_(c, None)  # another device
    for name, password in [(ann, "wrong horse"), (f"Nobody{db[1]}", "correct horse"), (ann, "correct hors")]:
        body = refused(c.post("/api/login", json={"name": name, "password": password}), 401, "login_failed",
                       "players.login_failed")  # fmt: skip
        assert COOKIE_NAME not in c.cookies and body["message"] == "that name and password do not match"
    r = c.post("/api/login", json={"name": ann.lower(), "password": "correct horse"})
    assert r.status_code == 200 and r.json()["player"]["name"] == ann
    second = str(r.cookies[COOKIE_NAME])
    assert second != first
    assert c.get("/api/me").json()["player"]["name"] == ann
    as_(c, first)  # the first device is still logged in
    assert c.get("/api/me").json()["player"]["name"] == ann


def test_a_password_changed_ends_the_other_sessions(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path)
    eva = f"Eva{db[1]}"
    first = choose(c, eva)
    change = {"old_password": "first horse", "password": "second horse"}
    refused(c.post("/api/me/password", json=change), 403, "wrong_password", "players.wrong_password")  # none yet
    assert c.post("/api/me/password", json={"password": "first horse"}).status_code == 200
    as_(c, None)
    r = c.post("/api/login", json={"name": eva, "password": "first horse"})
    second = str(r.cookies[COOKIE_NAME])
    as_(c, first)
    wrong = {"old_password": "not the one", "password": "second horse"}
    refused(c.post("/api/me/password", json=wrong), 403, "wrong_password", "players.wrong_password")
    short = {"old_password": "first horse", "password": "short"}
    refused(c.post("/api/me/password", json=short), 400, "bad_password", "players.password_length")
    refused(c.post("/api/me/password", json={**change, "x": 1}), 400, "bad_request", "server.unknown_fields")
    r = c.post("/api/me/password", json=change)
    assert r.status_code == 200 and r.json()["player"]["has_password"] is True
    assert c.get("/api/me").json()["player"]["name"] == eva  # this device stays logged in
    as_(c, second)
    assert c.get("/api/me").json() == {"player": None}  # the other one is logged out
    as_(c, None)
    refused(c.post("/api/login", json={"name": eva, "password": "first horse"}), 401, "login_failed",
            "players.login_failed")  # fmt: skip
    assert c.post("/api/login", json={"name": eva, "password": "second horse"}).status_code == 200


def test_a_name_without_a_password_cannot_be_logged_into(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path)
    choose(c, f"Eve{db[1]}")
    as_(c, None)
    refused(c.post("/api/login", json={"name": f"Eve{db[1]}", "password": "anything at all"}), 401, "login_failed",
            "players.login_failed")  # fmt: skip


def test_a_log_out_ends_the_session_on_the_server(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path)
    cookie = choose(c, f"Max{db[1]}")
    r = c.post("/api/logout")
    assert r.status_code == 200 and r.json() == {"logged_out": True}
    assert "Max-Age=0" in r.headers["set-cookie"]
    as_(c, cookie)  # the old cookie, kept by whoever had it: it opens nothing now
    assert c.get("/api/me").json() == {"player": None}
    refused(c.post("/api/me/password", json={"password": "long enough"}), 401, "no_name", "players.no_name")
    d = new_game(c, mode="computer", level="easy", seed=3)
    with c.websocket_connect(f"/ws/{d['game_id']}", headers={"cookie": f"{COOKIE_NAME}={cookie}"}) as ws:
        join(ws, d["token"])
    assert _portal(c, c.app.state.store.seat_players, d["game_id"]) == {}  # nobody named at the seat
    as_(c, cookie[:-2] + ("AA" if not cookie.endswith("AA") else "BB"))  # a forged signature
    assert c.get("/api/me").json() == {"player": None}
    assert c.post("/api/logout").json() == {"logged_out": False}


def _portal(c: Any, fn: Any, *args: Any) -> Any:
    """Run a store call on the app's own event loop (the test client's portal)."""
    return c.portal.call(fn, *args)


def test_rate_limits_answer_429_with_the_packages_error(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path, names_per_address=2, registrations_per_address=1,
                   logins_per_address=3, logins_per_name=2)  # fmt: skip
    s = db[1]
    choose(c, f"One{s}")
    as_(c, None)
    refused(c.post("/api/players", json={"name": "x"}), 400, "bad_name", "players.name_length")  # counts too
    as_(c, None)
    r = c.post("/api/players", json={"name": f"Three{s}"})
    body = refused(r, 429, "rate_limited", "players.rate_limited")
    assert int(r.headers["retry-after"]) == body["retry_after"] > 0 and body["msg"]["params"]["seconds"] > 0
    assert c.get(f"/api/players/Three{s}").status_code == 404  # nothing was made
    as_(c, None)
    # log-ins: per name from anywhere, then per address
    for _ in range(2):
        refused(c.post("/api/login", json={"name": f"One{s}", "password": "not it at all"}), 401, "login_failed",
                "players.login_failed")  # fmt: skip
    refused(c.post("/api/login", json={"name": f"One{s}", "password": "not it at all"}), 429, "rate_limited",
            "players.rate_limited")  # fmt: skip
    refused(c.post("/api/login", json={"name": f"Two{s}", "password": "not it at all"}), 429, "rate_limited",
            "players.rate_limited")  # fmt: skip


def _finish_by_resigning(c: Any, d: dict[str, Any], cookie: str | None, *, seat_token: str | None = None) -> None:
    headers = {"cookie": f"{COOKIE_NAME}={cookie}"} if cookie else {}
    with c.websocket_connect(f"/ws/{d['game_id']}", headers=headers) as ws:
        join(ws, seat_token or d["token"])
        ws.send_json({"type": "resign"})
        recv_state(ws, lambda m: m["view"]["outcome"] is not None)


def test_a_named_player_against_the_computer_is_rated_once(make_client, db, tmp_path, sent: Sent) -> None:
    c = client_for(make_client, db, tmp_path)
    name = f"Kim{db[1]}"
    cookie = choose(c, name)
    d = new_game(c, mode="computer", level="hard", seed=11)  # the creator's seat is named at once
    assert _portal(c, c.app.state.store.seat_players, d["game_id"])[0][1] == name
    # while the game is played, no player message holds a hidden card
    with c.websocket_connect(f"/ws/{d['game_id']}", headers={"cookie": f"{COOKIE_NAME}={cookie}"}) as ws:
        join(ws, d["token"])
        hidden = hidden_names(c.app.state.manager.tables[d["game_id"]].session._game)
        assert len(hidden) > 20
        for path in ("/api/me", f"/api/players/{name}", f"/players/{name}"):
            text = c.get(path).text
            words = set(re.findall(r"[A-Za-z0-9]+", re.sub(r"/static/[^\"]+", "", text)))
            assert not hidden & words, (path, hidden & words)
    _finish_by_resigning(c, d, cookie)
    with c.websocket_connect(f"/ws/{d['game_id']}", headers={"cookie": f"{COOKIE_NAME}={cookie}"}) as ws:
        assert join(ws, d["token"])["view"]["outcome"] is not None  # joined again after the end: not rated again
    got = c.get(f"/api/players/{name}").json()
    want = rate(Rating(), [(level_rating("hard"), 0.0)])
    assert (got["games"], got["lost"], got["rating"], got["rd"]) == (1, 1, round(want.rating, 2), round(want.rd, 2))
    [g] = got["history"]
    assert g["opponent"] == {"computer": "hard"} and g["result"] == "lost" and g["seat"] == "A"
    assert c.get(g["replay_url"]).status_code == 200
    assert c.get(f"/api/games/{d['game_id']}/replay?seat=A").status_code == 200
    assert sent.leaks == []


def test_two_named_people_are_rated_and_a_replay_gives_the_same(make_client, db, tmp_path) -> None:
    from test_player_store import replay

    c = client_for(make_client, db, tmp_path)
    s = db[1]
    ann, bob = choose(c, f"Ann{s}"), choose(c, f"Bob{s}")
    as_(c, ann)
    for i, loser in enumerate(["B", "A", "B"]):
        d = new_game(c, mode="friend", seed=40 + i)
        tb = token_of(d["friend_url"])
        with c.websocket_connect(f"/ws/{d['game_id']}", headers={"cookie": f"{COOKIE_NAME}={bob}"}) as wb:
            join(wb, tb)
        _finish_by_resigning(c, d, ann if loser == "A" else bob, seat_token=d["token"] if loser == "A" else tb)
    a, b = Rating(), Rating()
    for loser in ["B", "A", "B"]:
        a, b = rate_game(a, b, 1.0 if loser == "B" else 0.0)
    ja, jb = c.get(f"/api/players/Ann{s}").json(), c.get(f"/api/players/Bob{s}").json()
    assert (ja["rating"], ja["rd"], jb["rating"], jb["rd"]) == tuple(
        round(x, 2) for x in (a.rating, a.rd, b.rating, b.rd)
    )
    assert (ja["won"], ja["lost"]) == (2, 1) and ja["history"][0]["opponent"]["name"] == f"Bob{s}"
    rows = [r for r in _portal(c, c.app.state.store.rated_rows) if r.game_id in {h["game_id"] for h in ja["history"]}]
    want = replay(rows)
    for cookie in (ann, bob):
        p = _portal(c, c.app.state.players.current, cookie)
        assert (p.rating, p.rd, p.volatility) == (want[p.id].rating, want[p.id].rd, want[p.id].volatility)


def test_one_person_on_both_seats_is_not_rated(make_client, db, tmp_path) -> None:
    c = client_for(make_client, db, tmp_path)
    cookie = choose(c, f"Solo{db[1]}")
    d = new_game(c, mode="friend", seed=5)
    _finish_by_resigning(c, d, cookie, seat_token=token_of(d["friend_url"]))  # the friend's link, same browser
    assert list(_portal(c, c.app.state.store.seat_players, d["game_id"])) == [0]
    assert c.get(f"/api/players/Solo{db[1]}").json()["games"] == 0


def test_the_player_page_in_both_languages(make_client, tmp_path) -> None:
    c = client_for(make_client, (None, ""), tmp_path)
    cookie = choose(c, "Вася")
    d = new_game(c, mode="computer", level="easy", seed=2)
    _finish_by_resigning(c, d, cookie)
    r = c.get("/players/вася")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert (
        "Player Вася" in html and "<svg" in html and 'role="img"' in html and f"/replay/{d['game_id']}?seat=A" in html
    )
    assert 'data-msg="' in html and "/static/js/player.js" in html
    ru = c.get("/players/Вася", headers={"accept-language": "ru-RU,ru;q=0.9"}).text
    assert '<html lang="ru">' in ru and "Игрок Вася" in ru and "поражение" in ru and "Компьютер (лёгкий)" in ru
    assert "Игрок Вася" in c.get("/players/Вася?lang=ru").text
    missing = c.get("/players/Nobody")
    assert missing.status_code == 404 and "No player is called Nobody." in missing.text
    refused(c.get("/api/players/Nobody"), 404, "unknown_player", "players.unknown_player")
    refused(c.get("/api/players/" + "x" * 300), 404, "unknown_player", "players.unknown_player")
    assert len(c.get("/api/players/Вася?limit=1").json()["history"]) == 1
    # the page's words are escaped: a name is text, never markup
    assert "<script>" not in c.get("/players/<script>").text


def test_the_your_name_page_is_served(make_client) -> None:
    c = make_client()
    r = c.get("/me")
    assert r.status_code == 200 and 'id="loginForm"' in r.text and "/static/js/me.js" in r.text
    assert c.get("/static/js/players.js").status_code == 200
