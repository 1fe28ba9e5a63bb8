"""A Zombie Doctor bot that plays the way a careful doctor would.

It cures itself whenever it can (torso first when it is close to turning),
pushes its infection onto opponents with Mad Scientist, cuts off a head whenever
that does not cost it its own, and uses the cards that make it flip one of its
own cards (Amputate on a limb, X-Ray) only when nothing better is usable. A
Morgue card is valued by the limbs it can see went into the morgue.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    LIMBS,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    MORGUE,
    TORSO,
    XRAY,
    is_healthy,
    is_infected,
)
from zombie_rules.zombie_doctor.state import Action, Move, Phase, Status
from zombie_rules.zombie_doctor.views import View

_KEEP = {MAD_SCIENTIST: 6, MEDICINE: 5, DEFIBRILLATOR: 4, COMA: 4, AMPUTATE: 3, MORGUE: 2, XRAY: 2}


def life(body: Sequence[int]) -> int:
    """Flips left before this body's head is infected (healthy cards on the table)."""
    return sum(1 for code in body if is_healthy(code))


class HeuristicAgent:
    """Scores each legal move with a few rules of thumb and plays the best one."""

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if view.seat is None or len(legal_moves) == 1:
            return legal_moves[0]
        return max(legal_moves, key=lambda m: self._score(view, m))

    def _score(self, v: View, m: Move) -> float:
        assert v.seat is not None
        me = v.bodies[v.seat]
        mine = life(me)
        others = [s for s in range(len(v.bodies)) if s != v.seat and v.status[s] is Status.ALIVE]
        if m.action is Action.USE:
            return _use_score(v, m, me, mine, others)
        if m.action is Action.STUCK:
            keep = -_KEEP.get(m.card, 3) if m.card else -3.5
            return keep + _flip_score(v, m.args[0], others)
        if m.action is Action.FLIP:
            return _flip_score(v, m.args[0], others)
        if m.action is Action.TAKE:
            return _card_value(v, m.card, me, others)
        if m.action is Action.BITE and v.phase is Phase.BITE:
            return life(v.bodies[m.args[0]])
        return 0.0


def _flip_score(v: View, slot: int, others: list[int]) -> float:
    # Flip a limb an opponent still has healthy: a later Mad Scientist can pass it on.
    if slot not in LIMBS:
        return 0.0
    return 0.1 * sum(1 for o in others if is_healthy(v.bodies[o][slot]))


def _card_value(v: View, name: str, me: Sequence[int], others: list[int]) -> float:
    value = float(_KEEP.get(name, 3))
    if name == DEFIBRILLATOR and is_infected(me[TORSO]):
        value += 4
    if name == MEDICINE and any(is_infected(me[p]) for p in LIMBS):
        value += 3
    if name == AMPUTATE and any(is_infected(v.bodies[o][TORSO]) for o in others):
        value += 6
    return value


def _use_score(v: View, m: Move, me: Sequence[int], mine: int, others: list[int]) -> float:
    name = m.card
    if name == AMPUTATE:
        slot = m.args[1]
        if slot == HEAD:
            # The flip that follows must not cost us our own head, unless this ends the game.
            return 100.0 if mine > 1 or len(others) == 1 else -100.0
        return -5.0 - (10.0 if mine <= 1 else 0.0)
    if name == XRAY:
        return -4.0 - (10.0 if mine <= 1 else 0.0)
    if name == MAD_SCIENTIST:
        return 8.0 - 0.1 * life(v.bodies[m.args[0]])
    if name == DEFIBRILLATOR:
        return 7.0 + max(0, 3 - mine)
    if name == MEDICINE:
        return 6.0
    if name == MORGUE:
        return 6.0 * _morgue_gain(v, me)
    if name == COMA:
        return 1.0 + (3.0 if mine <= 2 else 0.0)
    return 0.0


def _morgue_gain(v: View, me: Sequence[int]) -> float:
    total = gain = 0
    for (_, slot, infected), n in v.morgue:
        total += n
        current = me[slot]
        if current == MISSING:
            gain += n * (0 if infected else 1)
        elif infected and is_healthy(current):
            gain -= n
        elif not infected and is_infected(current):
            gain += n
    return gain / total if total else 0.0
