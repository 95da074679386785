"""What the session says about moves, rulings and results, as catalogue messages.

Every move is worded from the viewer's side of the table: "7♥ from your pile 3 to a
foundation", "7♥ from pile 6 onto your waste" -- never in the mover's relative notation.
A spectator (viewer None) sees the table from A's side, with the reserves and wastes named
by their owner.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import moves as mv
from ..cards import SUIT, card_label
from ..errors import RussianBankError
from ..game import Game, Outcome, StopRuling
from ..i18n import Message
from ..moves import Move
from .match import MatchTotal
from .seats import Seating

Viewer = int | None


HOLLOW = "\u2667\u2662\u2661\u2664"  # B's deck: hollow suit signs, as the tables draw them


def card(c: int) -> str:
    """A card for people: ``"7♥"`` from A's deck, ``"7♡"`` from B's (hollow signs)."""
    text = card_label(c)
    if c >= 52:
        text = text[:-1] + HOLLOW[SUIT[c]]
    return text


def cards(shown: Sequence[int]) -> str:
    """Cards for people: ``"7♥ Q♤"``."""
    return " ".join(card(c) for c in shown)


def who_code(base: str, seating: Seating, seat: int, viewer: Viewer) -> str:
    """``base + ".you"`` when ``viewer`` is addressed as you, else ``base + ".other"`` (verbs agree)."""
    return base + (".you" if seating.is_you(seat, viewer) else ".other")


def pile(code: int, mover: int, viewer: Viewer, seating: Seating) -> Message:
    """The pile that relative code ``code`` of ``mover`` means, named from ``viewer``'s side.

    The entries have the forms ``from`` and ``to`` ("from your pile 3", "to your pile 3").
    """
    if code < 8:
        absolute = (code + 4 * mover) & 7
        side = 0 if viewer is None else viewer
        k = (absolute - 4 * side) & 7
        own = viewer is not None and k < 4 and seating.is_you(viewer, viewer)
        return Message("play.pile.tableau.own" if own else "play.pile.tableau", {"n": k + 1})
    if code == mv.FOUNDATION:
        return Message("play.pile.foundation")
    if code == mv.HAND:
        return Message("play.pile.hand")
    kinds = {
        mv.RESERVE: ("reserve", mover),
        mv.OPP_RESERVE: ("reserve", 1 - mover),
        mv.WASTE: ("waste", mover),
        mv.OPP_WASTE: ("waste", 1 - mover),
        mv.STOCK: ("stock", mover),
        mv.OPP_STOCK: ("stock", 1 - mover),
    }
    kind, owner = kinds[code]
    if seating.is_you(owner, viewer):
        return Message(f"play.pile.{kind}.own")
    return Message(f"play.pile.{kind}.other", {"owner": seating.actor(owner, viewer)})


def move_message(
    move: Move, mover: int, viewer: Viewer, seating: Seating, moved: int, reveals: Sequence[int]
) -> Message:
    """``move`` by ``mover`` in words; ``moved`` is the card it moves (-1 for a draw not yet made)."""
    code = move.code
    turned = list(reveals)
    stock = pile(mv.STOCK, mover, viewer, seating)
    if code == mv.DRAW:
        if turned:
            what = Message("play.move.draw", {"card": card(turned.pop(0)), "src": stock})
        else:
            what = Message("play.move.draw_unknown", {"src": stock})
    elif code == mv.PASS:
        what = Message("play.move.pass")
    elif move.is_card_move and moved >= 0:
        key = "play.move.discard" if code == mv.DISCARD else "play.move.card"
        src = pile(move.src, mover, viewer, seating)
        dst = pile(move.dst, mover, viewer, seating)
        what = Message(key, {"card": card(moved), "src": src, "dst": dst})
    else:
        raise ValueError(f"{move} is not a move to describe in words here")
    if turned:
        return Message("play.move.turned_up", {"what": what, "cards": cards(turned)})
    return what


def planned(game: Game, move: Move, viewer: Viewer, seating: Seating) -> Message:
    """A move about to be played by the side on move."""
    moved = game.pile_card(move.src) if move.is_card_move and move.code != mv.DRAW else -1
    return move_message(move, game.turn, viewer, seating, moved, ())


def played(game: Game, index: int, viewer: Viewer, seating: Seating, moved: int) -> Message:
    """``game.move_stack[index]``, already played: ``moved`` is the card it moved."""
    return move_message(game.move_stack[index], game.mover(index), viewer, seating, moved, game.reveals(index))


def ruling(r: StopRuling, violation: Message) -> Message:
    """A founded Stop's ruling (S3/S4): the rule broken, by which move (``violation``), and the penalty."""
    why = Message(f"play.rule.{r.rule}")
    if r.penalty == "annul":
        return Message("play.ruling.annul", {"rule": r.rule, "why": why, "what": violation, "n": r.annulled})
    return Message("play.ruling.stand", {"rule": r.rule, "why": why, "what": violation})


def refusal(game: Game, move: Move) -> Message | None:
    """Why the side on move may not play ``move`` now (None: it may)."""
    bad = game.illegal_reason(move)
    if bad is None:
        return None
    return Message("play.refused", {"rule": bad[0], "reason": bad[1]})


def error(e: RussianBankError) -> Message:
    """The message of one of the package's errors."""
    return Message("play.error", {"text": str(e)})


def headline(seating: Seating, out: Outcome, viewer: Viewer) -> Message:
    """The result in a sentence ("You win", "The computer wins", "Draw"), with how the game ended."""
    how = Message(f"play.end.{out.termination.name.lower()}")
    if out.winner is None:
        return Message("play.result.draw", {"how": how})
    who = seating.actor(out.winner, viewer)
    return Message(who_code("play.result.win", seating, out.winner, viewer), {"who": who, "how": how})


def breakdown(out: Outcome, single: bool) -> Message | None:
    """The winner's score, item by item (D2); None for a draw."""
    s = out.score
    if s is None:
        return None
    if single:
        return Message("play.score.single", {"rest": s.stock_waste_cards + s.hand_cards, "total": s.total})
    return Message(
        "play.score",
        {
            "bonus": s.bonus,
            "reserve": s.reserve_cards,
            "reserve_points": 2 * s.reserve_cards,
            "rest": s.stock_waste_cards + s.hand_cards,
            "total": s.total,
        },
    )


def match_total(seating: Seating, match: MatchTotal, viewer: Viewer) -> Message:
    """The match total (D4), each side named as ``viewer`` calls it."""
    return Message(
        "play.match",
        {
            "n": match.games,
            "a_name": seating.actor(0, viewer),
            "a": match.a,
            "b_name": seating.actor(1, viewer),
            "b": match.b,
        },
    )
