"""Hypothesis: any sequence of requests, at any times, only ever gets the session's own refusals, and the
stored moves always rebuild the same game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sessionkit import Clock

from russianbank.options import options_for
from russianbank.session import Played, PlayError, Seat, Session, Setup, Undone

ACTIONS = st.lists(
    st.tuples(
        st.sampled_from(["move", "text", "stop", "undo", "wait", "skip", "pace", "draw", "answer"]),
        st.integers(min_value=0, max_value=40),
        st.sampled_from([0, 1, None, 2, -1]),
    ),
    max_size=60,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**20),
    stops=st.booleans(),
    hotseat=st.booleans(),
    actions=ACTIONS,
    junk=st.text(max_size=4),
)
def test_requests_in_any_order_never_break_the_session(
    seed: int, stops: bool, hotseat: bool, actions: list[tuple[str, int, int | None]], junk: str
) -> None:
    seats = (Seat.person(), Seat.person()) if hotseat else (Seat.person(), Seat.computer("easy"))
    setup = Setup(seats, options_for("classic", stops=stops), pace=0.3, stop_delay_scale=0.5)
    s = Session(setup, seed=seed)
    c = Clock(s)
    c.take(s.start(0.0))
    for kind, n, seat in actions:
        c.now += n / 10
        before = (s.state_id, list(s.moves))
        try:
            if kind == "move":
                legal = s.view(s.turn).legal_moves
                events = s.play(seat, legal[n % len(legal)], c.now) if legal else []  # type: ignore[arg-type]
            elif kind == "text":
                events = s.play(seat, junk, c.now)  # type: ignore[arg-type]
            elif kind == "stop":
                events = s.call_stop(seat, c.now, state_id=s.state_id - n % 3)  # type: ignore[arg-type]
            elif kind == "undo":
                events = s.undo(seat, c.now)  # type: ignore[arg-type]
            elif kind == "wait":
                events = c.tick()
            elif kind == "skip":
                events = s.skip(c.now)
            elif kind == "pace":
                s.set_pace(n / 7 - 1)
                events = []
            elif kind == "draw":
                events = s.offer_draw(seat, c.now)  # type: ignore[arg-type]
            else:
                events = s.answer_draw(seat, n % 2 == 0, c.now)  # type: ignore[arg-type]
        except PlayError as e:
            assert (s.state_id, s.moves) == before, f"{kind} was refused ({e}) but changed the game"
            assert e.message.text("ru")
            continue
        if kind != "wait":
            c.take(events)
        c.think()
    # Storing the persisted events in order gives exactly the session's moves.
    stored: list[str] = []
    for e in c.events:
        for viewer in (0, 1, None):
            m = e.message(viewer)
            if m is not None:
                assert m.text("en") and m.text("ru")
        if isinstance(e, Played):
            assert e.index == len(stored)
            stored.append(e.text)
        elif isinstance(e, Undone):
            assert e.index == len(stored) - 1
            stored.pop()
    assert stored == s.moves
    # Whatever the computer played is stored too: compare with the session's own list.
    rebuilt = Session.restore(setup, seed=seed, moves=s.moves)
    assert rebuilt.view(None) == s.view(None)
