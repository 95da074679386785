"""The expert: searches across turns under chance, on deals drawn correctly from its view.

At each decision with a real choice (forced moves cost nothing) the expert

1. searches the segment with the planner on the learned evaluation
   (``node_budget`` positions, no tableau move left out unless ``prune_shifts``
   says so) and keeps the best few plans (``candidates``, one per first move, within
   ``margin`` logits of the best);
2. deals the hidden cards at random from its view (each face-down card from its
   owner's deck, :meth:`~russianbank.view.PlayerView.sample`), the same deals
   for every plan (common random numbers);
3. in each deal plays each plan, then plays on with the planner's search
   (``rollout_budget`` nodes a segment, tableau moves that achieve nothing at
   once left out for speed: ``prune_shifts=1``) to the end of its own turn - every card it draws is the
   deal's - and, with ``reply``, through the opponent's whole reply turn,
   searched the same way; the learned evaluation of the position reached (the
   chance to win) is the plan's score in that deal;
4. stops dealing early once the best plan's lead over every other is beyond
   ``z`` standard errors of the paired differences (after ``min_samples``
   deals): think time goes where it can still change the decision;
5. plays the first move of the best plan and follows the plan to the end of
   the segment (replanning if anything unexpected happens).

With ``move_order`` (1; the ``expert`` level and the clairvoyant) every search of steps 1 and 3
tries the reserve's and the hand card's moves first, then foundations, loads and the special
moves, tableau moves last (:func:`~russianbank.ai.planner._move_rank`), so a search cut short by
its budget spends it on those; 0, the default (the ``hard`` level), searches in the order the moves
are generated.

Five knobs are off at every level, each measured no stronger (docs/ai.md, *Tried and dropped*):
``distinct_ends`` (1) deals for one
candidate per end of the segment instead of one per first move; ``after_reply`` (0 to 4) plays each
deal that many more turns after the reply before valuing it; ``stay_z`` (standard errors, 0 to 10)
keeps the segment search's own best plan when the deals end without a settled lead, unless their
leader beats it by more than that; ``replan`` (1) decides again, with new deals, at every move with
a choice instead of following the chosen plan to the end of the segment; ``race`` (standard errors,
0 to 10) stops dealing for a plan once the leader beats it by more than that (after ``min_samples``
deals), so the deals go to the plans still in the race.

``rollout_prune`` (0, 1 or 2; 1 at every level) is the pruning rule of the play-outs' searches
(:func:`~russianbank.ai.planner.search_segment`'s ``prune_shifts``); rule 2, which keeps the
tableau moves that uncover a card opening a new place, was measured no stronger either.

``time_limit`` (seconds) can also stop dealing early; by default it is off, so
the same seed gives the same decisions whatever the machine's speed.
"""

from __future__ import annotations

import math
import random
import time

from ..game import Game
from ..moves import Move
from ..view import PlayerView
from .common import TurnMemory, check_view, ends_segment, in_order, public_key, switch
from .evaluation import WIN_LOGIT, shipped_evaluation, sigmoid
from .planner import HAND_EVALUATION, Evaluator, PlanFollower, SegmentResult, search_segment

#: A play-out never runs longer than this many moves.
ROLLOUT_MOVE_CAP = 300


def _standard_errors(name: str, value: float) -> float:
    """A budget key that is a number of standard errors, 0 (off) to 10."""
    if not 0.0 <= value <= 10.0:
        raise ValueError(f"{name} is a number of standard errors (0 to 10), not {value!r}")
    return float(value)


def play_turn(
    g: Game, ev: Evaluator, budget: int, cap: int = ROLLOUT_MOVE_CAP, prune_shifts: int = 1, order: bool = False
) -> list[Move]:
    """Play the side on move's turn to its end in ``g`` (a determinized game), searching each segment;
    returns the moves played. ``order`` is :func:`~russianbank.ai.planner.search_segment`'s."""
    side = g.turn
    played: list[Move] = []
    seen: set[object] = set()  # where the turn has been: a plan cut short by the budget never goes back
    while not g.is_over() and g.turn == side and len(played) < cap:
        seen.add(public_key(g))
        res = search_segment(g, budget, seen, ev, prune_shifts=prune_shifts, order=order)
        plan = res.plan if res.value > -WIN_LOGIT * 2 else []
        if not plan:  # nowhere new to go: end the segment the first way the rules allow
            moves = g.legal_move_list()
            plan = [next((m for m in moves if ends_segment(g, m)), moves[0])]
        for m in plan:
            g.push_unchecked(m)
            played.append(m)
            if g.is_over() or g.turn != side:
                return played
            seen.add(public_key(g))
    return played


