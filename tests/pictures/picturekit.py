"""Positions for the picture tests: seeded games played some random moves into."""

from __future__ import annotations

import random

from russianbank import Game, PlayerView

PRESETS = ("classic", "hoyle", "suited", "russian13", "single")


def played(preset: str, seed: int, moves: int, stops: bool = False) -> Game:
    """``Game(preset, seed)`` after up to ``moves`` random legal moves (stops mode when asked)."""
    kwargs = {"stops": True} if stops and preset != "single" else {}
    g = Game(preset, seed=seed, **kwargs)
    rng = random.Random(seed * 7919 + moves)
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        g.push(rng.choice(legal))
    return g


def faces(view: PlayerView) -> list[int]:
    """Every face-up card a picture shows: tableau, foundation tops, reserve tops, wastes, the hand."""
    out: list[int] = []
    for p in (0, 1):
        if view.laid[p]:
            for pile in view.tableau[4 * p : 4 * p + 4]:
                out.extend(pile)
    out.extend(f[-1] for f in view.foundations if f)
    for p in (0, 1):
        out.extend(view.reserve_up[p])
        out.extend(view.waste[p])
    if view.hand >= 0:
        out.append(view.hand)
    return out


def face_down(view: PlayerView) -> list[int]:
    """The face-down count of each non-empty face-down pile (reserve below its face-up cards, stock)."""
    out = []
    for p in (0, 1):
        down = view.reserve_count[p] - len(view.reserve_up[p])
        if down:
            out.append(down)
        if view.stock_count[p]:
            out.append(view.stock_count[p])
    return out


def other_deal(game: Game, seed: int) -> Game:
    """The same game (same moves, same history) dealt so that the cards still unseen lie elsewhere.

    The cards no move has turned up stay in the bottom parts of the reserves
    and stocks where the deal put them; shuffling them there (each player's
    among their own piles) and replaying the moves gives a game that differs
    from ``game`` only in face-down cards, its outcome and pending violation
    included.
    """
    end = game.state()
    start = Game(game.options.preset, seed=game.seed, options=game.options).state()
    rng = random.Random(seed)
    for p in (0, 1):
        n_res = len(end.reserve[p]) - end.reserve_up[p] - end.reserve_known[p]
        n_stock = len(end.stock[p]) - end.stock_known[p]
        pool = start.reserve[p][:n_res] + start.stock[p][:n_stock]
        rng.shuffle(pool)
        start.reserve[p][:n_res] = pool[:n_res]
        start.stock[p][:n_stock] = pool[n_res:]
    other = Game.from_state(start, game.options)
    for move in game.move_stack:
        other.push(move)
    return other
