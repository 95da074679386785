"""Drawing the table from a player's view as styled text, with a map of where each pile is.

Piles are named independently of whose turn it is (:data:`Pile`); the keys printed beside
them are the move notation relative to the player whose keys are shown (``persp``): ``1-4``
that player's tableau, ``5-8`` the opponent's, ``R``/``r`` reserves, ``W``/``w`` wastes,
``S`` stock, ``H`` hand card, ``F`` foundation. Only a :class:`~russianbank.view.PlayerView`
is drawn: the table never sees a face-down card.

Three sizes: narrow cards (``T♠``) below 58 columns, wide ones (``10♠``) up to 74, and at 75
columns and 30 rows big two-line cards with room between the rows. Two palettes: true
colour, and the 16 colours of a plain console (``TERM=linux``), where the decks get
different ANSI backgrounds (as well as filled and hollow suit signs).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from .. import moves as mv
from ..cards import RANK, SUIT, SUIT_SYMBOLS
from ..view import PlayerView

# A pile, whoever is on move: ("T", 0..7) tableau (absolute), ("R", p) reserve, ("W", p) waste,
# ("S", p) stock, ("H", 0) the hand card, ("F", 0) the foundations.
Pile = tuple[str, int]
Part = tuple[str, Style | str | None]

RANK_TEXT = "A23456789TJQK"
#: The ranks as the table writes them: English (a ten is ``T`` where room is short), Russian.
RANKS_EN = tuple(RANK_TEXT)
RANKS_RU = ("Т", "2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К")
# A's deck shows filled suit signs, B's deck hollow ones (and a different background).
DECK_SUITS = (SUIT_SYMBOLS, "\u2667\u2662\u2661\u2664")


@dataclass(frozen=True)
class Palette:
    """The colours of the table."""

    deck_bg: tuple[str, str]
    red: str
    black: str
    back: Style
    empty: Style
    label: Style
    selected: Style
    target: Style
    hint: Style
    last: Style
    turn: Style


TRUE_COLOUR = Palette(
    deck_bg=("#f2efe4", "#c9dcff"),  # A's deck cream, B's light blue
    red="#c00000",
    black="#101010",
    back=Style(color="#6a7fb0", bgcolor="#24304f"),
    empty=Style(color="#707070"),
    label=Style(bold=True, color="#e0e0e0"),
    selected=Style(bgcolor="#d7a800", color="black", bold=True),
    target=Style(bgcolor="#2e8b3a", color="white", bold=True),
    hint=Style(bgcolor="#8a3fb0", color="white", bold=True),
    last=Style(bgcolor="#3a5a8a", color="white", bold=True),
    turn=Style(bold=True, color="#ffd75f"),
)

#: For 16-colour terminals: only the eight basic colours as backgrounds (the Linux console shows
#: no bright backgrounds), so A's cards are white and B's cyan.
SIXTEEN_COLOURS = Palette(
    deck_bg=("white", "cyan"),
    red="red",
    black="black",
    back=Style(color="bright_white", bgcolor="blue"),
    empty=Style(color="bright_black"),
    label=Style(bold=True, color="bright_white"),
    selected=Style(bgcolor="yellow", color="black", bold=True),
    target=Style(bgcolor="green", color="black", bold=True),
    hint=Style(bgcolor="magenta", color="bright_white", bold=True),
    last=Style(bgcolor="blue", color="bright_white", bold=True),
    turn=Style(bold=True, color="bright_yellow"),
)


def palette_for(env: Mapping[str, str] | None = None) -> Palette:
    """The palette for the terminal described by ``env`` (default: this process's environment)."""
    env = os.environ if env is None else env
    colorterm = env.get("COLORTERM", "").lower()
    term = env.get("TERM", "").lower()
    if colorterm in ("truecolor", "24bit") or "256" in term or "direct" in term:
        return TRUE_COLOUR
    if term in ("linux", "vt100", "vt220", "ansi", "cons25", "xterm-16color", "screen", "xterm-color"):
        return SIXTEEN_COLOURS
    return TRUE_COLOUR


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


def card_text(card: int, width: int, ranks: tuple[str, ...] = RANKS_EN) -> str:
    """A card in ``width`` columns: 2 ``T♠`` (a Russian ten keeps its ``10``), 3 ``10♠``, 5 `` 10♠ ``."""
    r = ranks[RANK[card] - 1]
    suit = DECK_SUITS[card // 52][SUIT[card]]
    if width == 2:
        return r + suit
    r = "10" if r == "T" else r
    if width == 3:
        return f"{r:>2}{suit}"
    return f" {r:>2}{suit} "


def card_lower(card: int, ranks: tuple[str, ...] = RANKS_EN) -> str:
    """The lower line of a big card: the suit and rank again, at the other corner."""
    r = ranks[RANK[card] - 1]
    r = "10" if r == "T" else r
    return f" {DECK_SUITS[card // 52][SUIT[card]]}{r:<2} "


@dataclass
class Marks:
    """What to highlight."""

    selected: Pile | None = None
    targets: set[Pile] = field(default_factory=set)
    hint: set[Pile] = field(default_factory=set)
    last: set[Pile] = field(default_factory=set)

    def style(self, pile: Pile, pal: Palette) -> Style | None:
        if pile == self.selected:
            return pal.selected
        if pile in self.targets:
            return pal.target
        if pile in self.hint:
            return pal.hint
        if pile in self.last:
            return pal.last
        return None


@dataclass(frozen=True)
class Labels:
    """The words on the table, in the player's language."""

    status: str  # "classic · strict · turn 4"
    state: str  # "▶ You to move" / "game over: ..."
    names: tuple[str, str]
    space: str
    not_laid: str
    no_foundations: str
    legend_decks: str
    legend_rest: str
    ranks: tuple[str, ...] = RANKS_EN


@dataclass
class Drawing:
    """The drawn table: its text and, for each line, the (start, end, pile) spans."""

    text: Text
    spans: list[list[tuple[int, int, Pile]]]
    width: int  # the widest line
    card_width: int
    card_height: int

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


class TableDrawing:
    """Draws one view at one size; :func:`draw_table` is the way in."""

    def __init__(
        self, view: PlayerView, persp: int, labels: Labels, marks: Marks, width: int, height: int, pal: Palette
    ) -> None:
        self.v = view
        self.persp = persp
        self.labels = labels
        self.marks = marks
        self.width = width
        self.pal = pal
        self.cw = 5 if width >= 75 and height >= 30 else 3 if width >= 58 else 2
        self.tall = self.cw == 5
        self.gaps = height >= 17
        self.spaced = height >= 26
        self.lines: list[_Line] = []
        self.height = height

    # ------------------------------------------------------------------ parts

    def card(self, c: int, hl: Style | None = None, lower: bool = False) -> Part:
        red = SUIT[c] in (1, 2)
        st = Style(color=self.pal.red if red else self.pal.black, bgcolor=self.pal.deck_bg[c // 52], bold=True)
        if hl is not None:  # keep the suit's colour and the deck's background; the label carries the mark
            st = st + Style(underline=True, reverse=hl is self.pal.selected)
        ranks = self.labels.ranks
        return (card_lower(c, ranks) if lower else card_text(c, self.cw, ranks), st)

    def empty_slot(self) -> Part:
        return ("·" * self.cw, self.pal.empty)

    def down(self) -> Part:
        return ("▒" * self.cw, self.pal.back)

    def label(self, pile: Pile, text: str) -> Part:
        return (text, self.marks.style(pile, self.pal) or self.pal.label)

    def blank(self) -> None:
        self.lines.append(_Line())

    # ------------------------------------------------------------------ lines

    def status_line(self) -> _Line:
        ln = _Line()
        head, state = self.labels.status, self.labels.state
        if len(head) + 3 + len(state) > self.width:
            head = ""
        if head:
            ln.add(head + " · ")
        ln.add(state, self.pal.turn)
        return ln

    def player_line(self, q: int) -> _Line:
        v = self.v
        ln = _Line()
        mover = v.turn == q and v.outcome is None
        ln.add("▶ " if mover else "  ", self.pal.turn)
        ln.add(f"{'AB'[q]} {self.labels.names[q]:<10.10}", self.pal.turn if mover else self.pal.label)
        if not v.options.single:
            p: Pile = ("R", q)
            up = v.reserve_up[q]
            parts: list[Part] = [self.label(p, f" {key_of(p, self.persp)}"), (":", None)]
            if up:
                parts.append(self.card(up[-1], self.marks.style(p, self.pal)))
            elif v.reserve_count[q]:
                parts.append(self.down())
            else:
                parts.append(self.empty_slot())
            parts.append((f" {v.reserve_count[q]:<2}", None))
            ln.pile(p, parts)
        p = ("S", q)
        n = v.stock_count[q]
        parts = [self.label(p, f" {key_of(p, self.persp)}"), (":", None)]
        parts += [self.down() if n else self.empty_slot(), (f" {n:<2}", None)]
        ln.pile(p, parts)
        p = ("W", q)
        w = v.waste[q]
        parts = [self.label(p, f" {key_of(p, self.persp)}"), (":", None)]
        parts += [self.card(w[-1], self.marks.style(p, self.pal)) if w else self.empty_slot(), (f" {len(w):<2}", None)]
        ln.pile(p, parts)
        if mover:
            p = ("H", 0)
            h = v.hand
            parts = [self.label(p, " H"), (":", None)]
            parts.append(self.card(h, self.marks.style(p, self.pal)) if h >= 0 else self.empty_slot())
            ln.pile(p, parts)
        return ln

    def tableau_lines(self, a: int) -> list[_Line]:
        v = self.v
        p: Pile = ("T", a)
        pile = v.tableau[a]
        rows = 2 if self.tall and pile else 1
        out = [_Line() for _ in range(rows)]
        key = key_of(p, self.persp)
        heads: list[list[Part]] = [[self.label(p, f" {key} "), ("│", self.pal.empty)]]
        if rows == 2:
            heads.append([("   ", None), ("│", self.pal.empty)])
        if not v.laid[a // 4]:
            heads[0].append((" " + self.labels.not_laid, self.pal.empty))
        elif not pile:
            heads[0].append((" " + "·" * self.cw + " " + self.labels.space, self.pal.empty))
        else:
            room = self.width - 5
            cards = pile
            if self.cards_width(pile) > room:
                keep = len(pile) - 1
                while keep > 1 and self.cards_width(pile[len(pile) - keep :]) + 4 > room:
                    keep -= 1
                cards = pile[len(pile) - keep :]
                more = f" +{len(pile) - len(cards)}"
                for h in heads:
                    h.append((more if h is heads[0] else " " * len(more), self.pal.empty))
            for i, c in enumerate(cards):
                hl = self.marks.style(p, self.pal) if i == len(cards) - 1 else None
                for r, h in enumerate(heads):
                    h.append((" ", None))
                    h.append(self.card(c, hl, lower=r == 1))
        for ln, parts in zip(out, heads, strict=True):
            ln.pile(p, parts, to=self.width)  # the whole row picks the pile
        return out

    def cards_width(self, cards: list[int] | tuple[int, ...]) -> int:
        """Columns a row of cards takes, a space before each."""
        return sum(1 + len(card_text(c, self.cw, self.labels.ranks)) for c in cards)

    def foundation_line(self) -> _Line:
        ln = _Line()
        p: Pile = ("F", 0)
        parts: list[Part] = [self.label(p, " F "), ("│", self.pal.empty)]
        for s in range(4):
            parts.append((" ", None))
            for k in range(2):
                f = self.v.foundations[2 * s + k]
                parts.append((" ", None))
                parts.append(self.card(f[-1]) if f else (SUIT_SYMBOLS[s].rjust(self.cw, "·"), self.pal.empty))
        ln.pile(p, parts, to=self.width)
        return ln

    def legend_line(self) -> _Line:
        lg = _Line()
        if not self.v.options.single:
            lg.add(self.labels.legend_decks + " ")
            bg = self.pal.deck_bg
            lg.add(" A ♠♥ ", Style(color=self.pal.black, bgcolor=bg[0], bold=True))
            lg.add(" ")
            lg.add(" B ♤♡ ", Style(color=self.pal.black, bgcolor=bg[1], bold=True))
            lg.add("  ")
        ten = "" if self.cw > 2 or self.labels.ranks[9] != "T" else "  T=10"
        lg.add(self.labels.legend_rest + ten, self.pal.empty)
        return lg

    # ------------------------------------------------------------------- all

    def draw(self) -> Drawing:
        self.lines.append(self.status_line())
        self.lines.append(self.player_line(1))
        if self.gaps:
            self.blank()
        for a in range(4, 8):
            self.lines.extend(self.tableau_lines(a))
            if self.spaced and a < 7:
                self.blank()
        if self.gaps:
            self.blank()
        if self.v.options.single:
            ln = _Line()
            ln.add("    " + self.labels.no_foundations, self.pal.empty)
            self.lines.append(ln)
        else:
            self.lines.append(self.foundation_line())
        if self.gaps:
            self.blank()
        for a in range(4):
            self.lines.extend(self.tableau_lines(a))
            if self.spaced and a < 3:
                self.blank()
        if self.gaps:
            self.blank()
        self.lines.append(self.player_line(0))
        if self.height - len(self.lines) >= 2:
            self.blank()
            self.lines.append(self.legend_line())
        text = Text(no_wrap=True, overflow="crop")
        for i, ln in enumerate(self.lines):
            if i:
                text.append("\n")
            text.append_text(ln.text)
        return Drawing(
            text,
            [ln.spans for ln in self.lines],
            max(len(ln.text) for ln in self.lines),
            self.cw,
            2 if self.tall else 1,
        )


def draw_table(
    view: PlayerView,
    persp: int,
    labels: Labels,
    marks: Marks | None = None,
    width: int = 50,
    height: int = 20,
    palette: Palette = TRUE_COLOUR,
) -> Drawing:
    """Draw ``view`` with the keys of player ``persp``; B's side on top, A's below.

    Falls back to single-line cards when big ones do not fit the height."""
    d = TableDrawing(view, persp, labels, marks or Marks(), width, height, palette).draw()
    if d.card_height == 2 and len(d.spans) > height:
        d = TableDrawing(view, persp, labels, marks or Marks(), width, min(height, 29), palette).draw()
    return d
