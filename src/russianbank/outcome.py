"""How a game ends: :class:`Outcome` (with its :class:`Score` and :class:`Termination`) and the
ruling of an upheld Stop (:class:`StopRuling`), each with its words for any viewer.

:class:`~russianbank.game.Game` makes them (``Game.outcome()``, ``Game.call_stop()``); they are
plain frozen values, importable from ``russianbank`` and ``russianbank.game`` as well.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .cards import card_message
from .i18n import Message
from .moves import Move
from .players import PLAYER_NAMES, A
from .words import Names, check_names, check_viewer


class Termination(Enum):
    """Why a game ended."""

    WIN = "win"  # D1
    RESIGNATION = "resignation"  # D3
    AGREED_DRAW = "agreed draw"  # D3
    REPETITION = "repetition"  # D3: a turn-start position for the third time
    NO_PROGRESS = "no progress"  # D3: N turns without a foundation play


@dataclass(frozen=True)
class Score:
    """The winner's points, broken down as D2 says."""

    bonus: int
    reserve_cards: int
    stock_waste_cards: int
    hand_cards: int
    total: int

    def to_dict(self) -> dict[str, int]:
        """The breakdown as a JSON-ready dict (reserve points included)."""
        return {
            "bonus": self.bonus,
            "reserve_cards": self.reserve_cards,
            "reserve_points": 2 * self.reserve_cards,
            "stock_waste_cards": self.stock_waste_cards,
            "hand_cards": self.hand_cards,
            "total": self.total,
        }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the reason, the winner (None for a draw), the score.

    ``single`` tells the one-deck game; ``turns`` is, for a draw by no progress, how many
    turns in a row went without progress (the draw limit).
    """

    termination: Termination
    winner: int | None
    score: Score | None
    single: bool = False
    turns: int = 0

    def result(self) -> str:
        """``"1-0"`` (A won), ``"0-1"`` (B won) or ``"1/2-1/2"``."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == A else "0-1"

    def points(self, player: int) -> int:
        """Points this game gives ``player`` (the winner's score, 0 otherwise)."""
        if self.winner == player and self.score is not None:
            return self.score.total
        return 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: termination, winner (``"A"``/``"B"``/None), result and score breakdown."""
        return {
            "termination": self.termination.value,
            "winner": None if self.winner is None else PLAYER_NAMES[self.winner],
            "result": self.result(),
            "score": None if self.score is None else self.score.to_dict(),
        }

    def message(self, viewer: int | None = None, names: Names | None = None) -> Message:
        """The end of the game in words, with the score's breakdown (D2), for ``viewer``.

        ``viewer`` 0 or 1 hears "You won: ..." or "You lost: ..."; None (or
        :data:`~russianbank.words.SPECTATOR`) hears "Player A won: ...". ``names`` (seat ->
        catalogue noun message) names the players instead of "the opponent" and "Player A"
        (see :mod:`russianbank.words`): "You won: the computer resigned."

        >>> from russianbank import Game
        >>> g = Game("classic", seed=1)
        >>> g.resign(1)
        >>> print(g.outcome().message(0).text())
        You won: the opponent resigned. 90 points: bonus 30 + 12 reserve cards × 2 + 36 stock and waste cards
        """
        from .words import SPECTATOR, person

        v = check_viewer(viewer, SPECTATOR)
        nm = check_names(names)
        t = self.termination
        if self.winner is None:
            if t == Termination.AGREED_DRAW:
                how = Message("end.agreed")
            elif t == Termination.REPETITION:
                how = Message("end.repetition")
            else:
                code = "end.no_progress_single" if self.single else "end.no_progress"
                how = Message(code, {"n": self.turns})
            return Message("result.outcome_draw", {"headline": Message("result.drawn"), "how": how})
        w = self.winner
        side = "player" if v == SPECTATOR else ("own" if w == v else "opp")
        headline = Message(f"result.won.{side}", {"player": person(w, v, nm)} if side == "player" else {})
        side = _named_side(w, v, nm)
        if t == Termination.RESIGNATION:
            loser = 1 - w
            lside = _named_side(loser, v, nm)
            how = Message(f"end.resignation.{lside}", {"player": person(loser, v, nm)} if lside == "player" else {})
        else:
            kind = "end.win_single" if self.single else "end.win"
            how = Message(f"{kind}.{side}", {"player": person(w, v, nm)} if side == "player" else {})
        return Message("result.outcome", {"headline": headline, "how": how, "score": self._score_message()})

    def _score_message(self) -> Message:
        s = self.score
        if s is None:  # a win always has a score; kept total for safety
            return Message("result.score_single", {"total": 0, "sw": 0})
        params = {"total": s.total, "bonus": s.bonus, "reserve": s.reserve_cards, "sw": s.stock_waste_cards}
        if self.single:
            params = {"total": s.total, "sw": s.stock_waste_cards}
        if s.hand_cards:
            params["hand"] = s.hand_cards
            return Message("result.score_single_hand" if self.single else "result.score_hand", params)
        return Message("result.score_single" if self.single else "result.score", params)


@dataclass(frozen=True)
class StopRuling:
    """A Stop that was upheld (S3/S4): who called it, the rule broken and the move that broke it.

    ``move_card`` is the card the violating move moved (for a draw: the card drawn);
    ``hand`` the card the offender still held, which went onto their waste (-1: none).
    """

    caller: int
    rule: str
    move: Move
    move_index: int  # index in ``Game.move_stack`` of the violating move
    penalty: str  # "annul" or "stand"
    annulled: int  # how many moves the annul took back
    move_card: int = -1
    hand: int = -1

    def describe(self) -> str:
        """The compact English form written as the Stop's comment in records (S4)."""
        what = f"{self.annulled} move(s) taken back" if self.penalty == "annul" else "the moves stand"
        return (
            f"Stop! by {PLAYER_NAMES[self.caller]}: {self.rule} broken by {self.move} "
            f"(move {self.move_index + 1}); {what}"
        )

    def message(self, viewer: int | None = None, names: Names | None = None) -> Message:
        """The ruling in words for ``viewer`` (default: the caller): who called, what broke which rule,
        the penalty, and where the turn goes. ``names`` (seat -> catalogue noun message) names the
        players instead of "the opponent" and "Player A" ("Stop! called by the computer").

        >>> from russianbank import Game, Move
        >>> g = Game("classic", seed=7, stops=True)
        >>> g.push(Move.from_str("SH"))  # a draw although a card can go to a foundation (O1)
        >>> print(g.call_stop().message().text())  # doctest: +NORMALIZE_WHITESPACE
        Stop! called by you: the opponent's move 1 (draw 10♥) broke rule O1: while any card can go to a
        foundation, the next move must go there. 1 move is taken back, and the turn passes to you.
        """
        from .words import move_words, person, pile

        v = check_viewer(viewer, self.caller)
        nm = check_names(names)
        offender = 1 - self.caller
        caller = person(self.caller, v, nm)
        side = _named_side(offender, v, nm)
        what: dict[str, Any] = {
            "index": self.move_index + 1,
            "move": move_words(offender, self.move, self.move_card, v, names=nm),
        }
        if side == "player":
            what["player"] = person(offender, v, nm)
        move = Message(f"stop.move.{side}", what)
        if self.penalty == "annul":
            penalty = Message("stop.annul", {"n": self.annulled, "caller": caller})
        else:
            penalty = Message("stop.stand", {"caller": caller})
        params: dict[str, Any] = {
            "caller": caller,
            "move": move,
            "rule": self.rule,
            "reason": Message("rule." + self.rule),
            "penalty": penalty,
        }
        if self.hand < 0:
            return Message("stop.upheld", params)
        waste = pile("waste", offender, v, names=nm)
        params["hand"] = Message("stop.hand", {"card": card_message(self.hand), "waste": waste})
        return Message("stop.upheld_hand", params)


def _named_side(player: int, viewer: int, names: Names) -> str:
    """Which form of a message names ``player`` for ``viewer``: ``own`` (you), ``opp`` (the opponent),
    ``player`` (a name: a spectator's, or one given in ``names``)."""
    from .words import SPECTATOR

    if viewer == SPECTATOR:
        return "player"
    if player == viewer:
        return "own"
    return "player" if player in names else "opp"


__all__ = ["Outcome", "Score", "StopRuling", "Termination"]
