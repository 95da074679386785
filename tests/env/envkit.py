"""Helpers for the environment tests."""

from __future__ import annotations

import random

from russianbank import Game

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


def other_hidden(game: Game, seed: int) -> Game:
    """The same game (same moves, same history) dealt so that the cards still unseen lie elsewhere.

    The cards that no move has turned up stay in the bottom parts of the
    reserves and stocks where the deal put them; shuffling them there (each
    player's among their own piles) and replaying the moves gives a game that
    differs from ``game`` only in face-down cards.
    """
    end = game.state()
    start = Game(game.options.preset, seed=game.seed, options=game.options).state()
    rng = random.Random(seed)
    for p in (0, 1):
        n_res = len(end.reserve[p]) - end.reserve_up[p] - end.reserve_known[p]
        n_stock = len(end.stock[p]) - end.stock_known[p]
        assert start.reserve[p][:n_res] == end.reserve[p][:n_res]
        assert start.stock[p][:n_stock] == end.stock[p][:n_stock]
        pool = start.reserve[p][:n_res] + start.stock[p][:n_stock]
        rng.shuffle(pool)
        start.reserve[p][:n_res] = pool[:n_res]
        start.stock[p][:n_stock] = pool[n_res:]
    other = Game.from_state(start, game.options)
    for move in game.move_stack:
        other.push(move)
    return other
