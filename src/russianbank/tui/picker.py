"""Picking a card up and putting it down with the pile keys (or the mouse)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import moves as mv
from ..cards import card_message
from ..i18n import Message
from ..moves import Move
from ..session import Session
from ..words import pile_of_code

SOURCES = (*range(8), mv.RESERVE, mv.HAND)
TARGETS = (*range(8), mv.FOUNDATION, mv.OPP_RESERVE, mv.OPP_WASTE)


def key_code(char: str, picking: bool) -> int | None:
    """The relative pile code a key means (``r``/``R`` is the opponent's reserve as a target)."""
    if char in "12345678":
        return int(char) - 1
    if char in "Rr":
        return mv.OPP_RESERVE if picking else mv.RESERVE
    return {
        "H": mv.HAND,
        "h": mv.HAND,
        "F": mv.FOUNDATION,
        "f": mv.FOUNDATION,
        "S": mv.STOCK,
        "s": mv.STOCK,
        "w": mv.OPP_WASTE,
        "W": mv.WASTE,
    }.get(char)


@dataclass
class Pick:
    """What a key press on the table comes to: a move to try, or something to say."""

    move: Move | None = None
    say: Message | None = None
    refusal: bool = False


@dataclass
class Picker:
    """The card picked up (a relative source code of the player on move) and its legal targets."""

    selected: int | None = None
    targets: list[Move] = field(default_factory=list)

    def clear(self) -> None:
        self.selected = None
        self.targets = []

    def press(self, code: int, session: Session, seat: int) -> Pick:
        """The pile ``code`` (relative to ``seat``, on move) was chosen."""
        if self.selected is None:
            if code == mv.STOCK:
                return Pick(move=mv.MOVES[mv.DRAW])
            return self.pick(code, session, seat)
        src = self.selected
        self.clear()
        if code == src:
            return Pick(say=Message("play.tui.put_back"))
        return Pick(move=Move.card(src, code))

    def pick(self, code: int, session: Session, seat: int) -> Pick:
        view = session.view(seat)
        pile = pile_of_code(code, seat, seat, session.seating.names(seat))  # "your pile 3", "the computer's pile 7"
        card = _top(view, code, seat) if code in SOURCES else -1
        if card < 0:
            probe = Move.card(code, mv.FOUNDATION if code != mv.FOUNDATION else 0)
            why = session.refusal(seat, probe)
            if why is not None:
                return Pick(say=Message("play.tui.nothing_there", {"pile": pile, "reason": why}), refusal=True)
            return Pick(say=Message("play.tui.nothing_there_plain", {"pile": pile}), refusal=True)
        self.selected = code
        self.targets = session.targets(seat, code)
        if self.targets:
            keys = " ".join(mv.PILE_CHARS[t.dst] for t in self.targets)
            return Pick(say=Message("play.tui.picked", {"card": card_message(card), "pile": pile, "keys": keys}))
        why = _why_stuck(session, seat, code)
        what = {"card": card_message(card), "pile": pile, "why": why}
        return Pick(say=Message("play.tui.picked_stuck", what), refusal=True)


def _top(view: object, code: int, seat: int) -> int:
    from ..view import PlayerView

    assert isinstance(view, PlayerView)
    if code == mv.HAND:
        return view.hand
    if code == mv.RESERVE:
        up = view.reserve_up[seat]
        return up[-1] if up else -1
    pile = view.tableau[(code + 4 * seat) & 7]
    return pile[-1] if pile else -1


def _why_stuck(session: Session, seat: int, src: int) -> Message:
    """Why the picked card cannot move: the rules of order that hold it back, else that no pile takes it."""
    for dst in TARGETS:
        if dst == src:
            continue
        why = session.refusal(seat, Move.card(src, dst))
        if why is not None and str(why.params.get("rule", "")).startswith("O"):
            return why
    return Message("play.tui.stuck.none")
