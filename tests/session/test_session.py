"""The play session with a fake clock: the computer's timed turn, Stop in every timing, undo, hints, the end."""

from __future__ import annotations

import json
import math

import pytest
from sessionkit import Clock, Scripted, in_order, session, steady, texts, violations

from russianbank import moves as mv
from russianbank.game import Game
from russianbank.moves import Move
from russianbank.options import options_for
from russianbank.session import (
    GameOver,
    HintReady,
    MatchTotal,
    Notice,
    Played,
    PlayError,
    Seat,
    Session,
    Setup,
    StopRefused,
    TurnStarted,
    Undone,
)

# Deals (classic): seed 2 and 3 give B (the computer) the first turn, 5 and 10 give it to A (the person).
B_FIRST, A_FIRST = 2, 10


def test_computer_turn_is_a_sequence_of_moves_at_the_pace() -> None:
    """R7: the computer's turn is played move by move, each waiting for the pace after its think started."""
    s = session(seed=3, level="easy", pace=0.8)
    c = Clock(s)
    start = c.take(s.start(0.0))
    assert [e.kind for e in start] == ["turn"] and texts(start) == ["It is the computer's turn."]
    job = s.think_job(0.0)
    assert job is not None and s.think_job(0.0) is None  # one job at a time
    assert job.view.player == 1 and job.view == s.view(1)  # the computer sees its own view only
    assert s.think_done(job.run(), 0.0) == []  # thought of, but it waits for the pace
    assert s.next_deadline() == pytest.approx(0.8)
    assert s.advance(0.79) == [] and not s.moves
    played = s.advance(0.8)
    assert [e.kind for e in played] == ["played"] and len(s.moves) == 1
    times = [0.8]
    while s.computer_to_move:
        c.now = times[-1]
        c.think()
        due = s.next_deadline()
        assert due == pytest.approx(times[-1] + 0.8)
        c.now = due
        c.take(s.advance(due))
        times.append(due)
    assert all(e.seat == 1 and e.by_computer for e in c.events if isinstance(e, Played))
    assert Move.from_str(s.moves[-1]).code in (mv.DISCARD, mv.PASS)
    assert isinstance(c.events[-1], TurnStarted) and c.events[-1].seat == 0
    assert texts(c.events[-1:]) == ["Your move."]


def test_skip_plays_the_rest_of_the_turn_at_once() -> None:
    s = session(seed=3, level="easy", pace=5.0)
    c = Clock(s)
    c.take(s.start(0.0))
    c.think()
    assert s.next_deadline() == 5.0
    c.take(s.skip(1.0))
    assert len(s.moves) == 1  # the waiting move is played now
    while s.computer_to_move:
        assert c.think(), "no waiting between moves once skipped"
    assert c.now == 0.0 and s.next_deadline() is None
    with pytest.raises(PlayError) as e:
        s.skip(2.0)
    assert e.value.code == "play.skip.not_computer"


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, -0.1, 10.5, True, "1", None])
def test_pace_must_be_a_finite_number_of_seconds(bad: object) -> None:
    s = session(seed=3)
    with pytest.raises(PlayError) as e:
        s.set_pace(bad)
    assert e.value.code == "play.pace.bad" and "0 to 10" in str(e.value)
    assert s.pace == 1.0
    assert s.set_pace(0) == 0.0 and s.set_pace(2.5) == 2.5
    with pytest.raises(PlayError):
        Setup((Seat.person(), Seat.computer()), options_for("classic"), pace=bad)  # type: ignore[arg-type]


