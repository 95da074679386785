"""Helpers shared by the computer players: search games, segments, evaluation.

Everything here works on a *determinized* :class:`~russianbank.game.Game`
built from a :class:`~russianbank.view.PlayerView` with ``view.sample(rng)``,
never on the real game, so a player only knows what its view shows.


Frozen copy for the ``-v2`` baselines (see :mod:`russianbank.ai.v2`): do not change.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ... import moves as mv
from ...cards import COLOR, RANK, SUIT
from ...game import Game
from ...moves import Move
from ...view import PlayerView

WIN_VALUE = 1_000_000.0

#: Moves that end the turn.
TURN_ENDERS = frozenset((mv.DISCARD, mv.PASS))


def switch(name: str, value: float) -> bool:
    """A player's budget key that is 0 or 1 (it comes as a number from ``--budget-a``)."""
    if value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, not {value!r}")
    return bool(value)


def check_view(view: PlayerView) -> None:
    """Refuse a view a player cannot move from, with a clear reason."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"a player needs a PlayerView, not {type(view).__name__}")
    if view.outcome is not None:
        raise ValueError("the game is over: there is no move to choose")
    if view.player is None:
        raise ValueError("a spectator's view has no side to play")
    if view.player != view.turn:
        raise ValueError(f"it is {'AB'[view.turn]}'s turn, but this is {'AB'[view.player]}'s view")
    if not view.legal_moves:
        raise ValueError("no legal move in this view")


def strict_view(view: PlayerView) -> PlayerView:
    """The same view with Stop switched off, so that its samples list only in-order moves."""
    if not view.options.stops:
        return view
    return dataclasses.replace(view, options=view.options.with_changes(stops=False))


def sample_game(view: PlayerView, rng: random.Random, strict: bool = True) -> Game:
    """A determinized game for ``view`` (in-order moves only when ``strict``)."""
    return (strict_view(view) if strict else view).sample(rng)


def in_order(view: PlayerView, game: Game) -> list[Move]:
    """The moves of ``view.legal_moves`` that break no rule of order (all of them in strict mode)."""
    if not view.options.stops:
        return list(view.legal_moves)
    out = [m for m in view.legal_moves if game.order_violation(m) is None]
    return out or list(view.legal_moves)


def turn_move_count(view: PlayerView) -> int:
    """How many moves the side on move has made in the current turn."""
    n = 0
    for h in reversed(view.history):
        if h.player != view.turn or h.move.code in TURN_ENDERS or h.move.code == mv.STOP:
            break
        n += 1
    return n


def flips_reserve(g: Game, m: Move) -> bool:
    """True when ``m`` takes the mover's reserve top and turns a face-down card up."""
    p = g.turn
    return m.src == mv.RESERVE and g.res_up[p] == 1 and len(g.res[p]) > 1


def draw_known(g: Game) -> bool:
    """Whether the mover's next draw is a card its view already shows (a recycled stock, V3)."""
    p = g.turn
    return g.stock_known[p] > 0 if g.stock[p] else bool(g.waste[p])


def reveals_hidden(g: Game, m: Move) -> bool:
    """Whether ``m`` turns up a card the mover's view does not show: a chance event (a draw from the
    unseen part of the stock, or a reserve card turned over that no view names)."""
    if m.code == mv.DRAW:
        return not draw_known(g)
    return flips_reserve(g, m) and g.res_known[g.turn] == 0


def ends_segment(g: Game, m: Move) -> bool:
    """A move after which something hidden is seen, or the turn ends (the end of a plan segment).

    A draw from a recycled stock shows a card every view already knows (V3), so it does not end
    the segment: a search goes on through it.
    """
    code = m.code
    return code in TURN_ENDERS or reveals_hidden(g, m)


def public_key(g: Game) -> tuple[Any, ...]:
    """A key of what a player sees of the position (the same for every determinization of a view).

    Players use it to recognise, at their next move, the position a plan expected.
    """
    return (
        tuple(map(tuple, g.tab)),
        tuple(map(tuple, g.fnd)),
        len(g.res[0]),
        len(g.res[1]),
        g.reserve_top(0),
        g.reserve_top(1),
        g.res_up[0],
        g.res_up[1],
        len(g.stock[0]),
        len(g.stock[1]),
        tuple(g.waste[0]),
        tuple(g.waste[1]),
        g.hand,
        g.turn,
        g.turn_no,
    )


def _fits_found(g: Game, card: int) -> bool:
    """Whether ``card`` could go to a foundation now."""
    r = RANK[card]
    s2 = 2 * SUIT[card]
    for f in (g.fnd[s2], g.fnd[s2 + 1]):
        top = RANK[f[-1]] if f else 0
        if top == r - 1:
            return True
    return False


def _fits_tableau(g: Game, card: int, alternate: bool) -> bool:
    r = RANK[card]
    for pile in g.tab:
        if pile:
            t = pile[-1]
            if RANK[t] == r + 1 and ((COLOR[t] != COLOR[card]) if alternate else (SUIT[t] == SUIT[card])):
                return True
    return False


def _loads_on(card: int, target: int) -> bool:
    return target >= 0 and SUIT[card] == SUIT[target] and abs(RANK[card] - RANK[target]) == 1


#: Weights of :func:`evaluate` (points; one card in the stock or waste is worth 1).
WEIGHTS: dict[str, float] = {
    "reserve": 10.0,  # a card in one's own reserve
    "card": 1.0,  # a card in one's stock, waste or hand
    "space": 1.5,  # an open space, for the side on move
    "space_reserve": 5.0,  # an open space, for the side on move when it still has reserve cards
    "foundation": 0.2,  # a card on a foundation
    "threat_foundation": 6.0,  # the mover's reserve top fits a foundation
    "threat_tableau": 3.0,  # the mover's reserve top fits the tableau
    "threat_load": 1.0,  # a card the mover can load onto the other's reserve or waste
}


