"""Where a Quarantine Z game is: the phase, and one small record of the step it is in.

A phase says what kind of move comes next; the step record holds what that phase
needs to know and nothing else, with fields named for what they mean. Before these
records a state carried four all-purpose ints (``turn``, ``pick``, ``count``,
``resume``) and a claim tuple, whose meaning changed with the phase (``count`` was
a gun's item id in an ambush and the draws left in another phase, ``pick`` a seat
mask of objectors in a claim and the deck chosen in set-up). One record per phase
family:

====================  ===============================================================
phase(s)              step
====================  ===============================================================
BUILDINGS             ``None`` (the pile says what is left to deal)
SETUP_CHOOSE/_DRAW    :class:`SetupDraw`: who draws, set-up draws done, the deck chosen
ZOMBIE_DRAW           :class:`ZombieDraws`: cards left to draw, the step to resume
DECIDE, LOCATION      ``None`` (every Survivor acts; the seat masks say who)
SNEAK                 :class:`Turn`: the Survivor rolling
ZOMBIES               :class:`ZombiesStep`: Zombies played this step
LOOT_ROLL             ``None``
LOOT_DRAW             :class:`LootDraw`: the deck the next loot card comes from
CLAIM, DISPUTE,       :class:`Claim`: claimant, the item (``None``: a face-down card
CLAIM_CARD            the claimant has not seen), used at once or not, objectors so far
STEAL_CARD            :class:`Steal`: thief, victim, the phase the theft interrupted
AMBUSH_ROLL           :class:`Ambush`: attacker, victim, the gun (``None``: Fight), origin
SHELTER               :class:`ShelterDiscards`: discards still due
COMMIT                ``None`` (the combat record holds the round)
DECLARE, RESOLVE      :class:`Turn`: the Survivor declaring or rolling (the queue's head)
BITE                  :class:`Bite`: the number of the zombie whose victim is picked
OVER                  ``None``
====================  ===============================================================

Records that repeat are shared (``functools.cache``): building one costs a dict
lookup, and equal steps are the same object. Seat masks are ints read through
:mod:`zombie_rules.core.seats`.
"""

from __future__ import annotations

import enum
import functools
from typing import TypeAlias

import attrs

from zombie_rules.quarantine_z.cards import Deck


class Phase(enum.Enum):
    """Where in the game it is; see rules.py and the phase modules for who acts in each."""

    BUILDINGS = "buildings"  # chance: the next Building dealt face up
    SETUP_CHOOSE = "setup_choose"  # Survivor ``SetupDraw.drawer`` picks the Supply or Munition deck
    SETUP_DRAW = "setup_draw"  # chance: the card it draws (from ``SetupDraw.deck``)
    ZOMBIE_DRAW = "zombie_draw"  # chance: a card the Zombie Player draws
    DECIDE = "decide"  # On the Move: proposals of a destination
    SNEAK = "sneak"  # chance: Survivor ``Turn.seat``'s Sneak roll
    ZOMBIES = "zombies"  # the Zombie Player plays Zombies, Mutations and Events
    LOOT_ROLL = "loot_roll"  # chance: the die of a variable location
    LOOT_DRAW = "loot_draw"  # chance: a loot card from ``LootDraw.deck``
    LOCATION = "location"  # At a Location: free actions of every Survivor
    CLAIM = "claim"  # Survivors in ``waiting`` allow or object to the ``Claim``
    DISPUTE = "dispute"  # the claimant and the objectors settle the claim
    CLAIM_CARD = "claim_card"  # chance: the face-down card the claimant turns out to get
    STEAL_CARD = "steal_card"  # chance: the card taken from a hand
    AMBUSH_ROLL = "ambush_roll"  # chance: the die of an ambush
    SHELTER = "shelter"  # the Zombie Player discards ``ShelterDiscards.left`` cards
    COMMIT = "commit"  # combat Decide: face-down Action cards
    DECLARE = "declare"  # combat Declare: Survivor ``Turn.seat`` plays Combat Items and targets
    RESOLVE = "resolve"  # chance: Survivor ``Turn.seat``'s die
    BITE = "bite"  # the Zombie Player picks the Survivor zombie ``Bite.zombie`` damages
    OVER = "over"

    # Members are singletons compared by identity; ``Enum.__hash__`` hashes the name in
    # Python code, and every ``apply`` looks its phase up in a few dicts and sets.
    __hash__ = object.__hash__


@attrs.frozen(cache_hash=True)
class SetupDraw:
    """Set-up: "Each Survivor draws either a Supply or Munition card ... until they have
    drawn 4". Survivor ``drawer`` draws next; ``drawn`` set-up draws are made so far (all
    Survivors' together, which fixes whose turn it is); ``deck`` is the deck it chose
    (``None`` while it chooses, in SETUP_CHOOSE)."""

    drawer: int
    drawn: int
    deck: Deck | None


