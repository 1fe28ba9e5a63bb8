"""Zombie Doctor's components, as data.

The rulebook names the pain/gain cards but gives no counts, and published
descriptions give 2-4 players and four characters. The four characters below are
ours, and so is the default deck mix (documented in docs/rulings/zombie_doctor.md).
A table can play any other mix through ``Config(deck=...)``.

Body cards are stored per seat as six ints, one per body slot: ``MISSING`` (-1)
for a removed limb, else ``character * 2 + infected``, so a card keeps its
character (who it was made for) and shows which side is up.
"""

from __future__ import annotations

from typing import Final

#: The four characters of our set, seat ``s`` plays ``CHARACTERS[s]``.
CHARACTERS: Final[tuple[str, ...]] = ("Dr. Bones", "Nurse Ivy", "Porter Pete", "Surgeon Sal")

HEAD: Final = 0
TORSO: Final = 1
LEFT_ARM: Final = 2
RIGHT_ARM: Final = 3
LEFT_LEG: Final = 4
RIGHT_LEG: Final = 5
#: Notation words for the six body slots, by slot index.
SLOT_NAMES: Final[tuple[str, ...]] = ("head", "torso", "larm", "rarm", "lleg", "rleg")
SLOTS: Final[dict[str, int]] = {name: i for i, name in enumerate(SLOT_NAMES)}
#: The arms and legs: "The limbs, arms and legs, must be flipped (or removed) first".
LIMBS: Final[tuple[int, ...]] = (LEFT_ARM, RIGHT_ARM, LEFT_LEG, RIGHT_LEG)

#: A removed limb's slot.
MISSING: Final = -1

AMPUTATE: Final = "amputate"
XRAY: Final = "xray"
MAD_SCIENTIST: Final = "mad_scientist"
COMA: Final = "coma"
MEDICINE: Final = "medicine"
DEFIBRILLATOR: Final = "defibrillator"
MORGUE: Final = "morgue"
BUILT_IN: Final[tuple[str, ...]] = (
    AMPUTATE, XRAY, MAD_SCIENTIST, COMA, MEDICINE, DEFIBRILLATOR, MORGUE,
)  # fmt: skip

#: ``(card name, copies)``: our default 24-card mix (the rulebook gives no counts).
DEFAULT_DECK: Final[tuple[tuple[str, int], ...]] = (
    (AMPUTATE, 4),
    (XRAY, 3),
    (MAD_SCIENTIST, 3),
    (COMA, 3),
    (MEDICINE, 5),
    (DEFIBRILLATOR, 3),
    (MORGUE, 3),
)


def card(character: int, infected: bool) -> int:
    """The body-slot code of ``character``'s card with the given side up."""
    return character * 2 + infected


def is_infected(code: int) -> bool:
    """Whether a present body card shows its zombie side (``False`` for a missing one)."""
    return code >= 0 and code & 1 == 1


def is_healthy(code: int) -> bool:
    """Whether a present body card shows its healthy side (``False`` for a missing one)."""
    return code >= 0 and code & 1 == 0


def zombie_side(code: int) -> int:
    """The code of the same present body card turned zombie side up."""
    return code | 1


def healthy_side(code: int) -> int:
    """The code of the same present body card turned healthy side up (cured)."""
    return code & ~1


def character_of(code: int) -> int:
    """The character a present body card belongs to."""
    return code >> 1


def slot_word(slot: int) -> str:
    """A slot's notation word, or the number itself when it is not a slot."""
    return SLOT_NAMES[slot] if 0 <= slot < len(SLOT_NAMES) else str(slot)


#: What :func:`sides` says of a slot: its card shows the healthy side, the zombie side, or is gone.
HEALTHY_SIDE: Final = 0
INFECTED_SIDE: Final = 1
MISSING_SIDE: Final = 2


def side(code: int) -> int:
    """``HEALTHY_SIDE``, ``INFECTED_SIDE`` or ``MISSING_SIDE`` for one body-slot code."""
    return MISSING_SIDE if code < 0 else code & 1


def sides(body: tuple[int, ...]) -> tuple[int, ...]:
    """The side each slot of ``body`` shows (see :func:`side`): the body without its characters."""
    return tuple([MISSING_SIDE if code < 0 else code & 1 for code in body])
