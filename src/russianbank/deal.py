"""Dealing a new game (R2, R3; S-1 for the one-deck game) from a seed, as a :class:`State`."""

from __future__ import annotations

import random

from .cards import rank_of
from .options import Options
from .players import A, B
from .state import State


def deal(options: Options, seed: int, first_mover: int | None) -> State:
    """The starting position of a new game of ``options`` from ``seed`` (R2, R3; S-1 for one deck).

    ``first_mover`` None lets the deal decide who begins (R3: the lower tableau card, or the cut).
    """
    rng = random.Random(seed)
    empty8: list[list[int]] = [[] for _ in range(8)]
    if options.single:
        deck = list(range(52))
        rng.shuffle(deck)
        stock = [deck[:26], deck[26:]]
        if first_mover is None:
            first_mover = cut(rng)
        return State(
            tableau=empty8,
            foundations=[[] for _ in range(8)],
            reserve=[[], []],
            reserve_up=[0, 0],
            reserve_known=[0, 0],
            stock=stock,
            stock_known=[0, 0],
            waste=[[], []],
            hand=-1,
            turn=first_mover,
            laid=[False, False],
        )
    n = options.reserve_size
    reserves: list[list[int]] = []
    stocks: list[list[int]] = []
    for deck_no in (0, 1):
        deck = list(range(52 * deck_no, 52 * deck_no + 52))
        rng.shuffle(deck)
        reserves.append(deck[:n])
        for i in range(4):
            empty8[4 * deck_no + i].append(deck[n + i])
        stocks.append(deck[n + 4 :])
    if first_mover is None:
        if options.first_player == "cut":
            first_mover = cut(rng)
        else:
            for i in range(4):
                ra, rb = rank_of(empty8[i][0]), rank_of(empty8[4 + i][0])
                if ra != rb:
                    first_mover = A if ra < rb else B
                    break
            if first_mover is None:
                first_mover = rng.randrange(2)  # R3: all four tie, a seeded coin
    return State(
        tableau=empty8,
        foundations=[[] for _ in range(8)],
        reserve=reserves,
        reserve_up=[0, 0],
        reserve_known=[0, 0],
        stock=stocks,
        stock_known=[0, 0],
        waste=[[], []],
        hand=-1,
        turn=first_mover,
        laid=[True, True],
    )


def copy_state(st: State) -> State:
    """An independent copy of ``st`` (every list copied)."""
    return State(
        tableau=[p[:] for p in st.tableau],
        foundations=[p[:] for p in st.foundations],
        reserve=[st.reserve[0][:], st.reserve[1][:]],
        reserve_up=st.reserve_up[:],
        reserve_known=st.reserve_known[:],
        stock=[st.stock[0][:], st.stock[1][:]],
        stock_known=st.stock_known[:],
        waste=[st.waste[0][:], st.waste[1][:]],
        hand=st.hand,
        turn=st.turn,
        laid=st.laid[:],
        turn_no=st.turn_no,
        no_progress=st.no_progress,
    )


def cut(rng: random.Random) -> int:
    """R3 option ``cut``: each cuts a random card, lower rank plays first, ties re-cut."""
    while True:
        a, b = rng.randrange(1, 14), rng.randrange(1, 14)
        if a != b:
            return A if a < b else B


__all__ = ["copy_state", "cut", "deal"]
