"""A whole position in plain lists."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class State:
    """A whole position, in plain lists (absolute piles; lists are bottom to top).

    Used to set games up (position notation, determinization) and to describe
    them; the engine itself keeps its own faster structures.
    """

    tableau: list[list[int]]
    foundations: list[list[int]]
    reserve: list[list[int]]
    reserve_up: list[int]  # how many of the reserve's top cards are face up
    reserve_known: list[int]  # face-down cards just below those that public history names
    stock: list[list[int]]
    stock_known: list[int]  # the stock's top cards that public history names
    waste: list[list[int]]
    hand: int  # -1 for none
    turn: int
    laid: list[bool]  # one-deck game: whether the player's four piles exist yet (S-3)
    turn_no: int = 1
    no_progress: int = 0
