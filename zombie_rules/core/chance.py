"""Turning a chance node's integer weights into exact probabilities or a sample.

Titles describe a chance node as outcomes with integer weights (card counts, die
faces). Exact :class:`~fractions.Fraction` probabilities are what analysis code
wants; integer weights are what a fast playout wants, so both come from one source.
:func:`pick_exact` draws from the exact probabilities about as cheaply as
:func:`pick_weighted` draws from the weights.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate, compress
from typing import Any, TypeVar

M = TypeVar("M")


def present(moves: tuple[M, ...], counts: tuple[int, ...]) -> tuple[tuple[M, ...], tuple[int, ...]]:
    """The moves whose count is positive, with those counts: a draw from a pile of ``counts``.

    ``moves[k]`` draws a card of kind ``k``. Every title's ``chance_weights`` drops
    the kinds a pile has run out of, and random playouts ask at every chance node
    (twice: ``legal_moves`` and ``sample_chance``), so this is done by
    ``itertools.compress`` and ``filter`` in C rather than by generator expressions.
    """
    if all(counts):
        return moves, counts
    return tuple(compress(moves, counts)), tuple(filter(None, counts))


def outcomes_from_weights(
    moves: Sequence[M], weights: Sequence[int]
) -> tuple[tuple[M, Fraction], ...]:
    """Exact probabilities, dropping zero-weight outcomes.

    Building a ``Fraction`` costs about a microsecond (a gcd and a Python-level
    ``__new__``), and an analysis or an exact playout asks for every chance node,
    so the probabilities come from :func:`_fractions_over`: one shared row of
    ``w/total`` per total, filled as weights are seen. Pile sizes and die faces keep
    the totals few and the weights small, so after a few games every lookup hits,
    even at nodes whose weight vectors never repeat (a deal from a shuffled pile).

    The tuple built last is remembered with its weights, so that
    :func:`pick_exact` on it (the exact playout's next call) draws from the
    integers instead of reading the Fractions back.
    """
    global _last_built
    if len(moves) != len(weights):
        raise ValueError(f"{len(moves)} moves but {len(weights)} weights")
    if 0 in weights:
        moves, weights = tuple(compress(moves, weights)), tuple(filter(None, weights))
    elif type(weights) is not tuple:
        weights = tuple(weights)  # the caller's list may change; the memo must not
    total = sum(weights)
    row = _ROWS.get(total)
    if row is None:
        row = _fractions_over(total)
    # Lengths checked above: ``zip(strict=True)`` costs a quarter of a microsecond here.
    outcomes = tuple(zip(moves, map(row.__getitem__, weights)))  # noqa: B905
    if outcomes:
        _last_built = (outcomes, weights)
    return outcomes


class _FractionRow(dict[int, Fraction]):
    """``row[w] == Fraction(w, total)``, each built on first use and then shared."""

    def __init__(self, total: int) -> None:
        super().__init__()
        self.total = total

    def __missing__(self, weight: int) -> Fraction:
        fraction = self[weight] = Fraction(weight, self.total)
        return fraction


_ROWS: dict[int, _FractionRow] = {}
#: Rows kept at most; past that they are all dropped and rebuilt as needed, so a
#: caller with ever-new totals cannot grow the cache without bound.
_MAX_ROWS = 512


def _fractions_over(total: int) -> _FractionRow:
    """The shared row of probabilities ``w/total`` (Fractions are immutable, so sharing is safe)."""
    row = _ROWS.get(total)
    if row is None:
        if len(_ROWS) >= _MAX_ROWS:
            _ROWS.clear()
        row = _ROWS[total] = _FractionRow(total)
    return row


def pick_weighted(moves: Sequence[M], weights: Sequence[int], rng: random.Random) -> M:
    """One outcome, drawn with probability proportional to its weight.

    One ``randrange`` over the integer total and a bisection of the running sums:
    exact (no float rounding) and done mostly in C, since playouts call it often.
    """
    bounds = list(accumulate(weights))
    return moves[bisect_right(bounds, rng.randrange(bounds[-1]))]


#: The tuple :func:`outcomes_from_weights` built last, with the integer weights it
#: came from (held, so ``is`` can never match another object that reused its id).
#: It starts as a placeholder no caller holds (not ``()``, which every empty tuple is).
_last_built: tuple[tuple[tuple[Any, Fraction], ...], tuple[int, ...]] = (
    ((None, Fraction(1)),),
    (1,),
)


def pick_exact(outcomes: Sequence[tuple[M, Fraction]], rng: random.Random) -> M:
    """One outcome of ``(move, probability)`` pairs (``chance_outcomes``), drawn exactly.

    One ``randrange`` over the probabilities' common denominator and a bisection
    of the numerators scaled to it, as :func:`pick_weighted` does with integer
    weights: no float ever rounds a probability. The draw is a function of the
    pairs' values and ``rng`` alone. When ``outcomes`` is the tuple
    :func:`outcomes_from_weights` built last (the usual case: an exact playout
    calls ``pick_exact(game.chance_outcomes(state), rng)``), the scaled numerators
    are the remembered weights over their gcd and no Fraction is read; with
    weights whose gcd is 1 (most piles) the draw is then the very one
    ``play.sample_chance`` makes from the same ``rng``. Any other pairs (kept from
    earlier, built by hand) go the long way to the same answer. Raises
    ``ValueError`` for no outcomes, a negative probability or a total other than 1.
    """
    last = _last_built
    if last[0] is outcomes:
        weights: Sequence[int] = last[1]
        divisor = math.gcd(*weights)
        if divisor != 1:
            weights = [w // divisor for w in weights]
    else:
        weights = _scaled_numerators(outcomes)
    bounds = list(accumulate(weights))
    return outcomes[bisect_right(bounds, rng.randrange(bounds[-1]))][0]


def _scaled_numerators(outcomes: Sequence[tuple[Any, Fraction]]) -> list[int]:
    """The probabilities as integers over their least common denominator; checked."""
    if not outcomes:
        raise ValueError("no outcomes to draw from: not a chance node")
    ratios = [p.as_integer_ratio() for _, p in outcomes]
    denominator = math.lcm(*[d for _, d in ratios])
    weights = [n * (denominator // d) for n, d in ratios]
    if sum(weights) != denominator or min(weights) < 0:
        raise ValueError(
            "chance probabilities must be non-negative and sum to 1, got"
            f" {', '.join(str(p) for _, p in outcomes)}"
        )
    return weights
