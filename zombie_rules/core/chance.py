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
from itertools import accumulate, compress
from typing import TypeVar

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
    """
    if 0 in weights:
        if len(moves) != len(weights):
            raise ValueError(f"{len(moves)} moves but {len(weights)} weights")
        moves, weights = tuple(compress(moves, weights)), tuple(filter(None, weights))
    row = _fractions_over(sum(weights))
    return tuple(zip(moves, map(row.__getitem__, weights), strict=True))


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
