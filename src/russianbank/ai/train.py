"""``russianbank train``: learn the evaluation from self-play (iterated regression on outcomes).

Round 0 plays ``games`` self-play games of classic with the frozen planner
(``planner-v1``); every later round plays as many with the planner searching on
the weights the round before learned. With ``--expert-games N`` one more round
follows: N games of the expert at the ``hard`` level's budget, on the last
round's weights. Wherever a player stops looking in its
search - before a draw, after turning a reserve card up, at the end of its turn -
the features of the position (:mod:`russianbank.ai.features`, from the view
only) are recorded with whether the player on move went on to win. A logistic
regression on all the rounds' positions (Newton's method, a little L2) fits
them first to the results, then, a few sweeps over, to one-step TD targets
(each position's target is the fitted chance of the next recorded position,
the last one's the result: fitted TD(0)); the last round's weights are written
to ``--out``. Plain regression on results predicts results better but plays
worse (measured: 33% against ``planner-v1`` with the same search, against 52%
with the TD targets): what a search compares is positions one segment apart, and
TD targets fit exactly that.

Games are seeded from ``--seed``, the round and the game number, so the same
command gives the same weights whatever ``--jobs`` is. Training needs numpy
(the ``train`` extra); playing with the weights does not.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import moves as mv
from ..game import Game
from .common import ends_segment, flips_reserve
from .evaluation import Evaluation
from .features import FEATURES, features

#: Self-play games stop here (a draw) if they have not ended.
GAME_MOVE_CAP = 5000

#: The planner's node budget while it plays the training games (with pruning rule 1 of tableau
#: moves, which makes a game 20 times cheaper: the positions matter, not the last bit of strength).
TRAIN_NODE_BUDGET = 2000


@dataclass(frozen=True)
class SelfPlayJob:
    index: int
    seed: int
    weights: tuple[float, ...] | None  # None: the frozen planner plays
    preset: str = "classic"
    expert: bool = False  # the expert at the hard level's budget plays (on ``weights``)


def _players(job: SelfPlayJob) -> list[Any]:
    if job.weights is None:
        from .v1 import make_baseline

        return [make_baseline("planner-v1", job.seed + s, node_budget=TRAIN_NODE_BUDGET) for s in (1, 2)]
    from .planner import PlannerPlayer

    ev = Evaluation(job.weights)
    if job.expert:
        from .expert import ExpertPlayer
        from .levels import LEVEL_BUDGETS

        return [ExpertPlayer(job.seed + s, evaluation=ev, **LEVEL_BUDGETS["hard"]) for s in (1, 2)]
    return [
        PlannerPlayer(job.seed + s, node_budget=TRAIN_NODE_BUDGET, evaluation=ev, prune_shifts=True) for s in (1, 2)
    ]


def play_selfplay(job: SelfPlayJob) -> tuple[list[list[float]], list[float]]:
    """One self-play game: the recorded feature vectors (in the order of play) and, for each,
    1 or 0 for the mover's result (nothing for a drawn game)."""
    g = Game(job.preset, seed=job.seed)
    players = _players(job)
    rows: list[list[float]] = []
    movers: list[int] = []
    while not g.is_over() and len(g.move_stack) < GAME_MOVE_CAP:
        m = players[g.turn].choose(g.view(g.turn))
        if ends_segment(g, m) and m.code != mv.DISCARD and m.code != mv.PASS:
            if m.code == mv.DRAW:
                rows.append(features(g))
                movers.append(g.turn)
                g.push(m)
            else:
                flip = flips_reserve(g, m)
                g.push(m)
                if not g.is_over():
                    rows.append(features(g, hidden_top=flip))
                    movers.append(g.turn)
        else:
            g.push(m)
            if m.code in (mv.DISCARD, mv.PASS) and not g.is_over():
                rows.append(features(g))
                movers.append(g.turn)
    o = g.outcome()
    if o is None or o.winner is None:
        return [], []  # a drawn game teaches nothing about who wins (and is rare)
    return rows, [float(p == o.winner) for p in movers]


def fit_logistic(x: Any, y: Any, l2: float = 1.0, iterations: int = 30) -> list[float]:
    """Logistic regression by Newton's method; ``l2`` penalises every weight but the bias."""
    import numpy as np

    d = x.shape[1]
    w = np.zeros(d)
    pen = np.full(d, l2)
    pen[0] = 0.0
    for _ in range(iterations):
        z = np.clip(x @ w, -30, 30)
        p = 1.0 / (1.0 + np.exp(-z))
        grad = x.T @ (p - y) + pen * w
        h = (x * (p * (1 - p))[:, None]).T @ x + np.diag(pen) + 1e-9 * np.eye(d)
        step = np.linalg.solve(h, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-8:
            break
    return [float(v) for v in w]


def log_loss(x: Any, y: Any, w: Sequence[float]) -> float:
    import numpy as np

    z = np.clip(x @ np.asarray(w), -30, 30)
    p = 1.0 / (1.0 + np.exp(-z))
    eps = 1e-12
    return float(-np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)))


def td_targets(games: Sequence[tuple[Any, Any]], w: Any, lam: float) -> Any:
    """TD(lambda) targets for every recorded position: the lambda-return of the model's own chances.

    Within a game, the position after a recorded one is valued by the model (from
    the right side: the chance flips when the player on move changes), the last
    by the result; ``lam`` = 1 gives the results themselves, 0 one-step TD.
    """
    import numpy as np

    out = []
    for x, labels in games:
        z = np.clip(x @ w, -30, 30)
        v = 1.0 / (1.0 + np.exp(-z))
        n = len(labels)
        g = np.empty(n)
        g[-1] = labels[-1]
        for t in range(n - 2, -1, -1):
            same = labels[t] == labels[t + 1]  # the same player on move (their results agree)
            vn = v[t + 1] if same else 1.0 - v[t + 1]
            gn = g[t + 1] if same else 1.0 - g[t + 1]
            g[t] = (1.0 - lam) * vn + lam * gn
        out.append(g)
    return np.concatenate(out)


