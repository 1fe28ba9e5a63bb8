"""Quarantine Z's shared internals: rebuilding states, per-seat lookups, card statistics.

Every rules module (set-up, travel, location, free actions, combat, the phase flow)
imports from here and from nothing above it, so this module is the bottom of an
import graph without cycles. Nothing here decides a rule; it reads the state the
way the rules need it, and rebuilds states cheaply (generated copies that skip
``__init__``, see :mod:`~zombie_rules.core.records`; no ``attrs.evolve``)
because ``apply`` runs these helpers on every move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from zombie_rules.core.records import builder, replacer
from zombie_rules.core.seats import has_seat
from zombie_rules.core.seats import mask_of as mask_of
from zombie_rules.core.validation import short
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.knowledge import distinct_items, has_item, items_of
from zombie_rules.quarantine_z.knowledge import take as take
from zombie_rules.quarantine_z.state import (
    Action,
    Combat,
    Location,
    Move,
    Phase,
    State,
    Survivor,
    Zombie,
)

# Enum members: the rules modules read the members they compare against on every
# move (``Phase.DECIDE``, ``Action.USE``, ``Kind.HEAL``) as module constants
# (``_DECIDE``), bound once under their imports. In CPython 3.11 a member read off its
# class costs as much as a function call (about 1,100 instructions): ``enum.EnumType``
# defines ``__getattr__``, which sends every attribute read of an Enum class through
# a generic slot hook (3.12 removed it). A random playout read a dozen per step, a
# tenth of its cost; a module constant is read in a few instructions.
_DECIDE = Phase.DECIDE

T = TypeVar("T")


#: ``replace(state, **changes)``: ``state`` with some fields replaced, no validation.
#: ``apply`` calls it a few times per move; see :mod:`~zombie_rules.core.records`
#: for why it is cheap (no ``__init__``, no loop over the changes) and still builds
#: exactly the record ``State(...)`` would.
replace: Callable[..., State] = replacer(State)
#: ``replace_combat(combat, **changes)``: the same for the combat record.
replace_combat: Callable[..., Combat] = replacer(Combat)


#: ``new_location(building, looted, cards, zombies)``, ``new_zombie(card, face_up,
#: mutations, damage, number)``, ``new_survivor(life, hand, equipment, armor, wear)`` and
#: ``new_combat(...)`` (every field, in order): the record its class builds, by plain slot
#: stores (:func:`~zombie_rules.core.records.builder`). The attrs ``__init__`` of a
#: frozen record sets each field through ``object.__setattr__``, a call per field, and
#: the rules build one of these on most moves of a combat, an arrival or a draw.
new_location: Callable[[int, bool, tuple[int, ...], tuple[Zombie, ...]], Location] = builder(
    Location
)
new_zombie: Callable[[int, bool, tuple[int, ...], int, int], Zombie] = builder(Zombie)
new_survivor: Callable[[int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...]], Survivor] = (
    builder(Survivor)
)
new_combat: Callable[..., Combat] = builder(Combat)


def state_with(*names: str) -> Callable[..., State]:
    """``f(state, *values)``: ``replace(state, **dict(zip(names, values)))``, positionally.

    For the few call sites that run on most moves: the keyword form costs as much
    again as the rebuild itself (packing, keying and unpacking the changes).
    """
    return replace.make(names)  # type: ignore[attr-defined, no-any-return]


def combat_with(*names: str) -> Callable[..., Combat]:
    """:func:`state_with` for the combat record."""
    return replace_combat.make(names)  # type: ignore[attr-defined, no-any-return]


# ------------------------------------------------------------ seats and masks


def living(state: State) -> tuple[int, ...]:
    """Survivor seats still alive, ascending (the Zombie Player's entry is at Life 0).

    Read off the Survivors' records alone, which most moves leave as they were (the
    same tuple object), so the answer for the last records asked about is kept.
    """
    survivors = state.survivors
    seen, answer = _LIVING[0]
    if seen is not survivors:
        alive = []
        for s, sv in enumerate(survivors):
            if sv.life > 0:
                alive.append(s)
        answer = tuple(alive)
        _LIVING[0] = (survivors, answer)  # one entry, swapped whole (safe across threads)
    return answer


#: The Survivors' records :func:`living` last answered for, with its answer.
_LIVING: list[tuple[object, tuple[int, ...]]] = [(None, ())]


def anyone_alive(state: State) -> bool:
    """Whether a Survivor is still alive: ``bool(living(state))``, without the tuple.

    A plain loop: ``apply`` asks this after every move, and ``any`` of a generator
    costs twice as much.
    """
    for sv in state.survivors:  # noqa: SIM110
        if sv.life > 0:
            return True
    return False


def in_play(state: State) -> tuple[int, ...]:
    """Living Survivors not excluded from play, ascending.

    "If a Survivor successfully escapes, they are excluded from play until Combat
    ends and Loot has been collected": until then (``restricted``) they neither make
    nor suffer free actions (ruling 36).
    """
    survivors, restricted = state.survivors, state.restricted
    seats = []
    for s in tables(state.config).survivors:
        if survivors[s].life > 0 and not has_seat(restricted, s):
            seats.append(s)
    return tuple(seats)


def survivor_seat(state: State, seat: int) -> bool:
    """Whether ``seat`` plays a Survivor (not the Zombie Player, not out of range)."""
    return seat in tables(state.config).survivors


def alive(state: State, seat: int) -> bool:
    """Whether ``seat`` is a living Survivor."""
    return survivor_seat(state, seat) and state.survivors[seat].life > 0


def args_error(move: Move, n: int) -> str | None:
    """What is wrong when ``move`` does not have exactly ``n`` arguments."""
    if len(move.args) != n:
        return f"'{move.action.value}' takes {counted(n, 'argument')}"
    return None


def counted(n: int, noun: str, plural: str = "") -> str:
    """``n`` and the noun in the number it takes: "1 card", "6 cards", "0 free actions"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


