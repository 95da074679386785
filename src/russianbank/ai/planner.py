"""The planner: searches every order of moves up to the end of the segment.

A *segment* is the run of moves up to the next moment something hidden is
seen or the turn ends: a draw, a discard, a pass, or a reserve move that turns
the next face-down reserve card up. Everything inside a segment is known, so
the planner searches the sequences of moves within it exhaustively (up to a
node budget), merging move orders that reach the same position through a
transposition table, and picks the end of segment with the best evaluation
(:func:`russianbank.ai.common.evaluate`).

With ``reply_nodes`` (the ``planner`` engine's budget, not the levels') a plan
that ends the turn is chosen by the opponent's reply: the best few such plans
are each followed by a search of the opponent's first segment, which sees only
public cards (:func:`search_with_reply`).
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from typing import Protocol

from .. import moves as mv
from ..cards import COLOR, RANK, SUIT
from ..game import Game
from ..moves import DRAW, RESERVE, Move
from ..view import PlayerView
from .common import (
    TURN_ENDERS,
    WIN_VALUE,
    TurnMemory,
    _fits_found,
    _loads_on,
    can_build,
    check_view,
    draw_known,
    ends_segment,
    evaluate,
    flips_reserve,
    in_order,
    public_key,
    sample_game,
    switch,
    turn_move_count,
)
from .evaluation import WIN_LOGIT, shipped_evaluation
from .greedy import TURN_MOVE_LIMIT, greedy_move

#: Each move of a plan costs this much (logit units), so that of equal plans the shortest wins (no shuffling).
STEP_COST = 1e-4

#: A segment plan never runs longer than this many moves.
MAX_DEPTH = 80

#: A plan the node budget cut short (it does not reach the end of the segment) is valued this much
#: (logits) below its last position, so that a plan to the end of the segment is preferred. Without it
#: a player whose searches are cut short wanders from one tableau arrangement to the next for a hundred
#: moves (measured: 10% of the expert's turns had over 40 moves).
CUT_PENALTY = 0.5

#: After this many tableau-to-tableau moves since the last card turned up, a player's searches leave
#: out the tableau moves that achieve nothing at once (pruning rule 1): a long rearrangement may find
#: a place for the hand card, but one that the node budget keeps cutting short only wanders.
SHIFT_LIMIT = 16


def shifts_since_reveal(view: PlayerView) -> int:
    """Tableau-to-tableau moves of the side on move since the last draw or reserve card turned up."""
    n = 0
    for h in reversed(view.history):
        if h.player != view.turn or h.reveals or h.move.code >= 256:
            break
        m = h.move
        if m.src < 8 and m.dst < 8:
            n += 1
    return n


_NEG = -float("inf")


class Evaluator(Protocol):
    """What the search needs of an evaluation: the value of a position for player ``p``."""

    def logit(self, g: Game, p: int, hidden_top: bool = False) -> float: ...


class HandEvaluation:
    """The hand-made evaluation (:func:`~russianbank.ai.common.evaluate`), scaled to logits.

    The learned evaluation is for the two-deck game; the one-deck game (no
    reserve, no foundations) keeps this one.
    """

    scale = 0.05

    def logit(self, g: Game, p: int, hidden_top: bool = False) -> float:
        v = evaluate(g, p, hide_reserve_top=hidden_top)
        if abs(v) >= WIN_VALUE / 2:
            return WIN_LOGIT if v > 0 else -WIN_LOGIT
        return v * self.scale


def evaluator_for(g: Game) -> Evaluator:
    """The evaluation the players use for ``g``'s rules: learned for the two-deck game."""
    return HAND_EVALUATION if g.options.single else shipped_evaluation()


HAND_EVALUATION = HandEvaluation()


@dataclass
class SegmentResult:
    """The outcome of one segment search."""

    value: float
    plan: list[Move]
    nodes: int
    complete: bool  # False when the node budget cut the search short
    #: the best plan through each first move, with its value
    by_first: dict[Move, tuple[float, list[Move]]] = field(default_factory=dict)


