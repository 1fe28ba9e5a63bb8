"""Quarantine Z's phases: one ``PhaseRules`` record each, and a state built once per move.

Issue 20: five parallel per-phase dicts in ``rules.py`` became one record per phase
(who acts, the legal moves, the check, the handler), and ``apply`` built 1.8 states
per move. These tests keep the table whole and the rebuilds down.
"""

from __future__ import annotations

import random
import sys
from types import FrameType
from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.records import code_name
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


def test_a_move_builds_few_states() -> None:
    """``apply`` builds the next state once for most moves: fewer than 1.5 per move on
    average (1.8 before), and exactly one for a commitment or a set-up choice.

    States are built by ``State.__init__`` or by the generated rebuilds of
    ``core.records.replacer`` (which skip ``__init__``): a profile hook counts the calls
    of both, whichever helper a rule goes through.
    """
    built = [0]
    init_code = State.__init__.__code__
    rebuild_file = code_name(State)

    def counting(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code
            if code is init_code or code.co_filename == rebuild_file:
                built[0] += 1

    games = [_random_game(seed) for seed in range(20)]
    moves = 0
    sys.setprofile(counting)
    try:
        for steps in games:
            for state, move in steps:
                before = built[0]
                GAME.apply(state, move)
                if state.phase in (Phase.COMMIT, Phase.SETUP_CHOOSE):
                    assert built[0] - before == 1, state.phase
                moves += 1
    finally:
        sys.setprofile(None)
    assert 0 < built[0] / moves < 1.5
