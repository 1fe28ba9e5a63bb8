"""Quarantine Z's default card set, as data.

The rulebook fixes the counts (54 Zombie, 12 Action, 36 Supply, 27 Munition,
18 Building cards) and the mechanics but prints no card texts. This module is our
design, documented card by card in ``docs/cards/quarantine_z.md``. A table can
play any other set through ``Config(zombie_card_set=..., item_set=..., building_set=...)``;
the config validates it.

Every Zombie card is double-sided: the back, the same on every card, is a standard
zombie (its stats are ``Config.back_life``/``back_damage``/``back_escape``), which is
why any card played face down is a zombie. The face is a special zombie ("This is
a Zombie"), a Mutation, or an Event playable "when you could play a Zombie".
"""

from __future__ import annotations

import enum
from typing import Final

import attrs


class Face(enum.Enum):
    """What a Zombie card's face is."""

    ZOMBIE = "zombie"  # "This is a Zombie": played face up with its own stats
    MUTATION = "mutation"  # added to a zombie in play: stats are added to its own
    EVENT = "event"  # played "when you could play a Zombie"


class Event(enum.Enum):
    """The instruction of an Event card."""

    DRAW = "draw"  # draw ``amount`` cards
    BITE = "bite"  # deal ``amount`` damage to one Survivor of your choice
    SWARM = "swarm"  # you may play ``amount`` more zombies this step


@attrs.frozen
class ZombieCard:
    """One kind of Zombie card (``copies`` identical cards).

    For ``ZOMBIE`` faces the numbers are the zombie's stats; for ``MUTATION`` faces
    they are added to the zombie's stats. ``horde``: a Headshot counts as one hit.
    ``armor``: each hit on it deals that much less damage. ``noise``: Noise it makes
    in every Zombie step while alive. ``effect`` names a card effect of
    :mod:`~zombie_rules.quarantine_z.custom` (``""``: none): an Event face's
    instruction in place of ``event``, or a ZOMBIE face's ability when it arrives
    face up; ``amount`` is the number either acts with.
    """

    name: str
    copies: int
    face: Face
    life: int = 0
    damage: int = 0
    escape: int = 0
    armor: int = 0
    horde: bool = False
    noise: int = 0
    event: Event | None = None
    amount: int = 0
    text: str = ""
    effect: str = ""


class Deck(enum.Enum):
    """The two decks Survivors draw from."""

    SUPPLY = "S"
    MUNITION = "M"

    # By identity, as for Phase and Action: the shared step records are cached by deck
    # (``steps.setup_draw``), and Enum's own ``__hash__`` is a Python call.
    __hash__ = object.__hash__


class Kind(enum.Enum):
    """How an item card is played."""

    FOOD = "food"  # no effect of its own; Supply food is what a Shelter needs
    HEAL = "heal"  # non-combat item: heal ``heal`` Life, then discard
    EQUIPMENT = "equipment"  # equipped face up; gives its bonuses while equipped
    COMBAT = "combat"  # Combat Item: played in the Declare step, then discarded
    AMMO = "ammo"  # discarded by a Shoot with a firearm that uses it


@attrs.frozen
class Item:
    """One kind of Supply or Munition card (``copies`` identical cards).

    Equipment: ``melee`` adds to Fight damage (the best melee weapon counts);
    ``melee_headshot``: a Fight roll of 6 is a Headshot. A firearm has
    ``gun_damage > 0``, hits on ``gun_hit`` or more, is a Headshot on
    ``gun_headshot`` or more (0: never) and uses ammunition named ``ammo``.
    ``armor`` absorbs damage; ``escape`` is added to the wearer's Escape Value;
    ``silent`` makes the wearer's Shoot silent. Combat Items: ``blast`` damage to
    every zombie, ``scare`` added to every Escape Value this round, ``heal`` Life.
    ``noise``: Noise the card makes when played. ``effect`` names a card effect of
    :mod:`~zombie_rules.quarantine_z.custom` a Combat Item has when played (``""``:
    none), acting with ``amount``.
    """

    name: str
    deck: Deck
    copies: int
    kind: Kind
    heal: int = 0
    melee: int = 0
    melee_headshot: bool = False
    gun_damage: int = 0
    gun_hit: int = 0
    gun_headshot: int = 0
    ammo: str = ""
    armor: int = 0
    escape: int = 0
    silent: bool = False
    blast: int = 0
    scare: int = 0
    noise: int = 0
    text: str = ""
    effect: str = ""
    amount: int = 0


