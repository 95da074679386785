"""Who is at a table, across server processes: what each says on the shared channel, and what it believes."""

from __future__ import annotations

import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from test_processes import Client, Proc, procs  # noqa: F401  (procs: the fixture)
from webhelp import token_of

from russianbank.web.presence import Presence, parse_presence, presence_payloads, seats_text


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_seats_are_believed_for_a_while_and_a_leave_counts_at_once() -> None:
    clock = Clock()
    p = Presence(clock=clock, ttl=10)
    p.deliver("\n".join(["other", "p g1 B", "p g2 AB", "m g1 3 RF"]), own_origin="me")
    assert p.remote_seats("g1") == {1} and p.remote_seats("g2") == {0, 1}
    p.deliver("me\np g3 A", own_origin="me")  # its own word: not counted twice
    assert p.remote_seats("g3") == set()
    p.deliver("third\np g1 A", own_origin="me")
    assert p.remote_seats("g1") == {0, 1}
    p.deliver("other\np g1 -", own_origin="me")  # B's connection left the other process
    assert p.remote_seats("g1") == {0}
    clock.t += 10.5  # a process that died says nothing more: it stops counting
    assert p.remote_seats("g1") == set() and p.remote_seats("g2") == set()
    p.prune()
    assert p._remote == {}


def test_changes_are_only_kept_where_there_are_other_processes_to_tell() -> None:
    p = Presence()
    p.changed("g1")
    assert p.take_dirty() == []
    woken: list[int] = []
    p.shared, p.on_dirty = True, lambda: woken.append(1)
    p.changed("g2"), p.changed("g1"), p.changed("g2")
    assert p.take_dirty() == ["g1", "g2"] and woken == [1, 1, 1] and p.take_dirty() == []


def test_payloads_are_split_under_the_limit_and_read_back() -> None:
    games = {f"game{i:05d}": ("A", "B", "AB", "-")[i % 4] for i in range(2000)}
    payloads = presence_payloads("orig", games)
    assert len(payloads) > 1 and all(len(x.encode()) <= 7000 for x in payloads)
    back: dict[str, str] = {}
    for x in payloads:
        origin, got = parse_presence(x)
        assert origin == "orig"
        back.update(got)
    assert back == games
    assert seats_text([None, 1, 0, 1]) == "AB" and seats_text([None]) == "-" and seats_text([]) == "-"


@given(st.text(max_size=200))
def test_any_payload_is_read_without_error(text: str) -> None:
    p = Presence()
    p.deliver(text, own_origin="me")
    for gid in list(p._remote):
        assert p.remote_seats(gid) <= {0, 1}


def _until(cond, timeout: float = 15.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.1)


def test_a_friend_on_another_process_is_shown_as_here(pg_url: str, procs, tmp_path: Path) -> None:  # noqa: F811
    key = tmp_path / "server.key"
    p1, p2 = Proc(pg_url, key), Proc(pg_url, key)
    procs.extend([p1, p2])
    d = p1.post("/api/games", {"mode": "friend"})
    gid = d["game_id"]
    where = f"/api/games/{gid}/presence"
    a = Client(p1, gid, d["token"])
    assert p1.get(where) == {"A": True, "B": False}
    b = Client(p2, gid, token_of(d["friend_url"]))
    _until(lambda: p1.get(where) == {"A": True, "B": True})  # p2 told p1
    # p1 told p2 at once when A joined, but p2 may have been starting to listen then: the word
    # is said again every few seconds (presence.py), so p2 knows within that time
    _until(lambda: p2.get(where) == {"A": True, "B": True})
    watcher = Client(p2, gid, None)  # spectators are not players
    b.close()
    _until(lambda: p1.get(where) == {"A": True, "B": False})
    _until(lambda: p2.get(where) == {"A": True, "B": False})
    watcher.close()
    a.close()
    assert p1.stop() == 0 and p2.stop() == 0
