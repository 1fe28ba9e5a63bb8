"""Zombie Run! on a short deck (``zombie_run_short``): a variant published as its own game.

The short deck keeps the rulebook's proportions at 30 cards in place of 75: 6 Empty
Streets, two each of the numbered cards 1-9 and 6 Zombie Hordes. It still deals seven
players four cards each, and its Draw Pile runs out within a round, so reshuffles are
common. Every other rule is Zombie Run!'s own, and every other field of the config can
still be set (``zombie_run.Config(deck=...)`` plays any deck under this name).

Installed, the package publishes :data:`GAME` under the entry-point group
``zombie_rules.games`` (see ``pyproject.toml``); a program can instead register it at
run time with ``zombie_rules.registry.register(GAME)``.

How the default differs: the game's ``default_config`` is a ``zombie_run.Config`` with
the short deck, and that is what every generic default plays (``Match(GAME)``, the
``zombie-rules`` command, the web server, simulations, the test kit). The config class
is Zombie Run!'s own, so states, views and records are Zombie Run!'s and read back as
they were written; only the record's game name says which variant it was.
"""

from __future__ import annotations

import attrs

from zombie_rules import Game
from zombie_rules import zombie_run as zr

NAME = "zombie_run_short"

#: ``(zombies on the card, copies)`` per card kind: 30 cards.
SHORT_DECK: tuple[tuple[int, int], ...] = (
    (zr.EMPTY_STREETS, 6),
    *((zombies, 2) for zombies in range(1, 10)),
    (zr.ZOMBIE_HORDE, 6),
)


def default_config() -> zr.Config:
    """The table this variant plays unless told otherwise: the rulebook's, on the short deck."""
    return zr.Config(deck=SHORT_DECK)


def new_game(config: zr.Config | None = None) -> zr.State:
    """The first state of a game at ``config`` (``None``: the short deck's default table)."""
    return zr.new_game(default_config() if config is None else config)


_SHORT = (
    "Short deck: 30 cards in place of the rulebook's 75 (6 Empty Streets, two each of"
    " 1-9, 6 Zombie Hordes); the Draw Pile runs out, and is reshuffled, far sooner."
)

#: The game: Zombie Run!'s rules, bots, board, facts and search, under its own name.
GAME: Game[zr.Config, zr.State, zr.Move, zr.View] = attrs.evolve(
    zr.GAME,
    name=NAME,
    default_config=default_config,
    new_game=new_game,
    config_space={**zr.GAME.config_space, "deck": (SHORT_DECK,)},
    guide=attrs.evolve(
        zr.GAME.guide,
        title="Zombie Run! (short deck)",
        summary=f"{zr.GAME.guide.summary} With a 30-card deck.",
        rules=f"{_SHORT}\n{zr.GAME.guide.rules}",
    ),
)