#: Seats and arguments beyond this size are not printed in an error message.
_TAME = 10**6


def shown(move: Move) -> str:
    """``move`` in notation for an error message, never longer than 60 characters.

    A hostile move may carry a million arguments or a number too long to print
    (``str`` refuses ints over 4300 digits); those are shown cut short.
    """
    args = move.args
    if -_TAME < move.seat < _TAME and len(args) <= 4 and all(-_TAME < a < _TAME for a in args):
        text = str(move)
    else:
        text = f"{short(move.seat, 12)}: {move.action.value} {short(args, 36)}"
    return text if len(text) <= 60 else f"{text[:57]}..."


def zombie_deck_size(state: State) -> int:
    """Cards left in the Zombie deck (its counts also hold the burned cards)."""
    return sum(state.zombie_deck) - state.burned


def free_cap_left(state: State, seat: int) -> bool:
    """Whether ``seat`` has a free action left this visit (Config.free_actions)."""
    return state.actions_used[seat] < state.config.free_actions


def use_cap(state: State, seat: int) -> tuple[int, ...]:
    """``actions_used`` after ``seat`` spends a free action."""
    return bump(state.actions_used, seat)


@functools.cache
def move_row(seat: int, action: Action, first: tuple[int, ...], n: int) -> tuple[Move, ...]:
    """``Move(seat, action, (*first, i))`` for every ``i`` below ``n``, built once.

    The legal-move generators pick their moves out of these rows by index (an item
    id, a location) instead of building ``Move`` objects in every state: a free
    phase lists dozens of gifts and items per state, and the rows are few (seats,
    kinds of move and first arguments are all small).
    """
    return tuple(Move(seat, action, (*first, i)) for i in range(n))


@functools.cache
def pair_rows(action: Action, players: int, n: int) -> tuple[tuple[tuple[Move, ...], ...], ...]:
    """``pair_rows(action, players, n)[s][j][i]`` is ``Move(s, action, (j, i))`` (a gift,
    a snatch): :func:`move_row` for every pair of seats, looked up once per state."""
    return tuple(
        tuple(move_row(s, action, (j,), n) for j in range(players)) for s in range(players)
    )


# ------------------------------------------------------------ encoded cards


def hand_items(survivor: Survivor) -> tuple[int, ...]:
    """The item ids of a hand, without the "who knows it" masks."""
    return items_of(survivor.hand)


#: The item ids of encoded cards (:func:`~zombie_rules.quarantine_z.knowledge.items_of`).
hand_items_of = items_of
#: Whether encoded cards hold a card of an item (:func:`~.knowledge.has_item`).
has = has_item


