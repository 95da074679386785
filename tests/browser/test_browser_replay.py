"""Replays in the browser: a finished game stepped through move by move (forward, back, a jump to a
turn), every position as the engine had it, and a record file uploaded and replayed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browserkit import deal_with_a_card_move, legal, new_game, prefs, shot, state_id, wait_my_turn, wait_state_after

from russianbank.game import Game
from russianbank.record import record_text

TABLE = """() => {
  const out = {};
  for (const el of document.querySelectorAll('#board .card[data-name]'))
    (out[el.dataset.pile] ||= []).push(el.dataset.name);
  return out;
}"""


def expected(game: Game) -> dict[str, list[str]]:
    """Where every face-up card of a view is, pile by pile, as the page draws them."""
    v = game.view(None).to_dict()
    out: dict[str, list[str]] = {}
    for i, p in enumerate(v["tableau"]):
        if p:
            out[f"t{i}"] = p
    for i, p in enumerate(v["foundations"]):
        if p:
            out[f"f{i}"] = p
    for s in "AB":
        side = v["players"][s]
        if side["reserve_up"]:
            out[f"r{s}"] = side["reserve_up"]
        if side["waste"]:
            out[f"w{s}"] = side["waste"]
    if v["hand"] and not v["outcome"]:
        out[f"h{v['turn']}"] = [v["hand"]]
    return out


def test_a_finished_game_steps_through_every_position(server: tuple[str, Any], browser: Any) -> None:
    url, app = server
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1366, "height": 768})
    page = ctx.new_page()
    prefs(page, url, lang="en", pace="fast")
    d = new_game(page, url, mode="computer", level="easy", seed=deal_with_a_card_move())
    page.goto(url + d["url"])
    page.wait_for_selector("#board .card")
    table = app.state.manager.tables[d["game_id"]]
    # play (the computer answers) until the game has some thirty moves, then resign
    while len(table.session._game.move_stack) < 30:
        wait_my_turn(page)
        before = state_id(page)
        moves = legal(page)
        move = next((m for m in moves if m.endswith("F")), None) or ("SH" if "SH" in moves else moves[-1])
        page.fill("#moveInput", move)
        page.press("#moveInput", "Enter")
        wait_state_after(page, before)
    wait_my_turn(page)
    page.on("dialog", lambda dlg: dlg.accept())
    page.click("#resignBtn")
    page.wait_for_selector("#endPanel:not([hidden])")
    game = table.session._game
    n = len(game.move_stack)
    replay = Game("classic", seed=table.session.seed)
    page.click("#replayLink")
    page.wait_for_selector("#controls:not([hidden])")
    assert page.evaluate(TABLE) == expected(replay)
    assert page.inner_text("#turn") == "The deal"
    for i in range(n):
        page.click("#fwdBtn")
        replay.push(game.move_stack[i])
        page.wait_for_function(f"document.querySelector('#board').dataset.at === '{i + 1}'")
        assert page.evaluate(TABLE) == expected(replay), f"after move {i + 1}"
        assert page.locator("#log .current").get_attribute("data-i") == str(i)
    assert page.is_disabled("#fwdBtn") and "resigned" in page.inner_text("#outcome")
    shot(page, "replay_1_end")
    # back one, to the start, a jump to a turn, the arrow keys
    page.click("#backBtn")
    assert page.get_attribute("#board", "data-at") == str(n - 1)
    page.click("#firstBtn")
    assert page.get_attribute("#board", "data-at") == "0"
    turns = page.eval_on_selector_all("#turnSel option", "os => os.map(o => o.value)")
    page.select_option("#turnSel", turns[-1])
    at = int(page.get_attribute("#board", "data-at"))
    first_of_last_turn = min(
        e for e in range(n) if page.locator(f'#log li[data-turn="{turns[-1]}"] [data-i="{e}"]').count()
    )
    assert at == first_of_last_turn + 1
    page.keyboard.press("Home")
    assert page.get_attribute("#board", "data-at") == "0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#board", "data-at") == "2"
    page.keyboard.press("End")
    assert page.get_attribute("#board", "data-at") == str(n)
    # the review beside it: each player's accuracy, the costliest turns in words; a click shows the turn
    page.wait_for_selector('#reviewPart[data-state="ready"]', timeout=60_000)
    lines = page.locator("#review .accuracy").all_inner_texts()
    assert len(lines) == 2 and lines[0].startswith("You: ") and lines[1].startswith("Computer (Easy): ")
    review = page.request.get(url + f"/api/games/{table.id}/review?seat=A").json()["review"]
    costly = page.locator("#review .reviewturn")
    assert costly.count() == len(review["worst"]["A"]) + len(review["worst"]["B"])
    if costly.count():
        first = costly.first
        turn = next(x for x in review["turns"] if x["turn_no"] == int(first.get_attribute("data-turn")))
        first.click()
        assert page.get_attribute("#board", "data-at") == str(turn["first"])  # the position before the turn
        better = page.locator("#review .plan.better").first.inner_text()
        assert better.startswith("Better: ") and not any(m in better.split() for m in turn["best"])
    shot(page, "replay_3_review")
    ctx.close()


def test_a_record_file_is_replayed_from_an_upload(server: tuple[str, Any], browser: Any, tmp_path: Path) -> None:
    url, _ = server
    g = Game("classic", seed=5)
    for _ in range(20):
        g.push(g.legal_moves()[0])
    path = tmp_path / "game.txt"
    path.write_text(record_text(g), encoding="utf-8")
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a record", encoding="utf-8")
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    prefs(page, url, lang="en")
    page.goto(url + "/")
    page.click('#games ~ .panelfoot a[href="/replay"]')
    page.wait_for_selector("#recordFile", state="attached")  # inside the page's own button
    page.wait_for_selector("label.filepick", state="visible")
    page.set_input_files("#recordFile", str(bad))
    page.wait_for_function("document.querySelector('#error').textContent.startsWith('This record cannot be replayed')")
    page.set_input_files("#recordFile", str(path))
    page.wait_for_function(f"document.querySelector('#fileName').textContent === {path.name!r}")
    page.wait_for_selector("#controls:not([hidden])")
    page.wait_for_function("document.querySelectorAll('#log .mv').length === 20")
    page.click("#lastBtn")
    assert page.evaluate(TABLE) == expected(g)
    page.wait_for_selector('#reviewPart[data-state="ready"]', timeout=60_000)  # reviewed too, as a spectator
    assert page.locator("#review .accuracy").first.inner_text().startswith("Player A")
    shot(page, "replay_2_uploaded_record")
    ctx.close()