def test_person_stop_during_the_computers_pause_is_founded_and_nothing_fails() -> None:
    """S1/S3, the web bug of issue 9: a founded Stop lands while the computer waits to play its next
    move; the waiting move and the thought already on its way are dropped, no error, the right ruling."""
    g = Game("classic", seed=B_FIRST, stops=True)
    bad = violations(g.view(1))[0]
    rule = g.order_violation(bad)
    player = Scripted([str(bad)])
    s = session(seed=B_FIRST, stops=True, pace=1.0, player=player)
    c = Clock(s)
    c.take(s.start(0.0))
    c.think()
    c.take(s.advance(1.0))  # the violation is played at t=1
    assert s.moves == [str(bad)]
    job = s.think_job(1.0)  # the computer thinks of its next move ...
    assert job is not None
    events = s.call_stop(0, 1.2)  # ... and the person calls Stop before it is played
    stop = events[0]
    assert isinstance(stop, Played) and stop.move.code == mv.STOP and stop.ruling is not None
    assert stop.ruling.rule == rule and stop.ruling.move == bad and stop.ruling.caller == 0
    assert stop.ruling.annulled == 1
    assert isinstance(events[1], TurnStarted) and events[1].seat == 0 and s.turn == 0
    said = stop.message(0)
    assert said is not None
    assert said.text("en").startswith("Stop! called by you: the computer's move 1 (")  # named, not "the opponent"
    assert f"broke rule {rule}" in said.text("en") and "1 move is taken back" in said.text("en")
    assert said.text("ru").startswith("«Стоп!» от вас: ") and "Отменён 1 ход" in said.text("ru")
    assert stop.message(1) is not None and stop.message(1).text("en").startswith("Stop! called by your opponent")
    # The late thought is dropped; the computer does nothing during the person's turn.
    assert s.think_done(job.run(), 1.5) == []
    assert s.next_deadline() is None and s.think_job(2.0) is None
    assert s.advance(100.0) == []
    assert s.turn == 0 and len(s.moves) == 2


def test_person_stop_during_the_pause_without_a_violation_is_refused_and_the_computer_goes_on() -> None:
    """S2: unfounded, refused, nothing changes; the computer's waiting move still comes."""
    s = session(seed=3, level="easy", stops=True, pace=1.0)
    c = Clock(s)
    c.take(s.start(0.0))
    c.think()
    before = (s.state_id, s.moves, s.next_deadline())
    events = s.call_stop(0, 0.5)
    assert [type(e) for e in events] == [StopRefused]
    assert events[0].rule == "S2"
    assert (s.state_id, s.moves, s.next_deadline()) == before
    assert texts(events).pop().startswith("Stop! from you refused: ")
    assert texts(events, viewer=1)[0].startswith("Stop! from your opponent refused")
    assert [e.kind for e in s.advance(1.0)] == ["played"]


def test_late_stop_is_refused() -> None:
    """S1: the computer's turn broke a rule and is over; a Stop for it now is refused, nothing changes."""
    g = Game("classic", seed=B_FIRST, stops=True)
    bad = violations(g.view(1))[0]
    s = session(seed=B_FIRST, stops=True, pace=0.5, player=Scripted([str(bad)]))
    c = Clock(s)
    c.take(s.start(0.0))
    state_during = None
    while s.computer_to_move:
        c.tick()
        if state_during is None and s.moves:
            state_during = s.state_id
    assert s.turn == 0 and s.moves[0] == str(bad)
    before = (s.state_id, s.moves)
    events = s.call_stop(0, c.now)
    assert [type(e) for e in events] == [StopRefused] and events[0].rule == "S1"
    assert "too late" in texts(events)[0] and "поздно" in texts(events, lang="ru")[0]
    assert (s.state_id, s.moves) == before
    # The same with the state id the person saw during the computer's turn.
    assert state_during is not None
    events = s.call_stop(0, c.now, state_id=state_during)
    assert events[0].rule == "S1"
    # Once the person has moved, "!" is a mistake of who is on move.
    s.play(0, steady(s.view(0)), c.now)
    if s.turn == 0:
        with pytest.raises(PlayError) as e:
            s.call_stop(0, c.now)
        assert e.value.code == "play.stop.on_move"


