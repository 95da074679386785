"""``russianbank loadtest --lobby`` against a real server in this process: people take names, find
each other in the lobby, play and resign; nobody is double-seated, no table is lost, the lobby's
lateness is measured, the stored seats are the ones people were told of and the stored ratings
are a replay of the stored results. A table opened while the lobby is being read stays open."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webhelp import served

from russianbank.cli import build_parser
from russianbank.web.app import Settings, create_app
from russianbank.web.players.limits import PlayerLimits

ROOMY = PlayerLimits(names_per_address=10_000, registrations_per_address=10_000, logins_per_address=10_000,
                     logins_per_name=10_000)  # fmt: skip


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A server under uvicorn in a thread, on SQLite: (its URL, its database's URL)."""
    pytest.importorskip("uvicorn")
    db = f"sqlite:///{tmp_path / 'games.db'}"
    settings = Settings(player_limits=ROOMY, games_per_minute=100_000, connections_per_client=100_000)
    with served(create_app(db, ai_delay=0.0, settings=settings)) as url:
        yield url, db


def loadtest_args(*words: str) -> Any:
    return build_parser("loadtest").parse_args(["loadtest", "--lobby", *words])


def test_people_pair_in_the_lobby_play_and_their_ratings_replay(server: tuple[str, str], tmp_path: Path) -> None:
    from russianbank.web.loadtest_lobby import measure
    from russianbank.web.ratings_replay import main, replay_ratings

    url, db = server
    args = loadtest_args(
        "--url", url, "--people", "12", "--seconds", "5", "--ramp", "0.5", "--resign-after", "4", "--wait", "1.5",
        "--db", db, "--client-gc",
    )  # fmt: skip
    out = measure(args, "127.0.0.1", int(url.rsplit(":", 1)[1]))
    checks = out["checks"]
    assert out["failures"] == [], out
    assert checks["games"] > 0 and out["games_finished"] > 0
    assert out["lobby"].get("seated as host", 0) > 0
    assert out["lobby"].get("seated by take", 0) + out["lobby"].get("seated by quick", 0) > 0
    assert checks["double_seated"] == checks["tables_paired_twice"] == checks["one_sided"] == 0
    assert checks["lost_tables"] == checks["left_open_on_server"] == checks["seats_stored_wrong"] == 0
    lu = out["lobby_update_ms"]
    assert lu["count"] > 0 and lu["p50"] is not None and lu["p50"] <= lu["p99"] <= lu["max"]
    assert out["move_ack_ms"]["count"] > 0
    r = out["ratings"]
    assert r["mismatches"] == 0 and r["rated_games"] >= out["games_finished"] > 0
    assert r["players"] == 12 and r["players_rated"] > 0
    # the replay finds a rating that is not what the results give
    copy = tmp_path / "copy.db"
    with sqlite3.connect(Path(db.removeprefix("sqlite:///"))) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    with sqlite3.connect(copy) as con:
        con.execute("UPDATE rb_players SET rating = rating + 0.5 WHERE id = (SELECT MIN(player_id) FROM rb_ratings)")
    tampered = replay_ratings(f"sqlite:///{copy}")
    assert len(tampered.mismatches) == 1 and tampered.mismatches[0].startswith("player ")
    assert main(["--db", f"sqlite:///{copy}"]) == 1
    with sqlite3.connect(copy) as con:
        con.execute("UPDATE rb_ratings SET score = 1.0 - score WHERE seq = (SELECT MIN(seq) FROM rb_ratings)")
    assert len(replay_ratings(f"sqlite:///{copy}").mismatches) > 1


def test_the_lobby_mode_plays_only_against_this_machine(capsys: pytest.CaptureFixture[str]) -> None:
    from russianbank.web.loadtest import run

    assert run(loadtest_args("--url", "http://192.0.2.1:8000")) == 2
    assert "loopback" in capsys.readouterr().err
    assert run(loadtest_args("--people", "1")) == 2
    assert run(loadtest_args("--people", "4", "--wait", "0")) == 2
    assert run(loadtest_args("--people", "4", "--db", "mysql://somewhere/db")) == 2
    assert "unsupported database" in capsys.readouterr().err


class Socket:
    """What a lobby connection is written to: the messages, in order."""

    def __init__(self) -> None:
        self.scope: dict[str, Any] = {}
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        pass


def test_a_table_opened_while_the_lobby_is_read_stays_open(tmp_path: Path) -> None:
    """The lobby's reading began before the table was stored, so the rows it read lack the table:
    the host is not told it closed, and the next reading lists it."""
    from russianbank.ratings import Rating
    from russianbank.web.conn import Connection
    from russianbank.web.lobby.service import Lobby
    from russianbank.web.store import NewPlayer, open_store

    async def body() -> None:
        store = open_store(f"sqlite:///{tmp_path / 'g.db'}", key_path=tmp_path / "k.key")
        await store.init()
        try:
            d = Rating()
            await store.create_player(NewPlayer("p1", "Ann", "ann", "h" * 64, d.rating, d.rd, d.volatility))
            me = await store.player_by_id("p1")
            lobby = Lobby(store, create_game=None)
            sock = Socket()
            conn = Connection(sock, "127.0.0.1")
            lobby.conns.add(conn)
            read = store.lobby_rows
            gate, in_read = asyncio.Event(), asyncio.Event()

            async def slow_read(*a: Any) -> Any:
                rows = await read(*a)
                in_read.set()
                await gate.wait()
                return rows

            store.lobby_rows = slow_read  # type: ignore[method-assign]
            reading = asyncio.get_running_loop().create_task(lobby.refresh())
            await in_read.wait()
            await lobby.open_table(conn, me, "classic", False)
            gate.set()
            await reading
            store.lobby_rows = read  # type: ignore[method-assign]
            [table] = lobby.waiting
            await lobby.refresh()
            assert list(lobby.open) == [table] and list(lobby.waiting) == [table]
            await conn.drain()
            kinds = [m.split('"type":"', 1)[1].split('"', 1)[0] for m in sock.sent]
            assert kinds == ["opened", "lobby_update"], sock.sent
            await conn.close()
        finally:
            await store.close()

    asyncio.run(body())


def test_the_replay_tool_refuses_a_database_that_is_not_there(tmp_path: Path, capsys: Any) -> None:
    from russianbank.web.ratings_replay import main

    assert main(["--db", f"sqlite:///{tmp_path / 'none.db'}"]) == 2
    assert "no database" in capsys.readouterr().err
    assert not (tmp_path / "none.db").exists()
