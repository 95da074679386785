"""A helper of the ai tests (a module of its own: several test folders have helpers)."""

from __future__ import annotations

from russianbank.game import Game


def play_in_order(players: list[object], moves: int, seed: int = 5, stops: bool = False) -> list[str]:
    """Play up to ``moves`` moves of classic with two players, checking each is legal and in order."""
    g = Game("classic", seed=seed, stops=stops)
    out = []
    for _ in range(moves):
        if g.is_over():
            break
        v = g.view(g.turn)
        m = players[g.turn].choose(v)  # type: ignore[attr-defined]
        assert m in v.legal_moves and g.order_violation(m) is None
        out.append(str(m))
        g.push(m)
    return out
