"""Turning a chance node's integer weights into exact probabilities or a sample.

Titles describe a chance node as outcomes with integer weights (card counts, die
faces). Exact :class:`~fractions.Fraction` probabilities are what analysis code
wants; integer weights are what a fast playout wants, so both come from one source.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from typing import TypeVar

M = TypeVar("M")


def outcomes_from_weights(
    moves: Sequence[M], weights: Sequence[int]
) -> tuple[tuple[M, Fraction], ...]:
    """Exact probabilities, dropping zero-weight outcomes."""
    total = sum(weights)
    return tuple(
        (move, Fraction(weight, total))
        for move, weight in zip(moves, weights, strict=True)
        if weight
    )


def pick_weighted(moves: Sequence[M], weights: Sequence[int], rng: random.Random) -> M:
    """One outcome, drawn with probability proportional to its weight.

    One ``randrange`` over the integer total and a bisection of the running sums:
    exact (no float rounding) and done mostly in C, since playouts call it often.
    """
    bounds = list(accumulate(weights))
    return moves[bisect_right(bounds, rng.randrange(bounds[-1]))]
