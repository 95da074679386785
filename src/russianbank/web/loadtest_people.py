"""The people of ``russianbank loadtest --lobby`` (:mod:`.loadtest_lobby`): they find each other in
the lobby, then play.

Each simulated person takes a name (``POST /api/players``, its session cookie), goes to the lobby
(``/lobby/ws``) and, again and again: opens a table and waits at it (closing it after ``--wait``
seconds when nobody came), takes one of the open tables it sees, or asks for quick pairing; once
seated it plays the game on the game's websocket with the token it was given (the moves of
:class:`~.loadtest.Seat`, at ``--pace``), resigns after a random number of its own moves (1 to
``--resign-after``), so games end and ratings move, and goes back to the lobby. With ``--pace
human`` a person waits 1–3 s before each thing it does, in the lobby and at the table (with
``--pace fast``, up to 0.1 s in the lobby and not at all at the table). When the run ends, a
host closes its table and a game still going is resigned, so that every game paired is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import orjson

from .loadtest import Figures, Seat, undelayed, watch_lag
from .players.cookies import COOKIE_NAME


@dataclass
class LobbyFigures:
    """What the people of one client process saw of the lobby."""

    latencies: list[float] = field(default_factory=list)  # seconds: an added table's arrival less its 'created'
    latency_at: list[float] = field(default_factory=list)  # when its table was created, from the start
    updates: int = 0  # lobby_update messages received
    counts: Counter[str] = field(default_factory=Counter)
    pairings: list[tuple[str, str, str, str]] = field(default_factory=list)  # (table, game, seat, name)
    opened: dict[str, str] = field(default_factory=dict)  # table -> how it ended ('' while open)
    finished: set[str] = field(default_factory=set)  # games seen over


class Resigning:
    """A game's websocket as a :class:`Seat` uses it: after the seat's ``after``-th move it resigns."""

    def __init__(self, ws: Any, after: int) -> None:
        self.ws = ws
        self.after = after
        self.seat: Seat | None = None
        self.resigned = False

    async def recv(self) -> Any:
        return await self.ws.recv()

    async def send(self, text: str) -> None:
        await self.ws.send(text)
        if self.after and self.seat is not None and self.seat.moved >= self.after and not self.resigned:
            self.resigned = True
            await self.ws.send('{"type":"resign"}')


async def register(host: str, port: int, name: str) -> str:
    """``POST /api/players {"name": name}``: the session cookie (``name=value``)."""
    reader, writer = await asyncio.open_connection(host, port)
    body = json.dumps({"name": name}).encode()
    writer.write(
        f"POST /api/players HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, payload = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    if int(lines[0].split(" ", 2)[1]) != 200:
        raise RuntimeError(json.loads(payload).get("error", lines[0]) if payload else lines[0])
    for line in lines[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == "set-cookie" and value.strip().startswith(COOKIE_NAME + "="):
            return value.strip().split(";", 1)[0]
    raise RuntimeError("no session cookie")


class Person:
    """One simulated person: a name, then the lobby and games, until the run ends."""

    def __init__(self, host: str, port: int, name: str, args: Any, fig: Figures, lob: LobbyFigures, seed: float):
        self.base = f"ws://{host}:{port}"
        self.host, self.port, self.name, self.args = host, port, name, args
        self.fig, self.lob = fig, lob
        self.rng = random.Random(seed)
        self.headers: dict[str, str] = {}
        self.tables: dict[str, dict[str, Any]] = {}

    async def think(self) -> None:
        await asyncio.sleep(self.rng.uniform(1.0, 3.0) if self.args.pace == "human" else self.rng.uniform(0.0, 0.1))

    async def live(self, stop_at: float) -> None:
        while not self.headers and time.monotonic() < stop_at:
            try:
                self.headers = {"Cookie": await register(self.host, self.port, self.name)}
            except Exception as e:
                self.fig.errors[f"name: {e}"] += 1
                await asyncio.sleep(1.0)
        while time.monotonic() < stop_at:
            paired = await self.in_lobby(stop_at)
            if paired is not None:  # seated at the very end too: the game is joined and resigned, so it is over
                await self.play(paired, stop_at)

    # ------------------------------------------------------------------ lobby

    async def in_lobby(self, stop_at: float) -> dict[str, Any] | None:
        """A visit to the lobby, until this person is seated (the ``paired`` message) or the run ends."""
        from websockets.asyncio.client import connect

        try:
            ws = await connect(
                self.base + "/lobby/ws", additional_headers=self.headers, max_size=1 << 22, open_timeout=30,
                ping_interval=None,
            )  # fmt: skip
        except Exception as e:
            self.fig.errors[f"lobby connection: {type(e).__name__}"] += 1
            await asyncio.sleep(1.0)
            return None
        self.lob.counts["lobby visits"] += 1
        replies: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        reader = asyncio.get_running_loop().create_task(self._read(ws, replies))
        try:
            return await self._choose(ws, replies, stop_at)
        except Exception as e:  # the connection went
            self.fig.errors[f"lobby: {type(e).__name__}"] += 1
            return None
        finally:
            reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
            with contextlib.suppress(Exception):
                await ws.close()

    async def _read(self, ws: Any, replies: asyncio.Queue[dict[str, Any]]) -> None:
        """Every message of the lobby: its updates kept in ``self.tables`` (each added table's
        lateness measured as it arrives), the answers to this person passed on."""
        try:
            async for text in ws:
                arrived = time.time()
                m = orjson.loads(text)
                kind = m.get("type")
                if kind == "lobby_update":
                    self.lob.updates += 1
                    since_start = time.monotonic() - self.fig.started
                    for t in m["added"]:
                        late = arrived - t["created"]
                        self.lob.latencies.append(late)
                        self.lob.latency_at.append(since_start - late)
                        self.tables[t["id"]] = t
                    for tid in m["removed"]:
                        self.tables.pop(tid, None)
                elif kind == "lobby":
                    self.tables = {t["id"]: t for t in m["tables"]}
                    replies.put_nowait(m)
                elif kind != "pong":
                    replies.put_nowait(m)
        finally:
            replies.put_nowait({"type": "gone"})

    async def _reply(self, replies: asyncio.Queue[dict[str, Any]], timeout: float) -> dict[str, Any]:
        try:
            return await asyncio.wait_for(replies.get(), max(0.0, timeout))
        except TimeoutError:
            return {"type": "timeout"}

    async def _choose(self, ws: Any, replies: asyncio.Queue[dict[str, Any]], stop_at: float) -> dict[str, Any] | None:
        first = await self._reply(replies, 30.0)
        if first["type"] != "lobby":
            self.fig.errors[f"lobby: {first['type']} first"] += 1
            return None
        while time.monotonic() < stop_at:
            await self.think()
            if time.monotonic() >= stop_at:
                return None
            others = [tid for tid, t in self.tables.items() if t["host"]["name"] != self.name]
            r = self.rng.random()
            if others and r < 0.45:
                kind = "take"
                await ws.send(json.dumps({"type": "take", "table": self.rng.choice(others)}))
            elif r < 0.75:
                kind = "quick"
                await ws.send('{"type":"quick","preset":"classic","stops":false}')
            else:
                kind = "open"
                await ws.send('{"type":"open","preset":"classic","stops":false}')
            m = await self._reply(replies, 30.0)
            if m["type"] == "paired":
                self.lob.counts[f"seated by {kind}"] += 1
                return self._seated(m)
            if m["type"] == "opened":
                self.lob.counts[f"opened by {kind}"] += 1
                paired = await self._host(ws, replies, m["table"]["id"], stop_at)
                if paired is not None:
                    return paired
            elif m["type"] == "error" and m.get("code") == "table_gone":
                self.lob.counts[f"{kind}: table gone"] += 1
            elif m["type"] == "error":
                self.fig.errors[f"lobby {kind}: {m.get('code')}"] += 1
            else:
                self.fig.errors[f"lobby {kind}: {m['type']}"] += 1
                if m["type"] == "gone":
                    return None
        return None

    async def _host(
        self, ws: Any, replies: asyncio.Queue[dict[str, Any]], table: str, stop_at: float
    ) -> dict[str, Any] | None:
        """Wait at one's open table: seated, or closing it after ``--wait`` seconds (or at the end)."""
        self.lob.opened[table] = ""
        m = await self._reply(replies, min(self.args.wait, stop_at - time.monotonic()))
        if m["type"] == "timeout":
            await ws.send('{"type":"cancel"}')
            m = await self._reply(replies, 15.0)
            if m["type"] == "error" and m.get("code") == "taken":  # taken meanwhile: the seat is on its way
                self.lob.counts["cancel: taken meanwhile"] += 1
                m = await self._reply(replies, 15.0)
        if m["type"] == "paired":
            self.lob.opened[table] = "paired"
            self.lob.counts["seated as host"] += 1
            return self._seated(m)
        if m["type"] == "closed":
            self.lob.opened[table] = str(m.get("reason"))
            self.lob.counts[f"closed: {m.get('reason')}"] += 1
            return None
        self.fig.errors[f"host: {m['type']} {m.get('code', '')}".strip()] += 1
        return None

    def _seated(self, m: dict[str, Any]) -> dict[str, Any]:
        self.lob.pairings.append((m["table"], m["game_id"], m["seat"], self.name))
        return m

    # ------------------------------------------------------------------- game

    async def play(self, paired: dict[str, Any], stop_at: float) -> None:
        """Play one's seat of the game, resigning after some moves; at the run's end a game
        still going is resigned (unmeasured), so that it is over and rated."""
        from websockets.asyncio.client import connect

        try:
            ws = await connect(
                f"{self.base}/ws/{paired['game_id']}", additional_headers=self.headers, max_size=1 << 20,
                open_timeout=30, ping_interval=None,
            )  # fmt: skip
        except Exception as e:
            self.fig.errors[f"game connection: {type(e).__name__}"] += 1
            return
        try:
            await ws.send(json.dumps({"type": "join", "token": paired["token"]}))
            after = self.rng.randint(1, self.args.resign_after) if self.args.resign_after else 0
            proxy = Resigning(ws, after)
            seat = proxy.seat = Seat(proxy, self.fig, self.rng, self.args.pace, 0)
            await seat.run(stop_at)
            if not self._over(seat):
                seat.fig = Figures(started=self.fig.started)  # the end's moves and refusals are not counted
                seat.limit = -1  # no more moves
                await ws.send('{"type":"resign"}')
                await seat.run(time.monotonic() + 10.0)
            if self._over(seat):
                self.lob.finished.add(paired["game_id"])
        except Exception as e:
            self.fig.errors[f"game: {type(e).__name__}"] += 1
        finally:
            with contextlib.suppress(Exception):
                await ws.close()

    @staticmethod
    def _over(seat: Seat) -> bool:
        return seat.state is not None and seat.state["view"]["outcome"] is not None


