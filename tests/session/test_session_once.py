"""What the session works out once: each viewer's view of a position, and each viewer's words."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from sessionkit import session

from russianbank.game import Game
from russianbank.session import Played, Seat, Session, Undone
from russianbank.session import words as session_words
from russianbank.session.events import VIEWERS


def two_people(seed: int) -> Session:
    return session(seed=seed, seats=(Seat.remote(), Seat.remote()), stops=True)


def test_a_view_is_built_once_per_position() -> None:
    s = two_people(5)
    s.start(0.0)
    v = s.view(0)
    assert s.view(0) is v and s.view(None) is s.view(None)
    s.play(s.turn, s.view(s.turn).legal_moves[0], 0.0)
    assert s.view(0) is not v


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**20), st.lists(st.sampled_from(["move", "move", "move", "undo", "rollback"]), max_size=30))
def test_views_follow_every_change(seed: int, steps: list[str]) -> None:
    """After moves, undos and rollbacks, every viewer's view is that of the game replayed afresh."""
    s = session(seed=seed, seats=(Seat.person(), Seat.person()), stops=True)  # undo is for people here
    s.start(0.0)
    rng = random.Random(seed)
    for step in steps:
        if s.is_over():
            break
        seat = s.turn
        for v in VIEWERS:
            s.view(v)  # asked for (cached) before the change
        if step == "undo":
            for who in (0, 1):
                if s.undo_refusal(who) is None:
                    assert isinstance(s.undo(who, 0.0)[0], Undone)
                    break
        else:
            events = s.play(seat, rng.choice(s.view(seat).legal_moves), 0.0)
            if step == "rollback":
                s.rollback(events)
        replay = Game(options=s.options, seed=s.seed)
        for text in s.moves:
            replay.push_str(text)
        for v in VIEWERS:
            assert s.view(v) == replay.view(v)


def test_words_are_made_only_for_the_viewers_asked_and_are_the_same(monkeypatch) -> None:
    s = two_people(5)
    s.start(0.0)
    made: list[object] = []
    real = session_words.played

    def counting(game, index, viewer, seating=None):  # type: ignore[no-untyped-def]
        made.append(viewer)
        return real(game, index, viewer, seating)

    monkeypatch.setattr(session_words, "played", counting)
    played = next(e for e in s.play(s.turn, s.view(s.turn).legal_moves[0], 0.0) if isinstance(e, Played))
    assert made == []  # nothing worded yet
    m0 = played.message(0)
    assert made == [0] and played.message(0) is m0  # once, for the viewer asked
    assert dict(played.messages) == {v: s.history_message(played.index, v) for v in VIEWERS}
    assert played.message(None) == s.history_message(played.index, None)


def test_words_asked_for_after_the_move_left_the_game_are_still_its_words() -> None:
    """Read late (after an undo, after a rollback), a move's words are those of the move played."""
    s = session(seed=5, seats=(Seat.person(), Seat.person()))
    s.start(0.0)
    first = next(e for e in s.play(s.turn, s.view(s.turn).legal_moves[0], 0.0) if isinstance(e, Played))
    expected = {v: s.history_message(first.index, v) for v in VIEWERS}
    s.undo(first.seat, 0.0)
    assert dict(first.messages) == expected
    events = s.play(s.turn, s.view(s.turn).legal_moves[-1], 0.0)
    second = next(e for e in events if isinstance(e, Played))
    expected = {v: s.history_message(second.index, v) for v in VIEWERS}
    s.rollback(events)
    assert dict(second.messages) == expected and not s.moves


def test_the_session_keeps_no_words_nobody_holds() -> None:
    """A long game does not keep every move's words (the garbage collector would walk them all):
    a move's words live as long as somebody holds its event."""
    import gc
    import weakref

    s = two_people(7)
    s.start(0.0)
    held = next(e for e in s.play(s.turn, s.view(s.turn).legal_moves[0], 0.0) if isinstance(e, Played))
    held.message(0)
    gone: list[weakref.ref[object]] = []

    def play_and_read() -> None:
        for e in s.play(s.turn, s.view(s.turn).legal_moves[0], 0.0):
            if isinstance(e, Played):
                e.message(0)
                gone.append(weakref.ref(e.messages))

    for _ in range(20):
        if not s.is_over():
            play_and_read()
    gc.collect()
    assert gone and all(r() is None for r in gone)
    assert held.message(0) == s.history_message(held.index, 0)  # the held one is still right