@attrs.frozen
class Building:
    """A Building card: a location of the quarantine area.

    ``supply``/``munition``: cards drawn the first time it is looted; a ``variable``
    location rolls a die on ``Config.variable_loot`` instead. ``shelter``: the
    Shelter property.
    """

    name: str
    supply: int
    munition: int
    escape: int
    shelter: bool = False
    variable: bool = False
    text: str = ""


_Z = Face.ZOMBIE
_MU = Face.MUTATION
_EV = Face.EVENT

#: The 54 Zombie cards.
ZOMBIE_CARDS: Final[tuple[ZombieCard, ...]] = (
    ZombieCard("Runner", 5, _Z, life=2, damage=1, escape=3, text="This is a Zombie. Fast."),
    ZombieCard("Brute", 5, _Z, life=3, damage=2, escape=1, text="This is a Zombie. Hits hard."),
    ZombieCard(
        "Horde", 3, _Z, life=4, damage=1, escape=2, horde=True,
        text="This is a Zombie. A Headshot counts as one hit.",
    ),
    ZombieCard(
        "Riot Zombie", 3, _Z, life=3, damage=1, escape=1, armor=1,
        text="This is a Zombie. Armor 1: each hit on it deals 1 less damage (at least 1).",
    ),
    ZombieCard(
        "Screamer", 4, _Z, life=1, damage=1, escape=1, noise=1,
        text="This is a Zombie. Makes 1 Noise in every Zombie step while alive.",
    ),
    ZombieCard("Tough Hide", 5, _MU, life=1, text="Mutation: +1 Life."),
    ZombieCard("Claws", 4, _MU, damage=1, text="Mutation: +1 Damage."),
    ZombieCard("Fast", 4, _MU, escape=2, text="Mutation: +2 to the Escape Value."),
    ZombieCard(
        "Shriek", 3, _MU, noise=1, text="Mutation: makes 1 Noise in every Zombie step."
    ),
    ZombieCard(
        "Thick Skull", 4, _MU, horde=True, text="Mutation: a Headshot counts as one hit."
    ),
    ZombieCard(
        "Fresh Meat", 7, _EV, event=Event.DRAW, amount=2,
        text="Play when you could play a Zombie: draw 2 cards.",
    ),
    ZombieCard(
        "Lurker", 2, _EV, event=Event.BITE, amount=1,
        text="Play when you could play a Zombie: deal 1 damage to a Survivor of your choice.",
    ),
    ZombieCard(
        "Swarm", 5, _EV, event=Event.SWARM, amount=1,
        text="Play when you could play a Zombie: you may play one more Zombie this step.",
    ),
)  # fmt: skip

_S = Deck.SUPPLY
_M = Deck.MUNITION

