"""Moves, piles, Stop rulings and results in words, from one side of the table.

Everything here returns an :class:`~russianbank.i18n.Message` (render it with
``.text("en")`` or ``.text("ru")``). A *viewer* is the player the words are for:
``0`` (A) or ``1`` (B) hear "your pile 3" and "the opponent's waste";
:data:`SPECTATOR` hears "player A's pile 3". Tableau piles are numbered as the viewer's
screen labels them: the viewer's own 1-4, the opponent's 5-8 ("the opponent's pile 7"),
for a spectator A's 1-4 and B's 5-8 (the table seen from A's side).

*Names*: by default the other side is "the opponent" and a spectator hears "Player A".
A ``names`` mapping of seat (0, 1) to a catalogue noun message (``Message("actor.computer")``,
``Message("play.who.computer")``, ``Message("player.A")``) names that seat instead ("the
computer's pile 7", "«Стоп!» от компьютера"): the noun's grammatical forms give the Russian
cases (``gen``, ``dat``) and, where a name starts a sentence, a capitalised ``cap`` form if it
has one. The viewer's own seat is always "you", whatever ``names`` says. The engine's public calls
(:meth:`Game.describe_message <russianbank.game.Game.describe_message>`,
``history_message``, ``StopRuling.message``, ``Outcome.message``) are built on
these functions; a program rarely needs them directly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from . import i18n
from . import moves as mv
from .cards import card_message
from .errors import InvalidMoveError, InvalidPlayerError, shown
from .i18n import Message

#: The viewer of someone who plays neither side (a spectator): piles are named by their owner.
SPECTATOR = -1

_PLAYERS = (Message("player.A"), Message("player.B"))
_ACTORS = (Message("actor.you"), Message("actor.opponent"))


#: Who the players are, for the words: seat (0 = A, 1 = B) -> a catalogue noun message.
Names = Mapping[int, Message]

_NO_NAMES: Names = {}


def check_names(names: object) -> Names:
    """``names`` checked: None (no names) or a mapping of seat 0/1 to a catalogue :class:`Message`."""
    if names is None:
        return _NO_NAMES
    if not isinstance(names, Mapping):
        raise InvalidPlayerError("error.player.names", {"value": shown(names)})
    for seat, name in names.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
            raise InvalidPlayerError("error.player.names_seat", {"value": shown(seat)})
        if not isinstance(name, Message) or not isinstance(name.code, str) or not i18n.has(name.code):
            raise InvalidPlayerError("error.player.names_name", {"value": shown(name)})
    return names


def check_viewer(viewer: object, default: int) -> int:
    """``viewer`` as 0, 1 or :data:`SPECTATOR` (None means ``default``); anything else is an error."""
    if viewer is None:
        return default
    if isinstance(viewer, int) and not isinstance(viewer, bool) and viewer in (0, 1, SPECTATOR):
        return viewer
    raise InvalidPlayerError("error.player.viewer", {"value": shown(viewer)})


def _side(owner: int, viewer: int, names: Names = _NO_NAMES) -> str:
    if viewer == SPECTATOR:
        return "player"
    if owner == viewer:
        return "own"
    return "player" if owner in names else "opp"


def _name(player: int, names: Names) -> Message:
    return names.get(player) or _PLAYERS[player]


def pile(kind: str, owner: int, viewer: int, n: int = 0, names: Names = _NO_NAMES) -> Message:
    """``owner``'s pile of ``kind`` (tableau, reserve, waste, stock, hand) as ``viewer`` names it."""
    side = _side(owner, viewer, names)
    params: dict[str, object] = {}
    if kind == "tableau":
        params["n"] = n
    if side == "player":
        params["player"] = _name(owner, names)
    return Message(f"pile.{kind}.{side}", params)


def pile_number(index: int, viewer: int) -> int:
    """The number tableau pile ``index`` (0-3 A's, 4-7 B's) has on ``viewer``'s screen: the viewer's
    own piles are 1-4 and the opponent's 5-8 (as the notation numbers them for the viewer); a
    spectator sees the table from A's side (A's piles 1-4, B's 5-8)."""
    side = 1 if viewer == 1 else 0
    return ((index - 4 * side) & 7) + 1


