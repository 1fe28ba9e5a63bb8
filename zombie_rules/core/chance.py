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
or pair, and :func:`pile_outcomes` does not even build that for a pile met again
at a size where piles recur (the first cards dealt from a full deck). Each
builder hands :func:`pick_exact` the running sums of the weights, which is all a
draw needs: the exact loop then costs about what the sampler's does.
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

#: What :func:`pick_exact` needs of a tuple built here: the tuple, its moves, the
#: running sums of their weights and the weights' gcd (``0``: not known yet).
_Built = tuple[tuple[tuple[Any, Fraction], ...], tuple[Any, ...], list[int], int]


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


def present_distinct(
    moves: tuple[M, ...], held: tuple[int, ...]
) -> tuple[tuple[M, ...], tuple[int, ...]]:
    """:func:`present` for a pile of different cards (``held[k]`` is 0 or 1): what it gives.

    Every weight left is 1, so the weights are one shared tuple of ones per
    size instead of a ``filter`` over the pile: a title drawing from a pile of
    named cards (dozens of them, at every deal and draw) saves that pass. The
    caller vouches that no count is above 1, as for :func:`distinct_outcomes`.
    """
    if all(held):
        return moves, held
    kept = tuple(compress(moves, held))
    ones = _ONES.get(len(kept))
    if ones is None:
        if len(_ONES) >= _MAX_ROWS:
            _ONES.clear()
        ones = _ONES[len(kept)] = (1,) * len(kept)
    return kept, ones


