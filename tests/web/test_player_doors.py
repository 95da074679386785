"""The players' doors: the attempt limits' sliding window, and the password checks (argon2id, a
dummy check for a name with no password, off the event loop)."""

from __future__ import annotations

import asyncio
import threading
import unicodedata

import pytest
from argon2 import PasswordHasher

from russianbank.web.players.limits import PlayerLimits, Window
from russianbank.web.players.passwords import HASHER, Passwords
from russianbank.web.players.service import check_password
from russianbank.web.protocol import RequestError

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def test_a_window_counts_attempts_and_forgets_them() -> None:
    w = Window(3, 60.0)
    assert [w.wait("a", now=t) for t in (0.0, 1.0, 2.0)] == [0, 0, 0]
    assert w.wait("a", now=3.0) == 57  # the first attempt leaves the window at 60 s
    assert w.wait("b", now=3.0) == 0  # each key on its own
    assert w.wait("a", now=60.0) == 0 and w.wait("a", now=60.5) == 1


def test_the_limits_an_operator_may_set_have_defaults() -> None:
    lim = PlayerLimits()
    assert lim.logins_per_name <= lim.logins_per_address and lim.window > 0


def test_argon2id_with_owasps_minimum() -> None:
    h = Passwords().hash_sync("correct horse")
    assert h.startswith("$argon2id$") and "m=19456,t=2,p=1" in h
    assert HASHER.time_cost == 2


def test_a_password_opens_its_own_hash_only() -> None:
    p = Passwords(CHEAP)
    h = p.hash_sync("correct horse")
    assert p.verify_sync(h, "correct horse") is True
    assert p.verify_sync(h, "correct hors") is False
    assert p.verify_sync("not a hash", "correct horse") is False
    assert p.verify_sync(None, "not a password of anybody's") is False  # the dummy's own words open nothing


def test_a_name_with_no_password_costs_a_check_all_the_same() -> None:
    calls: list[str] = []

    class Counting(PasswordHasher):
        def verify(self, hash: str | bytes, password: str | bytes) -> bool:
            calls.append(str(hash))
            return super().verify(hash, password)

    p = Passwords(Counting(time_cost=1, memory_cost=8, parallelism=1))
    assert p.verify_sync(None, "whatever it is") is False
    assert len(calls) == 1 and calls[0].startswith("$argon2id$")  # the dummy hash, checked like any other


def test_hashing_and_checking_run_off_the_event_loop() -> None:
    seen: list[str] = []

    class Where(PasswordHasher):
        def hash(self, password: str | bytes, *, salt: bytes | None = None) -> str:
            seen.append(threading.current_thread().name)
            return super().hash(password, salt=salt)

    async def main() -> None:
        p = Passwords(Where(time_cost=1, memory_cost=8, parallelism=1))
        seen.clear()
        h = await p.hash("correct horse")
        assert await p.verify(h, "correct horse") is True

    asyncio.run(main())
    assert seen and seen[0] != threading.main_thread().name


PASSWORDS = [("12345678", True), ("1234567", False), ("x" * 200, True), ("x" * 201, False), ("ｐａｓｓｗｏｒｄ", True),
             (None, False), (12345678, False)]  # fmt: skip


@pytest.mark.parametrize(("given", "ok"), PASSWORDS)
def test_what_a_password_may_be(given: object, ok: bool) -> None:
    if ok:
        assert isinstance(given, str) and check_password(given) == unicodedata.normalize("NFKC", given)
    else:
        with pytest.raises(RequestError) as e:
            check_password(given)
        assert e.value.code == "bad_password" and e.value.msg.code.startswith("players.password_")
