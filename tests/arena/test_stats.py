"""The arena's intervals against values computed independently of this code."""

from __future__ import annotations

import math

import pytest

from liar_tui.arena.stats import Z_95, mean_interval, percentile, wilson_interval

# Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison
# of seven methods", Statistics in Medicine 17:857-872, Table I, method 3 (Wilson score,
# no continuity correction), to the four decimals printed there.
NEWCOMBE_WILSON = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0000, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0000),
]


@pytest.mark.parametrize(("successes", "trials", "low", "high"), NEWCOMBE_WILSON)
def test_wilson_interval_matches_newcombes_table(
    successes: int, trials: int, low: float, high: float
) -> None:
    interval = wilson_interval(successes, trials)
    assert interval.estimate == pytest.approx(successes / trials)
    assert interval.low == pytest.approx(low, abs=5e-5)
    assert interval.high == pytest.approx(high, abs=5e-5)


def test_the_normal_quantile_is_the_textbook_one() -> None:
    assert pytest.approx(1.959963984540054, abs=1e-12) == Z_95


def test_a_shared_win_counts_between_the_neighbouring_whole_counts() -> None:
    shared = wilson_interval(40.5, 100)
    below, above = wilson_interval(40, 100), wilson_interval(41, 100)
    assert shared.estimate == 0.405
    assert below.low < shared.low < above.low
    assert below.high < shared.high < above.high


def test_a_share_needs_trials_and_a_possible_count() -> None:
    with pytest.raises(ValueError):
        wilson_interval(0, 0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


def test_mean_interval_of_one_to_five() -> None:
    # mean 3, sample standard deviation sqrt(2.5), standard error sqrt(2.5 / 5) = sqrt(0.5);
    # scipy.stats.norm.interval(0.95, loc=3, scale=sqrt(0.5)) = (1.6140962, 4.3859038).
    interval = mean_interval([1, 2, 3, 4, 5])
    assert interval.estimate == 3
    assert interval.low == pytest.approx(1.6140962, abs=1e-7)
    assert interval.high == pytest.approx(4.3859038, abs=1e-7)


def test_mean_interval_of_a_plus_minus_one_stake() -> None:
    # 60 wins and 40 losses of $1: mean 0.2, s = sqrt(0.96 * 100 / 99) = 0.98473,
    # half width 1.959964 * 0.98473 / 10 = 0.193003.
    interval = mean_interval([1.0] * 60 + [-1.0] * 40)
    assert interval.estimate == pytest.approx(0.2)
    assert interval.low == pytest.approx(0.2 - 0.193003, abs=1e-6)
    assert interval.high == pytest.approx(0.2 + 0.193003, abs=1e-6)


def test_one_value_has_a_mean_but_no_interval() -> None:
    interval = mean_interval([2.5])
    assert (interval.estimate, interval.low, interval.high) == (2.5, None, None)
    with pytest.raises(ValueError):
        mean_interval([])


def test_identical_values_have_a_zero_width_interval() -> None:
    interval = mean_interval([0.0, 0.0, 0.0])
    assert (interval.low, interval.high) == (0.0, 0.0)


def test_percentiles_by_nearest_rank() -> None:
    values = [float(n) for n in range(100, 0, -1)]
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.99) == 99
    assert percentile(values, 1.0) == 100
    assert percentile([3.0, 1.0, 2.0, 4.0], 0.5) == 2
    assert percentile([7.0], 0.99) == 7
    assert math.isclose(percentile([0.25, 0.5], 0.01), 0.25)
    with pytest.raises(ValueError):
        percentile([], 0.5)
