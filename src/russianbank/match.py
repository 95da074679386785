"""``russianbank match A B``: play two computer players against each other and measure them.

Games are played on *paired deals*: every deal is played twice, with the
players' seats swapped, so that the luck of the deal cancels out. Games run in
parallel over ``--jobs`` processes. Results are given from A's side.

A game that reaches :data:`MOVE_CAP` moves without ending (on top of the
engine's own draw rules, D3) is stopped and counted as a draw; it is
recorded as an agreed draw with a ``Cap`` tag.

The statistics are pure functions (:func:`wilson_interval`,
:func:`summarize`) so they can be checked against known inputs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: The match runner's safety cap: a game still going after this many moves is counted as a draw.
MOVE_CAP = 20000


@dataclass(frozen=True)
class GameSpec:
    """One game of a match: ``deal`` is the deal number, ``swap`` puts A in the second seat."""

    index: int
    deal: int
    deal_seed: int
    swap: bool
    a: str
    b: str
    preset: str
    stops: bool
    save_dir: str | None = None
    budget_a: str | None = None
    budget_b: str | None = None


@dataclass(frozen=True)
class GameResult:
    """What one game gave, from A's side."""

    index: int
    deal: int
    swap: bool
    score: float  # 1 A won, 0.5 draw, 0 A lost
    points_a: int
    points_b: int
    turns: int
    moves: int
    termination: str
    capped: bool
    think_a: float  # seconds A spent choosing moves (wall clock)
    think_b: float
    moves_a: int  # moves A chose
    moves_b: int
    turns_a: int  # turns A played
    turns_b: int
    stops: int  # Stops called
    seconds: float
    cpu_a: float = 0.0  # CPU seconds A's choices took in its worker process (unlike wall time, not inflated
    cpu_b: float = 0.0  # by other work on a shared machine: the think time on one core)


def pair_specs(
    a: str,
    b: str,
    games: int,
    preset: str = "classic",
    seed: int = 0,
    stops: bool = False,
    save_dir: str | None = None,
    budget_a: str | None = None,
    budget_b: str | None = None,
    first: int = 0,
) -> list[GameSpec]:
    """The games of a match: deal ``d`` is played by games ``2d`` (A first seat) and ``2d+1`` (swapped).

    An odd number of games leaves the last deal played once, with A in the first seat.
    ``first`` skips the first games of the seed's sequence: the games are ``first .. first+games-1``
    of it, each the same as in a run from game 0 (a deal and its players' seeds depend only on the
    seed and the game's index), so a match can be extended later with the games after it.
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, not {games}")
    if first < 0:
        raise ValueError(f"the first game must be at least 0, not {first}")
    rng = random.Random(seed)
    out: list[GameSpec] = []
    deal_seed = 0
    for i in range(first + games):
        deal = i // 2
        if i % 2 == 0:
            deal_seed = rng.randrange(2**62)
        if i >= first:
            out.append(GameSpec(i, deal, deal_seed, i % 2 == 1, a, b, preset, stops, save_dir, budget_a, budget_b))
    return out


def wilson_interval(wins: float, n: float, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default). (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    phat = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (phat + z2 / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(results: Sequence[GameResult], wall_seconds: float) -> dict[str, Any]:
    """The match statistics from A's side (wins over decided games, Wilson interval, deal pairs, averages)."""
    n = len(results)
    wins = sum(1 for r in results if r.score == 1.0)
    losses = sum(1 for r in results if r.score == 0.0)
    draws = n - wins - losses
    decided = wins + losses
    low, high = wilson_interval(wins, decided)
    moves_a = sum(r.moves_a for r in results)
    moves_b = sum(r.moves_b for r in results)
    turns_a = sum(r.turns_a for r in results)
    turns_b = sum(r.turns_b for r in results)
    think_a = sum(r.think_a for r in results)
    think_b = sum(r.think_b for r in results)

    def avg(x: float, d: int) -> float:
        return x / d if d else 0.0

    return {
        "games": n,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": avg(wins, decided),
        "wilson_low": low,
        "wilson_high": high,
        "draw_rate": avg(draws, n),
        "capped": sum(1 for r in results if r.capped),
        **deal_pairs(results),
        "avg_points_a": avg(sum(r.points_a for r in results), n),
        "avg_points_b": avg(sum(r.points_b for r in results), n),
        "avg_turns": avg(sum(r.turns for r in results), n),
        "avg_moves": avg(sum(r.moves for r in results), n),
        "s_per_move_a": avg(think_a, moves_a),
        "s_per_move_b": avg(think_b, moves_b),
        "s_per_turn_a": avg(think_a, turns_a),
        "s_per_turn_b": avg(think_b, turns_b),
        "cpu_s_per_turn_a": avg(sum(r.cpu_a for r in results), turns_a),
        "cpu_s_per_turn_b": avg(sum(r.cpu_b for r in results), turns_b),
        "stops_called": sum(r.stops for r in results),
        # totals, so that matches over consecutive ranges of games (--first) can be added up exactly
        "turns_a": turns_a,
        "turns_b": turns_b,
        "cpu_a": sum(r.cpu_a for r in results),
        "cpu_b": sum(r.cpu_b for r in results),
        "seconds": wall_seconds,
        "games_per_s": avg(n, 1) / wall_seconds if wall_seconds > 0 else 0.0,
    }


