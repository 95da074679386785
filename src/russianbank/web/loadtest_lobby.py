"""``russianbank loadtest --lobby``: many people find each other in the lobby and play.

The people are :mod:`.loadtest_people`'s; ``--people`` of them, shared by ``--processes`` client
processes, arriving over ``--ramp`` seconds and playing for ``--seconds``. Against a server on
this machine only, started with limits that let one address have many names, games and
connections, for example::

    russianbank serve --port 8100 --games-per-minute 100000 --connections-per-client 100000 \\
        --names-per-address 100000 --pace 0
    russianbank loadtest --lobby --url http://127.0.0.1:8100 --people 50 --seconds 30

What it measures: the lobby's lateness, for every table that a ``lobby_update`` adds, the
time it arrived (this machine's clock) less the table's ``created`` (the server's clock, the
same one); the pairings, refusals and errors. What must never happen, each counted: a game that
more than two people were seated at or a seat given twice (double-seated), a table that became
two games, a game only one of its two people was told of, a table opened and neither closed nor
taken by the end (lost), an open table of the run's people the server still lists after they
went. With ``--db URL`` (the server's database) it also checks the named seats stored against
the seats people were given, and the stored ratings against a replay of the stored results
(:mod:`.ratings_replay`). The exit status is 1 when any of those is not zero.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import secrets
import statistics
import sys
from collections import Counter, defaultdict
from typing import Any

from .loadtest import LAG_EVERY, MAX_PROCESSES, MAX_SECONDS, _lag_figures, _pauses, check_target, percentile, scrape

MAX_PEOPLE = 5000


def add_lobby_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lobby", action="store_true", help="people pair in the lobby and play (instead of --tables)")
    parser.add_argument("--people", type=int, default=20, help=f"with --lobby: people (at most {MAX_PEOPLE})")
    parser.add_argument(
        "--resign-after", type=int, default=10, metavar="N", help="with --lobby: resign after 1-N own moves (0: never)"
    )
    parser.add_argument(
        "--wait", type=float, default=15.0, metavar="SECONDS", help="with --lobby: how long a host waits at a table"
    )
    parser.add_argument(
        "--db", metavar="URL", default=None, help="with --lobby: the server's database, to check seats and ratings"
    )


def _ms(values: list[float]) -> dict[str, Any]:
    """Count, p50, p90, p99, max and mean of ``values`` (seconds), in ms."""
    out: dict[str, Any] = {"count": len(values)}
    for p in (50, 90, 99):
        out[f"p{p}"] = round(percentile(values, p) * 1000, 1) if values else None
    out["max"] = round(max(values) * 1000, 1) if values else None
    out["mean"] = round(statistics.fmean(values) * 1000, 1) if values else None
    return out


def double_seated(seated: list[tuple[str, str]]) -> bool:
    """More than two people told of one game, a seat told twice, or one person at both seats."""
    return len(seated) > 2 or len({x for x, _ in seated}) < len(seated) or len({n for _, n in seated}) < len(seated)


def check_pairings(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """What the people were told, put together: the games, and what must never happen."""
    by_game: dict[str, list[tuple[str, str]]] = defaultdict(list)
    by_table: dict[str, set[str]] = defaultdict(set)
    for p in parts:
        for table, game, seat, name in p["pairings"]:
            by_game[game].append((seat, name))
            by_table[table].add(game)
    double = [g for g, s in by_game.items() if double_seated(s)]
    opened = {t: end for p in parts for t, end in p["opened"].items()}
    return {
        "games": len(by_game),
        "double_seated": len(double),
        "tables_paired_twice": sum(1 for games in by_table.values() if len(games) > 1),
        "one_sided": sum(1 for s in by_game.values() if len(s) == 1),
        "tables_opened": len(opened),
        "lost_tables": sum(1 for end in opened.values() if not end),
        "seats": {g: dict(s) for g, s in by_game.items() if g not in double},
    }


def check_stored_seats(seats: dict[str, dict[str, str]], stored: list[tuple[Any, ...]]) -> int:
    """The games whose named seats in the database are not the people told of them (A, B)."""
    named: dict[str, dict[str, str]] = defaultdict(dict)
    for game, seat, name in stored:
        named[game]["AB"[int(seat)]] = name
    return sum(1 for g, s in seats.items() if len(s) == 2 and named.get(g) != s)


def measure(args: argparse.Namespace, host: str, port: int) -> dict[str, Any]:
    """Run the people and put together what they saw, with the checks."""
    from .loadtest_people import _lobby_part, open_tables_left

    prefix = f"lb{secrets.token_hex(3)}-"  # names of this run only, unlike any earlier run's
    names = [f"{prefix}{i}" for i in range(args.people)]
    n = min(args.processes, args.people)
    shares = [names[i::n] for i in range(n)]
    before = scrape(host, port)
    if n == 1:
        parts = [_lobby_part(host, port, args, shares[0], args.seed)]
    else:
        with multiprocessing.get_context("spawn").Pool(n) as pool:
            parts = pool.starmap(_lobby_part, [(host, port, args, shares[i], args.seed + i) for i in range(n)])
    after = scrape(host, port)
    counts: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    for p in parts:
        counts.update(p["counts"])
        errors.update(p["errors"])
    checks = check_pairings(parts)
    seats = checks.pop("seats")
    checks["left_open_on_server"] = asyncio.run(open_tables_left(host, port, prefix))
    acks = [a for p in parts for a in p["acks"]]
    out: dict[str, Any] = {
        "people": args.people,
        "pace": args.pace,
        "processes": n,
        "seconds": round(max(p["span"] for p in parts), 2),
        "lobby_update_ms": _ms([x for p in parts for x in p["latencies"]]),
        "lobby_update_ms_undelayed": _ms([x for p in parts for x in p["undelayed"]]),
        "lobby_updates_received": sum(p["updates"] for p in parts),
        "lobby": dict(sorted(counts.items())),
        "games_paired": checks["games"],
        "games_finished": len({g for p in parts for g in p["finished"]}),
        "move_ack_ms": _ms(acks),
        "checks": checks,
        "errors": dict(errors.most_common()),
        "client_loop_lag_ms": _lag_figures([x for p in parts for x in p["lags"]]),
    }
    key = "server_cpu" if "server_cpu" in before else "process_cpu_seconds_total"
    if key in before and key in after:
        out["server_cpu_seconds"] = round(after[key] - before[key], 2)
        out["writer_cpu_seconds"] = round(after.get("writer_cpu", 0) - before.get("writer_cpu", 0), 2)
    if any(k.startswith("russianbank_loop_lag") for k in after):
        pz = _pauses(before, after)
        out["server_loop_lag"] = {k: pz[k] for k in ("loop_lag_samples", "loop_lag_mean_ms", "loop_lag_over_ms")}
    if args.db:
        from .ratings_replay import read_stored, replay

        try:
            stored = read_stored(args.db)
        except Exception as e:  # told, and counted as a failure: nothing was checked
            out["database_error"] = f"{type(e).__name__}: {e}"
        else:
            checks["seats_stored_wrong"] = check_stored_seats(seats, stored.seats)
            out["ratings"] = replay(stored).as_dict()
    bad = [k for k, v in checks.items() if k not in ("games", "tables_opened") and v]
    if "database_error" in out:
        bad.append("database")
    if out.get("ratings", {}).get("mismatches"):
        bad.append("ratings")
    out["failures"] = bad
    return out


def report(out: dict[str, Any]) -> None:
    lu, ud, mv, ch = out["lobby_update_ms"], out["lobby_update_ms_undelayed"], out["move_ack_ms"], out["checks"]
    print(f"{out['people']} people in the lobby ({out['pace']}, {out['processes']} processes), {out['seconds']} s")
    print(
        f"lobby update ms (an added table's arrival less its 'created'), {lu['count']} tables seen: "
        f"p50 {lu['p50']}  p90 {lu['p90']}  p99 {lu['p99']}  max {lu['max']}"
    )
    print(
        f"  of them while this tool's loop was never over 10 ms late ({ud['count']}): "
        f"p50 {ud['p50']}  p90 {ud['p90']}  p99 {ud['p99']}  max {ud['max']}"
    )
    counts = ", ".join(f"{k} {v}" for k, v in out["lobby"].items())
    print(f"lobby updates received: {out['lobby_updates_received']}; {counts}")
    print(
        f"games: {out['games_paired']} paired, {out['games_finished']} over; {mv['count']} moves acknowledged, "
        f"ms p50 {mv['p50']}  p99 {mv['p99']}  max {mv['max']}"
    )
    print(
        f"checks: {ch['double_seated']} games double-seated, {ch['tables_paired_twice']} tables paired twice, "
        f"{ch['one_sided']} games told to one side only, {ch['lost_tables']} of {ch['tables_opened']} tables lost, "
        f"{ch['left_open_on_server']} left open on the server"
        + (f", {ch['seats_stored_wrong']} games whose stored seats differ" if "seats_stored_wrong" in ch else "")
    )
    if "ratings" in out:
        r = out["ratings"]
        print(
            f"ratings: {r['rated_games']} rated games ({r['rated_rows']} rows) replayed, {r['players_rated']} of "
            f"{r['players']} players rated, {r['mismatches']} mismatches"
            + "".join(f"\n  {line}" for line in r["first_mismatches"])
        )
    if "server_cpu_seconds" in out:
        print(f"server CPU: {out['server_cpu_seconds']} s (+ writer {out['writer_cpu_seconds']} s)")
    if "server_loop_lag" in out:
        sl = out["server_loop_lag"]
        print(
            f"the server's event loop late by {sl['loop_lag_mean_ms']} ms on average, "
            + ", ".join(f"over {ms} ms {n}x" for ms, n in sl["loop_lag_over_ms"].items())
            + f" of {sl['loop_lag_samples']} timers"
        )
    lg = out["client_loop_lag_ms"]
    print(
        f"this tool's event loop late by p50 {lg['p50']}  p99 {lg['p99']}  max {lg['max']} ms "
        f"(timers every {LAG_EVERY * 1000:g} ms)"
    )
    if out["errors"]:
        print("errors:", ", ".join(f"{k} x{v}" for k, v in out["errors"].items()))
    if "database_error" in out:
        print(f"could not read the database to check seats and ratings: {out['database_error']}")
    print("FAILED: " + ", ".join(out["failures"]) if out["failures"] else "no table lost, nobody double-seated")


def run_lobby(args: argparse.Namespace) -> int:
    def fail(text: str) -> int:
        print(f"russianbank loadtest: {text}", file=sys.stderr)
        return 2

    try:
        host, port = check_target(args.url)
    except ValueError as e:
        return fail(str(e))
    if not 2 <= args.people <= MAX_PEOPLE:
        return fail(f"--people must be from 2 to {MAX_PEOPLE}")
    if not 0 < args.seconds <= MAX_SECONDS:
        return fail(f"--seconds must be above 0 and at most {MAX_SECONDS:g}")
    if not 1 <= args.processes <= MAX_PROCESSES:
        return fail(f"--processes must be from 1 to {MAX_PROCESSES}")
    if args.resign_after < 0 or not 0 < args.wait <= MAX_SECONDS:
        return fail("--resign-after must be at least 0 and --wait above 0")
    if args.db is not None:
        from .store import normalize_url

        try:
            normalize_url(args.db)
        except ValueError as e:
            return fail(str(e))
    out = measure(args, host, port)
    if args.json:
        print(json.dumps(out))
    else:
        report(out)
    return 1 if out["failures"] else 0
