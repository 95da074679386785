"""The server's own pauses: the collector's collections and the event loop's lag are measured."""

from __future__ import annotations

import asyncio
import gc
import time

import pytest
from prometheus_client import CollectorRegistry, Counter, Histogram

from russianbank.web import runtime
from russianbank.web.loadtest import _pauses


def _count(h: Histogram, **labels: str) -> float:
    for metric in h.collect():
        for s in metric.samples:
            if s.name.endswith("_count") and all(s.labels.get(k) == v for k, v in labels.items()):
                return s.value
    return 0.0


def test_every_collection_is_timed_by_generation() -> None:
    h = Histogram("t_gc", "t", ["generation"], registry=CollectorRegistry())
    found = Counter("t_found", "t", registry=CollectorRegistry())
    watch = runtime.GcWatch(h, found)
    watch.start()
    try:
        gc.collect(0)
        a: list[object] = []
        a.append(a)  # a reference cycle, then garbage
        del a
        gc.collect(2)
    finally:
        watch.stop()
    assert _count(h, generation="0") >= 1 and _count(h, generation="2") >= 1
    assert found._value.get() >= 1
    n = _count(h, generation="2")
    gc.collect(2)  # stopped: no longer counted
    assert _count(h, generation="2") == n


def test_the_loop_lag_shows_a_blocked_loop() -> None:
    h = Histogram("t_lag", "t", buckets=(0.01, 0.1, 1.0), registry=CollectorRegistry())

    async def main() -> None:
        lag = runtime.LoopLag(h, interval=0.01)
        lag.start()
        await asyncio.sleep(0.05)
        time.sleep(0.15)  # the loop is held
        await asyncio.sleep(0.05)
        lag.stop()

    asyncio.run(main())
    late = [s for m in h.collect() for s in m.samples if s.name == "t_lag_bucket" and s.labels["le"] == "0.1"]
    total = _count(h)
    assert total >= 3 and late[0].value < total  # at least one timer came more than 0.1 s late


def test_gc_counts_freezes_start_up_and_collects_less_often() -> None:
    old = gc.get_threshold()
    try:
        runtime.tune_gc()
        assert gc.get_threshold() == (runtime.GEN0_THRESHOLD, runtime.GEN1_THRESHOLD, runtime.GEN2_THRESHOLD)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*old)


def test_serve_takes_the_collectors_mode() -> None:
    import argparse

    from russianbank.web.main import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).gc == "clock"
    assert parser.parse_args(["--gc", "counts"]).gc == "counts"
    with pytest.raises(SystemExit):
        parser.parse_args(["--gc", "never"])


def test_the_load_tool_reports_the_servers_pauses() -> None:
    before = {
        'russianbank_gc_pause_seconds_count{generation="2"}': 1.0,
        "russianbank_loop_lag_seconds_count": 10.0,
        **{f'russianbank_loop_lag_seconds_bucket{{le="{le}"}}': 10.0 for le in ("0.01", "0.05", "0.1")},
    }
    after = {
        'russianbank_gc_pause_seconds_count{generation="2"}': 3.0,
        'russianbank_gc_pause_seconds_sum{generation="2"}': 0.25,
        "russianbank_gc_collected_objects_total": 50.0,
        "russianbank_loop_lag_seconds_count": 30.0,
        "russianbank_loop_lag_seconds_sum": 0.4,
        'russianbank_loop_lag_seconds_bucket{le="0.01"}': 25.0,
        'russianbank_loop_lag_seconds_bucket{le="0.05"}': 29.0,
        'russianbank_loop_lag_seconds_bucket{le="0.1"}': 30.0,
    }
    p = _pauses(before, after)
    assert p["gc_collections"] == {"0": 0, "1": 0, "2": 2} and p["gc_seconds"]["2"] == 0.25
    assert p["gc_collected_objects"] == 50
    assert p["loop_lag_samples"] == 20 and p["loop_lag_mean_ms"] == 20.0
    assert p["loop_lag_over_ms"] == {10: 5, 50: 1, 100: 0}


def test_the_pacer_collects_the_young_on_its_clock_and_the_old_on_growth() -> None:
    size = [1000]
    pacer = runtime.GcPacer(every=0.01, min_young=10, growth=0.25, rss=lambda: size[0])
    was_enabled, was = gc.isenabled(), gc.get_threshold()

    async def run() -> tuple[int, bool]:
        pacer.start()
        try:
            assert not gc.isenabled()  # no collection by counts
            junk = [[i] for i in range(100)]  # new containers: the young generations are due
            assert gc.get_count()[0] >= 10
            done = pacer.tick()
            assert done == 1 and gc.get_count()[0] < 10 and gc.get_count()[1] == 0
            assert pacer.tick() == -1  # nothing new: nothing collected
            cycle: list[object] = []
            cycle.append(cycle)  # garbage only the collector finds, among objects about to be frozen
            del cycle
            size[0] = 1300  # grown by 30%: everything alive frozen, without a collection
            frozen = gc.get_freeze_count()
            assert pacer.tick() == 3 and gc.get_freeze_count() > frozen and pacer.full_collections == 0
            size[0] = 1400  # grown by less than 25% since that one: nothing more
            assert pacer.tick() in (-1, 1) and pacer.growth_steps == 1
            await asyncio.sleep(0.05)  # the clock's task runs too
            del junk
            return pacer.growth_steps, True
        finally:
            pacer.stop()

    try:
        assert asyncio.run(run()) == (1, True)
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.set_threshold(*was)
        if not was_enabled:
            gc.disable()