def test_computer_calls_stop_on_the_persons_violation_after_its_delay() -> None:
    """S1/S3 with the computer as caller: the expert notices every violation (0.4-1.0 s)."""
    s = session(seed=A_FIRST, stops=True, level="expert")
    c = Clock(s)
    c.take(s.start(0.0))
    assert s.turn == 0
    bad = violations(s.view(0))[0]
    c.take(s.play(0, bad, 0.0))
    due = s.next_deadline()
    assert due is not None and 0.4 <= due <= 1.0
    assert s.advance(due - 0.01) == []
    events = c.take(s.advance(due))
    stop = events[0]
    assert isinstance(stop, Played) and stop.seat == 1 and stop.by_computer and stop.ruling is not None
    assert stop.ruling.move == bad and s.turn == 1
    text = texts([stop])[0]
    assert text.startswith("Stop! called by the computer: your move 1 (") and "from your pile" in text
    assert "the turn passes to the computer" in text
    ru = texts([stop], lang="ru")[0]
    assert ru.startswith("«Стоп!» от компьютера: ") and "ход переходит к компьютеру" in ru  # genitive, dative


def test_computers_stop_is_checked_again_before_it_fires() -> None:
    """The person's turn ends before the computer speaks: its Stop would be late, so it is not called."""
    s = session(seed=A_FIRST, stops=True, level="expert", stop_delay_scale=100.0)
    s.start(0.0)
    bad = violations(s.view(0))[0]
    s.play(0, bad, 0.0)
    due = s.next_deadline()
    assert due is not None and due >= 40.0  # the expert notices every violation; here it is slow to say so
    t = 0.0
    while s.turn == 0:
        t += 0.01
        s.play(0, steady(s.view(0)), t)
    assert t < due
    moves = list(s.moves)
    events = s.advance(due)
    assert not any(isinstance(e, Played) and e.move.code == mv.STOP for e in events)
    assert s.moves[: len(moves)] == moves


@pytest.mark.parametrize(
    ("preset", "stops", "code"), [("classic", False, "play.stop.none"), ("single", False, "play.stop.none_single")]
)
def test_games_without_stop_say_so(preset: str, stops: bool, code: str) -> None:
    s = session(seed=5, preset=preset, stops=stops, seats=(Seat.person(), Seat.person()))
    s.start(0.0)
    with pytest.raises(PlayError) as e:
        s.call_stop(1 - s.turn, 0.0)
    assert e.value.code == code and "has no Stop" in str(e.value)
    assert "нет «Стопа»" in e.value.message.text("ru")


def test_stop_by_the_player_on_move_is_refused() -> None:
    s = session(seed=A_FIRST, stops=True)
    s.start(0.0)
    with pytest.raises(PlayError) as e:
        s.call_stop(0, 0.0)
    assert e.value.code == "play.stop.on_move"


def test_moves_out_of_turn_and_by_spectators_are_refused() -> None:
    s = session(seed=3, level="easy")
    s.start(0.0)
    move = s.view(1).legal_moves[0]
    for seat, code in (
        (0, "play.refuse.computer_turn"),
        (1, "play.refuse.computer_seat"),
        (None, "play.refuse.spectator"),
    ):
        with pytest.raises(PlayError) as e:
            s.play(seat, move, 0.0)  # type: ignore[arg-type]
        assert e.value.code == code
    assert not s.moves
    with pytest.raises(PlayError) as e:
        s.play(0, "Z9", 0.0)
    assert not s.moves


def test_refused_move_names_the_rule_and_changes_nothing() -> None:
    s = session(seed=5, level="easy")
    s.start(0.0)
    before = s.view(0)
    with pytest.raises(PlayError) as e:
        s.play(0, "RW", 0.0)
    assert "R5e" in str(e.value)
    assert s.view(0) == before and s.state_id == 0


def test_stale_state_id_is_refused() -> None:
    s = session(seed=5, level="easy")
    s.start(0.0)
    m = steady(s.view(0))
    with pytest.raises(PlayError) as e:
        s.play(0, m, 0.0, state_id=7)
    assert e.value.code == "play.refuse.stale"
    s.play(0, m, 0.0, state_id=0)
    assert s.state_id == 1


