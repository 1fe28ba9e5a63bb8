"""Set-up shared by the titles' learning tests: a random game played up to a phase."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any


def play_to(
    game: Any,
    config: Any,
    phase: Any,
    seed: int = 0,
    allowed: Callable[[Any], bool] = lambda move: True,
) -> Any:
    """The first state of ``phase`` in a seeded random game of ``game`` under ``config``.

    Every move, chance included, is drawn uniformly from the legal moves that
    ``allowed`` keeps (a test that needs a tell filters out the speechless ones), so
    the same seed always reaches the same state.
    """
    rng = random.Random(seed)
    state = game.new_game(config)
    while state.phase is not phase:
        moves: Sequence[Any] = [m for m in game.legal_moves(state) if allowed(m)]
        state = game.apply(state, moves[rng.randrange(len(moves))])
    return state