#: ``_ONES[n]`` is ``(1,) * n``, built once per size.
_ONES: dict[int, tuple[int, ...]] = {}


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

    The tuple built last is remembered with the running sums of its weights
    (worked out instead of their total, which is their last), so that
    :func:`pick_exact` on it (the exact playout's next call) bisects those
    integers instead of reading the Fractions back.
    """
    global _last_built
    if len(moves) != len(weights):
        raise ValueError(f"{len(moves)} moves but {len(weights)} weights")
    if 0 in weights:
        moves, weights = tuple(compress(moves, weights)), tuple(filter(None, weights))
    elif type(moves) is not tuple:
        moves = tuple(moves)  # the caller's list may change; the memo must not
    # The running sums, not just the total: they are what ``pick_exact`` bisects
    # (the memo keeps this list, which is nobody else's, so the caller's may change).
    bounds = list(accumulate(weights))
    if not bounds:
        return ()
    row = _ROWS.get(bounds[-1])
    if row is None:
        row = _fractions_over(bounds[-1])
    # Lengths checked above: ``zip(strict=True)`` costs a quarter of a microsecond here.
    outcomes = tuple(zip(moves, map(row.__getitem__, weights)))  # noqa: B905
    _last_built = (outcomes, moves, bounds, 0)
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
    Weights that are :func:`present_distinct`'s shared ones (a pile of different
    cards, dozens long) skip the running sums: they would be ``1, 2, ... n``, and
    the bisection would land on the drawn number itself, so the draw is the same.
    """
    if weights is _ONES.get(len(weights)):
        return moves[rng.randrange(len(weights))]
    bounds = list(accumulate(weights))
    return moves[bisect_right(bounds, rng.randrange(bounds[-1]))]


#: The tuple :func:`outcomes_from_weights`, :func:`pile_outcomes` or
#: :func:`distinct_outcomes` built last, with the moves it came from, the running
#: sums of their integer weights (``bounds[k]`` sums the weights of ``moves[:k + 1]``;
#: zero weights may stay in) and the weights' gcd when known (``0``: not worked out
#: yet). The sums are what a draw bisects, and the builder needs the last of them
#: anyway (the total picks the row of Fractions), so building them there leaves
#: :func:`pick_exact` a ``randrange`` and a bisection. Held, so ``is`` can never
#: match another object that reused its id, and replaced as one tuple, so a reader
#: never sees half of it. It starts as a placeholder no caller holds (not ``()``,
#: which every empty tuple is).
_last_built: _Built = (((None, Fraction(1)),), (None,), [1], 1)


def pick_exact(outcomes: Sequence[tuple[M, Fraction]], rng: random.Random) -> M:
    """One outcome of ``(move, probability)`` pairs (``chance_outcomes``), drawn exactly.

    One ``randrange`` over the probabilities' common denominator and a bisection
    of the numerators scaled to it, as :func:`pick_weighted` does with integer
    weights: no float ever rounds a probability. The draw is a function of the
    pairs' values and ``rng`` alone. When ``outcomes`` is the tuple this module
    built last (the usual case: an exact playout calls
    ``pick_exact(game.chance_outcomes(state), rng)``), the remembered running sums
    of the weights are bisected and no Fraction is read; with weights whose gcd is
    1 (most piles) the draw is then the very one ``play.sample_chance`` makes from
    the same ``rng``. Any other pairs (kept from earlier, built by hand) go the
    long way to the same answer. Raises ``ValueError`` for no outcomes, a negative
    probability or a total other than 1.
    """
    built, moves, bounds, divisor = _last_built
    if built is outcomes:
        # Zero weights left in add running sums equal to the one before, which
        # ``bisect_right`` never lands on: the draw is the one without them.
        if divisor == 1 or (not divisor and (divisor := _gcd(*bounds)) == 1):
            return moves[bisect_right(bounds, rng.randrange(bounds[-1]))]  # type: ignore[no-any-return]
        # The long way draws ``r`` below the common denominator ``total / divisor``
        # and bisects the sums over ``divisor``; every sum being a multiple of
        # ``divisor`` (the weights' gcd is the sums' gcd), bisecting the sums
        # themselves at ``r * divisor`` lands on the same outcome.
        drawn = rng.randrange(bounds[-1] // divisor) * divisor
        return moves[bisect_right(bounds, drawn)]  # type: ignore[no-any-return]
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
    empty kind maps to nothing, so a build is one pass in C (``map``, with a
    ``filter`` when a kind has run out) that allocates only the tuple it returns,
    where a pair-by-pair build costs about twice as much; exact playouts ask at
    every chance node. A pile (a tuple of counts) met again at a pile size where
    piles recur, such as the first cards dealt from a full deck, is not built at
    all: its tuple is looked up (see :class:`_Level`). Empty when every count is
    zero (not a chance node). ``ValueError`` for a length mismatch or a negative
    count.

    The result is remembered with ``moves`` and the running sums of the counts
    for :func:`pick_exact`, which then has only to bisect them, as
    :func:`outcomes_from_weights` remembers its own.
    """
    global _last_built
    table = _last_table
    if table.moves is not moves:
        table = _table_of(moves)
    total = sum(counts)
    level = table.levels.get(total)
    if level is None:
        if total <= 0:
            return _nothing_in(counts)
        level = table.level_over(total)
    memos = level.memos
    if memos is not None and type(counts) is tuple:
        memo = memos.get(counts)
        if memo is not None:
            level.hits += 1
            _last_built = memo
            return memo[0]
    rows = level.rows
    if len(rows) != len(counts):
        raise ValueError(f"{len(moves)} moves but {len(counts)} counts")
    outcomes: tuple[tuple[Any, Fraction], ...]
    if all(counts):  # a pile with every kind left (most draws): nothing to drop
        outcomes = tuple(map(_pair_of, rows, counts))  # type: ignore[arg-type]
    else:  # empty kinds map to ``None`` and drop out
        outcomes = tuple(filter(None, map(_pair_of, rows, counts)))
    bounds = list(accumulate(counts))  # what ``pick_exact`` bisects
    store = level.store
    if store is None or type(counts) is not tuple:
        _last_built = (outcomes, moves, bounds, 0)
        return outcomes
    _last_built = store[counts] = (outcomes, moves, bounds, _gcd(*bounds))
    if len(store) in _CHECKS:
        level.judge()
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
    bounds = list(accumulate(held))
    total = bounds[-1] if bounds else 0
    ones = table.ones.get(total)
    if ones is None:
        if total <= 0:
            return _nothing_in(held)
        ones = table.ones_over(total)
    if len(ones) != len(bounds):
        raise ValueError(f"{len(moves)} moves but {len(held)} counts")
    outcomes = tuple(compress(ones, held))
    if len(outcomes) != total:
        # Non-negative counts with one above 1 sum past the cards kept.
        raise ValueError(f"a pile of different cards holds each at most once: {tuple(held)}")
    _last_built = (outcomes, moves, bounds, 1)
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


class _Level:
    """A pile total's rows of pairs, and the outcomes of the piles of that size met again.

    ``rows[k]`` is kind ``k``'s :class:`_PairRow`. ``memos`` maps a pile's counts
    (a tuple) to what :func:`pile_outcomes` built for it, ready for
    :func:`pick_exact` (gcd included), so a pile met again costs a sum and a
    lookup instead of a pass over every kind and the running sums (about a
    third of the cost). Piles recur at some sizes only (the first cards dealt
    from a full deck: a few hundred piles; deep into a deal nearly every pile is
    new), so each size judges for itself, by :meth:`judge`, whether memoizing
    pays. ``store`` is where new piles go: ``memos`` until it is full or
    dropped, then ``None``.
    """

    __slots__ = ("hits", "memos", "rows", "store", "table")

    def __init__(self, table: _PileTable, rows: tuple[_PairRow, ...]) -> None:
        self.table = table
        self.rows = rows
        self.memos: dict[tuple[int, ...], _Built] | None = {}
        self.store: dict[tuple[int, ...], _Built] | None = self.memos
        self.hits = 0  # lookups that found their pile

    def judge(self) -> None:
        """Whether to go on memoizing, asked at ``_FIRST_CHECK`` piles kept and when full.

        Every pile kept missed once, costing a lookup and a store for nothing,
        and a hit saves about three times that. At the first check a size none
        of whose piles came back stops (deep into a deal, later lookups would
        miss too), and so does any size past the ``_MEMO_LEVELS`` of its table
        already going on. When full it stops storing, and keeps the piles it has
        (met first, so the likeliest) only if at least a quarter of the lookups
        so far found theirs. So a table holds at most ``_MEMO_LEVELS`` memos of
        ``_MEMOS_PER_TOTAL`` piles, plus the short ones still on trial.
        """
        kept = len(self.memos or ())
        if kept < _MEMOS_PER_TOTAL:
            if self.hits and self.table.memo_levels < _MEMO_LEVELS:
                self.table.memo_levels += 1
            else:
                self.memos = self.store = None
            return
        self.store = None
        if 3 * self.hits < kept:
            self.memos = None
            self.table.memo_levels -= 1


#: Piles kept per pile total at most, and how many are kept at the first judgement.
_MEMOS_PER_TOTAL = 1024
_FIRST_CHECK = 64
_CHECKS = frozenset((_FIRST_CHECK, _MEMOS_PER_TOTAL))
#: Pile totals of one table that may go on memoizing past the first judgement.
_MEMO_LEVELS = 16


class _PileTable:
    """The shared pairs of one tuple of moves, per pile total.

    ``levels[total]`` is the :class:`_Level` of piles of ``total`` cards;
    ``ones[total][k]`` is ``(moves[k], Fraction(1, total))``. At most
    ``_MAX_ROWS`` totals each (past that, all are dropped and rebuilt as needed).
    """

    __slots__ = ("levels", "memo_levels", "moves", "ones")

    def __init__(self, moves: tuple[Any, ...]) -> None:
        self.moves = moves
        self.levels: dict[int, _Level] = {}
        self.memo_levels = 0  # levels past their first judgement, still memoizing
        self.ones: dict[int, tuple[tuple[Any, Fraction], ...]] = {}

    def level_over(self, total: int) -> _Level:
        """The rows (and memos) for a pile of ``total`` cards."""
        if len(self.levels) >= _MAX_ROWS:
            self.levels.clear()
            self.memo_levels = 0
        fractions = _fractions_over(total)
        rows = tuple(_PairRow(move, fractions) for move in self.moves)
        level = self.levels[total] = _Level(self, rows)
        return level

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
