"""Moves and their text notation.

A move is written relative to the player on move, the way UCI writes a move
without naming the side: a card move is its source pile then its target pile.

=======  ===========================================================
``1-4``  the mover's own four tableau piles (``1`` the first dealt)
``5-8``  the opponent's four tableau piles
``R``    the mover's reserve          ``r``  the opponent's reserve
``W``    the mover's waste            ``w``  the opponent's waste
``S``    the mover's stock            ``s``  the opponent's stock
``H``    the hand card                ``F``  a foundation
=======  ===========================================================

So ``RF`` plays the reserve top to a foundation, ``3w`` loads the top of the
mover's third tableau pile onto the opponent's waste, ``SH`` draws (turns the
stock's top card into the hand), ``HW`` discards. The other actions are words:
``pass``, ``resign`` (the side to move resigns), ``oresign`` (the other side
resigns), ``agree`` (both agree a draw) and ``stop`` (the side *not* on move
calls Stop!).

Every move is a singleton :class:`Move` object; compare with ``==`` or ``is``.
"""

from __future__ import annotations

from .errors import InvalidMoveError, shown

# Pile codes (relative to the mover).
T0 = 0  # 0..7 tableau piles; 0..3 the mover's side
RESERVE = 8
HAND = 9
FOUNDATION = 10
OPP_RESERVE = 11
OPP_WASTE = 12
WASTE = 13
STOCK = 14
OPP_STOCK = 15

PILE_CHARS = "12345678RHFrwWSs"
_PILE_INDEX = {ch: i for i, ch in enumerate(PILE_CHARS)}

# Special moves.
PASS = 256
RESIGN = 257
OPP_RESIGN = 258
AGREE = 259
STOP = 260

SPECIAL_WORDS = {PASS: "pass", RESIGN: "resign", OPP_RESIGN: "oresign", AGREE: "agree", STOP: "stop"}
WORD_CODES = {w: c for c, w in SPECIAL_WORDS.items()}

DRAW = STOCK * 16 + HAND  # "SH"
DISCARD = HAND * 16 + WASTE  # "HW"


class Move:
    """One move. Get one with :meth:`Move.from_str` or from a game's move lists."""

    __slots__ = ("_text", "code", "dst", "src")

    code: int
    src: int
    dst: int

    def __init__(self, code: int) -> None:
        if (
            not isinstance(code, int)
            or isinstance(code, bool)
            or not ((0 <= code < 256 and code >> 4 != code & 15) or code in SPECIAL_WORDS)
        ):
            raise InvalidMoveError("error.move.code", {"value": shown(code)})
        self.code = code
        if code < 256:
            self.src, self.dst = divmod(code, 16)
            self._text = PILE_CHARS[self.src] + PILE_CHARS[self.dst]
        else:
            self.src = self.dst = -1
            self._text = SPECIAL_WORDS[code]

    @staticmethod
    def from_str(text: str) -> Move:
        """Parse move text such as ``"RF"``, ``"3w"``, ``"SH"``, ``"stop"``."""
        if not isinstance(text, str):
            raise InvalidMoveError("error.move.not_text", {"value": shown(text)})
        t = text.strip()
        code = WORD_CODES.get(t.lower())
        if code is not None:
            return MOVES[code]
        if len(t) != 2:
            raise InvalidMoveError("error.move.syntax", {"text": shown(text)})
        a = _PILE_INDEX.get(t[0], -1)
        b = _PILE_INDEX.get(t[1], -1)
        if a < 0:
            raise InvalidMoveError("error.move.source", {"text": shown(text), "pile": shown(t[0])})
        if b < 0:
            raise InvalidMoveError("error.move.target", {"text": shown(text), "pile": shown(t[1])})
        if a == b:
            raise InvalidMoveError("error.move.same_pile", {"text": shown(text)})
        return MOVES[a * 16 + b]

    @staticmethod
    def card(src: int, dst: int) -> Move:
        """The move from pile code ``src`` to pile code ``dst``."""
        if not (isinstance(src, int) and isinstance(dst, int) and 0 <= src < 16 and 0 <= dst < 16 and src != dst):
            raise InvalidMoveError("error.move.piles", {"src": shown(src), "dst": shown(dst)})
        return MOVES[src * 16 + dst]

    @property
    def is_card_move(self) -> bool:
        """True for a move of one card (draw and discard included)."""
        return self.code < 256

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move.from_str({self._text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.code == self.code

    def __hash__(self) -> int:
        return self.code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Move.from_str, (self._text,))


MOVES: dict[int, Move] = {}
for _a in range(16):
    for _b in range(16):
        if _a != _b:
            MOVES[_a * 16 + _b] = Move(_a * 16 + _b)
for _c in SPECIAL_WORDS:
    MOVES[_c] = Move(_c)

#: Flat table indexed by code (``None`` where there is no move), for the hot path.
MOVE_TABLE: list[Move | None] = [MOVES.get(i) for i in range(261)]


def pile_name(code: int) -> str:
    """An English name of a pile code for the player on move (``tableau pile 3``, ``your reserve``);
    the catalogue's :mod:`russianbank.words` names piles in any language and from any side."""
    names = {
        RESERVE: "your reserve",
        HAND: "the hand card",
        FOUNDATION: "a foundation",
        OPP_RESERVE: "the opponent's reserve",
        OPP_WASTE: "the opponent's waste",
        WASTE: "your waste",
        STOCK: "your stock",
        OPP_STOCK: "the opponent's stock",
    }
    if 0 <= code < 8:
        return f"tableau pile {code + 1}"
    return names[code]