def evaluate(g: Game, p: int, hide_reserve_top: bool = False) -> float:
    """How good the position is for player ``p`` (bigger is better).

    Cards still to get rid of count against their owner: reserve cards
    heavily (they are the hardest to move and score double), then stock,
    waste and hand. Spaces help the side on move. When the opponent is on
    move, what they can do at once (reserve to a foundation or to the tableau,
    loading onto ``p``) counts against ``p``. With ``hide_reserve_top`` the
    mover's reserve top is treated as unknown (it was just turned up in a
    determinized game, so its identity is a guess).
    """
    o = g.outcome()
    if o is not None:
        if o.winner is None:
            return 0.0
        return WIN_VALUE if o.winner == p else -WIN_VALUE
    q = 1 - p
    single = g.options.single
    hand_p = 1 if (g.hand >= 0 and g.turn == p) else 0
    hand_q = 1 if (g.hand >= 0 and g.turn == q) else 0
    w = WEIGHTS
    wr, wc = w["reserve"], w["card"]
    v = 0.0
    v -= wr * len(g.res[p]) + wc * (len(g.stock[p]) + len(g.waste[p]) + hand_p)
    v += wr * len(g.res[q]) + wc * (len(g.stock[q]) + len(g.waste[q]) + hand_q)
    spaces = sum(1 for i in range(8) if not g.tab[i] and (g.laid[i >> 2]))
    mover = g.turn
    if spaces:
        sv = spaces * (w["space_reserve"] if g.res[mover] else w["space"])
        v += sv if mover == p else -sv
    if not single:
        v += w["foundation"] * sum(len(f) for f in g.fnd)
        alternate = g.options.tableau == "alternate"
        # What the side on move can do at once with its reserve top.
        rt = g.res[mover][-1] if (g.res[mover] and g.res_up[mover] and not hide_reserve_top) else -1
        threat = 0.0
        if rt >= 0:
            if _fits_found(g, rt):
                threat += w["threat_foundation"]
            elif _fits_tableau(g, rt, alternate):
                threat += w["threat_tableau"]
        # Loading chances of the side on move onto the other's reserve top and waste top.
        other = 1 - mover
        ort = g.res[other][-1] if (g.res[other] and g.res_up[other]) else -1
        owt = g.waste[other][-1] if g.waste[other] else -1
        if ort >= 0 or owt >= 0:
            cands = [pile[-1] for pile in g.tab if pile]
            if rt >= 0:
                cands.append(rt)
            for c in cands:
                if _loads_on(c, ort) or _loads_on(c, owt):
                    threat += w["threat_load"]
        v += threat if mover == p else -threat
    return v


def outcome_value(g: Game, p: int) -> float:
    o = g.outcome()
    if o is None or o.winner is None:
        return 0.0
    return WIN_VALUE if o.winner == p else -WIN_VALUE


def can_build(tableau_rule: str, card: int, top: int) -> bool:
    """Whether ``card`` may be built on the tableau card ``top`` (R5b, S-4)."""
    if top < 0 or card == top:
        return False
    if tableau_rule == "alternate":
        return RANK[top] == RANK[card] + 1 and COLOR[top] != COLOR[card]
    if tableau_rule == "suited":
        return RANK[top] == RANK[card] + 1 and SUIT[top] == SUIT[card]
    d = (RANK[top] - RANK[card]) % 13
    return SUIT[top] == SUIT[card] and d in (1, 12)


def useful_shift(g: Game, src_pile: list[int], dst_pile: list[int]) -> bool:
    """Whether moving the top of one tableau pile to another achieves anything at once.

    It does when it frees a space (a lone card onto another pile), or when the
    card it uncovers can be used: it fits a foundation, takes the mover's
    reserve top or hand card, or loads onto the opponent. Other tableau moves
    only shuffle cards about, and the players never make them.
    """
    if len(src_pile) == 1:
        return bool(dst_pile)
    below = src_pile[-2]
    if _fits_found(g, below):
        return True
    p = g.turn
    rule = g.options.tableau
    for c in (g.reserve_top(p), g.hand):
        if c >= 0 and can_build(rule, c, below):
            return True
    o = 1 - p
    return _loads_on(below, g.reserve_top(o)) or _loads_on(below, g.waste_top(o))


class TurnMemory:
    """The positions a player has moved from in the current turn (by :func:`public_key`)."""

    def __init__(self) -> None:
        self.turn: tuple[int, int] | None = None
        # a dict used as an ordered set: equal memories pickle to the same bytes (a set's order can
        # differ after a round trip through pickle, as when a web worker sends a player's state back)
        self.keys: dict[object, None] = {}

    def avoid(self, view: PlayerView, g: Game) -> set[object]:
        """The positions to keep away from: those already seen this turn (without the current one)."""
        if self.turn != (view.turn_no, len(view.history) - turn_move_count(view)):
            return set()
        return set(self.keys) - {public_key(g)}

    def visit(self, view: PlayerView, g: Game) -> set[object]:
        """Note the current position; returns the earlier ones of this turn."""
        turn = (view.turn_no, len(view.history) - turn_move_count(view))
        if self.turn != turn:
            self.turn = turn
            self.keys = {}
        before = set(self.keys)
        self.keys[public_key(g)] = None
        return before
