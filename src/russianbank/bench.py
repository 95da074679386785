"""``russianbank bench``: how fast the engine is, on one core.

The figures, over a fixed set of positions (seeded deals played forward with
seeded random moves, so every run measures the same work):

* legal-move generations per second (``Game.legal_move_list()``, as search calls it, and
  ``Game.legal_moves()``, the view a library user calls);
* push+pop per second (every legal move of every position pushed and popped:
  ``push_unchecked`` as search uses it, and the validated ``push``);
* complete games per second with uniformly random play (``classic``, strict).

Times are the CPU time of this process (``time.process_time``), so on a shared machine the
figures say what one core does for the engine, not how busy the machine was; quote them with
the load average all the same (a busy machine's caches are colder).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

from .game import Game

BENCH_PRESETS = ("classic", "hoyle", "suited", "russian13", "single")


def bench_positions(count_per_preset: int = 40) -> list[Game]:
    """The fixed positions: seeded deals of every preset, played forward by seeded random moves."""
    out: list[Game] = []
    for preset in BENCH_PRESETS:
        for i in range(count_per_preset):
            g = Game(preset, seed=1000 + i)
            rng = random.Random(i)
            for _ in range(rng.randrange(0, 400)):
                if g.is_over():
                    break
                g.push_unchecked(rng.choice(g.legal_move_list()))
            if not g.is_over():
                out.append(g)
    return out


def _timed(fn: Any, seconds: float) -> tuple[int, float]:
    n = 0
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        n += fn()
        elapsed = time.process_time() - start
    return n, elapsed


def run_bench(seconds: float = 2.0) -> dict[str, Any]:
    games = bench_positions()

    def gen() -> int:
        for g in games:
            g.legal_move_list()
        return len(games)

    def gen_view() -> int:
        for g in games:
            g.legal_moves()
        return len(games)

    pairs = [(g, g.legal_move_list()) for g in games]

    def pushpop_with(checked: bool) -> Any:
        def run() -> int:
            n = 0
            for g, ms in pairs:
                push = g.push if checked else g.push_unchecked
                pop = g.pop
                for m in ms:
                    push(m)
                    pop()
                n += len(ms)
            return n

        return run

    game_moves = [0]
    seed = [0]

    def random_game() -> int:
        g = Game("classic", seed=seed[0])
        rng = random.Random(seed[0])
        seed[0] += 1
        while not g.is_over():
            g.push_unchecked(rng.choice(g.legal_move_list()))
        game_moves[0] += len(g.move_stack)
        return 1

    n1, t1 = _timed(gen, seconds)
    n1v, t1v = _timed(gen_view, seconds)
    n2, t2 = _timed(pushpop_with(False), seconds)
    n3, t3 = _timed(pushpop_with(True), seconds)
    n4, t4 = _timed(random_game, seconds)
    return {
        "positions": len(games),
        "legal_moves_per_s": round(n1 / t1),
        "legal_moves_view_per_s": round(n1v / t1v),
        "push_pop_per_s": round(n2 / t2),
        "checked_push_pop_per_s": round(n3 / t3),
        "random_games_per_s": round(n4 / t4, 2),
        "random_game_moves_avg": round(game_moves[0] / max(n4, 1), 1),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seconds", type=float, default=2.0, help="time for each figure (default 2)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    if args.seconds <= 0:
        print("russianbank bench: --seconds must be positive")
        return 2
    r = run_bench(args.seconds)
    if args.json:
        print(json.dumps(r))
        return 0
    rows = [
        ("positions measured", f"{r['positions']}"),
        ("legal-move generations / s (legal_move_list)", f"{r['legal_moves_per_s']:,}"),
        ("legal-move generations / s (legal_moves())", f"{r['legal_moves_view_per_s']:,}"),
        ("push+pop / s (push_unchecked)", f"{r['push_pop_per_s']:,}"),
        ("push+pop / s (validated push)", f"{r['checked_push_pop_per_s']:,}"),
        ("random games / s (classic)", f"{r['random_games_per_s']}"),
        ("moves per random game", f"{r['random_game_moves_avg']}"),
    ]
    width = max(len(a) for a, _ in rows)
    print(f"russianbank bench (Python {r['python']}, {r['machine']}, one core, CPU time)")
    for a, b in rows:
        print(f"  {a:<{width}}  {b:>12}")
    return 0