def test_undo_limits() -> None:
    """Undo: own moves of this turn, never past a card turned up, never a violation that may be Stopped."""
    s = session(seed=5, level="easy")
    s.start(0.0)
    assert s.undo_refusal(0) is not None and s.undo_refusal(0).code == "play.undo.nothing"
    tab = next(m for m in s.view(0).legal_moves if m.src < 8 and m.dst < 8)
    s.play(0, tab, 0.0)
    assert s.undo_refusal(0) is None
    events = s.undo(0, 0.0)
    assert [type(e) for e in events] == [Undone] and events[0].index == 0 and not s.moves
    assert texts(events)[0].startswith("You took back ")
    s.play(0, "SH", 0.0)  # a draw turns a card up
    why = s.undo_refusal(0)
    assert why is not None and why.code == "play.undo.reveal"
    assert "cannot be taken back" in why.text("en")
    with pytest.raises(PlayError):
        s.undo(0, 0.0)
    assert len(s.moves) == 1


def test_undo_keeps_a_violation_that_may_be_stopped_and_is_not_for_remote_games() -> None:
    s = session(seed=A_FIRST, stops=True, seats=(Seat.person(), Seat.person()))
    s.start(0.0)
    s.play(0, violations(s.view(0))[0], 0.0)
    why = s.undo_refusal(0)
    assert why is not None and why.code == "play.undo.stoppable" and "Stop" in why.text("en")
    r = session(seed=5, seats=(Seat.remote(), Seat.remote()))
    r.start(0.0)
    r.play(0, next(m for m in r.view(0).legal_moves if m.src < 8 and m.dst < 8), 0.0)
    assert r.undo_refusal(0).code == "play.undo.remote"  # type: ignore[union-attr]


def test_undo_during_the_computers_turn_is_refused() -> None:
    s = session(seed=3, level="easy")
    c = Clock(s)
    c.take(s.start(0.0))
    c.tick()
    assert s.undo_refusal(0).code == "play.undo.not_your_turn"  # type: ignore[union-attr]


def test_hint_is_a_legal_move_in_words_from_the_persons_side() -> None:
    s = session(seed=5, level="easy", hint_level="easy")
    s.start(0.0)
    events = s.hint(0)
    assert [type(e) for e in events] == [HintReady]
    hint = events[0]
    assert hint.moves and hint.moves[0] in s.view(0).legal_moves
    assert hint.message(1) is None and hint.message(None) is None  # for the person who asked only
    assert texts(events)[0].startswith("Hint: ")
    assert texts(events, lang="ru")[0].startswith("Подсказка: ")
    # A hint that arrives after the game moved on is dropped.
    job = s.hint_job(0)
    s.play(0, steady(s.view(0)), 0.0)
    assert s.hint_done(job, job.run()) == []


def test_resign_ends_the_game_with_the_score_and_the_match_total() -> None:
    """D3 resignation, D2 score, D4 match: the next game carries the total."""
    s = session(seed=5, level="easy")
    s.start(0.0)
    events = s.resign(0, 0.0)
    assert [type(e) for e in events] == [Played, GameOver]
    over = events[1]
    assert isinstance(over, GameOver) and over.outcome.winner == 1
    points = over.outcome.points(1)
    assert points > 0 and over.match == MatchTotal(0, points, 1) == s.match
    en = texts([over])[0]
    assert en.startswith("You lost: you resigned.") and f"the computer {points}." in en
    assert "after 1 game" in en and f"{points} points" in en
    ru = texts([over], lang="ru")[0]
    assert ru.startswith("Вы проиграли: вы сдались.") and "после 1 партии" in ru
    assert s.end_messages(0)[0].text("en") == "The computer wins."
    assert s.end_messages(0)[0].text("ru") == "Компьютер выиграл."
    with pytest.raises(PlayError):
        s.play(0, "RF", 0.0)
    nxt = s.next_game(1.0)
    assert nxt.match_before == s.match and not nxt.is_over()
    nxt.start(1.0)
    second = nxt.resign(0, 1.0)[-1]
    assert isinstance(second, GameOver)
    assert nxt.match == MatchTotal(0, points + second.outcome.points(1), 2)
    assert "after 2 games" in nxt.end_messages(0)[2].text("en")
    with pytest.raises(PlayError):
        session(seed=5).next_game(0.0)