def fit_td(games: Sequence[tuple[Any, Any]], lam: float, sweeps: int, l2: float) -> list[float]:
    """Fitted TD(lambda): regress on the results, then ``sweeps`` times on the TD targets of the last fit."""
    import numpy as np

    x = np.concatenate([gx for gx, _ in games])
    y = np.concatenate([gy for _, gy in games])
    w = np.asarray(fit_logistic(x, y, l2))
    for _ in range(sweeps):
        w = np.asarray(fit_logistic(x, td_targets(games, w, lam), l2))
    return [float(v) for v in w]


def _run(jobs: Sequence[SelfPlayJob], workers: int) -> list[tuple[list[list[float]], list[float]]]:
    if workers <= 1:
        return [play_selfplay(j) for j in jobs]
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(workers) as pool:
        return pool.map(play_selfplay, jobs, chunksize=1)


def _counts_problem(games: int, rounds: int, expert_games: int) -> str | None:
    """What is wrong with these counts of games and rounds, if anything."""
    if games < 2 or rounds < 1 or expert_games < 0 or expert_games == 1:
        return "needs at least 2 games a round and 1 round, and 0 or at least 2 expert games"
    return None


def train(
    games: int,
    seed: int,
    rounds: int = 2,
    workers: int = 1,
    log: Any = None,
    l2: float = 1.0,
    lam: float = 0.0,
    sweeps: int = 6,
    expert_games: int = 0,
) -> tuple[Evaluation, list[dict[str, Any]]]:
    """Train the evaluation; returns it and one line of figures per round (``expert_games`` > 0:
    a last round of that many games of the expert at the hard budget)."""
    import numpy as np

    problem = _counts_problem(games, rounds, expert_games)
    if problem:
        raise ValueError(f"train {problem}")
    rng = random.Random(seed)
    weights: tuple[float, ...] | None = None
    data: list[tuple[Any, Any]] = []
    report: list[dict[str, Any]] = []
    plan = [(games, False)] * rounds + ([(expert_games, True)] if expert_games else [])
    for r, (n_games, expert) in enumerate(plan):
        t0 = time.perf_counter()
        jobs = [SelfPlayJob(i, rng.randrange(2**62), weights, expert=expert) for i in range(n_games)]
        results = [res for res in _run(jobs, workers) if res[0]]
        held = max(1, len(results) // 10)  # the last tenth of the games checks the fit
        data += [(np.asarray(rows, dtype=float), np.asarray(labels, dtype=float)) for rows, labels in results[:-held]]
        w = fit_td(data, lam, sweeps, l2)
        weights = tuple(round(v, 6) for v in w)
        xt = np.concatenate([np.asarray(rows, dtype=float) for rows, _ in results[-held:]])
        yt = np.concatenate([np.asarray(labels, dtype=float) for _, labels in results[-held:]])
        player = "expert at the hard budget" if expert else "planner"
        line = {
            "round": r,
            "player": "planner-v1" if r == 0 else f"{player} (round {r - 1} weights)",
            "games": n_games,
            "positions": int(sum(len(gy) for _, gy in data)),
            "held_out_log_loss": round(log_loss(xt, yt, weights), 4),
            "held_out_base_log_loss": round(log_loss(xt, yt, [0.0] * len(weights)), 4),
        }
        report.append(line)
        if log is not None:  # the time goes to the log only, so that the weights file is reproducible
            print(json.dumps({**line, "seconds": round(time.perf_counter() - t0, 1)}), file=log, flush=True)
    assert weights is not None
    command = f"russianbank train --games {games} --seed {seed} --rounds {rounds}"
    info = {
        "command": command + (f" --expert-games {expert_games}" if expert_games else ""),
        "td_lambda": lam,
        "td_sweeps": sweeps,
        "rounds": report,
    }
    return Evaluation(weights, FEATURES, info), report


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--games", type=int, default=400, help="self-play games per round")
    p.add_argument("--seed", type=int, default=0, help="seed of the games (same seed, same weights)")
    p.add_argument("--rounds", type=int, default=2, help="rounds of self-play and regression")
    p.add_argument(
        "--expert-games", type=int, default=0, help="games of a last round played by the expert at the hard budget"
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes (does not change the result)")
    p.add_argument("--out", required=True, metavar="FILE", help="where to write the weights (JSON)")


def run(args: argparse.Namespace) -> int:
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("russianbank train: needs numpy (pip install 'russianbank[train]')", file=sys.stderr)
        return 2
    problem = _counts_problem(args.games, args.rounds, args.expert_games) or (
        "needs at least 1 job" if args.jobs < 1 else None
    )
    if problem:
        print(f"russianbank train: {problem} (--games, --rounds, --expert-games, --jobs)", file=sys.stderr)
        return 2
    directory = os.path.dirname(os.path.abspath(args.out))
    if not os.path.isdir(directory):
        print(f"russianbank train: no directory {directory}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    ev, _ = train(args.games, args.seed, args.rounds, args.jobs, log=sys.stderr, expert_games=args.expert_games)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(ev.to_dict(), f, indent=1)
        f.write("\n")
    print(f"wrote {args.out} ({time.perf_counter() - t0:.0f} s)")
    return 0


__all__ = ["add_arguments", "fit_logistic", "play_selfplay", "run", "train"]
