"""The lobby in a real browser: two people, one reading English and one Russian, choose names,
find each other (one opens a table, the other takes it from the list), play to the end (a
resignation), see both ratings move, go on to the next game of their match and agree a draw
there after one declined; a quick pairing seats two people at once; a player who goes loses
after the grace period, counted down on the other's page; the axe audit stays clean."""

from __future__ import annotations

from typing import Any

from browserkit import prefs, wait_my_turn
from test_browser_a11y import audit

from russianbank import i18n


def _arrive(browser: Any, url: str, lang: str, name: str) -> tuple[Any, Any]:
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    prefs(page, url, lang=lang, pace="fast")
    page.goto(url + "/lobby")
    page.wait_for_function("document.body.dataset.live === '1'")
    assert page.inner_text("h1") == i18n.render("lobby.title", {}, lang)
    assert page.is_visible("#needName") and not page.is_visible("#playPart")
    page.fill("#nameInput", name)
    page.click("#needName button[type=submit]")
    page.wait_for_selector("#playPart:not([hidden])")
    page.wait_for_function("document.body.dataset.live === '1' && !document.querySelector('#quick').disabled")
    assert name in page.inner_text("#meText") and "1500" in page.inner_text("#meText")
    return ctx, page


def _rating(page: Any) -> str:
    return str(page.inner_text("#meText"))