class ExpertPlayer(PlanFollower):
    """Determinized search over the planner's best segment plans, through the rest of the turn and
    the opponent's reply."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = 0,
        samples: int = 16,
        candidates: int = 3,
        node_budget: int = 3000,
        rollout_budget: int = 100,
        reply: bool = True,
        margin: float = 2.0,
        min_samples: int = 4,
        prune_shifts: int = 0,
        move_order: int = 0,
        z: float = 2.5,
        distinct_ends: int = 0,
        after_reply: int = 0,
        stay_z: float = 0.0,
        replan: int = 0,
        race: float = 0.0,
        rollout_prune: int = 1,
        time_limit: float | None = None,
        evaluation: Evaluator | None = None,
    ) -> None:
        if samples < 1 or candidates < 1 or node_budget < 1 or rollout_budget < 1 or min_samples < 1:
            raise ValueError("samples, candidates, node_budget, rollout_budget and min_samples must be at least 1")
        self.rng = random.Random(seed)
        self.samples = samples
        self.candidates = candidates
        self.node_budget = node_budget
        self.rollout_budget = rollout_budget
        self.reply = bool(reply)
        self.margin = margin
        self.min_samples = min_samples
        self.z = z
        self.time_limit = time_limit
        self.evaluation = evaluation
        self.prune_shifts = int(prune_shifts)
        self.move_order = switch("move_order", move_order)
        self.distinct_ends = switch("distinct_ends", distinct_ends)
        if after_reply != int(after_reply) or not 0 <= after_reply <= 4:
            raise ValueError(f"after_reply is a number of turns (0 to 4), not {after_reply!r}")
        self.after_reply = int(after_reply)
        self.stay_z = _standard_errors("stay_z", stay_z)
        self.replan = switch("replan", replan)
        self.race = _standard_errors("race", race)
        if rollout_prune not in (0, 1, 2):
            raise ValueError(f"rollout_prune is a pruning rule (0, 1 or 2), not {rollout_prune!r}")
        self.rollout_prune = int(rollout_prune)
        self._cache = None
        self.seen = TurnMemory()
        #: deals looked at by the last decision (for measurements)
        self.last_samples = 0

    def _ev(self, g: Game) -> Evaluator:
        return HAND_EVALUATION if g.options.single else (self.evaluation or shipped_evaluation())

    def plan(self, view: PlayerView) -> list[Move]:
        """The plan the expert would follow from this view (first move first)."""
        check_view(view)
        self._set_prune(view)
        g = self._sample(view)
        moves = in_order(view, g)
        if len(moves) == 1:
            return moves
        return self._decide(view, g, self.seen.avoid(view, g))

    def _remember(self, g: Game, plan: list[Move]) -> None:
        if self.replan:  # decide again at the next move, with the deals, instead of following the plan
            self._cache = None
            return
        super()._remember(g, plan)

    def _new_plan(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move] | None:
        return self._decide(view, g, avoid)

    def _score(self, g: Game, p: int, plan: list[Move], ev: Evaluator) -> float:
        """The chance ``p`` wins after ``plan`` and the play-out of this deal."""
        for m in plan:
            g.push_unchecked(m)
            if g.is_over():
                break
        if not g.is_over() and g.turn == p:
            play_turn(g, ev, self.rollout_budget, prune_shifts=self.rollout_prune, order=self.move_order)
        if self.reply and not g.is_over() and g.turn != p:
            play_turn(g, ev, self.rollout_budget, prune_shifts=self.rollout_prune, order=self.move_order)
            for _ in range(self.after_reply):  # and on, turn by turn
                if g.is_over():
                    break
                play_turn(g, ev, self.rollout_budget, prune_shifts=self.rollout_prune, order=self.move_order)
        return sigmoid(ev.logit(g, p))

    def _decide(self, view: PlayerView, g: Game, avoid: set[object]) -> list[Move]:
        p = g.turn
        ev = self._ev(g)
        ends: dict[object, tuple[float, tuple[Move, ...]]] | None = {} if self.distinct_ends else None
        res: SegmentResult = search_segment(
            g, self.node_budget, avoid, ev, self._prune_now, order=self.move_order, seg_ends=ends
        )
        ranked = sorted((vp for vp in res.by_first.values() if vp[0] > -WIN_LOGIT * 2), key=lambda vp: -vp[0])
        self.last_samples = 0
        if not ranked:
            return []
        best_value = ranked[0][0]
        if best_value >= WIN_LOGIT / 2:
            return ranked[0][1]
        cands = self._candidates(ranked, ends)
        if len(cands) == 1:
            return cands[0]
        k = len(cands)
        scores: list[list[float]] = [[] for _ in range(k)]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        alive = list(range(k))  # the plans still dealt for (``race`` drops the ones left behind)
        for s in range(self.samples):
            base = self._sample(view)
            for i in alive:
                scores[i].append(self._score(base.copy(), p, cands[i], ev))
            n = s + 1
            self.last_samples = n
            if n >= self.min_samples:
                if self.race:
                    alive = self._survivors(scores, alive)
                if len(alive) == 1 or self._settled([scores[i] for i in alive], n):
                    break
            if deadline is not None and n >= 2 and time.perf_counter() > deadline:
                break
        means = [sum(sc) / len(sc) for sc in scores]
        best = max(alive, key=lambda i: means[i])
        if best and self.stay_z and 0 in alive and not self._beats(scores[best], scores[0], self.stay_z):
            best = 0  # the deals did not show the search's own best plan to be worse: keep it
        return cands[best]

    @staticmethod
    def _beats(a: list[float], b: list[float], z: float) -> bool:
        """Whether scores ``a`` beat ``b`` (paired by deal) by more than ``z`` standard errors."""
        n = len(a)
        d = [x - y for x, y in zip(a, b, strict=True)]
        md = sum(d) / n
        var = sum((x - md) ** 2 for x in d) / max(n - 1, 1)
        return md > z * math.sqrt(var / n) + 1e-9

    def _candidates(
        self, ranked: list[tuple[float, list[Move]]], ends: dict[object, tuple[float, tuple[Move, ...]]] | None
    ) -> list[list[Move]]:
        """The plans worth dealing for: the best few within ``margin`` of the best, one per first move,
        or (``distinct_ends``) one per end of the segment, so two ways to the same place are one plan
        and two places reached through the same first move are two."""
        best_value = ranked[0][0]
        pool = ranked
        if ends:
            pool = sorted(((v, list(plan)) for v, plan in ends.values() if v > -WIN_LOGIT * 2), key=lambda vp: -vp[0])
            if not pool or pool[0][0] < best_value - 1e-9:  # the best line was cut short by the budget
                pool = [ranked[0], *pool]
        return [plan for value, plan in pool[: self.candidates] if value > best_value - self.margin]

    def _survivors(self, scores: list[list[float]], alive: list[int]) -> list[int]:
        """The plans of ``alive`` the leader does not beat by more than ``race`` standard errors."""
        n = len(scores[alive[0]])
        lead = max(alive, key=lambda i: sum(scores[i]) / n)
        return [j for j in alive if j == lead or not self._beats(scores[lead], scores[j], self.race)]

    def _settled(self, scores: list[list[float]], n: int) -> bool:
        """Whether the leading plan beats every other by more than ``z`` standard errors (paired deals)."""
        means = [sum(sc) / n for sc in scores]
        lead = max(range(len(scores)), key=lambda i: means[i])
        return all(
            j == lead or scores[j] == scores[lead] or self._beats(scores[lead], scores[j], self.z)
            for j in range(len(scores))
        )  # (two plans that led to the same place in every deal do not hold the decision up)


__all__ = ["ExpertPlayer", "play_turn"]
