"""A Unicode text picture of a table, for terminals and bug reports.

>>> from russianbank import Game
>>> from russianbank.picture import unicode
>>> print(unicode(Game("classic", seed=1)).splitlines()[0])
B   reserve ▒×12 · stock ▒×36 · waste (0)

Every picture is drawn from a :class:`~russianbank.view.PlayerView` (a
:class:`~russianbank.game.Game` is drawn as a spectator sees it), so it shows
exactly what the view shows: face-down cards are counts (``▒×12``), never
names. The two decks are told apart without colour: player A's cards have
filled suit symbols (``Q♥ 10♣``), player B's outlined ones (``Q♡ 10♧``).

Layout, top to bottom: the top player's reserve, stock and waste; their four
tableau piles (``B1``-``B4``, each bottom card first); the foundations, one row
per suit with the tops of its two piles; the bottom player's tableau piles;
the bottom player's reserve, stock, waste and hand card; a line saying who is
to move or how the game ended. ``▶`` marks the side to move. The one-deck
game has no reserves and no foundations; its piles that are not laid out yet
(S-3) say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import RANKS
from .errors import InvalidOptionsError, RussianBankError, shown
from .i18n import LANGS, Message, msg
from .view import PlayerView

if TYPE_CHECKING:
    from .game import Game

#: Suit symbols of player A's deck (filled) and player B's deck (outlined), in the order C D H S.
SUIT_SYMBOLS = ("♣♦♥♠", "♧♢♡♤")
FACE_DOWN = "▒"
EMPTY = "·"
ON_MOVE = "▶"


def as_view(table: Game | PlayerView) -> PlayerView:
    """The view a picture is drawn from: a view as it is, a game as a spectator sees it."""
    if isinstance(table, PlayerView):
        return table
    from .game import Game

    if isinstance(table, Game):
        return table.view(None)
    raise RussianBankError("picture.error.table", {"kinds": "Game, PlayerView", "value": type(table).__name__})


def bottom_player(view: PlayerView, orientation: int | None) -> int:
    """Who sits at the bottom: ``orientation`` if given, else the view's player, else A."""
    if orientation is None:
        return 0 if view.player is None else view.player
    if not isinstance(orientation, int) or isinstance(orientation, bool) or orientation not in (0, 1):
        raise InvalidOptionsError("picture.error.orientation", {"name": "orientation", "value": shown(orientation)})
    return orientation


def check_lang(lang: object) -> None:
    """Refuse a language the catalogue does not have."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise InvalidOptionsError(
            "picture.error.choice", {"name": "lang", "choices": ", ".join(LANGS), "value": shown(lang)}
        )


def card_text(card: int) -> str:
    """``"10♥"`` for a card of A's deck, ``"10♡"`` for the same card of B's deck."""
    rank = RANKS[card % 13].replace("T", "10")
    return rank + SUIT_SYMBOLS[card // 52][(card % 52) // 13]


def caption(view: PlayerView) -> Message:
    """Who is to move (and the turn number), or how the game ended (the engine's words, D2 breakdown included)."""
    out = view.game_outcome()
    if out is None:
        return msg("picture.to_move", player=msg(f"player.{'AB'[view.turn]}"), turn=view.turn_no)
    return out.message(None)


def _pile(cards: tuple[int, ...]) -> str:
    return " ".join(card_text(c) for c in cards) if cards else EMPTY


def _band(view: PlayerView, p: int, lang: str, waste_limit: int) -> str:
    def word(code: str) -> str:
        return msg(code).text(lang)

    parts = []
    if not view.options.single:
        down = view.reserve_count[p] - len(view.reserve_up[p])
        res = " ".join(([f"{FACE_DOWN}×{down}"] if down else []) + [card_text(c) for c in view.reserve_up[p]])
        parts.append(f"{word('picture.reserve')} {res or EMPTY}")
    stock = view.stock_count[p]
    parts.append(f"{word('picture.stock')} {f'{FACE_DOWN}×{stock}' if stock else EMPTY}")
    waste = view.waste[p]
    shown = waste[-waste_limit:] if waste_limit > 0 else ()
    wtxt = f"{word('picture.waste')} ({len(waste)})"
    if shown:
        wtxt += " " + ("… " if len(shown) < len(waste) else "") + _pile(shown)
    parts.append(wtxt)
    on_move = view.turn == p and view.outcome is None
    if view.turn == p and view.hand >= 0:
        parts.append(f"{word('picture.hand')} {card_text(view.hand)}")
    head = "AB"[p] + " " + (ON_MOVE if on_move else " ")
    return head + " " + " · ".join(parts)


def unicode(
    table: Game | PlayerView, *, orientation: int | None = None, lang: str = "en", waste_limit: int = 12
) -> str:
    """A text picture of ``table`` (a game or a view), with ``orientation``'s side at the bottom.

    ``lang`` is ``"en"`` or ``"ru"``; ``waste_limit`` is how many top cards of
    each waste are written (the rest become ``…``).
    """
    view = as_view(table)
    bottom = bottom_player(view, orientation)
    if not isinstance(waste_limit, int) or isinstance(waste_limit, bool) or waste_limit < 0:
        raise InvalidOptionsError("picture.error.at_least_0", {"name": "waste_limit", "value": shown(waste_limit)})
    check_lang(lang)
    top = 1 - bottom
    rule = "─" * 44
    lines = [_band(view, top, lang, waste_limit), "┌────┬" + rule]

    def piles(p: int) -> None:
        for i in range(4):
            label = f"{'AB'[p]}{i + 1}"
            text = _pile(view.tableau[4 * p + i]) if view.laid[p] else f"({msg('picture.not_laid').text(lang)})"
            lines.append(f"│ {label} │ {text}")

    piles(top)
    if not view.options.single:
        lines.append("├────┼" + rule)
        for s in range(4):
            tops = []
            for f in (view.foundations[2 * s], view.foundations[2 * s + 1]):
                tops.append(card_text(f[-1]) if f else EMPTY)
            lines.append(f"│ {SUIT_SYMBOLS[0][s]}  │ {'  '.join(tops)}")
    lines.append("├────┼" + rule)
    piles(bottom)
    lines.append("└────┴" + rule)
    lines.append(_band(view, bottom, lang, waste_limit))
    lines.append(caption(view).text(lang))
    return "\n".join(lines)
