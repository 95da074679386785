"""Named levels for people, and the engine names, mapped onto players with budgets.

=========  ==================================================================
level      player
=========  ==================================================================
beginner   greedy, but half of its moves are random in-order moves; in
           stops mode it sometimes breaks a rule of order on purpose (so that a
           person can practise calling Stop!)
easy       greedy, but a quarter of its moves are careless: a random in-order
           move (never one back to a position already left in the turn)
medium     planner on the learned evaluation (1000 nodes per segment search,
           tableau moves that open nothing new left out) on 45% of its
           turns; the other 55%, drawn at random, played the easy way (greedy
           with the easy level's careless moves)
hard       expert with a small budget (3 to 6 deals of up to 2 plans, through
           the opponent's reply; an unpruned root search of 1000 nodes)
expert     expert with the default budget (up to 16 deals of up to 3 plans,
           through the opponent's reply turn), its searches trying the
           reserve's and the hand card's moves first
=========  ==================================================================

Every level except beginner always plays in order.
"""

from __future__ import annotations

import random
from typing import Any

from ..moves import Move
from ..view import PlayerView
from .common import check_view, in_order, public_key, sample_game
from .expert import ExpertPlayer
from .greedy import GreedyPlayer, RandomPlayer
from .planner import PlannerPlayer

LEVELS = ("beginner", "easy", "medium", "hard", "expert")
ENGINES = ("random", "greedy", "planner", "expert")

#: The budgets of the levels (keyword arguments of the players).
LEVEL_BUDGETS: dict[str, dict[str, Any]] = {
    "beginner": {"noise": 0.5, "violations": 0.05},
    "easy": {"noise": 0.25},
    "medium": {"node_budget": 1000, "prune_shifts": 2, "greedy_turns": 0.55, "easy_noise": 0.25},
    "hard": {
        "samples": 6,
        "min_samples": 3,
        "candidates": 2,
        "node_budget": 1000,
        "rollout_budget": 60,
    },
    "expert": {"move_order": 1},
}

#: The budgets of the engines that differ from their players' defaults. The ``planner`` engine looks
#: at the opponent's reply to plans that end the turn (``reply_nodes``) and searches the moves of the
#: reserve and the hand card first (``move_order``); the levels built on the planner (medium) do
#: neither. The ``expert`` (level and engine: the name is a level, so ``LEVEL_BUDGETS`` holds it) also
#: searches in that order; ``hard`` does not.
ENGINE_BUDGETS: dict[str, dict[str, Any]] = {
    "planner": {"reply_nodes": 300, "reply_plans": 6, "move_order": 1},
}


class SlipPlayer:
    """Greedy, but a share of its moves (``noise``, 0..1) are careless: a random in-order move.

    A careless move never leads back to a position already left in the turn, so
    the player never shuttles a card to and fro; it never breaks a rule of order.
    ``strong`` is the greedy player of the other moves (hints use it alone).
    """

    name = "easy"

    def __init__(self, seed: int | None = 0, noise: float = 0.25) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a share of the moves (0..1), not {noise}")
        self.strong = GreedyPlayer(seed)
        self.noise = noise
        self.rng = random.Random(None if seed is None else seed ^ 0x511F)

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        if self.noise and self.rng.random() < self.noise:
            g = sample_game(view, self.rng, strict=False)
            earlier = self.strong.seen.visit(view, g)
            earlier.add(public_key(g))
            fresh = []
            for m in in_order(view, g):
                g.push_unchecked(m)
                if public_key(g) not in earlier:
                    fresh.append(m)
                g.pop()
            if fresh:
                return self.rng.choice(fresh)
        return self.strong.choose(view)


class MixedPlayer:
    """A player that plays a share of its turns the easy way (greedy): a level between the two.

    At the first move of each of its turns it draws, with its own seeded random
    numbers, whether the turn is an easy one (``share``, 0..1); the whole turn is
    then played by the one player, so each keeps its own memory of the turn
    (neither leads back to a position already left in it). ``strong`` is the
    player of the other turns (hints use it alone). With ``easy_noise`` the easy
    turns are played by a :class:`SlipPlayer` (the easy level's careless moves).
    """

    def __init__(self, strong: Any, share: float, seed: int | None = 0, easy_noise: float = 0.0) -> None:
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"greedy_turns is a share of the turns (0..1), not {share}")
        self.strong = strong
        self.share = share
        self.rng = random.Random(seed)
        greedy_seed = self.rng.randrange(2**62)
        self.greedy: GreedyPlayer | SlipPlayer = (
            SlipPlayer(greedy_seed, easy_noise) if easy_noise else GreedyPlayer(greedy_seed)
        )
        self.name = f"{getattr(strong, 'name', 'player')}+greedy"
        self._turn: int | None = None
        self._easy = False

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        if view.turn_no != self._turn:
            self._turn = view.turn_no
            self._easy = self.rng.random() < self.share
        return (self.greedy if self._easy else self.strong).choose(view)


