"""The observation encoding, version 1: a fixed-size vector built from one player's view.

:func:`encode` turns a :class:`~russianbank.view.PlayerView` into a
``float32`` vector of :data:`OBSERVATION_SIZE` values, each in ``[0, 1]``.
It uses nothing but the view, so it holds only what that player may see
(V1-V3): two deals that differ only in face-down cards encode the same.

Everything is written from the observer's side ("me" and "the opponent"
rather than A and B), so one policy can play either seat: tableau piles are
numbered as in the move notation (``0``-``3`` the observer's piles 1-4,
``4``-``7`` the opponent's), and cards are numbered with the observer's own
deck first (card ``c`` of the engine becomes ``c`` for A, ``(c + 52) % 104``
for B; the one-deck game uses ``0``-``51`` only). A *face* is ``4 * (rank - 1)
+ suit`` (suits C D H S), the same for both decks.

The fields, in order (:data:`FIELDS` gives the offsets):

==================  ======  =========================================================
field               size    meaning
==================  ======  =========================================================
``where``           1976    104 cards x 19 places, 1 where the card is: tableau pile
                            0-7, foundation, my/opponent's reserve face up,
                            my/opponent's reserve face down but named by history,
                            my/opponent's stock face down but named by history (V3),
                            my/opponent's waste, the hand, unseen (face down and
                            unknown to me)
``tops``            689     13 piles x 53: the face of the top card (or 52: empty) of
                            tableau piles 0-7, my reserve, the opponent's reserve,
                            my waste, the opponent's waste, the hand
``foundations``     112     4 suits x 2 x 14: the top rank (0 = empty) of the suit's
                            two foundations, lower first (they are interchangeable)
``counts``          16      /13: tableau pile lengths 0-7; /30: my and the
                            opponent's reserve sizes, and their face-up parts;
                            /104: my and the opponent's stock and waste sizes
``turn``            8       I am on move; I am deciding whether to call Stop; the
                            hand holds a card; my four piles are laid out; the
                            opponent's are (one-deck game, S-3); turn number / 1000;
                            turns without progress / draw limit; game over
``violation``       5       a violation is pending in this turn (public, S1), and
                            which rule: O1 O2 O3 O4
``rules``           5       one-deck game; stops mode; suited tableau; immediate
                            recycling; annul penalty
==================  ======  =========================================================

Counts above their scale are clipped to 1.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..errors import RussianBankError
from ..view import PlayerView

OBSERVATION_VERSION = 1

PLACES = (
    "tableau 0",
    "tableau 1",
    "tableau 2",
    "tableau 3",
    "tableau 4",
    "tableau 5",
    "tableau 6",
    "tableau 7",
    "foundation",
    "my reserve face up",
    "opponent's reserve face up",
    "my reserve named face down",
    "opponent's reserve named face down",
    "my stock named face down",
    "opponent's stock named face down",
    "my waste",
    "opponent's waste",
    "hand",
    "unseen",
)
_P_FOUND, _P_RES_UP, _P_RES_KNOWN, _P_STOCK_KNOWN, _P_WASTE, _P_HAND, _P_UNSEEN = 8, 9, 11, 13, 15, 17, 18

FIELDS: dict[str, tuple[int, int]] = {}
_offset = 0
for _name, _size in (
    ("where", 104 * len(PLACES)),
    ("tops", 13 * 53),
    ("foundations", 4 * 2 * 14),
    ("counts", 16),
    ("turn", 8),
    ("violation", 5),
    ("rules", 5),
):
    FIELDS[_name] = (_offset, _size)
    _offset += _size

#: Length of the observation vector.
OBSERVATION_SIZE = _offset

_RULES = ("O1", "O2", "O3", "O4")


def _face(card: int) -> int:
    return 4 * (card % 13) + (card % 52) // 13


def encode(view: PlayerView, stop_offer: bool = False) -> npt.NDArray[np.float32]:
    """The observation of ``view``'s player (``stop_offer``: they are deciding whether to call Stop)."""
    me = view.player
    if me not in (0, 1):
        raise RussianBankError("env.error.spectator", {"calls": "game.view(0), game.view(1)"})
    opp = 1 - me
    out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
    flip = 52 * me if not view.options.single else 0

    where = FIELDS["where"][0]
    nplaces = len(PLACES)
    cells: list[int] = []  # card * nplaces + place for every card

    def put(cards: tuple[int, ...] | list[int], place: int) -> None:
        cells.extend(((c + flip) % 104) * nplaces + place for c in cards)

    for a, pile in enumerate(view.tableau):
        put(pile, (a - 4 * me) & 7)
    for f in view.foundations:
        put(f, _P_FOUND)
    for side, p in enumerate((me, opp)):
        put(view.reserve_up[p], _P_RES_UP + side)
        put(view.reserve_known[p], _P_RES_KNOWN + side)
        put(view.stock_known[p], _P_STOCK_KNOWN + side)
        put(view.waste[p], _P_WASTE + side)
    if view.hand >= 0:
        put((view.hand,), _P_HAND)
    put(view.unseen_cards(), _P_UNSEEN)
    out[np.asarray(cells, dtype=np.intp) + where] = 1.0

    tops = FIELDS["tops"][0]
    piles = [view.tableau[(r + 4 * me) & 7] for r in range(8)]
    piles += [view.reserve_up[me], view.reserve_up[opp], view.waste[me], view.waste[opp]]
    piles.append((view.hand,) if view.hand >= 0 else ())
    for i, pile in enumerate(piles):
        out[tops + 53 * i + (_face(pile[-1]) if pile else 52)] = 1.0

    fo = FIELDS["foundations"][0]
    for s in range(4):
        ranks = sorted(len(view.foundations[2 * s + j]) for j in (0, 1))
        for j, rank in enumerate(ranks):
            out[fo + (2 * s + j) * 14 + min(rank, 13)] = 1.0

    co = FIELDS["counts"][0]
    counts = [len(p) / 13 for p in piles[:8]]
    counts += [view.reserve_count[me] / 30, view.reserve_count[opp] / 30]
    counts += [len(view.reserve_up[me]) / 30, len(view.reserve_up[opp]) / 30]
    counts += [view.stock_count[me] / 104, view.stock_count[opp] / 104]
    counts += [len(view.waste[me]) / 104, len(view.waste[opp]) / 104]
    out[co : co + 16] = np.minimum(counts, 1.0)

    to = FIELDS["turn"][0]
    over = view.outcome is not None
    out[to : to + 8] = [
        float(view.turn == me and not over and not stop_offer),
        float(stop_offer and not over),
        float(view.hand >= 0),
        float(view.laid[me]),
        float(view.laid[opp]),
        min(view.turn_no / 1000, 1.0),
        min(view.no_progress / view.options.draw_limit, 1.0),
        float(over),
    ]

    vo = FIELDS["violation"][0]
    if view.pending_violation is not None:
        out[vo] = 1.0
        rule = view.pending_violation[0]
        if rule in _RULES:
            out[vo + 1 + _RULES.index(rule)] = 1.0

    ro = FIELDS["rules"][0]
    o = view.options
    out[ro : ro + 5] = [
        float(o.single),
        float(o.stops),
        float(o.tableau == "suited"),
        float(o.recycle == "immediate"),
        float(o.stop_penalty == "annul"),
    ]
    return out
