"""``russianbank loadtest``: play many tables at once against a server on this machine.

Each table is a game for two played by this tool from both seats (``--opponent friend``) or a
person's seat against the server's computer (``--opponent computer``). A move's
acknowledgement time is from sending it to receiving the state that holds it (the server
acknowledges only stored moves). ``--pace fast`` moves as soon as it is the seat's turn;
``--pace human`` waits 1–3 s before each move, as a person would. Bounded in tables, time and
moves, and only against this machine (loopback addresses). ``--lobby`` has people pair in the
lobby and play instead (:mod:`.loadtest_lobby`).

Start the server with limits that let one address play many tables, for example::

    russianbank serve --port 8100 --games-per-minute 100000 --connections-per-client 100000
    russianbank loadtest --url http://127.0.0.1:8100 --tables 50 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import ipaddress
import json
import multiprocessing
import random
import socket
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import orjson

from .metrics import _ACK_BUCKETS

MAX_TABLES = 5000
MAX_SECONDS = 600.0
MAX_PROCESSES = 8


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server (on this machine only)")
    parser.add_argument("--tables", type=int, default=10, help=f"tables played at once (at most {MAX_TABLES})")
    parser.add_argument("--seconds", type=float, default=10.0, help=f"how long to play (at most {MAX_SECONDS:g})")
    parser.add_argument("--moves", type=int, default=0, help="stop each table after this many moves (0: no limit)")
    parser.add_argument("--pace", choices=["fast", "human"], default="fast", help="as fast as acks come, or 1-3 s")
    parser.add_argument("--opponent", choices=["friend", "computer"], default="friend")
    parser.add_argument(
        "--level",
        default=None,
        help="the computer's level (with --opponent computer; default: the server's default for a new game, medium)",
    )
    parser.add_argument("--processes", type=int, default=1, help="client processes sharing the tables")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds over which the tables start")
    parser.add_argument("--seed", type=int, default=1, help="seeds the tool's choices")
    parser.add_argument(
        "--client-gc",
        action="store_true",
        help="leave this tool's own garbage collector on (off by default: its pauses would count as the server's)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    from .loadtest_lobby import add_lobby_arguments

    add_lobby_arguments(parser)


def check_target(url: str) -> tuple[str, int]:
    """Host and port of ``url``, which must be on this machine; else ValueError."""
    parts = urlsplit(url)
    if parts.scheme != "http" or not parts.hostname:
        raise ValueError(f"not an http:// URL: {url!r}")
    port = parts.port or 80
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise ValueError(f"cannot resolve {parts.hostname}: {e}") from None
    for info in infos:
        if not ipaddress.ip_address(info[4][0]).is_loopback:
            raise ValueError(f"{parts.hostname} is not this machine: loadtest only plays against loopback addresses")
    return parts.hostname, port


@dataclass
class Figures:
    acks: list[float] = field(default_factory=list)
    ack_at: list[float] = field(default_factory=list)  # when each was sent, in seconds from the start
    moves_seen: int = 0  # every move a mover's connection saw stored (the computer's included)
    errors: Counter[str] = field(default_factory=Counter)
    games: int = 0
    started: float = 0.0
    ended: float = 0.0
    lags: list[float] = field(default_factory=list)  # how late this tool's own event loop ran a timer
    lag_at: list[float] = field(default_factory=list)  # when each of those timers ran, from the start


LAG_EVERY = 0.01  # seconds between the tool's own lag timers


async def watch_lag(fig: Figures, stop_at: float) -> None:
    """How late this tool's event loop wakes for a timer every :data:`LAG_EVERY` seconds: an
    acknowledgement the tool reads late by that much was late in the tool, not in the server."""
    loop = asyncio.get_running_loop()
    while time.monotonic() < stop_at:
        due = loop.time() + LAG_EVERY
        await asyncio.sleep(LAG_EVERY)
        fig.lags.append(max(0.0, loop.time() - due))
        fig.lag_at.append(time.monotonic() - fig.started)


LATE = 0.01  # an acknowledgement is counted as delayed by the tool when its loop was this late meanwhile


def undelayed(acks: list[float], sent_at: list[float], lags: list[float], lag_at: list[float]) -> list[float]:
    """The acknowledgement times during which (from sending the move to 20 ms after reading its
    state) none of the tool's own timers ran more than :data:`LATE` late: what the server and
    the network took, without the tool's own delays."""
    late = [at for lag, at in zip(lags, lag_at, strict=True) if lag > LATE]
    out = []
    for ack, at in zip(acks, sent_at, strict=True):
        i = bisect.bisect_left(late, at)
        if i == len(late) or late[i] > at + ack + 0.02:
            out.append(ack)
    return out