def _candidates(g: Game, prune_shifts: int, order: bool = False) -> list[Move]:
    """Legal moves worth searching.

    Into spaces only the first space is tried (all spaces are alike), and a lone
    tableau card never moves into a space (that changes nothing). With
    ``prune_shifts`` 1, tableau-to-tableau moves only when they achieve
    something at once (:func:`~russianbank.ai.common.useful_shift`); with 2, also those that uncover a
    card that would open a new place (:func:`_opens_new_place`). With ``order``
    the moves of the reserve and the hand card come first, then the loads onto
    the opponent's piles, then the tableau moves (:func:`_move_rank`); without
    it, in the order of :meth:`~russianbank.game.Game.legal_move_list`.
    """
    out: list[Move] = []
    p = g.turn
    off = 4 * p
    tab = g.tab
    seen_space_src = 0  # the sources (a bit per pile code) already moved into a space
    tops: tuple[int, int, int, int] | None = None  # what useful_shift looks at, found at the first shift
    for m in g.legal_move_list():
        if m.code < 256:
            src, dst = m.src, m.dst
            if dst < 8:
                dpile = tab[(dst + off) & 7]
                if not dpile:
                    bit = 1 << src
                    if seen_space_src & bit:
                        continue
                    seen_space_src |= bit
                    if src < 8 and len(tab[(src + off) & 7]) == 1:
                        continue
                if src < 8 and prune_shifts:
                    spile = tab[(src + off) & 7]
                    if tops is None:
                        tops = _shift_targets(g)
                    if not _useful_shift(g, spile, dpile, tops) and (
                        prune_shifts == 1 or not _opens_new_place(g, spile)
                    ):
                        continue
        out.append(m)
    if order:
        out.sort(key=_move_rank)
    return out


def _shift_targets(g: Game) -> tuple[int, int, int, int]:
    """The cards :func:`~russianbank.ai.common.useful_shift` tries an uncovered card against: the mover's
    reserve top and hand card, the opponent's reserve and waste tops (-1 for none)."""
    p = g.turn
    o = 1 - p
    w = g.waste[o]
    return (
        g.res[p][-1] if g.res_up[p] else -1,
        g.hand,
        g.res[o][-1] if g.res_up[o] else -1,
        w[-1] if w else -1,
    )


def _useful_shift(g: Game, src_pile: list[int], dst_pile: list[int], tops: tuple[int, int, int, int]) -> bool:
    """:func:`~russianbank.ai.common.useful_shift`, with the cards it looks at given (:func:`_shift_targets`)."""
    if len(src_pile) == 1:
        return bool(dst_pile)
    below = src_pile[-2]
    if _fits_found(g, below):
        return True
    rt, hand, ort, owt = tops
    rule = g.options.tableau
    if (rt >= 0 and can_build(rule, rt, below)) or (hand >= 0 and can_build(rule, hand, below)):
        return True
    return _loads_on(below, ort) or _loads_on(below, owt)


def _move_rank(m: Move) -> int:
    """The search order of ``order``: a budget cut short spends its positions on the reserve and the
    hand card first (what a turn is for), then on loads, last on tableau rearrangements."""
    if m.src == mv.RESERVE:
        return 0
    if m.src == mv.HAND:
        return 1
    if m.code >= 256 or m.dst >= 8:  # a foundation, the opponent's reserve or waste, a draw or discard, a pass
        return 2
    return 3


def _opens_new_place(g: Game, src_pile: list[int]) -> bool:
    """Whether the card a tableau move uncovers would take a card that no tableau top takes now."""
    if len(src_pile) < 2:
        return False
    below = src_pile[-2]
    rule = g.options.tableau
    r = RANK[below]
    if r == 1:
        return False
    for pile in g.tab:
        if pile and pile is not src_pile:
            t = pile[-1]
            if RANK[t] == r and (COLOR[t] == COLOR[below] if rule == "alternate" else SUIT[t] == SUIT[below]):
                return False
    return True


