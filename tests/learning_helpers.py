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


def api_and_seed_tests(make: Callable[[], Any], cycles: int) -> None:
    """PettingZoo's ``api_test`` and ``seed_test`` on the environments ``make`` builds.

    The two warnings silenced are ``api_test``'s remarks on a ``Dict`` observation
    space (the classic card games' layout), not failures.
    """
    import warnings

    from pettingzoo.test import (  # type: ignore[import-untyped,unused-ignore]
        api_test,
        seed_test,
    )

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(make(), num_cycles=cycles)
    seed_test(make, num_cycles=cycles)


def walk_checking_masks(
    env: Any, game: Any, records: Any, seed: int, pick: Callable[[Any, Any, int], int]
) -> int:
    """Steps of one seeded game through ``env``, each mask checked against the rules.

    At every decision the mask must name exactly the seat's legal moves (through
    ``records.actions.move``) and the observation must have the records' size;
    ``pick(agent, mask, step)`` chooses the action. Returns the decisions taken.
    """
    import numpy as np

    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter(5000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        mask = obs["action_mask"]
        legal = {m for m in game.legal_moves(env.state) if m.seat == seat}
        named = {records.actions.move(env.state, seat, int(i)) for i in np.flatnonzero(mask)}
        assert named == legal and len(legal) == mask.sum() > 0
        assert obs["observation"].shape == (records.observation.size,)
        env.step(pick(agent, mask, steps))
        steps += 1
    return steps
