"""Pieces every title shares: actors, errors, results, chance and pile helpers."""

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.chance import outcomes_from_weights, pick_weighted
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
    "outcomes_from_weights",
    "pick_weighted",
    "seat_name",
]
