"""Storage: group commit, the optimistic check, file modes, the enciphered seed, a locked database."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
import threading
import time
from pathlib import Path

import pytest
from webhelp import join, new_game, recv, recv_state, token_of

from russianbank.web.app import Settings
from russianbank.web.store import (
    DeleteMoves,
    MoveWrite,
    NewGame,
    NextGameWrite,
    SeedCipher,
    SQLiteStore,
    StorageError,
    notify,
    open_store,
    urls,
)


def mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def new_row(gid: str, seed: int = 5) -> NewGame:
    return NewGame(gid, gid, 1, "friend", None, None, {"preset": "classic"}, seed, ("a" * 64, "b" * 64))


WRITER_PROCESS = {"on": False}  # SQLite's writer in a process of its own (the db_url fixture sets it)


async def _with_store(path: Path, body, url: str | None = None):  # type: ignore[no-untyped-def]
    store = open_store(
        url or f"sqlite:///{path}", key_path=path.with_name("k.key"), writer_process=WRITER_PROCESS["on"]
    )
    await store.init()
    try:
        return await body(store)
    finally:
        await store.close()


@pytest.fixture(params=["sqlite", "sqlite-process", "postgresql", "postgresql-process"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """Each database's writer (its own driver, one transaction a batch; SQLite's in a thread or in
    a process of its own): the URL, and a prefix of game ids of this test alone (one PostgreSQL
    serves the whole run)."""
    monkeypatch.setitem(WRITER_PROCESS, "on", request.param.endswith("-process"))
    if request.param.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'g.db'}", ""
    pytest.importorskip("asyncpg")
    return request.getfixturevalue("pg_url"), os.urandom(4).hex()


def test_writes_that_arrive_together_share_one_commit(tmp_path: Path, db_url: tuple[str, str]) -> None:
    batches: list[int] = []
    url, p = db_url

    async def body(store):  # type: ignore[no-untyped-def]
        store.on_batch = lambda n, _s: batches.append(n)
        await asyncio.gather(*(store.create_game(new_row(f"{p}g{i}")) for i in range(50)))
        batches.clear()
        results = await asyncio.gather(*(store.add_move(MoveWrite(f"{p}g{i}", 0, "SH")) for i in range(50)))
        assert results == [True] * 50
        assert sum(batches) == 50 and len(batches) < 10  # 50 moves, a handful of transactions
        # the same index again is refused without an error: another process was first
        assert await store.add_move(MoveWrite(f"{p}g1", 0, "HW")) is False
        assert await store.moves_since(f"{p}g1", 0) == [(0, "SH")]
        assert (await store.move_counts([f"{p}g1", f"{p}g2", "nope"])) == {f"{p}g1": 1, f"{p}g2": 1}
        # in one batch, a row that is there already and new ones: each writer told its own
        batches.clear()
        mixed = await asyncio.gather(
            store.add_move(MoveWrite(f"{p}g3", 1, "HW")), store.add_move(MoveWrite(f"{p}g1", 0, "HW")),
            store.add_move(MoveWrite(f"{p}g4", 1, "HW")),
        )  # fmt: skip
        assert mixed == [True, False, True] and batches == [3]
        assert await store.moves_since(f"{p}g1", 0) == [(0, "SH")]
        assert await store.moves_since(f"{p}g3", 0) == [(0, "SH"), (1, "HW")]

    asyncio.run(_with_store(tmp_path / "g.db", body, url))


def test_one_bad_write_does_not_sink_the_others(tmp_path: Path, db_url: tuple[str, str]) -> None:
    url, p = db_url

    async def body(store):  # type: ignore[no-untyped-def]
        await store.create_game(new_row(f"{p}ok"))
        good = store.add_move(MoveWrite(f"{p}ok", 0, "SH"))
        bad = store.add_move(MoveWrite(f"{p}no-such-game", 0, "SH"))  # the foreign key refuses it
        res = await asyncio.gather(good, bad, return_exceptions=True)
        assert res[0] is True and isinstance(res[1], StorageError)
        assert await store.moves_since(f"{p}ok", 0) == [(0, "SH")]
        # the writer goes on after the refusal (on PostgreSQL: the same connection, rolled back)
        assert await store.add_move(MoveWrite(f"{p}ok", 1, "HW")) is True

    asyncio.run(_with_store(tmp_path / "g.db", body, url))


def test_every_kind_of_write_in_one_batch(tmp_path: Path, db_url: tuple[str, str]) -> None:
    url, p = db_url

    async def body(store):  # type: ignore[no-untyped-def]
        await asyncio.gather(store.create_game(new_row(f"{p}a")), store.create_game(new_row(f"{p}b")))
        for i, mv in enumerate(["SH", "HW", "W1"]):
            assert await store.add_move(MoveWrite(f"{p}a", i, mv)) is True
        batches: list[int] = []
        store.on_batch = lambda n, _s: batches.append(n)
        res = await asyncio.gather(
            store.write(DeleteMoves(f"{p}a", 1, state_extra=2)),
            store.add_move(MoveWrite(f"{p}a", 1, "S2", state_extra=2)),
            store.add_move(MoveWrite(f"{p}b", 0, "SH", finished=True, points=(3, 0), seed=77)),
            store.set_next_game(f"{p}b", f"{p}c"),
            store.set_next_game(f"{p}b", f"{p}d"),  # the first one stays
        )
        assert res == [True, True, True, True, False] and batches == [5]
        a, b = await store.load_game(f"{p}a"), await store.load_game(f"{p}b")
        assert a.moves == ["SH", "S2"] and a.state_extra == 2 and not a.finished
        assert b.moves == ["SH"] and b.finished and b.seed == 77 and b.next_game == f"{p}c"
        assert await store.match_totals(f"{p}b") == (3, 0, 1)

    asyncio.run(_with_store(tmp_path / "g.db", body, url))


def test_a_writer_process_that_dies_loses_no_stored_move(tmp_path: Path, db_url: tuple[str, str]) -> None:
    """The writer process killed: the write in flight is refused (a storage error; whether it was
    committed, the row tells: the same index again is then "there already"), what was
    acknowledged stays, and the next write starts a new writer."""
    import signal

    url, p = db_url
    if not WRITER_PROCESS["on"]:
        pytest.skip("the writer is inline here")

    async def body(store):  # type: ignore[no-untyped-def]
        await store.create_game(new_row(f"{p}w"))
        for i in range(5):
            assert await store.add_move(MoveWrite(f"{p}w", i, "SH")) is True
        old = store._wchild.pid
        assert store.writer_pids() == [old]  # its CPU time goes to /metrics (part="writer")
        os.kill(old, signal.SIGKILL)
        with pytest.raises(StorageError, match="writer process stopped"):
            await store.add_move(MoveWrite(f"{p}w", 5, "HW"))
        assert await store.add_move(MoveWrite(f"{p}w", 5, "HW")) is True
        assert store._wchild.pid != old
        assert [m for _, m in await store.moves_since(f"{p}w", 0)] == ["SH"] * 5 + ["HW"]
        # an error of the database itself comes back as such (here: the foreign key)
        with pytest.raises(StorageError) as err:
            await store.add_move(MoveWrite(f"{p}no-such-game", 0, "SH"))
        assert not err.value.busy and "writer process" not in str(err.value)

    asyncio.run(_with_store(tmp_path / "g.db", body, url))


def test_database_file_and_folder_are_private(tmp_path: Path, monkeypatch, make_client) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    folder = tmp_path / "xdg" / "russianbank"
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)
    c = make_client(f"sqlite:///{urls.default_db_path()}")
    d = new_game(c, mode="friend", seed=3)
    with c.websocket_connect(f"/ws/{d['game_id']}") as ws:
        join(ws, d["token"])
    assert mode(folder) == 0o700
    files = sorted(p.name for p in folder.iterdir())
    assert "russianbank.db" in files and "russianbank.db.key" in files
    for name in files:  # the database, its WAL files and the key
        assert mode(folder / name) == 0o600, name


def test_the_seed_is_not_in_the_database_while_the_game_goes_on(tmp_path: Path, make_client) -> None:
    c = make_client()
    seed = 987654321987
    d = new_game(c, mode="friend", seed=seed)
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    dbfile = tmp_path / "games.db"

    def row() -> tuple:
        with sqlite3.connect(dbfile) as con:
            return con.execute("select seed, seed_enc from rb_games where id=?", (gid,)).fetchone()

    plain, enc = row()
    assert plain is None and str(seed) not in enc and f"{seed:x}" not in enc
    assert str(seed) not in dbfile.read_bytes().decode("latin-1")
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        join(wa, ta), join(wb, tb)
        wb.send_json({"type": "resign"})
        recv_state(wa, lambda m: m["view"]["outcome"] is not None)
    plain, enc = row()
    assert plain == seed and enc is None  # over: the record names the seed anyway
    assert (
        f'[Seed "{seed}"]' in c.get(f"/api/games/{gid}/record").text
        or str(seed) in c.get(f"/api/games/{gid}/record").text
    )


def test_a_wrong_key_is_named(tmp_path: Path) -> None:
    cipher = SeedCipher(os.urandom(32))
    text = cipher.encrypt("g1", 42)
    assert cipher.decrypt("g1", text) == 42
    with pytest.raises(StorageError, match="server key"):
        SeedCipher(os.urandom(32)).decrypt("g1", text)
    with pytest.raises(StorageError):
        cipher.decrypt("g2", text)  # the pad belongs to one game


def test_a_database_of_the_first_version_is_upgraded(tmp_path: Path, make_client) -> None:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as con:  # the schema the first server wrote (SQLAlchemy ORM)
        con.executescript(
            """
            CREATE TABLE rb_games (id VARCHAR(32) NOT NULL, match_id VARCHAR(32) NOT NULL, match_no INTEGER NOT NULL,
              mode VARCHAR(16) NOT NULL, level VARCHAR(32), computer_seat INTEGER, options_json TEXT NOT NULL,
              seed BIGINT NOT NULL, token_a VARCHAR(64), token_b VARCHAR(64), created FLOAT NOT NULL,
              finished BOOLEAN NOT NULL, points_a INTEGER NOT NULL, points_b INTEGER NOT NULL,
              next_game VARCHAR(32), PRIMARY KEY (id));
            CREATE INDEX ix_rb_games_match_id ON rb_games (match_id);
            CREATE TABLE rb_moves (game_id VARCHAR(32) NOT NULL, idx INTEGER NOT NULL, move VARCHAR(16) NOT NULL,
              created FLOAT NOT NULL, PRIMARY KEY (game_id, idx), FOREIGN KEY(game_id) REFERENCES rb_games (id));
            """
        )
        from russianbank.game import Game
        from russianbank.options import options_for
        from russianbank.web.store import hash_token

        g = Game("classic", seed=77)
        first = g.legal_moves()[0]
        con.execute(
            "insert into rb_games values ('old1','old1',1,'friend',null,null,?,77,?,?,0,0,0,0,null)",
            (__import__("json").dumps(options_for("classic").to_dict()), hash_token("ta"), hash_token("tb")),
        )
        con.execute("insert into rb_moves values ('old1', 0, ?, 0)", (str(first),))
    c = make_client(f"sqlite:///{path}")
    with c.websocket_connect("/ws/old1") as ws:
        m = join(ws, "ta")
    assert m["state_id"] == 1 and m["view"]["history"][0]["move"] == str(first)
    with sqlite3.connect(path) as con:
        seed, enc = con.execute("select seed, seed_enc from rb_games where id='old1'").fetchone()
        assert seed is None and enc
        assert con.execute("select count(*) from rb_moves").fetchone() == (1,)


# ------------------------------------------------------------- a locked database


@pytest.fixture
def short_busy_timeout(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(SQLiteStore, "BUSY_TIMEOUT_MS", 400)


def _lock(path: Path, seconds: float) -> threading.Thread:
    """Another program holds the write lock of the database for a while."""
    ready = threading.Event()

    def hold() -> None:
        con = sqlite3.connect(path, isolation_level=None)
        con.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        con.execute("ROLLBACK")
        con.close()

    t = threading.Thread(target=hold)
    t.start()
    ready.wait(5)
    return t


@pytest.mark.parametrize("writer", ["inline", "process"])
def test_under_a_write_lock_nobody_is_shown_a_move_that_is_not_stored(
    tmp_path: Path, make_client, short_busy_timeout, writer: str
) -> None:
    c = make_client(settings=Settings(db_writer=writer))
    d = new_game(c, mode="friend", seed=6)
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        ma, mb = join(wa, ta), join(wb, tb)
        mover, m = (wa, ma) if ma["your_turn"] else (wb, mb)
        holder = _lock(tmp_path / "games.db", 1.2)
        mover.send_json({"type": "move", "move": m["view"]["legal_moves"][0], "state": 0})
        time.sleep(0.1)
        # while the move waits for the database: the summary and a spectator do not see it
        assert c.get(f"/api/games/{gid}").json()["turn"] == m["view"]["turn"]
        with c.websocket_connect(f"/ws/{gid}") as spec:
            assert join(spec)["view"]["history"] == []
        # the mover is told the move was not played (and the state id it may try again on)
        now = recv_state(mover)
        assert now["view"]["history"] == [] and now["your_turn"]
        e = recv(mover)
        assert e["type"] == "error" and e["code"] == "storage" and e["msg"]["code"] == "server.storage"
        assert e["state_id"] == now["state_id"]
        holder.join()
        with c.websocket_connect(f"/ws/{gid}") as spec:
            assert join(spec)["view"]["history"] == []
        # the database is free again: the same move goes through
        mover.send_json({"type": "move", "move": m["view"]["legal_moves"][0], "state": now["state_id"]})
        assert len(recv_state(mover)["view"]["history"]) == 1


@pytest.mark.parametrize("writer", ["inline", "process"])
def test_under_a_write_lock_creating_a_game_answers_json(
    tmp_path: Path, make_client, short_busy_timeout, writer: str
) -> None:
    c = make_client(settings=Settings(db_writer=writer))
    new_game(c, mode="friend")  # the database exists
    holder = _lock(tmp_path / "games.db", 1.0)
    r = c.post("/api/games", json={"mode": "friend"})
    holder.join()
    assert r.status_code == 503 and r.headers["content-type"] == "application/json"
    assert r.json()["error"] == "storage" and r.json()["msg"]["code"] == "server.storage_busy"
    assert c.post("/api/games", json={"mode": "friend"}).status_code == 200


def test_urls(tmp_path: Path) -> None:
    assert urls.sqlite_path("sqlite:////abs/x.db") == Path("/abs/x.db")
    assert urls.sqlite_path("sqlite:///rel.db") == Path("rel.db")
    with pytest.raises(ValueError):
        urls.sqlite_path("sqlite:///:memory:")
    assert urls.describe_url("postgresql://u:secret@h/db") == "postgresql://h/db"
    n = notify.parse_notify(
        notify.notify_payloads("o1", [MoveWrite("g", 3, "RF"), NextGameWrite("g", "h"), DeleteMoves("g", 2)])[0]
    )
    assert (n.origin, n.moves, n.nexts, n.undos) == ("o1", [("g", 3, "RF")], [("g", "h")], [("g", 2)])
    many = [MoveWrite(f"game{i:04d}", i, "SH") for i in range(2000)]
    payloads = notify.notify_payloads("o1", many)
    assert len(payloads) > 1 and all(len(p) <= notify.NOTIFY_LIMIT for p in payloads)
    assert sum(len(notify.parse_notify(p).moves) for p in payloads) == 2000
