"""R5f: moving a run of tableau cards, a convenience that expands into single moves.

The engine moves one card at a time. A person who wants to move several cards
from one tableau pile to another (000 law C) gets here the single legal moves
that do it through spaces: the upper cards go into spaces, the lowest card of
the run moves, then the cards come back onto it in order.
"""

from __future__ import annotations

from .errors import IllegalMoveError
from .game import Game
from .moves import Move


def run_moves(game: Game, src: int, dst: int, count: int) -> list[Move]:
    """The single moves that carry the top ``count`` cards of tableau pile ``src`` onto pile ``dst``.

    Piles are relative codes (0..7) of the player on move. Raises
    :class:`IllegalMoveError` (rule R5f) when there are not enough spaces or a
    step is not legal; the game is never changed.
    """
    if not (0 <= src < 8 and 0 <= dst < 8) or src == dst:
        raise IllegalMoveError("R5f: a run moves from one tableau pile to another", "R5f")
    if count < 1:
        raise IllegalMoveError("R5f: a run has at least one card", "R5f")
    g = game.copy()
    pile = g.tab[g.pile_index(g.turn, src)]
    if len(pile) < count:
        raise IllegalMoveError(f"R5f: tableau pile {src + 1} has only {len(pile)} card(s)", "R5f")
    spaces = [
        r
        for r in range(8)
        if r not in (src, dst) and g.laid[g.pile_index(g.turn, r) // 4] and not g.tab[g.pile_index(g.turn, r)]
    ]
    if count - 1 > len(spaces):
        raise IllegalMoveError(f"R5f: moving {count} cards needs {count - 1} space(s); there are {len(spaces)}", "R5f")
    plan = [Move.card(src, spaces[i]) for i in range(count - 1)]
    plan.append(Move.card(src, dst))
    plan.extend(Move.card(spaces[i], dst) for i in reversed(range(count - 1)))
    for step, m in enumerate(plan, 1):
        reason = g.illegal_reason(m)
        if reason is not None:
            raise IllegalMoveError(f"R5f: step {step} ({m}) is not legal: {reason[1]} ({reason[0]})", "R5f")
        g.push(m)
    return plan
