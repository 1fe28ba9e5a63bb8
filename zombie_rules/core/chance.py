"""Turning a chance node's integer weights into exact probabilities or a sample.

Titles describe a chance node as outcomes with integer weights (card counts, die
faces). Exact :class:`~fractions.Fraction` probabilities are what analysis code
wants; integer weights are what a fast playout wants, so both come from one source.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
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

    Uses a single ``randrange`` over the integer total so that the draw is exact
    and does not depend on float rounding.
    """
    point = rng.randrange(sum(weights))
    for move, weight in zip(moves, weights, strict=True):
        if point < weight:
            return move
        point -= weight
    raise AssertionError("weights changed while sampling")  # pragma: no cover
