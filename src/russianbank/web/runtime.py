"""The server process's own pauses: the garbage collector's and the event loop's lag.

- :class:`GcWatch` times every collection of the cyclic garbage collector (``gc.callbacks``)
  into ``russianbank_gc_pause_seconds{generation}``: a collection stops every table of the
  process, so a long one is an acknowledgement late for every move waiting meanwhile.
- :class:`LoopLag` wakes every ``interval`` seconds and records how late it woke
  (``russianbank_loop_lag_seconds``): whatever held the event loop (a long callback, a
  collection, the machine's other processes) shows there.
- :class:`GcPacer` (``russianbank serve`` starts it once the app has started): everything made
  at start-up (modules, the catalogue, the computer players' tables) is moved out of the
  collector's sight with ``gc.freeze()``, and the collector runs on a clock instead of by
  counts, so that no collection is long (``--gc clock``, the default). :func:`tune_gc`
  (``--gc counts``) keeps the collections by count, fewer and longer: less of the CPU with
  fast play, longer pauses with many slow tables; docs/benchmarks.md gives the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import time
from collections.abc import Callable
from typing import Any

GEN0_THRESHOLD = 20_000  # tune_gc (``--gc counts``)
GEN1_THRESHOLD = 20
GEN2_THRESHOLD = 10

PACE_SECONDS = 0.05  # the young generations collected this often (GcPacer)
# Collect the young generations at every beat, however few new objects the collector counts:
# its count is new containers minus freed ones of any generation, so while a server replaces
# positions (new objects made, old frozen ones freed) it stays near 0 though the young
# generation fills up; skipping a beat on it let the young generation grow without bound
# (a young collection of 65 ms in a model of 2,000 tables). An empty young
# generation costs microseconds to collect.
PACE_MIN_YOUNG = 0
FULL_GROWTH = 0.25  # everything alive frozen when the process has grown by this much since the last time
UNFREEZE_EVERY = 8  # every this many of those, everything is unfrozen and collected (a full collection)


def tune_gc() -> None:
    """``--gc counts``: freeze what start-up made and collect the young generation after
    :data:`GEN0_THRESHOLD` new objects instead of 700 (fewer, longer collections)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GEN0_THRESHOLD, GEN1_THRESHOLD, GEN2_THRESHOLD)


def _rss_bytes() -> int:
    """The process's resident memory (Linux ``/proc``; 0 where there is none)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return 0


try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (ValueError, OSError, AttributeError):  # pragma: no cover - not Linux
    _PAGE = 4096


class GcPacer:
    """The cyclic collector on a clock (``russianbank serve``): every collection short.

    By counts, CPython collects its youngest generation when the new container objects minus
    the freed ones pass a threshold. A server frees the previous position's objects at every
    move, so the count lags far behind what the young generation holds: each collection walked
    100,000-200,000 objects (70-80 ms) and every table waited meanwhile. Here the automatic
    collections are off, and a task collects generations 0 and 1 together every
    :data:`PACE_SECONDS` (each walks only what the last interval made and still holds; what
    survives goes to the oldest generation, so neither young generation ever grows). When the
    process has grown by :data:`FULL_GROWTH` since the last time, everything alive is frozen
    (``gc.freeze()``: no walk, no pause); every :data:`UNFREEZE_EVERY` such times everything is
    unfrozen and a full collection runs (a long pause, rare). Until the seventh round each growth
    step was a full collection of what came since the last one (150-200 ms each, six in a run of
    1,000 human tables: the acknowledgements' p99). The risk: garbage in reference cycles that
    outlives the young collections is found only at the next full collection; as it grows, so
    does the process, which brings that collection nearer (most garbage is freed by reference
    counting as soon as it is made; the young collections find the cycles that die young).
    """

    def __init__(
        self,
        every: float = PACE_SECONDS,
        min_young: int = PACE_MIN_YOUNG,
        growth: float = FULL_GROWTH,
        rss: Callable[[], int] = _rss_bytes,
    ) -> None:
        self.every = every
        self.min_young = min_young
        self.growth = growth
        self.rss = rss
        self.full_collections = 0
        self.growth_steps = 0
        self._base = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        gc.collect()
        gc.freeze()
        self._base = self.rss()
        if self._base:  # where the process's size cannot be read, the collections by count stay on too
            gc.disable()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="rb-gc-pacer")

    def tick(self) -> int:
        """One beat: the young generations, and when the process grew, a freeze (or, every
        :data:`UNFREEZE_EVERY` times, a full collection); returns the generation collected (-1:
        none, 3: frozen without a collection)."""
        done = -1
        if gc.get_count()[0] >= self.min_young:  # always, by default (see PACE_MIN_YOUNG)
            gc.collect(1)
            done = 1
        now = self.rss()
        if self._base and now > self._base * (1 + self.growth):
            self.growth_steps += 1
            if self.growth_steps % UNFREEZE_EVERY == 0:  # the rare full collection, of everything
                gc.unfreeze()
                gc.collect()
                self.full_collections += 1
                done = 2
            else:  # out of the collector's sight without walking it: no pause
                done = 3
            gc.freeze()
            self._base = self.rss()
        return done

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.tick()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
        gc.enable()


class GcWatch:
    """Times the collector's collections into a histogram labelled by generation (and counts
    what they found: garbage kept alive only by reference cycles)."""

    def __init__(self, histogram: Any, collected: Any = None) -> None:
        self.histogram = histogram
        self.collected = collected  # a counter of the objects found to be garbage (in reference cycles)
        self._started = 0.0
        self._by_gen = [histogram.labels(generation=str(g)) for g in range(3)]

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self._by_gen[min(2, info.get("generation", 2))].observe(time.perf_counter() - self._started)
            if self.collected is not None and info.get("collected"):
                self.collected.inc(info["collected"])

    def start(self) -> None:
        gc.callbacks.append(self._callback)

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._callback)


class LoopLag:
    """A task that measures how late the event loop runs a timer."""

    def __init__(self, histogram: Any, interval: float = 0.1) -> None:
        self.histogram = histogram
        self.interval = interval
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            self.histogram.observe(max(0.0, loop.time() - due))

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
