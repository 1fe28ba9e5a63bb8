"""The speed helpers keep the protocol's meaning: exact chance, typed moves, who acts, sharing.

Nothing here times anything (timing lives in ``benchmarks/``); each test checks
that a shortcut taken for speed gives the answer the plain code would.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from fractions import Fraction
from types import CodeType, FrameType
from typing import Any

import attrs
import pytest

from zombie_rules.core import chance, validation
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights, present
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.memo import remember_last
from zombie_rules.core.validation import expect_well_formed, vetted
from zombie_rules.play import sample_chance
from zombie_rules.registry import GAMES
from zombie_rules.zombie_doctor import Move as DoctorMove
from zombie_rules.zombie_doctor.state import Phase as DoctorPhase
from zombie_rules.zombie_run import Move as RunMove
from zombie_rules.zombie_run.state import Action as RunAction


def _naive(moves: list[str], weights: list[int]) -> tuple[tuple[str, Fraction], ...]:
    total = sum(weights)
    return tuple((m, Fraction(w, total)) for m, w in zip(moves, weights, strict=True) if w)


def test_shared_fractions_equal_fresh_ones() -> None:
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randrange(1, 12)
        weights = [rng.choice((0, 0, 1, 2, 3, 5, 15)) for _ in range(n)]
        if not any(weights):
            weights[0] = 1
        moves = [f"m{i}" for i in range(n)]
        assert outcomes_from_weights(moves, weights) == _naive(moves, weights)
    first = outcomes_from_weights("ab", (1, 3))
    again = outcomes_from_weights("cd", (1, 3))
    assert first[1][1] is again[1][1]  # one Fraction object per (weight, total)


def test_outcomes_refuse_mismatched_lengths() -> None:
    with pytest.raises(ValueError):
        outcomes_from_weights("ab", (1, 0, 2))
    with pytest.raises(ValueError):
        outcomes_from_weights("abc", (1, 2))


def test_fraction_rows_stay_bounded() -> None:
    for total in range(1, chance._MAX_ROWS + 50):
        outcomes_from_weights("ab", (1, total))
    assert len(chance._ROWS) <= chance._MAX_ROWS


def test_present_drops_empty_kinds_and_keeps_full_piles_as_they_are() -> None:
    moves, counts = ("a", "b", "c", "d"), (2, 0, 1, 0)
    assert present(moves, counts) == (("a", "c"), (2, 1))
    full = (1, 2, 3, 4)
    kept_moves, kept_counts = present(moves, full)
    assert kept_moves is moves and kept_counts is full


def test_vetted_moves_pass_and_lookalikes_are_checked_in_full() -> None:
    good = vetted((RunMove(0, RunAction.DISCARD),), RunMove)[0]
    expect_well_formed(good, RunMove)  # no error
    lookalike = RunMove(0.0, RunAction.DISCARD)  # type: ignore[arg-type]
    assert lookalike == good
    with pytest.raises(IllegalMove, match="field 'seat' must be an int"):
        expect_well_formed(lookalike, RunMove)
    with pytest.raises(IllegalMove, match="not a move of this game"):
        expect_well_formed(good, DoctorMove)


def test_vetted_checks_before_registering() -> None:
    bad = RunMove(0, RunAction.SWAP, [1])  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="must be a tuple of ints"):
        vetted((bad,), RunMove)
    with pytest.raises(IllegalMove):
        expect_well_formed(bad, RunMove)


def test_vetted_registry_stays_bounded() -> None:
    for i in range(validation._MAX_VETTED // 1000 + 2):
        vetted(tuple(RunMove(i, RunAction.PEEK, (j,)) for j in range(1000)), RunMove)
    assert len(validation._VETTED) <= validation._MAX_VETTED


def _random_states(name: str, games: int) -> list[Any]:
    game = GAMES[name]
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_game(game.config_type())
        while True:
            states.append(state)
            legal = game.legal_moves(state)
            if not legal:
                break
            if CHANCE in game.to_act(state):
                move = sample_chance(game, state, rng)
            else:
                move = legal[rng.randrange(len(legal))]
            state = game.apply(state, move)
    return states


def _returns(call: Callable[[], object]) -> dict[CodeType, list[object]]:
    """What every Python function ``call()`` runs returned, by the function's code."""
    returned: dict[CodeType, list[object]] = {}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "return":
            returned.setdefault(frame.f_code, []).append(arg)

    sys.setprofile(profile)
    try:
        call()
    finally:
        sys.setprofile(None)
    return returned