def deal_pairs(results: Sequence[GameResult]) -> dict[str, int]:
    """How the deals played twice (both seats) went from A's side: won both, lost both, one each, with a draw.

    A deal each player won once was won by the same seat twice, mostly the luck of its cards; a
    deal one player won from both seats went to that player's play or to the players' own chance
    (their searches' random deals), so between equal players ``deals_a_both`` and ``deals_b_both``
    are alike, and their difference is the match's comparison with most of the deals' luck taken out. Only deals whose
    two games are both in ``results`` count.
    """
    by_deal: dict[int, list[float]] = {}
    for r in results:
        by_deal.setdefault(r.deal, []).append(r.score)
    pairs = [sorted(scores) for scores in by_deal.values() if len(scores) == 2]
    a_both = sum(1 for p in pairs if p == [1.0, 1.0])
    b_both = sum(1 for p in pairs if p == [0.0, 0.0])
    split = sum(1 for p in pairs if p == [0.0, 1.0])
    return {
        "deals_paired": len(pairs),
        "deals_a_both": a_both,
        "deals_b_both": b_both,
        "deals_split": split,
        "deals_drawn": len(pairs) - a_both - b_both - split,
    }


def _parse_budget(text: str | None) -> dict[str, Any]:
    """``"key=value,key=value"`` budget overrides for a player (numbers)."""
    out: dict[str, Any] = {}
    if not text:
        return out
    for part in text.split(","):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"bad budget {part!r}: expected key=value")
        num = float(value)
        out[key.strip()] = int(num) if num.is_integer() and "." not in value else num
    return out


def _caller_level(name: str) -> str:
    """The Stop-calling level of a player name (engines and baselines call like experts; random like a beginner)."""
    from .ai import LEVELS

    if name in LEVELS:
        return name
    return "beginner" if name == "random" else "expert"


