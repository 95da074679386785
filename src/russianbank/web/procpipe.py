"""A child process that answers calls over a pipe, its answers read by the event loop itself.

A thread of the server process that waits on a disk or a pipe has to take the interpreter lock
back after every wait, and while the event loop is busy that takes up to the switch interval
(5 ms) each time: a 4 ms SQLite commit took 8-25 ms from a thread beside a busy loop, and the
process pool's two helper threads (one to hand the jobs out, one to read the answers) cost the
loop a lock hand-off at every job. A :class:`PipeChild` has no thread in the
server: the loop writes a pickled call ``(fn, args)`` to the child's pipe, and reads the pickled
answer when the pipe becomes readable (``loop.add_reader``). One call at a time per child.

The child ends when its pipe closes (the server stopped or was killed: the kernel closes the
pipe), after the call in progress; a caller whose child died gets :class:`ChildDied`.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import select
import signal
import socket
import struct
import subprocess
import sys
from collections.abc import Callable
from typing import Any

PROTOCOL = pickle.HIGHEST_PROTOCOL


class ChildDied(Exception):
    """The child process ended (or its pipe broke) before it answered."""


_HEADER = struct.Struct("!Q")  # each message: its length, then its pickle


def _read_exactly(fd: int, n: int) -> bytes:
    """In the child (a blocking pipe): ``n`` bytes, or EOFError when the pipe closed first."""
    parts, got = [], 0
    while got < n:
        chunk = os.read(fd, n - got)
        if not chunk:
            raise EOFError
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def _write_all(fd: int, data: bytes, *, wait: bool = False) -> None:
    """All of ``data``; ``wait``: the fd is non-blocking (the server's end: an event loop such as
    uvloop makes it so), so wait for room when the pipe is full (its reader is reading)."""
    view = memoryview(data)
    while view:
        try:
            n = os.write(fd, view)
        except BlockingIOError:
            if not wait:
                raise
            select.select([], [fd], [], 1.0)
            continue
        view = view[n:]


def _frame(obj: Any) -> bytes:
    data = pickle.dumps(obj, PROTOCOL)
    return _HEADER.pack(len(data)) + data


def _child_main(conn: Any, init: Callable[..., Any] | None, init_args: tuple[Any, ...]) -> None:
    """In the child: answer each call read from ``conn`` with ``(True, result)`` or ``(False, error)``."""
    fd = conn.fileno()
    os.set_blocking(fd, True)
    if init is not None:
        init(*init_args)
    while True:
        try:
            (n,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size))
            data = _read_exactly(fd, n)
        except (EOFError, OSError):
            os._exit(0)  # the server is gone: nothing to answer
        try:
            fn, args = pickle.loads(data)
            out: tuple[bool, Any] = (True, fn(*args))
        except BaseException as e:  # the caller gets the error
            out = (False, e)
        try:
            payload = _frame(out)
        except Exception as e:  # an answer that cannot be pickled: say so
            payload = _frame((False, RuntimeError(f"the answer could not be sent back: {e!r}")))
        try:
            _write_all(fd, payload)
        except OSError:
            os._exit(0)


def _command_main(fd: int) -> None:
    """The child of :meth:`PipeChild._start_command`: its set-up call comes first on the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    conn = socket.socket(fileno=fd)
    try:
        (n,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size))
        init, init_args = pickle.loads(_read_exactly(fd, n))
    except (EOFError, OSError):
        os._exit(0)
    _child_main(conn, init, init_args)


