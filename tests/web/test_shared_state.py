"""What every seat sees is built and diffed once per move and shared between the seats' states
(``seatstate.view_dict``, ``delta.diff_shared``): over random games with seats, spectators who
join late and clients that ask for the full state again, every client that applies its deltas
ends with exactly the full state built from scratch, and the move log is the one made from the
history alone."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from test_delta import json_value

from russianbank.options import options_for
from russianbank.session import MatchTotal
from russianbank.web.delta import StateSync, apply, diff, diff_shared
from russianbank.web.manager import TableManager
from russianbank.web.metrics import Metrics
from russianbank.web.protocol import RequestError
from russianbank.web.state_message import history_entries
from russianbank.web.store import SeedCipher, Store, StoredGame
from russianbank.web.tables import SeatStream, Table


class MemoryStore(Store):
    """Every write is stored at once (the tables' logic without a database)."""

    async def write(self, item: Any) -> bool:
        return True


class Client:
    """A connection as a table sees it, with a client's side of the stream."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.table: Any = None
        self.closed = False
        self.sync = StateSync()
        self.inbox: list[str] = []

    def send(self, text: str) -> bool:
        self.inbox.append(text)
        return True

    def read(self) -> None:
        for text in self.inbox:
            kind, _ = self.sync.receive(json.loads(text))
            assert kind != "resync", "a delta did not fit the state it was sent for"
        self.inbox.clear()


def fresh_state(table: Table, seat: int | None) -> dict[str, Any]:
    """The seat's full state built from scratch (no state sent before, nothing shared)."""
    table.caches.pop("common", None)
    table.caches.pop("event", None)
    full = json.loads(SeatStream(seat).full_text(table))
    return {k: v for k, v in full.items() if k not in ("type", "rev")}


async def play_one(seed: int, pick: int, preset: str) -> int:
    rng = random.Random(pick)
    manager = TableManager(MemoryStore(SeedCipher(b"k" * 32)), None, metrics=Metrics())  # type: ignore[arg-type]
    stored = StoredGame(
        id="g",
        match_id="g",
        match_no=1,
        mode="friend",
        level=None,
        computer_seat=None,
        options=options_for(preset, stops=preset != "single").to_dict(),
        seed=seed,
        token_hashes=(None, None),
        finished=False,
        next_game=None,
        moves=[],
    )
    session = manager.new_session(stored, [], MatchTotal(), None, 0.0)
    table = Table(manager, stored, session, [])
    table.start_events = session.start(0.0)
    manager.tables["g"] = table
    clients = [Client(0), Client(1)]
    for c in clients:
        await table.join(c, c.seat)  # type: ignore[arg-type]
    moves = 0
    for step in range(120):
        if table.session.is_over():
            break
        r = rng.random()
        if r < 0.05:  # somebody comes to watch (their state is built later than the seats')
            c = Client(None)
            clients.append(c)
            await table.join(c, None)  # type: ignore[arg-type]
        elif r < 0.08:  # a client asks for the full state again
            table.send_full(rng.choice(clients))  # type: ignore[arg-type]
        try:
            if r > 0.97:
                await table.handle_undo(rng.choice((0, 1)), {"type": "undo"})
            elif r > 0.94:
                await table.handle_stop(1 - table.session.turn, {"type": "stop", "state": table.state_id})
            else:
                legal = [str(m) for m in table.session.view(table.session.turn).legal_moves]
                await table.handle_move(
                    table.session.turn, {"type": "move", "move": rng.choice(legal), "state": table.state_id}
                )
                moves += 1
        except RequestError:
            pass  # refused (an undo or a Stop that is not allowed now): nothing changed
        for c in clients:
            c.read()
        if step % 10 == 0 or table.session.is_over():
            for c in clients:
                got = c.sync.current()
                assert got is not None
                got.pop("type"), got.pop("rev")
                assert got == fresh_state(table, c.seat)
                view = table.session.view(c.seat)
                names = table.session.seating.names(c.seat)
                assert got["page"]["log"] == json.loads(json.dumps(history_entries(view, c.seat, names=names)))
    return moves


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**62), st.integers(0, 2**32), st.sampled_from(["classic", "hoyle", "single"]))
def test_clients_applying_shared_deltas_end_with_exactly_the_full_state(seed: int, pick: int, preset: str) -> None:
    assert asyncio.run(play_one(seed, pick, preset)) > 0


@settings(max_examples=300, deadline=None)
@given(json_value, json_value, json_value, st.booleans())
def test_diff_shared_gives_the_same_operations_as_diff(a: Any, b: Any, c: Any, share: bool) -> None:
    """Two states with parts in common (the very same objects, or equal copies) diffed with one memo."""
    old1 = {"view": {"x": a, "y": [a, b]}, "page": {"log": [c]}, "n": 1}
    new1 = {"view": {"x": b, "y": [a, c]}, "page": {"log": [c, a]}, "n": 2}
    old2 = old1 if share else copy.deepcopy(old1)
    new2 = {"view": dict(new1["view"]) if share else copy.deepcopy(new1["view"]), "page": {"log": [b]}, "n": 2}
    memo: dict[Any, Any] = {}
    for old, new in ((old1, new1), (old2, new2), (old1, new1)):
        ops = diff_shared(old, new, memo)
        assert ops == diff(old, new)
        got = apply(json.loads(json.dumps(old)), json.loads(json.dumps(ops)))  # as a client has it
        assert json.dumps(got, sort_keys=True) == json.dumps(new, sort_keys=True)
