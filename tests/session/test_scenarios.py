"""The shared scenarios, played on the session itself (the reference every adapter is compared with)."""

from __future__ import annotations

from scenarios import SCENARIOS, SessionDriver, run

from russianbank.session import Played, StopRefused


def play(name: str) -> SessionDriver:
    driver = SessionDriver(SCENARIOS[name])
    run(SCENARIOS[name], driver)
    return driver


def test_stop_in_the_pause_scenario_has_founded_stops_by_the_person() -> None:
    """S1/S3: the person's Stops land while the computer waits between moves, and are founded."""
    d = play("stop_in_the_pause")
    stops = [e for e in d.events if isinstance(e, Played) and e.ruling is not None]
    assert len(stops) == 2 and all(e.seat == 0 for e in stops)
    by_index = {e.index: e for e in d.events if isinstance(e, Played)}
    assert all(e.ruling is not None and by_index[e.ruling.move_index].by_computer for e in stops)
    codes = [m.code for m in d.messages()]
    assert sum(c.startswith("stop.") for c in codes) == 2 and codes[-1] == "play.over"


def test_stop_too_late_scenario_is_refused_with_s1() -> None:
    d = play("stop_too_late")
    late = [e for e in d.events if isinstance(e, StopRefused)]
    assert len(late) == 2 and {e.rule for e in late} == {"S1"}
    assert not any(isinstance(e, Played) and e.ruling is not None for e in d.events)


def test_undo_and_hints_scenario_says_each_refusal() -> None:
    d = play("undo_and_hints")
    codes = [m.code for m in d.messages()]
    for code in ("play.hint.one", "play.undo.nothing", "play.stop.none", "play.undone.you", "play.undo.reveal"):
        assert code in codes, code
    assert "play.refused" in codes  # RW: R5e
    assert codes[-1] == "play.over"


def test_scenarios_are_reproducible() -> None:
    for name, sc in SCENARIOS.items():
        assert [m.to_dict() for m in run(sc, SessionDriver(sc))] == [m.to_dict() for m in run(sc, SessionDriver(sc))], (
            name
        )