@attrs.frozen(cache_hash=True)
class ZombieDraws:
    """The Zombie Player draws ``left`` more cards (hand limit and deck permitting), then
    the game goes on where ``resume`` says: DECIDE (set-up is over), ZOMBIES (back to the
    Zombies! step, ``played`` Zombies played in it so far), LOOT_DRAW (a "draw instead"
    ends the Zombies! step), COMMIT (the combat an ambush started), BITE (the end of a
    combat round)."""

    left: int
    resume: Phase
    played: int = 0


@attrs.frozen(cache_hash=True)
class Turn:
    """The one Survivor acting in a sequential step: rolling to Sneak, declaring or
    rolling in combat (there, the head of the combat's queue)."""

    seat: int


@attrs.frozen(cache_hash=True)
class ZombiesStep:
    """The Zombies! step: ``played`` Zombies played in it so far (of ``State.allowance``)."""

    played: int


@attrs.frozen(cache_hash=True)
class LootDraw:
    """Looting: the next card comes from ``deck`` (Supply first; ``State.loot`` counts what
    is still to draw)."""

    deck: Deck


@attrs.frozen(cache_hash=True)
class Claim:
    """A claim on a card lying at the location: "If no other Survivor objects, they get to
    take the card into their hand."

    ``item`` is the item claimed by name, or ``None`` for a face-down card the claimant
    has not seen ('claim-hidden'); ``use``: used or equipped at once ('claim-use').
    ``objectors``: the mask of Survivors who have objected so far, while the others
    answer (CLAIM); in a dispute the objectors still standing are ``State.waiting``.
    """

    claimant: int
    item: int | None
    use: bool
    objectors: int


@attrs.frozen(cache_hash=True)
class Steal:
    """A theft of a random hand card: ``thief`` takes from ``victim``; the game goes back to
    ``resume`` (DECIDE or LOCATION), the step the theft interrupted."""

    thief: int
    victim: int
    resume: Phase


@attrs.frozen(cache_hash=True)
class Ambush:
    """An ambush: ``attacker`` on ``victim``, with the equipped firearm ``gun`` (its item id;
    ``None``: the Fight card), from the step ``resume`` (DECIDE or LOCATION) that the
    combat after it returns to."""

    attacker: int
    victim: int
    gun: int | None
    resume: Phase


@attrs.frozen(cache_hash=True)
class ShelterDiscards:
    """The Shelter's wait-out: the Zombie Player has ``discards_left`` cards still to discard."""

    discards_left: int


@attrs.frozen(cache_hash=True)
class Bite:
    """The Zombies' step of a combat: the Zombie Player picks whom the zombie numbered
    ``zombie`` (its ``Zombie.number``) damages."""

    zombie: int


#: The step record of a state: which one goes with which phase is the module's table.
Step: TypeAlias = (
    SetupDraw
    | ZombieDraws
    | Turn
    | ZombiesStep
    | LootDraw
    | Claim
    | Steal
    | Ambush
    | ShelterDiscards
    | Bite
    | None
)


@functools.lru_cache(maxsize=1024)
def setup_draw(drawer: int, drawn: int, deck: Deck | None) -> SetupDraw:
    """The shared :class:`SetupDraw` (one lookup rather than an attrs ``__init__``, which
    sets every field through ``object.__setattr__``: each set-up move makes one)."""
    return SetupDraw(drawer, drawn, deck)


@functools.cache
def turn_of(seat: int) -> Turn:
    """The shared :class:`Turn` of ``seat``."""
    return Turn(seat)


@functools.cache
def zombies_played(played: int) -> ZombiesStep:
    """The shared :class:`ZombiesStep` with ``played`` Zombies played."""
    return ZombiesStep(played)


@functools.cache
def loot_from(deck: Deck) -> LootDraw:
    """The shared :class:`LootDraw` from ``deck``."""
    return LootDraw(deck)


@functools.cache
def discards(left: int) -> ShelterDiscards:
    """The shared :class:`ShelterDiscards` with ``left`` discards due."""
    return ShelterDiscards(left)


@functools.lru_cache(maxsize=1024)
def drawing(left: int, resume: Phase, played: int = 0) -> ZombieDraws:
    """The shared :class:`ZombieDraws` of ``left`` cards before ``resume``."""
    return ZombieDraws(left, resume, played)


@functools.cache
def biting(zombie: int) -> Bite:
    """The shared :class:`Bite` of the zombie numbered ``zombie``."""
    return Bite(zombie)
