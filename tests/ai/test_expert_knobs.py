"""Five knobs of the expert's budget, off at every level (measured in docs/ai.md):

- ``distinct_ends``: candidate plans one per end of the segment, not one per first move. Two ways
  to the same place are one candidate; two places reached through the same first move are two.
  :func:`~russianbank.ai.planner.search_segment` keeps every end it reaches (``seg_ends``).
- ``after_reply``: each deal played on for that many more turns after the opponent's reply before
  the position is valued.
- ``stay_z``: when the deals end without a settled lead, the search's own best plan is kept unless
  the deals' leader beats it by more than that many standard errors.
- ``replan``: the expert decides again, with its deals, at every move with a choice instead of
  following the chosen plan to the end of the segment.
- ``race``: a plan the deals' leader beats by more than that many standard errors is dealt for no
  more, so the deals go to the plans still in the running.
"""

from __future__ import annotations

import pytest
from inorder import assert_never_returns, assert_repeatable, play_in_order, search_positions

from russianbank import Game
from russianbank.ai import expert as ex
from russianbank.ai import make_player
from russianbank.ai.common import ends_segment
from russianbank.ai.evaluation import WIN_LOGIT, shipped_evaluation
from russianbank.ai.expert import ExpertPlayer
from russianbank.ai.planner import STEP_COST, search_segment

FAST = {"samples": 3, "candidates": 3, "node_budget": 300, "rollout_budget": 30, "distinct_ends": 1}


def test_every_end_kept_is_a_legal_segment_and_the_best_is_the_search_value() -> None:
    ev = shipped_evaluation()
    shared_first = 0
    for g in search_positions(30, 300):
        before = g.position(secret=True)
        ends: dict[object, tuple[float, tuple[object, ...]]] = {}
        res = search_segment(g, 200_000, None, ev, seg_ends=ends)  # type: ignore[arg-type]
        assert g.position(secret=True) == before  # the search leaves the game as it was
        assert ends
        for _value, plan in ends.values():
            h = g.copy()
            for i, m in enumerate(plan):
                assert m in h.legal_moves()
                assert ends_segment(h, m) == (i == len(plan) - 1)  # it ends the segment at its last move
                h.push(m)
        firsts = [plan[0] for _v, plan in ends.values()]
        shared_first += len(firsts) - len(set(firsts))
        if res.complete and res.value < WIN_LOGIT / 2:
            # the same end, perhaps by a longer way (a transposition is searched once): a few step costs
            assert max(v for v, _p in ends.values()) == pytest.approx(res.value, abs=100 * STEP_COST)
    assert shared_first > 0  # ends reached through the same first move: what by_first cannot tell apart


def test_a_search_without_seg_ends_is_unchanged() -> None:
    ev = shipped_evaluation()
    for g in search_positions(10, 300):
        a = search_segment(g, 2000, None, ev, order=True)
        b = search_segment(g, 2000, None, ev, order=True, seg_ends={})
        assert (a.value, a.plan, a.nodes, a.complete) == (b.value, b.plan, b.nodes, b.complete)


def test_distinct_ends_is_off_unless_asked_for() -> None:
    """Measured no stronger than one plan per first move (docs/ai.md): no level uses it."""
    for level in ("hard", "expert"):
        assert not make_player(level).distinct_ends
    assert not ExpertPlayer().distinct_ends
    assert ExpertPlayer(distinct_ends=1).distinct_ends


def test_distinct_ends_same_seed_same_decisions_never_out_of_order() -> None:
    assert_repeatable(lambda: [make_player("expert", seed=s, **FAST) for s in (6, 7)], 80, 13)


def test_distinct_ends_never_return_to_a_position_of_the_turn() -> None:
    p = [make_player("expert", seed=1, **FAST), make_player("greedy", seed=2)]
    assert_never_returns(Game("classic", seed=19), p, 150)


def _calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str, **budget: object) -> int:
    """How many times ``owner.name`` ran while the expert (``budget`` over FAST) played the same 60 moves."""
    calls = 0
    real = getattr(owner, name)

    def spy(*args: object, **kwargs: object) -> object:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, spy)
    play_in_order([make_player("expert", seed=3, **{**FAST, **budget}), make_player("greedy", seed=4)], 60, seed=8)
    return calls


