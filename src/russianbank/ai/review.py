"""Game review: how well each turn of a finished (or unfinished) game was played.

:func:`review_game` replays a game turn by turn. For every turn it gives

* the evaluation before and after the turn: the learned evaluation's chance that
  the player who moved wins (:mod:`russianbank.ai.evaluation`);
* the moves played, and the best turn the planner finds from the same start,
  playing the same cards as they came (a review knows the whole record, so the
  cards drawn are the real ones for both);
* what the played turn cost against that best one: the chance to win, and the
  cards left in the reserve and in the stock and waste (fewer is better);

then the turns where each player lost most, and a one-line accuracy per player
(the share of turns played as well as the best found, within
:data:`GOOD_ENOUGH`). ``russianbank review RECORD [--json]`` prints it; the web
app's review page shows :meth:`GameReview.to_dict`.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, dataclass, field
from typing import Any

from ..errors import RussianBankError
from ..game import Game
from ..moves import Move
from .evaluation import sigmoid
from .expert import play_turn
from .planner import HAND_EVALUATION, Evaluator, evaluator_for

#: A turn within this much win chance of the best found counts as well played.
GOOD_ENOUGH = 0.02

#: The planner's node budget per segment while it looks for the best turn.
REVIEW_NODE_BUDGET = 3000


@dataclass(frozen=True)
class TurnReview:
    """One turn: who moved, the evaluation around it, the plan played and the best plan found."""

    turn_no: int
    player: int
    played: list[str]
    best: list[str]
    before: float  # the mover's chance to win at the start of the turn
    after: float  # ... after the turn as played
    best_after: float  # ... after the best turn found
    reserve_left: int  # the mover's reserve after the turn as played
    stock_waste_left: int  # the mover's stock, waste and hand after the turn as played
    best_reserve_left: int
    best_stock_waste_left: int

    @property
    def loss(self) -> float:
        """The win chance the played turn gave away against the best found (never negative)."""
        return max(0.0, self.best_after - self.after)

    @property
    def cards_cost(self) -> int:
        """The cards the played turn left over the best one (reserve cards count twice, as in D2)."""
        return 2 * (self.reserve_left - self.best_reserve_left) + (self.stock_waste_left - self.best_stock_waste_left)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["player"] = "AB"[self.player]
        d["loss"] = round(self.loss, 4)
        d["cards_cost"] = self.cards_cost
        for k in ("before", "after", "best_after"):
            d[k] = round(d[k], 4)
        return d


@dataclass(frozen=True)
class PlayerSummary:
    """One player's figures over the game."""

    player: int
    turns: int
    good_turns: int
    total_loss: float
    cards_cost: int

    @property
    def accuracy(self) -> float:
        return self.good_turns / self.turns if self.turns else 1.0

    def line(self) -> str:
        """The one-line accuracy of the player."""
        return (
            f"{'AB'[self.player]}: {self.good_turns}/{self.turns} turns as good as the best found "
            f"({100 * self.accuracy:.0f}%), win chance given away {100 * self.total_loss:.1f} points in all, "
            f"{self.cards_cost} cards left over the best turns"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": "AB"[self.player],
            "turns": self.turns,
            "good_turns": self.good_turns,
            "accuracy": round(self.accuracy, 4),
            "total_loss": round(self.total_loss, 4),
            "cards_cost": self.cards_cost,
            "line": self.line(),
        }


