"""Glicko-2 against the paper's worked example, its invariants, its refusals, and the levels' fit."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from russianbank.ai import LEVELS
from russianbank.ratings import (
    LADDER,
    LEVEL_RATINGS,
    Rating,
    RatingError,
    expected_score,
    fit_elo,
    level_rating,
    rate,
    rate_game,
)


def test_the_papers_worked_example() -> None:
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and to 1700/300. The
    paper rounds its intermediate steps and prints 1464.06; unrounded the rating is 1464.0507."""
    p = Rating(1500, 200, 0.06)
    r = rate(p, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    r = rate(Rating(1600, 100, 0.06), [])
    assert r.rating == 1600 and r.volatility == 0.06
    assert r.rd == pytest.approx(math.sqrt(100**2 + (0.06 * 173.7178) ** 2))
    assert rate(Rating(1500, 350), []).rd == 350  # never above a newcomer's


ratings = st.builds(
    Rating,
    st.floats(500, 2500),
    st.floats(30, 350),
    st.floats(0.01, 0.2),
)
scores = st.sampled_from([0.0, 0.5, 1.0])


@given(ratings, ratings)
def test_the_winner_never_drops_and_the_loser_never_rises(a: Rating, b: Rating) -> None:
    won, lost = rate_game(a, b, 1.0)
    assert won.rating >= a.rating and lost.rating <= b.rating


@given(ratings, ratings, scores)
def test_a_game_narrows_the_deviation_after_the_volatility_widened_it(a: Rating, b: Rating, s: float) -> None:
    after = rate(a, [(b, s)])
    assert after.rd < math.hypot(a.rd, after.volatility * 173.7178)  # Glicko-2's phi' < phi*


@given(st.builds(Rating, st.floats(1000, 2000), st.floats(150, 350), st.floats(0.03, 0.09)), ratings, scores)
def test_a_game_narrows_an_uncertain_rating(a: Rating, b: Rating, s: float) -> None:
    """Below about 50 points RD settles where a game's information and the volatility balance;
    above 150 every game narrows it."""
    if abs(a.rating - b.rating) <= 500:
        assert rate(a, [(b, s)]).rd < a.rd


@given(ratings, ratings, scores)
def test_mirrored_games_give_mirrored_ratings(a: Rating, b: Rating, s: float) -> None:
    """Reflecting both ratings about 1500 and the score about a draw reflects the new rating."""
    plain = rate(a, [(b, s)])
    mirror = rate(Rating(3000 - a.rating, a.rd, a.volatility), [(Rating(3000 - b.rating, b.rd, b.volatility), 1 - s)])
    assert 3000 - mirror.rating == pytest.approx(plain.rating, abs=1e-6)
    assert mirror.rd == pytest.approx(plain.rd, rel=1e-9)
    assert mirror.volatility == pytest.approx(plain.volatility, rel=1e-9)


@given(ratings, scores)
def test_equal_players_move_by_equal_amounts(a: Rating, s: float) -> None:
    x, y = rate_game(a, a, s)
    assert x.rating - a.rating == pytest.approx(a.rating - y.rating, abs=1e-6)
    assert expected_score(a, a) == pytest.approx(0.5)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rating(float("nan")),
        lambda: Rating(1500, 0),
        lambda: Rating(1500, 351),
        lambda: Rating(1500, 200, 0),
        lambda: Rating(1500, 200, float("inf")),
        lambda: Rating("1500"),  # type: ignore[arg-type]
        lambda: rate(Rating(), [(Rating(), 2)]),
        lambda: rate(Rating(), [(Rating(), True)]),
        lambda: rate(Rating(), [(1500, 1)]),  # type: ignore[list-item]
        lambda: rate(Rating(), [], tau=0),
        lambda: rate_game(Rating(), Rating(), -0.5),
        lambda: level_rating("grandmaster"),
        lambda: fit_elo([("a", "b", 3, 2)], anchor=("a", 1500)),
        lambda: fit_elo([("a", "b", 2, 2)], anchor=("a", 1500)),
        lambda: fit_elo([("a", "b", 1, 2)], anchor=("c", 1500)),
    ],
)
def test_bad_input_is_a_rating_error(make) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RatingError):
        make()
    assert issubclass(RatingError, ValueError)


def test_the_levels_ratings_are_the_fit_of_the_ladder() -> None:
    fitted = fit_elo(LADDER, anchor=("medium", 1500))
    assert {k: round(v) for k, v in fitted.items()} == LEVEL_RATINGS
    assert tuple(LEVEL_RATINGS) == LEVELS
    assert list(LEVEL_RATINGS.values()) == sorted(LEVEL_RATINGS.values())  # the ladder climbs


def test_a_fit_recovers_the_ratings_that_made_the_results() -> None:
    true = {"a": 1500.0, "b": 1700.0, "c": 1350.0}
    results = []
    for p, q in (("b", "a"), ("a", "c"), ("b", "c")):
        e = 1 / (1 + 10 ** ((true[q] - true[p]) / 400))
        results.append((p, q, e * 10_000, 10_000))
    got = fit_elo(results, anchor=("a", 1500))  # type: ignore[arg-type]
    for k, v in true.items():
        assert got[k] == pytest.approx(v, abs=0.01)


def test_the_modules_example_runs() -> None:
    import doctest

    import russianbank.ratings

    assert doctest.testmod(russianbank.ratings).failed == 0
