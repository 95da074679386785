"""The first visit asks for a name (a small dialog on the start page, not modal), in English and
Russian, with the server's refusals in the page's language; the name and rating are shown and lead
to the player page, which changes with a rated game; the "your name" page sets a password, logs
out and logs in again. The axe audit stays clean on each."""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import new_game, open_seat, prefs, wait_my_turn
from test_browser_a11y import audit

from russianbank import i18n


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_visit_asks_for_a_name(server: tuple[str, Any], browser: Any, lang: str) -> None:
    url, _ = server
    name = {"en": "Alice", "ru": "Алёна"}[lang]
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    prefs(page, url, lang=lang, pace="fast")
    page.goto(url + "/")
    page.wait_for_selector("#nameDialog[open]")
    page.wait_for_selector("#level option", state="attached")
    assert page.is_visible("#startComputer")  # the dialog is not modal: Play stays at hand
    assert page.inner_text("#nameTitle") == i18n.render("players.me.title", {}, lang)
    assert audit(page) == []
    page.fill("#nameInput", "Computer")  # the server refuses it, in the page's language
    page.click("#nameTake")
    page.wait_for_selector("#nameError:not(:empty)")
    assert page.inner_text("#nameError") == i18n.render("players.name_reserved", {"name": "Computer"}, lang)
    assert page.is_visible("#nameDialog") and audit(page) == []
    page.fill("#nameInput", name)
    page.click("#nameTake")
    page.wait_for_selector("#meLine:not([hidden])")
    assert not page.is_visible("#nameDialog")
    said = page.inner_text("#meText")
    assert name in said and "1500" in said
    assert page.evaluate("document.activeElement.id") == "mePage"
    page.reload()  # remembered by the cookie: no dialog again
    page.wait_for_selector("#meLine:not([hidden])")
    assert not page.is_visible("#nameDialog")
    # a rated game against the computer: the rating moves, the player page shows the game
    d = new_game(page, url, mode="computer", level="easy", seed=7)
    open_seat(page, url, d)
    wait_my_turn(page)
    page.on("dialog", lambda dlg: dlg.accept())
    page.click("#resignBtn")
    page.wait_for_selector("#endPanel:not([hidden])")
    page.goto(url + "/")
    page.wait_for_selector("#meLine:not([hidden])")
    assert "1500" not in page.inner_text("#meText")
    page.click("#mePage")
    page.wait_for_function("document.body.dataset.loaded === '1'")
    assert page.inner_text("h1") == i18n.render("players.page.heading", {"name": name}, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.is_visible("svg.ratinggraph") and page.locator("#games tbody tr").count() == 1
    assert page.get_attribute("#games tbody a", "href") == f"/replay/{d['game_id']}?seat=A"
    assert audit(page) == []
    ctx.close()


def test_not_now_is_remembered(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    ctx = browser.new_context(bypass_csp=True)
    page = ctx.new_page()
    page.goto(url + "/")
    page.wait_for_selector("#nameDialog[open]")
    page.click("#nameLater")
    assert not page.is_visible("#nameDialog")
    page.reload()
    page.wait_for_selector("#level option", state="attached")
    page.wait_for_timeout(300)
    assert not page.is_visible("#nameDialog") and not page.is_visible("#meLine")
    ctx.close()


def test_a_password_then_a_log_in_on_another_device(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    one = browser.new_context(bypass_csp=True)
    page = one.new_page()
    page.goto(url + "/me")
    page.wait_for_function("document.body.dataset.loaded === '1'")
    assert page.is_visible("#anon") and page.is_visible("#loginPart") and audit(page) == []
    page.fill("#nameInput", "Travelling Tom")
    page.click("#nameForm button[type=submit]")
    page.wait_for_selector("#named:not([hidden])")
    page.fill("#pwInput", "short")  # the page says so before the server would
    assert page.evaluate("!document.getElementById('pwInput').checkValidity()")
    page.fill("#pwInput", "a long enough password")
    page.click("#pwForm button[type=submit]")
    page.wait_for_selector("#pwForm[hidden]", state="attached")
    assert page.inner_text("#pwState") == i18n.render("players.me.hasPassword", {}, "en")
    assert audit(page) == []
    two = browser.new_context(bypass_csp=True)  # another device
    other = two.new_page()
    other.goto(url + "/me")
    other.wait_for_function("document.body.dataset.loaded === '1'")
    other.fill("#loginName", "travelling tom")
    other.fill("#loginPassword", "not the password")
    other.click("#loginForm button[type=submit]")
    other.wait_for_selector("#loginError:not(:empty)")
    assert other.inner_text("#loginError") == i18n.render("players.login_failed", {}, "en")
    other.fill("#loginPassword", "a long enough password")
    other.click("#loginForm button[type=submit]")
    other.wait_for_selector("#named:not([hidden])")
    assert "Travelling Tom" in other.inner_text("#meText")
    other.click("#logout")
    other.wait_for_selector("#anon:not([hidden])")
    other.reload()
    other.wait_for_function("document.body.dataset.loaded === '1'")
    assert other.is_visible("#anon")  # logged out on the server: the cookie is gone and would open nothing
    page.reload()  # the first device's session is its own
    page.wait_for_selector("#named:not([hidden])")
    # the password changed on the first device: a wrong current one is refused, then it changes
    page.wait_for_selector("#changeForm:not([hidden])")
    page.fill("#oldPassword", "not it at all")
    page.fill("#newPassword", "another long password")
    page.click("#changeForm button[type=submit]")
    page.wait_for_selector("#changeError:not(:empty)")
    assert page.inner_text("#changeError") == i18n.render("players.wrong_password", {}, "en")
    page.fill("#oldPassword", "a long enough password")
    page.fill("#newPassword", "another long password")
    page.click("#changeForm button[type=submit]")
    page.wait_for_function("document.querySelector('#status').textContent.length > 0")
    assert page.inner_text("#status") == i18n.render("players.me.passwordChanged", {}, "en")
    assert audit(page) == []
    other.fill("#loginName", "Travelling Tom")
    other.fill("#loginPassword", "another long password")
    other.click("#loginForm button[type=submit]")
    other.wait_for_selector("#named:not([hidden])")
    one.close()
    two.close()


def test_a_friend_by_the_private_link_is_asked_for_a_name_and_the_game_is_rated(
    server: tuple[str, Any], browser: Any
) -> None:
    url, _ = server
    ca = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    pa = ca.new_page()
    prefs(pa, url, lang="en", pace="fast")
    r = pa.request.post(url + "/api/players", data='{"name": "Irene"}', headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    d = new_game(pa, url, mode="friend", seed=11)
    open_seat(pa, url, d)
    assert pa.is_hidden("#seatName")  # a name already: nothing to ask
    cb = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    pb = cb.new_page()
    prefs(pb, url, lang="ru", pace="fast")
    pb.goto(url + d["friend_url"])
    pb.wait_for_selector("#board .card")
    pb.wait_for_selector("#seatName:not([hidden])")
    assert pb.inner_text("#seatNameTitle") == i18n.render("players.me.chooseTitle", {}, "ru")
    assert audit(pb) == []
    pb.fill("#seatNameInput", "Юрий")
    pb.click("#seatNameForm button[type=submit]")
    pb.wait_for_selector("#seatName[hidden]", state="attached")
    pb.wait_for_function("document.body.dataset.connected === '1'")
    pa.on("dialog", lambda dlg: dlg.accept())
    pa.click("#resignBtn")
    pb.wait_for_selector("#endPanel:not([hidden])")
    me = pb.request.get(url + "/api/players/" + "Юрий").json()
    assert me["games"] == 1 and me["won"] == 1 and me["rating"] > 1500
    assert pa.request.get(url + "/api/players/Irene").json()["lost"] == 1
    pb.reload()  # asked once: not after the game, nor again
    pb.wait_for_selector("#board .card")
    assert pb.is_hidden("#seatName")
    ca.close()
    cb.close()