async def http_json(host: str, port: int, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """A tiny HTTP/1.1 client (one request per connection)."""
    reader, writer = await asyncio.open_connection(host, port)
    data = b"" if body is None else json.dumps(body).encode()
    head = f"{method} {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n"
    if body is not None:
        head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
    writer.write(head.encode() + b"\r\n" + data)
    await writer.drain()
    raw = await reader.read()
    writer.close()
    status = int(raw.split(b" ", 2)[1])
    payload = raw.split(b"\r\n\r\n", 1)[1]
    out = json.loads(payload) if payload else None
    if status != 200:
        raise RuntimeError(out.get("error", status) if isinstance(out, dict) else status)
    return out


def scrape(host: str, port: int) -> dict[str, float]:
    """The server's own figures from ``/metrics`` (CPU seconds, moves stored), or {} without them."""
    import urllib.request

    try:
        with urllib.request.urlopen(f"http://{host}:{port}/metrics", timeout=5) as r:
            text = r.read().decode()
    except OSError:
        return {}
    out: dict[str, float] = {}
    for line in text.splitlines():
        name, _, value = line.partition(" ")
        if name in ("process_cpu_seconds_total", "russianbank_moves_total"):
            out[name] = float(value)
        elif name == 'russianbank_cpu_seconds{part="server"}':
            out["server_cpu"] = float(value)  # all the server processes, also under --workers
        elif name == 'russianbank_cpu_seconds{part="thinking"}':
            out["thinking_cpu"] = float(value)
        elif name == 'russianbank_cpu_seconds{part="writer"}':
            out["writer_cpu"] = float(value)
        elif name.startswith(
            (
                "russianbank_gc_",
                "russianbank_loop_lag_seconds_",
                "russianbank_ack_seconds_",
                "russianbank_store_wait_seconds_",
                "russianbank_commit_",
            )
        ):
            out[name] = float(value)
    return out


def _pauses(before: dict[str, float], after: dict[str, float]) -> dict[str, Any]:
    """The server's collector pauses and event-loop lag during the run (from its histograms)."""

    def d(name: str) -> float:
        return after.get(name, 0.0) - before.get(name, 0.0)

    gc_n = {g: int(d(f'russianbank_gc_pause_seconds_count{{generation="{g}"}}')) for g in "012"}
    gc_s = {g: d(f'russianbank_gc_pause_seconds_sum{{generation="{g}"}}') for g in "012"}
    lag = "russianbank_loop_lag_seconds"
    n = d(f"{lag}_count")
    over = {ms: int(n - d(f'{lag}_bucket{{le="{ms / 1000}"}}')) for ms in (10, 50, 100)}
    acked = d("russianbank_ack_seconds_count")
    under = None
    if acked:
        pct = [(ms, d(f'russianbank_ack_seconds_bucket{{le="{ms / 1000}"}}')) for ms in (10, 50, 100)]
        under = {ms: round(100 * count / acked, 2) for ms, count in pct}
    return {
        "server_ack_under_ms_pct": under,  # received to sent, the server's own histogram
        "server_ack_at_most_ms": {p: _bucket_bound(d, acked, p) for p in (50, 99)} if acked else None,
        "store": _store_figures(d),
        "gc_collections": gc_n,
        "gc_seconds": {g: round(v, 3) for g, v in gc_s.items()},
        "gc_collected_objects": int(d("russianbank_gc_collected_objects_total")),
        "loop_lag_samples": int(n),
        "loop_lag_mean_ms": round(1000 * d(f"{lag}_sum") / n, 2) if n else None,
        "loop_lag_over_ms": over,
    }


def _bucket_bound(d: Any, acked: float, p: float, name: str = "russianbank_ack_seconds") -> float | None:
    """The upper bound (ms) of the bucket of the server's histogram ``name`` that holds its
    ``p``-th percentile (None: above the last bucket)."""
    for le in _ACK_BUCKETS:
        if d(f'{name}_bucket{{le="{le}"}}') >= acked * p / 100:
            return round(le * 1000, 2)
    return None


def _store_figures(d: Any) -> dict[str, Any] | None:
    """The store's side of the acknowledgements: its wait (write to going on) p50/p99 bounds, and
    the commits (how many, their mean time and size)."""
    waited = d("russianbank_store_wait_seconds_count")
    commits = d("russianbank_commit_seconds_count")
    if not waited or not commits:
        return None
    wait = "russianbank_store_wait_seconds"
    return {
        "writes": int(waited),
        "wait_at_most_ms": {p: _bucket_bound(d, waited, p, wait) for p in (50, 99)},
        "wait_mean_ms": round(1000 * d(f"{wait}_sum") / waited, 2),
        "commits": int(commits),
        "commit_mean_ms": round(1000 * d("russianbank_commit_seconds_sum") / commits, 2),
        "batch_mean": round(d("russianbank_commit_batch_size_sum") / commits, 2),
    }


def _ack_figures(acks: list[float]) -> dict[str, Any]:
    return {
        "moves": len(acks),
        "p50": round(percentile(acks, 50) * 1000, 2),
        "p95": round(percentile(acks, 95) * 1000, 2),
        "p99": round(percentile(acks, 99) * 1000, 2),
        "max": round(max(acks) * 1000, 2) if acks else None,
        "mean": round(statistics.fmean(acks) * 1000, 2) if acks else None,
    }


def choose(legal: list[str], rng: random.Random) -> str:
    """A move that keeps the game going and ends turns often enough."""
    if rng.random() < 0.3:
        return rng.choice(legal)
    for m in legal:
        if m.endswith("F"):
            return m
    for want in ("HW", "SH", "pass"):
        if want in legal:
            return want
    return rng.choice(legal)


class Seat:
    """One websocket seat: keeps its state from the deltas and plays when it is its turn."""

    def __init__(self, ws: Any, figures: Figures, rng: random.Random, pace: str, limit: int) -> None:
        from .delta import apply

        self.apply = apply
        self.ws = ws
        self.fig = figures
        self.rng = rng
        self.pace = pace
        self.limit = limit
        self.state: dict[str, Any] | None = None
        self.rev: int | None = None
        self.sent_at: float | None = None
        self.sent_sid = -1
        self.moved = 0

    async def run(self, stop_at: float) -> None:
        while time.monotonic() < stop_at:
            try:
                text = await asyncio.wait_for(self.ws.recv(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                return
            m = orjson.loads(text)
            kind = m.get("type")
            if kind == "state":
                self.state = {k: v for k, v in m.items() if k not in ("type", "rev")}
                self.rev = m["rev"]
            elif kind == "delta":
                if self.state is None or m["base"] != self.rev:
                    self.state = None
                    await self.ws.send('{"type":"sync"}')
                    continue
                self.state = self.apply(self.state, m["ops"])
                self.rev = m["rev"]
            elif kind == "error":
                self.fig.errors[m.get("code", "?")] += 1
                if self.sent_at is not None:
                    self.sent_at = None
            else:
                continue
            st = self.state
            if st is None:
                continue
            sid = st["state_id"]
            if self.sent_at is not None and sid > self.sent_sid:
                self.fig.acks.append(time.perf_counter() - self.sent_at)
                self.fig.ack_at.append(time.monotonic() - self.fig.started - self.fig.acks[-1])
                self.sent_at = None
            if kind == "delta" and st["seat"] == "A":
                self.fig.moves_seen += 1
            if st["view"]["outcome"] is not None:
                return
            if st["your_turn"] and self.sent_at is None and (not self.limit or self.moved < self.limit):
                legal = st["view"]["legal_moves"]
                if not legal:
                    continue
                if self.pace == "human":
                    await asyncio.sleep(self.rng.uniform(1.0, 3.0))
                move = choose(legal, self.rng)
                self.sent_sid = sid
                self.sent_at = time.perf_counter()
                self.moved += 1
                await self.ws.send(json.dumps({"type": "move", "move": move, "state": sid}))


async def play_table(host: str, port: int, args: Any, fig: Figures, rng: random.Random, stop_at: float) -> None:
    from websockets.asyncio.client import connect

    while time.monotonic() < stop_at:
        body: dict[str, Any] = {"mode": args.opponent}
        if args.opponent == "computer" and args.level is not None:
            body["level"] = args.level
        try:
            d = await http_json(host, port, "POST", "/api/games", body)
        except Exception as e:
            fig.errors[f"create: {e}"] += 1
            await asyncio.sleep(1)
            continue
        fig.games += 1
        tokens = [d["token"]]
        if "friend_url" in d:
            tokens.append(d["friend_url"].split("#t=", 1)[1])
        url = f"ws://{host}:{port}/ws/{d['game_id']}"
        socks = []
        try:
            for tok in tokens:
                ws = await connect(url, max_size=1 << 20, open_timeout=30, ping_interval=None)
                socks.append(ws)
                await ws.send(json.dumps({"type": "join", "token": tok}))
            seats = [Seat(ws, fig, rng, args.pace, args.moves) for ws in socks]
            await asyncio.gather(*(s.run(stop_at) for s in seats))
        except Exception as e:
            fig.errors[f"connection: {type(e).__name__}"] += 1
            await asyncio.sleep(0.5)
        finally:
            for ws in socks:
                await ws.close()
        if args.moves:
            return


async def run_part(host: str, port: int, args: Any, tables: int, seed: int) -> Figures:
    fig = Figures()
    fig.started = time.monotonic()
    stop_at = fig.started + args.seconds
    rng = random.Random(seed)

    async def one(i: int) -> None:
        await asyncio.sleep(args.ramp * i / max(1, tables))
        await play_table(host, port, args, fig, random.Random(rng.random()), stop_at)

    lag = asyncio.get_running_loop().create_task(watch_lag(fig, stop_at))
    await asyncio.gather(*(one(i) for i in range(tables)))
    fig.ended = time.monotonic()
    lag.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await lag
    return fig


def _part(host: str, port: int, args: Any, tables: int, seed: int) -> dict[str, Any]:
    import gc

    pauses: list[float] = []
    started = [0.0]

    def timed(phase: str, _info: dict[str, int]) -> None:  # the client's own collections delay what it sees
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append(time.perf_counter() - started[0])

    gc.callbacks.append(timed)
    if not args.client_gc:  # off: a collection here would count as the server's lateness
        gc.collect()
        gc.freeze()
        gc.disable()
    try:
        fig = asyncio.run(run_part(host, port, args, tables, seed))
    finally:
        gc.callbacks.remove(timed)
        gc.enable()
    import resource

    return {
        "rss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "gc_pauses": pauses,
        "acks": fig.acks,
        "ack_at": fig.ack_at,
        "lags": fig.lags,
        "undelayed": undelayed(fig.acks, fig.ack_at, fig.lags, fig.lag_at),
        "seen": fig.moves_seen,
        "errors": dict(fig.errors),
        "games": fig.games,
        "span": fig.ended - fig.started,
    }


def _lag_figures(lags: list[float]) -> dict[str, Any]:
    """This tool's own event-loop lateness (every process's timers together), in ms."""
    return {
        "timers": len(lags),
        "p50": round(percentile(lags, 50) * 1000, 2),
        "p99": round(percentile(lags, 99) * 1000, 2),
        "max": round(max(lags) * 1000, 2) if lags else None,
        "over_ms": {ms: sum(1 for x in lags if x * 1000 > ms) for ms in (10, 50)},
    }


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(p / 100 * len(s)))]


def run(args: argparse.Namespace) -> int:
    if getattr(args, "lobby", False):  # people in the lobby instead of tables
        from .loadtest_lobby import run_lobby

        return run_lobby(args)
    try:
        host, port = check_target(args.url)
    except ValueError as e:
        print(f"russianbank loadtest: {e}", file=sys.stderr)
        return 2
    if not 1 <= args.tables <= MAX_TABLES:
        print(f"russianbank loadtest: --tables must be from 1 to {MAX_TABLES}", file=sys.stderr)
        return 2
    if not 0 < args.seconds <= MAX_SECONDS:
        print(f"russianbank loadtest: --seconds must be above 0 and at most {MAX_SECONDS:g}", file=sys.stderr)
        return 2
    if not 1 <= args.processes <= MAX_PROCESSES or args.moves < 0:
        print(f"russianbank loadtest: --processes must be from 1 to {MAX_PROCESSES}", file=sys.stderr)
        return 2
    before = scrape(host, port)
    n = args.processes
    shares = [args.tables // n + (1 if i < args.tables % n else 0) for i in range(n)]
    if n == 1:
        parts = [_part(host, port, args, shares[0], args.seed)]
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(n) as pool:
            parts = pool.starmap(_part, [(host, port, args, shares[i], args.seed + i) for i in range(n)])
    after = scrape(host, port)
    acks = [a for p in parts for a in p["acks"]]
    settle = args.ramp + min(5.0, args.seconds / 10) if args.ramp else 0.0  # the ramp and its aftermath
    steady = [a for p in parts for a, at in zip(p["acks"], p["ack_at"], strict=True) if at >= settle]
    errors: Counter[str] = Counter()
    for p in parts:
        errors.update(p["errors"])
    span = max(p["span"] for p in parts)
    seen = sum(p["seen"] for p in parts)
    out = {
        "tables": args.tables,
        "pace": args.pace,
        "opponent": args.opponent,
        "seconds": round(span, 2),
        "games": sum(p["games"] for p in parts),
        "acked_moves": len(acks),
        "acked_moves_per_second": round(len(acks) / span, 1) if span else 0,
        "stored_moves_seen_per_second": round(seen / span, 1) if span else 0,
        "ack_ms": _ack_figures(acks),
        "steady_from_s": round(settle, 1),
        "steady_ack_ms": _ack_figures(steady),
        "errors": dict(errors),
        "client_loop_lag_ms": _lag_figures([x for p in parts for x in p["lags"]]),
        "undelayed_ack_ms": _ack_figures([a for p in parts for a in p["undelayed"]]),
        "client_gc": {
            "collections": sum(len(p["gc_pauses"]) for p in parts),
            "seconds": round(sum(sum(p["gc_pauses"]) for p in parts), 3),
            "longest_ms": round(1000 * max((x for p in parts for x in p["gc_pauses"]), default=0.0), 2),
            "peak_mib_per_process": round(max(p["rss_mib"] for p in parts), 1),
        },
    }
    key = "server_cpu" if "server_cpu" in before else "process_cpu_seconds_total"
    if key in before and key in after:
        cpu = after[key] - before[key]
        stored = after.get("russianbank_moves_total", 0) - before.get("russianbank_moves_total", 0)
        out["server"] = {
            "cpu_seconds": round(cpu, 2),
            "moves_stored": int(stored),
            "moves_per_cpu_second": round(stored / cpu, 1) if cpu > 0 else None,
            "thinking_cpu_seconds": round(after.get("thinking_cpu", 0) - before.get("thinking_cpu", 0), 2),
            "writer_cpu_seconds": round(after.get("writer_cpu", 0) - before.get("writer_cpu", 0), 2),
        }
    if any(k.startswith("russianbank_loop_lag") for k in after):
        out["pauses"] = _pauses(before, after)
    if args.json:
        print(json.dumps(out))
    else:
        a = out["ack_ms"]
        print(f"{out['tables']} tables ({args.opponent}, {args.pace}), {out['seconds']} s, {out['games']} games")
        print(
            f"acknowledged moves: {out['acked_moves']} ({out['acked_moves_per_second']}/s); "
            f"moves stored, seen by seat A: {out['stored_moves_seen_per_second']}/s"
        )
        print(f"acknowledgement ms, whole run: p50 {a['p50']}  p95 {a['p95']}  p99 {a['p99']}  max {a['max']}")
        if settle:
            b = out["steady_ack_ms"]
            print(
                f"acknowledgement ms, moves sent from {out['steady_from_s']} s on ({b['moves']}): "
                f"p50 {b['p50']}  p95 {b['p95']}  p99 {b['p99']}  max {b['max']}"
            )
        if "server" in out:
            sv = out["server"]
            print(
                f"server: {sv['moves_stored']} moves stored in {sv['cpu_seconds']} s of its CPU "
                f"({sv['moves_per_cpu_second']} moves per CPU-second); "
                f"the computer's thinking in worker processes: {sv['thinking_cpu_seconds']} s; "
                f"the database writer's process: {sv['writer_cpu_seconds']} s"
            )
        if "pauses" in out:
            pz = out["pauses"]
            gcn, gcs = pz["gc_collections"], pz["gc_seconds"]
            print(
                "server pauses: garbage collections "
                + ", ".join(f"gen{g} {gcn[g]} ({gcs[g]} s)" for g in "012")
                + f", {pz['gc_collected_objects']} objects collected"
                + f"; event loop late by {pz['loop_lag_mean_ms']} ms on average, "
                + ", ".join(f"over {ms} ms {n}x" for ms, n in pz["loop_lag_over_ms"].items())
                + f" of {pz['loop_lag_samples']} timers"
            )
            if pz["server_ack_under_ms_pct"]:
                bound = pz["server_ack_at_most_ms"]
                print(
                    "the server's own acknowledgement (received to sent): "
                    + ", ".join(f"under {ms} ms {v}%" for ms, v in pz["server_ack_under_ms_pct"].items())
                    + f"; p50 at most {bound[50]} ms, p99 at most {bound[99]} ms (its histogram's buckets)"
                )
        sto = out.get("pauses", {}).get("store")
        if sto:
            w = sto["wait_at_most_ms"]
            print(
                f"the server's store: {sto['writes']} writes waited {sto['wait_mean_ms']} ms on average "
                f"(p50 at most {w[50]} ms, p99 at most {w[99]} ms) from being handed to it to the mover going on; "
                f"{sto['commits']} commits of {sto['commit_mean_ms']} ms and {sto['batch_mean']} writes on average"
            )
        lg = out["client_loop_lag_ms"]
        print(
            f"this tool's event loop late by p50 {lg['p50']}  p99 {lg['p99']}  max {lg['max']} ms "
            f"(over 10 ms {lg['over_ms'][10]}x, over 50 ms {lg['over_ms'][50]}x of {lg['timers']} timers "
            f"every {LAG_EVERY * 1000:g} ms): acknowledgements read that late were late here, not in the server"
        )
        u = out["undelayed_ack_ms"]
        share = round(100 * u["moves"] / len(acks), 1) if acks else 0.0
        print(
            f"acknowledgement ms while this tool's loop was never over {LATE * 1000:g} ms late "
            f"({u['moves']}, {share}%): p50 {u['p50']}  p95 {u['p95']}  p99 {u['p99']}  max {u['max']}"
        )
        cg = out["client_gc"]
        print(
            f"this tool: garbage collector {'on' if args.client_gc else 'off'}, {cg['collections']} collections "
            f"({cg['seconds']} s, the longest {cg['longest_ms']} ms), at most {cg['peak_mib_per_process']} MiB "
            "per process"
        )
        if errors:
            print("errors:", ", ".join(f"{k} x{v}" for k, v in errors.most_common()))
    return 0
