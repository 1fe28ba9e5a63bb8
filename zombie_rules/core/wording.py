"""English helpers every title's accounts, labels and boards share, written once.

Each title words its own cards and moves, but counting a noun, listing items and
capitalising a sentence read the same in all of them; four copies had drifted
(one listed nothing as ``""``, another as ``"nothing"``), so they live here and a
title says which it wants.
"""

from __future__ import annotations

from collections.abc import Sequence

from zombie_rules.core.validation import short


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"`` (``plural`` when adding an s is wrong): a number with
    its noun in agreement, a huge number cut short."""
    return f"{short(n)} {noun if n == 1 else (plural or noun + 's')}"


def listing(items: Sequence[str], empty: str = "nothing") -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``; ``empty`` when there are none."""
    if not items:
        return empty
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} and {items[-1]}"


def capital(text: str) -> str:
    """The sentence with its first letter capitalised (the rest left as it is)."""
    return text[:1].upper() + text[1:]
