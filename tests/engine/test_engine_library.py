"""Library feel, in python-chess's manner: legal moves as a light view, typed views, docstrings."""

from __future__ import annotations

import copy
import gc
import inspect
import pickle
import random
import typing
import weakref

from hypothesis import given, settings
from hypothesis import strategies as st

import russianbank
from russianbank import Game, Move, PlayerView
from russianbank.moves import MOVES


def test_legal_moves_is_a_light_view_and_still_a_call() -> None:
    g = Game("classic", seed=1)
    assert Move.from_str("7F") in g.legal_moves and Move.from_str("SH") not in g.legal_moves
    assert g.legal_moves.count() == len(g.legal_moves) == len(g.legal_moves()) == 1
    assert g.legal_moves.any() and bool(g.legal_moves) and list(g.legal_moves) == g.legal_moves()
    assert "7F" not in g.legal_moves and None not in g.legal_moves  # only Move objects are members
    assert repr(g.legal_moves) == "<LegalMoves (7F)>"
    g.resign(0)
    assert not g.legal_moves.any() and g.legal_moves.count() == 0 and g.legal_moves() == []


def test_copies_and_pickles_get_their_own_view() -> None:
    g = Game("classic", seed=2)
    for h in (g.copy(), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert h.legal_moves() == g.legal_moves()
        h.push(h.legal_moves()[0])
        assert h.legal_moves() != g.legal_moves() or h.turn != g.turn
        assert h.legal_moves.game is h


def test_legal_moves_of_a_temporary_game() -> None:
    """The view keeps its game alive: ``Game(...).legal_moves`` works although nothing else holds the game."""
    expected = Game("classic", seed=3).legal_move_list()
    assert expected
    assert list(Game("classic", seed=3).legal_moves()) == expected
    assert Game("classic", seed=3).legal_moves.count() == len(expected)
    assert Game("classic", seed=3).legal_moves.any()
    assert list(Game("classic", seed=3).legal_moves) == expected
    assert expected[0] in Game("classic", seed=3).legal_moves
    view = Game("classic", seed=3).legal_moves
    gc.collect()
    assert view.count() == len(expected) and view() == expected and repr(view).startswith("<LegalMoves (")


def test_legal_moves_make_no_reference_cycle() -> None:
    """A game whose legal moves were asked for (a view, a list, a copy's) is freed by reference counting
    alone: search makes and drops many games, and the cycle collector must not have to clean up after it."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        g = Game("classic", seed=3, stops=True)
        view = g.legal_moves
        assert view.count() and view.any() and list(view) == g.legal_moves() == g.legal_move_list()
        h = g.copy()
        h.push(h.legal_moves()[0])
        refs = [weakref.ref(g), weakref.ref(h)]
        del g, h, view
        assert [r() for r in refs] == [None, None]
        assert gc.collect() == 0  # nothing left for the cycle collector either
    finally:
        if was_enabled:
            gc.enable()


def test_legal_move_list_is_the_views_list() -> None:
    """``legal_move_list()`` (the search's call) is what ``legal_moves()`` gives, a new list each time."""
    g = Game("hoyle", seed=5, stops=True)
    a, b = g.legal_move_list(), g.legal_moves()
    assert a == b and a is not b
    g.resign(1)
    assert g.legal_move_list() == []


@given(preset=st.sampled_from(["classic", "hoyle", "single"]), stops=st.booleans(), seed=st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_membership_agrees_with_the_list(preset: str, stops: bool, seed: int) -> None:
    """``m in g.legal_moves`` for every move of the notation is exactly the list (words excluded)."""
    g = Game(preset, seed=seed, stops=stops and preset != "single")
    rng = random.Random(seed)
    for _ in range(rng.randrange(200)):
        if g.is_over():
            break
        g.push(rng.choice(g.legal_moves()))
    assert {m for m in MOVES.values() if m in g.legal_moves} == set(g.legal_moves())


def test_view_is_typed() -> None:
    hints = typing.get_type_hints(Game.view, vars(russianbank.game) | {"PlayerView": PlayerView})
    assert hints["return"] is PlayerView


def test_every_public_function_and_method_of_the_engine_has_a_docstring() -> None:
    missing = []
    for name in (
        "cards",
        "errors",
        "options",
        "moves",
        "game",
        "outcome",
        "deal",
        "position",
        "validity",
        "view",
        "words",
        "record",
    ):
        module = getattr(__import__(f"russianbank.{name}"), name)
        for attr, obj in vars(module).items():
            if attr.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj) and not obj.__doc__:
                missing.append(f"{name}.{attr}")
            if inspect.isclass(obj):
                if not obj.__doc__:
                    missing.append(f"{name}.{attr}")
                for meth, fn in vars(obj).items():
                    if meth.startswith("_") or not (inspect.isfunction(fn) or isinstance(fn, property)):
                        continue
                    if not (fn.__doc__ or "").strip():
                        missing.append(f"{name}.{attr}.{meth}")
    assert missing == []