class BeginnerPlayer:
    """Greedy with random slips; in stops mode, now and then a deliberate out-of-order move.

    ``strong`` is the greedy player of the other moves: hints at this level use it alone, so a
    hint never breaks a rule of order and never goes round in circles.
    """

    name = "beginner"

    def __init__(self, seed: int | None = 0, noise: float = 0.5, violations: float = 0.05) -> None:
        if not (0.0 <= noise <= 1.0 and 0.0 <= violations <= 1.0):
            raise ValueError("noise and violations are probabilities (0..1)")
        self.rng = random.Random(seed)
        self.noise = noise
        self.violations = violations
        self.greedy = GreedyPlayer(self.rng.randrange(2**62))

    @property
    def strong(self) -> GreedyPlayer:
        """The player of the moves that are not slips (what hints at this level use)."""
        return self.greedy

    def choose(self, view: PlayerView) -> Move:
        check_view(view)
        if view.options.stops and self.rng.random() < self.violations:
            g = sample_game(view, self.rng, strict=False)
            wrong = [m for m in view.legal_moves if g.order_violation(m) is not None]
            if wrong:
                return self.rng.choice(wrong)
        if self.rng.random() < self.noise:
            g = sample_game(view, self.rng, strict=False)
            return self.rng.choice(in_order(view, g))
        return self.greedy.choose(view)


def make_player(name: str, seed: int | None = 0, **budget: Any) -> Any:
    """A player by level (``beginner`` .. ``expert``) or engine name (``random``, ``greedy``, ...).

    Keyword arguments override the budget (``node_budget``, ``prune_shifts``, ``reply_nodes``,
    ``reply_plans``, ``reply_prune``, ``reply_margin``, ``move_order`` for the planner; ``samples``,
    ``min_samples``, ``candidates``, ``margin``, ``z``, ``node_budget``, ``rollout_budget``, ``reply``,
    ``move_order``, ``time_limit`` and the keys off at every level (:mod:`russianbank.ai.expert`) for the
    expert; ``noise``, ``violations`` for the beginner; ``noise`` for easy, see :class:`SlipPlayer`; ``greedy_turns``
    for the planner and the expert, the share of turns played the easy way, and ``easy_noise``,
    the careless moves of those turns, see :class:`MixedPlayer`).
    """
    if name in LEVEL_BUDGETS:
        kwargs = {**LEVEL_BUDGETS[name], **budget}
    elif name in ENGINE_BUDGETS:
        kwargs = {**ENGINE_BUDGETS[name], **budget}
    else:
        kwargs = dict(budget)
    mixable = name in ("planner", "medium", "expert", "hard")
    share = float(kwargs.pop("greedy_turns", 0.0)) if mixable else 0.0
    easy_noise = float(kwargs.pop("easy_noise", 0.0)) if mixable else 0.0
    if budget.get("easy_noise") and not share:  # asked for, not a level's default left unused
        raise ValueError("easy_noise is the careless moves of the easy turns: it needs greedy_turns above 0")
    if share:
        strong = make_player(name, seed, **{**kwargs, "greedy_turns": 0.0, "easy_noise": 0.0})
        return MixedPlayer(strong, share, None if seed is None else seed ^ 0x5EED, easy_noise)
    try:
        if name == "random":
            return RandomPlayer(seed, **kwargs)
        if name == "greedy":
            return GreedyPlayer(seed, **kwargs)
        if name == "easy":
            return SlipPlayer(seed, **kwargs)
        if name == "beginner":
            return BeginnerPlayer(seed, **kwargs)
        if name in ("planner", "medium"):
            return PlannerPlayer(seed, **kwargs)
        if name in ("expert", "hard"):
            return ExpertPlayer(seed, **kwargs)
    except TypeError as e:
        raise ValueError(f"bad budget for {name!r}: {e}") from None
    raise ValueError(f"unknown player {name!r}; choose one of {', '.join(LEVELS + ENGINES)}")
