"""Scores for cut-off rollouts: each seat's estimated chance of winning from a position.

A search scores positions of *worlds it sampled* (determinizations), so an
evaluation may read the whole state: every card in it is one the searching seat
imagined, not the true deal.

Each title's estimate is a small model fitted by maximum likelihood on
positions from games between the heuristic bots (the rulebook configs; Quarantine
Z at 3-5 players), so the numbers mean "how often a position like this was won
by that seat". They are deliberately coarse: a rollout plays on for a while
before the evaluation is asked, so it only has to tell better positions from
worse ones.

The titles' own modules would be the natural home for these (they read title
state); they live here until the ``Game`` protocol grows an evaluation hook.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zombie_rules.quarantine_z import State as QuarantineState
from zombie_rules.quarantine_z._base import living, zombie_deck_size, zombie_stats
from zombie_rules.quarantine_z.rules import result as quarantine_result
from zombie_rules.texas_zombies.agents import evaluate as texas_zombies
from zombie_rules.zombie_doctor import State as DoctorState
from zombie_rules.zombie_doctor.cards import TORSO, is_healthy, is_infected
from zombie_rules.zombie_doctor.config import tables as doctor_tables
from zombie_rules.zombie_doctor.rules import result as doctor_result
from zombie_rules.zombie_doctor.state import Status
from zombie_rules.zombie_run import State as RunState
from zombie_rules.zombie_run import View as RunView
from zombie_rules.zombie_run.rules import result as run_result


def _winners(result: Any, players: int) -> tuple[float, ...]:
    return tuple(1.0 if s in result.winners else 0.0 for s in range(players))


def _softmax(utilities: Sequence[float], present: Sequence[bool]) -> tuple[float, ...]:
    top = max(u for u, p in zip(utilities, present, strict=True) if p)
    weights = [math.exp(u - top) if p else 0.0 for u, p in zip(utilities, present, strict=True)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def zombie_run(state: RunState) -> tuple[float, ...]:
    """Lowest projected total wins: the scores so far plus each hand now.

    Cards not dealt yet count at the deck's mean.
    The chance of winning is a softmax of the negated projections with a
    temperature of 7 zombies times the square root of the rounds still to come
    (this one included), fitted on 300 heuristic games.
    """
    config = state.config
    final = run_result(state)
    if final is not None:
        return _winners(final, config.players)
    deck = config.deck
    mean = sum(z * c for z, c in deck) / sum(c for _, c in deck)
    size = config.hand_size
    projected = [
        score + sum(hand) + (size - len(hand)) * mean
        for score, hand in zip(state.scores, state.hands, strict=True)
    ]
    temperature = 7.0 * math.sqrt(config.rounds - state.round)
    return _softmax([-p / temperature for p in projected], [True] * config.players)


def zombie_run_round_over(origin: RunState, state: RunState) -> bool:
    """A Zombie Run! rollout stops when the round it started in is scored.

    Round scores are what the game is won with; a rollout that plays into the next
    round only adds the noise of a fresh deal.
    """
    return state.round != origin.round


#: Zombie Run!: how much likelier each card is to be one an opponent knows in its hand
#: (and the searching seat does not) than to be any unseen card, by zombies on it, for
#: turns 0-3, 4-7, 8-11 and 12 on of the round. Bots and people keep the low cards they
#: look at and swap out the high ones, so a card its owner has known for a while is
#: rarely a Horde; a re-deal uniform over the unseen cards ignores that. Measured on 300
#: heuristic games; a card of another count (a custom deck) weighs 1.
_RUN_KNOWN_CARD: tuple[dict[int, float], ...] = (
    {0: 1.1, 1: 1.12, 2: 1.17, 3: 1.17, 4: 1.21, 5: 1.23, 6: 1.08, 7: 0.93, 8: 0.85, 9: 0.82,
     15: 0.69},
    {0: 1.25, 1: 1.31, 2: 1.43, 3: 1.44, 4: 1.52, 5: 1.62, 6: 1.03, 7: 0.78, 8: 0.67, 9: 0.43,
     15: 0.19},
    {0: 1.24, 1: 1.35, 2: 1.55, 3: 1.54, 4: 1.76, 5: 1.96, 6: 0.78, 7: 0.57, 8: 0.38, 9: 0.19,
     15: 0.05},
    {0: 1.08, 1: 1.34, 2: 1.98, 3: 1.43, 4: 2.08, 5: 2.31, 6: 0.45, 7: 0.18, 8: 0.11, 9: 0.03,
     15: 0.02},
)  # fmt: skip


def zombie_run_world_weight(view: RunView, world: RunState) -> float:
    """How plausible ``world``'s cards are where opponents know their cards and we do not."""
    seat = view.seat
    table = _RUN_KNOWN_CARD[min(view.turns_taken // 4, len(_RUN_KNOWN_CARD) - 1)]
    weight = 1.0
    for s, (seen, knows, cards) in enumerate(
        zip(view.hands, view.owner_knows, world.hands, strict=True)
    ):
        if s == seat:
            continue
        for card, owner, shown in zip(cards, knows, seen, strict=True):
            if owner and shown is None:
                weight *= table.get(card, 1.0)
    return weight


#: Zombie Doctor: utility weights per feature of a living seat (fitted on 250 games).
_DOCTOR_LIFE = 0.27  # per healthy body card on the table
_DOCTOR_TORSO = -0.81  # infected torso: one flip from turning
_DOCTOR_MISSING = -0.26  # per removed limb
_DOCTOR_COMA = -0.11
#: Per card in hand, by built-in card name (relative to one another: hands hold 3).
_DOCTOR_CARDS = {
    "amputate": -0.19,
    "xray": -0.25,
    "mad_scientist": 0.08,
    "coma": -0.10,
    "medicine": 0.08,
    "defibrillator": -0.45,
    "morgue": 0.11,
}


def zombie_doctor(state: DoctorState) -> tuple[float, ...]:
    """The last healthy head wins: a softmax over the living seats of body health and hand."""
    players = state.config.players
    final = doctor_result(state)
    if final is not None:
        return _winners(final, players)
    names = doctor_tables(state.config).names
    utilities = []
    present = []
    for seat in range(players):
        body = state.bodies[seat]
        alive = state.status[seat] is Status.ALIVE
        present.append(alive)
        utility = (
            _DOCTOR_LIFE * sum(1 for code in body if is_healthy(code))
            + _DOCTOR_TORSO * is_infected(body[TORSO])
            + _DOCTOR_MISSING * sum(1 for code in body if code < 0)
            + _DOCTOR_COMA * (state.coma >> seat & 1)
        )
        for kind in state.hands[seat]:
            utility += _DOCTOR_CARDS.get(names[kind], 0.0)
        utilities.append(utility)
    if not any(present):
        return (1.0 / players,) * players
    return _softmax(utilities, present)


#: Quarantine Z: logistic weights of the Survivors' chance of winning (fitted on 600 games at
#: 3-5 players, before ruling 38 scaled the Zombie Player; the 4-player game is unchanged).
_QZ_BIAS = -0.14
_QZ_ALIVE = 0.23  # per living Survivor
_QZ_LIFE = 0.33  # per point of Life among them
_QZ_DECK = -0.064  # per card left in the Zombie deck
_QZ_HAND = -0.156  # per card in the Zombie Player's hand
_QZ_EQUIPPED = 0.071  # per item equipped
_QZ_ARMOR = 0.094  # per Armor point left
_QZ_ZOMBIE_LIFE = -0.206  # per Life point of the zombies where the Survivors are


def quarantine_z(state: QuarantineState) -> tuple[float, ...]:
    """The Survivors' chance, shared by each living Survivor; the rest is the Zombie Player's.

    A dead Survivor scores 0: only "the living Survivors win".
    """
    config = state.config
    final = quarantine_result(state)
    if final is not None:
        return _winners(final, config.players)
    alive = living(state)
    score = _QZ_BIAS + _QZ_ALIVE * len(alive)
    for seat in alive:
        survivor = state.survivors[seat]
        score += _QZ_LIFE * survivor.life + _QZ_EQUIPPED * len(survivor.equipment)
        score += _QZ_ARMOR * survivor.armor
    score += _QZ_DECK * zombie_deck_size(state) + _QZ_HAND * len(state.zombie_hand)
    if state.here >= 0:
        for zombie in state.area[state.here].zombies:
            score += _QZ_ZOMBIE_LIFE * (zombie_stats(config, zombie)[0] - zombie.damage)
    survivors = 1.0 / (1.0 + math.exp(-score))
    alive_set = set(alive)
    return tuple(
        1.0 - survivors if s == config.zombie_seat else survivors if s in alive_set else 0.0
        for s in range(config.players)
    )


#: The evaluation of each shipped title, by ``Game.name``.
EVALUATIONS: Mapping[str, Callable[[Any], Sequence[float]]] = {
    "zombie_run": zombie_run,
    "texas_zombies": texas_zombies,
    "zombie_doctor": zombie_doctor,
    "quarantine_z": quarantine_z,
}
