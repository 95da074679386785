"""The table at five screen sizes, both games: every pile inside the window, no two piles overlapping,
every card inside, indices readable; screenshots in test-artifacts/ for a person to look at."""

from __future__ import annotations

from typing import Any

import pytest
from browserkit import SIZES, boxes, new_game, prefs, shot

from russianbank.game import Game


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["x"] < b["x"] + b["w"] - 0.5
        and b["x"] < a["x"] + a["w"] - 0.5
        and a["y"] < b["y"] + b["h"] - 0.5
        and (b["y"] < a["y"] + a["h"] - 0.5)
    )


def one_deck_seed_where_the_computer_laid_out() -> int:
    """A one-deck deal where B (the computer) moves first, so both sides' piles exist after its turn."""
    for seed in range(200):
        if Game("single", seed=seed).turn == 1:
            return seed
    raise AssertionError("no such deal")


@pytest.mark.parametrize("preset", ["classic", "single"])
def test_every_pile_fits_the_window_at_five_sizes(server: tuple[str, Any], browser: Any, preset: str) -> None:
    url, _ = server
    seed = 7 if preset == "classic" else one_deck_seed_where_the_computer_laid_out()
    ctx0 = browser.new_context(bypass_csp=True)
    page0 = ctx0.new_page()
    d = new_game(page0, url, mode="computer", level="easy", preset=preset, seed=seed)
    ctx0.close()
    for w, h in SIZES:
        phone = w < 800
        ctx = browser.new_context(bypass_csp=True, viewport={"width": w, "height": h}, is_mobile=phone, has_touch=phone)
        page = ctx.new_page()
        prefs(page, url, pace="fast", lang="en")
        page.goto(url + d["url"])
        page.wait_for_selector("#board .card")
        page.wait_for_function("document.body.dataset.yourTurn === '1'", timeout=30_000)
        page.wait_for_function("!document.querySelector('.card.moving, .card.revealing')")
        path = shot(page, f"layout_{preset}_{w}x{h}")
        assert path.exists()
        found = boxes(page)
        zones = [b for b in found if b["kind"] == "zone"]
        piles = {b["pile"] for b in zones}
        if preset == "classic":
            assert len(zones) == 8 + 8 + 8, piles  # tableau, foundations, 4 piles a side
        else:
            assert not any(p.startswith(("f", "r")) for p in piles), piles  # no foundations, no reserves
            assert len(zones) == 8 + 6, piles
        for b in found:
            assert b["x"] >= -0.5 and b["y"] >= -0.5, (w, h, b)
            assert b["x"] + b["w"] <= w + 0.5 and b["y"] + b["h"] <= h + 0.5, (w, h, b)
        for i, a in enumerate(zones):
            for b in zones[i + 1 :]:
                assert not overlap(a, b), (w, h, a, b)
        # the corner indices are at least 11 px tall wherever the picture's own are small
        sizes = page.evaluate(
            """() => {
              const cw = parseFloat(getComputedStyle(board).getPropertyValue('--cw'));
              const idx = [...document.querySelectorAll('#board .card .idx')]
                .map(e => e.getBoundingClientRect().height);
              return {cw, idx};
            }"""
        )
        if sizes["cw"] < 92:
            assert sizes["idx"] and min(sizes["idx"]) >= 11, (w, h, sizes)
        # the whole table is on the screen at once, and centred
        bb = page.locator("#board").bounding_box()
        wrap = page.locator("#boardWrap").bounding_box()
        assert bb["y"] + bb["height"] <= h + 0.5
        assert abs((bb["x"] - wrap["x"]) - (wrap["x"] + wrap["width"] - bb["x"] - bb["width"])) <= 2
        ctx.close()
