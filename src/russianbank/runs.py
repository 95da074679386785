"""R5f: moving a run of tableau cards, a convenience that expands into single moves.

The engine moves one card at a time. A person who wants to move several cards
from one tableau pile to another (000 law C) gets here the single legal moves
that do it through spaces: the upper cards go into spaces, the lowest card of
the run moves, then the cards come back onto it in order.
"""

from __future__ import annotations

from .errors import IllegalMoveError, shown
from .game import Game
from .moves import Move
from .words import pile_message


def run_moves(game: Game, src: int, dst: int, count: int) -> list[Move]:
    """The single moves that carry the top ``count`` cards of tableau pile ``src`` onto pile ``dst``.

    Piles are relative codes (0..7) of the player on move. Raises
    :class:`IllegalMoveError` (rule R5f) when there are not enough spaces or a
    step is not legal; the game is never changed.
    """
    if not isinstance(game, Game):
        raise IllegalMoveError("error.run.game", {"value": shown(game)}, "R5f")
    if not (_small(src) and _small(dst) and 0 <= src < 8 and 0 <= dst < 8) or src == dst:
        raise IllegalMoveError("refuse.R5f.piles", {}, "R5f")
    if not _small(count) or count < 1:
        raise IllegalMoveError("refuse.R5f.count", {"value": shown(count)}, "R5f")
    g = game.copy()
    p = g.turn
    pile = g.tab[g.pile_index(p, src)]
    if len(pile) < count:
        raise IllegalMoveError(
            "refuse.R5f.short", {"pile": pile_message(g.pile_index(p, src), p), "n": len(pile)}, "R5f"
        )
    spaces = [
        r for r in range(8) if r not in (src, dst) and g.laid[g.pile_index(p, r) // 4] and not g.tab[g.pile_index(p, r)]
    ]
    if count - 1 > len(spaces):
        raise IllegalMoveError("refuse.R5f.spaces", {"count": count, "need": count - 1, "have": len(spaces)}, "R5f")
    plan = [Move.card(src, spaces[i]) for i in range(count - 1)]
    plan.append(Move.card(src, dst))
    plan.extend(Move.card(spaces[i], dst) for i in reversed(range(count - 1)))
    for step, m in enumerate(plan, 1):
        refusal = g.refusal(m)
        if refusal is not None:
            raise IllegalMoveError(
                "refuse.R5f.step",
                {"step": step, "move": str(m), "rule": refusal.rule, "reason": refusal.message},
                "R5f",
            )
        g.push(m)
    return plan


def _small(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