#: The 36 Supply and 27 Munition cards.
ITEMS: Final[tuple[Item, ...]] = (
    Item("Canned Food", _S, 9, Kind.FOOD, text="Food. Feeds a Shelter."),
    Item("Bottled Water", _S, 6, Kind.FOOD, text="Food. Feeds a Shelter."),
    Item("Energy Bars", _S, 2, Kind.FOOD, text="Food. Feeds a Shelter."),
    Item("First Aid Kit", _S, 3, Kind.HEAL, heal=2, text="Outside combat: heal 2 Life."),
    Item("Bandages", _S, 4, Kind.HEAL, heal=1, text="Outside combat: heal 1 Life."),
    Item("Painkillers", _S, 2, Kind.COMBAT, heal=1, text="Combat Item: heal 1 Life."),
    Item("Kevlar Vest", _S, 2, Kind.EQUIPMENT, armor=2, text="Equipment. Armor 2."),
    Item("Motorcycle Helmet", _S, 2, Kind.EQUIPMENT, armor=1, text="Equipment. Armor 1."),
    Item(
        "Running Shoes", _S, 2, Kind.EQUIPMENT, escape=-1, text="Equipment. Your Escape Value -1."
    ),
    Item(
        "Firecrackers", _S, 2, Kind.COMBAT, scare=-2, noise=1,
        text="Combat Item: every Escape Value this round -2. 1 Noise.",
    ),
    Item(
        "Crowbar", _S, 2, Kind.EQUIPMENT, melee=1, text="Equipment. Melee weapon: Fight +1 damage."
    ),
    Item(
        "Pistol", _M, 3, Kind.EQUIPMENT, gun_damage=1, gun_hit=3, gun_headshot=6, ammo="Bullets",
        text="Equipment. Firearm (Bullets): hits on 3+, 1 damage, Headshot on 6.",
    ),
    Item(
        "Rifle", _M, 2, Kind.EQUIPMENT, gun_damage=1, gun_hit=3, gun_headshot=5, ammo="Bullets",
        text="Equipment. Firearm (Bullets): hits on 3+, 1 damage, Headshot on 5+.",
    ),
    Item(
        "Shotgun", _M, 2, Kind.EQUIPMENT, gun_damage=2, gun_hit=2, ammo="Shells",
        text="Equipment. Firearm (Shells): hits on 2+, 2 damage.",
    ),
    Item("Bullets", _M, 6, Kind.AMMO, text="Ammunition for a Pistol or a Rifle: one per Shoot."),
    Item("Shells", _M, 4, Kind.AMMO, text="Ammunition for a Shotgun: one per Shoot."),
    Item(
        "Silencer", _M, 1, Kind.EQUIPMENT, silent=True, text="Equipment. Your Shoot makes no Noise."
    ),
    Item(
        "Baseball Bat", _M, 3, Kind.EQUIPMENT, melee=1,
        text="Equipment. Melee weapon: Fight +1 damage.",
    ),
    Item(
        "Machete", _M, 2, Kind.EQUIPMENT, melee=1, melee_headshot=True,
        text="Equipment. Melee weapon: Fight +1 damage; a Fight roll of 6 is a Headshot.",
    ),
    Item(
        "Fire Axe", _M, 2, Kind.EQUIPMENT, melee=2, text="Equipment. Melee weapon: Fight +2 damage."
    ),
    Item(
        "Grenade", _M, 2, Kind.COMBAT, blast=2, noise=2,
        text="Combat Item: 2 damage to every zombie in the combat. 2 Noise.",
    ),
)  # fmt: skip

#: The 18 Building cards.
BUILDINGS: Final[tuple[Building, ...]] = (
    Building("Police Station", 0, 4, 3),
    Building("Gun Shop", 0, 3, 2),
    Building("Hospital", 4, 0, 3),
    Building("Pharmacy", 3, 0, 2),
    Building("Grocery Store", 4, 0, 2),
    Building("Supermarket", 5, 1, 3),
    Building("Hardware Store", 2, 2, 2),
    Building("Sporting Goods", 1, 3, 2),
    Building("Gas Station", 1, 1, 2),
    Building("Shopping Mall", 3, 2, 4),
    Building("School", 2, 1, 2, shelter=True, text="Shelter."),
    Building("Church", 1, 0, 1, shelter=True, text="Shelter."),
    Building("Fire Station", 2, 2, 2, shelter=True, text="Shelter."),
    Building("Fallout Bunker", 1, 1, 1, shelter=True, text="Shelter."),
    Building("House on Elm Street", 0, 0, 1, variable=True, text="Variable: roll for its loot."),
    Building("House on Oak Street", 0, 0, 1, variable=True, text="Variable: roll for its loot."),
    Building("House on Pine Street", 0, 0, 2, variable=True, text="Variable: roll for its loot."),
    Building("House on Maple Street", 0, 0, 2, variable=True, text="Variable: roll for its loot."),
)

#: ``(supply, munition)`` found in a variable location for die rolls 1-6.
VARIABLE_LOOT: Final[tuple[tuple[int, int], ...]] = ((1, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2))

#: The Action cards each Survivor gets; the box holds this set four times (12 cards).
ACTION_NAMES: Final[tuple[str, ...]] = ("Fight", "Shoot", "Escape")

#: The rulebook's deck sizes.
ZOMBIE_COUNT: Final = 54
ACTION_SETS: Final = 4
SUPPLY_COUNT: Final = 36
MUNITION_COUNT: Final = 27
BUILDING_COUNT: Final = 18
