"""A helper of the ai tests (a module of its own: several test folders have helpers)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from russianbank.ai.common import public_key, sample_game
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


def assert_never_returns(g: Game, players: list[object], moves: int) -> None:
    """Play up to ``moves`` moves of ``g``, checking no move leads back to a position of its turn."""
    seen: set[object] = set()
    turn = None
    for _ in range(moves):
        if g.is_over():
            break
        if g.turn_no != turn:
            turn, seen = g.turn_no, set()
        key = public_key(g)
        assert key not in seen
        seen.add(key)
        g.push(players[g.turn].choose(g.view(g.turn)))  # type: ignore[attr-defined]


def search_positions(n: int, first_seed: int) -> list[Game]:
    """Strict search games of views from the middle of up to ``n`` random in-order games of classic
    (game seeds ``first_seed`` on)."""
    out = []
    for seed in range(n):
        g = Game("classic", seed=first_seed + seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 150)):
            if g.is_over():
                break
            g.push(rng.choice([m for m in g.legal_moves() if g.order_violation(m) is None]))
        if not g.is_over():
            out.append(sample_game(g.view(g.turn), random.Random(seed)))
    return out


def assert_repeatable(
    players: Callable[[], list[object]], moves: int, seed: int, stops: Iterable[bool] = (False, True)
) -> None:
    """Fresh ``players()`` play the same ``moves`` in-order moves of the same game twice (the same seed,
    the same decisions), with and without stops."""
    for st in stops:
        a = play_in_order(players(), moves, seed=seed, stops=st)
        assert a == play_in_order(players(), moves, seed=seed, stops=st) and len(a) == moves