def segment_key(g: Game) -> tuple[object, ...]:
    """A transposition key within one segment: the tableau, the foundation heights, and what else the
    segment's moves can change (the piles keep their order: a plan names piles by their place)."""
    p = g.turn
    o = 1 - p
    a0, a1, b0, b1, c0, c1, d0, d1 = map(len, g.fnd)
    return (
        tuple(map(tuple, g.tab)),
        # the two foundations of a suit are interchangeable: a symmetric function of their heights
        (a0 * a1 + 100 * (a0 + a1), b0 * b1 + 100 * (b0 + b1), c0 * c1 + 100 * (c0 + c1), d0 * d1 + 100 * (d0 + d1)),
        len(g.res[p]),
        len(g.res[o]),
        tuple(g.res[o][-g.res_up[o] :]) if g.res_up[o] else (),
        len(g.waste[o]),
        g.waste[o][-1] if g.waste[o] else -1,
        g.hand,
        len(g.stock[p]),  # a draw from a recycled stock (public, V3) does not end a segment
        g.turn,
    )


def _child_key(g: Game, parent: tuple[object, ...], code: int, p: int) -> tuple[object, ...] | None:
    """The :func:`segment_key` after the card move ``code`` by ``p``, the mover, from the position
    ``g`` whose key is ``parent``, found without playing the move; None for a move whose key is not
    derived here (a draw, a discard) or that could end the game (the mover's last card)."""
    src = code >> 4
    dst = code & 15
    if code >= 256 or src > mv.HAND or not (dst < 8 or mv.FOUNDATION <= dst <= mv.OPP_WASTE):
        return None
    res_p = g.res[p]
    hand = g.hand
    if not (g.stock[p] or g.waste[p] or (hand >= 0 and src != mv.HAND) or len(res_p) > (src == mv.RESERVE)):
        return None  # the mover may play its last card: the game may end
    key = list(parent)
    off = 4 * p
    tabs: list[tuple[int, ...]] | None = None
    if src < 8:
        tabs = list(parent[0])  # type: ignore[call-overload]
        a = (src + off) & 7
        pile = tabs[a]
        card = pile[-1]
        tabs[a] = pile[:-1]
    elif src == mv.RESERVE:
        card = res_p[-1]
        key[2] = len(res_p) - 1
    else:
        card = hand
        key[7] = -1
    if dst < 8:
        if tabs is None:
            tabs = list(parent[0])  # type: ignore[call-overload]
        b = (dst + off) & 7
        tabs[b] = (*tabs[b], card)
    elif dst == mv.FOUNDATION:
        # the slot the engine plays it to: the suit's first foundation if the card fits there
        su = SUIT[card]
        f0, f1 = g.fnd[2 * su], g.fnd[2 * su + 1]
        x, y = len(f0), len(f1)
        if (RANK[f0[-1]] if f0 else 0) == RANK[card] - 1:
            x += 1
        else:
            y += 1
        heights = list(parent[1])  # type: ignore[call-overload]
        heights[su] = x * y + 100 * (x + y)
        key[1] = tuple(heights)
    elif dst == mv.OPP_RESERVE:
        key[3] = len(g.res[1 - p]) + 1
        key[4] = (*parent[4], card)  # type: ignore[misc]
    else:
        key[5] = len(g.waste[1 - p]) + 1
        key[6] = card
    if tabs is not None:
        key[0] = tuple(tabs)
    return tuple(key)


def terminal_value(g: Game, p: int, m: Move, ev: Evaluator) -> float:
    """The value for ``p`` of ending the segment with ``m`` (the game ``g`` is before ``m``)."""
    if m.code == mv.DRAW:
        return ev.logit(g, p)
    flip = flips_reserve(g, m)
    g.push_unchecked(m)
    v = ev.logit(g, p, flip)
    g.pop()
    return v


