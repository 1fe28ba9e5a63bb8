"""Zombie Run!'s default deck, as data.

The rulebook fixes 75 cards: 15 Empty Streets, 15 Zombie Hordes and 45 cards
"with varying numbers of zombies". Published component lists show 15 zombies on
a Horde; spreading the 45 numbered cards as five each of 1-9 is our assumption.
A table can play any other deck through ``Config(deck=...)``.
"""

from __future__ import annotations

from typing import Final

#: Zombies on an Empty Streets card ("these are good!").
EMPTY_STREETS: Final = 0
#: Zombies on a Zombie Horde card ("these are bad!").
ZOMBIE_HORDE: Final = 15

#: ``(zombies on the card, copies in the deck)``, one pair per card kind.
DEFAULT_DECK: Final[tuple[tuple[int, int], ...]] = (
    (EMPTY_STREETS, 15),
    *((zombies, 5) for zombies in range(1, 10)),
    (ZOMBIE_HORDE, 15),
)


def card_name(zombies: int) -> str:
    """The name printed on a card of the default deck."""
    if zombies == EMPTY_STREETS:
        return "Empty Streets"
    if zombies == ZOMBIE_HORDE:
        return "Zombie Horde"
    return f"{zombies} zombies" if zombies != 1 else "1 zombie"
