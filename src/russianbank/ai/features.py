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
"""

from __future__ import annotations

from functools import lru_cache
from itertools import chain

from ..cards import COLOR, RANK, SUIT
from ..game import Game

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
_SUITS_OF_COLOUR = ((0, 3), (1, 2))


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


#: :func:`_load_mask` of each card, and 0 at index -1 (no card).
_LOAD = (*(_load_mask(c) for c in range(104)), 0)


def _builds(alternate: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card as a tableau top: the faces it takes, and a key of what it accepts (a rank and a colour
    or suit; -1 for an Ace, which takes nothing), under the alternate or the suited rule."""
    masks: list[int] = []
    keys: list[int] = []
    for t in range(104):
        r = RANK[t]
        if r == 1:
            masks.append(0)
            keys.append(-1)
        elif alternate:
            col = COLOR[t]
            mk = 0
            for su in _SUITS_OF_COLOUR[1 - col]:
                mk |= 1 << (su * 13 + r - 2)
            masks.append(mk)
            keys.append((r - 1) * 8 + 4 + col)
        else:
            masks.append(1 << (SUIT[t] * 13 + r - 2))
            keys.append((r - 1) * 8 + SUIT[t])
    return tuple(masks), tuple(keys)


_BUILDS = {True: _builds(True), False: _builds(False)}

#: Per list of unknown cards: its length, the faces in it at least once and twice (see :func:`_share`)
#: and, per height of the foundations, the sum of its cards' packed distances (see :func:`_tables`).
_UNKNOWN_INFO: dict[tuple[int, ...], tuple[int, int, int, dict[tuple[int, ...], int]]] = {}

#: Per rule (alternate or not) and tuple of the tableau tops (-1 for an empty pile): what the tops
#: take and accept (see :func:`_tops`).
_TOPS: tuple[dict[tuple[int, ...], tuple[int, int, int, int, int]], ...] = ({}, {})

#: The caches above are emptied when they reach this size.
_CACHE_SIZE = 4096


def _info(cards: list[int]) -> tuple[int, int, int, dict[tuple[int, ...], int]]:
    """The number of ``cards``, the masks of the faces among them at least once and twice (two decks:
    no face is there more than twice), and a dict for their distance sums, kept for the next position
    with the same cards (in a search, every position of a segment has the same unknown cards)."""
    key = tuple(cards)
    got = _UNKNOWN_INFO.get(key)
    if got is None:
        once = twice = 0
        for c in cards:
            b = _BIT[c]
            if once & b:
                twice |= b
            else:
                once |= b
        if len(_UNKNOWN_INFO) >= _CACHE_SIZE:
            _UNKNOWN_INFO.clear()
        got = _UNKNOWN_INFO[key] = (len(cards), once, twice, {})
    return got


def _dist_sum(
    cards: list[int], sums: dict[tuple[int, ...], int], heights: tuple[int, ...], packed: tuple[int, ...]
) -> int:
    """The sum of ``packed[c]`` over ``cards``, kept in ``sums`` (from :func:`_info`) by ``heights``."""
    got = sums.get(heights)
    if got is None:
        if len(sums) >= 256:
            sums.clear()
        got = sums[heights] = sum(map(packed.__getitem__, cards))
    return got


def _share(mask: int, n: int, once: int, twice: int) -> float:
    """The share of the ``n`` cards whose faces ``once`` and ``twice`` give (:func:`_info`) whose face
    is in ``mask`` (0 for no card)."""
    if not n:
        return 0.0
    return ((mask & once).bit_count() + (mask & twice).bit_count()) / n


def _tops(key: tuple[int, ...], alternate: bool) -> tuple[int, int, int, int, int]:
    """For tableau tops ``key`` (-1 an empty pile): the faces they take, how many distinct (rank, colour
    or suit) they accept, the faces among them at least once and twice, and the empty piles."""
    cache = _TOPS[alternate]
    got = cache.get(key)
    if got is None:
        build_mask, build_key = _BUILDS[alternate]
        spaces = tmask = tops1 = tops2 = 0
        accept: set[int] = set()
        for t in key:
            if t >= 0:
                tmask |= build_mask[t]
                accept.add(build_key[t])
                b = _BIT[t]
                if tops1 & b:
                    tops2 |= b
                else:
                    tops1 |= b
            else:
                spaces += 1
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        got = cache[key] = (tmask, len(accept) - (-1 in accept), tops1, tops2, spaces)
    return got


