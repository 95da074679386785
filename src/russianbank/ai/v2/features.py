"""What the learned evaluation looks at: features of a position, from what a player's view shows.

:func:`features` describes a position from the side of the player on move (the
*mover*, M) against the other (O). It reads only what every view shows (V1):
pile sizes, face-up cards, the tableau and foundations, and - for the cards
still face down - only their *set*, which a view determines (the cards of a
player's deck that it does not show; RULES.md V2 hides their order, and a
determinized game may hold them in any order). So the same view gives the same
features in every determinization. The last fourteen say how near the
foundations each side's cards are (each card's distance: how many cards its
suit's nearer foundation still needs before it fits).

Positions are evaluated where the searching player stops looking: before a
draw, after a reserve card was turned up (``hidden_top``: its identity is a
guess in a sampled game, so the features use the chance that the new top fits
instead), and at the start of the other side's turn.


Frozen copy for the ``-v2`` baselines (see :mod:`russianbank.ai.v2`): do not change.
"""

from __future__ import annotations

from functools import lru_cache

from ...cards import COLOR, RANK, SUIT
from ...game import Game

#: The names of :func:`features`' entries, in order (the weights file lists them too).
FEATURES = (
    "bias",
    "reserve_m",  # cards in the mover's reserve
    "reserve_o",
    "reserve_empty_m",  # 1 when the mover's reserve is empty
    "reserve_empty_o",
    "cards_m",  # the mover's stock, waste and hand
    "cards_o",
    "top_found_m",  # the mover's reserve top fits a foundation (a chance when it is not known)
    "top_tab_m",  # ... fits the tableau (a pile top or a space) but no foundation
    "top_found_o",
    "top_tab_o",
    "spaces",
    "spaces_reserve_m",  # spaces while the mover still has reserve cards
    "draw_fits_m",  # the chance that the mover's next card from the stock can be placed
    "draw_fits_o",  # the same for the other side's next card, on today's table
    "no_draw_m",  # the mover has nothing left to draw (stock and waste empty)
    "hand_fits_m",  # the mover holds a card that can be placed
    "load_on_m",  # tableau tops the other side could load onto the mover's reserve or waste
    "load_on_o",  # the mover's cards (tableau tops, reserve top, hand) that load onto the other side
    "found_tops",  # tableau tops that fit a foundation
    "found_cards",  # cards on the foundations (/104)
    "buried",  # tableau cards below the tops (/10)
    "accepts",  # distinct cards the tableau tops accept (/8)
    # How near the foundations each side's cards are (a card's *distance*: the cards its suit's
    # foundations still need before it fits; 0 = it fits now).
    "unknown_near_m",  # the share of the mover's unknown cards at distance 0 or 1
    "unknown_near_n_m",  # ... their number (/10)
    "unknown_dist_m",  # the mean distance of the mover's unknown cards (/13)
    "known_near_m",  # the mover's known stock, waste and hand cards at distance 0 or 1 (/10)
    "known_near3_m",  # ... at distance 3 or less (/10)
    "reserve_near_m",  # the mover's reserve top is at distance 0 or 1 (a chance when it is not known)
    "unknown_near_o",
    "unknown_near_n_o",
    "unknown_dist_o",
    "known_near_o",
    "known_near3_o",
    "reserve_near_o",
    "buried_near",  # tableau cards below the tops at distance 0 or 1 (/10)
    "tops_one_away",  # tableau tops at distance 1
)

N_FEATURES = len(FEATURES)


#: Bit of each card's face (rank and suit, either deck) in a 52-bit mask.
_BIT = tuple(1 << (c % 52) for c in range(104))
_RED = (0, 1, 1, 0)  # per suit (C D H S)
_SUITS_OF_COLOUR = ((0, 3), (1, 2))


def _unknown(g: Game, p: int) -> list[int]:
    """The face-down cards of ``p`` that no view names (as a set this is what a view shows)."""
    r = g.res[p]
    down = len(r) - g.res_up[p] - g.res_known[p]
    s = g.stock[p]
    return r[:down] + s[: len(s) - g.stock_known[p]]


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= _BIT[c]
    return m


def _load_mask(t: int) -> int:
    """The faces that may be loaded onto ``t`` (same suit, one rank up or down), or 0 for no card."""
    if t < 0:
        return 0
    r = RANK[t]
    base = SUIT[t] * 13
    m = 0
    if r > 1:
        m |= 1 << (base + r - 2)
    if r < 13:
        m |= 1 << (base + r)
    return m


