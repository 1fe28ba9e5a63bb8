"""zombie_rules: pure, immutable rules engines for four zombie card games.

Each title (``zombie_rules.zombie_run``, ...) exposes the same protocol; ``GAMES``
maps names to the :class:`Game` records that generic code works with (the built-in
titles, those published under the ``zombie_rules.games`` entry point and those given to
``register``), :class:`Match` plays one of them between people and bots, and
:func:`with_house_rules` makes a variant of a title from :class:`HouseRule` records.
"""

from zombie_rules.core import (
    CHANCE,
    DecodeError,
    EncodeError,
    Game,
    IllegalMove,
    InvalidConfig,
    RegistrationError,
    Result,
    UnknownGame,
    UnknownSeat,
    ZombieRulesError,
)
from zombie_rules.core.house_rules import HouseRule, with_house_rules
from zombie_rules.match import Match
from zombie_rules.registry import GAMES, get_game, register

__version__ = "0.2.0"

__all__ = [
    "CHANCE",
    "GAMES",
    "DecodeError",
    "EncodeError",
    "Game",
    "HouseRule",
    "IllegalMove",
    "InvalidConfig",
    "Match",
    "RegistrationError",
    "Result",
    "UnknownGame",
    "UnknownSeat",
    "ZombieRulesError",
    "__version__",
    "get_game",
    "register",
    "with_house_rules",
]