def _move_builders(game: Any, state: Any) -> set[CodeType]:
    """The functions ``legal_moves(state)`` runs that return a tuple of the title's moves.

    ``legal_moves`` itself is one whenever a move is legal; a title that builds
    them by phase (a table of generators, helpers) adds its own.
    """

    def moves(value: object) -> bool:
        return (
            type(value) is tuple and bool(value) and all(type(m) is game.move_type for m in value)
        )

    returned = _returns(lambda: game.legal_moves(state))
    return {code for code, values in returned.items() if any(map(moves, values))}


def _builders_run_by_to_act(game: Any, state: Any) -> set[CodeType]:
    return set(_returns(lambda: game.to_act(state))) & _move_builders(game, state)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_act_never_builds_the_legal_moves(name: str) -> None:
    """``to_act`` agrees with the actors of ``legal_moves`` without running what builds them.

    Whatever ``legal_moves`` runs in Python that hands out moves (``legal_moves``
    itself, a phase's generator) is watched through ``sys.setprofile``, with no
    knowledge of how the title is built; ``to_act`` must run none of it.
    """
    game = GAMES[name]
    states = _random_states(name, 8)
    assert [game.to_act(s) for s in states] == [
        frozenset(m.seat for m in game.legal_moves(s)) for s in states
    ]
    watched = [s for s in states if game.legal_moves(s)]
    assert all(_move_builders(game, s) for s in watched)  # legal_moves at least
    assert [s for s in watched if _builders_run_by_to_act(game, s)] == []


def test_a_to_act_that_builds_the_moves_is_caught() -> None:
    """The check above can fail: ``to_act`` read off ``legal_moves`` runs its builders."""
    game = GAMES["zombie_run"]
    state = _random_states("zombie_run", 1)[30]

    def lazy_to_act(s: Any) -> frozenset[int]:
        return frozenset(m.seat for m in game.legal_moves(s))

    lazy = attrs.evolve(game, to_act=lazy_to_act)
    assert lazy.to_act(state) == game.to_act(state)
    assert _builders_run_by_to_act(lazy, state)
    assert not _builders_run_by_to_act(game, state)


def test_zombie_doctor_states_share_what_a_move_keeps() -> None:
    """A draw changes one hand: the bodies and the statuses are the previous state's tuples."""
    game = GAMES["zombie_doctor"]
    draws = 0
    for before in _random_states("zombie_doctor", 4):
        if before.phase is not DoctorPhase.DRAW:
            continue
        moves, _ = game.chance_weights(before)
        after = game.apply(before, moves[0])
        assert after.bodies is before.bodies
        assert after.status is before.status
        assert after.hands != before.hands
        draws += 1
    assert draws > 5


def test_remember_last_answers_only_for_the_very_same_state() -> None:
    calls: list[object] = []

    @remember_last
    def size(state: tuple[int, ...]) -> list[int]:
        calls.append(state)
        return [len(state)]

    first, twin = (1, 2, 3), tuple([1, 2, 3])
    assert first == twin and first is not twin
    answer = size(first)
    assert size(first) is answer and len(calls) == 1
    assert size.known(first) is answer
    assert size.known(twin) is None  # equal is not enough: only the same object
    assert size(twin) == answer and len(calls) == 2
    assert size.known(first) is None  # one entry: the twin replaced it