def test_draw_offers_need_the_other_sides_answer() -> None:
    """D3 agreed draw: in a game of two people the other one must accept; the computer declines."""
    s = session(seed=5, seats=(Seat.person(), Seat.person()))
    s.start(0.0)
    offer = s.offer_draw(0, 0.0)
    assert offer[0].kind == "draw_offered" and s.draw_offer == 0 and not s.is_over()
    with pytest.raises(PlayError):
        s.answer_draw(0, True, 0.0)  # not one's own offer
    declined = s.answer_draw(1, False, 0.0)
    assert declined[0].kind == "draw_declined" and s.draw_offer is None and not s.is_over()
    s.offer_draw(1, 0.0)
    events = s.answer_draw(0, True, 0.0)
    assert isinstance(events[-1], GameOver) and events[-1].outcome.winner is None
    c = session(seed=5)
    c.start(0.0)
    assert c.offer_draw(0, 0.0)[0].kind == "draw_declined" and not c.is_over()


def test_restore_replays_stored_moves_and_keeps_the_match() -> None:
    s = session(seed=3, level="easy", pace=0.0)
    c = Clock(s)
    c.computer_turn_over()
    s.play(0, steady(s.view(0)), c.now)
    setup = s.setup
    r = Session.restore(setup, seed=3, moves=s.moves, match=MatchTotal(7, 0, 1))
    assert r.view(0) == s.view(0) and r.state_id == len(s.moves)
    assert r.match == MatchTotal(7, 0, 1)
    with pytest.raises(PlayError) as e:
        Session.restore(setup, seed=3, moves=[*s.moves[:2], "XQ"])
    assert e.value.code == "play.restore.bad_move" and e.value.params["number"] == 3
    with pytest.raises(PlayError) as e:
        Session.restore(setup, seed=3, moves=[*s.moves[:2], "RF", "RF", "RF"])
    assert e.value.code == "play.restore.bad_move"


def test_rollback_takes_back_what_could_not_be_stored() -> None:
    s = session(seed=5, level="easy")
    s.start(0.0)
    before = s.view(0)
    events = s.play(0, steady(s.view(0)), 0.0)
    s.rollback(events)
    assert s.view(0) == before and not s.moves
    s.play(0, next(m for m in s.view(0).legal_moves if m.src < 8 and m.dst < 8), 0.0)
    after = s.view(0)
    undone = s.undo(0, 0.0)
    s.rollback(undone)
    assert s.view(0) == after


def test_failing_computer_player_is_reported_and_the_game_goes_on() -> None:
    s = session(seed=3, pace=0.0, player=Scripted(fail=True))
    c = Clock(s)
    c.take(s.start(0.0))
    c.tick()
    notices = [e for e in c.events if isinstance(e, Notice)]
    assert notices and notices[0].code == "play.computer.failed"
    assert texts(notices)[0].startswith("The computer player failed; it plays ")
    assert len(s.moves) >= 1


def test_guard_stops_a_computer_going_round_in_circles() -> None:
    """A player that moves one card back and forth for ever is made to end its turn or make progress."""
    g = Game("classic", seed=11)
    shuttle = next(m for m in g.legal_moves() if m.src < 8 and m.dst < 8)
    s = session(seed=11, pace=0.0, player=Scripted(shuttle=shuttle))
    c = Clock(s)
    c.computer_turn_over()
    assert any(isinstance(e, Notice) and e.code == "play.computer.guard" for e in c.events)
    assert s.turn == 0


def test_every_move_is_a_played_event_before_anything_else_and_json_ready() -> None:
    """Stored before told: a batch lists each Played (to store) before the events it caused."""
    s = session(seed=3, level="easy", pace=0.0)
    c = Clock(s)
    c.computer_turn_over()
    played = [e for e in c.events if isinstance(e, Played)]
    assert [e.index for e in played] == list(range(len(s.moves)))
    assert [e.text for e in played] == s.moves
    for e in c.events:
        for viewer in (0, 1, None):
            json.dumps(e.to_dict(viewer))
    turn = next(e for e in c.events if isinstance(e, TurnStarted) and e.seat == 0)
    assert c.events.index(turn) > c.events.index(played[-1])