async def _run_people(host: str, port: int, args: Any, names: list[str], seed: int) -> tuple[Figures, LobbyFigures]:
    fig, lob = Figures(), LobbyFigures()
    fig.started = time.monotonic()
    stop_at = fig.started + args.seconds
    rng = random.Random(seed)

    async def one(i: int, name: str) -> None:
        await asyncio.sleep(args.ramp * i / max(1, len(names)))
        await Person(host, port, name, args, fig, lob, rng.random()).live(stop_at)

    lag = asyncio.get_running_loop().create_task(watch_lag(fig, stop_at))
    await asyncio.gather(*(one(i, n) for i, n in enumerate(names)))
    fig.ended = time.monotonic()
    lag.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await lag
    return fig, lob


def _lobby_part(host: str, port: int, args: Any, names: list[str], seed: int) -> dict[str, Any]:
    """One client process's people; what they saw, as plain data."""
    import gc

    if not args.client_gc:  # off, as the tables' mode has it: a collection here would count as the server's
        gc.collect()
        gc.freeze()
        gc.disable()
    try:
        fig, lob = asyncio.run(_run_people(host, port, args, names, seed))
    finally:
        gc.enable()
    return {
        "latencies": lob.latencies,
        "undelayed": undelayed(lob.latencies, lob.latency_at, fig.lags, fig.lag_at),
        "updates": lob.updates,
        "counts": dict(lob.counts),
        "pairings": lob.pairings,
        "opened": lob.opened,
        "finished": sorted(lob.finished),
        "acks": fig.acks,
        "lags": fig.lags,
        "errors": dict(fig.errors),
        "span": fig.ended - fig.started,
    }


async def open_tables_left(host: str, port: int, prefix: str, patience: float = 5.0) -> int:
    """The open tables of this run's people the server still lists (it is given ``patience``
    seconds to close those whose hosts have just gone)."""
    from websockets.asyncio.client import connect

    deadline = time.monotonic() + patience
    while True:
        async with connect(f"ws://{host}:{port}/lobby/ws", open_timeout=30, ping_interval=None) as ws:
            snap = orjson.loads(await ws.recv())
        left = sum(1 for t in snap["tables"] if t["host"]["name"].startswith(prefix))
        if not left or time.monotonic() >= deadline:
            return left
        await asyncio.sleep(0.5)
