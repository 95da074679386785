"""Section 6 of RULES.md: what each player sees (V1-V3)."""

from __future__ import annotations

import json
import random

from enginekit import QUIET, game, hidden_unknown, play, pos, quoted_card_names, reshuffle_secret

from russianbank import Game
from russianbank.cards import card_name


def test_V1_both_players_see_the_public_table() -> None:
    """V1: tableau, foundations, both wastes in order, reserve tops, hand card, counts, the public history."""
    text = pos(
        ["9H", "KS", "5D", "QS", "8s", "kc", "jd", "tc"],
        fnd="AC/-/-/-/-/-/-/-",
        ra="5|JH",
        sa="10(2C)",
        wa="3D4S",
        rb="5|7c",
        wb="4d",
        turn_no=3,
    )
    g = game(text, stops=True)
    play(g, "SH", "R4")
    flipped = g.reveals(1)[0]
    for viewer in (0, 1, None):
        v = g.view(viewer)
        assert v.player == viewer
        assert v.tableau == tuple(tuple(p) for p in g.tab)
        assert v.foundations == tuple(tuple(f) for f in g.fnd)
        assert v.waste == (tuple(g.waste[0]), tuple(g.waste[1]))
        assert [card_name(c) for c in v.waste[0]] == ["3D", "4S"]
        assert v.reserve_up == ((flipped,), (g.res[1][-1],))
        assert v.hand == g.hand and card_name(v.hand) == "2C"
        assert v.reserve_count == (len(g.res[0]), len(g.res[1]))
        assert v.stock_count == (len(g.stock[0]), len(g.stock[1]))
        assert [(h.player, str(h.move), h.reveals) for h in v.history] == [
            (0, "SH", (g.hand,)),
            (0, "R4", (flipped,)),
        ]
        assert v.legal_moves == tuple(g.legal_moves())
        d = v.to_dict()
        assert json.loads(json.dumps(d)) == d
        assert d["hand"] == "2C" and d["players"]["A"]["waste"] == ["3D", "4S"]
    # the same for both players: Russian Bank has no private cards
    a, b = g.view(0).to_dict(), g.view(1).to_dict()
    a.pop("player")
    b.pop("player")
    assert a == b
    # V1: the history still names a card that a Stop later turned face down again
    g.call_stop()
    v = g.view(1)
    assert flipped in v.history[1].reveals and v.reserve_known[0] == (flipped,)


def test_V2_no_face_down_identity_in_any_view() -> None:
    """V2: a view contains no unknown face-down card, no seed and no generator state."""
    for preset in ("classic", "hoyle", "single"):
        g = Game(preset, seed=8)
        rng = random.Random(3)
        for _ in range(60):
            if g.is_over():
                break
            hidden = {card_name(c) for c in hidden_unknown(g)}
            for viewer in (0, 1, None):
                d = g.view(viewer).to_dict()
                assert not (quoted_card_names(json.dumps(d)) & hidden)
                text = json.dumps(d).lower()
                assert "seed" not in text and "secret" not in text and "rng" not in text
            g.push(rng.choice(g.legal_moves()))
    v = Game("classic", seed=8).view(0)
    assert not any(isinstance(getattr(v, f), (Game, random.Random)) for f in v.__dataclass_fields__)


def test_V2_deals_differing_only_in_face_down_cards_give_identical_views() -> None:
    """V2: swap the face-down cards between hidden places; every player's view is unchanged."""
    g = game(pos(QUIET, ra="5|5H", sa="20", rb="5|5h", turn_no=3))
    other = game(reshuffle_secret(g.position(secret=True), random.Random(1)))
    assert other.position(secret=True) != g.position(secret=True)
    for viewer in (0, 1, None):
        assert other.view(viewer) == g.view(viewer)
        assert other.view(viewer).to_dict() == g.view(viewer).to_dict()


def test_V2_sample_is_consistent_with_the_view() -> None:
    """V2: determinization deals the unknown cards at random; the sampled game shows the same view."""
    g = game(
        pos(
            ["9H", "KS", "5D", "QS", "8s", "kc", "jd", "tc"],
            fnd="AC/-/-/-/-/-/-/-",
            ra="5|JH",
            sa="10(2C)",
            wa="3D",
            rb="5|7c",
            wb="4d",
        ),
        stops=True,
    )
    play(g, "SH", "R4")
    g.call_stop()
    v = g.view(1)
    for seed in range(5):
        s = v.sample(random.Random(seed))
        sv = s.view(1)
        for field in ("tableau", "foundations", "reserve_up", "reserve_known", "stock_known", "waste", "hand"):
            assert getattr(sv, field) == getattr(v, field), field
        assert sv.reserve_count == v.reserve_count and sv.stock_count == v.stock_count
        assert sv.legal_moves == v.legal_moves
        assert sorted(s.all_cards()) == list(range(104))


def test_V3_after_a_recycle_the_stock_order_is_public() -> None:
    """V3: the new stock is the reversed waste, whose order was public; the view may expose it."""
    g = game(pos(QUIET, ra="5|5H", sa="0", wa="3C4D5D", rb="5|5h", turn_no=3))
    play(g, "SH")
    for viewer in (0, 1):
        v = g.view(viewer)
        assert [card_name(c) for c in v.stock_known[0]] == ["5D", "4D"]
        assert v.hidden_count() == len(hidden_unknown(g))
    assert g.position().split()[3] == "0(5D4D)"


def test_a_views_outcome_is_the_games_outcome_object() -> None:
    """``PlayerView.game_outcome()`` is the very :class:`Outcome` the game gives (winner, score, the
    no-progress count), for every way a game ends, in every view; the ``outcome`` dict stays its JSON."""
    ended = []
    g = Game("classic", seed=1)
    g.resign(1)
    ended.append(g)
    d = Game("hoyle", seed=2)
    d.agree_draw()
    ended.append(d)
    for preset, seed in (("classic", 3), ("single", 4), ("suited", 5), ("classic", 6)):
        r = Game(preset, seed=seed, draw_limit=8) if preset != "single" else Game(preset, seed=seed)
        rng = random.Random(seed)
        while not r.is_over():
            r.push(rng.choice(r.legal_moves()))
        ended.append(r)
    kinds = set()
    for over in ended:
        out = over.outcome()
        assert out is not None
        kinds.add(out.termination)
        for viewer in (0, 1, None):
            v = over.view(viewer)
            assert v.game_outcome() == out and v.outcome == out.to_dict()
            assert v.game_outcome().message(viewer).text("ru") == out.message(viewer).text("ru")  # type: ignore[union-attr]
    assert len(kinds) >= 3, kinds
    assert Game("classic", seed=1).view(0).game_outcome() is None
