"""Quarantine Z's immutable state and moves.

Card identities are small ints: Zombie cards and items (Supply and Munition) are
indices into the config's ``zombie_cards`` and ``items``; Buildings index
``buildings``. Face-down piles nobody has seen are counts per kind (see
:mod:`zombie_rules.core.piles`). A Supply or Munition card in a hand or lying at a
location is stored as one int, the card code of
:mod:`~zombie_rules.quarantine_z.knowledge`: the item and the set of seats that know
which card it is (perfect memory), read only through that module's named readers;
sorted tuples keep states canonical.

The Zombie deck's counts include the cards discarded from it unseen ("burned"):
nobody ever sees those, so drawing from the remaining deck is the same chance
event as drawing from deck and burned cards together.
"""

from __future__ import annotations

import enum
import functools

import attrs

from zombie_rules.core.actors import seat_name
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.steps import Phase as Phase
from zombie_rules.quarantine_z.steps import Step


class Commit(enum.IntEnum):
    """A combat commitment (the Action card laid face down, or Pass)."""

    FIGHT = 0
    SHOOT = 1
    ESCAPE = 2
    PASS = 3


class Action(enum.Enum):
    """The kinds of move; the value is the notation's keyword."""

    BUILDING = "building"  # chance: building id
    ITEM = "item"  # chance: item id (a draw, a steal, a face-down claim)
    ZCARD = "zcard"  # chance: Zombie card id
    ROLL = "roll"  # chance: die face
    CHOOSE = "choose"  # set-up: 0 Supply, 1 Munition (notation: supply, munition)
    PROPOSE = "propose"  # location index
    USE = "use"  # item id from hand (non-combat item, or Combat Item in Declare)
    EQUIP = "equip"  # item id from hand
    GIVE = "give"  # seat, item id
    STEAL = "steal"  # seat (a random hand card)
    SNATCH = "snatch"  # seat, equipped item id
    AMBUSH = "ambush"  # seat, 0 Fight / 1 Shoot (notation: fight, shoot)
    CLAIM = "claim"  # item id at the location, into the hand
    CLAIM_USE = "claim-use"  # item id at the location, used or equipped at once
    CLAIM_HIDDEN = "claim-hidden"  # a face-down card this Survivor has not seen
    STASH = "stash"  # item id from hand
    FEED = "feed"  # Supply item id from hand, to the Shelter
    LEAVE = "leave"
    ALLOW = "allow"
    OBJECT = "object"
    WITHDRAW = "withdraw"
    CONCEDE = "concede"
    COMMIT = "commit"  # Commit value (notation: fight, shoot, escape, pass)
    TARGET_ZOMBIE = "target-zombie"  # zombie number
    TARGET_SURVIVOR = "target-survivor"  # seat
    READY = "ready"
    EVENT = "event"  # Zombie card id [, seat for a bite]
    PLAY = "play"  # Zombie card id, face up ("This is a Zombie")
    HIDE = "hide"  # Zombie card id, face down (a standard zombie)
    MUTATE = "mutate"  # Zombie card id, zombie number
    DRAW = "draw"  # draw instead of playing a Zombie
    DONE = "done"
    BITE = "bite"  # seat
    DISCARD = "discard"  # Zombie card id from hand
    BURN = "burn"  # a card from the top of the Zombie deck

    # As for Phase: moves are hashed (legal-move caches, ``move in moves``) all the time.
    __hash__ = object.__hash__


@attrs.frozen
class Move:
    """One move: the actor, the kind of move and its integer arguments."""

    seat: int
    action: Action
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        words = [self.action.value, *map(str, self.args)]
        worded = ARG_WORDS.get(self.action)
        if worded is not None:
            at, names = worded
            if at < len(self.args) and 0 <= self.args[at] < len(names):
                words[at + 1] = names[self.args[at]]
        return f"{seat_name(self.seat)}: {' '.join(words)}"


#: The notation's words for enumerated arguments: action -> (argument position, words
#: by value). ``choose supply``, ``commit escape``, ``ambush 2 shoot``; a value with no
#: word (only in ill-formed moves) is written as its number.
ARG_WORDS: dict[Action, tuple[int, tuple[str, ...]]] = {
    Action.CHOOSE: (0, ("supply", "munition")),
    Action.COMMIT: (0, tuple(c.name.lower() for c in Commit)),
    Action.AMBUSH: (1, ("fight", "shoot")),
}


@attrs.frozen(cache_hash=True)
class Zombie:
    """A zombie in play: its card, face up or down, its Mutations, the damage taken, and
    its ``number``: the count of zombies that had entered play before it (0 for the
    first), which it keeps for as long as it is in play. Moves, views and accounts name
    a zombie by its number, so a zombie killed ahead of it in line never renames it."""

    card: int
    face_up: bool
    mutations: tuple[int, ...]
    damage: int
    number: int


# No ``__weakref__`` slot, as for Combat: 8 bytes less per record.
@attrs.frozen(cache_hash=True, weakref_slot=False)
class Survivor:
    """One seat's Survivor (the Zombie Player's entry is unused: Life 0, no cards).

    ``hand`` holds encoded items (see the module docstring); ``equipment`` item ids,
    face up; ``armor`` the Armor points left on the equipped armor, in total;
    ``wear`` one entry (the item id) per Armor point an equipped card has absorbed,
    sorted: the damage tokens lying on the cards, so that the points travel with a
    card that changes hands (ruling 30).
    """

    life: int
    hand: tuple[int, ...]
    equipment: tuple[int, ...]
    armor: int
    wear: tuple[int, ...] = ()


