"""When each Zombie Doctor card can be used, and how: the one definition of usability.

Card usability is defined in this one place, which both
``legal_moves`` and ``apply`` use, so the two can never disagree: ``legal_moves``
lists exactly the uses :func:`card_uses` returns and ``apply`` rejects every use
it does not return. A card is usable exactly when its effect can happen now.
The flip order (:func:`flip_choices`) and who a card may target
(:func:`opponents`) live here too because usability is built from them.

This module only answers questions; what a card then does is in ``effects``.
Questions about one body's shape are memoized on the body tuple (six small
ints), since random play and search ask the same ones over and over.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from zombie_rules.core.seats import SeatMask, has_seat
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    LIMBS,
    MAD_SCIENTIST,
    MEDICINE,
    MORGUE,
    TORSO,
    XRAY,
    is_healthy,
    is_infected,
)
from zombie_rules.zombie_doctor.config import CustomCard, tables
from zombie_rules.zombie_doctor.state import State, Status

ALIVE = Status.ALIVE

#: ``Move.args`` of every way to use one card kind.
Uses = tuple[tuple[int, ...], ...]


@functools.lru_cache(maxsize=4096)
def flip_choices(body: tuple[int, ...]) -> tuple[int, ...]:
    """The slots the next flip may turn, in flip order.

    "The limbs, arms and legs, must be flipped (or removed) first, followed by the
    torso and finally the head": any healthy limb while one is left (a removed
    limb counts as done), then the torso, then the head.
    """
    limbs = tuple(p for p in LIMBS if is_healthy(body[p]))
    if limbs:
        return limbs
    if is_healthy(body[TORSO]):
        return (TORSO,)
    if is_healthy(body[HEAD]):
        return (HEAD,)
    return ()


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
    through :func:`hand_uses`, which asks the same functions for a whole hand).
    """
    t = tables(state.config)
    name = t.names[kind]
    plain = _PLAIN_USES.get(name)
    if plain is not None:
        return plain(state, seat)
    targeted = _TARGETED_USES.get(name)
    others = _targets(state.config.players, seat, state.status, state.coma)
    if targeted is not None:
        return targeted(state, seat, others)
    return _custom_uses(state, seat, t.custom[kind], others)


def hand_uses(state: State, seat: int) -> dict[int, Uses]:
    """:func:`card_uses` of every kind in ``seat``'s hand, in kind order.

    The same answers, with the seats ``seat`` may target found once for the
    hand rather than once per card: ``legal_moves`` asks this at every turn.
    """
    t = tables(state.config)
    names = t.names
    others: tuple[int, ...] | None = None
    found: dict[int, Uses] = {}
    for kind in sorted(set(state.hands[seat])):
        name = names[kind]
        plain = _PLAIN_USES.get(name)
        if plain is not None:
            found[kind] = plain(state, seat)
            continue
        if others is None:
            others = _targets(state.config.players, seat, state.status, state.coma)
        targeted = _TARGETED_USES.get(name)
        if targeted is not None:
            found[kind] = targeted(state, seat, others)
        else:
            found[kind] = _custom_uses(state, seat, t.custom[kind], others)
    return found


@functools.lru_cache(maxsize=4096)
def _infected_limbs(body: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(p for p in LIMBS if is_infected(body[p]))


@functools.lru_cache(maxsize=4096)
def _medicine_slots(body: tuple[int, ...]) -> Uses:
    return tuple((p,) for p in _infected_limbs(body))


@functools.lru_cache(maxsize=4096)
def _amputable(body: tuple[int, ...]) -> tuple[int, ...]:
    """The slots an Amputate may take from ``body``: infected limbs, then the head."""
    limbs = _infected_limbs(body)
    return (*limbs, HEAD) if is_infected(body[TORSO]) else limbs


def _medicine(state: State, seat: int) -> Uses:
    # "Cure one of your limbs ... You cannot heal a missing limb."
    return _medicine_slots(state.bodies[seat])


def _defibrillator(state: State, seat: int) -> Uses:
    # "Cure your torso of the infection"
    return ((),) if is_infected(state.bodies[seat][TORSO]) else ()


def _coma(state: State, seat: int) -> Uses:
    return ((),)


def _morgue(state: State, seat: int) -> Uses:
    # "Take a limb from the card box": possible while it holds one.
    return ((),) if any(state.morgue) else ()


# The cards below depend on whom ``seat`` may target: ``others`` is ``opponents(state, seat)``.


def _amputate(state: State, seat: int, others: tuple[int, ...]) -> Uses:
    # "You may only amputate an opponent's infected limb." / "If an opponent has
    # an infected torso, you may cut off their head using the Amputate card".
    bodies = state.bodies
    return tuple([(o, p) for o in others for p in _amputable(bodies[o])])


def _xray(state: State, seat: int, others: tuple[int, ...]) -> Uses:
    # "Look at all of an opponent's cards and take one."
    hands = state.hands
    return tuple([(o,) for o in others if hands[o]])


def _mad_scientist(state: State, seat: int, others: tuple[int, ...]) -> Uses:
    # "Swap one of your infected limbs with a healthy limb of an opponent. A swap
    # can only take place with a matching limb."
    mine = _infected_limbs(state.bodies[seat])
    if not mine:
        return ()
    bodies = state.bodies
    return tuple([(o, p) for p in mine for o in others if is_healthy(bodies[o][p])])


def _custom_uses(state: State, seat: int, custom: CustomCard, others: tuple[int, ...]) -> Uses:
    # The table's own card names its targets; seats out of the game or in a Coma
    # are dropped, so the card is usable exactly when some target remains.
    allowed = {seat, *others}
    targets = dict.fromkeys(int(x) for x in custom.targets(state, seat))
    return tuple((x,) for x in targets if x in allowed)


#: Built-in cards whose uses depend on the user's own body or the morgue only.
_PLAIN_USES: dict[str, Callable[[State, int], Uses]] = {
    MEDICINE: _medicine,
    DEFIBRILLATOR: _defibrillator,
    COMA: _coma,
    MORGUE: _morgue,
}
#: Built-in cards used on an opponent: they are also given the seats the user may target.
_TARGETED_USES: dict[str, Callable[[State, int, tuple[int, ...]], Uses]] = {
    AMPUTATE: _amputate,
    XRAY: _xray,
    MAD_SCIENTIST: _mad_scientist,
}
