"""Set-up shared by the titles' learning tests: a random game played up to a phase."""

from __future__ import annotations

import random
from array import array
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
    ``records.actions.move``) and the observation must have the records' size and lie
    in the agent's observation space;
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
        assert env.observation_space(agent)["observation"].contains(obs["observation"])
        env.step(pick(agent, mask, steps))
        steps += 1
    return steps


def seeded_states(game: Any, config: Any, count: int, seed: int = 0) -> list[tuple[Any, int]]:
    """``count`` (state, seat) pairs from seeded random games: every seat at every decision.

    Every move, chance included, is drawn uniformly from the legal moves; a game that
    ends starts the next one. Each seat that may act is listed (a simultaneous phase
    lists several), so an encoder is compared on what each of them sees.
    """
    from zombie_rules.core.actors import CHANCE

    rng = random.Random(seed)
    state = game.new_game(config)
    pairs: list[tuple[Any, int]] = []
    while len(pairs) < count:
        moves = game.legal_moves(state)
        if not moves:
            state = game.new_game(config)
            continue
        pairs += [(state, seat) for seat in sorted(game.to_act(state)) if seat != CHANCE]
        state = game.apply(state, moves[rng.randrange(len(moves))])
    return pairs[:count]


def dense(size: int, entries: tuple[Sequence[int], Sequence[float]]) -> list[float]:
    """The flat tensor of ``size`` whose non-zero entries are ``entries``."""
    out = [0.0] * size
    where, values = entries
    assert len(where) == len(values) == len(set(where)), "positions must be distinct"
    for k, x in zip(where, values, strict=True):
        out[k] = x
    return out


def assert_same_observations(
    records: Any,
    reference: Callable[[Any, int], tuple[Sequence[int], Sequence[float]]],
    pairs: Sequence[tuple[Any, int]],
) -> None:
    """The records' observation equals ``reference`` (the former encoder) entry for entry.

    Both the dense ``encode`` and the tensor built from ``nonzero`` are compared, at
    every pair; a mismatch names the state's phase, the seat and the first slice that
    differs.
    """
    obs = records.observation
    for n, (state, seat) in enumerate(pairs):
        want = dense(obs.size, reference(state, seat))
        got = list(obs.encode(state, seat))
        if obs.nonzero is not None:
            assert dense(obs.size, obs.nonzero(state, seat)) == got, (n, seat)
        if obs.packed is not None:
            packed = obs.packed(state, seat)
            assert packed == array("f", got).tobytes(), (n, seat, len(packed), obs.size)
        if got != want:
            k = next(i for i, (a, b) in enumerate(zip(got, want, strict=True)) if a != b)
            part = next(p for p in obs.slices if p.start <= k < p.stop)
            raise AssertionError(
                f"pair {n} (phase {state.phase}, seat {seat}): entry {k} of slice"
                f" {part.name!r} is {got[k]}, was {want[k]}"
            )


def assert_same_masks(game: Any, records: Any, pairs: Sequence[tuple[Any, int]]) -> None:
    """Every seat's legal indices are its legal moves' indices, sorted, and name those moves."""
    actions = records.actions
    for state, seat in pairs:
        moves = [m for m in game.legal_moves(state) if m.seat == seat]
        want = tuple(sorted(actions.index(state, m) for m in moves))
        assert actions.legal(state, seat) == want
        named = [actions.move(state, seat, i) for i in want]
        assert len(named) == len(moves) and set(named) == set(moves)
