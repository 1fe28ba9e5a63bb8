"""Quarantine Z's phases: one ``PhaseRules`` record each, and a state built once per move.

Issue 20: five parallel per-phase dicts in ``rules.py`` became one record per phase
(who acts, the legal moves, the check, the handler), and ``apply`` built 1.8 states
per move. These tests keep the table whole and the rebuilds down.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.quarantine_z import GAME, Config, Phase, State
from zombie_rules.quarantine_z.rules import PHASES


def _random_game(seed: int) -> list[tuple[State, Any]]:
    rng = random.Random(seed)
    state = GAME.new_game(Config(players=3 + seed % 3))
    steps = []
    while True:
        legal = GAME.legal_moves(state)
        if not legal:
            return steps
        if legal[0].seat == CHANCE:
            moves, weights = GAME.chance_weights(state)
            move = pick_weighted(moves, weights, rng)
        else:
            move = legal[rng.randrange(len(legal))]
        steps.append((state, move))
        state = GAME.apply(state, move)


def test_every_phase_has_its_record() -> None:
    assert set(PHASES) == set(Phase)


def test_a_record_is_a_chance_phase_exactly_when_chance_acts() -> None:
    """The ``chance`` flag agrees with who acts, in every state of a few games."""
    seen = set()
    for seed in range(6):
        for state, _ in _random_game(seed):
            rules = PHASES[state.phase]
            assert rules.chance == (GAME.to_act(state) == frozenset((CHANCE,))), state.phase
            assert rules.actors(state) == GAME.to_act(state)
            seen.add(state.phase)
    assert len(seen) > 12


def test_a_move_builds_few_states(monkeypatch: pytest.MonkeyPatch) -> None:
    """``apply`` builds the next state once for most moves: fewer than 1.5 per move on
    average (1.8 before issue 20), and exactly one for a commitment or a set-up choice."""
    built = [0]
    init = State.__init__

    def counting(self: State, *args: Any, **kwargs: Any) -> None:
        built[0] += 1
        init(self, *args, **kwargs)

    games = [_random_game(seed) for seed in range(20)]
    monkeypatch.setattr(State, "__init__", counting)
    moves = 0
    for steps in games:
        for state, move in steps:
            before = built[0]
            GAME.apply(state, move)
            if state.phase in (Phase.COMMIT, Phase.SETUP_CHOOSE):
                assert built[0] - before == 1, state.phase
            moves += 1
    assert built[0] / moves < 1.5
