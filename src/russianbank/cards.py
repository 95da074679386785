"""Cards as small integers.

A card is an ``int`` from 0 to 103: ``deck * 52 + suit * 13 + (rank - 1)``.
Deck 0 belongs to player A, deck 1 to player B (R1: every card keeps its deck
of origin). The one-deck game uses deck 0 only.

Text form: rank then suit, upper case for deck 0 (``"QH"``, ``"TC"``) and
lower case for deck 1 (``"qh"``, ``"tc"``), the way FEN tells the colours of
chess pieces apart.
"""

from __future__ import annotations

from .errors import InvalidCardError

SUITS = "CDHS"  # clubs, diamonds, hearts, spades (suits have no order, R3)
RANKS = "A23456789TJQK"  # A low ... K high
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
RED_SUITS = frozenset((1, 2))

NUM_CARDS = 104


def make_card(rank: int, suit: int, deck: int = 0) -> int:
    """Card for rank 1..13, suit 0..3 (see :data:`SUITS`) and deck 0 or 1."""
    if not 1 <= rank <= 13 or not 0 <= suit <= 3 or deck not in (0, 1):
        raise InvalidCardError(f"no card with rank {rank}, suit {suit}, deck {deck}")
    return deck * 52 + suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """Rank 1 (Ace) .. 13 (King)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """Suit index 0..3 in the order of :data:`SUITS`."""
    return (card % 52) // 13


def deck_of(card: int) -> int:
    """0 for player A's deck, 1 for player B's."""
    return card // 52


def is_red(card: int) -> bool:
    return suit_of(card) in RED_SUITS


def card_name(card: int) -> str:
    """Two-character name: ``"QH"`` (deck 0) or ``"qh"`` (deck 1)."""
    if not 0 <= card < NUM_CARDS:
        raise InvalidCardError(f"no card number {card}")
    text = RANKS[card % 13] + SUITS[(card % 52) // 13]
    return text if card < 52 else text.lower()


def card_label(card: int) -> str:
    """A name for people: ``"Q♥"``."""
    return RANKS[card % 13].replace("T", "10") + SUIT_SYMBOLS[(card % 52) // 13]


def parse_card(text: str) -> int:
    """Parse ``"QH"`` / ``"qh"`` (also accepts ``"10h"`` for a ten)."""
    raw = text.strip()
    if raw.startswith("10") and len(raw) == 3:
        raw = ("T" if raw[2].isupper() else "t") + raw[2]
    if len(raw) != 2:
        raise InvalidCardError(f"bad card {text!r}: expected rank and suit such as 'QH' or 'qh'")
    r, s = raw[0], raw[1]
    if r.isupper() != s.isupper() and not r.isdigit():
        raise InvalidCardError(
            f"bad card {text!r}: rank and suit must have the same case (upper: deck A, lower: deck B)"
        )
    if r.isdigit():
        deck = 0 if s.isupper() else 1
    else:
        deck = 0 if r.isupper() else 1
    ri = RANKS.find(r.upper())
    si = SUITS.find(s.upper())
    if ri < 0:
        raise InvalidCardError(f"bad card {text!r}: unknown rank {r!r} (use A 2-9 T J Q K)")
    if si < 0:
        raise InvalidCardError(f"bad card {text!r}: unknown suit {s!r} (use C D H S)")
    return deck * 52 + si * 13 + ri


def parse_cards(text: str) -> list[int]:
    """Parse a run of two-character cards written together: ``"AH2h3C"``."""
    if text in ("", "-"):
        return []
    if len(text) % 2:
        raise InvalidCardError(f"bad card list {text!r}: odd number of characters")
    return [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    return "".join(card_name(c) for c in cards) or "-"


# Lookup tables for the hot path.
RANK = tuple(c % 13 + 1 for c in range(NUM_CARDS))
SUIT = tuple((c % 52) // 13 for c in range(NUM_CARDS))
COLOR = tuple(1 if (c % 52) // 13 in RED_SUITS else 0 for c in range(NUM_CARDS))
