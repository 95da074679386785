"""SVG pictures of a table, in the manner of ``chess.svg``.

>>> from russianbank import Game
>>> from russianbank import svg
>>> g = Game("classic", seed=1)
>>> picture = svg.table(g, move=g.legal_moves()[0], size=480)
>>> picture.startswith("<svg")
True

:func:`table` draws a :class:`~russianbank.game.Game` or a
:class:`~russianbank.view.PlayerView`. It draws only what the view shows (a
game is drawn as a spectator sees it): every face-down pile is one back with
its count, whatever the game knows about the cards in it. Player A's deck has
blue backs with diagonal stripes, player B's red backs with dots; the faces
of A's cards have a blue edge, B's a red one, so the two decks are told apart
on the table too. Card faces are vector text (rank and suit), nothing is
embedded, and the output is plain SVG 1.1 that any browser shows.

Layout: the foundations in the middle, one row per suit (the two piles of a
suit side by side); the top player's tableau piles on the left, fanned
leftwards from the middle, the bottom player's on the right, fanned
rightwards; each player's reserve, stock, waste (fanned, the top card
rightmost) and, for the side to move, the hand card in a band at their edge;
a caption says who is to move or how the game ended. The one-deck game
leaves out the foundations and reserves, and piles not laid out yet (S-3).

Every card is a ``<g class="card face ...">`` (``data-card`` holds its name,
e.g. ``QH``) or, for a face-down pile, ``<g class="card back deck-a|deck-b">``
with ``data-count``; programs can pick the picture apart by those.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from . import moves as mv
from .cards import RANKS, SUIT, card_name
from .errors import InvalidMoveError, InvalidOptionsError, shown
from .i18n import msg
from .moves import Move
from .picture import as_view, bottom_player, caption, check_lang
from .view import PlayerView
from .words import SPECTATOR

if TYPE_CHECKING:
    from .game import Game

CW, CH = 50, 70  # card size
FAN = 18  # offset between fanned cards
M = 10  # margin
LW = CW + 12 * FAN + 4  # width of one side's tableau region (13 cards fanned)
GAP = 24  # between a tableau region and the middle (pile labels go there)
BAND_Y = (26, 436)  # top of the top and bottom bands' cards
ROW_Y = 112  # top of the first tableau row
ROW_STEP = CH + 10
CAPTION_Y = 532
HEIGHT = 544

SUITS = "♣♦♥♠"
INK = ("#1a1a1a", "#c8102e", "#c8102e", "#1a1a1a")  # by suit (C D H S)
EDGE = ("#2b4c9b", "#a3262a")  # face edge and back colour by deck
FACE = ("#ffffff", "#fffaf2")

_DEFS = """<defs>
<pattern id="back-a" width="8" height="8" patternUnits="userSpaceOnUse">\
<rect width="8" height="8" fill="#2b4c9b"/><path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke="#9fb6ec" \
stroke-width="1.6"/></pattern>
<pattern id="back-b" width="8" height="8" patternUnits="userSpaceOnUse">\
<rect width="8" height="8" fill="#a3262a"/><circle cx="4" cy="4" r="1.7" fill="#f1b2a6"/></pattern>
<marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" markerHeight="3.2" \
orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#ffc400"/></marker>
</defs>"""


class _Picture:
    """Places every pile of one view and writes the SVG elements."""

    def __init__(self, view: PlayerView, bottom: int, lang: str) -> None:
        self.view = view
        self.bottom = bottom
        self.lang = lang
        self.single = view.options.single
        center = 0 if self.single else 2 * CW + 8
        self.cx = M + LW + GAP  # left edge of the middle column
        self.xr = self.cx + center + GAP  # left edge of the right tableau region
        self.width = self.xr + LW + M
        self.out: list[str] = []
        self.anchors: dict[tuple[str, int], tuple[float, float]] = {}
        self._table: Game | None = None

    # ----------------------------------------------------------- elements

    def face(self, x: float, y: float, card: int) -> None:
        deck = card // 52
        rank = RANKS[card % 13].replace("T", "10")
        suit = SUITS[SUIT[card]]
        ink = INK[SUIT[card]]
        name = card_name(card)
        fs = 9 if rank == "10" else 10  # the two corner indices of a ten must not meet
        self.out.append(
            f'<g class="card face deck-{"ab"[deck]}" data-card="{name}" transform="translate({x:g},{y:g})">'
            f'<rect width="{CW}" height="{CH}" rx="4" fill="{FACE[deck]}" stroke="{EDGE[deck]}" stroke-width="2"/>'
            f'<text x="3" y="12" font-size="{fs}" font-weight="bold" fill="{ink}">{rank}{suit}</text>'
            f'<text x="{CW - 3}" y="12" font-size="{fs}" font-weight="bold" fill="{ink}" '
            f'text-anchor="end">{rank}{suit}</text>'
            f'<text x="{CW / 2:g}" y="50" font-size="26" fill="{ink}" text-anchor="middle">{suit}</text></g>'
        )

    def back(self, x: float, y: float, deck: int, count: int) -> None:
        title = escape(msg("picture.face_down", n=count).text(self.lang))
        for d in (4, 2) if count > 2 else (2,) if count > 1 else ():
            self.out.append(
                f'<rect class="edge" x="{x + d:g}" y="{y - d:g}" width="{CW}" height="{CH}" rx="4" '
                f'fill="#f4f4f4" stroke="{EDGE[deck]}"/>'
            )
        self.out.append(
            f'<g class="card back deck-{"ab"[deck]}" data-count="{count}" transform="translate({x:g},{y:g})">'
            f"<title>{title}</title>"
            f'<rect width="{CW}" height="{CH}" rx="4" fill="#f4f4f4" stroke="{EDGE[deck]}" stroke-width="2"/>'
            f'<rect x="4" y="4" width="{CW - 8}" height="{CH - 8}" rx="2" fill="url(#back-{"ab"[deck]})"/>'
            f'<rect x="3" y="3" width="25" height="16" rx="3" fill="#ffffff"/>'
            f'<text x="15.5" y="15" font-size="11" font-weight="bold" text-anchor="middle" '
            f'fill="{EDGE[deck]}">{count}</text></g>'
        )

    def slot(self, x: float, y: float, label: str = "") -> None:
        self.out.append(
            f'<rect class="slot" x="{x:g}" y="{y:g}" width="{CW}" height="{CH}" rx="4" fill="none" '
            'stroke="#d8ecd9" stroke-opacity="0.7" stroke-dasharray="4 3"/>'
        )
        if label:
            self.text(x + CW / 2, y + CH / 2 + 8, label, size=22, anchor="middle", opacity=0.45)

    def text(
        self, x: float, y: float, text: str, *, size: int = 10, anchor: str = "start", opacity: float = 1.0
    ) -> None:
        extra = f' fill-opacity="{opacity:g}"' if opacity < 1 else ""
        self.out.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" fill="#ffffff"{extra}>'
            f"{escape(text)}</text>"
        )

    def fan(self, cards: tuple[int, ...], x: float, y: float, room: float, leftwards: bool = False) -> float:
        """Fan ``cards`` (bottom first) from ``x`` within ``room``; returns the top card's x."""
        step = FAN if len(cards) < 2 else min(FAN, (room - CW) / (len(cards) - 1))
        cx = x
        for i, c in enumerate(cards):
            cx = x - i * step if leftwards else x + i * step
            self.face(cx, y, c)
        return cx

    # ------------------------------------------------------------- layout

    def band(self, p: int) -> None:
        v = self.view
        y = BAND_Y[0] if p != self.bottom else BAND_Y[1]
        on_move = v.turn == p and v.outcome is None
        self.text(M + 8, y + 30, "AB"[p], size=22, anchor="middle")
        if on_move:
            self.out.append(f'<circle class="on-move" cx="{M + 8}" cy="{y + 46}" r="5" fill="#ffc400"/>')
        x = M + 30.0
        if not self.single:
            self.text(x, y - 6, msg("picture.reserve").text(self.lang))
            up = v.reserve_up[p]
            down = v.reserve_count[p] - len(up)
            if down:
                self.back(x, y, p, down)  # only the deal's own cards lie face down in a reserve
            if up:
                shift = 30 if down else 0  # leaves the count of the face-down cards readable
                top = self.fan(up, x + shift, y, 130 - shift)
            else:
                top = x
                if not down:
                    self.slot(x, y)
            self.anchors["R", p] = (top + CW / 2, y + CH / 2)
            x += 160
        self.text(x, y - 6, msg("picture.stock").text(self.lang))
        if v.stock_count[p]:
            self.back(x, y, self._stock_deck(p), v.stock_count[p])
        else:
            self.slot(x, y)
        self.anchors["S", p] = (x + CW / 2, y + CH / 2)
        x += CW + 20
        hand_x = self.width - M - CW
        self.text(x, y - 6, f"{msg('picture.waste').text(self.lang)} ({len(v.waste[p])})")
        if v.waste[p]:
            top = self.fan(v.waste[p], x, y, hand_x - 20 - x)
        else:
            top = x
            self.slot(x, y)
        self.anchors["W", p] = (top + CW / 2, y + CH / 2)
        if on_move or (v.turn == p and v.hand >= 0):
            self.text(hand_x, y - 6, msg("picture.hand").text(self.lang))
            if v.hand >= 0:
                self.face(hand_x, y, v.hand)
            else:
                self.slot(hand_x, y)
        self.anchors["H", p] = (hand_x + CW / 2, y + CH / 2)

    def _stock_deck(self, p: int) -> int:
        """Whose back the stock shows: its top card's deck when public history names it.

        After a recycle the stock holds the waste, loaded cards of the other
        deck included (V3); before, only the deal's own cards.
        """
        if self.single:
            return 0
        known = self.view.stock_known[p]
        return known[-1] // 52 if known else p

    def tableau(self) -> None:
        v = self.view
        for p in (1 - self.bottom, self.bottom):
            right = p == self.bottom
            for i in range(4):
                a = 4 * p + i
                y = ROW_Y + i * ROW_STEP
                label_x = self.xr - GAP / 2 if right else self.cx - GAP / 2
                self.text(label_x, y + CH / 2 + 4, f"{'AB'[p]}{i + 1}", anchor="middle")
                if not v.laid[p]:
                    continue
                base = self.xr if right else self.cx - GAP - CW
                pile = v.tableau[a]
                if pile:
                    top = self.fan(pile, base, y, LW, leftwards=not right)
                else:
                    top = base
                    self.slot(base, y)
                self.anchors["T", a] = (top + CW / 2, y + CH / 2)

    def foundations(self) -> None:
        v = self.view
        for s in range(4):
            y = ROW_Y + s * ROW_STEP
            for j in range(2):
                slot = 2 * s + j
                x = self.cx + j * (CW + 8)
                f = v.foundations[slot]
                if f:
                    self.face(x, y, f[-1])
                else:
                    self.slot(x, y, SUITS[s])
                self.anchors["F", slot] = (x + CW / 2, y + CH / 2)

    # -------------------------------------------------------------- arrows

    def arrow(self, move: Move) -> None:
        if not move.is_card_move:
            return  # pass, stop, resign ...: nothing moves from one pile to another
        p = self.view.turn
        a = self._anchor(move.src, p, move)
        b = self._anchor(move.dst, p, move)
        if a is None or b is None:
            return
        title = ""
        if move in self.view.legal_moves:  # say the move in words as a tooltip
            title = f"<title>{escape(self._words(move))}</title>"
        self.out.append(
            f'<line class="arrow" data-move="{move}" x1="{a[0]:g}" y1="{a[1]:g}" x2="{b[0]:g}" y2="{b[1]:g}" '
            'stroke="#ffc400" stroke-opacity="0.85" stroke-width="6" stroke-linecap="round" '
            f'marker-end="url(#arrowhead)">{title}</line>'
        )

    def _anchor(self, code: int, p: int, move: Move) -> tuple[float, float] | None:
        o = 1 - p
        if code < 8:
            return self.anchors.get(("T", (code + 4 * p) & 7))
        if code == mv.FOUNDATION:
            return self.anchors.get(("F", self._foundation_for(move.src, p)))
        key = {
            mv.RESERVE: ("R", p),
            mv.OPP_RESERVE: ("R", o),
            mv.WASTE: ("W", p),
            mv.OPP_WASTE: ("W", o),
            mv.STOCK: ("S", p),
            mv.OPP_STOCK: ("S", o),
            mv.HAND: ("H", p),
        }[code]
        return self.anchors.get(key)

    def _words(self, move: Move) -> str:
        """``move`` in words from the view's side, as the engine says it (a game dealt from the view:
        the words use only what the view shows)."""
        if self._table is None:
            self._table = self.view.sample(random.Random(0))
        viewer = SPECTATOR if self.view.player is None else self.view.player
        return self._table.describe(move, self.lang, viewer=viewer)

    def _card_at(self, src: int, p: int) -> int:
        """The card a move of ``p`` from pile ``src`` takes (-1: none)."""
        v = self.view
        if src < 8:
            pile = v.tableau[(src + 4 * p) & 7]
            return pile[-1] if pile else -1
        if src == mv.RESERVE and v.reserve_up[p]:
            return v.reserve_up[p][-1]
        if src == mv.HAND:
            return v.hand
        return -1

    def _foundation_for(self, src: int, p: int) -> int:
        """The foundation the card at ``src`` would go to (as the engine picks it), else its suit's first."""
        v = self.view
        card = self._card_at(src, p)
        if card < 0:
            return 0
        s = SUIT[card]
        rank = card % 13 + 1
        first = v.foundations[2 * s]
        return 2 * s if len(first) == rank - 1 else 2 * s + 1

    # --------------------------------------------------------------- whole

    def render(self, arrows: list[Move], size: int | None) -> str:
        v = self.view
        top = 1 - self.bottom
        self.band(top)
        self.band(self.bottom)
        self.tableau()
        if not self.single:
            self.foundations()
            self.text(self.cx + CW + 4, ROW_Y - 6, msg("picture.foundations").text(self.lang), anchor="middle")
        for m in arrows:
            self.arrow(m)
        words = caption(v).text(self.lang)
        self.text(self.width / 2, CAPTION_Y, words, size=13 if len(words) < 80 else 10, anchor="middle")
        w, h = self.width, HEIGHT
        dims = f' width="{size}" height="{round(size * h / w)}"' if size is not None else ""
        title = msg("picture.title", preset=v.options.preset, turn=v.turn_no).text(self.lang)
        kind = "single" if self.single else "two-deck"
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {w} {h}"{dims} '
            f'font-family="DejaVu Sans, Arial, sans-serif" class="russianbank {kind}" '
            f"data-bottom={quoteattr('AB'[self.bottom])}>"
        )
        body = [
            head,
            f"<title>{escape(title)}</title>",
            _DEFS,
            f'<rect class="table" width="{w}" height="{h}" fill="#2e6b3a"/>',
            *self.out,
            "</svg>",
        ]
        return "\n".join(body)


