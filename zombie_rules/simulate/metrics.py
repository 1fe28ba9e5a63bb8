"""The figures people read, computed from a summary's exact counts at the very end.

Everything here is a pure function of a :class:`~zombie_rules.simulate.summary.Summary`
(and the batch, for names and roles), so equal summaries give equal metrics,
bit for bit. ``docs/simulation.md`` explains each figure.
"""

from __future__ import annotations

import math
from fractions import Fraction

import attrs

from zombie_rules.registry import get_game
from zombie_rules.simulate.batch import Batch
from zombie_rules.simulate.summary import Histogram, Summary, Sums, Tally, advantage_scale

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@attrs.frozen
class Rate:
    """``wins`` of ``games`` as a rate, with its 95% Wilson score interval ``low``-``high``."""

    wins: int
    games: int
    rate: float
    low: float
    high: float


def wilson(wins: int, games: int, z: float = Z95) -> Rate:
    """The Wilson score interval: unlike ``p ± z·se``, it stays within 0-1 and is
    honest near 0% and 100% and for few games. No games: the whole range 0-1.
    """
    if games == 0:
        return Rate(0, 0, 0.0, 0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # At 0% and 100% the interval touches the end exactly; rounding would leave 1e-16 off.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return Rate(wins, games, p, low, high)


@attrs.frozen
class Row:
    """One line of a win table: a seat, an agent, a side or an agent on a side."""

    name: str
    role: str
    agent: str
    win: Rate
    mean_score: float | None


@attrs.frozen
class Gap:
    """The largest difference between two rows' win rates, and which rows they are."""

    gap: float
    best: str
    worst: str


@attrs.frozen
class Spread:
    """A distribution of ``games`` integers: mean, median, 99th percentile, maximum."""

    games: int
    mean: float
    median: float
    p99: int
    max: int
    min: int


@attrs.frozen
class Estimate:
    """A mean over ``games`` games with its 95% normal interval (``None`` under 2 games)."""

    mean: float
    low: float | None
    high: float | None
    games: int


def estimate(sums: Sums, scale: int = 1) -> Estimate:
    """The mean of the summed values and its normal 95% interval, in units of 1 (not 1/scale).

    The interval is ``mean ± 1.96 · s / sqrt(n)`` with ``s`` the sample standard
    deviation: for independent games, close to exact from a few dozen on.
    """
    n = sums.n
    if n == 0:
        return Estimate(0.0, None, None, 0)
    mean = sums.total / n / scale
    if n < 2:
        return Estimate(mean, None, None, n)
    # n·Σd² - (Σd)² is exact in integers: no cancellation in the variance.
    variance = (n * sums.squares - sums.total * sums.total) / (n * (n - 1))
    half = Z95 * math.sqrt(max(variance, 0) / n) / scale
    return Estimate(mean, mean - half, mean + half, n)


@attrs.frozen
class FirstMoveMetrics:
    """How the seat that moved first (on its own: see ``first_mover``) did against the others.

    ``advantage`` is ``first.rate - others.rate``; ``per_game`` the mean of each game's
    advantage (the first mover's win minus the share of its rivals that won) with its
    normal 95% interval. The two agree whenever every game has as many rivals.
    """

    first: Rate
    others: Rate
    advantage: float
    by_seat: tuple[int, ...]
    per_game: Estimate


@attrs.frozen
class Metrics:
    title: str
    players: int
    games: int
    finished: int
    capped: int
    decisive: float
    score_text: str
    lower_is_better: bool
    rounds_text: str
    margin_text: str
    seats: tuple[Row, ...]
    agents: tuple[Row, ...]
    sides: tuple[Row, ...]
    roles: tuple[Row, ...]
    first_move: FirstMoveMetrics | None
    seat_balance: Gap | None
    side_balance: Gap | None
    shared_games: int
    total_wins: int
    winners: Histogram
    moves: Spread | None
    rounds: Spread | None
    margins: Spread | None


def spread(histogram: Histogram) -> Spread | None:
    """The :class:`Spread` of a histogram, ``None`` when it is empty.

    The median of an even count is the mean of the two middle values; the 99th
    percentile is the nearest rank (the smallest value at least 99% of games reach
    no further than), so it is always a value that occurred.
    """
    games = sum(count for _, count in histogram)
    if not games:
        return None
    total = sum(value * count for value, count in histogram)

    def nth(rank: int) -> int:  # the rank-th smallest value, from 1
        seen = 0
        for value, count in histogram:
            seen += count
            if seen >= rank:
                return value
        raise AssertionError("rank beyond the histogram")  # pragma: no cover

    middle = (nth((games + 1) // 2) + nth(games // 2 + 1)) / 2
    return Spread(
        games=games,
        mean=float(Fraction(total, games)),
        median=middle,
        p99=nth(math.ceil(games * 99 / 100)),
        max=histogram[-1][0],
        min=histogram[0][0],
    )


def _mean_score(tally: Tally) -> float | None:
    return float(Fraction(tally.score_sum, tally.finished)) if tally.finished else None


def _gap(rows: tuple[Row, ...]) -> Gap | None:
    rows = tuple(r for r in rows if r.win.games)
    if len(rows) < 2:
        return None
    best = max(rows, key=lambda r: r.win.rate)
    worst = min(rows, key=lambda r: r.win.rate)
    return Gap(best.win.rate - worst.win.rate, best.name, worst.name)


def metrics(summary: Summary, batch: Batch) -> Metrics:
    """Every figure of the summary of ``batch``'s games."""
    info = get_game(summary.title).facts
    orders = batch.orders()
    seats = tuple(
        Row(
            name=f"seat {seat}",
            role=info.role(batch.config, seat),
            agent=orders[0][seat] if len(orders) == 1 else "rotated",
            win=wilson(tally.wins, tally.games),
            mean_score=_mean_score(tally),
        )
        for seat, tally in enumerate(summary.seats)
    )
    agents = tuple(
        Row(a.agent, "", a.agent, wilson(a.tally.wins, a.tally.games), _mean_score(a.tally))
        for a in summary.agents
    )
    sides = tuple(
        Row(s.side, s.side, "", wilson(s.tally.wins, s.tally.games), _mean_score(s.tally))
        for s in summary.sides
    )
    roles = tuple(
        Row(
            f"{r.agent} on {r.side}",
            r.side,
            r.agent,
            wilson(r.tally.wins, r.tally.games),
            _mean_score(r.tally),
        )
        for r in summary.roles
    )
    fm = summary.first_move
    first_move = None
    if fm.games:
        first, others = wilson(fm.wins, fm.games), wilson(fm.other_wins, fm.others)
        per_game = estimate(
            Sums(fm.games, fm.advantage_sum, fm.advantage_squares),
            advantage_scale(summary.players),
        )
        first_move = FirstMoveMetrics(first, others, first.rate - others.rate, fm.by_seat, per_game)
    shared = sum(count for winners, count in summary.winners if winners > 1)
    return Metrics(
        title=summary.title,
        players=summary.players,
        games=summary.games,
        finished=summary.finished,
        capped=summary.capped,
        decisive=summary.finished / summary.games if summary.games else 0.0,
        score_text=info.score_text,
        lower_is_better=info.lower_is_better,
        rounds_text=info.rounds_text,
        margin_text=info.margin_text,
        seats=seats,
        agents=agents,
        sides=sides,
        roles=roles,
        first_move=first_move,
        seat_balance=_gap(seats),
        side_balance=_gap(sides),
        shared_games=shared,
        total_wins=sum(t.wins for t in summary.seats),
        winners=summary.winners,
        moves=spread(summary.moves),
        rounds=spread(summary.rounds),
        margins=spread(summary.margins),
    )
