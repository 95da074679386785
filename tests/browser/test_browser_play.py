"""Playing in a real browser: a whole game against the computer, refusals, the keyboard, a friend, a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    RealServer,
    center,
    drag,
    free_port,
    legal,
    new_game,
    open_seat,
    prefs,
    shot,
    src_sel,
    state_id,
    wait_my_turn,
    wait_state_after,
    zone_sel,
)

from russianbank.game import Game
from russianbank.moves import Move
from russianbank.session.words import planned


def card_moves(moves: list[str]) -> list[str]:
    """Moves of a visible card onto a tableau pile or a foundation (they never end the turn)."""
    return [m for m in moves if m[0] in "12345678R" and m[1] in "12345678F"]


def deal_with_two_card_moves() -> int:
    """A deal where A (the person) moves first and can make two card moves in a row."""
    for seed in range(1000):
        g = Game("classic", seed=seed)
        first = card_moves([str(m) for m in g.legal_moves()])
        if g.turn != 0 or not first:
            continue
        g.push(Move.from_str(first[0]))
        if card_moves([str(m) for m in g.legal_moves()]):
            return seed
    raise AssertionError("no such deal")


def person_policy(moves: list[str]) -> str:
    """Foundations first, then the reserve and the hand to the tableau, then draw, then discard."""
    for m in moves:
        if m.endswith("F"):
            return m
    for first, targets in (("R", "12345678"), ("H", "12345678rw")):
        for m in moves:
            if m[0] == first and m[1] in targets:
                return m
    for m in ("SH", "HW", "pass"):
        if m in moves:
            return m
    return moves[0]


def over(page: Any) -> bool:
    return page.evaluate("document.body.dataset.over") == "1"


def test_a_whole_game_against_the_computer_by_double_click_and_drag(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    # less motion, as a person may ask their system: no slides to wait for after each of the
    # game's hundreds of moves (the other tests see the slides and the reveals)
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    prefs(page, url, pace="fast", lang="en")
    page.goto(url + "/?seed=4")
    page.click("#moreOptions summary")  # the level is among the choices folded away
    page.select_option("#level", "beginner")
    page.click("#startComputer")
    page.wait_for_selector("#board .card")
    gid = page.url.split("/game/")[1].split("#")[0]
    assert "#t=" not in page.url and page.url.endswith(f"/game/{gid}")  # the token is not in the address
    table = app.state.manager.tables[gid]
    counts = {"dblclick": 0, "drag": 0, "stock": 0}
    for _ in range(900):
        wait_my_turn(page)
        if over(page):
            break
        assert page.title().startswith("● Your turn")
        moves = legal(page)
        mv = person_policy(moves)
        before = state_id(page)
        if mv.endswith("F"):
            page.dblclick(src_sel(mv[0]))
            counts["dblclick"] += 1
        elif mv == "SH":
            page.click(src_sel("S"))
            counts["stock"] += 1
        elif mv == "pass":
            page.click("#passBtn")
        else:
            drag(page, src_sel(mv[0]), zone_sel(mv[1]))
            counts["drag"] += 1
        wait_state_after(page, before)
        assert str(table.session._game.move_stack[before]) == mv, (mv, table.session._game.move_stack[before])
        if counts["drag"] == 3 and counts["dblclick"] >= 1:
            shot(page, "play_1_during_the_game")
    assert over(page), f"the game did not end ({counts})"
    assert all(counts.values()), counts
    page.wait_for_selector("#endPanel:not([hidden])")
    shot(page, "play_2_end_panel")
    o = table.session._game.outcome()
    title = page.inner_text("#endTitle")
    assert title == ("You won!" if o.winner == 0 else "You lost." if o.winner == 1 else "The game is drawn.")
    if o.score is not None:
        assert page.inner_text("#endScore").splitlines()[-1].endswith(str(o.score.total))
    # the log: every move there, grouped by turn, in words; the last move marked on the table
    n_moves = len(table.session._game.move_stack)
    assert page.locator("#log .mv").count() == n_moves
    assert page.locator("#log li").count() == page.locator("#log li .turnhead").count() >= 2
    assert page.locator("#board .last").count() >= 1
    assert "move(s)" not in page.inner_text("body")
    played = page.evaluate("import('/static/js/sound.js').then(s => s.played)")
    assert "move" in played and ("win" in played or "end" in played)
    # the replay and the history know the game
    page.click("#replayLink")
    page.wait_for_selector("#controls:not([hidden])")
    assert page.locator("#log .mv").count() == n_moves
    page.goto(url + "/history")
    page.wait_for_function("document.body.dataset.loaded === '1'")
    row = page.locator(f'#rows tr[data-game="{gid}"]')
    assert row.count() == 1
    assert ("won" if o.winner == 0 else "lost") in row.inner_text()
    shot(page, "play_3_history")
    assert errors == []
    ctx.close()


def test_refusals_hint_keyboard_and_a_drop_during_a_toast(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    prefs(page, url, pace="fast", lang="en")
    d = new_game(page, url, mode="computer", level="easy", seed=deal_with_two_card_moves())
    open_seat(page, url, d)
    wait_my_turn(page)
    table = app.state.manager.tables[d["game_id"]]
    g = table.session._game

    # drag a card to a legal target: the targets light up on the way, and it lands
    mv = card_moves(legal(page))[0]
    name = page.get_attribute(src_sel(mv[0]), "data-name")
    before = state_id(page)
    x0, y0 = center(page, src_sel(mv[0]))
    x1, y1 = center(page, zone_sel(mv[1]))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=8)
    assert "target" in (page.get_attribute(zone_sel(mv[1]), "class") or "")
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()
    wait_state_after(page, before)
    assert page.get_attribute(f'.card[data-name="{name}"]', "data-zone") == mv[1]
    assert "last" in (page.get_attribute(f'.card[data-name="{name}"]', "class") or "")  # the last move, marked

    # tap to select, then tap the target
    mv = card_moves(legal(page))[0]
    name = page.get_attribute(src_sel(mv[0]), "data-name")
    before = state_id(page)
    page.click(src_sel(mv[0]))
    assert "selected" in (page.get_attribute(src_sel(mv[0]), "class") or "")
    assert "target" in (page.get_attribute(zone_sel(mv[1]), "class") or "")
    page.click(zone_sel(mv[1]), position={"x": 4, "y": 4})
    wait_state_after(page, before)
    assert page.get_attribute(f'.card[data-name="{name}"]', "data-zone") == mv[1]

    # Undo takes a move back when nothing hidden was seen (a card moved between piles)
    if not page.is_disabled("#undoBtn"):
        before = state_id(page)
        where = page.get_attribute(f'.card[data-name="{name}"]', "data-pile")
        page.click("#undoBtn")
        wait_state_after(page, before)
        assert page.get_attribute(f'.card[data-name="{name}"]', "data-pile") != where
        assert page.locator("#log .mv").count() == len(table.session._game.move_stack)
        wait_my_turn(page)

    # the hint says a legal move in words from this seat's side, and lights its card and target
    page.click("#hintBtn")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint:')")
    hinted = page.get_attribute("#board", "data-hint")
    assert hinted in legal(page)
    words = planned(g, Move.from_str(hinted), 0, table.session.seating).text("en")
    assert words in page.inner_text("#message") and hinted not in page.inner_text("#message").split()
    if len(hinted) == 2:
        assert page.locator(f"{src_sel(hinted[0])}.hint, {zone_sel(hinted[1])}.hint").count() >= 1

    # get to a hand card (draw by clicking the stock), then an illegal drop: it slides back and says why
    for _ in range(40):
        if "HW" in legal(page):
            break
        before = state_id(page)
        mv = person_policy(legal(page))
        if mv == "SH":
            page.click(src_sel("S"))
        else:
            page.keyboard.type(mv)
        wait_state_after(page, before)
        wait_my_turn(page)
    assert "HW" in legal(page)
    bad = next(
        s + t
        for s in "1234RH"
        for t in "5678F1234"
        if s != t
        and page.locator(src_sel(s)).count()
        and s + t not in legal(page)
        and g.illegal_reason(Move.from_str(s + t)) is not None
    )
    rule, why = g.illegal_reason(Move.from_str(bad))
    before = state_id(page)
    drag(page, src_sel(bad[0]), zone_sel(bad[1]))
    page.locator("#toast").wait_for(state="visible")
    text = page.inner_text("#toast")
    assert f"({rule})" in text and why in text and "is illegal" not in text
    shot(page, "play_4_illegal_drop_toast")
    # while the toast shows, the discard dropped on the waste lands
    assert page.locator("#toast").is_visible()
    drag(page, src_sel("H"), zone_sel("W"))
    wait_state_after(page, before)
    assert str(g.move_stack[-1]) == "HW" or "HW" in [str(m) for m in g.move_stack[-40:]]
    assert page.get_attribute("body", "data-last-error") == "illegal"

    # the computer's turn: its moves slide; the hint is gone from the screen
    page.wait_for_function("document.querySelectorAll('#log li[data-player=\"B\"]').length > 0", timeout=30_000)
    assert not page.inner_text("#message").startswith("Hint")
    wait_my_turn(page)
    # the language switch: the page, the log's turn heads and the title in Russian
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#hintBtn').textContent === 'Подсказка'")
    assert "Матч" in page.inner_text("#match") and page.title().startswith("● Ваш ход")
    assert page.locator("#log .turnhead").first.inner_text().startswith("Ход 1")
    page.select_option("#lang", "en")
    # reload: the same game, the same moves, no token needed in the address
    n = page.locator("#log .mv").count()
    page.reload()
    page.wait_for_function(
        f"document.querySelectorAll('#log .mv').length === {n} && document.body.dataset.connected === '1'"
    )
    assert page.get_attribute("body", "data-turn") == "AB"[table.session._game.turn]
    assert errors == []
    ctx.close()


def test_two_players_presence_a_stop_and_a_spectator(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    ca = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    cb = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    pa, pb = ca.new_page(), cb.new_page()
    for p in (pa, pb):
        prefs(p, url, pace="fast", lang="en")
    pa.goto(url + "/")
    pa.click("#moreOptions summary")
    pa.check("#stops")
    pa.click("#startFriend")
    pa.wait_for_selector("#board .card")
    assert "#t=" not in pa.url
    friend_url = pa.input_value("#friendUrl")
    assert "#t=" in friend_url
    pa.wait_for_function("document.querySelector('#friendState').textContent.startsWith('Waiting for your friend')")
    gid = pa.url.split("/game/")[1]
    pb.goto(friend_url)
    pb.wait_for_selector("#board .card")
    assert "#t=" not in pb.url  # the friend's seat is kept in their browser, not in the address
    pa.wait_for_function("document.querySelector('#friendState').textContent === 'Your friend is at the table.'")
    pages = {"A": pa, "B": pb}
    table = app.state.manager.tables[gid]

    def mover() -> str:
        return "AB"[table.session._game.turn]

    # an unfounded Stop: refused (S2), shown to both
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
        move = str(viol[0]) if viol else person_policy(legal(m))
        m.fill("#moveInput", move)
        m.press("#moveInput", "Enter")
        wait_state_after(m, before)
        if viol:
            break
    else:
        pytest.fail("no violation came up")
    rule = table.session._game.pending_violation()[0]
    caller = pages["B" if mover() == "A" else "A"]
    wait_state_after(caller, before)
    caller.click("#stopBtn")
    for p in (pa, pb):
        p.wait_for_function(f"document.body.dataset.lastRuling === 'founded {rule}'")
        assert rule in p.inner_text("#log .ruling") and rule in p.inner_text("#message")
    caller.wait_for_function("document.body.dataset.yourTurn === '1'")
    assert pa.locator("#log s").count() >= 1  # the annulled move, struck through
    # a spectator sees the same log and no buttons; typing a move is not answered "not your turn"
    cs = browser.new_context(bypass_csp=True, viewport={"width": 800, "height": 700})
    ps = cs.new_page()
    ps.goto(pa.input_value("#watchUrl"))
    ps.wait_for_function(f"document.querySelector('#board')?.dataset.stateId === '{state_id(pa)}'")
    assert ps.inner_text("#turn").startswith("Watching")
    assert ps.locator("#stopBtn").is_hidden() and ps.locator("#moveForm").is_hidden()
    assert ps.locator("[data-src]").count() == 0
    ps.keyboard.type("1F")
    ps.wait_for_timeout(300)
    assert "not your turn" not in ps.inner_text("body")
    log_moves = "[...document.querySelectorAll('#log .mv')].map(e => e.tagName + e.dataset.move)"
    assert ps.evaluate(log_moves) == pa.evaluate(log_moves)
    cs.close()
    shot(pa, "friend_1_stop_seat_A")
    shot(pb, "friend_2_stop_seat_B_phone")

    # on the phone (B): a tap on the stock draws
    for _ in range(60):
        if mover() == "B":
            break
        before = state_id(pa)
        pa.fill("#moveInput", person_policy(legal(pa)))
        pa.press("#moveInput", "Enter")
        wait_state_after(pa, before)
    wait_my_turn(pb)
    assert "SH" in legal(pb)
    before = state_id(pb)
    pb.tap(src_sel("S"))
    wait_state_after(pb, before)
    assert table.session._game.move_stack[-1] == Move.from_str("SH")
    shot(pb, "friend_3_phone_drew_by_tap")

    # B leaves: A is told; B resigns on coming back; both see the end; A plays again
    cb.close()
    pa.wait_for_function("document.querySelector('#friendState').textContent === 'Your friend is not connected.'")
    cb = browser.new_context(bypass_csp=True, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    pb = cb.new_page()
    pb.goto(friend_url)
    pb.wait_for_selector("#board .card")
    pb.on("dialog", lambda dlg: dlg.accept())
    pb.click("#resignBtn")
    for p in (pa, pb):
        p.wait_for_selector("#endPanel:not([hidden])")
    assert pa.inner_text("#endTitle") == "You won!" and pb.inner_text("#endTitle") == "You lost."
    assert "Total" in pa.inner_text("#endScore") and "Reserve cards" in pa.inner_text("#endScore")
    assert "resigned" in pa.inner_text("#endWhy")
    shot(pa, "friend_4_end_panel")
    rec = pa.request.get(url + pa.get_attribute("#downloadLink", "href"))
    assert rec.ok and '[Result "1-0"]' in rec.text()
    pa.click("#againBtn")
    pa.wait_for_function(f"!location.pathname.endsWith('{gid}')")
    pa.wait_for_selector("#board .card")
    pb.wait_for_function("document.querySelector('#againBtn').textContent === 'Next game'")
    pb.click("#againBtn")
    pb.wait_for_function(f"!location.pathname.endsWith('{gid}')")
    pb.wait_for_selector("#board .card")
    assert pa.url == pb.url
    assert "game 2" in pa.inner_text("#match")
    ca.close()
    cb.close()


def test_the_page_reconnects_to_a_restarted_server(browser: Any, tmp_path: Path) -> None:
    """Stop the server mid-game and start it again on the same database: no move is lost."""
    db = tmp_path / "restart.db"
    port = free_port()
    first = RealServer(db, port)
    url = first.url
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1000, "height": 800})
    page = ctx.new_page()
    prefs(page, url, lang="en")
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
        assert page.locator("#log .mv").first.get_attribute("data-move") == move
        wait_my_turn(page)
        before = state_id(page)
        page.fill("#moveInput", legal(page)[0])
        page.press("#moveInput", "Enter")
        wait_state_after(page, before)
    finally:
        ctx.close()
        second.stop()


@pytest.fixture
def paced_server(tmp_path: Path) -> Any:
    """A server whose computer waits between its moves until the page tells it its pace: with the
    shared server's pace of 0 the computer could finish its first turn before the page's pace
    message came, and Skip was then never enabled (seen twice in full suites)."""
    real = RealServer(tmp_path / "paced.db", free_port(), ai_delay=0.5)
    yield real.url, real.app
    real.stop()


def test_the_computers_pace_and_skip_go_to_the_server(paced_server: tuple[str, Any], browser: Any) -> None:
    """The pace menu sets the session's pace (the choice is remembered and told on joining); Skip
    has the server play the rest of the computer's turn at once."""
    url, app = paced_server
    seed = next(s for s in range(100) if Game("classic", seed=s).turn == 1)  # the computer begins
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    prefs(page, url, pace="slow", lang="en")
    d = new_game(page, url, mode="computer", level="easy", seed=seed)
    open_seat(page, url, d)
    table = app.state.manager.tables[d["game_id"]]
    page.wait_for_function("document.querySelector('#pace').value === 'slow'")
    page.wait_for_function("!document.querySelector('#skipBtn').disabled", timeout=30_000)
    for _ in range(200):  # told by the page when it joined (a message of its own: it may come later)
        if table.session.pace == 1.5:
            break
        page.wait_for_timeout(50)
    assert table.session.pace == 1.5
    turn = table.session._game.turn_no
    page.click("#skipBtn")
    wait_my_turn(page)
    assert table.session._timing.skip_turn == turn  # the server skipped the computer's turn
    assert table.session._game.turn == 0
    page.select_option("#pace", "fast")
    page.wait_for_function("document.querySelector('#pace').value === 'fast'")
    for _ in range(100):
        if table.session.pace == 0.0:
            break
        page.wait_for_timeout(50)
    assert table.session.pace == 0.0
    assert page.evaluate("localStorage.getItem('rb.pace')") == "fast"
    # a spectator has neither
    other = browser.new_context(bypass_csp=True)
    spec = other.new_page()
    spec.goto(url + f"/game/{d['game_id']}")
    spec.wait_for_selector("#board .card")
    assert spec.locator("#paceRow").is_hidden() and spec.locator("#skipBtn").is_hidden()
    other.close()
    assert errors == []
    ctx.close()


