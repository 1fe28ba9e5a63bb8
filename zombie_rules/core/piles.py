"""Face-down piles of interchangeable cards, stored as counts per card kind.

A shuffled pile nobody has seen is a multiset: every order is equally likely, so
the rules keep only how many of each kind it holds, and a draw is a chance event
over the kinds present, weighted by count. This makes states small and hashable
and makes a fresh shuffle free.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def take(counts: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The pile with one card of ``kind`` (an index) removed."""
    if counts[kind] <= 0:
        raise ValueError(f"no card of kind {kind} left in the pile")
    return counts[:kind] + (counts[kind] - 1,) + counts[kind + 1 :]


def put(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    """The pile with ``n`` cards of ``kind`` (an index) added."""
    return counts[:kind] + (counts[kind] + n,) + counts[kind + 1 :]


def from_kinds(kinds: Iterable[int], size: int) -> tuple[int, ...]:
    """Counts per kind index for a collection of kind indices."""
    counts = [0] * size
    for kind in kinds:
        counts[kind] += 1
    return tuple(counts)


def expand(counts: Sequence[int]) -> list[int]:
    """Kind indices, one per card, in kind order (for tests and re-deals)."""
    return [kind for kind, n in enumerate(counts) for _ in range(n)]
