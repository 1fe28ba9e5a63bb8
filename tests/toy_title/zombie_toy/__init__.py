"""Brain Swap (``zombie_toy``): a tiny zombie card game published from outside zombie_rules.

Each seat holds one face-down card it alone has seen; in turn it keeps it or throws
it out face up and draws a new one; after the last turn the fewest zombies win. The
package defines the protocol under its fixed names and publishes two games under the
entry-point group ``zombie_rules.games``: ``GAME`` and :func:`long_variant`. It has no
guide, board, facts or search of its own: every front end uses its generic defaults.
"""

from __future__ import annotations

from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.builder import build_game
from zombie_rules.core.game import Game
from zombie_toy.hidden import (
    candidate_moves,
    card_census,
    card_set,
    check_state,
    determinize,
    hidden_variant,
)
from zombie_toy.rules import (
    Action,
    Config,
    LongConfig,
    Move,
    Phase,
    State,
    apply,
    chance_outcomes,
    legal_moves,
    new_game,
    plain,
    result,
    to_act,
)
from zombie_toy.telling import View, account, describe, parse_move, view

#: What walks and tests vary, for each ``Config`` field worth varying.
CONFIG_SPACE = {
    "players": (2, 3, 4),
    "brains": (0, 1, 2),
    "zombies": (3, 5, 8),
    "turns": (1, 2, 3),
}


def rounds_played(state: State) -> int:
    """Rounds of the table: every seat has had a turn once per round."""
    return state.turns_taken // state.config.players


def long_config_of(state: State) -> LongConfig:
    """The long game's config of ``state`` (states hold the plain :class:`Config`)."""
    c = state.config
    return LongConfig(c.players, c.brains, c.zombies, c.turns)


def new_long_game(config: Config | None = None) -> State:
    """The long game's table before the deal: :class:`LongConfig` unless told otherwise."""
    return new_game(LongConfig() if config is None else config)


def long_variant() -> Game[Any, Any, Any, Any]:
    """``zombie_toy_long``: the same game, three turns each by default (an entry point)."""
    return build_game(
        __name__,
        name="zombie_toy_long",
        config_type=LongConfig,
        config_of=long_config_of,
        new_game=new_long_game,
    )


__all__ = [
    "CHANCE",
    "CONFIG_SPACE",
    "GAME",
    "Action",
    "Config",
    "LongConfig",
    "Move",
    "Phase",
    "State",
    "View",
    "account",
    "apply",
    "candidate_moves",
    "card_census",
    "card_set",
    "chance_outcomes",
    "check_state",
    "describe",
    "determinize",
    "hidden_variant",
    "legal_moves",
    "long_config_of",
    "long_variant",
    "new_game",
    "new_long_game",
    "parse_move",
    "plain",
    "result",
    "rounds_played",
    "to_act",
    "view",
]

GAME: Game[Config, State, Move, View] = build_game(__name__)
