"""The titles this library ships, by name.

Generic code (CLI, serializer, test kit, replays) finds titles here rather than
importing them by name, so adding a title is one line in ``_TITLES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from zombie_rules.core.errors import UnknownGame
from zombie_rules.core.game import Game
from zombie_rules.core.validation import short

_TITLES = ("zombie_run", "texas_zombies", "zombie_doctor", "quarantine_z")


def _load() -> Mapping[str, Game[Any, Any, Any, Any]]:
    games = {}
    for name in _TITLES:
        module = importlib.import_module(f"zombie_rules.{name}")
        game: Game[Any, Any, Any, Any] = module.GAME
        games[game.name] = game
    return MappingProxyType(games)


#: Every shipped title's :class:`~zombie_rules.core.game.Game`, by name.
GAMES: Mapping[str, Game[Any, Any, Any, Any]] = _load()


def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The title called ``name``; :class:`UnknownGame` (a ``KeyError``) listing the known names."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"no game called {short(name)}; known games: {known}") from None
