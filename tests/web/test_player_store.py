"""The players in the store: names, sessions, passwords, seats, and the ratings written with a game's
end — once per finished game, equal to a replay of ``russianbank.ratings`` over the stored results —
on each database and each kind of writer."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path
from typing import Any

import pytest

from russianbank.ratings import DEFAULT_TAU, Rating, level_rating, rate, rate_game
from russianbank.web.store import DeleteMoves, MoveWrite, NewGame, NewPlayer, RatedGame, open_store
from russianbank.web.store.rating_plan import score_of, sides

WRITER_PROCESS = {"on": False}


@pytest.fixture(params=["sqlite", "sqlite-process", "postgresql", "postgresql-process"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """The URL, and a prefix for the ids and names of this test alone (one PostgreSQL serves the run)."""
    monkeypatch.setitem(WRITER_PROCESS, "on", request.param.endswith("-process"))
    if request.param.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'p.db'}", "t"
    pytest.importorskip("asyncpg")
    return request.getfixturevalue("pg_url"), "t" + os.urandom(4).hex()


async def _with_store(tmp_path: Path, url: str, body: Any) -> Any:
    store = open_store(url, key_path=tmp_path / "k.key", writer_process=WRITER_PROCESS["on"])
    await store.init()
    try:
        return await body(store)
    finally:
        await store.close()


def player(pid: str, name: str | None = None) -> NewPlayer:
    d = Rating()
    return NewPlayer(pid, name or pid, (name or pid).lower(), "s-" + pid, d.rating, d.rd, d.volatility)


def game(gid: str, mode: str = "friend", level: str | None = None) -> NewGame:
    cs = 1 if mode == "computer" else None
    return NewGame(gid, gid, 1, mode, level, cs, {"preset": "classic"}, 5, ("a" * 64, None if cs else "b" * 64))


def end(gid: str, winner: int | None, idx: int = 0) -> MoveWrite:
    points = (0, 0) if winner is None else ((5, 0) if winner == 0 else (0, 5))
    return MoveWrite(gid, idx, "resign", finished=True, points=points, seed=5, score_a=score_of(winner))


def test_names_sessions_and_passwords(tmp_path: Path, db_url: tuple[str, str]) -> None:
    url, p = db_url

    async def body(store: Any) -> None:
        assert await store.create_player(player(f"{p}1", f"{p}Ann")) is True
        taken = player(f"{p}2", f"{p}ANN")  # the same name key: refused, no session made
        assert await store.create_player(taken) is False
        assert await store.player_by_session(taken.session_hash) is None
        me = await store.player_by_session(f"s-{p}1")
        assert me is not None and me.name == f"{p}Ann" and me.rating == 1500 and me.password_hash is None
        assert (await store.player_by_key(f"{p}ann")).id == f"{p}1"
        assert await store.set_password(f"{p}1", "hash-1") is True
        assert await store.set_password(f"{p}1", "hash-2") is False  # never replaced this way
        assert (await store.player_by_id(f"{p}1")).password_hash == "hash-1"
        assert await store.start_session(f"s2-{p}", f"{p}1") is True
        assert await store.start_session(f"s3-{p}", f"{p}nobody") is False
        assert (await store.player_by_session(f"s2-{p}")).id == f"{p}1"
        assert await store.end_session(f"s2-{p}") is True
        assert await store.end_session(f"s2-{p}") is False
        assert await store.player_by_session(f"s2-{p}") is None
        assert (await store.player_by_session(f"s-{p}1")).id == f"{p}1"  # the other session stays

    asyncio.run(_with_store(tmp_path, url, body))


def test_a_seat_is_named_once_and_never_after_the_end(tmp_path: Path, db_url: tuple[str, str]) -> None:
    url, p = db_url

    async def body(store: Any) -> None:
        await asyncio.gather(store.create_player(player(f"{p}a")), store.create_player(player(f"{p}b")))
        await store.create_game(game(f"{p}g"))
        assert await store.seat_player(f"{p}g", 0, f"{p}a") is True
        assert await store.seat_player(f"{p}g", 0, f"{p}a") is True  # again: as good
        assert await store.seat_player(f"{p}g", 0, f"{p}b") is False  # somebody else's
        assert await store.seat_player(f"{p}g", 1, f"{p}a") is False  # one person, one seat
        assert await store.seat_player(f"{p}g", 1, f"{p}nobody") is False
        await store.add_move(end(f"{p}g", None))
        assert await store.seat_player(f"{p}g", 1, f"{p}b") is False  # the game is over
        assert await store.seat_players(f"{p}g") == {0: (f"{p}a", f"{p}a")}

    asyncio.run(_with_store(tmp_path, url, body))


def test_a_game_is_rated_once_with_its_end(tmp_path: Path, db_url: tuple[str, str]) -> None:
    url, p = db_url

    async def body(store: Any) -> None:
        for x in "abc":
            await store.create_player(player(f"{p}{x}"))
        await store.create_game(game(f"{p}comp", "computer", "hard"))
        await store.seat_player(f"{p}comp", 0, f"{p}a")
        await store.add_move(MoveWrite(f"{p}comp", 0, "SH"))
        assert await store.player_games(f"{p}a") == []  # not over: not rated
        await store.add_move(end(f"{p}comp", 0, 1))
        # the end stored again (its row taken back and written anew): not rated a second time
        await store.write(DeleteMoves(f"{p}comp", 1))
        await store.add_move(end(f"{p}comp", 0, 1))
        [row] = await store.player_games(f"{p}a")
        want = rate(Rating(), [(level_rating("hard"), 1.0)])
        assert (row.opponent_level, row.score, row.rating, row.rd) == ("hard", 1.0, want.rating, want.rd)
        a = await store.player_by_id(f"{p}a")
        assert (a.rating, a.rd, a.volatility, a.games) == (want.rating, want.rd, want.volatility, 1)
        # two people: both rated, each from the other's rating before
        await store.create_game(game(f"{p}fr"))
        await store.seat_player(f"{p}fr", 0, f"{p}a")
        await store.seat_player(f"{p}fr", 1, f"{p}b")
        await store.add_move(end(f"{p}fr", 1))
        wa, wb = rate_game(want, Rating(), 0.0, tau=DEFAULT_TAU)
        assert (await store.player_by_id(f"{p}a")).rating == wa.rating
        b = await store.player_by_id(f"{p}b")
        assert (b.rating, b.rd) == (wb.rating, wb.rd)
        [rb] = await store.player_games(f"{p}b")
        assert rb.opponent_id == f"{p}a" and rb.opponent_name == f"{p}a" and rb.score == 1.0
        assert await store.player_record(f"{p}a") == (1, 0, 1)
        # a seat nobody named, or a game against nobody rated: nobody rated
        await store.create_game(game(f"{p}half"))
        await store.seat_player(f"{p}half", 0, f"{p}c")
        await store.add_move(end(f"{p}half", 0))
        assert await store.player_games(f"{p}c") == []

    asyncio.run(_with_store(tmp_path, url, body))


def replay(rows: list[RatedGame]) -> dict[str, Rating]:
    """Every player's rating from a replay of the stored results, in the order they were rated;
    each row checked against the rating the replay has for it before and after."""
    now: dict[str, Rating] = {}
    for seq in sorted({r.seq for r in rows}):
        games: dict[str, list[RatedGame]] = {}
        for r in rows:
            if r.seq == seq:
                games.setdefault(r.game_id, []).append(r)
        after: dict[str, Rating] = {}
        for part in games.values():
            for r in part:
                me = now.get(r.player_id, Rating())
                assert (r.rating_before, r.rd_before) == (me.rating, me.rd)
                opp = now.get(r.opponent_id, Rating()) if r.opponent_id else level_rating(str(r.opponent_level))
                assert (r.opponent_rating, r.opponent_rd) == (opp.rating, opp.rd)
                new = rate(me, [(opp, r.score)])
                assert (r.rating, r.rd, r.volatility) == (new.rating, new.rd, new.volatility)
                assert r.player_id not in after, "a player rated twice with one seq"
                after[r.player_id] = new
        now.update(after)
    return now


def test_the_stored_ratings_are_a_replay_of_the_stored_results(tmp_path: Path, db_url: tuple[str, str]) -> None:
    """Games finish at once (many in one batch, some sharing players): each player is rated in
    turn, and a replay of the rows gives every stored rating."""
    url, p = db_url
    rng = random.Random(35)
    people = [f"{p}p{i}" for i in range(5)]

    async def body(store: Any) -> None:
        await asyncio.gather(*(store.create_player(player(x)) for x in people))
        plan = []
        for i in range(40):
            if rng.random() < 0.4:
                gid = f"{p}c{i}"
                await store.create_game(game(gid, "computer", rng.choice(["beginner", "medium", "expert"])))
                await store.seat_player(gid, 0, rng.choice(people))
            else:
                gid = f"{p}f{i}"
                await store.create_game(game(gid))
                a, b = rng.sample(people, 2)
                await store.seat_player(gid, 0, a)
                await store.seat_player(gid, 1, b)
            plan.append((gid, rng.choice([0, 1, None])))
        for k in range(0, 40, 10):  # ten games end together, four times
            await asyncio.gather(*(store.add_move(end(gid, w)) for gid, w in plan[k : k + 10]))
        rows = [r for r in await store.rated_rows() if r.player_id in people]
        assert len({r.game_id for r in rows}) == 40
        assert sum(1 for r in rows if r.opponent_id is None) == sum(1 for g, _ in plan if "c" in g[len(p) :])
        want = replay(rows)
        for x in people:
            got = await store.player_by_id(x)
            assert (got.rating, got.rd, got.volatility) == (want[x].rating, want[x].rd, want[x].volatility)
            assert got.games == sum(1 for r in rows if r.player_id == x)

    asyncio.run(_with_store(tmp_path, url, body))


def test_who_a_game_rates() -> None:
    assert sides("computer", "easy", 1, {0: "p"}, 1.0)[0].opponent_level == "easy"
    assert sides("computer", "easy", 0, {1: "p"}, 1.0)[0].score == 0.0  # the person is B
    assert sides("computer", "no-such-level", 1, {0: "p"}, 1.0) == []
    assert sides("computer", "easy", 1, {}, 1.0) == []
    assert [s.score for s in sides("friend", None, None, {0: "p", 1: "q"}, 0.5)] == [0.5, 0.5]
    assert sides("friend", None, None, {0: "p", 1: "p"}, 1.0) == []
    assert sides("friend", None, None, {0: "p"}, 1.0) == []
    assert [score_of(w) for w in (0, 1, None)] == [1.0, 0.0, 0.5]


def test_two_writers_on_one_postgresql_rate_in_turn(tmp_path: Path, pg_url: str) -> None:
    """Two server processes' writers finish games of the same players at the same time: the players'
    rows are locked while they are rated, so no game's rating is lost and a replay gives them all."""
    pytest.importorskip("asyncpg")
    p = "t" + os.urandom(4).hex()
    people = [f"{p}p{i}" for i in range(3)]
    rng = random.Random(7)

    async def body() -> None:
        one = open_store(pg_url, key_path=tmp_path / "k.key")
        two = open_store(pg_url, key_path=tmp_path / "k.key")
        await one.init()
        await two.init()
        try:
            await asyncio.gather(*(one.create_player(player(x)) for x in people))
            games = []
            for i in range(30):
                gid = f"{p}g{i}"
                a, b = rng.sample(people, 2)
                await one.create_game(game(gid))
                await one.seat_player(gid, 0, a)
                await one.seat_player(gid, 1, b)
                games.append((gid, rng.choice([0, 1, None])))
            await asyncio.gather(*((one if i % 2 else two).add_move(end(gid, w)) for i, (gid, w) in enumerate(games)))
            rows = [r for r in await one.rated_rows() if r.player_id in people]
            assert len(rows) == 60
            want = replay(rows)
            for x in people:
                got = await one.player_by_id(x)
                assert (got.rating, got.rd) == (want[x].rating, want[x].rd)
        finally:
            await one.close()
            await two.close()

    asyncio.run(body())
