"""Which moves a person may take back: their own, in the current turn, back to the last card
turned up (nothing hidden was seen), and never a rule-of-order violation the other side may
still Stop."""

from __future__ import annotations

from .. import moves as mv
from ..game import Game
from ..i18n import Message
from . import words
from .seats import Seating

TURN_ENDERS = (mv.DISCARD, mv.PASS, mv.STOP)


def undo_refusal(game: Game, seat: int, seating: Seating | None = None) -> Message | None:
    """Why ``seat`` may not take back the last move now, or None if it may."""
    if game.is_over():
        return Message("play.undo.over")
    if game.turn != seat:
        return Message("play.undo.not_your_turn")
    n = len(game.move_stack)
    if n == 0 or game.mover(n - 1) != seat:
        return Message("play.undo.nothing")
    i = n - 1
    move = game.move_stack[i]
    if move.code in TURN_ENDERS or not move.is_card_move:
        return Message("play.undo.nothing")
    shown = game.reveals(i)
    if shown:
        return Message("play.undo.reveal", {"what": words.played(game, i, seat, seating)})
    pv = game.pending_violation()
    if pv is not None and pv[2] >= i:  # the move that broke the rule itself
        return Message("play.undo.stoppable", {"what": words.played(game, i, seat, seating), "rule": pv[0]})
    return None
