"""Where the computer thinks: in worker processes, so its thinking never holds the event loop.

The play session hands out a :class:`~russianbank.session.ThinkJob` (the computer's
:class:`~russianbank.view.PlayerView` snapshot and its player). Run in threads of the server
process, a long search takes the interpreter lock from the event loop and every
acknowledgement waits behind it. :class:`Thinker` runs them in a pool of worker processes
instead (``processes`` > 0), started with ``forkserver`` (never a fork of the threaded server)
and niced, so that when the machine is short of CPU the acknowledgements go first and the
computer's moves wait.

A computer player keeps state between its moves (its plan, the positions of its turn, its
random generator). The job is pickled to the worker with that state and the worker sends the
state back with the move; it is copied into the session's player before the session sees the
result, so a game goes exactly as it would with the thinking done in place (a test checks the
moves are the same). With ``processes=0``, or for a player that cannot be pickled (a scripted
player in a test), or when a worker dies, the job runs in a thread as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..moves import Move
from ..session import HintJob, ThinkJob, ThinkResult

log = logging.getLogger("russianbank.web.thinking")

T = TypeVar("T")

WORKER_NICE = 5  # how much lower the workers' priority is than the server's


def _worker_start(nice: int, server: int) -> None:
    """In a new worker: lower its priority, load the players, and leave when the server is gone."""
    if nice:
        with contextlib.suppress(OSError):  # not allowed here: the workers run at the server's priority
            os.nice(nice)
    import russianbank.ai  # noqa: F401  (loaded once per worker, not per job)

    if server:
        threading.Thread(target=_watch, args=(server,), name="rb-think-watch", daemon=True).start()


def _watch(server: int) -> None:
    """A worker whose server died (kill -9: no shutdown to stop it) ends itself within a second;
    then the forkserver, which lives as long as its workers, ends too."""
    while _alive(server):
        time.sleep(1.0)
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a dead server not yet reaped by its parent is a zombie
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _think(job: ThinkJob) -> tuple[Move | None, str | None, dict[str, Any]]:
    """In a worker: the job's move (or error) and the player's state after thinking."""
    result = job.run()
    return result.move, result.error, vars(job.player)


class Thinker:
    """Runs think jobs and reviews in worker processes (or in ``threads`` when there are none),
    hints in threads."""

    def __init__(self, threads: Executor, processes: int = 0, *, nice: int = WORKER_NICE) -> None:
        self.threads = threads
        self.processes = processes
        self.nice = nice
        self._pool: ProcessPoolExecutor | None = None

    def _get_pool(self) -> ProcessPoolExecutor | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["russianbank.ai", "russianbank.session"])
            self._pool = ProcessPoolExecutor(
                self.processes, mp_context=ctx, initializer=_worker_start, initargs=(self.nice, os.getpid())
            )
        return self._pool

    def start(self) -> None:
        """Start the workers now (the first job would start them otherwise)."""
        pool = self._get_pool()
        if pool is not None:
            for f in [pool.submit(_worker_start, 0, 0) for _ in range(self.processes)]:
                f.result()

    async def think(self, job: ThinkJob) -> ThinkResult:
        """The computer's move for ``job``; its player's state is brought up to date."""
        loop = asyncio.get_running_loop()
        pool = self._get_pool()
        if pool is not None and _picklable(job.player):
            try:
                move, error, state = await loop.run_in_executor(pool, _think, job)
            except BrokenProcessPool:
                self._broken()
            except (pickle.PicklingError, AttributeError, TypeError) as e:
                log.warning("thinking in a thread: the job could not go to a worker (%s)", e)
            else:
                vars(job.player).update(state)
                return ThinkResult(job, move, error)
        result: ThinkResult = await loop.run_in_executor(self.threads, job.run)
        return result

    async def hint(self, job: HintJob) -> tuple[Move, ...]:
        """A hint, in a thread: a person asks for one now and then, and the seat's hinter keeps its
        plan for the turn in the job's lease, which must stay in this process."""
        moves: tuple[Move, ...] = await asyncio.get_running_loop().run_in_executor(self.threads, job.run)
        return moves

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process, off the server's interpreter lock (a game review);
        in a thread when there are no workers, when ``fn`` or its arguments cannot be pickled, or
        when the pool broke."""
        loop = asyncio.get_running_loop()
        pool = self._get_pool()
        if pool is not None:
            try:
                pickle.dumps((fn, args))
            except Exception as e:
                log.warning("running %s in a thread: it could not go to a worker (%s)", fn.__name__, e)
            else:
                try:
                    out: T = await loop.run_in_executor(pool, fn, *args)
                except BrokenProcessPool:
                    self._broken()
                else:
                    return out
        result: T = await loop.run_in_executor(self.threads, fn, *args)
        return result

    def pids(self) -> list[int]:
        """The worker processes' ids (for their CPU time in /metrics)."""
        procs = getattr(self._pool, "_processes", None) or {}
        return list(procs)

    def _broken(self) -> None:
        log.warning("a thinking worker died: starting new ones (this job is thought of in a thread)")
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

    def close(self) -> None:
        """Stop the workers at once: a move being thought of is thought of again after a restart
        (nothing of it was stored), so there is nothing to wait for."""
        if self._pool is not None:
            procs = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for proc in procs:
                with contextlib.suppress(Exception):
                    proc.terminate()
            for proc in procs:
                with contextlib.suppress(Exception):
                    proc.join(5)
            self._pool = None
        self.threads.shutdown(wait=False, cancel_futures=True)


_PICKLABLE: dict[type, bool] = {}


def _picklable(player: Any) -> bool:
    """Whether a player of this class can go to a worker (asked once per class)."""
    cls = type(player)
    ok = _PICKLABLE.get(cls)
    if ok is None:
        try:
            pickle.dumps(player)
            ok = True
        except Exception:
            ok = False
        _PICKLABLE[cls] = ok
    return ok
