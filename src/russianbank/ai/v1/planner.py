"""The planner: searches every order of moves up to the end of the segment.

A *segment* is the run of moves up to the next moment something hidden is
seen or the turn ends: a draw, a discard, a pass, or a reserve move that turns
the next face-down reserve card up. Everything inside a segment is known, so
the planner searches the sequences of moves within it exhaustively (up to a
node budget), merging move orders that reach the same position through a
transposition table, and picks the end of segment with the best evaluation
(:func:`russianbank.ai.common.evaluate`).


Frozen copy for the ``-v1`` baselines (see :mod:`russianbank.ai.v1`): do not change.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ... import moves as mv
from ...game import Game
from ...moves import Move
from ...view import PlayerView
from .common import (
    WIN_VALUE,
    TurnMemory,
    check_view,
    ends_segment,
    evaluate,
    flips_reserve,
    in_order,
    public_key,
    sample_game,
    turn_move_count,
    useful_shift,
)
from .greedy import TURN_MOVE_LIMIT, greedy_move

#: Each move of a plan costs this much, so that of equal plans the shortest wins (no shuffling).
STEP_COST = 1e-3

#: A segment plan never runs longer than this many moves.
MAX_DEPTH = 80

_NEG = -float("inf")


@dataclass
class SegmentResult:
    """The outcome of one segment search."""

    value: float
    plan: list[Move]
    nodes: int
    complete: bool  # False when the node budget cut the search short
    #: the best plan through each first move, with its value
    by_first: dict[Move, tuple[float, list[Move]]] = field(default_factory=dict)


def _candidates(g: Game) -> list[Move]:
    """Legal moves worth searching.

    Tableau-to-tableau moves only when they achieve something at once
    (:func:`useful_shift`), and into spaces only the first space is tried
    (all spaces are alike).
    """
    out: list[Move] = []
    p = g.turn
    off = 4 * p
    tab = g.tab
    seen_space_src: set[int] = set()
    for m in g.legal_move_list():
        if m.code < 256:
            src, dst = m.src, m.dst
            if dst < 8:
                dpile = tab[(dst + off) & 7]
                if not dpile:
                    if src in seen_space_src:
                        continue
                    seen_space_src.add(src)
                if src < 8 and not useful_shift(g, tab[(src + off) & 7], dpile):
                    continue
        out.append(m)
    return out


def terminal_value(g: Game, p: int, m: Move) -> float:
    """The value for ``p`` of ending the segment with ``m`` (the game ``g`` is before ``m``)."""
    if m.code == mv.DRAW:
        return evaluate(g, p)
    flip = flips_reserve(g, m)
    g.push_unchecked(m)
    v = evaluate(g, p, hide_reserve_top=flip)
    g.pop()
    return v


def search_segment(g: Game, node_budget: int = 20000, avoid: set[object] | None = None) -> SegmentResult:
    """Search ``g`` (a strict search game, the mover's turn) to the end of the segment.

    ``avoid`` holds :func:`public_key` s of positions already seen in this turn: the search
    never goes back to them, so a player following its plans cannot go round in circles
    even when the node budget cuts a search short.
    """
    p = g.turn
    base = len(g.move_stack)
    table: dict[object, tuple[float, list[Move]] | None] = {}
    nodes = 0
    complete = True

    def rec() -> tuple[float, list[Move]]:
        nonlocal nodes, complete
        key = g.key()
        if key in table:
            got = table[key]
            return got if got is not None else (_NEG, [])
        if g.is_over():
            return (evaluate(g, p), [])
        if avoid and public_key(g) in avoid:
            table[key] = (_NEG, [])
            return (_NEG, [])
        nodes += 1
        if nodes > node_budget or len(g.move_stack) - base > MAX_DEPTH:
            complete = False
            val = evaluate(g, p)
            table[key] = (val, [])
            return (val, [])
        table[key] = None  # on the current path: a cycle is worth nothing
        best: tuple[float, list[Move]] = (_NEG, [])
        for m in _candidates(g):
            if ends_segment(g, m):
                v = terminal_value(g, p, m) - STEP_COST
                if v > best[0]:
                    best = (v, [m])
            else:
                v, sub = child(m)
                if v > best[0]:
                    best = (v, [m, *sub])
            if best[0] >= WIN_VALUE / 2:
                break
        table[key] = best
        return best

    def child(m: Move) -> tuple[float, list[Move]]:
        """The value and best continuation after a move inside the segment."""
        g.push_unchecked(m)
        sub: list[Move]
        if g.is_over():
            v, sub = evaluate(g, p), []
        else:
            v, sub = rec()
        g.pop()
        return v - STEP_COST, sub

    # The root: keep the best line through each first move (for hints and for the expert).
    by_first: dict[Move, tuple[float, list[Move]]] = {}
    root_key = g.key()
    table[root_key] = None
    nodes += 1
    for m in _candidates(g):
        if ends_segment(g, m):
            by_first[m] = (terminal_value(g, p, m) - STEP_COST, [m])
        else:
            v, sub = child(m)
            by_first[m] = (v, [m, *sub])
    if not by_first:
        return SegmentResult(evaluate(g, p), [], nodes, complete, by_first)
    first = max(by_first, key=lambda k: by_first[k][0])
    value, plan = by_first[first]
    return SegmentResult(value, plan, nodes, complete, by_first)


class PlanFollower:
    """Shared move choice of the planner and the expert: follow a cached plan while the
    position is the one it was made for, else make a new plan (see :meth:`_new_plan`)."""

    rng: random.Random
    _cache: tuple[object, list[Move]] | None
    seen: TurnMemory

    def _new_plan(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move] | None:
        """A plan from this position (None or [] to fall back to greedy)."""
        raise NotImplementedError

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        g = sample_game(view, self.rng)
        moves = in_order(view, g)
        avoid = self.seen.visit(view, g)
        if len(moves) == 1:
            self._cache = None
            return moves[0]
        if self._cache is not None and self._cache[0] == public_key(g) and self._cache[1]:
            m = self._cache[1][0]
            if m in moves:
                self._remember(g, self._cache[1])
                return m
        if turn_move_count(view) >= TURN_MOVE_LIMIT:
            self._cache = None
            return greedy_move(g, self.rng, TURN_MOVE_LIMIT)
        plan = self._new_plan(view, g, avoid)
        if not plan or plan[0] not in moves:
            self._cache = None
            return greedy_move(g, self.rng, TURN_MOVE_LIMIT)
        self._remember(g, plan)
        return plan[0]

    def _remember(self, g: Game, plan: list[Move]) -> None:
        """Keep the rest of the plan, keyed by the position it will be played from."""
        m, rest = plan[0], plan[1:]
        if not rest or ends_segment(g, m):
            self._cache = None
            return
        g.push_unchecked(m)
        self._cache = (public_key(g), rest)
        g.pop()


class PlannerPlayer(PlanFollower):
    """Plays the best plan to the end of the segment; replans at every move (plans are cached)."""

    name = "planner"

    def __init__(self, seed: int | None = 0, node_budget: int = 4000) -> None:
        if node_budget < 1:
            raise ValueError("node_budget must be at least 1")
        self.rng = random.Random(seed)
        self.node_budget = node_budget
        self._cache = None
        self.seen = TurnMemory()

    def plan(self, view: PlayerView) -> list[Move]:
        """The whole planned sequence to the end of the segment (first move first)."""
        check_view(view)
        g = sample_game(view, self.rng)
        moves = in_order(view, g)
        if len(moves) == 1:
            return moves
        return search_segment(g, self.node_budget, self.seen.avoid(view, g)).plan or [moves[0]]

    def _new_plan(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move] | None:
        res = search_segment(g, self.node_budget, avoid)
        return None if res.value == _NEG else res.plan
