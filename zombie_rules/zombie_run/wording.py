"""English for Zombie Run!'s text: card names with their zombies, counts, lists.

``describe`` and the error messages share these so that every line names cards
the same way ("the 7 (7 zombies)", "the Zombie Horde (15 zombies)") and counts
agree with their nouns ("1 card", "2 cards").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from zombie_rules.core.wording import count, listing
from zombie_rules.zombie_run.cards import card_name, is_special


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``"1 card"``, ``"2 cards"``: a number with its noun in agreement (a huge one cut short)."""
    return count(n, noun, plural)


def zombies(n: int) -> str:
    """``"1 zombie"``, ``"7 zombies"``."""
    return counted(n, "zombie")


def card(value: int) -> str:
    """A card by its printed name and its zombies: ``"the 7 (7 zombies)"``, ``"the Zombie
    Horde (15 zombies)"``; the printed name alone would leave a Horde's worth unsaid."""
    name = card_name(value)
    if is_special(value):
        return f"the {name}"  # its own name is in the config: ``config.card_label``
    if name == zombies(value):
        return f"the {value} ({name})"
    return f"the {name} ({zombies(value)})"


def card_kinds(copies: Iterable[tuple[int, int]]) -> str:
    """A face-down pile's contents from ``(zombies, copies)`` pairs, lowest first: ``"3
    Empty Streets, 2 cards of 7 zombies and 1 Zombie Horde"`` (the order is not known)."""
    return listed([_copies(value, n) for value, n in sorted(copies) if n])


def tally(cards: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """``(zombies, copies)`` pairs for a collection of cards, lowest first."""
    counts: dict[int, int] = {}
    for value in cards:
        counts[value] = counts.get(value, 0) + 1
    return tuple(sorted(counts.items()))


def _copies(value: int, n: int) -> str:
    name = card_name(value)
    if is_special(value):
        return f"{counted(n, 'copy')} of {name}"
    if name == zombies(value):
        return f"{counted(n, 'card')} of {name}"
    return f"{n} {name}" if name.endswith("s") else counted(n, name)


def listed(items: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"`` (nothing at all when empty)."""
    return listing(items, empty="")


def seats(numbers: Sequence[int]) -> str:
    """``"Seat 2"``, ``"Seats 0 and 2"``."""
    head = "Seat" if len(numbers) == 1 else "Seats"
    return f"{head} {listed([str(n) for n in numbers])}"
