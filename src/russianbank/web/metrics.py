"""Prometheus metrics (``prometheus-client``): acknowledgements, moves, tables, connections.

Each app has its own registry. Under ``russianbank serve --workers N`` the client library's
multiprocess mode adds up the workers (``PROMETHEUS_MULTIPROC_DIR``, set by the supervisor).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any, Literal

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, generate_latest
from prometheus_client import multiprocess as _mp

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

_PAUSE_BUCKETS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)
_ACK_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


def multiprocess() -> bool:
    return bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))


class Metrics:
    """The server's figures; each method is cheap enough for the hot path."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        ProcessCollector(registry=r)  # process_cpu_seconds_total, memory, open files
        mode: Literal["livesum", "all"] = "livesum" if multiprocess() else "all"
        self.ack = Histogram(
            "russianbank_ack_seconds",
            "Time from receiving a move to its acknowledgement being queued (stored in the database)",
            buckets=_ACK_BUCKETS,
            registry=r,
        )
        self.moves = Counter("russianbank_moves", "Moves stored (rate() gives moves per second)", registry=r)
        self.batch = Histogram(
            "russianbank_commit_batch_size",
            "Writes committed together in one transaction",
            buckets=(1, 2, 5, 10, 20, 50, 100, 200, 500),
            registry=r,
        )
        self.commit = Histogram(
            "russianbank_commit_seconds", "Time one group commit takes", buckets=_ACK_BUCKETS, registry=r
        )
        self.store_wait = Histogram(
            "russianbank_store_wait_seconds",
            "Time from a write being handed to the store to the mover going on with it stored (the queue,"
            " the commit and the wait for the event loop)",
            buckets=_ACK_BUCKETS,
            registry=r,
        )
        self.live_tables = Gauge("russianbank_live_tables", "Tables held in memory", registry=r, multiprocess_mode=mode)
        self.connections = Gauge(
            "russianbank_connections", "Open websocket connections", registry=r, multiprocess_mode=mode
        )
        self.refusals = Counter("russianbank_refusals", "Requests and messages refused, by code", ["code"], registry=r)
        self.dropped = Counter(
            "russianbank_dropped_connections", "Connections dropped because they did not read", registry=r
        )
        self.games = Counter("russianbank_games_created", "Games created", registry=r)
        # process_cpu_seconds_total is not collected in multiprocess mode: this one is (livesum)
        self.cpu = Gauge(
            "russianbank_cpu_seconds",
            "CPU seconds used: part=server by the server processes, part=thinking by their thinking workers",
            ["part"],
            registry=r,
            multiprocess_mode=mode,
        )
        self.thinking_pids: Callable[[], list[int]] = list
        self.writer_pids: Callable[[], list[int]] = list  # the database writer's process, if it has one
        self.gc_pause = Histogram(
            "russianbank_gc_pause_seconds",
            "Time each collection of the garbage collector held the process, by generation",
            ["generation"],
            buckets=_PAUSE_BUCKETS,
            registry=r,
        )
        self.gc_collected = Counter(
            "russianbank_gc_collected_objects", "Objects the garbage collector found in reference cycles", registry=r
        )
        self.loop_lag = Histogram(
            "russianbank_loop_lag_seconds",
            "How late the event loop ran a timer set every 0.1 s (time it was held)",
            buckets=_PAUSE_BUCKETS,
            registry=r,
        )

    def sample_cpu(self) -> None:
        """Bring the CPU gauges up to date (on every scrape, and every second under --workers)."""
        self.cpu.labels(part="server").set(time.process_time())
        self.cpu.labels(part="thinking").set(sum(_cpu_of(pid) for pid in self.thinking_pids()))
        self.cpu.labels(part="writer").set(sum(_cpu_of(pid) for pid in self.writer_pids()))

    def batch_done(self, n: int, seconds: float) -> None:
        self.batch.observe(n)
        self.commit.observe(seconds)

    def tables(self, n: int) -> None:
        self.live_tables.set(n)

    def refused(self, code: str) -> None:
        self.refusals.labels(code=code).inc()

    def text(self) -> bytes:
        self.sample_cpu()
        if multiprocess():
            reg = CollectorRegistry()
            _mp.MultiProcessCollector(reg)  # type: ignore[no-untyped-call]
            out: bytes = generate_latest(reg)
            return out
        data: Any = generate_latest(self.registry)
        return bytes(data)


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_of(pid: int) -> float:
    """CPU seconds of a process (Linux ``/proc``; 0 where there is none)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK
