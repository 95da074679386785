"""A match to a chosen score from the start page: the choice is remembered, the table's status
line and end panel say the target, and once a side has reached it the match is over (no next
game); in English and Russian, axe clean."""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import prefs, wait_my_turn
from test_browser_a11y import audit

from russianbank import i18n


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_match_to_a_score(server: tuple[str, Any], browser: Any, lang: str) -> None:
    url, _ = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    prefs(page, url, lang=lang, pace="fast")
    page.goto(url + "/?seed=3")
    page.wait_for_selector("#matchTo option", state="attached")
    page.click("#moreOptions summary")
    page.select_option("#matchTo", "100")
    assert audit(page) == []
    page.reload()
    page.wait_for_selector("#matchTo option", state="attached")
    assert page.input_value("#matchTo") == "100"  # remembered
    page.click("#startComputer")
    page.wait_for_selector("#board .card")
    page.wait_for_function("document.querySelector('#match').textContent.length > 0")
    you = i18n.render("web.name.you", {}, lang)
    level = {"code": "web.level.medium", "params": {}}
    them = i18n.render("web.name.computer", {"level": level}, lang)
    first = {"number": 1, "a": you, "pa": 0, "pb": 0, "b": them, "to": 100}
    assert page.inner_text("#match") == i18n.render("web.matchTo", first, lang)
    # resigning game after game: the computer reaches 100 within a few games, and the match ends
    page.on("dialog", lambda dlg: dlg.accept())
    for _ in range(6):
        wait_my_turn(page)
        page.click("#resignBtn")
        page.wait_for_selector("#endPanel:not([hidden])")
        if page.is_hidden("#againBtn"):
            break
        gid = page.url.rsplit("/", 1)[1]
        page.click("#againBtn")
        page.wait_for_function(f"!location.pathname.endsWith('{gid}')")
        page.wait_for_selector("#board .card")
    assert page.is_hidden("#againBtn")
    gid = page.url.rsplit("/", 1)[1]
    m = page.request.get(f"{url}/api/games/{gid}").json()["match"]
    assert m["winner"] == "B" and m["B"] >= 100 and m["to"] == 100
    won = {**first, "number": m["number"], "pa": m["A"], "pb": m["B"], "who": them}
    assert page.inner_text("#endMatch") == i18n.render("web.matchWon", won, lang)
    assert audit(page) == []
    ctx.close()
