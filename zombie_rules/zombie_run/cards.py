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


#: Card numbers from here on are a config's special cards (``Config.specials``), the
#: first at ``SPECIAL_BASE``: above every zombie count a deck may print (0-999), so a
#: hand, a pile and a move keep holding plain ints. Read them through
#: :func:`is_special` and :func:`special_index`, never by the number.
SPECIAL_BASE: Final = 1000


def is_special(card: int) -> bool:
    """Whether ``card`` is one of the config's special cards rather than a numbered card."""
    return card >= SPECIAL_BASE


def special_card(index: int) -> int:
    """The card number of the config's ``index``-th special card."""
    return SPECIAL_BASE + index


def special_index(card: int) -> int:
    """Which of the config's special cards ``card`` is (the inverse of :func:`special_card`)."""
    return card - SPECIAL_BASE


def card_name(zombies: int) -> str:
    """The name printed on a card of the default deck.

    A special card's own name is in its config (``config.card_label``); without the
    config it is called by its place among the specials.
    """
    if is_special(zombies):
        return f"special card {special_index(zombies) + 1}"
    if zombies == EMPTY_STREETS:
        return "Empty Streets"
    if zombies == ZOMBIE_HORDE:
        return "Zombie Horde"
    return f"{zombies} zombies" if zombies != 1 else "1 zombie"
