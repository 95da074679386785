"""russianbank.svg: valid SVG that shows exactly what a view shows, both decks told apart, arrows for moves."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from picturekit import PRESETS, face_down, faces, other_deal, played

from russianbank import Game, InvalidMoveError, InvalidOptionsError, Move, RussianBankError, svg
from russianbank.cards import card_name

NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def cards(root: ET.Element, kind: str) -> list[ET.Element]:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class", "").split()[:2] == ["card", kind]]


def origin(el: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform", ""))
    assert m, el.get("transform")
    return float(m.group(1)), float(m.group(2))


def centre(el: ET.Element) -> tuple[float, float]:
    x, y = origin(el)
    return x + svg.CW / 2, y + svg.CH / 2


positions = st.tuples(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 400), st.booleans())


@settings(max_examples=40, deadline=None)
@given(positions, st.sampled_from([None, 0, 1]))
def test_picture_is_valid_xml_with_one_card_element_per_card_shown(
    pos: tuple[str, int, int, bool], who: int | None
) -> None:
    g = played(*pos)
    view = g.view(who)
    root = parse(svg.table(view))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    shown = Counter(el.get("data-card") for el in cards(root, "face"))
    assert shown == Counter(card_name(c) for c in faces(view))
    backs = cards(root, "back")
    assert sorted(int(el.get("data-count", "0")) for el in backs) == sorted(face_down(view))


@settings(max_examples=30, deadline=None)
@given(positions, st.integers(0, 1000))
def test_V2_a_picture_is_the_same_whatever_order_the_face_down_cards_lie_in(
    pos: tuple[str, int, int, bool], seed: int
) -> None:
    """Two deals that differ only in face-down cards draw the same picture, from every seat (V2)."""
    g = played(*pos)
    h = other_deal(g, seed)
    assert h.position() == g.position()
    if g.position(secret=True) != h.position(secret=True):
        assert svg.table(g) == svg.table(h)
        for who in (0, 1):
            assert svg.table(g.view(who)) == svg.table(h.view(who))


def test_a_game_is_drawn_as_a_spectator_sees_it() -> None:
    g = played("classic", 5, 120)
    assert svg.table(g) == svg.table(g.view(None))
    assert g._repr_svg_() == svg.table(g)
    assert g.view(1)._repr_svg_() == svg.table(g.view(1))


def test_R1_the_two_decks_have_different_backs_and_faces() -> None:
    g = Game("classic", seed=1)
    root = parse(svg.table(g))
    backs = {el.get("class"): el for el in cards(root, "back")}
    assert set(backs) == {"card back deck-a", "card back deck-b"}
    fills = {cls: {r.get("fill") for r in el.iter("{http://www.w3.org/2000/svg}rect")} for cls, el in backs.items()}
    assert "url(#back-a)" in fills["card back deck-a"] and "url(#back-b)" in fills["card back deck-b"]
    patterns = {p.get("id"): ET.tostring(p) for p in root.iter("{http://www.w3.org/2000/svg}pattern")}
    assert patterns["back-a"] != patterns["back-b"]
    edges = {el.get("class"): el.find("s:rect", NS).get("stroke") for el in cards(root, "face")}  # type: ignore[union-attr]
    assert edges["card face deck-a"] != edges["card face deck-b"]


def test_R6_reserve_shows_the_face_down_count_and_the_face_up_top() -> None:
    g = Game("classic", seed=1)  # A on move, A's reserve top face up; B's reserve all face down
    root = parse(svg.table(g))
    counts = sorted(int(el.get("data-count", "0")) for el in cards(root, "back") if "deck-a" in el.get("class", ""))
    assert counts == [11, 36]
    assert card_name(g.view(0).reserve_up[0][-1]) in {el.get("data-card") for el in cards(root, "face")}


def test_V3_a_recycled_stock_shows_the_back_of_its_top_card() -> None:
    """After a recycle the stock is the old waste, loaded cards of the other deck included (V3)."""
    for seed in range(40):
        g = played("classic", seed, 1500)
        v = g.view(None)
        for p in (0, 1):
            known = v.stock_known[p]
            if known and known[-1] // 52 != p:
                root = parse(svg.table(g))
                decks = [el.get("class") for el in cards(root, "back") if el.get("data-count") == str(v.stock_count[p])]
                assert f"card back deck-{'ab'[1 - p]}" in decks
                return
    pytest.fail("no recycled stock topped by the other deck's card in 40 games")


@settings(max_examples=25, deadline=None)
@given(positions)
def test_every_card_move_draws_an_arrow_from_its_source_card_to_its_target(pos: tuple[str, int, int, bool]) -> None:
    g = played(*pos)
    moves = [m for m in g.legal_moves() if m.is_card_move]
    root = parse(svg.table(g, arrows=moves))
    lines = {el.get("data-move"): el for el in root.iter("{http://www.w3.org/2000/svg}line")}
    assert set(lines) == {str(m) for m in moves}
    by_card = {el.get("data-card"): el for el in cards(root, "face")}
    for m in moves:
        line = lines[str(m)]
        card = g.pile_card(m.src)
        if card >= 0:  # tableau top, reserve top, hand card: the arrow starts on that card
            assert (float(line.get("x1", "")), float(line.get("y1", ""))) == centre(by_card[card_name(card)])
        if m.dst < 8:
            top = g.pile_card(m.dst)
            if top >= 0:
                assert (float(line.get("x2", "")), float(line.get("y2", ""))) == centre(by_card[card_name(top)])


def test_foundation_arrow_ends_on_the_foundation_the_card_goes_to() -> None:
    g = Game("classic", seed=1)
    for seed in range(200):
        g = played("classic", seed, 30)
        rf = [m for m in g.legal_moves() if m.dst == 10 and g.pile_card(m.src) % 13 > 0]
        if rf:
            break
    m = rf[0]
    card = g.pile_card(m.src)
    root = parse(svg.table(g, move=m))
    line = next(root.iter("{http://www.w3.org/2000/svg}line"))
    g.push(m)
    by_card = {el.get("data-card"): el for el in cards(parse(svg.table(g)), "face")}
    assert (float(line.get("x2", "")), float(line.get("y2", ""))) == centre(by_card[card_name(card)])


def test_moves_between_no_piles_draw_no_arrow_and_text_moves_are_parsed() -> None:
    g = Game("classic", seed=1)
    root = parse(svg.table(g, arrows=["pass", Move.from_str("resign"), "stop"]))
    assert list(root.iter("{http://www.w3.org/2000/svg}line")) == []
    assert svg.table(g, move="SH") == svg.table(g, move=Move.from_str("SH"))


def test_orientation_puts_the_chosen_player_at_the_bottom() -> None:
    g = Game("classic", seed=1)

    def label_y(text: str, who: int | None, orientation: int | None) -> float:
        root = parse(svg.table(g.view(who), orientation=orientation))
        return next(float(t.get("y", "")) for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text == text)

    assert label_y("A", None, None) > label_y("B", None, None)  # a game or spectator: A at the bottom
    assert label_y("B", 1, None) > label_y("A", 1, None)  # a player's view: that player at the bottom
    assert label_y("B", 0, 1) > label_y("A", 0, 1)
    assert parse(svg.table(g, orientation=1)).get("data-bottom") == "B"


def test_size_sets_the_width_and_keeps_the_aspect() -> None:
    g = Game("classic", seed=1)
    root = parse(svg.table(g, size=480))
    _, _, w, h = (float(x) for x in root.get("viewBox", "").split())
    assert root.get("width") == "480" and int(root.get("height", "")) == round(480 * h / w)
    assert parse(svg.table(g)).get("width") is None


def test_the_one_deck_layout_has_no_foundations_no_reserves_and_no_unlaid_piles() -> None:
    g = Game("single", seed=3)
    root = parse(svg.table(g))
    assert "single" in root.get("class", "")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "foundations" not in texts and "reserve" not in texts
    view = g.view(None)
    assert view.laid.count(True) == 1
    assert len(cards(root, "face")) == 4  # the first player's four piles; the other's are not laid out (S-3)
    assert all("deck-a" in el.get("class", "") for el in cards(root, "back"))  # one deck: one back


def test_labels_and_caption_in_russian() -> None:
    g = Game("classic", seed=1)
    texts = [t.text for t in parse(svg.table(g, lang="ru")).iter("{http://www.w3.org/2000/svg}text")]
    assert "резерв" in texts and "колода" in texts and "Очередь игрока A, ход 1" in texts


def test_caption_says_how_the_game_ended() -> None:
    g = Game("classic", seed=1)
    g.resign(1)
    texts = [t.text for t in parse(svg.table(g)).iter("{http://www.w3.org/2000/svg}text")]
    assert g.outcome().message().text() in texts  # type: ignore[union-attr]
    assert texts[-1].startswith("Player A won: Player B resigned. 90 points")


def test_bad_arguments_raise_the_package_errors_and_draw_nothing() -> None:
    g = Game("classic", seed=1)
    with pytest.raises(InvalidOptionsError):
        svg.table(g, orientation=2)
    with pytest.raises(InvalidOptionsError):
        svg.table(g, size=0)
    with pytest.raises(InvalidOptionsError):
        svg.table(g, size=True)
    with pytest.raises(InvalidOptionsError):
        svg.table(g, lang="de")
    with pytest.raises(InvalidMoveError):
        svg.table(g, move="ZZ")
    with pytest.raises(InvalidMoveError):
        svg.table(g, arrows=[42])  # type: ignore[list-item]
    with pytest.raises(RussianBankError):
        svg.table("classic")  # type: ignore[arg-type]


def test_pictures_use_nothing_outside_the_standard_library() -> None:
    code = (
        "import sys\nbefore = set(sys.modules)\nimport russianbank.svg, russianbank.picture\n"
        "new = {m.split('.')[0] for m in set(sys.modules) - before}\n"
        "print(sorted(new - set(sys.stdlib_module_names) - {'russianbank'}))"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert r.stdout.strip() == "[]"


def test_jupyter_shows_a_game_and_a_view_as_svg() -> None:
    """IPython's display machinery (what Jupyter uses) finds the picture by itself."""
    interactiveshell = pytest.importorskip("IPython.core.interactiveshell")
    shell = interactiveshell.InteractiveShell.instance()
    g = Game("classic", seed=1)
    for obj in (g, g.view(0)):
        data, _ = shell.display_formatter.format(obj)
        assert data["image/svg+xml"] == obj._repr_svg_()
        parse(data["image/svg+xml"])