def pile_message(index: int, viewer: int, names: Names = _NO_NAMES) -> Message:
    """Tableau pile ``index`` (0-3 A's, 4-7 B's) as ``viewer`` names it, numbered as on the viewer's
    screen (:func:`pile_number`): "your pile 2", "the opponent's pile 6"."""
    return pile("tableau", index // 4, viewer, pile_number(index, viewer), names)


_KINDS = {
    mv.RESERVE: ("reserve", 0),
    mv.OPP_RESERVE: ("reserve", 1),
    mv.WASTE: ("waste", 0),
    mv.OPP_WASTE: ("waste", 1),
    mv.STOCK: ("stock", 0),
    mv.OPP_STOCK: ("stock", 1),
    mv.HAND: ("hand", 0),
}


def pile_of_code(code: int, mover: int, viewer: int, names: Names | None = None) -> Message:
    """The pile that pile code ``code`` of the notation (relative to ``mover``: ``0``-``7`` the
    tableau, :data:`~russianbank.moves.RESERVE`, :data:`~russianbank.moves.FOUNDATION`, ...) means,
    as ``viewer`` names it: "your pile 3", "the opponent's waste", "the foundations"."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < len(mv.PILE_CHARS):
        raise InvalidMoveError("error.move.pile", {"value": shown(code)})
    nm = check_names(names)
    if code < 8:
        return pile_message((code + 4 * mover) & 7, viewer, nm)
    if code == mv.FOUNDATION:
        return Message("pile.foundation")
    kind, other = _KINDS[code]
    return pile(kind, mover ^ other, viewer, names=nm)


def person(player: int, viewer: int, names: Names = _NO_NAMES) -> Message:
    """``player`` as ``viewer`` names them: you, your opponent (or their name), or player A."""
    if viewer == SPECTATOR:
        return _name(player, names)
    if player == viewer:
        return _ACTORS[0]
    return names.get(player) or _ACTORS[1]


def cards_message(cards: Sequence[int]) -> Message:
    """Several cards in a row: ``7♥ 8♣ 2♦``."""
    out = card_message(cards[-1])
    for c in reversed(cards[:-1]):
        out = Message("cards.list", {"first": card_message(c), "rest": out})
    return out


def _then(first: Message, then: Message) -> Message:
    return Message("move.then", {"first": first, "then": then})


def _source(code: int, mover: int, viewer: int, names: Names) -> Message:
    if code < 8:
        return pile_message((code + 4 * mover) & 7, viewer, names)
    if code == mv.RESERVE:
        return pile("reserve", mover, viewer, names=names)
    return pile("hand", mover, viewer, names=names)


#: How a move turned its owner's waste over into the stock (R8): not, before the draw, after the move.
RECYCLE_NONE, RECYCLE_BEFORE, RECYCLE_AFTER = 0, 1, 2


def move_words(
    mover: int,
    move: mv.Move,
    card: int,
    viewer: int,
    *,
    reveals: Sequence[int] = (),
    recycle: int = RECYCLE_NONE,
    next_player: int | None = None,
    single: bool = False,
    names: Names = _NO_NAMES,
) -> Message:
    """One move in words. ``card`` is the card it moves (-1: not known, for a draw about to be made).

    ``reveals`` are the cards it turned face up; those of a turn-ending move belong to the start of
    ``next_player``'s turn (their reserve top, or in the one-deck game the four cards they lay out).
    """
    code = move.code
    if code >= 256:
        if code == mv.PASS:
            text = Message("move.pass")
        elif code in (mv.RESIGN, mv.OPP_RESIGN):
            text = _personal("move.resign", mover, viewer, names)
        elif code == mv.AGREE:
            text = Message("move.agree")
        else:
            text = _personal("move.stop", mover, viewer, names)
    elif code == mv.DRAW:
        text = Message("move.draw", {"card": card_message(card)}) if card >= 0 else Message("move.draw_unknown")
        if recycle == RECYCLE_BEFORE:
            text = _then(Message("move.recycle", {"waste": pile("waste", mover, viewer, names=names)}), text)
    elif code == mv.DISCARD:
        text = Message("move.discard", {"card": card_message(card)})
    else:
        src, dst = move.src, move.dst
        what = {"card": card_message(card), "src": _source(src, mover, viewer, names)}
        if dst == mv.FOUNDATION:
            text = Message("move.foundation", what)
        elif dst < 8:
            text = Message("move.tableau", {**what, "dst": pile_message((dst + 4 * mover) & 7, viewer, names)})
        elif dst == mv.OPP_RESERVE:
            text = Message("move.load", {**what, "dst": pile("reserve", 1 - mover, viewer, names=names)})
        else:
            text = Message("move.load", {**what, "dst": pile("waste", 1 - mover, viewer, names=names)})
        if src == mv.RESERVE and reveals:
            flipped = {"card": card_message(reveals[0]), "pile": pile("reserve", mover, viewer, names=names)}
            text = _then(text, Message("move.flip", flipped))
    if recycle == RECYCLE_AFTER:
        text = _then(text, Message("move.recycle", {"waste": pile("waste", mover, viewer, names=names)}))
    if reveals and next_player is not None and code in (mv.DISCARD, mv.PASS, mv.STOP):
        text = _then(text, turn_start_words(next_player, reveals, viewer, single, names))
    return text


def turn_start_words(
    player: int, reveals: Sequence[int], viewer: int, single: bool, names: Names = _NO_NAMES
) -> Message:
    """The cards turned up at the start of ``player``'s first turn (R6 reserve top, S-3 lay-out)."""
    if single:
        return _personal("move.lay_out", player, viewer, names, cards=cards_message(reveals))
    flipped = {"card": card_message(reveals[0]), "pile": pile("reserve", player, viewer, names=names)}
    return Message("move.flip", flipped)


def history_words(
    player: int,
    move: mv.Move,
    card: int,
    reveals: Sequence[int],
    recycle: int,
    ruling: _Ruling | None,
    viewer: int,
    single: bool,
    names: Names = _NO_NAMES,
) -> Message:
    """A move of the public history in words (for a Stop: its ruling)."""
    if move.code == mv.STOP and ruling is not None:
        text = ruling.message(viewer, names)
        if reveals:
            start = turn_start_words(player, reveals, viewer, single, names)
            text = Message("stop.then", {"ruling": text, "start": start})
        return text
    nxt = 1 - player if move.code in (mv.DISCARD, mv.PASS) else None
    return move_words(
        player, move, card, viewer, reveals=reveals, recycle=recycle, next_player=nxt, single=single, names=names
    )


class _Ruling(Protocol):
    def message(self, viewer: int | None = None, names: Names | None = None) -> Message: ...


def _personal(prefix: str, player: int, viewer: int, names: Names = _NO_NAMES, **params: object) -> Message:
    side = _side(player, viewer, names)
    if side == "player":
        params["player"] = _name(player, names)
    return Message(f"{prefix}.{side}", params)


__all__ = [
    "RECYCLE_AFTER",
    "RECYCLE_BEFORE",
    "RECYCLE_NONE",
    "SPECTATOR",
    "Names",
    "cards_message",
    "check_names",
    "check_viewer",
    "history_words",
    "move_words",
    "person",
    "pile",
    "pile_message",
    "pile_number",
    "pile_of_code",
    "turn_start_words",
]
