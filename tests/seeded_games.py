"""Configs and seats for the title-independent tests that play many seeded games.

One copy, so that "seed 3" draws the same configs and the same table of bots in every
module that uses it.
"""

from __future__ import annotations

import random
from typing import Any

from zombie_rules.play import RandomAgent


def random_config(game: Any, rng: random.Random) -> Any:
    """A config with every knob drawn from ``game.config_space`` (invalid mixes redrawn)."""
    while True:
        kwargs = {k: rng.choice(v) for k, v in game.config_space.items()}
        try:
            return game.config_type(**kwargs)
        except ValueError:
            continue


def random_configs(game: Any, count: int, rng: random.Random) -> list[Any]:
    """The default config, then ``count - 1`` drawn ones."""
    return [game.config_type()] + [random_config(game, rng) for _ in range(count - 1)]


def mixed_agents(game: Any, config: Any, seed: int) -> list[Any]:
    """Bots and random seats alternating: bots reach typical play, random seats odd corners."""
    heuristic = game.agents.get("heuristic", RandomAgent)
    return [
        heuristic() if (seat + seed) % 2 else RandomAgent() for seat in range(game.players(config))
    ]
