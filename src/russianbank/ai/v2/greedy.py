"""The random and greedy players.

Frozen copy for the ``-v2`` baselines (see :mod:`russianbank.ai.v2`): do not change.
"""

from __future__ import annotations

import random

from ... import moves as mv
from ...game import Game
from ...moves import Move
from ...view import PlayerView
from .common import (
    TurnMemory,
    _fits_found,
    _loads_on,
    can_build,
    check_view,
    in_order,
    public_key,
    sample_game,
    turn_move_count,
)

#: After this many moves in one turn, greedy stops rearranging and only ends the turn or makes progress.
TURN_MOVE_LIMIT = 150


class RandomPlayer:
    """A uniformly random legal move (in order, unless ``allow_violations``)."""

    name = "random"

    def __init__(self, seed: int | None = 0, allow_violations: bool = False) -> None:
        self.rng = random.Random(seed)
        self.allow_violations = allow_violations

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        if self.allow_violations or not view.options.stops:
            moves = list(view.legal_moves)
        else:
            moves = in_order(view, sample_game(view, self.rng, strict=False))
        return self.rng.choice(moves)


def greedy_scores(g: Game, moves: list[Move], turn_moves: int = 0) -> list[float]:
    """One-move rules of thumb, in order of importance (bigger is better).

    1. a foundation play (the reserve first, then the hand, then the tableau);
    2. loading the opponent from the reserve, then from the hand;
    3. the reserve onto the tableau, filling spaces from the reserve;
    4. the hand card onto the tableau;
    5. freeing a space by moving a lone tableau card onto another pile;
    6. a tableau move that uncovers a card that can then be used (foundation,
       reserve or hand on it);
    7. drawing / discarding / passing; other tableau shuffles are refused.
    Ties and near ties are broken by what the opponent could do next: a move
    that leaves the opponent a card to load onto our reserve or waste scores less.
    """
    p = g.turn
    o = 1 - p
    tab = g.tab
    off = 4 * p
    has_reserve = bool(g.res[p])
    hand = g.hand
    rtop = g.reserve_top(p)
    wtop = g.waste_top(p)
    ortop = g.reserve_top(o)
    owtop = g.waste_top(o)
    fill_bonus = 300.0 if (has_reserve or hand >= 0) else 200.0
    rule = g.options.tableau
    shifting = turn_moves < TURN_MOVE_LIMIT
    # Per tableau pile (absolute index), worked out when first needed: is the card under
    # the top useful once uncovered, and would it give the opponent a card to load onto
    # our reserve or waste?
    useful: list[bool | None] = [None] * 8
    exposes: list[bool | None] = [None] * 8

    def is_useful(i: int) -> bool:
        u = useful[i]
        if u is None:
            below = tab[i][-2]
            u = (
                _fits_found(g, below)
                or (rtop >= 0 and can_build(rule, rtop, below))
                or (hand >= 0 and can_build(rule, hand, below))
                or _loads_on(below, ortop)
                or _loads_on(below, owtop)
            )
            useful[i] = u
        return u

    def is_exposing(i: int) -> bool:
        e = exposes[i]
        if e is None:
            pile = tab[i]
            e = len(pile) >= 2 and (_loads_on(pile[-2], rtop) or _loads_on(pile[-2], wtop))
            exposes[i] = e
        return e

    out: list[float] = []
    for m in moves:
        code = m.code
        if code >= 256:
            out.append(0.0 if code == mv.PASS else -1000.0)
            continue
        if code == mv.DRAW or code == mv.DISCARD:
            out.append(0.0)
            continue
        src = m.src
        dst = m.dst
        sa = (src + off) & 7
        if dst == mv.FOUNDATION:
            s = 1000.0 + (100.0 if src == mv.RESERVE else 50.0 if src == mv.HAND else 0.0)
        elif dst == mv.OPP_RESERVE or dst == mv.OPP_WASTE:
            if src == mv.RESERVE:
                s = 900.0
            elif src == mv.HAND:
                s = 800.0
            else:
                s = 150.0 if len(tab[sa]) == 1 else 60.0
            if dst == mv.OPP_RESERVE:
                s += 5.0  # covering their reserve top is worth a little more
        elif src == mv.RESERVE:
            s = 700.0 if tab[(dst + off) & 7] else 600.0
        elif src == mv.HAND:
            s = 500.0 if tab[(dst + off) & 7] else 400.0
        else:
            dpile = tab[(dst + off) & 7]
            if not shifting:
                s = -10.0
            elif len(tab[sa]) == 1:
                s = fill_bonus if dpile else -10.0
            else:
                s = (250.0 if dpile else 150.0) if is_useful(sa) else -10.0
        if s > 0.0:
            # What the move leaves the opponent: a card to load onto our reserve or waste.
            if src < 8 and is_exposing(sa):
                s -= 3.0
            if dst < 8:
                card = g.pile_card(src)
                if card >= 0 and (_loads_on(card, rtop if src != mv.RESERVE else -1) or _loads_on(card, wtop)):
                    s -= 2.0
        out.append(s)
    return out


class GreedyPlayer:
    """One move of look-ahead with rules of thumb (see :func:`greedy_scores`)."""

    name = "greedy"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)
        self.seen = TurnMemory()

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        g = sample_game(view, self.rng, strict=False)
        earlier = self.seen.visit(view, g)
        moves = in_order(view, g)
        if len(moves) == 1:
            return moves[0]
        scores = greedy_scores(g, moves, turn_move_count(view))
        if earlier:
            # Never shuttle a card back to a position already left in this turn.
            for i, m in enumerate(moves):
                if scores[i] > 0.0 and m.src < 8 and 0 <= m.dst < 8:
                    g.push_unchecked(m)
                    back = public_key(g) in earlier
                    g.pop()
                    if back:
                        scores[i] = -20.0
        best = max(scores)
        tops = [m for m, s in zip(moves, scores, strict=True) if s == best]
        return tops[0] if len(tops) == 1 else self.rng.choice(tops)


def greedy_move(g: Game, rng: random.Random, turn_moves: int = 0) -> Move:
    """The greedy choice in a (strict) search game: the fast policy used in play-outs."""
    moves = g.legal_move_list()
    if len(moves) == 1:
        return moves[0]
    scores = greedy_scores(g, moves, turn_moves)
    best = max(scores)
    tops = [m for m, s in zip(moves, scores, strict=True) if s == best]
    return tops[0] if len(tops) == 1 else rng.choice(tops)


__all__ = ["GreedyPlayer", "RandomPlayer", "greedy_move", "greedy_scores"]
