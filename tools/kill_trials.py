"""Durability trials: play fast tables against ``russianbank serve``, kill -9 it at a random moment,
start it again on the same database, and check that every acknowledged move is there, at the
index it was acknowledged at (a spectator joining after the restart sees the history).

    PYTHONPATH=src python tools/kill_trials.py --db sqlite:////tmp/server-kill/g.db --trials 50 --ports 8190-8199
    PYTHONPATH=src python tools/kill_trials.py --db postgresql://postgres@127.0.0.1:5433/postgres --trials 50

Bounded: at most 500 trials of at most 5 s of play each, against a server it starts itself on
this machine. Prints one line per trial and a summary (acknowledged moves, moves lost).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
Acked = dict[str, list[tuple[int, str]]]  # game -> (index, move) of each acknowledged move


def free_port(ports: str) -> int:
    """The first port of the range ``FIRST-LAST`` that nobody listens on (the machine is shared:
    each developer has a range of their own)."""
    first, _, last = ports.partition("-")
    lo, hi = int(first), int(last or first)
    for port in range(lo, hi + 1):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise SystemExit(f"no free port in {ports}")


def start(db: str, key: Path, port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    p = subprocess.Popen(
        [sys.executable, "-m", "russianbank", "serve", "--port", str(port), "--db", db, "--key-file", str(key),
         "--games-per-minute", "100000", "--connections-per-client", "100000", "--pace", "0",
         "--log-level", "error"],
        env=env, stdout=subprocess.DEVNULL, stderr=open(key.with_suffix(".log"), "ab"),  # noqa: SIM115
    )  # fmt: skip
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return p
        except OSError:
            time.sleep(0.05)
    p.kill()
    raise SystemExit(f"the server did not start (its output: {key.with_suffix('.log')})")


async def play(port: int, tables: int, seconds: float, acked: Acked, rng: random.Random) -> None:
    from websockets.asyncio.client import connect

    from russianbank.web.delta import apply
    from russianbank.web.loadtest import choose, http_json

    stop_at = time.monotonic() + seconds

    async def table() -> None:
        d = await http_json("127.0.0.1", port, "POST", "/api/games", {"mode": "friend"})
        gid = d["game_id"]
        acked[gid] = []
        toks = [d["token"], d["friend_url"].split("#t=", 1)[1]]
        socks = [await connect(f"ws://127.0.0.1:{port}/ws/{gid}") for _ in toks]
        states: list[Any] = []
        revs: list[Any] = []
        for ws, tok in zip(socks, toks, strict=True):
            await ws.send(json.dumps({"type": "join", "token": tok}))
            m = json.loads(await ws.recv())
            states.append({k: v for k, v in m.items() if k not in ("type", "rev")})
            revs.append(m["rev"])
        while time.monotonic() < stop_at:
            s = states[0]
            if s["view"]["outcome"]:
                return
            i = "AB".index(s["view"]["turn"])
            move = choose(states[i]["view"]["legal_moves"], rng)
            idx = len(s["view"]["history"])  # the index the move gets
            await socks[i].send(json.dumps({"type": "move", "move": move, "state": s["state_id"]}))
            for j in (i, 1 - i):  # the mover's connection first: its delta is the acknowledgement
                while True:
                    m = json.loads(await socks[j].recv())
                    if m["type"] == "delta":
                        states[j] = apply(states[j], m["ops"])
                        revs[j] = m["rev"]
                        break
                    if m["type"] == "error":
                        raise RuntimeError(m["code"])
                hist = states[i]["view"]["history"]
                if j == i and len(hist) > idx and hist[idx]["move"] == move:
                    acked[gid].append((idx, move))  # acknowledged: from now on it must survive anything

    async def guarded() -> None:
        try:
            await table()
        except Exception:  # the server was killed under us
            return

    await asyncio.gather(*(guarded() for _ in range(tables)))


async def check(port: int, acked: Acked) -> tuple[int, int]:
    """(acknowledged moves, lost ones) after the restart: a spectator joins each game, and every
    acknowledged move must be in its history at the index it was acknowledged at."""
    from websockets.asyncio.client import connect

    total = lost = 0
    for gid, moves in acked.items():
        total += len(moves)
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws/{gid}") as ws:
                await ws.send(json.dumps({"type": "join"}))
                m = json.loads(await ws.recv())
            stored = [h["move"] for h in m["view"]["history"]]
        except Exception:
            lost += len(moves)
            continue
        lost += sum(1 for idx, move in moves if idx >= len(stored) or stored[idx] != move)
    return total, lost


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--trials", type=int, default=50)
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--key", type=Path, default=Path("/tmp/server-kill.key"))
    ap.add_argument("--ports", default="8190-8199", help="the port range to serve on (default 8190-8199)")
    args = ap.parse_args()
    if not 1 <= args.trials <= 500:
        raise SystemExit("--trials must be from 1 to 500")
    rng = random.Random(2026)
    grand_total = grand_lost = 0
    port = free_port(args.ports)
    for n in range(1, args.trials + 1):
        p = start(args.db, args.key, port)
        acked: Acked = {}
        kill_after = rng.uniform(0.3, 2.5)

        async def run(acked: Acked = acked, kill_after: float = kill_after, pid: int = p.pid) -> None:
            task = asyncio.create_task(play(port, args.tables, 5.0, acked, rng))
            await asyncio.sleep(kill_after)
            os.kill(pid, signal.SIGKILL)  # in the middle of everything
            await asyncio.wait_for(task, 10)

        asyncio.run(run())
        p.wait(10)
        p = start(args.db, args.key, port)
        total, lost = asyncio.run(check(port, acked))
        p.send_signal(signal.SIGTERM)
        p.wait(30)
        grand_total += total
        grand_lost += lost
        print(f"trial {n}: killed after {kill_after:.2f} s, {total} acknowledged moves, {lost} lost", flush=True)
    print(f"{args.trials} trials on {args.db.split('://')[0]}: {grand_total} acknowledged moves, {grand_lost} lost")
    return 1 if grand_lost else 0


if __name__ == "__main__":
    sys.exit(main())