@attrs.frozen(cache_hash=True)
class Location:
    """A Building of the quarantine area: looted or not, cards and zombies lying there."""

    building: int
    looted: bool
    cards: tuple[int, ...]
    zombies: tuple[Zombie, ...]


class TargetKind(enum.Enum):
    """What a Fight or a Shoot is aimed at: a zombie of the combat, or a Survivor."""

    ZOMBIE = "zombie"
    SURVIVOR = "survivor"

    __hash__ = object.__hash__


@attrs.frozen(cache_hash=True)
class Target:
    """A declared target: the zombie numbered ``which`` (its ``Zombie.number``), or the
    Survivor in seat ``which``. "At this point, each Survivor declares the target of
    their action. Since Survivors may target other Survivors at this time, ..."."""

    kind: TargetKind
    which: int

    @property
    def survivor(self) -> bool:
        """Whether the target is a Survivor (``which`` a seat) rather than a zombie."""
        return self.kind is TargetKind.SURVIVOR


@functools.cache
def zombie_target(number: int) -> Target:
    """The target zombie numbered ``number`` (one shared record per number)."""
    return Target(TargetKind.ZOMBIE, number)


@functools.cache
def survivor_target(seat: int) -> Target:
    """The target Survivor ``seat`` (one shared record per seat)."""
    return Target(TargetKind.SURVIVOR, seat)


# No ``__weakref__`` slot: 8 bytes less per record a kept state holds, and nothing takes
# weak references to combats (``core.records`` copies them by slot stores either way).
@attrs.frozen(cache_hash=True, weakref_slot=False)
class Combat:
    """A combat in progress at the Survivors' location.

    ``origin`` is the phase it interrupted (LOOT_DRAW: the Zombies! step of an
    arrival). Masks of seats: ``members`` entered it, ``escaped`` got away,
    ``died`` were killed in it. Per seat: ``commits`` (``None``: no card laid yet,
    else the :class:`Commit`), ``targets`` (``None``: none declared, else a
    :class:`Target`). ``queue`` lists the seats still to declare or resolve.
    ``fought`` and ``headshot`` have one entry per zombie of the combat, in the order
    the zombies lie at the location (``fought``: mask of Survivors who targeted it with
    Fight this round; ``headshot``: killed outright); they shrink with that list when
    killed zombies leave play. ``rounds`` counts the rounds already played out, for
    ``Config.combat_round_limit``.
    """

    origin: Phase
    members: int
    escaped: int
    died: int
    commits: tuple[Commit | None, ...]
    revealed: bool
    targets: tuple[Target | None, ...]
    queue: tuple[int, ...]
    fought: tuple[int, ...]
    headshot: tuple[bool, ...]
    noise: int
    scare: int
    hostile: bool
    rounds: int = 0


# No ``__weakref__`` slot, as for Combat (and 8 bytes less per kept state).
@attrs.frozen(cache_hash=True, weakref_slot=False)
class State:
    """A Quarantine Z game at one moment.

    ``phase`` says what kind of move comes next and ``step`` holds what that phase
    needs (see :mod:`~zombie_rules.quarantine_z.steps`: who draws or rolls, the deck
    chosen, draws or discards left, the claim, the theft, the ambush, the zombie
    biting; ``None`` in the phases that need nothing).
    ``here`` is the Survivors' location index (:data:`NOWHERE`, -1, before the first
    arrival). ``proposals`` per seat (:data:`NOWHERE`: none); ``passed``/``restricted``/
    ``waiting`` seat masks; ``actions_used`` per seat (free actions this visit).
    ``loot`` is the (supply, munition) cards still to draw. ``used`` counts items
    played out of the game (face up); ``zombie_gone`` counts Zombie cards out of the
    game face up, ``zombie_hidden`` those out face down. ``next_zombie`` is the number
    the next zombie to enter play gets (the zombies that have entered play so far).
    ``lost`` holds encoded items out of the game face down: the hand of a Survivor
    killed before the first arrival, when there is no location to lay it at (ruling
    26), still secret to whoever had not seen it.
    """

    config: Config
    phase: Phase
    step: Step
    building_pile: tuple[int, ...]
    area: tuple[Location, ...]
    supply_deck: tuple[int, ...]
    munition_deck: tuple[int, ...]
    zombie_deck: tuple[int, ...]
    burned: int
    zombie_hand: tuple[int, ...]
    survivors: tuple[Survivor, ...]
    here: int
    proposals: tuple[int, ...]
    passed: int
    restricted: int
    waiting: int
    actions_used: tuple[int, ...]
    loot: tuple[int, int]
    noise: int
    fed: int
    allowance: int
    combat: Combat | None
    used: tuple[int, ...]
    zombie_gone: tuple[int, ...]
    zombie_hidden: tuple[int, ...]
    next_zombie: int
    lost: tuple[int, ...] = ()


#: ``State.here`` before the first arrival, and a ``proposals`` entry of a seat that has
#: proposed nothing: no location.
NOWHERE = -1
