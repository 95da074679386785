"""Drawing the table as styled text, with a map of where each pile is (for mouse clicks).

Piles are named independently of whose turn it is (:data:`Pile`); the keys
printed beside them are the move notation relative to the player whose keys
are shown (``persp``): ``1-4`` that player's tableau, ``5-8`` the
opponent's, ``R``/``r`` reserves, ``W``/``w`` wastes, ``S`` stock, ``H`` hand
card, ``F`` foundation.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from .. import moves as mv
from ..cards import RANK, SUIT, SUIT_SYMBOLS
from ..game import Game

# A pile, whoever is on move: ("T", 0..7) tableau (absolute), ("R", p) reserve, ("W", p) waste,
# ("S", p) stock, ("H", 0) the hand card, ("F", 0) the foundations.
Pile = tuple[str, int]
Part = tuple[str, Style | str | None]

RANK_TEXT = "A23456789TJQK"
# A's deck shows filled suit signs, B's deck hollow ones (and a different background): the decks
# are told apart even without colour.
DECK_SUITS = (SUIT_SYMBOLS, "\u2667\u2662\u2661\u2664")

DECK_BG = ("#f2efe4", "#c9dcff")  # A's deck: cream; B's deck: light blue
RED = "#c00000"
BLACK = "#101010"
BACK = Style(color="#6a7fb0", bgcolor="#24304f")
EMPTY = Style(color="#707070")
LABEL = Style(bold=True, color="#e0e0e0")
SELECTED = Style(bgcolor="#d7a800", color="black", bold=True)
TARGET = Style(bgcolor="#2e8b3a", color="white", bold=True)
HINT = Style(bgcolor="#8a3fb0", color="white", bold=True)
LAST = Style(bgcolor="#3a5a8a", color="white", bold=True)
TURN = Style(bold=True, color="#ffd75f")


def pile_of(code: int, player: int) -> Pile:
    """The pile a relative pile code means for ``player``."""
    if code < 8:
        return ("T", (code + 4 * player) & 7)
    table: dict[int, Pile] = {
        mv.RESERVE: ("R", player),
        mv.OPP_RESERVE: ("R", 1 - player),
        mv.WASTE: ("W", player),
        mv.OPP_WASTE: ("W", 1 - player),
        mv.STOCK: ("S", player),
        mv.OPP_STOCK: ("S", 1 - player),
        mv.HAND: ("H", 0),
        mv.FOUNDATION: ("F", 0),
    }
    return table[code]


def code_of(pile: Pile, player: int) -> int:
    """The relative pile code of ``pile`` for ``player`` (inverse of :func:`pile_of`)."""
    kind, n = pile
    if kind == "T":
        return (n - 4 * player) & 7
    own = n == player
    return {
        "R": mv.RESERVE if own else mv.OPP_RESERVE,
        "W": mv.WASTE if own else mv.OPP_WASTE,
        "S": mv.STOCK if own else mv.OPP_STOCK,
        "H": mv.HAND,
        "F": mv.FOUNDATION,
    }[kind]


def key_of(pile: Pile, player: int) -> str:
    """The key (notation character) of ``pile`` for ``player``."""
    return mv.PILE_CHARS[code_of(pile, player)]


def card_text(card: int, wide: bool) -> str:
    r = RANK_TEXT[RANK[card] - 1]
    if wide:
        r = "10" if r == "T" else f" {r}"
    return r + DECK_SUITS[card // 52][SUIT[card]]


def card_style(card: int) -> Style:
    red = SUIT[card] in (1, 2)
    return Style(color=RED if red else BLACK, bgcolor=DECK_BG[card // 52], bold=True)


@dataclass
class Marks:
    """What to highlight."""

    selected: Pile | None = None
    targets: set[Pile] = field(default_factory=set)
    hint: set[Pile] = field(default_factory=set)
    last: set[Pile] = field(default_factory=set)

    def style(self, pile: Pile) -> Style | None:
        if pile == self.selected:
            return SELECTED
        if pile in self.targets:
            return TARGET
        if pile in self.hint:
            return HINT
        if pile in self.last:
            return LAST
        return None


@dataclass
class Drawing:
    """The drawn table: its text and, for each line, the (start, end, pile) spans."""

    text: Text
    spans: list[list[tuple[int, int, Pile]]]
    width: int  # the widest line

    def pile_at(self, x: int, y: int) -> Pile | None:
        if 0 <= y < len(self.spans):
            for x0, x1, pile in self.spans[y]:
                if x0 <= x < x1:
                    return pile
        return None

    def plain_lines(self) -> list[str]:
        return self.text.plain.split("\n")


class _Line:
    def __init__(self) -> None:
        self.text = Text(no_wrap=True, overflow="crop")
        self.spans: list[tuple[int, int, Pile]] = []

    def add(self, s: str, style: Style | str | None = None) -> None:
        self.text.append(s, style or "")

    def pile(self, pile: Pile, parts: list[Part], to: int = 0) -> None:
        x0 = len(self.text)
        for s, st in parts:
            self.add(s, st)
        self.spans.append((x0, max(len(self.text), to), pile))


def draw_table(
    game: Game,
    persp: int,
    names: tuple[str, str],
    marks: Marks | None = None,
    width: int = 50,
    height: int = 20,
) -> Drawing:
    """Draw ``game`` with the keys of player ``persp``; B's side on top, A's below."""
    marks = marks or Marks()
    wide = width >= 58
    cw = 3 if wide else 2
    single = game.options.single
    over = game.is_over()
    lines: list[_Line] = []

    def blank() -> None:
        lines.append(_Line())

    def card(c: int, hl: Style | None = None) -> Part:
        st = card_style(c)
        if hl is not None:  # keep the suit's colour and the deck's background; the label carries the mark
            st = st + Style(underline=True, reverse=hl is SELECTED)
        return (card_text(c, wide), st)

    def empty_slot() -> Part:
        return ("·" * cw, EMPTY)

    def down() -> Part:
        return ("▒" * cw, BACK)

    def label(pile: Pile, text: str) -> Part:
        return (text, marks.style(pile) or LABEL)

    # --- status line (shortened to fit)
    o = game.options
    mode = "stops" if o.stops else "strict"
    if over:
        out = game.outcome()
        assert out is not None
        if out.winner is None:
            state = f"game over: draw ({out.termination.value})"
        else:
            state = f"game over: {names[out.winner]} won"
    else:
        state = f"▶ {names[game.turn]} to move"
    for head in (f"{o.preset} · {mode} · turn {game.turn_no} · ", f"turn {game.turn_no} · ", ""):
        if len(head) + len(state) <= width:
            break
    st = _Line()
    st.add(head)
    st.add(state, TURN)
    lines.append(st)

    gaps = height >= 17
    tall = height >= 26

    def player_line(q: int) -> _Line:
        ln = _Line()
        mover = game.turn == q and not over
        ln.add("▶ " if mover else "  ", TURN)
        ln.add(f"{'AB'[q]} {names[q]:<9.9}", TURN if mover else LABEL)
        if not single:
            r = game.res[q]
            p: Pile = ("R", q)
            top = game.reserve_top(q)
            parts = [label(p, f" {key_of(p, persp)}"), (":", None)]
            if top >= 0:
                parts.append(card(top, marks.style(p)))
            elif r:
                parts.append(down())
            else:
                parts.append(empty_slot())
            parts.append((f" {len(r):<2}", None))
            ln.pile(p, parts)
        p = ("S", q)
        stock = game.stock[q]
        ln.pile(
            p,
            [
                label(p, f" {key_of(p, persp)}"),
                (":", None),
                down() if stock else empty_slot(),
                (f" {len(stock):<2}", None),
            ],
        )
        p = ("W", q)
        w = game.waste[q]
        ln.pile(
            p,
            [
                label(p, f" {key_of(p, persp)}"),
                (":", None),
                card(w[-1], marks.style(p)) if w else empty_slot(),
                (f" {len(w):<2}", None),
            ],
        )
        if mover:
            p = ("H", 0)
            h = game.hand
            ln.pile(p, [label(p, " H"), (":", None), card(h, marks.style(p)) if h >= 0 else empty_slot()])
        return ln

    def tableau_line(a: int) -> _Line:
        ln = _Line()
        p: Pile = ("T", a)
        pile = game.tab[a]
        parts: list[Part] = [label(p, f" {key_of(p, persp)} "), ("│", EMPTY)]
        if not game.laid[a // 4]:
            parts.append(("(not laid out yet)", EMPTY))
        elif not pile:
            parts.append((" " + "·" * cw + " space", EMPTY))
        else:
            room = max(1, (width - 5) // (cw + 1))
            cards = pile
            if len(pile) > room:
                cards = pile[len(pile) - room + 1 :]
                parts.append((f" +{len(pile) - len(cards)}", EMPTY))
            for i, c in enumerate(cards):
                parts.append((" ", None))
                parts.append(card(c, marks.style(p) if i == len(cards) - 1 else None))
        ln.pile(p, parts, to=width)  # the whole row picks the pile
        return ln

    def foundation_line() -> _Line:
        ln = _Line()
        p: Pile = ("F", 0)
        parts: list[Part] = [label(p, " F "), ("│", EMPTY)]
        for s in range(4):
            parts.append((" ", None))
            for k in range(2):
                f = game.fnd[2 * s + k]
                parts.append((" ", None))
                parts.append(card(f[-1]) if f else (SUIT_SYMBOLS[s].rjust(cw, "·"), EMPTY))
        ln.pile(p, parts, to=width)  # the whole row picks the pile
        return ln

    lines.append(player_line(1))
    if gaps:
        blank()
    for a in range(4, 8):
        lines.append(tableau_line(a))
        if tall and a < 7:
            blank()
    if single:
        ln = _Line()
        ln.add("    (one-deck game: no foundations)", EMPTY)
        if gaps:
            blank()
        lines.append(ln)
        if gaps:
            blank()
    else:
        if gaps:
            blank()
        lines.append(foundation_line())
        if gaps:
            blank()
    for a in range(4):
        lines.append(tableau_line(a))
        if tall and a < 3:
            blank()
    if gaps:
        blank()
    lines.append(player_line(0))
    if height - len(lines) >= 2:
        blank()
        lg = _Line()
        if not single:
            lg.add("decks: ")
            lg.add(" A ♠♥ ", Style(color=BLACK, bgcolor=DECK_BG[0], bold=True))
            lg.add(" ")
            lg.add(" B ♤♡ ", Style(color=BLACK, bgcolor=DECK_BG[1], bold=True))
            lg.add("  ")
        lg.add("▒ face down  · empty" + ("" if wide else "  T=10"), EMPTY)
        lines.append(lg)

    text = Text(no_wrap=True, overflow="crop")
    for i, ln in enumerate(lines):
        if i:
            text.append("\n")
        text.append_text(ln.text)
    return Drawing(text, [ln.spans for ln in lines], max(len(ln.text) for ln in lines))
