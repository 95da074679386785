"""The server process's own pauses: the garbage collector's and the event loop's lag.

- :class:`GcWatch` times every collection of the cyclic garbage collector (``gc.callbacks``)
  into ``russianbank_gc_pause_seconds{generation}``: a collection stops every table of the
  process, so a long one is an acknowledgement late for every move waiting meanwhile.
- :class:`LoopLag` wakes every ``interval`` seconds and records how late it woke
  (``russianbank_loop_lag_seconds``): whatever held the event loop (a long callback, a
  collection, the machine's other processes) shows there.
- :func:`tune_gc` (``russianbank serve`` calls it once the app has started): everything made at
  start-up (modules, the catalogue, the computer players' tables) is moved out of the
  collector's sight with ``gc.freeze()``, and the youngest generation is collected after
  :data:`GEN0_THRESHOLD` new objects instead of 700. The collections are then fewer and each
  full one walks only what the games hold; docs/web.md gives the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from typing import Any

GEN0_THRESHOLD = 20_000
GEN1_THRESHOLD = 20
GEN2_THRESHOLD = 10


def tune_gc() -> None:
    """Freeze what start-up made and collect the young generation less often (see the module)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GEN0_THRESHOLD, GEN1_THRESHOLD, GEN2_THRESHOLD)


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
