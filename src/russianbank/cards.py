"""Cards as small integers.

A card is an ``int`` from 0 to 103: ``deck * 52 + suit * 13 + (rank - 1)``.
Deck 0 belongs to player A, deck 1 to player B (R1: every card keeps its deck
of origin). The one-deck game uses deck 0 only.

Text form: rank then suit, upper case for deck 0 (``"QH"``, ``"TC"``) and
lower case for deck 1 (``"qh"``, ``"tc"``), the way FEN tells the colours of
chess pieces apart.
"""

from __future__ import annotations

from .errors import InvalidCardError, shown
from .i18n import Message

SUITS = "CDHS"  # clubs, diamonds, hearts, spades (suits have no order, R3)
RANKS = "A23456789TJQK"  # A low ... K high
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"
RED_SUITS = frozenset((1, 2))

NUM_CARDS = 104


def make_card(rank: int, suit: int, deck: int = 0) -> int:
    """Card for rank 1..13, suit 0..3 (see :data:`SUITS`) and deck 0 or 1."""
    if not (_small_int(rank) and _small_int(suit) and _small_int(deck)) or not (
        1 <= rank <= 13 and 0 <= suit <= 3 and deck in (0, 1)
    ):
        raise InvalidCardError("error.card.make", {"rank": shown(rank), "suit": shown(suit), "deck": shown(deck)})
    return deck * 52 + suit * 13 + rank - 1


def _small_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


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
    """Whether the card is a heart or a diamond."""
    return suit_of(card) in RED_SUITS


def card_name(card: int) -> str:
    """Two-character name: ``"QH"`` (deck 0) or ``"qh"`` (deck 1)."""
    if not _small_int(card) or not 0 <= card < NUM_CARDS:
        raise InvalidCardError("error.card.number", {"value": shown(card)})
    return _NAMES[card]


def card_label(card: int) -> str:
    """A name for people: ``"Q♥"``."""
    return RANKS[card % 13].replace("T", "10") + SUIT_SYMBOLS[(card % 52) // 13]


def card_message(card: int) -> Message:
    """The card for people in any language: ``card_message(c).text("ru")`` is ``"Д♥"`` for a queen of hearts."""
    if not _small_int(card) or not 0 <= card < NUM_CARDS:
        raise InvalidCardError("error.card.number", {"value": shown(card)})
    return _CARD_MESSAGES[card]


def parse_card(text: str) -> int:
    """Parse ``"QH"`` / ``"qh"`` (also accepts ``"10h"`` for a ten)."""
    if not isinstance(text, str):
        raise InvalidCardError("error.card.not_text", {"value": shown(text)})
    raw = text.strip()
    if len(raw) == 3 and raw.startswith("10"):
        raw = ("T" if raw[2].isupper() else "t") + raw[2]
    if len(raw) != 2:
        raise InvalidCardError("error.card.length", {"text": shown(text)})
    r, s = raw[0], raw[1]
    rank = _RANK_CHARS.get(r)
    suit = _SUIT_CHARS.get(s)
    if rank is not None and suit is not None and rank[1] is not None and rank[1] != suit[1]:
        raise InvalidCardError("error.card.case", {"text": shown(text)})
    if rank is None:
        raise InvalidCardError("error.card.rank", {"text": shown(text), "rank": shown(r)})
    if suit is None:
        raise InvalidCardError("error.card.suit", {"text": shown(text), "suit": shown(s)})
    return suit[1] * 52 + suit[0] * 13 + rank[0]


def parse_cards(text: str) -> list[int]:
    """Parse a run of two-character cards written together: ``"AH2h3C"``."""
    if not isinstance(text, str):
        raise InvalidCardError("error.card.not_text", {"value": shown(text)})
    if text in ("", "-"):
        return []
    if len(text) % 2:
        raise InvalidCardError("error.card.odd", {"text": shown(text)})
    return [parse_card(text[i : i + 2]) for i in range(0, len(text), 2)]


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    """Cards written together in the notation (``"AH2h"``), ``"-"`` for none."""
    return "".join(card_name(c) for c in cards) or "-"


# rank character -> (rank index, deck or None for a digit); suit character -> (suit index, deck)
_RANK_CHARS: dict[str, tuple[int, int | None]] = {
    **{ch: (i, 0) for i, ch in enumerate(RANKS) if not ch.isdigit()},
    **{ch.lower(): (i, 1) for i, ch in enumerate(RANKS) if not ch.isdigit()},
    **{ch: (i, None) for i, ch in enumerate(RANKS) if ch.isdigit()},
}
_SUIT_CHARS: dict[str, tuple[int, int]] = {
    **{ch: (i, 0) for i, ch in enumerate(SUITS)},
    **{ch.lower(): (i, 1) for i, ch in enumerate(SUITS)},
}
_NAMES = tuple(
    (RANKS[c % 13] + SUITS[(c % 52) // 13]) if c < 52 else (RANKS[c % 13] + SUITS[(c % 52) // 13]).lower()
    for c in range(NUM_CARDS)
)
_CARD_MESSAGES = tuple(Message("card." + RANKS[c % 13] + SUITS[(c % 52) // 13]) for c in range(NUM_CARDS))

# Lookup tables for the hot path.
RANK = tuple(c % 13 + 1 for c in range(NUM_CARDS))
SUIT = tuple((c % 52) // 13 for c in range(NUM_CARDS))
COLOR = tuple(1 if (c % 52) // 13 in RED_SUITS else 0 for c in range(NUM_CARDS))