def search_segment(
    g: Game,
    node_budget: int = 20000,
    avoid: set[object] | None = None,
    ev: Evaluator | None = None,
    prune_shifts: int = 0,
    turn_ends: list[tuple[float, int, tuple[Move, ...]]] | None = None,
    keep_ends: int = 0,
    order: bool = False,
    seg_ends: dict[object, tuple[float, tuple[Move, ...]]] | None = None,
) -> SegmentResult:
    """Search ``g`` (a strict search game, the mover's turn) to the end of the segment.

    Every order of the moves :func:`_candidates` keeps is searched (up to
    ``node_budget`` positions; orders reaching the same position are merged),
    and each end of the segment is valued by ``ev`` (default: :func:`evaluator_for`).
    ``avoid`` holds :func:`public_key` s of positions already seen in this turn: the search
    never goes back to them, so a player following its plans cannot go round in circles
    even when the node budget cuts a search short.

    With ``turn_ends`` (a list) and ``keep_ends`` > 0 the search also keeps there, as a heap,
    the ``keep_ends`` best plans that end the turn (value, order found, plan); nothing else changes.
    With ``order`` the moves are searched in the order of :func:`_move_rank` (reserve and hand card
    first), which matters when the node budget cuts the search short.
    With ``seg_ends`` (a dict) every end of the segment the search reaches is kept there, keyed by
    the position it ends in (a draw by the position it is made from): its value and one plan to it.
    """
    if ev is None:
        ev = evaluator_for(g)
    p = g.turn
    base = len(g.move_stack)
    table: dict[object, tuple[float, list[Move]] | None] = {}
    nodes = 0
    found = 0
    complete = True

    # The tableaux of the positions to avoid: a position whose tableau is none of them is not one of
    # them, which spares most positions the public key.
    avoid_tabs: set[object] | None = None
    if avoid and all(isinstance(k, tuple) and k for k in avoid):
        avoid_tabs = {k[0] for k in avoid}  # type: ignore[index]
    res_up, res_known, res = g.res_up, g.res_known, g.res

    def rec(key: tuple[object, ...] | None = None) -> tuple[float, list[Move]]:
        """The best value and plan from here (``key``: this position's :func:`segment_key`, if known)."""
        nonlocal nodes, complete
        if key is None:
            key = segment_key(g)
        if key in table:
            got = table[key]
            return got if got is not None else (_NEG, [])
        if avoid and (avoid_tabs is None or key[0] in avoid_tabs) and public_key(g) in avoid:
            table[key] = (_NEG, [])
            return (_NEG, [])
        nodes += 1
        if nodes > node_budget or len(g.move_stack) - base > MAX_DEPTH:
            complete = False
            val = ev.logit(g, p) - CUT_PENALTY
            table[key] = (val, [])
            return (val, [])
        table[key] = None  # on the current path: a cycle is worth nothing
        best: tuple[float, list[Move]] = (_NEG, [])
        # ends_segment of this position's moves: a draw of an unseen card, a reserve card turned over
        # that no view names, a discard or a pass
        draw_ends = not draw_known(g)
        q = g.turn
        flip_ends = res_up[q] == 1 and len(res[q]) > 1 and res_known[q] == 0
        for m in _candidates(g, prune_shifts, order):
            code = m.code
            if code in TURN_ENDERS or (draw_ends if code == DRAW else (flip_ends and m.src == RESERVE)):
                v = terminal_value(g, p, m, ev) - STEP_COST
                if turn_ends is not None and code in TURN_ENDERS:
                    keep(v, m)
                if seg_ends is not None:
                    note_end(v, m)
                if v > best[0]:
                    best = (v, [m])
            else:
                v, sub = child(m, key)
                if v > best[0]:
                    best = (v, [m, *sub])
            if best[0] >= WIN_LOGIT / 2:
                break
        table[key] = best
        return best

    def keep(v: float, m: Move) -> None:
        """Keep a plan that ends the turn with ``m`` from here, if it is among the best ``keep_ends``."""
        nonlocal found
        assert turn_ends is not None
        depth = len(g.move_stack) - base
        v -= STEP_COST * depth
        if len(turn_ends) >= keep_ends and v <= turn_ends[0][0]:
            return
        found += 1
        item = (v, -found, (*g.move_stack[base:], m))  # of equal values the one found first is kept
        if len(turn_ends) < keep_ends:
            heapq.heappush(turn_ends, item)
        else:
            heapq.heapreplace(turn_ends, item)

    def note_end(v: float, m: Move) -> None:
        """Keep the end of the segment that ``m`` makes from here, with its value from the root."""
        assert seg_ends is not None
        if m.code == mv.DRAW:
            key: object = ("draw", segment_key(g))
        else:
            g.push_unchecked(m)
            key = (segment_key(g), tuple(map(len, g.waste)), tuple(map(len, g.res)))
            g.pop()
        v -= STEP_COST * (len(g.move_stack) - base)
        if key not in seg_ends or seg_ends[key][0] < v:
            seg_ends[key] = (v, (*g.move_stack[base:], m))

    def child(m: Move, parent: tuple[object, ...]) -> tuple[float, list[Move]]:
        """The value and best continuation after a move inside the segment (``parent``: the
        :func:`segment_key` of the position before it)."""
        key = _child_key(g, parent, m.code, p)
        if key is not None and key in table:
            got = table[key]
            v, sub = got if got is not None else (_NEG, [])
            return v - STEP_COST, sub
        g.push_unchecked(m)
        if g.is_over():
            v, sub = ev.logit(g, p), []
        else:
            v, sub = rec(key)
        g.pop()
        return v - STEP_COST, sub

    # The root: keep the best line through each first move (for hints and for the expert).
    by_first: dict[Move, tuple[float, list[Move]]] = {}
    root = segment_key(g)
    table[root] = None
    nodes += 1
    for m in _candidates(g, prune_shifts, order):
        if ends_segment(g, m):
            by_first[m] = (terminal_value(g, p, m, ev) - STEP_COST, [m])
            if turn_ends is not None and m.code in TURN_ENDERS:
                keep(by_first[m][0], m)
            if seg_ends is not None:
                note_end(by_first[m][0], m)
        else:
            v, sub = child(m, root)
            by_first[m] = (v, [m, *sub])
    if not by_first:
        return SegmentResult(ev.logit(g, p), [], nodes, complete, by_first)
    first = max(by_first, key=lambda k: by_first[k][0])
    value, plan = by_first[first]
    return SegmentResult(value, plan, nodes, complete, by_first)


