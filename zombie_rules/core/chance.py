"""Turning a chance node's integer weights into exact probabilities or a sample.

Titles describe a chance node as outcomes with integer weights (card counts, die
faces). Exact :class:`~fractions.Fraction` probabilities are what analysis code
wants; integer weights are what a fast playout wants, so both come from one source.
:func:`pick_exact` draws from the exact probabilities about as cheaply as
:func:`pick_weighted` draws from the weights.

Exact outcomes come from :func:`outcomes_from_weights` for any moves and weights,
or, when the moves are a title's fixed tuple of one move per card kind, from
:func:`pile_outcomes` (counted piles) and :func:`distinct_outcomes` (piles of
different cards). Those two reuse whole ``(move, probability)`` pairs shared per
pile total, so an exact playout builds one tuple per chance node and no Fraction
or pair: the exact loop then costs about what the sampler's does.
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
    else:
        # The caller's lists may change; the memo must not.
        if type(weights) is not tuple:
            weights = tuple(weights)
        if type(moves) is not tuple:
            moves = tuple(moves)
    total = sum(weights)
    row = _ROWS.get(total)
    if row is None:
        row = _fractions_over(total)
    # Lengths checked above: ``zip(strict=True)`` costs a quarter of a microsecond here.
    outcomes = tuple(zip(moves, map(row.__getitem__, weights)))  # noqa: B905
    if outcomes:
        _last_built = (outcomes, moves, weights, 0)
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


#: The tuple :func:`outcomes_from_weights`, :func:`pile_outcomes` or
#: :func:`distinct_outcomes` built last, with the moves and integer weights it came
#: from (``weights[k]`` weighs ``moves[k]``; zero weights may stay in) and the
#: weights' gcd when known (``0``: not worked out yet). Held, so ``is`` can never
#: match another object that reused its id, and replaced as one tuple, so a reader
#: never sees half of it. It starts as a placeholder no caller holds (not ``()``,
#: which every empty tuple is).
_last_built: tuple[tuple[tuple[Any, Fraction], ...], tuple[Any, ...], tuple[int, ...], int] = (
    ((None, Fraction(1)),),
    (None,),
    (1,),
    1,
)


def pick_exact(outcomes: Sequence[tuple[M, Fraction]], rng: random.Random) -> M:
    """One outcome of ``(move, probability)`` pairs (``chance_outcomes``), drawn exactly.

    One ``randrange`` over the probabilities' common denominator and a bisection
    of the numerators scaled to it, as :func:`pick_weighted` does with integer
    weights: no float ever rounds a probability. The draw is a function of the
    pairs' values and ``rng`` alone. When ``outcomes`` is the tuple this module
    built last (the usual case: an exact playout calls
    ``pick_exact(game.chance_outcomes(state), rng)``), the scaled numerators are
    the remembered weights over their gcd and no Fraction is read; with weights
    whose gcd is 1 (most piles) the draw is then the very one
    ``play.sample_chance`` makes from the same ``rng``. Any other pairs (kept from
    earlier, built by hand) go the long way to the same answer. Raises
    ``ValueError`` for no outcomes, a negative probability or a total other than 1.
    """
    built, moves, weights, divisor = _last_built
    if built is outcomes:
        # Zero weights left in add running sums equal to the one before, which
        # ``bisect_right`` never lands on: the draw is the one without them.
        if divisor != 1 and (divisor := _gcd(*weights)) != 1:
            weights = tuple([w // divisor for w in weights])
        bounds = list(accumulate(weights))
        return moves[bisect_right(bounds, rng.randrange(bounds[-1]))]  # type: ignore[no-any-return]
    scaled = _scaled_numerators(outcomes)
    bounds = list(accumulate(scaled))
    return outcomes[bisect_right(bounds, rng.randrange(bounds[-1]))][0]


_gcd = math.gcd


# ------------------------------------------------------------------ piles


def pile_outcomes(moves: tuple[M, ...], counts: Sequence[int]) -> tuple[tuple[M, Fraction], ...]:
    """Exact probabilities of a draw from a pile of ``counts``: ``moves[k]`` draws kind ``k``.

    What ``outcomes_from_weights(*present(moves, counts))`` gives, for a title
    whose ``moves`` is one long-lived tuple (cached per config, as every title's
    chance moves are). Keyed by that tuple's identity, each kind keeps a shared
    row of whole pairs ``(moves[k], Fraction(w, total))`` per pile total, and an
    empty kind maps to nothing, so a call is a sum and one pass in C
    (``filter`` over ``map``) that allocates only the tuple it returns, where a
    pair-by-pair build costs about twice as much; exact playouts ask at every
    chance node. Empty when every count is zero (not a chance node).
    ``ValueError`` for a length mismatch or a negative count.

    The result is remembered with ``moves`` and ``counts`` for :func:`pick_exact`,
    as :func:`outcomes_from_weights` remembers its own.
    """
    global _last_built
    table = _last_table
    if table.moves is not moves:
        table = _table_of(moves)
    total = sum(counts)
    rows = table.rows.get(total)
    if rows is None:
        if total <= 0:
            return _nothing_in(counts)
        rows = table.rows_over(total)
    if len(rows) != len(counts):
        raise ValueError(f"{len(moves)} moves but {len(counts)} counts")
    if 0 in counts:
        outcomes = tuple(filter(None, map(_pair_of, rows, counts)))
    else:  # a full pile (most deals): no empty kind to drop
        outcomes = tuple(map(_pair_of, rows, counts))  # type: ignore[arg-type]
    if type(counts) is not tuple:
        counts = tuple(counts)  # the caller's list may change; the memo must not
    _last_built = (outcomes, moves, counts, 0)
    return outcomes


def distinct_outcomes(moves: tuple[M, ...], held: Sequence[int]) -> tuple[tuple[M, Fraction], ...]:
    """Exact probabilities of a draw from a pile of different cards: each held one alike.

    ``held[k]`` is 1 when the card ``moves[k]`` draws is in the pile, 0 when not
    (a pile of named cards, one copy each). :func:`pile_outcomes` for that case,
    cheaper still: the pairs ``(moves[k], Fraction(1, total))`` are one shared
    tuple per total and the outcomes are ``itertools.compress`` of it, with no
    call per card. ``ValueError`` for a length mismatch or, counts being
    non-negative, one above 1 (the probabilities would sum past 1). Remembered
    for :func:`pick_exact`, with gcd 1.
    """
    global _last_built
    table = _last_table
    if table.moves is not moves:
        table = _table_of(moves)
    total = sum(held)
    ones = table.ones.get(total)
    if ones is None:
        if total <= 0:
            return _nothing_in(held)
        ones = table.ones_over(total)
    if len(ones) != len(held):
        raise ValueError(f"{len(moves)} moves but {len(held)} counts")
    outcomes = tuple(compress(ones, held))
    if len(outcomes) != total:
        # Non-negative counts with one above 1 sum past the cards kept.
        raise ValueError(f"a pile of different cards holds each at most once: {tuple(held)}")
    if type(held) is not tuple:
        held = tuple(held)
    _last_built = (outcomes, moves, held, 1)
    return outcomes


def _nothing_in(counts: Sequence[int]) -> tuple[()]:
    """No outcomes for a pile that sums to 0 or less; ``ValueError`` if a count is negative."""
    if min(counts, default=0) < 0:
        raise ValueError(f"a pile holds no negative count: {tuple(counts)}")
    return ()


class _PairRow(dict[int, "tuple[Any, Fraction] | None"]):
    """``row[w] == (move, Fraction(w, total))`` (``None`` for ``w == 0``), built on first use."""

    __slots__ = ("fractions", "move")

    def __init__(self, move: Any, fractions: _FractionRow) -> None:
        super().__init__()
        self.move = move
        self.fractions = fractions

    def __missing__(self, count: int) -> tuple[Any, Fraction] | None:
        if count < 0:
            raise ValueError(f"a pile holds no negative count: {count} of {self.move}")
        pair = self[count] = (self.move, self.fractions[count]) if count else None
        return pair


#: ``_pair_of(row, count)``: a row's pair, through ``__missing__`` the first time.
_pair_of = dict.__getitem__


class _PileTable:
    """The shared pairs of one tuple of moves, per pile total.

    ``rows[total][k]`` is kind ``k``'s :class:`_PairRow`; ``ones[total][k]`` is
    ``(moves[k], Fraction(1, total))``. At most ``_MAX_ROWS`` totals each.
    """

    __slots__ = ("moves", "ones", "rows")

    def __init__(self, moves: tuple[Any, ...]) -> None:
        self.moves = moves
        self.rows: dict[int, tuple[_PairRow, ...]] = {}
        self.ones: dict[int, tuple[tuple[Any, Fraction], ...]] = {}

    def rows_over(self, total: int) -> tuple[_PairRow, ...]:
        """The rows for a pile of ``total`` cards."""
        if len(self.rows) >= _MAX_ROWS:
            self.rows.clear()
        fractions = _fractions_over(total)
        rows = self.rows[total] = tuple(_PairRow(move, fractions) for move in self.moves)
        return rows

    def ones_over(self, total: int) -> tuple[tuple[Any, Fraction], ...]:
        """The pairs of a card held once in a pile of ``total`` different cards."""
        if len(self.ones) >= _MAX_ROWS:
            self.ones.clear()
        one = _fractions_over(total)[1]
        ones = self.ones[total] = tuple((move, one) for move in self.moves)
        return ones


_PILES: dict[int, _PileTable] = {}
#: Tuples of moves kept at most (titles have a few per config); past that all are
#: dropped and rebuilt as needed, so ever-new tuples cannot grow the cache without bound.
_MAX_PILES = 256
#: The table used last: consecutive chance nodes mostly draw from the same pile.
_last_table = _PileTable(())


def _table_of(moves: tuple[Any, ...]) -> _PileTable:
    """The table of ``moves``, held with it (so its id cannot be reused while it is kept)."""
    global _last_table
    table = _PILES.get(id(moves))
    if table is None or table.moves is not moves:
        if len(_PILES) >= _MAX_PILES:
            _PILES.clear()
        table = _PILES[id(moves)] = _PileTable(moves)
    _last_table = table
    return table


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
