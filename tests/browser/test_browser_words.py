"""The page's words: catalogue.js renders exactly as russianbank.i18n does, and in Russian no English
word is left on any page (the log, the end panel, the replay, the history, the errors included)."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from browserkit import legal, new_game, open_seat, prefs, state_id, wait_my_turn, wait_state_after
from hypothesis import given, settings
from hypothesis import strategies as st

from russianbank import i18n
from russianbank.i18n import Message
from russianbank.moves import PILE_CHARS, SPECIAL_WORDS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "i18n"))
from samples import samples

FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_]+)|((?:\|[^|{}]*)+))?\}")  # to blank placeholders out


def sample_params(entry: str | Mapping[str, str], n: int) -> dict[str, Any]:
    return samples(entry, n, lambda n: Message("web.level.easy") if n % 2 else "7♥")


def js_render(page: Any, cases: list[dict[str, Any]]) -> list[str]:
    return page.evaluate(
        """async ([en, ru, cases]) => {
            const c = await import('/static/js/catalogue.js');
            c.setTables('en', en); c.setTables('ru', ru);
            return cases.map(k => { try { return c.renderCode(k.code, k.params, k.lang, k.form); }
                                     catch (e) { return 'ERROR ' + e.message; } });
        }""",
        [i18n.catalogue("en"), i18n.catalogue("ru"), cases],
    )


def test_catalogue_js_renders_every_message_as_python_does(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    ctx = browser.new_context(bypass_csp=True)
    page = ctx.new_page()
    page.goto(url + "/static/css/style.css")
    cases: list[dict[str, Any]] = []
    want: list[str] = []
    for lang in i18n.LANGS:
        table = i18n.catalogue(lang)
        for code in sorted(i18n.codes()):
            entry = table[code]
            for n in (1, 3, 5, 12, 21, 0):
                params = sample_params(entry, n)
                for form in [None, *(entry if isinstance(entry, Mapping) else [])]:
                    cases.append(
                        {"code": code, "params": Message(code, params).to_dict()["params"], "lang": lang, "form": form}
                    )
                    want.append(i18n.render(code, params, lang, form))
    got = js_render(page, cases)
    bad = [(c, w, g) for c, w, g in zip(cases, want, got, strict=True) if w != g]
    assert not bad, bad[:5]
    assert len(cases) > 3000
    ctx.close()


PIECES = st.sampled_from(
    ["a", " ", "#", "x|y", "{{", "}}", "{n}", "{n|# one|# many}", "{n|# one|# few|# many}", "{w}", "{w:gen}"]
)


@settings(max_examples=40, deadline=None)
@given(
    templates=st.lists(st.lists(PIECES, max_size=8).map("".join), min_size=1, max_size=25),
    n=st.integers(-130, 130),
)
def test_catalogue_js_follows_the_template_rules_for_any_template(
    server: tuple[str, Any], browser: Any, templates, n
) -> None:
    """Random templates (plurals, forms, nested messages, braces) render alike in Python and in the page."""
    url, _ = server
    page = test_catalogue_js_follows_the_template_rules_for_any_template.page  # type: ignore[attr-defined]
    if page is None or page.is_closed():
        page = browser.new_page(bypass_csp=True)
        page.goto(url + "/static/css/style.css")
        test_catalogue_js_follows_the_template_rules_for_any_template.page = page  # type: ignore[attr-defined]
    tables = {lang: {**i18n.catalogue(lang)} for lang in i18n.LANGS}
    cases = []
    want = []
    for k, tpl in enumerate(templates):
        code = f"t.{k}"
        for lang in i18n.LANGS:
            tables[lang][code] = tpl
            params = {"n": n, "w": Message("actor.computer")}
            cases.append(
                {"code": code, "params": Message(code, params).to_dict()["params"], "lang": lang, "form": None}
            )
            want.append(i18n._fill(tpl, params, lang, code))
    got = page.evaluate(
        """async ([en, ru, cases]) => {
            const c = await import('/static/js/catalogue.js');
            c.setTables('en', en); c.setTables('ru', ru);
            return cases.map(k => c.renderCode(k.code, k.params, k.lang, k.form));
        }""",
        [tables["en"], tables["ru"], cases],
    )
    assert got == want


test_catalogue_js_follows_the_template_rules_for_any_template.page = None  # type: ignore[attr-defined]

# ---------------------------------------------------------------- no English in Russian

NOTATION = re.compile(r"^(R\d+[a-f]?|O\d|S-?\d|D\d|V\d|[A-Z]|[a-z]|[2-9TJQKA][CDHScdhs]|[0-9]+)$")


def english_words() -> set[str]:
    """Every word of three letters or more in the English catalogue, and a few common ones."""
    words: set[str] = {"the", "and", "you", "your", "turn", "move", "moves", "card", "cards", "game", "error"}
    for entry in i18n.catalogue("en").values():
        for text in entry.values() if isinstance(entry, Mapping) else [entry]:
            words.update(w.lower() for w in re.findall(r"[A-Za-z]{3,}", FIELD.sub(" ", text)))
    keys = {"esc", "enter", "tab", "space"}  # key names are written as on the keys
    return words - {w.lower() for w in SPECIAL_WORDS.values()} - set(PILE_CHARS) - keys


def english_on(page: Any, where: str, words: set[str]) -> list[str]:
    text = page.evaluate(
        """() => {
            const clone = document.body.cloneNode(true);
            clone.querySelectorAll('#lang, script, [hidden], .sr').forEach(e => e.remove());
            return clone.innerText + ' ' + document.title + ' ' +
              [...document.querySelectorAll('[aria-label], [title]')]
                .map(e => (e.getAttribute('aria-label') || '') + ' ' + (e.title || '')).join(' ');
        }"""
    )
    found = [w for w in re.findall(r"[A-Za-z][A-Za-z-]*", text) if w.lower() in words and not NOTATION.match(w)]
    return [f"{where}: {w}" for w in found]


def test_every_page_in_russian_has_no_english_word(server: tuple[str, Any], browser: Any) -> None:
    url, _ = server
    words = english_words()
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    prefs(page, url, lang="ru", pace="fast")
    bad: list[str] = []
    page.goto(url + "/")
    page.wait_for_selector("#level option", state="attached")
    bad += english_on(page, "start", words)
    page.goto(url + "/game/nosuchgame")
    page.wait_for_function("document.querySelector('#noGame').textContent === 'Такой партии нет.'")
    bad += english_on(page, "404", words)
    page.goto(url + "/rules")
    page.wait_for_function("document.documentElement.lang === 'ru'")
    bad += english_on(page, "rules", words)
    d = new_game(page, url, mode="computer", level="easy", seed=7)
    open_seat(page, url, d)
    # a few moves of ours, the computer's answer, a refused move
    for _ in range(3):
        wait_my_turn(page)
        before = state_id(page)
        page.keyboard.type(legal(page)[-1])
        wait_state_after(page, before)
    wait_my_turn(page)
    page.keyboard.type("RH")  # never legal: the refusal is in Russian
    page.locator("#toast").wait_for(state="visible")
    bad += english_on(page, "table", words)
    assert page.locator("#log .mv").count() >= 3
    page.on("dialog", lambda dlg: dlg.accept())
    page.click("#resignBtn")
    page.wait_for_selector("#endPanel:not([hidden])")
    bad += english_on(page, "end", words)
    page.click("#replayLink")
    page.wait_for_selector("#controls:not([hidden])")
    page.click("#lastBtn")
    page.wait_for_selector('#reviewPart[data-state="ready"]', timeout=60_000)
    bad += english_on(page, "replay", words)
    page.goto(url + "/history")
    page.wait_for_function("document.body.dataset.loaded === '1'")
    bad += english_on(page, "history", words)
    assert not bad, sorted(set(bad))
    ctx.close()
