"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), and an Elo fit.

A player's strength is a :class:`Rating`: the rating (1500 for a newcomer), its deviation RD
(350 for a newcomer: how unsure the rating is) and the volatility σ (how erratic the player's
results are; 0.06 at first). :func:`rate` is Glickman's update of one rating period, step by
step as the paper numbers them; the volatility's equation is solved by the Illinois variant of
regula falsi, as the paper says (its step 5.4), to ``epsilon``.

The server rates each game as a rating period of its own (:func:`rate_game`). A period of
several games would wait for the period to close before a player saw a change, and a period
measured by the clock would make a rating depend on when it was looked at; a period of one game
gives every game's change at once, and the same stored results replayed in the same order give
the same ratings to the last bit. The price is that a rating does not grow less certain by
itself while a player is away: RD grows only through the volatility, once a game.

:func:`fit_elo` is the maximum-likelihood fit of Elo ratings to a cross-table of results (the
Bradley-Terry model on the Elo scale, by Hunter's minorize-maximize iteration): the computer
levels' fixed ratings come from it (``docs/benchmarks.md``).

The module is pure: no I/O, the standard library only.

>>> p = Rating(1500, 200, 0.06)
>>> r = rate(p, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(r.rating, 2), round(r.rd, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

SCALE = 173.7178  # Glicko-2's scale: rating points per unit of mu (400 / ln 10)
DEFAULT_RATING = 1500.0
DEFAULT_RD = 350.0
DEFAULT_VOLATILITY = 0.06
DEFAULT_TAU = 0.5  # the system constant: how fast the volatility may change (the paper: 0.3 to 1.2)
MAX_RD = 350.0  # a rating is never less certain than a newcomer's
MAX_ITERATIONS = 200  # of the volatility's iteration; it converges in a few dozen at most


#: The computer levels' results against each other (player, opponent, the player's wins, games;
#: ``russianbank match PLAYER OPPONENT --games N --seed 5 --jobs 2``, no draws), the cross-table
#: that :data:`LEVEL_RATINGS` is fitted to (docs/benchmarks.md, *The ladder*).
LADDER: tuple[tuple[str, str, int, int], ...] = (
    ("easy", "beginner", 130, 200),
    ("medium", "easy", 136, 200),
    ("hard", "medium", 135, 200),
    ("expert", "hard", 121, 200),
    ("medium", "beginner", 149, 200),
    ("hard", "beginner", 179, 200),
    ("hard", "easy", 158, 200),
    ("expert", "medium", 167, 200),
    ("expert", "easy", 84, 100),
    ("expert", "beginner", 95, 100),
)
#: The computer levels' fixed ratings: ``fit_elo(LADDER, anchor=("medium", 1500))``, rounded, so
#: that a newcomer (1500) starts level with the medium computer.
LEVEL_RATINGS: dict[str, int] = {"beginner": 1292, "easy": 1398, "medium": 1500, "hard": 1645, "expert": 1740}
#: The deviation the computer's ratings are held at: about twice the standard error of one step
#: of the ladder (200 games at 65%: 26 points).
LEVEL_RD = 50.0


class RatingError(ValueError):
    """A rating, a score or a setting that Glicko-2 cannot use; the message says which."""


@dataclass(frozen=True)
class Rating:
    """A player's rating, its deviation (RD) and its volatility."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY

    def __post_init__(self) -> None:
        _check_rating(self)


def _finite(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def _check_rating(r: Rating) -> None:
    if not _finite(r.rating) or not -10_000 <= r.rating <= 10_000:
        raise RatingError(f"a rating must be a finite number between -10000 and 10000, not {r.rating!r}")
    if not _finite(r.rd) or not 0 < r.rd <= MAX_RD:
        raise RatingError(f"a rating deviation must be above 0 and at most {MAX_RD:g}, not {r.rd!r}")
    if not _finite(r.volatility) or not 0 < r.volatility <= 1:
        raise RatingError(f"a volatility must be above 0 and at most 1, not {r.volatility!r}")


def _check_score(s: object) -> float:
    if not _finite(s) or not 0 <= float(s) <= 1:  # type: ignore[arg-type]
        raise RatingError(f"a game's score is 1 (won), 0.5 (drawn) or 0 (lost), not {s!r}")
    return float(s)  # type: ignore[arg-type]


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (Glicko-2's E)."""
    return _e((player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE, opponent.rd / SCALE)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float, epsilon: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(MAX_ITERATIONS):
        if abs(big_b - big_a) <= epsilon:
            break
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    return math.exp(big_a / 2.0)


def rate(
    player: Rating,
    games: Iterable[tuple[Rating, float]],
    *,
    tau: float = DEFAULT_TAU,
    epsilon: float = 1e-6,
) -> Rating:
    """``player``'s rating after one rating period of ``games`` (opponent, score: 1, 0.5 or 0).

    With no games only the deviation grows (step 6 of the paper). Raises :class:`RatingError`
    for a rating, score or setting out of range."""
    if not _finite(tau) or tau <= 0:
        raise RatingError(f"tau must be a positive number, not {tau!r}")
    if not _finite(epsilon) or epsilon <= 0:
        raise RatingError(f"epsilon must be a positive number, not {epsilon!r}")
    if not isinstance(player, Rating):
        raise RatingError(f"a player's rating must be a Rating, not {type(player).__name__}")
    played = []
    for game in games:
        if not isinstance(game, tuple) or len(game) != 2 or not isinstance(game[0], Rating):
            raise RatingError(f"a game is (the opponent's Rating, the score), not {game!r}")
        played.append((game[0], _check_score(game[1])))
    mu, phi, sigma = (player.rating - DEFAULT_RATING) / SCALE, player.rd / SCALE, player.volatility
    if not played:
        return Rating(player.rating, min(MAX_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    v_inv = 0.0
    total = 0.0
    for opp, s in played:
        mu_j, phi_j = (opp.rating - DEFAULT_RATING) / SCALE, opp.rd / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        total += g * (s - e)
    v = 1.0 / v_inv
    delta = v * total
    new_sigma = _volatility(sigma, phi, v, delta, tau, epsilon)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * total
    return Rating(new_mu * SCALE + DEFAULT_RATING, min(MAX_RD, new_phi * SCALE), new_sigma)


def level_rating(level: str) -> Rating:
    """The fixed rating of a computer level (:data:`LEVEL_RATINGS`)."""
    if level not in LEVEL_RATINGS:
        raise RatingError(f"no rating for the computer level {level!r} (levels: {', '.join(LEVEL_RATINGS)})")
    return Rating(float(LEVEL_RATINGS[level]), LEVEL_RD, DEFAULT_VOLATILITY)


def rate_game(a: Rating, b: Rating, score_a: float, *, tau: float = DEFAULT_TAU) -> tuple[Rating, Rating]:
    """Both ratings after one game of ``a`` against ``b`` (``score_a``: 1 a won, 0.5 a draw, 0 b
    won), the game a rating period of its own; each side is rated from the other's rating before."""
    s = _check_score(score_a)
    return rate(a, [(b, s)], tau=tau), rate(b, [(a, 1.0 - s)], tau=tau)


def fit_elo(
    results: Sequence[tuple[str, str, float, int]], *, anchor: tuple[str, float], iterations: int = 10_000
) -> dict[str, float]:
    """Elo ratings fitted to ``results`` (player, opponent, the player's score, games), the
    player ``anchor[0]`` placed at ``anchor[1]``: the maximum-likelihood Bradley-Terry strengths
    (a draw counts half a win each way), by Hunter's minorize-maximize iteration."""
    names = sorted({n for r in results for n in r[:2]})
    if anchor[0] not in names:
        raise RatingError(f"the anchor {anchor[0]!r} plays no game in the results")
    wins = dict.fromkeys(names, 0.0)
    pairs: dict[tuple[str, str], int] = {}
    for p, q, score, n in results:
        if p == q or not isinstance(n, int) or n <= 0 or not _finite(score) or not 0 <= score <= n:
            raise RatingError(
                f"a result is (player, another player, points scored 0..games, games > 0), not {(p, q, score, n)}"
            )
        wins[p] += score
        wins[q] += n - score
        key = (min(p, q), max(p, q))
        pairs[key] = pairs.get(key, 0) + n
    if any(w <= 0 for w in wins.values()):
        raise RatingError("every player of a fit must have scored at least once (else its rating is infinite)")
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for i in names:
            denom = 0.0
            for (x, y), n in pairs.items():
                if i in (x, y):
                    denom += n / (strength[x] + strength[y])
            new[i] = wins[i] / denom
        norm = new[anchor[0]]
        new = {k: v / norm for k, v in new.items()}
        done = max(abs(math.log(new[k] / strength[k])) for k in names) < 1e-12
        strength = new
        if done:
            break
    return {k: anchor[1] + 400.0 * math.log10(v) for k, v in strength.items()}