@pytest.mark.parametrize(
    ("knobs", "seeds", "repeat_seed", "game_seed"),
    [
        ({"after_reply": 1}, (2, 3), 21, 23),
        ({"distinct_ends": 0, "stay_z": 1.0}, (4, 5), 27, 29),
        ({"distinct_ends": 0, "replan": 1}, (8, 9), 31, 33),
        ({"distinct_ends": 0, "race": 1.0, "stay_z": 1.0}, (10, 11), 35, 37),
    ],
)
def test_knob_same_seed_same_decisions_never_returns(
    knobs: dict[str, float], seeds: tuple[int, int], repeat_seed: int, game_seed: int
) -> None:
    budget = {**FAST, **knobs}
    assert_repeatable(lambda: [make_player("expert", seed=s, **budget) for s in seeds], 60, repeat_seed, stops=(False,))
    assert_never_returns(
        Game("classic", seed=game_seed),
        [make_player("expert", seed=seeds[0], **budget), make_player("greedy", seed=seeds[0])],
        100,
    )


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("after_reply", -1),
        ("after_reply", 5),
        ("after_reply", 0.5),
        ("stay_z", -1),
        ("stay_z", 11),
        ("replan", 2),
        ("replan", -1),
        ("replan", 0.5),
        ("race", -1),
        ("race", 11),
        ("distinct_ends", 2),
        ("distinct_ends", -1),
        ("distinct_ends", 0.5),
    ],
)
def test_knob_off_at_every_level_and_bad_values_refused(key: str, bad: object) -> None:
    assert not getattr(make_player("expert"), key) and not getattr(make_player("hard"), key)
    with pytest.raises(ValueError, match=key):
        make_player("expert", **{key: bad})


def test_after_reply_plays_each_deal_on_for_more_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    base = _calls(monkeypatch, ex, "play_turn", distinct_ends=0)
    more = _calls(monkeypatch, ex, "play_turn", distinct_ends=0, after_reply=1)
    assert base > 0 and more > base  # each deal is played a turn further


def test_stay_z_keeps_the_search_plan_unless_the_deals_show_another_better() -> None:
    beats = ExpertPlayer._beats
    assert beats([0.6, 0.7, 0.8], [0.1, 0.2, 0.3], 2.0)  # a steady lead of 0.5
    assert not beats([0.9, 0.1, 0.9], [0.1, 0.8, 0.2], 1.0)  # a mean lead of 0.27, but a noisy one
    assert not beats([0.5, 0.5], [0.5, 0.5], 0.5)  # the same place in every deal

    class Scripted(ExpertPlayer):
        """Two candidates; in four deals of six the second scores 0.3 more, in two 0.24 less: a lead of
        0.12 a deal, about one standard error."""

        cands: list[list[object]]
        second = 0

        def _candidates(self, ranked: list[object], ends: object) -> list[list[object]]:  # type: ignore[override]
            self.cands = super()._candidates(ranked, ends)[:2]  # type: ignore[arg-type]
            return self.cands

        def _score(self, g: Game, p: int, plan: list[object], ev: object) -> float:  # type: ignore[override]
            if plan is self.cands[0]:
                return 0.5
            self.second += 1
            return 0.8 if self.second % 3 else 0.26

    for g in search_positions(40, 300):
        view = g.view(g.turn)
        loose, firm = Scripted(seed=0, samples=6, min_samples=6), Scripted(seed=0, samples=6, min_samples=6, stay_z=3.0)
        a, b = loose._decide(view, g.copy(), set()), firm._decide(view, g.copy(), set())
        if len(getattr(loose, "cands", [])) == 2:
            assert firm.cands == loose.cands
            assert a == loose.cands[1]  # the deals' leader, by its mean
            assert b == firm.cands[0]  # the search's own plan: the deals' lead is not 3 standard errors
            return
    raise AssertionError("no position with two candidates")


def test_replan_decides_again_at_every_move(monkeypatch: pytest.MonkeyPatch) -> None:
    follow = _calls(monkeypatch, ExpertPlayer, "_decide", distinct_ends=0)
    again = _calls(monkeypatch, ExpertPlayer, "_decide", distinct_ends=0, replan=1)
    assert follow > 0 and again > follow  # the plan is no longer followed without a new decision


def test_race_drops_the_plans_left_behind() -> None:
    p = ExpertPlayer(race=1.0)
    lead = [0.6, 0.7, 0.65, 0.62, 0.68]
    close = [0.62, 0.69, 0.64, 0.63, 0.70]
    behind = [0.2, 0.25, 0.22, 0.21, 0.3]
    assert p._survivors([lead, close, behind], [0, 1, 2]) == [0, 1]
    assert p._survivors([behind, lead], [0, 1]) == [1]
    assert p._survivors([lead, lead], [0, 1]) == [0, 1]  # a plan is never dropped for being level


def test_race_spends_fewer_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    few = {"distinct_ends": 0, "samples": 8, "min_samples": 2}
    full = _calls(monkeypatch, ExpertPlayer, "_score", **few)
    raced = _calls(monkeypatch, ExpertPlayer, "_score", **few, race=0.5)
    assert 0 < raced < full