def test_two_people_find_each_other_play_and_see_their_ratings_move(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    ca, pa = _arrive(browser, url, "en", "Anna")
    cb, pb = _arrive(browser, url, "ru", "Борис")
    assert audit(pa) == [] and audit(pb) == []
    # Anna opens a table: she waits at it, Борис sees it listed with her name and rating
    pa.select_option("#preset", "classic")
    pa.click("#openTable")
    pa.wait_for_selector("#waitPart:not([hidden])")
    assert pa.inner_text("#waiting") == i18n.render(
        "lobby.waiting", {"preset": {"code": "web.preset.classic", "params": {}}, "stops": ""}, "en"
    )
    assert pa.inner_text("#tables li .status") == i18n.render("lobby.yours", {}, "en")
    assert audit(pa) == []
    pb.wait_for_selector("#tables li button.take")
    row = pb.inner_text("#tables li")
    assert "Anna (1500)" in row and i18n.render("web.preset.classic", {}, "ru") in row
    assert pb.get_attribute("#tables li button.take", "aria-label") == i18n.render(
        "lobby.takeLabel", {"name": "Anna"}, "ru"
    )
    assert audit(pb) == []
    # Борис takes it: both land at the same game, each at a seat, each told the other's name
    pb.click("#tables li button.take")
    for p in (pa, pb):
        p.wait_for_url("**/game/*")
        p.wait_for_selector("#board .card")
    assert pa.url == pb.url and "#t=" not in pa.url
    gid = pa.url.rsplit("/", 1)[1]
    seats = {pa.evaluate("JSON.parse(localStorage.getItem('rb.games'))[0].seat"),
             pb.evaluate("JSON.parse(localStorage.getItem('rb.games'))[0].seat")}  # fmt: skip
    assert seats == {"A", "B"}
    # a third person watching sees the game listed under "Playing now"
    cw = browser.new_context(bypass_csp=True)
    pw = cw.new_page()
    pw.goto(url + "/lobby")
    pw.wait_for_selector("#playing li a.button")
    assert "Anna" in pw.inner_text("#playing li") and "Борис" in pw.inner_text("#playing li")
    assert pw.get_attribute("#playing li a.button", "href") == f"/game/{gid}"
    # whoever's turn it is resigns
    wait_my_turn(pa) if pa.evaluate("document.body.dataset.yourTurn") == "1" else wait_my_turn(pb)
    loser = pa if pa.evaluate("document.body.dataset.yourTurn") == "1" else pb
    winner = pb if loser is pa else pa
    loser.on("dialog", lambda dlg: dlg.accept())
    loser.click("#resignBtn")
    for p in (pa, pb):
        p.wait_for_selector("#endPanel:not([hidden])")
    assert winner.inner_text("#endTitle") in (i18n.render("web.youWon", {}, "en"), i18n.render("web.youWon", {}, "ru"))
    pw.wait_for_function("!document.querySelector('#playing li a.button')", timeout=15_000)  # over: not listed
    # the ratings moved, the winner's up and the loser's down, on the lobby page as on the player page
    for p in (pa, pb):
        p.goto(url + "/lobby")
        p.wait_for_selector("#playPart:not([hidden])")
    wa, la = _rating(winner), _rating(loser)
    assert "1500" not in wa and "1500" not in la
    up = int("".join(ch for ch in wa.rsplit(" ", 1)[-1] if ch.isdigit()))
    down = int("".join(ch for ch in la.rsplit(" ", 1)[-1] if ch.isdigit()))
    assert up > 1500 > down
    # the next game of their match: both go on to the same table
    for p in (pa, pb):
        p.go_back()
        p.wait_for_selector("#endPanel:not([hidden])")
        p.click("#againBtn")
        p.wait_for_function(f"!location.pathname.endsWith('{gid}')")
        p.wait_for_selector("#board .card")
    assert pa.url == pb.url
    # a draw offered and declined, then offered and accepted, each told in the reader's language
    pa.wait_for_selector("#drawBtn:not([hidden])")
    pa.click("#drawBtn")
    pa.wait_for_selector("#drawState:not([hidden])")
    assert pa.inner_text("#drawState") == i18n.render("web.drawWaiting", {}, "en")
    pb.wait_for_selector("#drawBox:not([hidden])")
    assert pb.inner_text("#drawText") == i18n.render("web.drawOffered", {"who": "Anna"}, "ru")
    assert audit(pb) == []
    pb.click("#drawDecline")
    pa.wait_for_function(
        "document.querySelector('#toast').textContent === " + repr(i18n.render("web.drawDeclined", {}, "en"))
    )
    pb.wait_for_selector("#drawBox[hidden]", state="attached")
    pb.click("#drawBtn")
    pa.wait_for_selector("#drawBox:not([hidden])")
    pa.click("#drawAccept")
    for p in (pa, pb):
        p.wait_for_selector("#endPanel:not([hidden])")
    assert pa.inner_text("#endTitle") == i18n.render("web.drawn", {}, "en")
    assert pb.inner_text("#endTitle") == i18n.render("web.drawn", {}, "ru")
    for c in (ca, cb, cw):
        c.close()


def test_quick_pairing_seats_two_people_at_once(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    ca, pa = _arrive(browser, url, "ru", "Вера")
    cb, pb = _arrive(browser, url, "en", "Walter")
    pa.select_option("#preset", "hoyle")
    pa.select_option("#matchTo", "300")
    pa.click("#quick")  # nobody waits with these rules: a table opens
    pa.wait_for_selector("#waitPart:not([hidden])")
    to_300 = i18n.render("lobby.withMatch", {"n": 300}, "ru")
    waiting = {"preset": {"code": "web.preset.hoyle", "params": {}}, "stops": to_300}
    assert pa.inner_text("#waiting") == i18n.render("lobby.waiting", waiting, "ru")
    pb.wait_for_selector("#tables li button.take")
    assert i18n.render("web.matchPoints", {"n": 300}, "en") in pb.inner_text("#tables li")
    pb.select_option("#preset", "hoyle")
    pb.select_option("#matchTo", "300")
    pb.click("#quick")  # Вера waits with the same rules: seated at once
    for p in (pa, pb):
        p.wait_for_url("**/game/*")
        p.wait_for_selector("#board .card")
    assert pa.url == pb.url
    pb.wait_for_function("document.querySelector('#match').textContent.length > 0")
    assert pb.inner_text("#match").startswith("Match to 300")
    assert pa.evaluate("JSON.parse(localStorage.getItem('rb.games'))[0].opponent") == "Walter"
    assert pb.evaluate("JSON.parse(localStorage.getItem('rb.games'))[0].opponent") == "Вера"
    ca.close()
    cb.close()


def test_closing_a_table_and_the_refusals(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    ca, pa = _arrive(browser, url, "en", "Clara")
    pa.click("#openTable")
    pa.wait_for_selector("#waitPart:not([hidden])")
    pa.click("#cancel")
    pa.wait_for_selector("#waitPart[hidden]", state="attached")
    assert pa.inner_text("#lobbyStatus") == i18n.render("lobby.closed", {}, "en")
    pa.wait_for_function("!document.querySelector('#tables li[data-table]')")
    # a table whose host's page goes is closed for everybody
    cb, pb = _arrive(browser, url, "en", "Dmitri")
    pa.click("#openTable")
    pb.wait_for_selector("#tables li button.take")
    pa.close()
    pb.wait_for_function("!document.querySelector('#tables li[data-table]')", timeout=15_000)
    assert audit(pb) == []
    ca.close()
    cb.close()


def test_a_player_gone_from_the_table_loses_after_the_grace_period(browser: Any, tmp_path: Any) -> None:
    from browserkit import RealServer, free_port

    from russianbank.web.app import Settings

    srv = RealServer(tmp_path / "away.db", free_port(), settings=Settings(abandon_after=4.0))
    try:
        url = srv.url
        ca, pa = _arrive(browser, url, "ru", "Галина")
        cb, pb = _arrive(browser, url, "en", "Henry")
        pa.click("#openTable")
        pb.wait_for_selector("#tables li button.take")
        pb.click("#tables li button.take")
        for p in (pa, pb):
            p.wait_for_url("**/game/*")
            p.wait_for_selector("#board .card")
        cb.close()  # Henry goes: Галина is told, counted down, and wins
        pa.wait_for_selector("#awayState:not([hidden])", timeout=15_000)
        assert "Henry" in pa.inner_text("#awayState") and audit(pa) == []
        pa.wait_for_selector("#endPanel:not([hidden])", timeout=20_000)
        assert pa.inner_text("#endTitle") == i18n.render("web.youWon", {}, "ru")
        assert "не вернулся за 4 с" in pa.inner_text("#endWhy")
        assert pa.is_hidden("#awayState")
        ca.close()
    finally:
        srv.stop()
