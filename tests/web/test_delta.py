"""Deltas: applying them ends with exactly the full state, in Python and in the page's sync.js."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from webhelp import join, new_game, quick_move, recv, token_of

from russianbank.web.delta import DeltaError, StateSync, apply, diff

json_leaf = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from([0.0, 1.0, "", "a", "QH", "7♥"])
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from("abcde"), inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(json_value, json_value)
def test_applying_the_diff_gives_the_new_value(old: Any, new: Any) -> None:
    ops = diff(old, new)
    got = apply(copy.deepcopy(old), json.loads(json.dumps(ops)))
    assert json.dumps(got, sort_keys=True) == json.dumps(new, sort_keys=True)
    assert (ops == []) == (json.dumps(old, sort_keys=True) == json.dumps(new, sort_keys=True))


@settings(max_examples=200, deadline=None)
@given(st.lists(json_value, max_size=6), st.lists(json_value, max_size=4))
def test_a_list_that_only_grows_costs_only_its_new_items(base: list[Any], extra: list[Any]) -> None:
    ops = diff({"log": base}, {"log": base + extra})
    assert ops == ([["append", ["log"], extra]] if extra else [])


edit = st.sampled_from(["keep", "replace", "drop"])


@settings(max_examples=300, deadline=None)
@given(st.lists(json_value, max_size=6), st.lists(edit, max_size=6), st.lists(json_value, max_size=3), json_value)
def test_a_new_state_sharing_the_old_ones_objects_diffs_exactly(
    base: list[Any], edits: list[str], extra: list[Any], other: Any
) -> None:
    """As the server builds states: unchanged parts are the very same objects as in the state
    sent before (the identity fast path), changed ones new; the delta still gives the new state."""
    new: list[Any] = []
    for i, item in enumerate(base):
        e = edits[i] if i < len(edits) else "keep"
        if e == "keep":
            new.append(item)
        elif e == "replace":
            new.append(other)
    new += extra
    old_state, new_state = {"log": base, "x": base}, {"log": new, "x": base}
    ops = diff(old_state, new_state)
    got = apply(json.loads(json.dumps(old_state)), json.loads(json.dumps(ops)))  # as a client has it
    assert json.dumps(got, sort_keys=True) == json.dumps(new_state, sort_keys=True)
    if all(e == "keep" for e in edits[: len(base)]):
        assert ops == ([["append", ["log"], extra]] if extra else [])


def test_bad_operations_are_refused() -> None:
    for ops in ([["set", ["x", "y"], 1]], [["del", ["nope"]]], [["append", ["a"], [1]]], [["trunc", ["l"], 9]], [1]):
        with pytest.raises(DeltaError):
            apply({"a": 1, "l": [1]}, ops)  # type: ignore[arg-type]


def play(client: Any, seed: int, moves: int) -> tuple[str, str, str, list[dict[str, Any]], dict[str, list[str]]]:
    """A table for two played ``moves`` moves (Stops now and then); every message each one got."""
    d = new_game(client, mode="friend", seed=seed, stops=True)
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    texts: dict[str, list[str]] = {"A": [], "B": [], "S": []}
    with (
        client.websocket_connect(f"/ws/{gid}") as wa,
        client.websocket_connect(f"/ws/{gid}") as wb,
        client.websocket_connect(f"/ws/{gid}") as wspec,
    ):
        socks = {"A": wa, "B": wb, "S": wspec}
        syncs = {k: StateSync() for k in socks}
        for k, tok in (("A", ta), ("B", tb), ("S", None)):
            socks[k].send_json({"type": "join", "token": tok} if tok else {"type": "join"})
        states: dict[str, Any] = {}
        for k, w in socks.items():
            t = w.receive_text()
            texts[k].append(t)
            states[k] = syncs[k].receive(json.loads(t))[1]
        for i in range(moves):
            s = states["A"]
            if s["view"]["outcome"]:
                break
            mover = s["view"]["turn"]
            other = "B" if mover == "A" else "A"
            legal = states[mover]["view"]["legal_moves"]
            if i % 7 == 3:
                socks[other].send_json({"type": "stop", "state": s["state_id"]})
            else:
                socks[mover].send_json(
                    {"type": "move", "move": quick_move(legal) if i % 3 else legal[-1], "state": s["state_id"]}
                )
            for k, w in socks.items():
                while True:
                    t = w.receive_text()
                    texts[k].append(t)
                    kind, out = syncs[k].receive(json.loads(t))
                    assert kind != "resync"
                    if kind == "state":
                        states[k] = out
                        break
                    if out["type"] in ("notice", "error"):
                        break
        finals = [states[k] for k in ("A", "B", "S")]
    return gid, ta, tb, finals, texts


def test_a_client_applying_deltas_ends_with_exactly_the_full_state(make_client) -> None:
    c = make_client()
    gid, ta, tb, finals, texts = play(c, seed=17, moves=160)
    assert finals[0]["state_id"] > 100
    for tok, final in ((ta, finals[0]), (tb, finals[1]), (None, finals[2])):
        with c.websocket_connect(f"/ws/{gid}") as ws:
            fresh = join(ws, tok)
        fresh.pop("rev"), final.pop("rev")
        assert fresh == final
    deltas = [t for t in texts["A"] if t.startswith('{"type":"delta"')]
    assert len(deltas) > 100
    # a delta is small: it does not grow with the game as a full state does
    with c.websocket_connect(f"/ws/{gid}") as ws:
        ws.send_json({"type": "join", "token": ta})
        full = len(ws.receive_text())
    assert max(len(t) for t in deltas[-20:]) < full / 3
    assert sum(len(t) for t in deltas) / len(deltas) < 1000


def test_a_client_that_misses_a_delta_asks_for_the_full_state(make_client) -> None:
    c = make_client()
    d = new_game(c, mode="friend", seed=4)
    gid, ta, tb = d["game_id"], d["token"], token_of(d["friend_url"])
    with c.websocket_connect(f"/ws/{gid}") as wa, c.websocket_connect(f"/ws/{gid}") as wb:
        ma, mb = join(wa, ta), join(wb, tb)
        mover, m = (wa, ma) if ma["your_turn"] else (wb, mb)
        watcher = wb if mover is wa else wa
        sync = StateSync()
        sync.receive(json.loads(json.dumps(mb if mover is wa else ma)))
        mover.send_json({"type": "move", "move": m["view"]["legal_moves"][0], "state": 0})
        recv(mover)
        first = recv(watcher)
        assert first["type"] == "delta" and first["base"] + 1 == first["rev"]
        # a client that never saw `first` gets the next delta: it cannot apply it
        fake = {**first, "base": first["base"] + 1, "rev": first["rev"] + 1}
        assert sync.receive(fake) == ("resync", None)
        watcher.send_json({"type": "sync"})
        full = recv(watcher)
        assert full["type"] == "state" and full["rev"] == first["rev"] and full["state_id"] == 1
        assert sync.receive(full)[0] == "state"


# ------------------------------------------------------------- the page's sync.js


@pytest.mark.browser
def test_sync_js_in_chromium_ends_with_exactly_the_full_state(make_client, real_server, chromium) -> None:
    c = make_client()
    gid, ta, _tb, finals, texts = play(c, seed=23, moves=90)
    url, _app = real_server
    page = chromium.new_page()
    page.goto(url + "/rules")
    script = """async (stream) => {
        const { StateSync, applyDelta } = await import("/static/js/sync.js");
        const sync = new StateSync();
        let last = null, states = 0, before = null, kept = true;
        for (const text of stream) {
            const got = sync.receive(JSON.parse(text));
            if (got.kind === "resync") return { error: "resync" };
            if (got.kind === "state") {
                if (before !== null && JSON.stringify(before.copy) !== JSON.stringify(before.state)) kept = false;
                before = { state: got.state, copy: JSON.parse(JSON.stringify(got.state)) };
                last = got.state; states++;
            }
        }
        // a delta whose base is not the current revision: the page must ask for the full state
        const gap = sync.receive({ type: "delta", base: sync.rev + 5, rev: sync.rev + 6, ops: [] });
        let bad = null;
        try { applyDelta({ a: 1 }, [["del", ["b"]]]); } catch (e) { bad = e.name + ":" + e.constructor.name; }
        return { last, states, gap: gap.kind, bad, kept };
    }"""
    out = page.evaluate(script, texts["A"])
    page.close()
    assert out.get("error") is None
    assert out["gap"] == "resync" and out["bad"] == "Error:DeltaError"
    assert out["kept"], "applying a delta changed a state the page had been given"
    assert out["states"] > 60
    expected = finals[0]
    assert out["last"] == expected
    del gid, ta


@pytest.mark.parametrize("preset", ["classic", "hoyle", "single"])
def test_the_fast_view_dict_is_the_views_to_dict(preset: str) -> None:
    import random
    import types

    from russianbank.game import Game
    from russianbank.web.seatstate import view_dict
    from russianbank.web.tables import Table

    fake = types.SimpleNamespace(caches={})
    fake.append_only = lambda name, n, make: Table.append_only(fake, name, n, make)  # type: ignore[arg-type]
    rng = random.Random(5)
    g = Game(preset, seed=9, stops=preset != "single")
    for i in range(400):
        if g.is_over():
            break
        if i % 5 == 0:
            for seat in (0, 1, None):
                view = g.view(seat)
                want = view.to_dict()
                want.pop("pending_violation", None)
                assert view_dict(fake, view) == want
        g.push(rng.choice(g.legal_moves()))
