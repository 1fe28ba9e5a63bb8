"""The test kit must catch the bugs it exists for: checks that cannot fail prove nothing.

Each test breaks one function of a correct title and asserts the matching check fails.
"""

from __future__ import annotations

import random

import attrs
import pytest

from zombie_rules import zombie_run as zr
from zombie_rules.core.errors import IllegalMove
from zombie_rules.testing import (
    check_chance,
    check_conservation,
    check_invariants,
    check_moves,
    check_notation,
    check_options,
    check_playthrough,
    check_views,
    random_playout,
)

GAME = zr.GAME


def _mid_game_state() -> zr.State:
    walk = random_playout(GAME, zr.Config(players=3), seed=5)
    return next(s for s in walk.states if s.phase is zr.Phase.DECIDE and not s.held_public)


def test_a_view_that_shows_a_secret_card_is_caught() -> None:
    state = _mid_game_state()

    def leaky_view(s: zr.State, seat: int | None) -> zr.View:
        # Shows the drawn card to everyone, though only the drawer saw it.
        return attrs.evolve(zr.view(s, seat), held=s.held)

    leaky = attrs.evolve(GAME, view=leaky_view)
    check_views(GAME, state, random.Random(1), 3)
    with pytest.raises(AssertionError, match="leak"):
        check_views(leaky, state, random.Random(1), 3)
    with pytest.raises(AssertionError, match="leak"):
        check_views(leaky, state, random.Random(1), 3, redeals=1)  # check_variant's cheap pass
    check_views(leaky, state, random.Random(1), 3, redeals=0)  # no re-deal, nothing to compare


def test_legal_moves_that_depend_on_another_seats_hidden_card_are_caught() -> None:
    """A seat's options must be a function of what it knows: a title that offers the
    mover a shout only while the next seat holds an even total (cards the mover never
    saw) tells it about those cards through its menu, though every view is sound."""
    state = _mid_game_state()
    mover = state.turn

    def peeking_legal_moves(s: zr.State) -> tuple[zr.Move, ...]:
        moves = tuple(zr.legal_moves(s))
        if s.phase is zr.Phase.DECIDE and sum(s.hands[(s.turn + 1) % 3]) % 2:
            return tuple(m for m in moves if not m.shout)
        return moves

    peeking = attrs.evolve(GAME, legal_moves=peeking_legal_moves)
    check_views(GAME, state, random.Random(1), 3, redeals=8)
    with pytest.raises(AssertionError) as failed:
        check_views(peeking, state, random.Random(1), 3, redeals=8)
    message = str(failed.value)
    assert f"seat {mover}'s options changed when only cards hidden from it" in message
    assert "its legal moves differ: only here" in message and "shout" in message
    assert '"phase":"decide"' in message  # the state, as JSON, to rebuild it from
    # The next seat sees its own hand, so its options may depend on it: no failure for it.
    check_options(peeking, state, state, (mover + 1) % 3)


def test_a_turn_order_that_depends_on_a_hidden_card_is_caught() -> None:
    """Who is to act is shown to every seat: a turn that passes a seat by because of a
    card it has not seen tells it that card."""
    state = _mid_game_state()
    watcher = (state.turn + 1) % 3
    worlds = (GAME.hidden_variant(state, watcher, random.Random(k)) for k in range(50))
    world = next(w for w in worlds if w.hands != state.hands)

    def peeking_to_act(s: zr.State) -> frozenset[int]:
        return frozenset({watcher}) if s.hands == state.hands else zr.to_act(s)

    peeking = attrs.evolve(GAME, to_act=peeking_to_act)
    check_options(GAME, state, world, watcher)
    with pytest.raises(AssertionError, match=rf"seat {watcher}'s options changed.*to_act is"):
        check_options(peeking, state, world, watcher)


def test_accepting_an_illegal_move_is_caught() -> None:
    state = _mid_game_state()

    def lax_apply(s: zr.State, move: zr.Move) -> zr.State:
        try:
            return zr.apply(s, move)
        except IllegalMove:
            return s

    with pytest.raises(AssertionError, match="apply accepted it"):
        check_moves(attrs.evolve(GAME, apply=lax_apply), state, zr.legal_moves(state))


def test_losing_a_card_is_caught() -> None:
    state = _mid_game_state()
    lost = attrs.evolve(state, discard_pile=state.discard_pile[:-1])
    with pytest.raises(AssertionError, match="not conserved"):
        check_conservation(GAME, lost)


def test_probabilities_that_do_not_sum_to_one_are_caught() -> None:
    state = zr.new_game(zr.Config(players=2))

    def skewed(s: zr.State) -> tuple[tuple[zr.Move, object], ...]:
        outcomes = zr.chance_outcomes(s)
        return ((outcomes[0][0], outcomes[0][1] * 2), *outcomes[1:])

    broken = attrs.evolve(GAME, chance_outcomes=skewed)
    check_chance(GAME, state, zr.legal_moves(state), zr.to_act(state))
    with pytest.raises(AssertionError, match="sum to 1"):
        check_chance(broken, state, zr.legal_moves(state), zr.to_act(state))


def test_notation_that_does_not_round_trip_is_caught() -> None:
    state = _mid_game_state()

    def sloppy_parse(s: zr.State, text: str) -> zr.Move:
        return attrs.evolve(zr.parse_move(s, text), shout=False)

    legal = zr.legal_moves(state)
    with pytest.raises(AssertionError, match="parses to"):
        check_notation(attrs.evolve(GAME, parse_move=sloppy_parse), state, legal)


def test_a_correct_state_passes_every_check() -> None:
    check_invariants(GAME, _mid_game_state(), random.Random(2), thorough=True)


def test_a_title_error_inside_the_checks_is_an_assertion_error() -> None:
    """``check_invariants`` promises ``AssertionError``; a title's ``ValueError`` once escaped."""
    state = _mid_game_state()

    def broken_legal_moves(s: zr.State) -> list[zr.Move]:
        raise ValueError("a bug in the rules")

    broken = attrs.evolve(GAME, legal_moves=broken_legal_moves)
    with pytest.raises(AssertionError, match="ValueError escaped the checks: a bug in the rules"):
        check_invariants(broken, state, random.Random(0), thorough=False)


def test_a_playthrough_of_an_unregistered_game_fails_as_an_assertion() -> None:
    """An unregistered name cannot be written in a record: say so, as a failed check."""
    walk = random_playout(GAME, zr.Config(players=3), seed=5, max_moves=30)
    stranger = attrs.evolve(GAME, name="zombie_run_nowhere")
    with pytest.raises(AssertionError, match="must be registered"):
        check_playthrough(stranger, walk)
    check_playthrough(stranger, walk, serializable=False)
