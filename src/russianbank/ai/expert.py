"""The expert: looks past the draw and into the opponent's turn by determinized Monte Carlo.

At each decision with a real choice the expert

1. searches the segment with the planner and keeps the best few plans
   (``candidates``), one per first move;
2. deals the hidden cards at random from its view ``samples`` times (the same
   deals for every plan: common random numbers);
3. in each deal plays each plan, then plays on with the greedy policy for both
   sides until ``horizon`` more turns have ended (by default 3: the rest of
   its own turn, the opponent's next turn and its own turn after that), and
   evaluates the position reached;
4. plays the first move of the plan with the best average, and follows the
   plan to the end of the segment (replanning if anything unexpected happens).

``prior`` (default 0) adds that multiple of the planner's own value of each plan
to its Monte Carlo average (0: the play-outs alone decide).

Forced moves (one legal move) cost no search. ``time_limit`` (seconds) stops
sampling early; the default is a fixed number of samples, so that the same
seed gives the same decisions whatever the machine's speed.
"""

from __future__ import annotations

import random
import time

from .. import moves as mv
from ..game import Game
from ..moves import Move
from ..view import PlayerView
from .common import (
    WIN_VALUE,
    TurnMemory,
    check_view,
    evaluate,
    in_order,
)
from .greedy import greedy_move
from .planner import PlanFollower, search_segment

#: A play-out never runs longer than this many moves.
ROLLOUT_MOVE_CAP = 400


def rollout(g: Game, p: int, horizon: int, rng: random.Random) -> float:
    """Play on from ``g`` with the greedy policy for both sides until ``horizon`` turns have ended."""
    ended = 0
    start = len(g.move_stack)
    turn_moves = 0
    while not g.is_over() and ended < horizon and len(g.move_stack) - start < ROLLOUT_MOVE_CAP:
        m = greedy_move(g, rng, turn_moves)
        before = g.turn
        g.push_unchecked(m)
        turn_moves += 1
        if g.turn != before:
            ended += 1
            turn_moves = 0
    return evaluate(g, p)


class ExpertPlayer(PlanFollower):
    """Determinized Monte Carlo over the planner's best segment plans."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = 0,
        samples: int = 64,
        candidates: int = 6,
        horizon: int = 3,
        node_budget: int = 6000,
        margin: float = 30.0,
        time_limit: float | None = None,
        prior: float = 0.0,
    ) -> None:
        if samples < 1 or candidates < 1 or horizon < 0 or node_budget < 1:
            raise ValueError("samples, candidates and node_budget must be at least 1, horizon at least 0")
        self.rng = random.Random(seed)
        self.samples = samples
        self.candidates = candidates
        self.horizon = horizon
        self.node_budget = node_budget
        self.margin = margin
        self.time_limit = time_limit
        self.prior = prior
        self._cache = None
        self.seen = TurnMemory()

    def plan(self, view: PlayerView) -> list[Move]:
        """The plan the expert would follow from this view (first move first)."""
        check_view(view)
        g = self._sample(view)
        moves = in_order(view, g)
        if len(moves) == 1:
            return moves
        return self._decide(view, g, self.seen.avoid(view, g))

    def _new_plan(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move] | None:
        return self._decide(view, g, avoid)

    def _decide(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move]:
        p = g.turn
        res = search_segment(g, self.node_budget, avoid)
        ranked = sorted((vp for vp in res.by_first.values() if vp[0] > -WIN_VALUE * 2), key=lambda vp: -vp[0])
        if not ranked:
            return []
        best_value = ranked[0][0]
        chosen = [(value, plan) for value, plan in ranked[: self.candidates] if value > best_value - self.margin]
        if len(chosen) == 1:
            return chosen[0][1]
        cands = [plan for _, plan in chosen]
        totals = [0.0] * len(cands)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        for s in range(self.samples):
            base = self._sample(view)
            done += 1
            for i, plan in enumerate(cands):
                gc = base.copy()
                for m in plan:
                    gc.push_unchecked(m)
                    if gc.is_over():
                        break
                horizon = self.horizon - (1 if plan[-1].code in (mv.DISCARD, mv.PASS) else 0)
                totals[i] += rollout(gc, p, max(horizon, 0), self.rng)
            if deadline is not None and s >= 1 and time.perf_counter() > deadline:
                break
        scores = [totals[i] / done + self.prior * chosen[i][0] for i in range(len(cands))]
        best = max(range(len(cands)), key=lambda i: scores[i])
        return cands[best]
