"""``check_variant``: one call checks a variant, and it catches the bugs variants bring.

A check that cannot fail proves nothing, so beside the passes on every title there is
one planted bug per check, each a small ``attrs.evolve`` wrapper of Zombie Run! (never
registered), and the failure must name the check, the seed, the move and a record
that reproduces it.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zombie_rules import GAMES
from zombie_rules import zombie_run as zr
from zombie_rules.play import Record, replay
from zombie_rules.serialize import from_json
from zombie_rules.testing import VariantReport, check_invariants, check_variant, configs

GAME = zr.GAME
#: Small Zombie Run! games, so that each planted bug costs a fraction of a second.
SHORT = zr.Config(players=3, rounds=1)


def _failure(game: Any, config: Any = SHORT, **options: Any) -> str:
    with pytest.raises(AssertionError) as failed:
        check_variant(game, config, games=1, **options)
    return str(failed.value)


def _record_in(message: str) -> Record[Any, Any]:
    text = message.split("(JSON, for zombie_rules.play.replay):\n", 1)[1]
    return from_json(Record, text)


# ------------------------------------------------------------------ the passes


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_title_passes_on_its_default_config(name: str) -> None:
    report = check_variant(GAMES[name])
    assert isinstance(report, VariantReport)
    assert report.game == name and report.games == 3
    assert report.states > 50 and report.moves >= report.states - 2
    assert name in str(report) and "states checked" in str(report)


@pytest.mark.parametrize(
    ("name", "knobs"),
    [
        ("zombie_run", {"players": 6, "hand_size": 6, "peek_count": 0, "turn_limit": 3}),
        ("zombie_run", {"discard_taken_card": True, "reshuffle_keeps_top": False}),
        ("texas_zombies", {}),
        ("zombie_doctor", {}),
    ],
)
def test_knob_settings_of_the_config_space_pass(name: str, knobs: dict[str, Any]) -> None:
    game = GAMES[name]
    if not knobs:  # the last value of every knob the title lists, where it is valid alone
        base = game.default_config()
        for field, values in game.config_space.items():
            try:
                attrs.evolve(base, **{field: values[-1]})
            except ValueError:
                continue
            knobs[field] = values[-1]
            if len(knobs) == 2:
                break
    config = attrs.evolve(game.default_config(), **knobs)
    assert check_variant(game, config, games=1).states > 10


def test_the_same_seed_checks_the_same_games() -> None:
    one = check_variant(GAME, SHORT, games=2, seed=7)
    two = check_variant(GAME, SHORT, games=2, seed=7)
    other = check_variant(GAME, SHORT, games=2, seed=8)
    assert (one.states, one.moves) == (two.states, two.moves)
    assert (one.states, one.moves) != (other.states, other.moves)


# ------------------------------------------------------------ the planted bugs


def test_a_house_rule_that_filters_legal_moves_but_not_apply_is_caught() -> None:
    """A "no shouting" house rule taken out of the menu, but ``apply`` still plays a shout."""

    def no_shouts(state: zr.State) -> tuple[zr.Move, ...]:
        legal = zr.legal_moves(state)
        quiet = tuple(m for m in legal if not m.shout)
        return quiet or legal

    message = _failure(attrs.evolve(GAME, legal_moves=no_shouts))
    assert "the invariants check failed, seed 0, move " in message
    assert "not in legal_moves, yet apply accepted it" in message


def test_a_view_that_leaks_a_hidden_card_is_caught_and_the_record_reproduces_it() -> None:
    def leaky_view(state: zr.State, seat: int | None) -> zr.View:
        # Shows the drawn card to everyone, though only the drawer saw it.
        return attrs.evolve(zr.view(state, seat), held=state.held)

    leaky = attrs.evolve(GAME, view=leaky_view)
    message = _failure(leaky)
    assert "the invariants check failed, seed 0, move " in message and "a leak" in message
    record = _record_in(message)
    assert int(message.split(", move ", 1)[1].split(":", 1)[0]) == len(record.moves)
    state = replay(record)[-1]
    check_invariants(GAME, state, thorough=False)
    with pytest.raises(AssertionError, match="a leak"):
        check_invariants(leaky, state, thorough=False)


def test_an_account_that_names_a_hidden_card_is_caught() -> None:
    """The view is right, but the words of a move tell everyone the drawn card."""

    def telling(state: zr.State, move: zr.Move, seat: int | None) -> str:
        said = zr.describe(state, move, seat)
        return said if state.held is None else f"{said}\n(the card in hand: {state.held})"

    def told(before: zr.State, move: zr.Move, after: zr.State, seat: int | None) -> str:
        return telling(before, move, seat)

    message = _failure(attrs.evolve(GAME, describe=telling, account=told))
    assert "the account check failed, seed 0, move " in message
    assert "describe tells what the view does not show" in message


def test_a_determinize_that_reads_the_true_hidden_cards_is_caught() -> None:
    def clairvoyant(state: zr.State, seat: int | None, rng: random.Random) -> zr.State:
        return state  # "a world": the true one, hidden cards and all

    message = _failure(attrs.evolve(GAME, determinize=clairvoyant))
    assert "the determinize check failed, seed 0" in message
    assert "depends on where hidden cards truly lie" in message


def test_a_game_that_never_ends_is_caught() -> None:
    def endless(state: zr.State, move: zr.Move) -> zr.State:
        after = zr.apply(state, move)
        return zr.new_game(state.config) if zr.result(after) is not None else after

    message = _failure(attrs.evolve(GAME, apply=endless), max_moves=300)
    assert "the termination check failed, seed 0, move 300" in message
    assert "did not end within 300 moves" in message
    assert len(_record_in(message).moves) == 300


def test_an_apply_that_half_applies_a_refused_move_is_caught() -> None:
    def sloppy(state: zr.State, move: zr.Move) -> zr.State:
        if move not in zr.legal_moves(state):
            # Scores the turn before finding the move illegal.
            object.__setattr__(state, "turns_taken", state.turns_taken + 1)
        return zr.apply(state, move)

    message = _failure(attrs.evolve(GAME, apply=sloppy))
    assert "the invariants check failed" in message
    assert "changed its input state" in message or "changed the input state" in message


@attrs.frozen
class BonusConfig(zr.Config):
    """A variant's knob, added to the config, but not to the title's ``config_type``."""

    bonus: int = 0


def test_a_config_that_does_not_round_trip_is_caught() -> None:
    message = _failure(GAME, BonusConfig(players=3, rounds=1, bonus=5))
    assert "the config check failed, seed 0, move 0" in message
    assert "DecodeError" in message and "bonus" in message


def test_an_account_that_tells_more_than_describe_is_caught() -> None:
    def chatty(before: zr.State, move: zr.Move, after: zr.State, seat: int | None) -> str:
        return zr.describe(before, move, seat) + f" (hands: {after.hands})"

    message = _failure(attrs.evolve(GAME, account=chatty))
    assert "the account check failed, seed 0, move 0" in message


def test_an_exception_of_the_title_is_wrapped_never_raw() -> None:
    def crashing(state: zr.State, move: zr.Move) -> zr.State:
        if move.shout:
            raise KeyError("a bug in the house rule")
        return zr.apply(state, move)

    message = _failure(attrs.evolve(GAME, apply=crashing))
    assert "the random playthrough check failed, seed 0, move " in message
    assert "KeyError: 'a bug in the house rule'" in message
    record = _record_in(message)  # up to the crash: the next legal move is a shout
    assert not any(move.shout for move in record.moves)
    assert any(move.shout for move in zr.legal_moves(replay(record)[-1]))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_knob_settings_drawn_from_the_config_space_pass(name: str, data: st.DataObject) -> None:
    game = GAMES[name]
    config = data.draw(configs(game))
    check_variant(game, config, games=1, seed=data.draw(st.integers(0, 2**16)))