def test_the_pacer_unfreezes_to_find_cycles_among_frozen_objects(monkeypatch) -> None:
    import weakref

    monkeypatch.setattr(runtime, "UNFREEZE_EVERY", 3)
    size = [1000]
    pacer = runtime.GcPacer(min_young=10**9, growth=0.1, rss=lambda: size[0])

    class Node:
        me: object = None

    async def run() -> None:
        pacer.start()
        try:
            a = Node()
            a.me = a
            gone = weakref.ref(a)
            size[0] = 2000
            assert pacer.tick() == 3  # growth 1: a (alive) is frozen with the rest
            del a  # now garbage, in a cycle among the frozen objects
            size[0] = 4000
            assert pacer.tick() == 3 and gone() is not None  # 2: frozen again, nothing walked
            size[0] = 8000
            assert pacer.tick() == 2 and gone() is None  # 3: unfrozen and collected, so a is found
            assert pacer.full_collections == 1
        finally:
            pacer.stop()
            gc.unfreeze()

    asyncio.run(run())


def test_the_pacer_collects_the_young_even_when_the_count_says_nothing_new() -> None:
    """A server replaces positions: new objects made, as many old (frozen) ones freed. The
    collector's count (made minus freed) stays near 0 while the young generation fills up; the
    pacer must collect it anyway, or it grows without bound and its collection is long."""
    pacer = runtime.GcPacer(every=3600, growth=10.0, rss=lambda: 1000)
    old = [[{"n": [i]} for i in range(20)] for _ in range(200)]

    async def run() -> tuple[int, int, int]:
        pacer.start()  # collects and freezes `old`
        try:
            for t in range(200):  # every "table" gets a new position; its old one is freed
                old[t] = [{"n": [t]} for _ in range(20)]
            counted, young = gc.get_count()[0], len(gc.get_objects(generation=0))
            pacer.tick()
            return counted, young, len(gc.get_objects(generation=0))
        finally:
            pacer.stop()
            gc.unfreeze()

    counted, young, after = asyncio.run(run())
    assert young >= 8000 and counted < young // 10  # the count knows nothing of what the young holds
    assert after < young // 10  # collected all the same


def test_an_unknown_collector_mode_is_refused() -> None:
    from russianbank.web.app import Settings

    assert Settings(gc="clock").gc == "clock" and Settings().gc == ""
    with pytest.raises(ValueError, match="gc must be one of"):
        Settings(gc="Clock")


def test_the_load_tool_reports_the_servers_own_ack_percentiles_from_its_buckets() -> None:
    bucket = 'russianbank_ack_seconds_bucket{{le="{}"}}'
    after = {"russianbank_ack_seconds_count": 100.0}
    for le, n in ((0.005, 10), (0.01, 60), (0.02, 95), (0.05, 99), (0.1, 100), (0.25, 100)):
        after[bucket.format(le)] = float(n)
    p = _pauses({}, after)
    assert p["server_ack_at_most_ms"] == {50: 10.0, 99: 50.0}
    assert p["server_ack_under_ms_pct"] == {10: 60.0, 50: 99.0, 100: 100.0}


def test_the_load_tool_measures_its_own_event_loop_lag() -> None:
    import asyncio
    import time

    from russianbank.web.loadtest import Figures, _lag_figures, watch_lag

    fig = Figures()

    async def go() -> None:
        task = asyncio.get_running_loop().create_task(watch_lag(fig, time.monotonic() + 0.5))
        await asyncio.sleep(0.1)
        time.sleep(0.08)  # the tool's loop held: its next timer is late by about that much
        await task

    asyncio.run(go())
    lag = _lag_figures(fig.lags)
    assert lag["timers"] >= 10
    assert lag["max"] >= 60 and lag["over_ms"][50] >= 1


def test_acknowledgements_the_tool_itself_delayed_are_told_apart() -> None:
    from russianbank.web.loadtest import undelayed

    acks = [0.010, 0.030, 0.200, 0.015]
    sent = [1.000, 2.000, 3.000, 4.000]
    # the tool's loop was 80 ms late at 2.02 s (inside the second ack) and at 4.03 s (just after the fourth)
    lags = [0.001, 0.080, 0.002, 0.080]
    lag_at = [1.005, 2.020, 3.100, 4.030]
    assert undelayed(acks, sent, lags, lag_at) == [0.010, 0.200]


def test_the_load_tool_reports_the_stores_side_of_the_acknowledgements() -> None:
    wait = 'russianbank_store_wait_seconds_bucket{{le="{}"}}'
    after = {
        "russianbank_store_wait_seconds_count": 200.0,
        "russianbank_store_wait_seconds_sum": 2.0,
        "russianbank_commit_seconds_count": 20.0,
        "russianbank_commit_seconds_sum": 0.16,
        "russianbank_commit_batch_size_sum": 200.0,
    }
    for le, n in ((0.005, 50), (0.01, 150), (0.02, 190), (0.03, 197), (0.05, 199), (0.075, 200)):
        after[wait.format(le)] = float(n)
    p = _pauses({}, after)
    assert p["store"] == {
        "writes": 200,
        "wait_at_most_ms": {50: 10.0, 99: 50.0},
        "wait_mean_ms": 10.0,
        "commits": 20,
        "commit_mean_ms": 8.0,
        "batch_mean": 10.0,
    }