def test_the_start_page_plays_at_once_and_remembers_the_choices(server: tuple[str, Any], browser: Any) -> None:
    """One Play button with sensible defaults; the level, the rules (described in words) and Stop!
    folded away, remembered on this browser."""
    url, app = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    prefs(page, url, lang="en")
    page.goto(url + "/")
    page.wait_for_selector("#presets label.preset", state="attached")
    assert page.locator("#moreOptions").get_attribute("open") is None  # folded away
    assert page.locator("#level").is_hidden()
    assert page.inner_text("#choiceLine") == "Against the computer (Medium) · Classic"
    page.click("#startComputer")
    page.wait_for_selector("#board .card")
    gid = page.url.split("/game/")[1]
    st = app.state.manager.tables[gid].stored
    assert (st.mode, st.level, st.options["preset"], st.options["stops"]) == ("computer", "medium", "classic", False)
    # the choices: every preset in words; the one-deck game has no Stop!
    page.goto(url + "/")
    page.click("#moreOptions summary")
    helps = page.locator("#presets .presethelp").all_inner_texts()
    assert len(helps) >= 5 and all(len(h.split()) >= 5 for h in helps)
    page.check('#presets input[value="single"]')
    assert page.is_disabled("#stops") and page.inner_text("#stopsHelp") == "The one-deck game has no Stop."
    page.check('#presets input[value="hoyle"]')
    page.check("#stops")
    page.select_option("#level", "hard")
    assert page.inner_text("#choiceLine") == "Against the computer (Hard) · Hoyle · Stop! mode"
    page.reload()
    page.wait_for_selector("#presets label.preset", state="attached")
    assert page.inner_text("#choiceLine") == "Against the computer (Hard) · Hoyle · Stop! mode"  # remembered
    page.click("#startComputer")
    page.wait_for_selector("#board .card")
    st = app.state.manager.tables[page.url.split("/game/")[1]].stored
    assert (st.level, st.options["preset"], st.options["stops"]) == ("hard", "hoyle", True)
    page.goto(url + "/")
    page.wait_for_selector("#games li[data-game]")
    assert page.locator("#games li[data-game]").count() == 2
    shot(page, "start_1_games")
    page.select_option("#lang", "ru")
    page.wait_for_function("document.querySelector('#choiceLine').textContent.startsWith('Против компьютера')")
    assert page.inner_text("#choiceLine") == "Против компьютера (трудный) · По Хойлу · режим «Стоп!»"
    assert errors == []
    ctx.close()