class PipeChild:
    """One child process (of the multiprocessing context ``ctx``, or with ``ctx`` None a new
    interpreter of its own, see :meth:`_start_command`), started by :meth:`start` (blocking: at
    start-up, or in a thread), then called from the event loop with :meth:`call`."""

    def __init__(self, ctx: Any, init: Callable[..., Any] | None = None, init_args: tuple[Any, ...] = ()) -> None:
        self.ctx = ctx
        self.init = init
        self.init_args = init_args
        self.proc: Any = None
        self.conn: Any = None
        self.busy = False  # a call was sent and its answer is not read yet
        self.dead = False
        self.on_idle: Callable[[PipeChild], None] | None = None  # told when an answer has been read
        self._fut: asyncio.Future[Any] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._buf = bytearray()  # the answer read so far

    def start(self) -> None:
        if self.ctx is None:
            self._start_command()
            return
        parent, child = self.ctx.Pipe(duplex=True)
        proc = self.ctx.Process(target=_child_main, args=(child, self.init, self.init_args), daemon=True)
        proc.start()
        child.close()
        self.proc, self.conn = proc, parent

    def _start_command(self) -> None:
        """``ctx`` None: a new interpreter (``python -c``) on one end of a socket pair, with this
        process's ``sys.path``; it does not run the server's main module again (multiprocessing's
        ``spawn`` does), and it ignores SIGINT and SIGTERM (a Ctrl+C reaches the whole process
        group): it ends when its pipe closes, after the call in progress."""
        mine, theirs = socket.socketpair()
        code = (
            f"import sys; sys.path[:0] = {sys.path!r}; "
            f"from russianbank.web.procpipe import _command_main; _command_main({theirs.fileno()})"
        )
        try:
            proc = subprocess.Popen([sys.executable, "-c", code], pass_fds=[theirs.fileno()], stdin=subprocess.DEVNULL)
        finally:
            theirs.close()
        _write_all(mine.fileno(), _frame((self.init, self.init_args)))
        self.proc, self.conn = proc, mine

    @property
    def pid(self) -> int | None:
        return None if self.proc is None else self.proc.pid

    async def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the child. A pickling error is raised before anything is sent; if the
        caller is cancelled, the answer is still read (and dropped) before the next call."""
        if self.busy or self.dead or self.conn is None:
            raise ChildDied("the child process is busy or not running")
        data = _frame((fn, args))
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        fd = self.conn.fileno()
        os.set_blocking(fd, False)
        try:
            _write_all(fd, data, wait=True)
        except OSError as e:
            self._died()
            raise ChildDied(f"the child process could not be reached: {e}") from e
        self.busy = True
        self._fut, self._loop = fut, loop
        self._buf = bytearray()
        loop.add_reader(fd, self._readable)
        return await fut

    def _readable(self) -> None:
        """Part of the answer (or the end of the pipe) is there: read it in the loop's thread; when
        the whole answer is in, the caller gets it."""
        loop, fut = self._loop, self._fut
        assert loop is not None and fut is not None
        fd = self.conn.fileno()
        try:
            chunk = os.read(fd, 1 << 20)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        ok: bool
        value: Any
        if chunk:
            self._buf += chunk
            if len(self._buf) < _HEADER.size:
                return
            (n,) = _HEADER.unpack_from(self._buf)
            if len(self._buf) < _HEADER.size + n:
                return
            try:
                ok, value = pickle.loads(memoryview(self._buf)[_HEADER.size : _HEADER.size + n])
            except Exception as e:  # an answer that cannot be read back
                ok, value = False, e
        else:
            ok, value = False, ChildDied(f"the child process {self.pid} ended before it answered")
        loop.remove_reader(fd)
        self._fut = self._loop = None
        self._buf = bytearray()
        if not chunk:
            self._died()
        self.busy = False
        if not fut.done():
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value)
        if self.on_idle is not None and not self.dead:
            self.on_idle(self)

    def drop_stale_answer(self) -> None:
        """A call whose event loop closed before its answer came: read that answer now (blocking)
        so that the child can be called from another loop (tests run several loops)."""
        if self.busy and (self._loop is None or self._loop.is_closed()):
            fd = self.conn.fileno()
            os.set_blocking(fd, True)
            try:
                have = bytes(self._buf)
                if len(have) < _HEADER.size:
                    have += _read_exactly(fd, _HEADER.size - len(have))
                (n,) = _HEADER.unpack_from(have)
                if len(have) < _HEADER.size + n:
                    _read_exactly(fd, _HEADER.size + n - len(have))
            except (EOFError, OSError):
                self._died()
            self.busy = False
            self._fut = self._loop = None
            self._buf = bytearray()

    def _died(self) -> None:
        self.dead = True
        if self.conn is not None:
            with contextlib.suppress(OSError):
                self.conn.close()

    def close(self, timeout: float = 5.0) -> None:
        """End the child: its pipe closed (it finishes the call in progress and leaves), then,
        if it does not leave within ``timeout`` seconds, terminated."""
        loop, fut = self._loop, self._fut
        if loop is not None and not loop.is_closed() and self.conn is not None:
            with contextlib.suppress(Exception):
                loop.remove_reader(self.conn.fileno())
            if fut is not None and not fut.done():  # its caller is told (close runs in the loop's thread)
                fut.set_exception(ChildDied("the child process was stopped"))
        self._fut = self._loop = None
        self.busy = False
        self._died()
        proc = self.proc
        if proc is not None and not _wait(proc, timeout):
            with contextlib.suppress(Exception):
                proc.kill()
                _wait(proc, timeout)
        self.proc = None

    def terminate(self) -> None:
        """Stop the child at once (what it was doing is thrown away)."""
        if self.proc is not None:
            with contextlib.suppress(Exception):
                self.proc.kill()
        self.close()


def _wait(proc: Any, timeout: float) -> bool:
    """Wait for a ``multiprocessing.Process`` or a ``subprocess.Popen`` to end; False: still running."""
    try:
        if isinstance(proc, subprocess.Popen):
            proc.wait(timeout)
            return True
        proc.join(timeout)
        return not proc.is_alive()
    except Exception:
        return False
