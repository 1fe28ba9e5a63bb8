"""What the search bot knows of Zombie Doctor: an evaluation of who keeps a healthy head, settings.

A search scores positions of *worlds it sampled* (determinizations), so the
evaluation may read the whole state: every card in it is one the searching seat
imagined, not the true deal. It is a small model fitted by maximum likelihood on
positions from games between the heuristic bots (the rulebook config), so its
numbers mean "how often a position like this was won by that seat". It is
deliberately coarse: a rollout plays on for a while before the evaluation is asked,
so it only has to tell better positions from worse ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from zombie_rules.core.scoring import softmax, winner_values
from zombie_rules.core.search_hints import SearchHints
from zombie_rules.core.seats import has_seat
from zombie_rules.zombie_doctor.cards import TORSO, is_healthy, is_infected
from zombie_rules.zombie_doctor.config import tables as doctor_tables
from zombie_rules.zombie_doctor.rules import result as doctor_result
from zombie_rules.zombie_doctor.state import State as DoctorState
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


def evaluate(state: DoctorState) -> tuple[float, ...]:
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
            + _DOCTOR_COMA * has_seat(state.coma, seat)
        )
        for kind in state.hands[seat]:
            utility += _DOCTOR_CARDS.get(names[kind], 0.0)
        utilities.append(utility)
    if not any(present):
        return (1.0 / players,) * players
    return softmax(utilities, present)


#: The search bot's options for Zombie Doctor (``benchmarks/search_strength.py`` measures
#: them): rollouts cut off after 30 moves and scored by :func:`evaluate`.
SETTINGS: Mapping[str, Any] = MappingProxyType({"iterations": 150, "rollout_moves": 30})

#: The hints ``make_ismcts`` reads through ``Game.search``.
SEARCH = SearchHints(evaluate=evaluate, settings=SETTINGS)