@dataclass
class GameReview:
    """The review of a game: every turn, each player's summary and their costliest turns."""

    turns: list[TurnReview] = field(default_factory=list)

    def players(self) -> list[PlayerSummary]:
        out = []
        for p in (0, 1):
            mine = [t for t in self.turns if t.player == p]
            out.append(
                PlayerSummary(
                    p,
                    len(mine),
                    sum(1 for t in mine if t.loss <= GOOD_ENOUGH),
                    sum(t.loss for t in mine),
                    sum(max(0, t.cards_cost) for t in mine),
                )
            )
        return out

    def worst(self, player: int, n: int = 3) -> list[TurnReview]:
        """The ``n`` turns where ``player`` gave away most (those that gave away anything)."""
        mine = [t for t in self.turns if t.player == player and t.loss > GOOD_ENOUGH]
        return sorted(mine, key=lambda t: -t.loss)[:n]

    def to_dict(self) -> dict[str, Any]:
        return {
            "turns": [t.to_dict() for t in self.turns],
            "players": [s.to_dict() for s in self.players()],
            "worst": {"AB"[p]: [t.turn_no for t in self.worst(p)] for p in (0, 1)},
        }

    def text(self) -> str:
        """The review for people: one line per turn, then the costliest turns and the accuracy lines."""
        lines = []
        for t in self.turns:
            mark = "" if t.loss <= GOOD_ENOUGH else f"  -{100 * t.loss:.0f}%, best: {' '.join(t.best)}"
            lines.append(
                f"{t.turn_no:3d} {'AB'[t.player]} {100 * t.before:3.0f}% -> {100 * t.after:3.0f}%  "
                f"{' '.join(t.played)}{mark}"
            )
        for s in self.players():
            worst = self.worst(s.player)
            if worst:
                lines.append(
                    f"{'AB'[s.player]} lost most in turns "
                    + ", ".join(f"{t.turn_no} (-{100 * t.loss:.0f}%, {t.cards_cost:+d} cards)" for t in worst)
                )
        lines += [s.line() for s in self.players()]
        return "\n".join(lines)


def _cards_left(g: Game, p: int) -> tuple[int, int]:
    hand = 1 if (g.hand >= 0 and g.turn == p) else 0
    return len(g.res[p]), len(g.stock[p]) + len(g.waste[p]) + hand


def _strict_copy(g: Game) -> Game:
    options = g.options.with_changes(stops=False) if g.options.stops else g.options
    return Game.from_state(g.state(), options)


def _chance(ev: Evaluator, g: Game, p: int) -> float:
    return sigmoid(ev.logit(g, p))


def review_game(game: Game, node_budget: int = REVIEW_NODE_BUDGET, evaluation: Evaluator | None = None) -> GameReview:
    """Review every turn of ``game`` (it is left as it was: its moves are undone and replayed)."""
    if not isinstance(game, Game):
        raise TypeError(f"review_game needs a Game, not {type(game).__name__}")
    moves: list[Move] = []
    while game.move_stack:
        moves.append(game.pop())
    moves.reverse()
    ev = evaluation or evaluator_for(game)
    if game.options.single:
        ev = HAND_EVALUATION
    review = GameReview()
    i = 0
    try:
        while i < len(moves) and not game.is_over():
            p, turn_no = game.turn, game.turn_no
            before = _chance(ev, game, p)
            best_game = _strict_copy(game)
            best = [str(m) for m in play_turn(best_game, ev, node_budget, prune_shifts=0)]
            played: list[str] = []
            while i < len(moves):
                m = moves[i]
                game.push(m)
                i += 1
                played.append(str(m))
                if game.is_over() or game.turn_no != turn_no:
                    break
            rl, sl = _cards_left(game, p)
            brl, bsl = _cards_left(best_game, p)
            review.turns.append(
                TurnReview(
                    turn_no,
                    p,
                    played,
                    best,
                    before,
                    _chance(ev, game, p),
                    _chance(ev, best_game, p),
                    rl,
                    sl,
                    brl,
                    bsl,
                )
            )
    finally:
        while i < len(moves):  # leave the game as it came, whatever happened
            game.push(moves[i])
            i += 1
    return review


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="a game record (text or JSON); '-' reads standard input")
    p.add_argument("--json", action="store_true", help="print the review as one JSON object")
    p.add_argument("--budget", type=int, default=REVIEW_NODE_BUDGET, help="planner nodes per segment")


def run(args: argparse.Namespace) -> int:
    from ..record import load_record

    try:
        if args.budget < 1:
            raise ValueError(f"--budget must be at least 1, not {args.budget}")
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, encoding="utf-8-sig") as f:
                text = f.read()
        game = load_record(text)
    except (OSError, UnicodeDecodeError, RussianBankError, ValueError) as e:
        print(f"russianbank review: {e}", file=sys.stderr)
        return 2
    review = review_game(game, args.budget)
    if args.json:
        print(json.dumps(review.to_dict()))
    else:
        print(review.text())
    return 0


__all__ = ["GOOD_ENOUGH", "GameReview", "PlayerSummary", "TurnReview", "add_arguments", "review_game", "run"]
