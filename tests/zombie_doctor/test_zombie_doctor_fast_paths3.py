"""``apply`` turns its scratch copy into the next state instead of copying it out.

Every ``apply`` edits a ``turns.Work`` (a mutable copy of the state) and used to
copy its twenty fields into a new ``State`` at the end. ``Work.seal`` now turns the
``Work`` object itself into the ``State`` (``__class__`` assignment between
classes of the same slots, which CPython allows when neither has a
``__weakref__`` slot), and ``build_state`` fills an unfrozen twin the same way.
These tests hold the result to what ``State(...)`` builds, show that nothing the
caller still holds is changed, and that a ``Work`` or ``State`` that drifted
apart (a field added to one only) is refused at once rather than mis-built.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.records import expect_convertible
from zombie_rules.play import sample_chance
from zombie_rules.zombie_doctor import (
    GAME,
    Config,
    CustomCard,
    Move,
    Phase,
    State,
    Step,
    legal_moves,
)
from zombie_rules.zombie_doctor.cards import DEFAULT_DECK
from zombie_rules.zombie_doctor.rules import _all_limb_moves, _hand_plays, _limb_moves
from zombie_rules.zombie_doctor.state import build_state
from zombie_rules.zombie_doctor.turns import Work
from zombie_rules.zombie_doctor.usability import card_uses, hand_plays, turn_plays

BALL = CustomCard("crystal_ball", steps=(Step("look_top", count=2),), description="Look.")
CONFIGS = [
    Config(),
    Config(players=2, hand_size=4, bonus_mode=True),
    Config(players=3, hand_size=2),
    Config(players=3, deck=(*DEFAULT_DECK, ("crystal_ball", 3)), custom_cards=(BALL,)),
]


def _fields(state: State) -> list[Any]:
    return [getattr(state, f.name) for f in attrs.fields(State)]


def _walk(config: Config, seed: int) -> list[tuple[State, Move, State]]:
    """``(state, move, next state)`` along one seeded random game."""
    rng = random.Random(seed)
    state = GAME.new_game(config)
    steps = []
    while actors := GAME.to_act(state):
        if CHANCE in actors:
            move = sample_chance(GAME, state, rng)
        else:
            legal = GAME.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        after = GAME.apply(state, move)
        steps.append((state, move, after))
        state = after
    return steps


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_every_applied_state_is_what_the_attrs_init_builds(config: Config) -> None:
    for seed in range(3):
        for _, _, after in _walk(config, seed)[::3]:
            fields = _fields(after)
            plain = State(*fields)
            assert type(after) is State
            assert after == plain and hash(after) == hash(plain) and repr(after) == repr(plain)
            with pytest.raises(attrs.exceptions.FrozenInstanceError):
                after.turn = 0  # type: ignore[misc]
            assert pickle.loads(pickle.dumps(after)) == after
            assert copy.deepcopy(after) == after


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_apply_leaves_the_state_it_was_given_as_it_was(config: Config) -> None:
    """The sealed ``Work`` is a new object: the state a caller holds never changes."""
    for seed in range(3):
        for state, move, after in _walk(config, 10 + seed)[::2]:
            before = _fields(state)
            again = GAME.apply(state, move)
            assert again is not state and again is not after and again == after
            assert _fields(state) == before and type(state) is State


def test_seal_turns_the_work_itself_into_the_state() -> None:
    state = _walk(Config(), 1)[60][0]
    w = Work(state)
    w.turns_taken += 1
    sealed = w.seal()
    assert sealed is w  # type: ignore[comparison-overlap]
    assert type(sealed) is State
    assert sealed == attrs.evolve(state, turns_taken=state.turns_taken + 1)
    assert state.turns_taken == sealed.turns_taken - 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        sealed.turns_taken = 0  # type: ignore[misc]


def test_a_snapshot_does_not_follow_later_edits() -> None:
    """``Work.state()`` (what a custom effect reads mid-move) is a copy, not the work."""
    state = _walk(Config(), 2)[50][0]
    w = Work(state)
    snapshot = w.state()
    w.turns_taken += 5
    w.coma = 0b1
    assert snapshot == state and snapshot is not state and type(w) is Work
    assert w.seal().turns_taken == state.turns_taken + 5


def test_build_state_fills_a_twin_and_matches_the_init() -> None:
    state = _walk(Config(players=3), 4)[30][2]
    built = build_state(*_fields(state))
    assert type(built) is State and built == state and built is not state
    assert _fields(built) == _fields(state)


def test_work_and_state_share_their_slots_exactly() -> None:
    """``turns`` refuses at import a ``Work`` whose slots are not ``State``'s fields."""
    assert set(Work.__slots__) == {f.name for f in attrs.fields(State)}
    assert "__weakref__" not in State.__slots__  # type: ignore[attr-defined]


def test_a_draft_of_another_layout_is_refused() -> None:
    names = [f.name for f in attrs.fields(State)]
    fewer = type("Fewer", (), {"__slots__": tuple(names[:-1])})
    more = type("More", (), {"__slots__": (*names, "extra")})
    for draft in (fewer, more):
        with pytest.raises(TypeError):
            expect_convertible(draft, State)
    expect_convertible(Work, State)  # what ``turns`` checks at import


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_the_turn_plays_are_the_hand_plays_of_the_seat_to_play(config: Config) -> None:
    for state, _, _ in _walk(config, 5):
        if state.phase is not Phase.PLAY:
            continue
        plays = turn_plays(state)
        assert plays == hand_plays(state, state.turn) == _hand_plays(state)
        listed = [m for _, moves in plays.values() for m in moves]
        if listed:
            assert list(legal_moves(state)) == listed
            for kind, (uses, _) in plays.items():
                assert uses == card_uses(state, state.turn, kind)


def test_the_morgue_draws_follow_the_config_asked_about() -> None:
    """``_limb_moves`` answers the last config by identity: alternating configs still
    get their own draws."""
    small, big = Config(players=2), Config(players=4)
    for config in (small, big, small, Config(players=2), big):
        assert _limb_moves(config) == _all_limb_moves(config)
        assert len(_limb_moves(config)) == config.players * 8
