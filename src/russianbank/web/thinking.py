"""Where the computer thinks: in worker processes, so its thinking never holds the event loop.

The play session hands out a :class:`~russianbank.session.ThinkJob` (the computer's
:class:`~russianbank.view.PlayerView` snapshot and its player). Run in threads of the server
process, a long search takes the interpreter lock from the event loop and every
acknowledgement waits behind it. :class:`Thinker` runs them in a pool of worker processes
instead (``processes`` > 0), started with ``forkserver`` (never a fork of the threaded server)
and niced, so that when the machine is short of CPU the acknowledgements go first and the
computer's moves wait. The jobs go to the workers and their answers come back through each
worker's pipe, written and read by the event loop itself (:mod:`.procpipe`): a
``ProcessPoolExecutor``'s two helper threads cost the loop an interpreter-lock hand-off at every
job (9% of the loop's time in a profile of 1,000 tables against the computer).

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
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..moves import Move
from ..session import HintJob, ThinkJob, ThinkResult
from .procpipe import ChildDied, PipeChild

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


class _Pool:
    """``n`` worker processes (:class:`~.procpipe.PipeChild`), each thinking of one job at a time;
    the jobs beyond them wait their turn on the event loop."""

    def __init__(self, ctx: Any, n: int, nice: int, server: int) -> None:
        self.children = [PipeChild(ctx, _worker_start, (nice, server)) for _ in range(n)]
        self._idle: deque[PipeChild] = deque()
        self._waiters: deque[asyncio.Future[None]] = deque()

    def start(self) -> None:
        for child in self.children:
            child.start()
            child.on_idle = self._release
            self._idle.append(child)

    def _release(self, child: PipeChild) -> None:
        self._idle.append(child)
        while self._waiters:
            w = self._waiters.popleft()
            if not w.done() and not w.get_loop().is_closed():
                w.set_result(None)
                break

    async def _acquire(self) -> PipeChild:
        while True:
            for child in self.children:
                if child.busy:  # an answer left behind by a loop that closed (tests run several)
                    child.drop_stale_answer()
                    if not child.busy and not child.dead and child not in self._idle:
                        self._idle.append(child)
            if self._idle:
                return self._idle.popleft()
            w = asyncio.get_running_loop().create_future()
            self._waiters.append(w)
            try:
                await w
            except asyncio.CancelledError:
                if w.done() and not w.cancelled() and self._idle:  # woken, then cancelled: wake the next
                    self._release(self._idle.popleft())
                raise

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        child = await self._acquire()
        try:
            out: T = await child.call(fn, *args)
        except ChildDied:
            raise BrokenProcessPool("a thinking worker died") from None
        except BaseException:
            if not child.busy and not child.dead and child not in self._idle:  # never sent (not picklable)
                self._release(child)
            raise
        return out

    def pids(self) -> list[int]:
        return [c.pid for c in self.children if c.pid is not None and not c.dead]

    def close(self) -> None:
        for child in self.children:
            child.terminate()


class Thinker:
    """Runs think jobs and reviews in worker processes (or in ``threads`` when there are none),
    hints in threads."""

    def __init__(self, threads: Executor, processes: int = 0, *, nice: int = WORKER_NICE) -> None:
        self.threads = threads
        self.processes = processes
        self.nice = nice
        self._pool: _Pool | None = None

    def _get_pool(self) -> _Pool | None:
        if self.processes <= 0:
            return None
        if self._pool is None:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(["russianbank.ai", "russianbank.session"])
            pool = _Pool(ctx, self.processes, self.nice, os.getpid())
            pool.start()
            self._pool = pool
        return self._pool

    def start(self) -> None:
        """Start the workers now (blocking; the first job would start them otherwise)."""
        self._get_pool()

    async def think(self, job: ThinkJob) -> ThinkResult:
        """The computer's move for ``job``; its player's state is brought up to date."""
        loop = asyncio.get_running_loop()
        pool = self._get_pool()
        if pool is not None and _picklable(job.player):
            try:
                move, error, state = await pool.call(_think, job)
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
                    out: T = await pool.call(fn, *args)
                except BrokenProcessPool:
                    self._broken()
                else:
                    return out
        result: T = await loop.run_in_executor(self.threads, fn, *args)
        return result

    def pids(self) -> list[int]:
        """The worker processes' ids (for their CPU time in /metrics)."""
        return [] if self._pool is None else self._pool.pids()

    def _broken(self) -> None:
        log.warning("a thinking worker died: starting new ones (this job is thought of in a thread)")
        if self._pool is not None:
            self._pool.close()
        self._pool = None

    def close(self) -> None:
        """Stop the workers at once: a move being thought of is thought of again after a restart
        (nothing of it was stored), so there is nothing to wait for."""
        if self._pool is not None:
            self._pool.close()
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
