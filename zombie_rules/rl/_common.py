"""What every adapter does first: find the title, its config and its learning records."""

from __future__ import annotations

import random
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.game import Game
from zombie_rules.core.learning import Learning
from zombie_rules.registry import get_game

AnyGame = Game[Any, Any, Any, Any]


@attrs.frozen
class Title:
    """A title under one config, with the records the adapters read."""

    game: AnyGame
    config: Any
    learning: Learning
    players: int


def title(name: str | AnyGame, config: Any = None) -> Title:
    """The registered title ``name`` (or the ``Game`` itself) under ``config`` (its default).

    Raises ``LookupError`` for a title that has no learning records, naming the titles
    that do, and whatever ``learning(config)`` raises (``InvalidConfig`` for a config
    whose games may never end).
    """
    game = get_game(name) if isinstance(name, str) else name
    config = game.default_config() if config is None else config
    if game.learning is None:
        from zombie_rules.registry import GAMES

        have = ", ".join(sorted(n for n, g in GAMES.items() if g.learning is not None))
        raise LookupError(
            f"{game.name} has no learning records (action space, encodings); titles with"
            f" them: {have or 'none'}"
        )
    return Title(game, config, game.learning(config), game.players(config))


def resolve_chance(game: AnyGame, state: Any, rng: random.Random) -> Any:
    """Chance outcomes drawn with their exact weights until a seat acts or the game ends."""
    return settle(game, state, rng)[0]


def settle(game: AnyGame, state: Any, rng: random.Random) -> tuple[Any, frozenset[int]]:
    """:func:`resolve_chance`, with ``to_act`` of the state it stops at.

    The environments need both after every step; asking ``to_act`` once per state
    saves a call of the title's rules per step.
    """
    to_act, weights, apply = game.to_act, game.chance_weights, game.apply
    actors = to_act(state)
    while CHANCE in actors:
        moves, counts = weights(state)
        state = apply(state, pick_weighted(moves, counts, rng))
        actors = to_act(state)
    return state, actors


def next_seat(actors: frozenset[int]) -> int | None:
    """The seat served next: the lowest of those who may act (``None`` if nobody may).

    Serving seats one at a time is sound for simultaneous decisions: nothing one
    seat commits in such a phase changes what another sees except that it has
    committed, so the order of service cannot inform anyone's choice
    (``testing.check_learning`` and the adapters' tests check it).
    """
    seats = [a for a in actors if a != CHANCE]
    return min(seats) if seats else None


def needs_extra(what: str, extra: str, missing: ImportError) -> ImportError:
    """The error for an adapter whose library is missing, naming the extra that brings it."""
    return ImportError(
        f"{what} needs the '{extra}' extra: pip install 'zombie-rules[{extra}]' ({missing})"
    )
