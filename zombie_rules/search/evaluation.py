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

Zombie Run! and Quarantine Z have their own modules (``search/zombie_run.py``,
``search/quarantine_z.py``: evaluation, beliefs and settings together); the
Texas Zombies estimate lives with its bot. The titles' own packages would be the
natural home for all of these (they read title state); they live under
``search`` until the ``Game`` protocol grows an evaluation hook.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zombie_rules.search import quarantine_z as _quarantine_z
from zombie_rules.search import zombie_run as _zombie_run
from zombie_rules.search.scoring import softmax, winner_values
from zombie_rules.texas_zombies.agents import evaluate as texas_zombies
from zombie_rules.zombie_doctor import State as DoctorState
from zombie_rules.zombie_doctor.cards import TORSO, is_healthy, is_infected
from zombie_rules.zombie_doctor.config import tables as doctor_tables
from zombie_rules.zombie_doctor.rules import result as doctor_result
from zombie_rules.zombie_doctor.state import Status

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
        return winner_values(final, players)
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
    return softmax(utilities, present)


#: The evaluation of each shipped title, by ``Game.name``.
EVALUATIONS: Mapping[str, Callable[[Any], Sequence[float]]] = {
    "zombie_run": _zombie_run.evaluate,
    "texas_zombies": texas_zombies,
    "zombie_doctor": zombie_doctor,
    "quarantine_z": _quarantine_z.evaluate,
}
