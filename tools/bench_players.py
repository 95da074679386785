"""Think time and search speed of a computer level on fixed games, on one core.

    PYTHONPATH=src nice python tools/bench_players.py expert --games 2 --turns 40
    PYTHONPATH=src nice python tools/bench_players.py medium --games 6 --turns 60
    PYTHONPATH=src nice python tools/bench_players.py expert --budget rollout_budget=200

Plays ``--games`` games of classic (deal seeds 1, 2, ...), the level against ``greedy-v1``, the
level first in odd games and second in even ones, for at most ``--turns`` of the level's turns
each, and prints one JSON line: the level's CPU seconds per turn (``time.process_time`` around
its ``choose``; ``--budget`` overrides its search budget as ``russianbank match --budget-a``
does), the positions its segment searches visited (the ``nodes`` of every
``search_segment``) per CPU second, and a digest of every move played, which is the same for two
versions of the code exactly when they make the same decisions. Point ``PYTHONPATH`` at another
checkout's ``src`` to measure it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
from typing import Any

from russianbank import Game
from russianbank.ai import expert, planner
from russianbank.ai.roster import make_match_player
from russianbank.match import _parse_budget


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("level")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--turns", type=int, default=40, help="the level's turns measured in each game")
    ap.add_argument("--opponent", default="greedy-v1")
    ap.add_argument("--budget", metavar="K=V,...", help="search budget overrides for the level")
    args = ap.parse_args()

    nodes = [0]
    inner = planner.search_segment

    def counting(*a: Any, **k: Any) -> Any:
        r = inner(*a, **k)
        nodes[0] += r.nodes
        return r

    planner.search_segment = counting  # type: ignore[assignment]
    expert.search_segment = counting  # type: ignore[assignment]

    digest = hashlib.sha256()
    cpu = 0.0
    turns = 0
    moves = 0
    for i in range(args.games):
        seed = i + 1
        g = Game("classic", seed=seed)
        seat = i % 2
        players = [None, None]
        players[seat] = make_match_player(args.level, seed=100 + seed, **_parse_budget(args.budget))
        players[1 - seat] = make_match_player(args.opponent, seed=200 + seed)
        mine = 0
        last_turn = -1
        while not g.is_over():
            side = g.turn
            if side == seat and g.turn_no != last_turn:
                if mine == args.turns:
                    break
                mine += 1
                last_turn = g.turn_no
            view = g.view(side)
            if side == seat:
                c = time.process_time()
                m = players[side].choose(view)
                cpu += time.process_time() - c
                moves += 1
            else:
                m = players[side].choose(view)
            digest.update(str(m).encode())
            g.push(m)
        turns += mine
        digest.update(b"|")
    out = {
        "level": args.level,
        "budget": args.budget or "",
        "games": args.games,
        "turns": turns,
        "moves": moves,
        "cpu_s_per_turn": round(cpu / turns, 4),
        "nodes": nodes[0],
        "nodes_per_cpu_s": round(nodes[0] / cpu),
        "digest": digest.hexdigest()[:16],
        "load": os.getloadavg()[0],
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