def _fraction(mask: int, cards: list[int]) -> float:
    """The share of ``cards`` whose face is in ``mask``."""
    if not cards:
        return 0.0
    n = 0
    for c in cards:
        if mask & _BIT[c]:
            n += 1
    return n / len(cards)


def features(g: Game, hidden_top: bool = False) -> list[float]:
    """The feature vector of ``g`` from the mover's side (see :data:`FEATURES`).

    ``hidden_top``: the mover's reserve top has just been turned up in a game
    whose face-down cards are a guess; it is described by the chance that a
    card from the mover's unknown cards would fit, not by the card itself.
    """
    m = g.turn
    o = 1 - m
    fnd = g.fnd
    alternate = g.options.tableau == "alternate"
    # The faces the foundations take (52-bit mask: bit suit * 13 + rank - 1).
    fmask = 0
    found_cards = 0
    for s in range(4):
        a, b = len(fnd[2 * s]), len(fnd[2 * s + 1])
        found_cards += a + b
        if a < 13:
            fmask |= 1 << (s * 13 + a)
        if b < 13:
            fmask |= 1 << (s * 13 + b)
    # The faces the tableau tops take, and the distinct (rank, colour or suit) they accept.
    tops: list[int] = []
    spaces = 0
    buried = 0
    for pile in g.tab:
        if pile:
            tops.append(pile[-1])
            buried += len(pile) - 1
        else:
            spaces += 1
    spaces -= 4 * (not g.laid[0]) + 4 * (not g.laid[1])
    tmask = 0
    accept: set[int] = set()
    for t in tops:
        r = RANK[t]
        if r > 1:
            if alternate:
                col = COLOR[t]
                accept.add((r - 1) * 8 + 4 + col)
                for su in _SUITS_OF_COLOUR[1 - col]:
                    tmask |= 1 << (su * 13 + r - 2)
            else:
                accept.add((r - 1) * 8 + SUIT[t])
                tmask |= 1 << (SUIT[t] * 13 + r - 2)
    res_m, res_o = g.res[m], g.res[o]
    rt_m = res_m[-1] if (res_m and g.res_up[m]) else -1
    rt_o = res_o[-1] if (res_o and g.res_up[o]) else -1
    wt_m = g.waste[m][-1] if g.waste[m] else -1
    wt_o = g.waste[o][-1] if g.waste[o] else -1
    hand = g.hand
    on_m = _load_mask(rt_m) | _load_mask(wt_m)  # what may be loaded onto the mover
    on_o = _load_mask(rt_o) | _load_mask(wt_o)
    fits_tab = tmask | (_ALL if spaces > 0 else 0)
    fits_o = fmask | tmask | on_m | (_ALL if spaces > 0 and not res_o else 0)  # the other side's draw
    fits_m = fmask | tmask | on_o | (_ALL if spaces > 0 and not res_m else 0)

    def next_draws(p: int) -> list[int]:
        """The cards ``p``'s next draw may turn up, each equally likely."""
        st = g.stock[p]
        if st:
            if g.stock_known[p]:
                return [st[-1]]
            cards = _unknown(g, p)
            if hidden_top and p == m and rt_m >= 0:
                cards.append(rt_m)  # the guessed reserve top is as unknown as the stock
            return cards
        if g.waste[p]:
            return [g.waste[p][0]]  # a recycle: the first card discarded comes up first (R8)
        return []

    # The reserve tops.
    tf_m = tt_m = 0.0
    if rt_m >= 0:
        if hidden_top:
            cards = _unknown(g, m)
            cards.append(rt_m)  # the guessed top is one of the unknown cards
            tf_m = _fraction(fmask, cards)
            tt_m = _fraction(fits_tab & ~fmask, cards)
        elif fmask & _BIT[rt_m]:
            tf_m = 1.0
        elif fits_tab & _BIT[rt_m]:
            tt_m = 1.0
    tf_o = tt_o = 0.0
    if rt_o >= 0:
        if fmask & _BIT[rt_o]:
            tf_o = 1.0
        elif fits_tab & _BIT[rt_o]:
            tt_o = 1.0
    hand_fits = 0.0
    if hand >= 0 and (fmask | tmask | on_o | (_ALL if spaces > 0 and not res_m else 0)) & _BIT[hand]:
        hand_fits = 1.0
    load_on_m = 0
    found_tops = 0
    for t in tops:
        b = _BIT[t]
        if on_m & b:
            load_on_m += 1
        if fmask & b:
            found_tops += 1
    load_on_o = 0
    if on_o:
        for t in tops:
            if on_o & _BIT[t]:
                load_on_o += 1
        if rt_m >= 0 and not hidden_top and on_o & _BIT[rt_m]:
            load_on_o += 1
        if hand >= 0 and on_o & _BIT[hand]:
            load_on_o += 1
    nr_m, nr_o = len(res_m), len(res_o)
    tables = _distances(tuple(map(len, fnd)))
    near = _near_of(g, m, tables, rt_m, hidden_top) + _near_of(g, o, tables, rt_o, False)
    packed_dist, near1, _ = tables
    buried_near = tops_one = 0
    for pile in g.tab:
        if pile:
            top = pile[-1]
            tops_one += packed_dist[top] // _PACK == 1
            buried_near += sum(map(near1.__getitem__, pile)) - near1[top]
    return [
        1.0,
        float(nr_m),
        float(nr_o),
        float(nr_m == 0),
        float(nr_o == 0),
        float(len(g.stock[m]) + len(g.waste[m]) + (hand >= 0)),
        float(len(g.stock[o]) + len(g.waste[o])),
        tf_m,
        tt_m,
        tf_o,
        tt_o,
        float(spaces),
        float(spaces) if nr_m else 0.0,
        _fraction(fits_m, next_draws(m)) if hand < 0 else 0.0,
        _fraction(fits_o, next_draws(o)),
        float(not g.stock[m] and not g.waste[m]),
        hand_fits,
        float(load_on_m),
        float(load_on_o),
        float(found_tops),
        found_cards / 104,
        buried / 10,
        len(accept) / 8,
        *near,
        buried_near / 10,
        float(tops_one),
    ]


