"""Pieces every title shares: actors, errors, results, chance and pile helpers.

Drawing chance yourself: :func:`pick_weighted` draws from a node's integer
weights (``game.chance_weights``), :func:`pick_exact` from its exact
probabilities (``game.chance_outcomes``), both exactly and from one ``rng``.
A title builds its exact outcomes with :func:`outcomes_from_weights`,
:func:`pile_outcomes` or :func:`distinct_outcomes`, and its weights with
:func:`present`.
"""

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.chance import (
    distinct_outcomes,
    outcomes_from_weights,
    pick_exact,
    pick_weighted,
    pile_outcomes,
    present,
)
from zombie_rules.core.errors import (
    DecodeError,
    EncodeError,
    IllegalMove,
    InvalidConfig,
    RegistrationError,
    UnknownGame,
    UnknownSeat,
    ZombieRulesError,
)
from zombie_rules.core.game import Game
from zombie_rules.core.result import Result

__all__ = [
    "CHANCE",
    "DecodeError",
    "EncodeError",
    "Game",
    "IllegalMove",
    "InvalidConfig",
    "RegistrationError",
    "Result",
    "UnknownGame",
    "UnknownSeat",
    "ZombieRulesError",
    "distinct_outcomes",
    "outcomes_from_weights",
    "pick_exact",
    "pick_weighted",
    "pile_outcomes",
    "present",
    "seat_name",
]