@functools.lru_cache(maxsize=16384)
def held_kinds(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The distinct item ids of encoded ``cards``, in order (:func:`~.knowledge.distinct_items`),
    cached by the cards.

    The legal-move caches key on this rather than on the encoded hand: which seats
    have seen each card varies from game to game, so encoded hands seldom repeat
    (those caches missed more often than they hit), while the kinds held repeat all
    the time, and the moves depend on nothing else of the hand.
    """
    return distinct_items(cards)


def add(cards: tuple[int, ...], encoded: int) -> tuple[int, ...]:
    """``cards`` with ``encoded`` added, kept sorted so states stay canonical."""
    return tuple(sorted((*cards, encoded)))


def _survivor_with(*names: str) -> Callable[..., Survivor]:
    """:func:`state_with` for a Survivor's record."""
    return replacer(Survivor).make(names)  # type: ignore[attr-defined, no-any-return]


#: ``with_hand(me, hand)``: ``me`` holding ``hand``; Life, equipment and Armor (with its
#: tokens) unchanged. A generated copy (see :func:`state_with`): the attrs ``__init__``
#: of a frozen record sets each field through ``object.__setattr__``, twice the cost,
#: and a gift, a theft or a draw rebuilds a Survivor on most moves.
with_hand: Callable[[Survivor, tuple[int, ...]], Survivor] = _survivor_with("hand")
#: ``with_life(me, life)``: ``me`` at ``life``; cards and Armor (with its tokens) unchanged.
with_life: Callable[[Survivor, int], Survivor] = _survivor_with("life")


# ------------------------------------------------------------ tuple rows


def set_row(rows: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``rows`` with entry ``i`` replaced."""
    return rows[:i] + (value,) + rows[i + 1 :]


def set_survivor(state: State, seat: int, survivor: Survivor) -> tuple[Survivor, ...]:
    """``state.survivors`` with ``seat``'s entry replaced."""
    s = state.survivors
    return s[:seat] + (survivor,) + s[seat + 1 :]


def set_location(state: State, index: int, location: Location) -> tuple[Location, ...]:
    """``state.area`` with location ``index`` replaced."""
    a = state.area
    return a[:index] + (location,) + a[index + 1 :]


def bump(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    """``counts`` with ``n`` added to entry ``kind``."""
    return counts[:kind] + (counts[kind] + n,) + counts[kind + 1 :]


# ------------------------------------------------------------ card statistics


def armor_error(config: Config, survivor: Survivor) -> str | None:
    """What is wrong with a Survivor's Armor record, or None (for ``check_state``).

    ``armor`` must be the points the worn armor cards have left: their Armor less
    the damage tokens on them (``wear``, sorted, only on equipped armor cards, fewer
    tokens than the card has points: a card with none left is discarded).
    """
    items = config.items
    wear = survivor.wear
    if any(not 0 <= e < len(items) for e in (*survivor.equipment, *wear)):
        return "equipment/wear: not item ids of this config"
    if list(wear) != sorted(wear):
        return "wear: damage tokens are kept sorted"
    for e in set(wear):
        if e not in survivor.equipment or not 0 < wear.count(e) < items[e].armor:
            return f"wear: item {e} holds tokens it cannot (not worn, or worn out)"
    full = sum(items[e].armor for e in survivor.equipment)
    if survivor.armor != full - len(wear):
        return f"armor: {survivor.armor}, but the worn cards have {full - len(wear)} points left"
    return None


class ZombieFace(Protocol):
    """What fixes a zombie's statistics: a :class:`Zombie`, or a view of one (the
    bots read the rule's numbers off what they see; a face-down card's stats are the
    card back's, whichever card it is, and a view of it may not say which: ``None``)."""

    @property
    def card(self) -> int | None: ...
    @property
    def face_up(self) -> bool: ...
    @property
    def mutations(self) -> tuple[int, ...]: ...


class Equipped(Protocol):
    """A Survivor, or a view of one: its equipment lies face up."""

    @property
    def equipment(self) -> tuple[int, ...]: ...


def best_melee(config: Config, survivor: Equipped) -> tuple[int, bool]:
    """(damage bonus, headshot on 6) of the Survivor's best equipped melee weapon."""
    best = (0, False)
    for e in survivor.equipment:
        it = config.items[e]
        if it.melee or it.melee_headshot:
            best = max(best, (it.melee, it.melee_headshot))
    return best


def best_gun(config: Config, survivor: Survivor) -> int:
    """The equipped firearm a Shoot uses: the most damaging one with ammunition in hand.

    The legal-move generators ask this for every seat in every combat and ambush:
    a Survivor with nothing equipped (most of them) is answered at once, the others
    by a loop over the equipment alone (no cache by equipment and hand: those seldom
    repeat, and a cache that keeps missing leaves long-lived entries behind, which
    bring on the garbage collector's full passes over the heap).
    """
    equipment = survivor.equipment
    if not equipment:
        return -1
    items = config.items
    best, best_key = -1, (-1, -1)
    held: tuple[int, ...] | None = None
    for e in equipment:
        damage = items[e].gun_damage
        if damage:
            if held is None:
                held = held_kinds(survivor.hand)
            if tables(config).ammo_of[e] in held:
                key = (damage, -e)
                if key > best_key:
                    best, best_key = e, key
    return best


def can_shoot(state: State, seat: int) -> bool:
    """Whether ``seat`` may Shoot: an equipped firearm and its ammunition in hand."""
    return best_gun(state.config, state.survivors[seat]) >= 0


def zombie_stats(config: Config, zombie: ZombieFace) -> tuple[int, int, int, int, bool, int]:
    """(life, damage, escape, armor, horde, noise) of a zombie in play."""
    return _zombie_stats(config, zombie.card, zombie.face_up, zombie.mutations)


@functools.lru_cache(maxsize=4096)
def _zombie_stats(
    config: Config, card: int | None, face_up: bool, mutations: tuple[int, ...]
) -> tuple[int, int, int, int, bool, int]:
    if face_up:
        assert card is not None  # a face-up card is everyone's to know
        c = config.zombie_cards[card]
        life, damage, escape, armor, horde, noise = (
            c.life, c.damage, c.escape, c.armor, c.horde, c.noise,
        )  # fmt: skip
    else:
        life, damage, escape, armor, horde, noise = (
            config.back_life, config.back_damage, config.back_escape, 0, False, 0,
        )  # fmt: skip
    for m in mutations:
        c = config.zombie_cards[m]
        life += c.life
        damage += c.damage
        escape += c.escape
        armor += c.armor
        horde = horde or c.horde
        noise += c.noise
    return life, damage, escape, armor, horde, noise


# ------------------------------------------------------------ zombies by number


class Numbered(Protocol):
    """A zombie in play, or a view of one: it carries its number."""

    @property
    def number(self) -> int: ...


def zombie_at(zombies: Sequence[Numbered], number: int) -> int | None:
    """The place in ``zombies`` of the zombie numbered ``number``, or ``None``."""
    for i, z in enumerate(zombies):
        if z.number == number:
            return i
    return None


def numbers(zombies: Sequence[Numbered]) -> str:
    """The numbers of ``zombies`` for a message: "0, 3" (or "none")."""
    return ", ".join(str(z.number) for z in zombies) or "none"


# ------------------------------------------------------------ combat reads


def combat_zombies(state: State) -> tuple[Zombie, ...]:
    """The zombies in the current combat: those at the Survivors' location."""
    combat = state.combat
    if combat is None or combat.origin is _DECIDE or state.here < 0:
        return ()
    return state.area[state.here].zombies


def active(state: State) -> tuple[int, ...]:
    """Survivors in the combat, alive and not escaped.

    ``to_act``, the legal moves, the check and the handler of every combat step ask
    this, and it depends only on the Survivors' records, which most combat moves
    leave as they were (the same tuple object), and on the seats fighting (the
    combat's members less those escaped): the answer for the last of those is kept.
    """
    combat = state.combat
    assert combat is not None
    fighting = combat.members & ~combat.escaped
    survivors, config = state.survivors, state.config
    seen, seen_fighting, seen_config, answer = _ACTIVE[0]
    if seen is survivors and seen_fighting == fighting and seen_config is config:
        return answer
    seats = []
    for s in tables(config).survivors:
        if has_seat(fighting, s) and survivors[s].life > 0:
            seats.append(s)
    answer = tuple(seats)
    _ACTIVE[0] = (survivors, fighting, config, answer)  # one entry, swapped whole
    return answer


#: The Survivors' records, fighting seats and config :func:`active` last answered for,
#: with its answer.
_ACTIVE: list[tuple[object, int, object, tuple[int, ...]]] = [(None, 0, None, ())]
