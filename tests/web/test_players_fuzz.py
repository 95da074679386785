"""Every players' endpoint fuzzed: names, passwords, bodies and paths of any shape get a 2xx or the
package's 4xx error in both languages, never a server error, and a refused request changes nothing."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

from argon2 import PasswordHasher
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from russianbank.i18n import Message
from russianbank.web.app import Settings
from russianbank.web.players.cookies import COOKIE_NAME
from russianbank.web.players.limits import PlayerLimits
from russianbank.web.players.names import check_name
from russianbank.web.players.passwords import Passwords

ROOMY = PlayerLimits(names_per_address=10**6, registrations_per_address=10**6, logins_per_address=10**6,
                     logins_per_name=10**6)  # fmt: skip
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

anything = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
names = st.text(max_size=30) | st.sampled_from(["Bob", "bob", "B.o.b", "Вов", "computer", "Эксперт", " a", "ab"])
passwords = st.text(max_size=40) | st.sampled_from(["correct horse", "short", "x" * 201, "ｐａｓｓｗｏｒｄ１"])


@st.composite
def body(draw: Any, fields: tuple[str, ...], values: Any) -> Any:
    """A body that is mostly right in shape (the fields, text values) and often wrong."""
    if draw(st.integers(0, 9)) == 0:
        return draw(anything)
    out = {f: draw(values[f]) if draw(st.integers(0, 5)) else draw(anything) for f in fields if draw(st.integers(0, 6))}
    if draw(st.integers(0, 6)) == 0:
        out[draw(st.text(max_size=8))] = draw(anything)
    return out


def check(r: Any) -> None:
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        err = r.json()
        assert isinstance(err["error"], str) and err["message"]
        msg = Message.from_dict(err["msg"])
        assert msg.text("en") == err["message"] and msg.text("ru")
        assert COOKIE_NAME not in r.headers.get("set-cookie", "") or "Max-Age=0" in r.headers["set-cookie"]


def client(make_client: Any) -> Any:
    c = make_client(settings=Settings(player_limits=ROOMY))
    c.app.state.players._passwords = Passwords(PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
    return c


def count(c: Any) -> int:
    async def q() -> int:
        from sqlalchemy import func, select

        store = c.app.state.store

        async def n(con: Any) -> int:
            return int((await con.execute(select(func.count()).select_from(store._players))).scalar())

        out: int = await store._run(n)
        return out

    out: int = c.portal.call(q)
    return out


def post(c: Any, path: str, data: Any) -> Any:
    return c.post(path, content=json.dumps(data).encode(), headers={"content-type": "application/json"})


def test_choosing_a_name_fuzzed(make_client) -> None:
    c = client(make_client)

    @FUZZ
    @given(body(("name",), {"name": names}))
    def one(data: Any) -> None:
        seen.append(data)
        c.cookies.clear()
        before = count(c)
        r = post(c, "/api/players", data)
        check(r)
        assert count(c) == before + (r.status_code == 200)
        if r.status_code == 200:
            assert r.json()["player"]["name"] == check_name(data["name"])  # kept as the validator keeps it

    seen: list[Any] = []
    one()
    assert len(seen) >= 100


def test_setting_a_password_and_logging_in_fuzzed(make_client) -> None:
    c = client(make_client)
    c.post("/api/players", json={"name": "Fuzzy"})
    me = str(c.cookies[COOKIE_NAME])

    @FUZZ
    @given(
        body(("password",), {"password": passwords}), body(("name", "password"), {"name": names, "password": passwords})
    )
    def one(pw: Any, login: Any) -> None:
        seen.append(pw)
        c.cookies.clear()
        c.cookies.set(COOKIE_NAME, me)
        before = c.get("/api/me").json()["player"]
        r = post(c, "/api/me/password", pw)
        check(r)
        after = c.get("/api/me").json()["player"]
        assert after["has_password"] == (before["has_password"] or r.status_code == 200)
        c.cookies.clear()
        r = post(c, "/api/login", login)
        check(r)
        if r.status_code == 200:
            assert r.json()["player"]["name"] == "Fuzzy"
            assert c.post("/api/logout").json() == {"logged_out": True}

    seen: list[Any] = []
    one()
    assert len(seen) >= 100


def test_the_player_pages_fuzzed(make_client) -> None:
    c = client(make_client)
    c.post("/api/players", json={"name": "Пётр"})

    @FUZZ
    @given(
        names | st.text(min_size=1, max_size=300),
        st.sampled_from(["", "?limit=0", "?limit=-5", "?limit=x", "?lang=zz"]),
    )
    def one(name: str, query: str) -> None:
        seen.append(name)
        if not name:
            return
        path = quote(name, safe="")
        for prefix in ("/api/players/", "/players/"):
            r = c.get(prefix + path + query)
            assert r.status_code < 500, r.text
            if prefix == "/api/players/":
                check(r)
            else:
                assert r.status_code in (200, 404, 400) and "<script>" not in r.text.replace(
                    '<script type="module" src="/static/js/player.js"></script>', ""
                )

    seen: list[Any] = []
    one()
    assert len(seen) >= 100