def _moves(move: Move | str | None, arrows: Iterable[Move | str] | None) -> list[Move]:
    items: list[object] = [] if move is None else [move]
    if isinstance(arrows, Move | str):
        items.append(arrows)
    elif arrows is not None:
        try:
            items.extend(arrows)
        except TypeError:
            raise InvalidMoveError("picture.error.arrows", {"name": "arrows", "value": type(arrows).__name__}) from None
    out = []
    for m in items:
        if isinstance(m, str):
            out.append(Move.from_str(m))
        elif isinstance(m, Move):
            out.append(m)
        else:
            raise InvalidMoveError("picture.error.arrow", {"kinds": "Move, str", "value": type(m).__name__})
    return out


def table(
    table: Game | PlayerView,
    *,
    move: Move | str | None = None,
    arrows: Iterable[Move | str] | None = (),
    orientation: int | None = None,
    size: int | None = None,
    lang: str = "en",
) -> str:
    """An SVG picture of ``table`` (a game or a player's view) as text.

    * ``move``: a move of the side to move, drawn as an arrow from its source
      pile to its target (``Move`` or text such as ``"RF"``); ``arrows`` adds
      more (all read as moves of the side to move in the position shown).
      Moves that go from no pile to another (``pass``, ``stop``, ...) draw no
      arrow.
    * ``orientation``: the player at the bottom (0 = A, 1 = B); by default
      the view's player, A for a game or a spectator.
    * ``size``: width in pixels (the height follows); None leaves the size
      to whatever shows the picture.
    * ``lang``: ``"en"`` or ``"ru"`` for the labels and the caption.
    """
    view = as_view(table)
    bottom = bottom_player(view, orientation)
    if size is not None and (not isinstance(size, int) or isinstance(size, bool) or size <= 0):
        raise InvalidOptionsError("picture.error.size", {"name": "size", "value": shown(size)})
    check_lang(lang)
    return _Picture(view, bottom, lang).render(_moves(move, arrows), size)