def features(g: Game, hidden_top: bool = False) -> list[float]:
    """The feature vector of ``g`` from the mover's side (see :data:`FEATURES`).

    ``hidden_top``: the mover's reserve top has just been turned up in a game
    whose face-down cards are a guess; it is described by the chance that a
    card from the mover's unknown cards would fit, not by the card itself.
    """
    m = g.turn
    o = 1 - m
    # The faces the foundations take (52-bit mask: bit suit * 13 + rank - 1), and the distances.
    heights = tuple(map(len, g.fnd))
    fmask, near_mask, one_mask, found_cards, packed_dist, near1, packed_known = _tables(heights)
    bit = _BIT
    # The tableau: the faces its tops take, the distinct (rank, colour or suit) they accept, the faces
    # among them at least once and twice.
    tab = g.tab
    tmask, n_accept, tops1, tops2, spaces = _tops(
        tuple([pile[-1] if pile else -1 for pile in tab]), g.options.tableau == "alternate"
    )
    buried = sum(map(len, tab)) - 8 + spaces
    tops_near = (near_mask & tops1).bit_count() + (near_mask & tops2).bit_count()
    buried_near = sum(map(near1.__getitem__, chain.from_iterable(tab))) - tops_near
    tops_one = (one_mask & tops1).bit_count() + (one_mask & tops2).bit_count()
    laid = g.laid
    spaces -= 4 * (not laid[0]) + 4 * (not laid[1])
    res, res_up = g.res, g.res_up
    res_m, res_o = res[m], res[o]
    rt_m = res_m[-1] if (res_m and res_up[m]) else -1
    rt_o = res_o[-1] if (res_o and res_up[o]) else -1
    waste_m, waste_o = g.waste[m], g.waste[o]
    stock_m, stock_o = g.stock[m], g.stock[o]
    hand = g.hand
    on_m = _LOAD[waste_m[-1] if waste_m else -1] | _LOAD[rt_m]  # what may be loaded onto the mover
    on_o = _LOAD[waste_o[-1] if waste_o else -1] | _LOAD[rt_o]
    fits_tab = tmask | (_ALL if spaces > 0 else 0)
    fits_o = fmask | tmask | on_m | (_ALL if spaces > 0 and not res_o else 0)  # the other side's draw
    fits_m = fmask | tmask | on_o | (_ALL if spaces > 0 and not res_m else 0)

    # The cards no view names: the face-down reserve and stock (as a set this is what a view shows).
    known_m = g.stock_known[m]
    known_o = g.stock_known[o]
    unknown_m = res_m[: len(res_m) - res_up[m] - g.res_known[m]] + stock_m[: len(stock_m) - known_m]
    unknown_o = res_o[: len(res_o) - res_up[o] - g.res_known[o]] + stock_o[: len(stock_o) - known_o]
    guessed = hidden_top and rt_m >= 0
    if guessed:
        unknown_m.append(rt_m)  # the guessed reserve top is as unknown as the stock
    n_m, once_m, twice_m, sums_m = _info(unknown_m)
    n_o, once_o, twice_o, sums_o = _info(unknown_o)

    # The chance that each side's next draw can be placed (a recycle: the first card discarded comes
    # up first, R8).
    draw_m = 0.0
    if hand < 0:
        if stock_m:
            if known_m:
                draw_m = 1.0 if fits_m & bit[stock_m[-1]] else 0.0
            else:
                draw_m = _share(fits_m, n_m, once_m, twice_m)
        elif waste_m:
            draw_m = 1.0 if fits_m & bit[waste_m[0]] else 0.0
    draw_o = 0.0
    if stock_o:
        if known_o:
            draw_o = 1.0 if fits_o & bit[stock_o[-1]] else 0.0
        else:
            draw_o = _share(fits_o, n_o, once_o, twice_o)
    elif waste_o:
        draw_o = 1.0 if fits_o & bit[waste_o[0]] else 0.0

    # The reserve tops.
    tf_m = tt_m = 0.0
    if rt_m >= 0:
        if hidden_top:
            tf_m = _share(fmask, n_m, once_m, twice_m)
            tt_m = _share(fits_tab & ~fmask, n_m, once_m, twice_m)
        elif fmask & bit[rt_m]:
            tf_m = 1.0
        elif fits_tab & bit[rt_m]:
            tt_m = 1.0
    tf_o = tt_o = 0.0
    if rt_o >= 0:
        if fmask & bit[rt_o]:
            tf_o = 1.0
        elif fits_tab & bit[rt_o]:
            tt_o = 1.0
    hand_fits = 1.0 if hand >= 0 and fits_m & bit[hand] else 0.0
    load_on_m = (on_m & tops1).bit_count() + (on_m & tops2).bit_count()
    found_tops = (fmask & tops1).bit_count() + (fmask & tops2).bit_count()
    load_on_o = 0
    if on_o:
        load_on_o = (on_o & tops1).bit_count() + (on_o & tops2).bit_count()
        if rt_m >= 0 and not hidden_top and on_o & bit[rt_m]:
            load_on_o += 1
        if hand >= 0 and on_o & bit[hand]:
            load_on_o += 1

    # How near the foundations each side's cards are.
    total_m, near_m = divmod(_dist_sum(unknown_m, sums_m, heights, packed_dist), _PACK)
    seen_m = waste_m + stock_m[len(stock_m) - known_m :]
    if hand >= 0:
        seen_m.append(hand)
    k3_m, k1_m = divmod(sum(map(packed_known.__getitem__, seen_m)), _PACK)
    if rt_m < 0:
        res_near_m = 0.0
    elif hidden_top:
        res_near_m = near_m / n_m
    else:
        res_near_m = float(near1[rt_m])
    total_o, near_o = divmod(_dist_sum(unknown_o, sums_o, heights, packed_dist), _PACK)
    k3_o, k1_o = divmod(sum(map(packed_known.__getitem__, waste_o + stock_o[len(stock_o) - known_o :])), _PACK)
    res_near_o = 0.0 if rt_o < 0 else float(near1[rt_o])
    nr_m, nr_o = len(res_m), len(res_o)
    return [
        1.0,
        float(nr_m),
        float(nr_o),
        float(nr_m == 0),
        float(nr_o == 0),
        float(len(stock_m) + len(waste_m) + (hand >= 0)),
        float(len(stock_o) + len(waste_o)),
        tf_m,
        tt_m,
        tf_o,
        tt_o,
        float(spaces),
        float(spaces) if nr_m else 0.0,
        draw_m,
        draw_o,
        float(not stock_m and not waste_m),
        hand_fits,
        float(load_on_m),
        float(load_on_o),
        float(found_tops),
        found_cards / 104,
        buried / 10,
        n_accept / 8,
        near_m / n_m if n_m else 0.0,
        near_m / 10,
        total_m / n_m / 13 if n_m else 0.0,
        k1_m / 10,
        k3_m / 10,
        res_near_m,
        near_o / n_o if n_o else 0.0,
        near_o / 10,
        total_o / n_o / 13 if n_o else 0.0,
        k1_o / 10,
        k3_o / 10,
        res_near_o,
        buried_near / 10,
        float(tops_one),
    ]


