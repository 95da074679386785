"""Perft-style counts: the number of move sequences of depth 1-3 from fixed positions.

A sequence walks through ``legal_moves()`` with push/pop; a discard hands the move to the other
side, so deeper levels run into the next turn naturally. In stops mode a Stop is counted as one
more move wherever ``can_stop()`` allows it. The expected counts live in ``data/perft.json``; any
change in move generation (or in the deal) shows up here.

Regenerate the data after an intended change (from the repository root) with::

    python -m tests.engine.test_perft
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from russianbank import Game, Move

DATA = Path(__file__).parent / "data" / "perft.json"
DEPTH = 3
STOP = Move.from_str("stop")

# (name, preset, seed, option changes, number of random moves played from the deal before counting)
CASES: list[tuple[str, str, int, dict[str, Any], int]] = [
    ("classic deal", "classic", 1, {}, 0),
    ("classic midgame", "classic", 1, {}, 120),
    ("classic late game", "classic", 5, {}, 700),
    ("classic busy midgame", "classic", 5, {}, 300),
    ("suited midgame", "suited", 2, {}, 150),
    ("suited busy midgame", "suited", 2, {}, 300),
    ("hoyle midgame", "hoyle", 3, {}, 90),
    ("russian13 immediate recycle", "russian13", 4, {"recycle": "immediate"}, 400),
    ("single deal", "single", 3, {}, 0),
    ("single midgame", "single", 3, {}, 200),
    ("classic stops midgame", "classic", 6, {"stops": True}, 160),
    ("hoyle stops midgame", "hoyle", 7, {"stops": True}, 60),
]


def moves_with_stop(g: Game) -> list[Move]:
    out = g.legal_moves()
    if g.can_stop():
        out.append(STOP)
    return out


def perft(g: Game, depth: int) -> int:
    if depth == 0:
        return 1
    moves = moves_with_stop(g)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        g.push(m)
        total += perft(g, depth - 1)
        g.pop()
    return total


def setup(entry: dict[str, Any]) -> Game:
    g = Game(entry["preset"], seed=entry["seed"], **entry["options"])
    for text in entry["moves"]:
        g.push(Move.from_str(text))
    return g


def generate() -> list[dict[str, Any]]:
    """Play the random openings (a seeded generator, choices recorded as move text) and count."""
    out = []
    for name, preset, seed, options, nmoves in CASES:
        g = Game(preset, seed=seed, **options)
        rng = random.Random(seed * 7919 + nmoves)
        played: list[str] = []
        while len(played) < nmoves and not g.is_over():
            m = rng.choice(moves_with_stop(g))
            g.push(m)
            played.append(str(m))
        assert not g.is_over(), name
        entry: dict[str, Any] = {"name": name, "preset": preset, "seed": seed, "options": options, "moves": played}
        entry["position"] = g.position(secret=True)
        pending = g.pending_violation()
        entry["pending_violation"] = None if pending is None else pending[0]
        entry["counts"] = [perft(g, d) for d in range(1, DEPTH + 1)]
        out.append(entry)
    return out


def load() -> list[dict[str, Any]]:
    if not DATA.exists():  # only while regenerating; test_perft_data_covers_... fails without it
        return []
    cases: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
    return cases


@pytest.mark.parametrize("entry", load(), ids=lambda e: e["name"])
def test_perft_counts(entry: dict[str, Any]) -> None:
    g = setup(entry)
    assert g.position(secret=True) == entry["position"]
    before = g.position(secret=True)
    assert [perft(g, d) for d in range(1, DEPTH + 1)] == entry["counts"]
    assert g.position(secret=True) == before


def test_perft_data_covers_every_preset_and_a_pending_stop() -> None:
    cases = load()
    assert {e["preset"] for e in cases} == {"classic", "hoyle", "suited", "russian13", "single"}
    assert any(e["options"].get("stops") and e["pending_violation"] for e in cases)
    assert all(len(e["counts"]) == DEPTH for e in cases)


if __name__ == "__main__":
    cases = generate()
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps({"depth": DEPTH, "cases": cases}, indent=1) + "\n", encoding="utf-8")
    for e in cases:
        print(f"{e['name']:32} {e['counts']} pending={e['pending_violation']}", file=sys.stderr)
