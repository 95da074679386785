"""Calling Stop!: founded Stops are called (experts never miss), unfounded ones never."""

from __future__ import annotations

import random

import pytest

from russianbank import moves as mv
from russianbank.ai import LEVELS, make_player, make_stop_caller
from russianbank.game import Game


def _violation_game(seed: int) -> Game:
    """A stops-mode game where the side on move has just broken a rule of order (the turn goes on)."""
    for s in range(seed, seed + 200):
        g = Game("classic", seed=s, stops=True)
        rng = random.Random(s)
        for _ in range(300):
            if g.is_over():
                break
            moves = g.legal_moves()
            # not a turn-ending move: its violation could no longer be stopped (S1)
            wrong = [m for m in moves if g.order_violation(m) is not None and m.code not in (mv.DISCARD, mv.PASS)]
            if wrong and rng.random() < 0.2:
                g.push(rng.choice(wrong))
                if g.can_stop():
                    return g
                continue
            g.push(rng.choice([m for m in moves if g.order_violation(m) is None]))
    raise AssertionError("no violation found")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_expert_calls_every_founded_stop(seed: int) -> None:
    g = _violation_game(seed)
    watcher = 1 - g.turn
    delay = make_stop_caller("expert", seed=seed).decide(g.view(watcher))
    assert delay is not None and 0 < delay <= 1.0
    ruling = g.call_stop()  # and the engine upholds it
    assert ruling.caller == watcher


def test_no_level_calls_an_unfounded_stop() -> None:
    for level in LEVELS:
        caller = make_stop_caller(level, seed=4)
        g = Game("classic", seed=9, stops=True)
        rng = random.Random(2)
        for _ in range(300):
            if g.is_over():
                break
            watcher = 1 - g.turn
            d = caller.decide(g.view(watcher))
            if d is not None:
                assert g.can_stop()  # never an unfounded Stop
            elif level == "expert":
                assert not g.can_stop()  # and an expert never misses
            g.push(rng.choice(g.legal_moves()))


def test_stop_caller_is_silent_in_strict_mode_and_on_own_turn() -> None:
    g = Game("classic", seed=3)
    assert make_stop_caller("expert").decide(g.view(1 - g.turn)) is None
    gv = _violation_game(5)
    assert make_stop_caller("expert").decide(gv.view(gv.turn)) is None  # the mover does not stop itself


def test_attentiveness_by_level_and_same_answer_for_the_same_violation() -> None:
    g = _violation_game(7)
    view = g.view(1 - g.turn)
    called = {lvl: sum(make_stop_caller(lvl, seed=s).decide(view) is not None for s in range(200)) for lvl in LEVELS}
    assert called["expert"] == 200
    assert called["beginner"] < called["medium"] < called["expert"]
    caller = make_stop_caller("medium", seed=11)
    assert caller.decide(view) == caller.decide(view)
    delays_b = [make_stop_caller("beginner", seed=s).decide(view) for s in range(50)]
    delays_e = [make_stop_caller("expert", seed=s).decide(view) for s in range(50)]
    mean = lambda xs: sum(x for x in xs if x is not None) / sum(1 for x in xs if x is not None)  # noqa: E731
    assert mean(delays_b) > mean(delays_e)  # beginners are slower to notice
    with pytest.raises(ValueError, match="unknown level"):
        make_stop_caller("grandmaster")


def test_beginner_breaks_rules_of_order_sometimes_and_others_never() -> None:
    counts = {}
    for level in ("beginner", "easy", "medium"):
        g = Game("classic", seed=12, stops=True)
        players = [make_player(level, seed=1), make_player(level, seed=2)]
        wrong = 0
        for _ in range(600):
            if g.is_over():
                break
            m = players[g.turn].choose(g.view(g.turn))
            if g.order_violation(m) is not None:
                wrong += 1
            g.push(m)
        counts[level] = wrong
    assert counts["beginner"] > 0
    assert counts["easy"] == 0 and counts["medium"] == 0
