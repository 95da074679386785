"""The web app in a real browser: Playwright driving Debian's Chromium against the real server.

Skipped only when /usr/bin/chromium is missing and RB_REQUIRE_BROWSER is not set (CI sets it).
Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = pytest.mark.browser

if not Path(CHROMIUM).exists() and not os.environ.get("RB_REQUIRE_BROWSER"):
    pytest.skip(f"{CHROMIUM} is missing (set RB_REQUIRE_BROWSER=1 to make this an error)", allow_module_level=True)

sync_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from russianbank.moves import Move  # noqa: E402
from russianbank.web.app import create_app  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RealServer:
    """The real app under uvicorn, in a thread."""

    def __init__(self, db: Path, port: int) -> None:
        self.app = create_app(f"sqlite:///{db}", ai_delay=0.15)
        self.srv = uvicorn.Server(
            uvicorn.Config(self.app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=2)
        )
        self.thread = threading.Thread(target=self.srv.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 15
        while not self.srv.started:
            assert time.time() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.srv.should_exit = True
        self.thread.join(15)
        assert not self.thread.is_alive(), "the server did not stop"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    db = tmp_path_factory.mktemp("web") / "browser.db"
    port = free_port()
    real = RealServer(db, port)
    yield f"http://127.0.0.1:{port}", real.app
    real.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"RB_REQUIRE_BROWSER is set but {CHROMIUM} is missing")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


# The contexts bypass the pages' Content-Security-Policy only because Playwright's
# wait_for_function evaluates its predicate with eval(); test_security.py loads the pages
# with the policy enforced and checks that nothing is refused.


def shot(page: Any, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def state_id(page: Any) -> int:
    return int(page.get_attribute("#board", "data-state-id"))


def legal(page: Any) -> list[str]:
    return (page.get_attribute("#board", "data-legal") or "").split()


def wait_my_turn(page: Any, timeout: float = 60_000) -> None:
    page.wait_for_function("document.body.dataset.yourTurn === '1'", timeout=timeout)


def center(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Any, src_sel: str, dst_sel: str) -> None:
    x0, y0 = center(page, src_sel)
    x1, y1 = center(page, dst_sel)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10, steps=3)
    page.mouse.move(x1, y1, steps=12)
    page.mouse.up()


def zone_sel(code: str) -> str:
    return f'.zone[data-zone="{code}"]'


def quick(moves: list[str]) -> str:
    """A move that gets the turn over soon: discard, foundation, reserve, hand, draw, pass."""
    if "HW" in moves:
        return "HW"
    for first in ("F", "R", "H"):
        for m in moves:
            if (first == "F" and m.endswith("F")) or (first != "F" and m[0] == first):
                return m
    for m in ("SH", "pass"):
        if m in moves:
            return m
    return moves[0]


def card_moves(moves: list[str]) -> list[str]:
    """Moves of a visible card onto a tableau pile or a foundation (they never end the turn)."""
    return [m for m in moves if m[0] in "12345678R" and m[1] in "12345678F"]


def deal_with_two_card_moves() -> int:
    """A deal where A (the person) moves first and can make two card moves in a row."""
    from russianbank.game import Game

    for seed in range(1000):
        g = Game("classic", seed=seed)
        first = card_moves([str(m) for m in g.legal_moves()])
        if g.turn != 0 or not first:
            continue
        g.push(Move.from_str(first[0]))
        if card_moves([str(m) for m in g.legal_moves()]):
            return seed
    raise AssertionError("no such deal")


def test_play_the_computer_in_the_browser(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1200, "height": 860})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + "/game/nosuchgame")
    page.wait_for_function("document.querySelector('#message').textContent === 'There is no such game.'")
    seed = deal_with_two_card_moves()
    page.goto(url + f"/?seed={seed}")
    page.select_option("#level", "easy")
    page.click("#startComputer")
    page.wait_for_selector("#board .card")
    wait_my_turn(page)
    game_url = page.url
    gid = game_url.split("/game/")[1].split("#")[0]
    shot(page, "computer_1_start")

    # drag a card to a legal target: the targets light up on the way, and it lands
    mv = card_moves(legal(page))[0]
    src = f'[data-src="{mv[0]}"]'
    name = page.get_attribute(src, "data-name")
    before = state_id(page)
    x0, y0 = center(page, src)
    x1, y1 = center(page, zone_sel(mv[1]))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=8)
    assert "target" in (page.get_attribute(zone_sel(mv[1]), "class") or "")
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
    page.wait_for_timeout(500)
    landed = page.get_attribute(f'.card[data-name="{name}"]', "data-zone")
    assert landed == mv[1], f"{name} should be on {mv[1]}, is on {landed}"
    shot(page, "computer_2_dragged")

    # tap to select, then tap the target
    wait_my_turn(page)
    mv = card_moves(legal(page))[0]
    src = f'[data-src="{mv[0]}"]'
    name = page.get_attribute(src, "data-name")
    before = state_id(page)
    page.click(src)
    assert "selected" in (page.get_attribute(src, "class") or "")
    assert "target" in (page.get_attribute(zone_sel(mv[1]), "class") or "")
    page.click(zone_sel(mv[1]), position={"x": 4, "y": 4})
    page.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
    page.wait_for_timeout(500)
    assert page.get_attribute(f'.card[data-name="{name}"]', "data-zone") == mv[1]

    # the hint names a legal move and lights it up
    wait_my_turn(page)
    page.click("#hintBtn")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint:')")
    hinted = page.inner_text("#message").split()[1]
    assert hinted in legal(page)
    shot(page, "computer_2b_hint")

    # an illegal drop slides back and names the rule
    g = app.state.manager.tables[gid].session._game
    wait_my_turn(page)
    moves = legal(page)
    bad = None
    for s in "1234RH":
        if page.locator(f'[data-src="{s}"]').count() == 0:
            continue
        for d in "5678F1234":
            if d != s and s + d not in moves and g.illegal_reason(Move.from_str(s + d)) is not None:
                bad = s + d
                break
        if bad:
            break
    assert bad is not None
    rule = g.illegal_reason(Move.from_str(bad))[0]
    src = f'[data-src="{bad[0]}"]'
    name = page.get_attribute(src, "data-name")
    before = state_id(page)
    drag(page, src, zone_sel(bad[1]))
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    text = toast.inner_text()
    assert f"({rule})" in text
    assert g.illegal_reason(Move.from_str(bad))[1] in text and "is illegal" not in text  # the reason, said once
    page.wait_for_timeout(500)
    assert state_id(page) == before
    assert page.get_attribute(f'.card[data-name="{name}"]', "data-zone") == bad[0]
    shot(page, "computer_3_illegal_drop")

    # keyboard play until the turn passes; then the computer answers
    for _ in range(80):
        if page.evaluate("document.body.dataset.turn") == "B":
            break
        wait_my_turn(page)
        before = state_id(page)
        page.keyboard.type(quick(legal(page)))
        page.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
    # the computer's moves are animated (cards slide from where they were)
    page.wait_for_function("document.getAnimations().length > 0", timeout=30_000)
    page.wait_for_function("document.querySelectorAll('#log li[data-player=\"B\"]').length > 0", timeout=30_000)
    page.wait_for_function(
        "document.body.dataset.yourTurn === '1' || document.querySelector('#endPanel').hidden === false",
        timeout=60_000,
    )
    page.wait_for_timeout(600)
    shot(page, "computer_4_answered")
    log_b = page.locator('#log li[data-player="B"]').first.inner_text()
    assert log_b.startswith("B:") and len(log_b.split()) >= 2

    # the language switch
    page.select_option("#lang", "ru")
    assert page.inner_text("#hintBtn") == "Подсказка" and "Матч" in page.inner_text("#match")
    page.select_option("#lang", "en")

    # reload: the same game, the same state
    sid = state_id(page)
    page.reload()
    page.wait_for_selector("#board .card")
    page.wait_for_function(f"document.querySelector('#board').dataset.stateId === '{sid}'")
    assert page.url == game_url
    # and the start page lists it
    page.goto(url + "/")
    page.wait_for_selector(f'#games li[data-game="{gid}"] a.resume')
    shot(page, "computer_5_start_page_lists_game")
    page.click(f'#games li[data-game="{gid}"] a.resume')
    page.wait_for_function(f"document.querySelector('#board')?.dataset.stateId === '{sid}'")
    assert errors == []
    ctx.close()


def test_two_players_and_a_stop_call(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    ca = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 800})
    cb = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    pa, pb = ca.new_page(), cb.new_page()
    pa.goto(url + "/")
    pa.check("#friendForm input[name=stops]")
    pa.click("#startFriend")
    pa.wait_for_selector("#board .card")
    friend_url = pa.input_value("#friendUrl")
    assert "#t=" in friend_url
    gid = pa.url.split("/game/")[1].split("#")[0]
    assert friend_url.split("#t=")[1] != pa.url.split("#t=")[1]
    pb.goto(friend_url)
    pb.wait_for_selector("#board .card")
    pages = {"A": pa, "B": pb}
    table = app.state.manager.tables[gid]

    def mover() -> str:
        return "AB"[table.session._game.turn]

    # the player not on move calls Stop with nothing broken: refused (S2), shown to both
    other = pages["B" if mover() == "A" else "A"]
    other.wait_for_function("!document.querySelector('#stopBtn').disabled")
    other.click("#stopBtn")
    for p in (pa, pb):
        p.wait_for_function("document.body.dataset.lastRuling === 'unfounded S2'")

    # the mover breaks a rule of order (found with the real game), the other calls Stop
    for _ in range(120):
        g = table.session._game
        m = pages[mover()]
        wait_my_turn(m)
        viol = [x for x in g.legal_moves() if x.code < 256 and str(x) != "HW" and g.order_violation(x)]
        before = state_id(m)
        move = str(viol[0]) if viol else quick(legal(m))
        m.fill("#moveInput", move)
        m.press("#moveInput", "Enter")
        m.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
        if viol:
            break
    else:
        pytest.fail("no violation came up")
    rule = table.session._game.pending_violation()[0]
    caller_seat = "B" if mover() == "A" else "A"
    caller = pages[caller_seat]
    caller.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
    caller.click("#stopBtn")
    for p in (pa, pb):
        p.wait_for_function(f"document.body.dataset.lastRuling === 'founded {rule}'")
        assert "Stop!" in p.inner_text("#message")
    caller.wait_for_function("document.body.dataset.yourTurn === '1'")
    # a spectator with the watch link sees the same table and no buttons to play
    cs = browser.new_context(bypass_csp=True, viewport={"width": 800, "height": 700})
    ps = cs.new_page()
    ps.goto(pa.input_value("#watchUrl"))
    ps.wait_for_function(f"document.querySelector('#board')?.dataset.stateId === '{state_id(pa)}'")
    assert ps.inner_text("#turn").startswith("Watching")
    assert ps.locator("#stopBtn").is_hidden() and ps.locator("#moveForm").is_hidden()
    assert ps.locator("[data-src]").count() == 0
    assert ps.inner_text("#log") == pa.inner_text("#log")
    cs.close()
    pa.wait_for_timeout(500)
    shot(pa, "friend_1_stop_seat_A")
    shot(pb, "friend_2_stop_seat_B_phone")
    assert "{Stop!" in pa.inner_text("#log")

    # on the phone (B), draw by touch: tap the stock, then the hand
    for _ in range(60):
        if mover() == "B":
            break
        before = state_id(pa)
        pa.fill("#moveInput", quick(legal(pa)))
        pa.press("#moveInput", "Enter")
        pa.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
    wait_my_turn(pb)
    assert "SH" in legal(pb)
    before = state_id(pb)
    pb.tap('[data-src="S"]')
    assert "target" in (pb.get_attribute(zone_sel("H"), "class") or "")
    pb.tap(zone_sel("H"))
    pb.wait_for_function(f"Number(document.querySelector('#board').dataset.stateId) > {before}")
    pb.wait_for_selector('.card[data-zone="H"]')
    assert table.session._game.move_stack[-1] == Move.from_str("SH")
    shot(pb, "friend_2b_phone_drew_by_touch")

    # B resigns; both see the end panel with the score; A plays again, B is offered the next game
    pb.on("dialog", lambda d: d.accept())
    pb.click("#resignBtn")
    for p in (pa, pb):
        p.wait_for_selector("#endPanel:not([hidden])")
    assert pa.inner_text("#endTitle") == "You won!" and pb.inner_text("#endTitle") == "You lost."
    assert "Total" in pa.inner_text("#endScore") and "Reserve cards" in pa.inner_text("#endScore")
    shot(pa, "friend_3_end_panel")
    rec = pa.request.get(url + pa.get_attribute("#downloadLink", "href"))
    assert rec.ok and '[Result "1-0"]' in rec.text()
    pa.click("#againBtn")
    pa.wait_for_function(f"!location.pathname.endsWith('{gid}')")
    pa.wait_for_selector("#board .card")
    pb.wait_for_function("document.querySelector('#againBtn').textContent === 'Next game'")
    pb.click("#againBtn")
    pb.wait_for_function(f"!location.pathname.endsWith('{gid}')")
    pb.wait_for_selector("#board .card")
    assert pa.url.split("#")[0] == pb.url.split("#")[0]
    assert pb.get_attribute("body", "data-turn") in ("A", "B")
    assert "(game 2)" in pa.inner_text("#match")
    ca.close()
    cb.close()


def test_the_page_reconnects_to_a_restarted_server(browser: Any, tmp_path: Path) -> None:
    """Stop the server mid-game and start it again on the same database: no move is lost."""
    db = tmp_path / "restart.db"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    first = RealServer(db, port)
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 800})
    page = ctx.new_page()
    page.goto(url + f"/?seed={deal_with_two_card_moves()}")
    page.click("#startComputer")
    page.wait_for_selector("#board .card")
    wait_my_turn(page)
    move = card_moves(legal(page))[0]
    page.keyboard.type(move)
    page.wait_for_function("document.querySelector('#board').dataset.stateId === '1'")
    first.stop()
    page.wait_for_function("document.body.dataset.connected === '0'")
    assert page.inner_text("#message").startswith("Connection lost")
    shot(page, "restart_1_server_down")
    second = RealServer(db, port)
    try:
        page.wait_for_function("document.body.dataset.connected === '1'", timeout=20_000)
        assert page.inner_text("#message") == ""
        assert state_id(page) == 1
        assert page.inner_text("#log").startswith(f"A: {move}")
        # and play goes on with the new server
        wait_my_turn(page)
        nxt = legal(page)[0]
        page.fill("#moveInput", nxt)
        page.press("#moveInput", "Enter")
        page.wait_for_function("Number(document.querySelector('#board').dataset.stateId) >= 2")
        shot(page, "restart_2_reconnected")
    finally:
        ctx.close()
        second.stop()