#: Packs two small counts in one sum (each count stays below it: at most 104 cards).
_PACK = 128


@lru_cache(maxsize=4096)
def _tables(
    heights: tuple[int, ...],
) -> tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For foundations of these ``heights``: the faces they take (a 52-bit mask), the faces at distance
    0 or 1 and those at distance 1 (masks), the cards on them,
    and per card (either deck) its distance (how many cards its suit's nearer foundation still needs
    before it: 0 = it fits now, 13 for a face both have passed) packed as
    ``distance * _PACK + (distance <= 1)``; ``distance <= 1``; and
    ``(distance <= 3) * _PACK + (distance <= 1)``. Packing lets one ``sum`` count two things."""
    fmask = 0
    dist: list[int] = []
    for s in range(4):
        a, b = heights[2 * s], heights[2 * s + 1]
        if a < 13:
            fmask |= 1 << (s * 13 + a)
        if b < 13:
            fmask |= 1 << (s * 13 + b)
        for r in range(1, 14):
            d = 13
            if r > a:
                d = r - 1 - a
            if r > b:
                d = min(d, r - 1 - b)
            dist.append(d)
    near_mask = one_mask = 0
    for face, d in enumerate(dist):
        if d <= 1:
            near_mask |= 1 << face
        if d == 1:
            one_mask |= 1 << face
    dist += dist
    return (
        fmask,
        near_mask,
        one_mask,
        sum(heights),
        tuple(d * _PACK + (d <= 1) for d in dist),
        tuple(int(d <= 1) for d in dist),
        tuple((d <= 3) * _PACK + (d <= 1) for d in dist),
    )


_ALL = (1 << 52) - 1

__all__ = ["FEATURES", "N_FEATURES", "features"]