def play_game(spec: GameSpec) -> GameResult:
    """Play one game of a match (in a worker process)."""
    from .ai import make_stop_caller
    from .ai.roster import make_match_player
    from .game import Game
    from .record import record_text

    t0 = time.perf_counter()
    g = Game(spec.preset, seed=spec.deal_seed, stops=spec.stops)
    seat_a = 1 if spec.swap else 0
    names = [spec.b, spec.a] if spec.swap else [spec.a, spec.b]
    budgets = [_parse_budget(spec.budget_b), _parse_budget(spec.budget_a)]
    if not spec.swap:
        budgets.reverse()
    base = spec.deal_seed ^ (spec.index * 7919)
    players = [make_match_player(names[s], seed=base + s, **budgets[s]) for s in (0, 1)]
    callers = [make_stop_caller(_caller_level(names[s]), seed=base + 10 + s) for s in (0, 1)]
    think = [0.0, 0.0]
    cpu = [0.0, 0.0]
    chosen = [0, 0]
    turns = [0, 0]
    stops = 0
    last_turn_no = -1
    capped = False
    while not g.is_over():
        if len(g.move_stack) >= MOVE_CAP:
            capped = True
            g.agree_draw()
            break
        side = g.turn
        if g.turn_no != last_turn_no:
            turns[side] += 1
            last_turn_no = g.turn_no
        view = g.view(side)
        t = time.perf_counter()
        c = time.process_time()
        if getattr(players[side], "needs_game", False):
            players[side].watch(g)  # the clairvoyant reference sees every card (measurement only)
        move = players[side].choose(view)
        cpu[side] += time.process_time() - c
        think[side] += time.perf_counter() - t
        chosen[side] += 1
        g.push(move)
        if spec.stops and not g.is_over() and g.turn == side:
            other = 1 - side
            if callers[other].decide(g.view(other)) is not None and g.can_stop():
                g.call_stop()
                stops += 1
    outcome = g.outcome()
    assert outcome is not None
    if outcome.winner is None:
        score = 0.5
    else:
        score = 1.0 if outcome.winner == seat_a else 0.0
    if spec.save_dir:
        tags = {"A": names[0], "B": names[1], "Round": str(spec.index + 1), "Deal": str(spec.deal + 1)}
        if capped:
            tags["Cap"] = f"{MOVE_CAP} moves: stopped by the match runner and counted as a draw"
        path = os.path.join(spec.save_dir, f"game-{spec.index + 1:04d}.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(record_text(g, tags))
    return GameResult(
        index=spec.index,
        deal=spec.deal,
        swap=spec.swap,
        score=score,
        points_a=outcome.points(seat_a),
        points_b=outcome.points(1 - seat_a),
        turns=g.turn_no - g.first_turn_no + 1,
        moves=len(g.move_stack),
        termination=outcome.termination.value,
        capped=capped,
        think_a=think[seat_a],
        think_b=think[1 - seat_a],
        moves_a=chosen[seat_a],
        moves_b=chosen[1 - seat_a],
        turns_a=turns[seat_a],
        turns_b=turns[1 - seat_a],
        stops=stops,
        seconds=time.perf_counter() - t0,
        cpu_a=cpu[seat_a],
        cpu_b=cpu[1 - seat_a],
    )


def run_games(specs: Sequence[GameSpec], jobs: int = 1) -> Iterable[GameResult]:
    """Play the games, in ``jobs`` processes when more than one; yields results as games finish."""
    if jobs <= 1 or len(specs) <= 1:
        for s in specs:
            yield play_game(s)
        return
    import multiprocessing

    ctx = multiprocessing.get_context("spawn" if sys.platform == "darwin" else "fork")
    with ctx.Pool(min(jobs, len(specs))) as pool:
        yield from pool.imap_unordered(play_game, specs, chunksize=1)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "a",
        help="player A: a level (beginner .. expert), an engine (random, greedy, planner, expert), "
        "a frozen baseline (greedy-v1, planner-v1, expert-v1, planner-v2, expert-v2) "
        "or the clairvoyant reference (sees every card)",
    )
    p.add_argument("b", help="player B, likewise")
    p.add_argument("--games", type=int, default=20, help="number of games (each deal is played twice, seats swapped)")
    p.add_argument("--preset", default="classic", help="rules preset (classic, hoyle, suited, russian13, single)")
    p.add_argument("--seed", type=int, default=0, help="seed of the deals (same seed, same deals)")
    p.add_argument(
        "--first",
        type=int,
        default=0,
        metavar="K",
        help="play games K .. K+N-1 of the seed's sequence (K even; each game is the same as in a run from game 0)",
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--stops", action="store_true", help="play with Stop! (violations may be made and stopped)")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument("--save", metavar="DIR", help="write every game's record into DIR")
    p.add_argument("--budget-a", metavar="K=V,...", help="search budget overrides for A (e.g. samples=8,horizon=2)")
    p.add_argument("--budget-b", metavar="K=V,...", help="search budget overrides for B")
    p.add_argument("--progress", action="store_true", help="print a line to standard error after each game")


def _check_player(name: str) -> None:
    from .ai.roster import MATCH_PLAYERS, make_match_player

    if name not in MATCH_PLAYERS:  # each name once (a level and an engine may share one)
        raise ValueError(f"unknown player {name!r}; choose one of {', '.join(dict.fromkeys(MATCH_PLAYERS))}")
    make_match_player(name, seed=0)


def format_summary(a: str, b: str, s: dict[str, Any]) -> str:
    """The match result as text for people."""
    lines = [
        f"{a} vs {b}: {s['games']} games ({s['preset']}{', stops' if s.get('stops') else ''}, seed {s['seed']}"
        + (f", games {s['first'] + 1}..{s['first'] + s['games']} of its sequence" if s.get("first") else "")
        + ")",
        f"  A wins {s['wins']}, draws {s['draws']}, losses {s['losses']}"
        + (f" ({s['capped']} stopped at the {MOVE_CAP}-move cap)" if s["capped"] else ""),
        f"  win rate (decided games) {100 * s['win_rate']:.1f}%, "
        f"95% Wilson interval [{100 * s['wilson_low']:.1f}%, {100 * s['wilson_high']:.1f}%]",
        f"  deals played from both seats: {s['deals_paired']}; A won both games of {s['deals_a_both']}, "
        f"B of {s['deals_b_both']}, one each {s['deals_split']}"
        + (f", a draw in {s['deals_drawn']}" if s["deals_drawn"] else ""),
        f"  average points: A {s['avg_points_a']:.1f}, B {s['avg_points_b']:.1f}",
        f"  average game length: {s['avg_turns']:.1f} turns, {s['avg_moves']:.1f} moves",
        f"  thinking: A {1000 * s['s_per_move_a']:.2f} ms/move ({1000 * s['s_per_turn_a']:.1f} ms/turn), "
        f"B {1000 * s['s_per_move_b']:.2f} ms/move ({1000 * s['s_per_turn_b']:.1f} ms/turn); "
        f"CPU A {1000 * s['cpu_s_per_turn_a']:.1f} ms/turn, B {1000 * s['cpu_s_per_turn_b']:.1f} ms/turn",
        f"  {s['seconds']:.1f} s, {s['games_per_s']:.3f} games/s with {s['jobs']} job(s)",
    ]
    if s.get("stops"):
        lines.append(f"  Stops called: {s['stops_called']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        if args.games < 2 or args.games % 2:
            raise ValueError(
                f"--games must be an even number of at least 2 (each deal is played twice, seats swapped), "
                f"not {args.games}"
            )
        if args.first < 0 or args.first % 2:
            raise ValueError(
                f"--first must be an even number of at least 0 (a deal's two games go together), not {args.first}"
            )
        if args.jobs < 1:
            raise ValueError(f"--jobs must be at least 1, not {args.jobs}")
        from .options import options_for

        options_for(args.preset, stops=args.stops)
        _check_player(args.a)
        _check_player(args.b)
        _parse_budget(args.budget_a)
        _parse_budget(args.budget_b)
        if args.save:
            os.makedirs(args.save, exist_ok=True)
    except (ValueError, OSError) as e:
        print(f"russianbank match: {e}", file=sys.stderr)
        return 2
    specs = pair_specs(
        args.a,
        args.b,
        args.games,
        args.preset,
        args.seed,
        args.stops,
        args.save,
        args.budget_a,
        args.budget_b,
        args.first,
    )
    t0 = time.perf_counter()
    results: list[GameResult] = []
    for r in run_games(specs, args.jobs):
        results.append(r)
        if args.progress:
            print(
                f"game {r.index + 1}: A scores {r.score} ({r.termination}, {r.moves} moves, {r.seconds:.1f} s) "
                f"[{len(results)}/{len(specs)}]",
                file=sys.stderr,
                flush=True,
            )
    results.sort(key=lambda r: r.index)
    summary = summarize(results, time.perf_counter() - t0)
    summary.update(
        {
            "a": args.a,
            "b": args.b,
            "preset": args.preset,
            "seed": args.seed,
            "first": args.first,
            "stops": args.stops,
            "jobs": args.jobs,
            "move_cap": MOVE_CAP,
            "budget_a": args.budget_a,
            "budget_b": args.budget_b,
        }
    )
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_summary(args.a, args.b, summary))
    return 0


__all__ = [
    "MOVE_CAP",
    "GameResult",
    "GameSpec",
    "add_arguments",
    "deal_pairs",
    "pair_specs",
    "play_game",
    "run",
    "run_games",
    "summarize",
    "wilson_interval",
]