def test_errors_carry_catalogue_messages_in_both_languages() -> None:
    g = Game("classic", seed=1)
    with pytest.raises(InvalidOptionsError) as e:
        svg.table(g, orientation=7)
    assert e.value.code == "picture.error.orientation" and str(e.value) == e.value.message.text("en")
    assert e.value.message.text("ru") == "orientation: допустимо 0 (A внизу) или 1 (B внизу), а не 7"
    with pytest.raises(InvalidMoveError) as m:
        svg.table(g, arrows=[3.5])  # type: ignore[list-item]
    assert m.value.code == "picture.error.arrow" and "float" in m.value.message.text("ru")


@settings(max_examples=25, deadline=None)
@given(positions)
def test_arrows_of_legal_moves_say_the_move_in_words(pos: tuple[str, int, int, bool]) -> None:
    g = played(*pos)
    for who in (None, 0, 1):
        view = g.view(who)
        moves = [m for m in view.legal_moves if m.is_card_move]
        root = parse(svg.table(view, arrows=moves, lang="ru"))
        for line in root.iter("{http://www.w3.org/2000/svg}line"):
            m = Move.from_str(line.get("data-move", ""))
            viewer = who if who is not None else -1
            assert line.find("s:title", NS).text == g.describe(m, "ru", viewer=viewer)  # type: ignore[union-attr]
