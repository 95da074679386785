"""What the session says about moves, rulings and results, as catalogue messages.

The words for moves, refusals, Stop rulings and results are the engine's
(:meth:`Game.history_message <russianbank.game.Game.history_message>`,
:meth:`Game.describe_message <russianbank.game.Game.describe_message>`,
:meth:`StopRuling.message <russianbank.game.StopRuling.message>`,
:meth:`Outcome.message <russianbank.game.Outcome.message>`, ``err.message``), always from
the viewer's side of the table ("7♥ from your pile 3 to a foundation"), never in another
player's relative notation, and naming the players as the seating does ("the
computer's pile 7", "Stop! called by the computer": ``names=``). This module adds who
did it (you, the computer, your opponent, Player A) and the match.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import RussianBankError
from ..game import Game, Outcome
from ..i18n import Message
from ..moves import Move
from ..words import SPECTATOR
from .match import MatchTotal
from .seats import Seating

Viewer = int | None


def engine_viewer(viewer: Viewer) -> int:
    """The engine's viewer: a seat, or :data:`~russianbank.words.SPECTATOR` for nobody's."""
    return SPECTATOR if viewer is None else viewer


def who_code(base: str, seating: Seating, seat: int, viewer: Viewer) -> str:
    """``base + ".you"`` when ``viewer`` is addressed as you, else ``base + ".other"`` (verbs agree)."""
    return base + (".you" if seating.is_you(seat, viewer) else ".other")


def _names(seating: Seating | None, viewer: Viewer) -> Mapping[int, Message] | None:
    return None if seating is None else seating.names(viewer)


def planned(game: Game, move: Move, viewer: Viewer, seating: Seating | None = None) -> Message:
    """A move about to be played by the side on move (the players named as ``seating`` names them)."""
    return game.describe_message(move, engine_viewer(viewer), _names(seating, viewer))


def played(game: Game, index: int, viewer: Viewer, seating: Seating | None = None) -> Message:
    """``game.move_stack[index]``, already played (with the cards it turned up; a Stop's ruling)."""
    return game.history_message(index, engine_viewer(viewer), _names(seating, viewer))


def refusal(game: Game, move: Move) -> Message | None:
    """Why the side on move may not play ``move`` now, with the rule that says so (None: it may)."""
    err = game.refusal(move)
    if err is None:
        return None
    return Message("play.refused", {"rule": err.rule or "", "reason": err.message})


def error(e: RussianBankError) -> Message:
    """The message of one of the package's errors."""
    return e.message


def headline(seating: Seating, out: Outcome, viewer: Viewer) -> Message:
    """The result in a short sentence: "You win", "The computer wins", "Draw"."""
    if out.winner is None:
        return Message("play.result.draw")
    who = seating.actor(out.winner, viewer)
    return Message(who_code("play.result.win", seating, out.winner, viewer), {"who": who})


def outcome(out: Outcome, viewer: Viewer, seating: Seating | None = None) -> Message:
    """How the game ended, with the score's breakdown (D2): the engine's words."""
    return out.message(engine_viewer(viewer), _names(seating, viewer))


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