def test_moves_are_worded_from_each_viewers_side() -> None:
    """Issue 9: the computer's moves are never shown in its own relative notation."""
    s = session(seed=3, level="easy", pace=0.0)
    c = Clock(s)
    c.computer_turn_over()
    for e in c.events:
        if isinstance(e, Played) and e.move.is_card_move and e.move.src < 8:
            mover_pile = e.move.src + 1
            mine = texts([e], viewer=0)[0]
            theirs = texts([e], viewer=1)[0]
            # Piles are numbered as on each viewer's screen: the viewer's own 1-4, the opponent's 5-8.
            # B's relative pile k (its notation) is pile k for B and pile k+4 (mod 8) for A. A hears the
            # computer named ("the computer's pile 8"), B (the computer's seat) the person as "your opponent".
            k = (mover_pile + 3) % 8 + 1
            own = mover_pile <= 4
            assert (f"the computer's pile {k}" if own else f"your pile {k}") in mine
            assert (f"your pile {mover_pile}" if own else f"your opponent's pile {mover_pile}") in theirs
            assert "the opponent" not in mine
            assert "from pile" not in mine
            break
    else:
        pytest.fail("the computer made no tableau move")


def test_in_order_helper_agrees_with_the_engine() -> None:
    g = Game("classic", seed=A_FIRST, stops=True)
    assert set(in_order(g.view(0))) == {m for m in g.legal_moves() if g.order_violation(m) is None}


def test_the_players_are_named_in_the_engines_words() -> None:
    """Issue-9 follow-up: against the computer, the person never hears "the opponent" for it: moves,
    rulings and results name the computer ("the computer's pile 8"; «от компьютера», «к компьютеру»);
    a spectator hears "Player A" and "the computer"; at one keyboard each hears the other as Player A/B."""
    s = session(seed=3, level="easy", pace=0.0)
    c = Clock(s)
    c.computer_turn_over()
    for _ in range(3):  # a few turns of the person (a steady policy), and the computer's replies
        while not s.computer_to_move and not s.is_over():
            c.take(s.play(0, steady(s.view(0)), c.now))
        c.until(lambda: not s.computer_to_move or s.is_over())
    played = [e for e in c.events if isinstance(e, Played)]
    assert len(played) > 10
    en, ru = texts(played), texts(played, lang="ru")
    assert not [t for t in en if "opponent" in t] and not [t for t in ru if "соперник" in t]
    assert any("the computer's" in t for t in en) and any("компьютера" in t for t in ru)
    log = [s.move_words(e.index, 0).text() for e in played]
    assert not [t for t in log if "opponent" in t]
    spectator = " ".join(texts(played, viewer=None))
    assert "the computer's" in spectator and "opponent" not in spectator
    c.take(s.resign(0, c.now))
    head, how, _ = s.end_messages(0)
    assert head.text() == "The computer wins." and how.text().startswith("You lost: you resigned.")
    assert s.end_messages(None)[1].text().startswith("The computer won: Player A resigned.")
    assert s.end_messages(None)[1].text("ru").startswith("Выиграл компьютер: игрок A сдался.")
    # at one keyboard each player hears the other by their seat's name
    h = session(seed=3, seats=(Seat.person(), Seat.person()))
    hc = Clock(h)
    hc.take(h.start(0.0))
    while h.turn == 0 and not h.is_over():
        hc.take(h.play(0, steady(h.view(0)), hc.now))
    texts_b = [h.move_words(i, 1).text() for i in range(len(h.moves))]
    assert not [t for t in texts_b if "opponent" in t]
    assert any("Player A's" in t for t in texts_b) or all("pile" not in t for t in texts_b)


def _table_key(s: Session) -> str:
    """The public position (what everyone sees, without the history): equal keys, the same position."""
    d = s.view(None).to_dict()
    d.pop("history", None)
    return json.dumps(d, sort_keys=True)


