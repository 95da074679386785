"""A child process called over a pipe from the event loop (web/procpipe.py): answers, errors,
cancelled calls, a child that dies, a child whose server went away."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import time

import pytest

from russianbank.web.procpipe import ChildDied, PipeChild

_STATE: list[int] = []


def _remember(n: int) -> None:  # a set-up call: state the later calls see
    _STATE.append(n)


def _state() -> list[int]:
    return list(_STATE)


def _slow(seconds: float, value: object) -> object:
    time.sleep(seconds)
    return value


def _fail() -> None:
    raise ValueError("no such thing")


@pytest.fixture(params=["command", "forkserver"])
def child(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    ctx = None if request.param == "command" else multiprocessing.get_context("forkserver")
    c = PipeChild(ctx, _remember, (7,))
    c.start()
    yield c
    c.close()


def test_answers_errors_and_what_cannot_be_sent(child: PipeChild) -> None:
    async def run() -> None:
        assert await child.call(_state) == [7]  # the set-up call ran in the child, once
        assert await child.call(os.getpid) == child.pid != os.getpid()
        with pytest.raises(ValueError, match="no such thing"):
            await child.call(_fail)
        with pytest.raises(Exception):  # noqa: B017  (a lambda cannot be pickled: nothing was sent)
            await child.call(lambda: 1)
        assert not child.busy and await child.call(_slow, 0, "still here") == "still here"

    asyncio.run(run())


def test_a_cancelled_call_leaves_its_answer_behind(child: PipeChild) -> None:
    async def run() -> None:
        task = asyncio.ensure_future(child.call(_slow, 0.3, "late"))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert child.busy  # its answer is still to come: nobody may call meanwhile
        for _ in range(100):
            if not child.busy:
                break
            await asyncio.sleep(0.01)
        assert await child.call(_slow, 0, "mine") == "mine"  # not the late answer

    asyncio.run(run())


def test_a_child_that_dies_is_named(child: PipeChild) -> None:
    async def run() -> None:
        task = asyncio.ensure_future(child.call(_slow, 5, "never"))
        await asyncio.sleep(0.2)
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)
        with pytest.raises(ChildDied):
            await task
        assert child.dead
        with pytest.raises(ChildDied):
            await child.call(_state)

    asyncio.run(run())


def test_the_child_leaves_when_its_pipe_closes() -> None:
    """A server killed with kill -9 closes its end of the pipe (the kernel does): the child ends
    after the call in progress; SIGTERM alone does not stop a command child (a Ctrl+C or a SIGTERM
    to the whole process group must not stop the database writer before the server is done)."""
    c = PipeChild(None)
    c.start()
    try:
        pid = c.pid
        assert pid is not None
        assert asyncio.run(c.call(_slow, 0, "started")) == "started"  # its signal handlers are set
        os.kill(pid, signal.SIGTERM)
        os.kill(pid, signal.SIGINT)
        assert asyncio.run(c.call(_slow, 0.1, "alive")) == "alive"
        c.conn.close()
        assert c.proc.wait(5) == 0
    finally:
        c.close()


def test_a_large_call_and_answer_go_whole(child: PipeChild) -> None:
    """Bigger than a pipe's buffer both ways: written in parts, read in parts (the loop's end of
    the pipe is non-blocking), each message whole."""
    big = os.urandom(3 << 20)

    async def run() -> None:
        assert await child.call(_slow, 0, big) == big
        assert await child.call(_slow, 0, "small") == "small"

    asyncio.run(run())