#: Of the plans that end the turn, only those within this many logits of the best are looked at
#: through the opponent's reply (:func:`search_with_reply`).
REPLY_MARGIN = 1.0


def reply_value(
    g: Game, plan: tuple[Move, ...] | list[Move], ev: Evaluator, reply_nodes: int, prune: int, order: bool = False
) -> float:
    """The value for the mover of ``g`` of playing ``plan`` (which ends its turn), then the opponent's best
    first segment of its reply turn (searched with ``reply_nodes`` positions and pruning rule ``prune``).

    Everything the opponent's first segment can see is public: it ends at the opponent's first draw of an
    unseen card or reserve card turned over, so no card of the sampled game's guesses is used.
    """
    p = g.turn
    for m in plan:
        g.push_unchecked(m)
    try:
        if g.is_over() or g.turn == p:
            return ev.logit(g, p)
        r = search_segment(g, reply_nodes, None, ev, prune, order=order)
        return ev.logit(g, p) if r.value == _NEG else -r.value
    finally:
        for _ in plan:
            g.pop()


def search_with_reply(
    g: Game,
    node_budget: int,
    avoid: set[object] | None,
    ev: Evaluator,
    prune_shifts: int,
    reply_nodes: int,
    reply_plans: int,
    reply_prune: int = 1,
    reply_margin: float = REPLY_MARGIN,
    order: bool = False,
) -> SegmentResult:
    """:func:`search_segment`, then, when the best plan ends the turn, a look at the opponent's reply.

    The ``reply_plans`` best plans that end the turn (within ``reply_margin`` logits of the best of them)
    are each played and the opponent's first segment searched (:func:`reply_value`); the plan that leaves
    the opponent the least is played. A plan that does not end the turn (the next card is drawn, or a
    reserve card turned over) is the segment search's. ``order`` is :func:`search_segment`'s, for both searches.
    """
    ends: list[tuple[float, int, tuple[Move, ...]]] = []
    res = search_segment(g, node_budget, avoid, ev, prune_shifts, ends, reply_plans, order)
    if res.value == _NEG or not res.plan or res.plan[-1].code not in TURN_ENDERS or not ends:
        return res
    ranked = sorted(ends, reverse=True)
    top = ranked[0][0]
    best: tuple[float, tuple[Move, ...]] | None = None
    for v, _, plan in ranked:
        if v < top - reply_margin:
            break
        r = reply_value(g, plan, ev, reply_nodes, reply_prune, order) - STEP_COST * len(plan)
        if best is None or r > best[0]:
            best = (r, plan)
    assert best is not None
    return SegmentResult(best[0], list(best[1]), res.nodes, res.complete, res.by_first)