@pytest.mark.parametrize("seed", range(4))
def test_playing_the_hint_over_and_over_never_goes_round_in_circles(seed: int) -> None:
    """Issue 10's "45 R4, 54 R5, 45 R4 ..." in a stops-mode game: a person who plays the hint's first
    move and asks again, over and over, through the session, never comes back to a position of the
    turn (the session keeps one Hinter per seat and shows it every position). With the stateless hints
    the session gave before, each of these deals came back to a position within 300 moves."""
    s = session(seed=seed, stops=True, seats=(Seat.person(), Seat.person()), hint_level="medium")
    s.start(0.0)
    seen: set[str] = set()
    turn = None
    for _ in range(300):
        if s.is_over():
            break
        if s.turn_no != turn:
            turn, seen = s.turn_no, set()
        key = _table_key(s)
        assert key not in seen, f"back to a position of turn {turn} after {s.moves[-6:]}"
        seen.add(key)
        (ready,) = s.hint(s.turn)
        assert isinstance(ready, HintReady) and ready.moves
        s.play(s.turn, ready.moves[0], 0.0)


def test_the_hint_follows_one_plan_and_counts_moves_made_without_asking() -> None:
    """Asked again where its plan leads, the seat's hinter gives the rest of the same plan; a move made
    without asking counts as reached too (the session shows the hinter every position)."""
    for seed in range(40):
        s = session(seed=seed, seats=(Seat.person(), Seat.person()), hint_level="medium")
        s.start(0.0)
        (ready,) = s.hint(s.turn)
        plan = ready.moves
        if len(plan) >= 3 and all(m.code != mv.DRAW for m in plan[:2]):
            s.play(s.turn, plan[0], 0.0)
            assert s.hint(s.turn)[0].moves == plan[1:]  # type: ignore[attr-defined]
            return
    raise AssertionError("no deal with a plan of three moves")


def test_a_hint_job_never_handed_back_does_not_stop_the_next() -> None:
    """A job the adapter drops keeps its hinter; the next job starts a fresh one shown the whole turn, and
    the dropped job coming back late changes nothing."""
    s = session(seed=4, seats=(Seat.person(), Seat.person()), hint_level="medium")
    s.start(0.0)
    lost = s.hint_job(s.turn)
    second = s.hint_job(s.turn)
    assert second.lease is not None and second.lease is not lost.lease
    events = s.hint_done(second, second.run())
    assert events and events[0].moves  # type: ignore[attr-defined]
    assert s.hint_done(lost, lost.run())  # the same state: still a hint, but its hinter is not kept
    third = s.hint_job(s.turn)
    assert third.lease is not None and third.lease.hinter is second.lease.hinter


def test_bad_seats_are_refused_with_the_sessions_own_error() -> None:
    """A seat or a seating that cannot be played is a PlayError (a RussianBankError) with a catalogue code."""
    from russianbank.errors import RussianBankError
    from russianbank.session.errors import PlayError
    from russianbank.session.seats import Seat, Seating, SeatKind

    cases = [
        (lambda: Seat(SeatKind.COMPUTER, "grandmaster"), "play.seat.level"),
        (lambda: Seat(SeatKind.PERSON, "easy"), "play.seat.no_level"),
        (lambda: Seating((Seat.computer("easy"), Seat.computer("hard"))), "play.seating.no_person"),
    ]
    for make, code in cases:
        with pytest.raises(PlayError) as err:
            make()
        assert err.value.code == code and isinstance(err.value, RussianBankError)
        assert str(err.value) and err.value.message.text("ru") != str(err.value)


def test_a_rolled_back_move_is_not_remembered_by_the_hints() -> None:
    """A move whose storage failed is rolled back: its position was never reached, so the seat's hinter
    must not keep it (else the hint avoids a position nobody ever saw, and the plan changes)."""
    checked = 0
    for seed in range(30):
        s = session(seed=seed, seats=(Seat.person(), Seat.person()), hint_level="medium")
        s.start(0.0)
        seat = s.turn
        (first,) = s.hint(seat)
        if len(s.view(seat).legal_moves) < 2 or first.moves[0].code == mv.DRAW:
            continue
        events = s.play(seat, first.moves[0], 0.0)
        s.hint(seat)  # the hinter is shown the new position, then kept
        s.rollback(events)
        job = s.hint_job(seat)
        assert job.lease is not None
        assert all(len(v.history) == 0 for v in job.lease.views)  # only the start of the turn is left
        (again,) = s.hint_done(job, job.run())
        assert again.moves == first.moves  # type: ignore[attr-defined]
        checked += 1
    assert checked >= 5
