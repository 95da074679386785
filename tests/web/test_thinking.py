"""The computer thinks in worker processes: the same game as thinking in place, and the player's
state (its plan, its turn's positions, its random generator) comes back with each move."""

from __future__ import annotations

import asyncio
import os
import pickle
from concurrent.futures import ThreadPoolExecutor

from webhelp import easy_record

from russianbank.options import options_for
from russianbank.session import Seat, Session, Setup
from russianbank.web.thinking import Thinker


async def _play(thinker: Thinker, seed: int, level: str, moves: int) -> tuple[list[str], Session]:
    setup = Setup((Seat.person(), Seat.computer(level)), options_for("classic"), pace=0.0)
    s = Session(setup, seed=seed)
    now = 0.0
    while len(s._game.move_stack) < moves and not s.is_over():
        now += 1.0
        if s.computer_to_move:
            job = s.think_job(now)
            assert job is not None
            s.think_done(await thinker.think(job), now)
            s.advance(now)
        else:
            s.play(0, s.view(0).legal_moves[0], now)
    return [str(m) for m in s._game.move_stack], s


def test_thinking_in_processes_plays_the_same_game_as_in_threads() -> None:
    threads = Thinker(ThreadPoolExecutor(1))
    procs = Thinker(ThreadPoolExecutor(1), processes=1)
    try:
        for seed, level in ((7, "medium"), (11, "beginner")):
            a, sa = asyncio.run(_play(threads, seed, level, 140))
            b, sb = asyncio.run(_play(procs, seed, level, 140))
            assert a == b and len(a) >= 60
            # the state came back: the session's player is where the in-place one is
            pa, pb = sa._computer.player, sb._computer.player  # type: ignore[union-attr]
            assert pickle.dumps(vars(pa)) == pickle.dumps(vars(pb))
        assert procs._pool is not None  # the jobs did go to a worker
    finally:
        threads.close()
        procs.close()


def test_a_player_that_cannot_be_pickled_thinks_in_a_thread() -> None:
    class Scripted:
        def __init__(self) -> None:
            self.choose = lambda view: view.legal_moves[-1]  # a lambda: not picklable

    setup = Setup(
        (Seat.person(), Seat.computer("easy")), options_for("classic"), pace=0.0,
        make_player=lambda _l, _s: Scripted(),
    )  # fmt: skip
    s = Session(setup, seed=3)
    procs = Thinker(ThreadPoolExecutor(1), processes=1)
    try:
        while not s.computer_to_move:
            s.play(0, s.view(0).legal_moves[0], 0.0)
        job = s.think_job(0.0)
        assert job is not None
        result = asyncio.run(procs.think(job))
        assert result.job is job and result.move == s.view(1).legal_moves[-1]
    finally:
        procs.close()


def test_a_worker_sees_its_server_die_even_before_it_is_reaped() -> None:
    """The watch that ends a worker whose server was killed (kill -9 leaves no shutdown)."""
    import subprocess
    import sys
    import time

    from russianbank.web.thinking import _alive

    assert _alive(os.getpid())
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    for _ in range(100):  # exited but not reaped: a zombie
        if not _alive(p.pid):
            break
        time.sleep(0.05)
    assert not _alive(p.pid)
    p.wait()
    assert not _alive(p.pid)


def test_reviews_are_made_in_a_worker_process_and_are_the_same() -> None:
    from russianbank.web.review import Reviews, review_record

    text = easy_record(60)

    async def run() -> tuple[int, int, dict[str, object]]:
        thinker = Thinker(ThreadPoolExecutor(1), processes=1)
        rv = Reviews(run=thinker.run)
        try:
            pid = await thinker.run(os.getpid)
            same = await thinker.run(lambda: os.getpid())  # cannot be pickled: in a thread here
            got = await rv.get("k", text, 0, 60)
            assert got is not None
            return pid, same, got
        finally:
            rv.close()
            thinker.close()

    pid, same, got = asyncio.run(run())
    assert pid != os.getpid() and same == os.getpid()
    assert got == review_record(text, 0)


def test_more_jobs_than_workers_wait_their_turn_and_a_dead_worker_is_replaced() -> None:
    """Jobs beyond the workers wait on the event loop (each worker one at a time); a worker
    killed in the middle of a job: that job is done in a thread, the next ones in new workers."""
    import signal

    from russianbank.web.thinking import _Pool

    async def run() -> None:
        thinker = Thinker(ThreadPoolExecutor(1), processes=2)
        try:
            pids = await asyncio.gather(*(thinker.run(_pid_after, 0.05) for _ in range(6)))
            workers = set(thinker.pids())
            assert len(workers) == 2 and set(pids) == workers  # six jobs, two workers
            pool = thinker._pool
            assert isinstance(pool, _Pool)
            job = asyncio.ensure_future(thinker.run(_pid_after, 2.0))
            await asyncio.sleep(0.3)
            busy = [c.pid for c in pool.children if c.busy]
            assert len(busy) == 1 and busy[0] is not None
            os.kill(busy[0], signal.SIGKILL)
            assert await job == os.getpid()  # done in a thread of this process instead
            again = await thinker.run(_pid_after, 0.0)
            assert again not in (os.getpid(), busy[0]) and again in thinker.pids()
        finally:
            thinker.close()

    asyncio.run(run())


def _pid_after(seconds: float) -> int:
    import time

    time.sleep(seconds)
    return os.getpid()