#: Packs two small counts in one sum (each count stays below it: at most 104 cards).
_PACK = 128


@lru_cache(maxsize=4096)
def _distances(heights: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per card (either deck), for foundations of these ``heights``: its distance (how many cards
    its suit's nearer foundation still needs before it: 0 = it fits now, 13 for a face both have
    passed) packed as ``distance * _PACK + (distance <= 1)``; ``distance <= 1``; and
    ``(distance <= 3) * _PACK + (distance <= 1)``. Packing lets one ``sum`` count two things."""
    dist: list[int] = []
    for s in range(4):
        a, b = heights[2 * s], heights[2 * s + 1]
        for r in range(1, 14):
            d = 13
            if r > a:
                d = r - 1 - a
            if r > b:
                d = min(d, r - 1 - b)
            dist.append(d)
    dist += dist
    return (
        tuple(d * _PACK + (d <= 1) for d in dist),
        tuple(int(d <= 1) for d in dist),
        tuple((d <= 3) * _PACK + (d <= 1) for d in dist),
    )


def _near_of(g: Game, p: int, tables: tuple[tuple[int, ...], ...], top: int, hidden_top: bool) -> list[float]:
    """``p``'s six nearness features (see :data:`FEATURES`); ``tables`` from :func:`_distances`;
    ``top`` is ``p``'s face-up reserve top or -1."""
    packed_dist, near1, packed_known = tables
    unknown = _unknown(g, p)
    if hidden_top and top >= 0:
        unknown.append(top)  # the guessed top is one of the unknown cards
    n = len(unknown)
    total, near = divmod(sum(map(packed_dist.__getitem__, unknown)), _PACK)
    st = g.stock[p]
    known = g.waste[p] + st[len(st) - g.stock_known[p] :]
    if p == g.turn and g.hand >= 0:
        known.append(g.hand)
    k3, k1 = divmod(sum(map(packed_known.__getitem__, known)), _PACK)
    if top < 0:
        res_near = 0.0
    elif hidden_top:
        res_near = near / n
    else:
        res_near = float(near1[top])
    share, mean = (near / n, total / n / 13) if n else (0.0, 0.0)
    return [share, near / 10, mean, k1 / 10, k3 / 10, res_near]


_ALL = (1 << 52) - 1

__all__ = ["FEATURES", "N_FEATURES", "features"]
