"""A plain-text picture of a game (``str(game)``), for the REPL and bug reports."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import card_name

if TYPE_CHECKING:
    from .game import Game


def _pile(cards: list[int]) -> str:
    return " ".join(card_name(c) for c in cards) if cards else "--"


def render_text(g: Game) -> str:
    """The plain-text picture of ``str(game)``."""
    lines = []
    for p in (1, 0):
        name = "AB"[p]
        mark = "*" if g.turn == p and not g.is_over() else " "
        r = g.res[p]
        up = g.res_up[p]
        rtxt = f"{len(r) - up} down" + (f" + {_pile(r[len(r) - up :])}" if up else "")
        if g.options.single:
            rtxt = "-"
        w = g.waste[p]
        lines.append(
            f"{mark}{name}: reserve {rtxt} | stock {len(g.stock[p])} | waste {len(w)}"
            + (f" top {card_name(w[-1])}" if w else "")
        )
    lines.append("tableau:")
    for i in range(8):
        laid = g.laid[i // 4]
        lines.append(f"  {'AB'[i // 4]}{i % 4 + 1}: " + (_pile(g.tab[i]) if laid else "(not laid out)"))
    if not g.options.single:
        lines.append("foundations: " + "  ".join(card_name(f[-1]) if f else "--" for f in g.fnd))
    lines.append(f"hand: {card_name(g.hand) if g.hand >= 0 else '--'}   turn {g.turn_no}")
    out = g.outcome()
    if out is not None:
        lines.append(f"over: {out.termination.value}, result {out.result()}")
    return "\n".join(lines)