class PlanFollower:
    """Shared move choice of the planner and the expert: follow a cached plan while the
    position is the one it was made for, else make a new plan (see :meth:`_new_plan`)."""

    rng: random.Random
    _cache: tuple[object, list[Move]] | None
    seen: TurnMemory

    def _new_plan(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move] | None:
        """A plan from this position (None or [] to fall back to greedy)."""
        raise NotImplementedError

    def _sample(self, view: PlayerView) -> Game:
        """A strict search game for ``view``: the hidden cards dealt at random (the clairvoyant overrides it)."""
        return sample_game(view, self.rng)

    #: the pruning of the search about to be made (the player's own, or rule 1 after SHIFT_LIMIT)
    _prune_now: int = 0

    def _set_prune(self, view: PlayerView) -> None:
        own = int(getattr(self, "prune_shifts", 0))
        self._prune_now = own if (own == 1 or shifts_since_reveal(view) < SHIFT_LIMIT) else 1

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        self._set_prune(view)
        g = self._sample(view)
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
    """Plays the best plan to the end of the segment; replans at every move (plans are cached).

    ``evaluation`` is the learned evaluation to search with (default: the shipped
    weights; the one-deck game always uses the hand-made one); ``prune_shifts``
    (1 or 2) leaves out tableau moves (see :func:`_candidates`; measured: it costs strength).
    With ``reply_nodes`` > 0 a plan that ends the turn is chosen by the opponent's reply
    (:func:`search_with_reply`: the ``reply_plans`` best, each opponent search of ``reply_nodes``
    positions with pruning rule ``reply_prune``, of those within ``reply_margin`` logits of the best);
    0, the default, does not look at the reply. With ``move_order`` (1) the searches try the reserve's
    and the hand card's moves first (:func:`_move_rank`); 0, the default, in the order the moves are
    generated.
    """

    name = "planner"

    def __init__(
        self,
        seed: int | None = 0,
        node_budget: int = 4000,
        evaluation: Evaluator | None = None,
        prune_shifts: int = 0,
        reply_nodes: int = 0,
        reply_plans: int = 6,
        reply_prune: int = 1,
        reply_margin: float = REPLY_MARGIN,
        move_order: int = 0,
    ) -> None:
        if node_budget < 1:
            raise ValueError("node_budget must be at least 1")
        if reply_nodes < 0 or reply_plans < 1 or int(reply_prune) not in (0, 1, 2) or not reply_margin >= 0:
            raise ValueError(
                "reply_nodes must be at least 0, reply_plans at least 1, reply_prune 0, 1 or 2 "
                "and reply_margin at least 0"
            )
        self.rng = random.Random(seed)
        self.node_budget = node_budget
        self.evaluation = evaluation
        self.prune_shifts = int(prune_shifts)
        self.reply_nodes = int(reply_nodes)
        self.reply_plans = int(reply_plans)
        self.reply_prune = int(reply_prune)
        self.reply_margin = float(reply_margin)
        self.move_order = switch("move_order", move_order)
        self._cache = None
        self.seen = TurnMemory()

    def _search(self, g: Game, avoid: set[object] | None) -> SegmentResult:
        ev = HAND_EVALUATION if g.options.single else (self.evaluation or shipped_evaluation())
        if self.reply_nodes:
            return search_with_reply(
                g,
                self.node_budget,
                avoid,
                ev,
                self._prune_now,
                self.reply_nodes,
                self.reply_plans,
                self.reply_prune,
                self.reply_margin,
                self.move_order,
            )
        return search_segment(g, self.node_budget, avoid, ev, self._prune_now, order=self.move_order)

    def plan(self, view: PlayerView) -> list[Move]:
        """The whole planned sequence to the end of the segment (first move first)."""
        check_view(view)
        self._set_prune(view)
        g = self._sample(view)
        moves = in_order(view, g)
        if len(moves) == 1:
            return moves
        return self._search(g, self.seen.avoid(view, g)).plan or [moves[0]]

    def _new_plan(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move] | None:
        res = self._search(g, avoid)
        return None if res.value == _NEG else res.plan
