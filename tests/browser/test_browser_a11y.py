"""An accessibility audit with axe-core (vendored under vendor/, MPL 2.0) of every page: the start page
(its choices open too), the table, the end panel, the replay with its review, the history, the
record upload, the rules and the not-found page: no serious or critical violations, in the light page
and in the dark one (the system's dark colour scheme). And the keyboard plays a move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browserkit import (
    deal_with_a_card_move,
    legal,
    new_game,
    open_seat,
    prefs,
    state_id,
    wait_my_turn,
    wait_state_after,
)

AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def audit(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- {[n['target'] for n in v['nodes']][:4]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def lightness(page: Any, selector: str, prop: str = "backgroundColor") -> float:
    """The relative luminance (0 black .. 1 white) of an element's computed colour."""
    rgb = page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}.match(/[0-9.]+/g).slice(0, 3).map(Number)")
    lin = [c / 255 / 12.92 if c <= 10 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@pytest.mark.parametrize(("lang", "scheme"), [("en", "light"), ("ru", "light"), ("en", "dark")])
def test_no_serious_accessibility_violations(server: tuple[str, Any], browser: Any, lang: str, scheme: str) -> None:
    url, _ = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800}, color_scheme=scheme)
    page = ctx.new_page()
    prefs(page, url, lang=lang, pace="fast")
    page.goto(url + "/")
    page.wait_for_selector("#level option", state="attached")
    assert audit(page) == []
    # the panels follow the system's scheme: dark ones with light text, or light ones with dark text
    panel, text = lightness(page, ".panel"), lightness(page, ".panel", "color")
    assert (panel < 0.05 and text > 0.6) if scheme == "dark" else (panel > 0.9 and text < 0.05)
    page.click("#moreOptions summary")  # the choices folded away: levels, the presets in words, Stop!
    assert audit(page) == []
    d = new_game(page, url, mode="computer", level="easy", seed=7)
    open_seat(page, url, d)
    wait_my_turn(page)
    assert audit(page) == []
    page_bg, log_bg = lightness(page, "body"), lightness(page, "#log")
    assert (page_bg < 0.05 and log_bg < 0.05) if scheme == "dark" else (page_bg > 0.8 and log_bg > 0.9)
    # the end panel, then the replay with its review
    page.on("dialog", lambda dlg: dlg.accept())
    page.click("#resignBtn")
    page.wait_for_selector("#endPanel:not([hidden])")
    assert audit(page) == []
    page.click("#replayLink")
    page.wait_for_selector('#reviewPart[data-state="ready"]', timeout=60_000)
    assert audit(page) == []
    for path in ("/history", "/replay", "/rules", "/game/nosuchgame"):
        page.goto(url + path)
        if path == "/history":
            page.wait_for_function("document.body.dataset.loaded === '1'")
        else:
            page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        assert audit(page) == [], path
    ctx.close()


def test_the_keyboard_alone_plays_a_move(server: tuple[str, Any], browser: Any) -> None:
    """Tab to a card, Enter picks it up, Tab to a lit place, Enter puts it there; focus is always visible."""
    url, app = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    prefs(page, url, lang="en", pace="fast")
    d = new_game(page, url, mode="computer", level="easy", seed=deal_with_a_card_move())
    open_seat(page, url, d)
    wait_my_turn(page)
    moves = [m for m in legal(page) if m[0] in "12345678R" and m[1] in "12345678F"]
    assert moves
    want = moves[0]
    page.focus(f'.card[data-src="{want[0]}"]')
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"
    page.keyboard.press("Enter")
    for _ in range(40):
        if page.evaluate("document.activeElement.dataset.zone") == want[1]:
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.zone") == want[1]
    before = state_id(page)
    page.keyboard.press("Enter")
    wait_state_after(page, before)
    assert str(app.state.manager.tables[d["game_id"]].session._game.move_stack[before]) == want
    # every card on the table has a name for screen readers
    unnamed = page.evaluate(
        "[...document.querySelectorAll('#board .card')].filter(c => !c.getAttribute('aria-label')).length"
    )
    assert unnamed == 0
    ctx.close()
