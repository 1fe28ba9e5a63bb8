"""The speed helpers keep the protocol's meaning: exact chance, typed moves, who acts, sharing.

Nothing here times anything (timing lives in ``benchmarks/``); each test checks
that a shortcut taken for speed gives the answer the plain code would.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import zombie_rules.quarantine_z.rules as qz_rules
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


def _refuse(*_: object) -> None:
    raise AssertionError("to_act built the legal moves")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_act_never_builds_the_legal_moves(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``to_act`` agrees with the actors of ``legal_moves`` without calling it."""
    game = GAMES[name]
    states = _random_states(name, 8)
    expected = [frozenset(m.seat for m in game.legal_moves(s)) for s in states]
    rules = __import__(f"zombie_rules.{name}.rules", fromlist=["legal_moves"])
    monkeypatch.setattr(rules, "legal_moves", _refuse)
    if name == "quarantine_z":
        monkeypatch.setattr(qz_rules, "_LEGAL", dict.fromkeys(qz_rules._LEGAL, _refuse))
    assert [game.to_act(s) for s in states] == expected


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
