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


class Phase(enum.Enum):
    """Where in the game it is; see rules.py and the phase modules for who acts in each."""

    BUILDINGS = "buildings"  # chance: the next Building dealt face up
    SETUP_CHOOSE = "setup_choose"  # Survivor ``turn`` picks the Supply or Munition deck
    SETUP_DRAW = "setup_draw"  # chance: the card Survivor ``turn`` draws (deck ``pick``)
    ZOMBIE_DRAW = "zombie_draw"  # chance: a card the Zombie Player draws
    DECIDE = "decide"  # On the Move: proposals of a destination
    SNEAK = "sneak"  # chance: Survivor ``turn``'s Sneak roll
    ZOMBIES = "zombies"  # the Zombie Player plays Zombies, Mutations and Events
    LOOT_ROLL = "loot_roll"  # chance: the die of a variable location
    LOOT_DRAW = "loot_draw"  # chance: a loot card from the Supply (pick 0) or Munition deck
    LOCATION = "location"  # At a Location: free actions of every Survivor
    CLAIM = "claim"  # Survivors in ``waiting`` allow or object to ``claim``
    DISPUTE = "dispute"  # the claimant and the objectors settle the claim
    CLAIM_CARD = "claim_card"  # chance: the face-down card the claimant turns out to get
    STEAL_CARD = "steal_card"  # chance: the card taken from a hand
    AMBUSH_ROLL = "ambush_roll"  # chance: the die of an ambush
    SHELTER = "shelter"  # the Zombie Player discards ``count`` cards
    COMMIT = "commit"  # combat Decide: face-down Action cards
    DECLARE = "declare"  # combat Declare: Survivor ``turn`` plays Combat Items and targets
    RESOLVE = "resolve"  # chance: Survivor ``turn``'s die
    BITE = "bite"  # the Zombie Player picks the Survivor zombie ``turn`` damages
    OVER = "over"

    # Members are singletons compared by identity; ``Enum.__hash__`` hashes the name in
    # Python code, and every ``apply`` looks its phase up in a few dicts and sets.
    __hash__ = object.__hash__


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
    TARGET_ZOMBIE = "target-zombie"  # zombie index
    TARGET_SURVIVOR = "target-survivor"  # seat
    READY = "ready"
    EVENT = "event"  # Zombie card id [, seat for a bite]
    PLAY = "play"  # Zombie card id, face up ("This is a Zombie")
    HIDE = "hide"  # Zombie card id, face down (a standard zombie)
    MUTATE = "mutate"  # Zombie card id, zombie index
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
    """A zombie in play: its card, face up or down, its Mutations and the damage taken."""

    card: int
    face_up: bool
    mutations: tuple[int, ...]
    damage: int


@attrs.frozen(cache_hash=True)
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
    """A declared target: zombie ``index`` of the combat (its place at the location), or
    the Survivor in seat ``index``. "At this point, each Survivor declares the target
    of their action. Since Survivors may target other Survivors at this time, ..."."""

    kind: TargetKind
    index: int

    @property
    def survivor(self) -> bool:
        """Whether the target is a Survivor (``index`` a seat) rather than a zombie."""
        return self.kind is TargetKind.SURVIVOR


@functools.cache
def zombie_target(index: int) -> Target:
    """The target zombie ``index`` (one shared record per index)."""
    return Target(TargetKind.ZOMBIE, index)


@functools.cache
def survivor_target(seat: int) -> Target:
    """The target Survivor ``seat`` (one shared record per seat)."""
    return Target(TargetKind.SURVIVOR, seat)


@attrs.frozen(cache_hash=True)
class Combat:
    """A combat in progress at the Survivors' location.

    ``origin`` is the phase it interrupted (LOOT_DRAW: the Zombies! step of an
    arrival). Masks of seats: ``members`` entered it, ``escaped`` got away,
    ``died`` were killed in it. Per seat: ``commits`` (-1 none yet), ``targets``
    (``None``: none declared, else a :class:`Target`). ``queue`` lists the
    seats still to declare or resolve. ``fought`` per zombie: mask of Survivors
    who targeted it with Fight this round; ``headshot`` per zombie: killed outright.
    """

    origin: Phase
    members: int
    escaped: int
    died: int
    commits: tuple[int, ...]
    revealed: bool
    targets: tuple[Target | None, ...]
    queue: tuple[int, ...]
    fought: tuple[int, ...]
    headshot: tuple[bool, ...]
    noise: int
    scare: int
    hostile: bool


@attrs.frozen(cache_hash=True)
class State:
    """A Quarantine Z game at one moment.

    ``here`` is the Survivors' location index (-1 before the first arrival).
    ``turn`` is the seat (or zombie index in BITE) acting in a sequential step;
    ``pick`` a small phase argument (deck chosen, Zombies played this step, ...);
    ``count`` a phase counter (draws or discards left). ``proposals`` per seat
    (-1 none); ``passed``/``restricted``/``waiting`` masks; ``actions_used`` per seat
    (free actions this visit). ``claim`` is (claimant, item or -1, use 0/1) or ().
    ``loot`` is the (supply, munition) cards still to draw. ``used`` counts items
    played out of the game (face up); ``zombie_gone`` counts Zombie cards out of the
    game face up, ``zombie_hidden`` those out face down. ``lost`` holds encoded items out
    of the game face down: the hand of a Survivor killed before the first arrival, when
    there is no location to lay it at (ruling 26), still secret to whoever had not seen it.
    """

    config: Config
    phase: Phase
    turn: int
    pick: int
    count: int
    resume: Phase
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
    claim: tuple[int, ...]
    loot: tuple[int, int]
    noise: int
    fed: int
    allowance: int
    combat: Combat | None
    used: tuple[int, ...]
    zombie_gone: tuple[int, ...]
    zombie_hidden: tuple[int, ...]
    lost: tuple[int, ...] = ()
