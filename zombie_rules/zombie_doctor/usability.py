"""When each Zombie Doctor card can be used, and how: the one definition of usability.

Card usability is defined in this one place, which both
``legal_moves`` and ``apply`` use, so the two can never disagree: ``legal_moves``
lists exactly the uses :func:`card_uses` returns and ``apply`` rejects every use
it does not return. A card is usable exactly when its effect can happen now.
The flip order (:func:`flip_choices`) and who a card may target
(:func:`opponents`) live here too because usability is built from them.

This module only answers questions; what a card then does is in ``effects``.
A built-in card's uses depend on the sides its user's and targets' body cards
show, never on whose cards they are, and a table sees few side patterns (a
couple of hundred over thousands of games) but many bodies. So each body is
read once into its :class:`BodyFacts` (found again by body, else by pattern),
and each card's uses, with the ``Move`` objects that make them, are worked out
once per (user, card, targets, their patterns): random play and search ask the
same few questions millions of times.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Final, NamedTuple

from zombie_rules.core.seats import SeatMask, has_seat
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    HEALTHY_SIDE,
    INFECTED_SIDE,
    LIMBS,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    MORGUE,
    TORSO,
    XRAY,
    is_infected,
    sides,
)
from zombie_rules.zombie_doctor.config import CustomCard, Tables, tables
from zombie_rules.zombie_doctor.state import Action, Move, State, Status
from zombie_rules.zombie_doctor.vocabulary import (
    CURE,
    FLIP,
    FROM_MORGUE,
    NEW_HAND,
    REVEAL_HAND,
    SWAP,
    TO_MORGUE,
    Step,
    registered,
)

ALIVE = Status.ALIVE

#: ``Move.args`` of every way to use one card kind.
Uses = tuple[tuple[int, ...], ...]
#: A card kind's uses now, with the ``use`` moves that make them (in the same order).
Plays = tuple[Uses, tuple[Move, ...]]
_NO_PLAYS: Final[Plays] = ((), ())


class BodyFacts(NamedTuple):
    """What the rules ask of one body, all of it read from the side each slot shows."""

    #: A number for the side pattern: equal facts, equal numbers (a cheap cache key).
    pattern: int
    #: The slots the next flip may turn, in flip order (:func:`flip_choices`).
    flips: tuple[int, ...]
    #: The infected arms and legs, in slot order.
    infected_limbs: tuple[int, ...]
    #: Medicine's uses: one ``(slot,)`` per infected limb.
    medicine: Uses
    #: The slots an Amputate may take: the infected limbs, then the head if the torso is infected.
    amputable: tuple[int, ...]
    #: Whether the torso shows its zombie side (Defibrillator).
    torso_infected: bool
    #: The healthy arms and legs (what Mad Scientist may take), as a set of slots.
    healthy_limbs: frozenset[int]


@functools.lru_cache(maxsize=32768)
def body_facts(body: tuple[int, ...]) -> BodyFacts:
    """The :class:`BodyFacts` of ``body``: a lookup by body, then by its side pattern."""
    return _facts_of_sides(sides(body))


#: The facts of every side pattern seen so far, by ``BodyFacts.pattern``.
_BY_PATTERN: dict[int, BodyFacts] = {}


@functools.cache
def _facts_of_sides(pattern: tuple[int, ...]) -> BodyFacts:
    infected = tuple(p for p in LIMBS if pattern[p] == INFECTED_SIDE)
    healthy = tuple(p for p in LIMBS if pattern[p] == HEALTHY_SIDE)
    torso_infected = pattern[TORSO] == INFECTED_SIDE
    # "The limbs, arms and legs, must be flipped (or removed) first, followed by the
    # torso and finally the head": any healthy limb while one is left (a removed
    # limb counts as done), then the torso, then the head.
    if healthy:
        flips = healthy
    elif pattern[TORSO] == HEALTHY_SIDE:
        flips = (TORSO,)
    elif pattern[HEAD] == HEALTHY_SIDE:
        flips = (HEAD,)
    else:
        flips = ()
    facts = BodyFacts(
        pattern=len(_BY_PATTERN),
        flips=flips,
        infected_limbs=infected,
        medicine=tuple((p,) for p in infected),
        amputable=(*infected, HEAD) if torso_infected else infected,
        torso_infected=torso_infected,
        healthy_limbs=frozenset(healthy),
    )
    _BY_PATTERN[facts.pattern] = facts
    return facts


def flip_choices(body: tuple[int, ...]) -> tuple[int, ...]:
    """The slots the next flip may turn, in flip order.

    "The limbs, arms and legs, must be flipped (or removed) first, followed by the
    torso and finally the head": any healthy limb while one is left (a removed
    limb counts as done), then the torso, then the head.
    """
    return body_facts(body).flips


def opponents(state: State, seat: int) -> list[int]:
    """The seats ``seat`` may use cards on: still in, and not in a Coma.

    Coma: "You are immune to all cards until your next turn." Turned and
    beheaded players are out of the card game (see the rulings).
    """
    return list(_targets(state.config.players, seat, state.status, state.coma))


@functools.lru_cache(maxsize=4096)
def _targets(
    players: int, seat: int, status: tuple[Status, ...], coma: SeatMask
) -> tuple[int, ...]:
    """:func:`opponents` as a tuple, once per (seat, status, coma): a table has few."""
    return tuple(
        o for o in range(players) if o != seat and status[o] is ALIVE and not has_seat(coma, o)
    )


def card_uses(state: State, seat: int, kind: int) -> Uses:
    """Every way ``seat`` may use a card of ``kind`` now, as ``Move.args``; empty if unusable.

    This is the single definition of usability: a card is usable exactly when its
    effect can happen now, and ``legal_moves`` and ``apply`` both ask here (or
    through :func:`hand_plays`, which asks the same function for a whole hand).
    """
    return kind_plays(state, seat, kind)[0]


def hand_plays(state: State, seat: int) -> dict[int, Plays]:
    """:func:`kind_plays` of every kind in ``seat``'s hand, in kind order.

    ``legal_moves`` asks this at every turn, and ``apply`` checks a ``use``
    against the same answer.
    """
    return plays_of(state, seat, dict.fromkeys(state.hands[seat]), tables(state.config))


def turn_plays(state: State) -> dict[int, Plays]:
    """:func:`hand_plays` of the seat whose turn it is."""
    return hand_plays(state, state.turn)


def kind_plays(state: State, seat: int, kind: int) -> Plays:
    """The ways ``seat`` may use a card of ``kind`` now, with their moves; both empty if none."""
    return plays_of(state, seat, (kind,), tables(state.config))[kind]


def plays_of(state: State, seat: int, kinds: Iterable[int], t: Tables) -> dict[int, Plays]:
    """The plays of each of ``kinds`` (``t``: the config's tables, which the caller has).

    Whom ``seat`` may target is found once, if asked.
    """
    names = t.names
    bodies = state.bodies
    others: tuple[int, ...] = ()
    asked = False
    found: dict[int, Plays] = {}
    for kind in kinds:
        name = names[kind]
        if name == MEDICINE:
            # "Cure one of your limbs ... You cannot heal a missing limb."
            found[kind] = _own_plays(seat, name, body_facts(bodies[seat]).medicine)
            continue
        if name == DEFIBRILLATOR:
            # "Cure your torso of the infection"
            torso = body_facts(bodies[seat]).torso_infected
            found[kind] = _own_plays(seat, name, _ONCE if torso else ())
            continue
        if name == COMA:
            found[kind] = _own_plays(seat, name, _ONCE)
            continue
        if name == MORGUE:
            # "Take a limb from the card box": possible while it holds one.
            found[kind] = _own_plays(seat, name, _ONCE if any(state.morgue) else ())
            continue
        if not asked:
            others = _targets(state.config.players, seat, state.status, state.coma)
            asked = True
        if name == AMPUTATE:
            found[kind] = _amputate_plays(bodies, seat, others)
        elif name == MAD_SCIENTIST:
            found[kind] = _mad_scientist_plays(bodies, seat, others)
        elif name == XRAY:
            # "Look at all of an opponent's cards and take one."
            hands = state.hands
            targets = others
            for o in others:
                if not hands[o]:  # rare: a custom card emptied that hand
                    targets = tuple([x for x in others if hands[x]])
                    break
            found[kind] = _xray_plays(seat, targets)
        else:
            found[kind] = _custom_plays(state, seat, t.custom[kind], others)
    return found


#: The one way to use a card that takes no arguments.
_ONCE: Final[Uses] = ((),)


@functools.lru_cache(maxsize=8192)
def _own_plays(seat: int, name: str, uses: Uses) -> Plays:
    """``uses`` of a card with their moves, once per (seat, card, uses): few recur.

    For the cards used on yourself (Medicine, Defibrillator, Coma, Morgue), and Mad
    Scientist, whose swaps pair your limbs with opponents' and are listed in full.
    """
    return _plays(seat, name, uses)


def _amputate_plays(
    bodies: tuple[tuple[int, ...], ...], seat: int, others: tuple[int, ...]
) -> Plays:
    # "You may only amputate an opponent's infected limb." / "If an opponent has
    # an infected torso, you may cut off their head using the Amputate card".
    if len(others) == 1:
        return _amputate_on(seat, others[0], body_facts(bodies[others[0]]).pattern)
    uses: Uses = ()
    moves: tuple[Move, ...] = ()
    for o in others:
        more, made = _amputate_on(seat, o, body_facts(bodies[o]).pattern)
        uses += more
        moves += made
    return uses, moves


@functools.lru_cache(maxsize=4096)
def _amputate_on(seat: int, target: int, pattern: int) -> Plays:
    """Amputate's uses on one opponent whose body shows side ``pattern``."""
    return _plays(seat, AMPUTATE, tuple([(target, p) for p in _BY_PATTERN[pattern].amputable]))


def _mad_scientist_plays(
    bodies: tuple[tuple[int, ...], ...], seat: int, others: tuple[int, ...]
) -> Plays:
    # "Swap one of your infected limbs with a healthy limb of an opponent. A swap
    # can only take place with a matching limb."
    mine = body_facts(bodies[seat]).infected_limbs
    if not mine:
        return _NO_PLAYS
    # Plain loops: a comprehension is a call of its own, and every turn with the card asks.
    healthy = []
    for o in others:
        healthy.append((o, body_facts(bodies[o]).healthy_limbs))
    uses = []
    for p in mine:
        for o, theirs in healthy:
            if p in theirs:
                uses.append((o, p))
    return _own_plays(seat, MAD_SCIENTIST, tuple(uses))


@functools.lru_cache(maxsize=1024)
def _xray_plays(seat: int, targets: tuple[int, ...]) -> Plays:
    return _plays(seat, XRAY, tuple([(o,) for o in targets]))


def _custom_plays(state: State, seat: int, custom: CustomCard, others: tuple[int, ...]) -> Plays:
    if custom.steps:
        return _plays(seat, custom.name, vocabulary_uses(state, seat, custom.steps, others))
    # A registered effect names its targets; seats out of the game or in a Coma are
    # dropped, so the card is usable exactly when some target remains.
    allowed = {seat, *others}
    found = registered(custom.effect).targets(state, seat, dict(custom.params))
    targets = dict.fromkeys(int(x) for x in found)
    return _plays(seat, custom.name, tuple((x,) for x in targets if x in allowed))


def vocabulary_uses(
    state: State, seat: int, steps: tuple[Step, ...], others: tuple[int, ...]
) -> Uses:
    """Every ``Move.args`` of a vocabulary card: each step's choices, concatenated in order.

    Each step's choices are read from the state before the card; the card is
    usable exactly when every step has one. A step on the user's own body or hand
    takes no seat argument; a step on another seat takes the seat first.
    """
    uses: list[tuple[int, ...]] = [()]
    for step in steps:
        choices = step_choices(state, seat, step, others)
        if not choices:
            return ()
        uses = [u + c for u in uses for c in choices]
    return tuple(uses)


def step_choices(state: State, seat: int, step: Step, others: tuple[int, ...]) -> Uses:
    """The argument choices of one vocabulary step now (empty: the step cannot happen)."""
    op, bodies = step.op, state.bodies
    seats = (
        (seat,)
        if step.who == "user"
        else others
        if step.who == "opponent"
        else (tuple(sorted((seat, *others))))
    )
    mark = step.who != "user"

    def on(x: int, *rest: int) -> tuple[int, ...]:
        return (x, *rest) if mark else rest

    if op == FLIP:
        return tuple([on(x, p) for x in seats for p in flip_choices(bodies[x])])
    if op == CURE:
        return tuple(
            [on(x, p) for x in seats for p in (TORSO, *LIMBS) if bodies[x][p] != MISSING
             and is_infected(bodies[x][p])]
        )  # fmt: skip
    if op == TO_MORGUE:
        return tuple([on(x, p) for x in seats for p in LIMBS if bodies[x][p] != MISSING])
    if op == SWAP:
        pairs = (
            [(seat, o) for o in others] if step.who == "user"
            else [(a, b) for a in seats for b in seats if a < b]
        )  # fmt: skip
        return tuple(
            [(b, p) if step.who == "user" else (a, b, p) for a, b in pairs for p in LIMBS
             if bodies[a][p] != MISSING and bodies[b][p] != MISSING]
        )  # fmt: skip
    if op == REVEAL_HAND:
        return tuple([(x,) for x in others if state.hands[x]])
    if op == NEW_HAND:
        return tuple([on(x) for x in seats if x == seat or state.hands[x]])
    if op == FROM_MORGUE:
        return _ONCE if any(state.morgue) else ()
    # LOOK_TOP: something to look at on top of the deck or in its unseen part.
    return _ONCE if state.deck_top or any(state.deck_unknown) else ()


def _plays(seat: int, name: str, uses: Uses) -> Plays:
    if not uses:
        return _NO_PLAYS
    return uses, tuple([Move(seat, Action.USE, name, args) for args in uses])
