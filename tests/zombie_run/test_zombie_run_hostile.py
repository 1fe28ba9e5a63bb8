"""Zombie Run! against bad input and stalling players.

Bad input always gets a typed error that says what was wrong and never repeats a
huge input in full; nothing is half-applied. And the game ends whatever the
players do: the rulebook ends a round only when someone shouts, so ``Config()``
caps a round at ``turn_limit`` turns (ruling 10).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig
from zombie_rules.play import play_game, replay, sample_chance
from zombie_rules.testing import FirstLegalAgent, check_malformed_moves, check_termination
from zombie_rules.texas_zombies import GAME as TEXAS
from zombie_rules.zombie_run import (
    GAME,
    Action,
    Config,
    Move,
    State,
    apply,
    legal_moves,
    new_game,
    parse_move,
    result,
)


def card(value: int) -> Move:
    return Move(CHANCE, Action.CARD, (value,))


def mid_game(seed: int = 3) -> list[State]:
    """States of a random game (4 players, the rulebook deck)."""
    rng = random.Random(seed)
    states = [new_game()]
    while legal_moves(states[-1]) and len(states) < 300:
        state = states[-1]
        legal = legal_moves(state)
        move = (
            sample_chance(GAME, state, rng)
            if legal[0].seat == CHANCE
            else legal[rng.randrange(len(legal))]
        )
        states.append(apply(state, move))
    return states


def a_state_in(phase_name: str) -> State:
    return next(s for s in mid_game() if s.phase.name == phase_name)


# ------------------------------------------------------------ malformed moves

MALFORMED: list[Any] = [
    None,
    "1: draw pile",
    1,
    (1, "draw pile"),
    Move(1.0, Action.DRAW_PILE),  # type: ignore[arg-type]
    Move(True, Action.DRAW_PILE),
    Move(1, None),  # type: ignore[arg-type]
    Move(1, "draw pile"),  # type: ignore[arg-type]
    Move(1, Action.SWAP, [1]),  # type: ignore[arg-type]
    Move(1, Action.SWAP, (1.0,)),  # type: ignore[arg-type]
    Move(1, Action.SWAP, (True,)),
    Move(1, Action.DISCARD, (), 1),  # type: ignore[arg-type]
    Move(-1.0, Action.CARD, (3,)),  # type: ignore[arg-type]
    Move(CHANCE, Action.CARD, (3.0,)),  # type: ignore[arg-type]
    Move(CHANCE, Action.CARD, (True,)),
    Move(0, Action.PEEK, [0, 1]),  # type: ignore[arg-type]
    TEXAS.legal_moves(TEXAS.new_game(None))[0],
]


@pytest.mark.parametrize("phase", ["DEAL", "FLIP", "PEEK", "DRAW", "DRAW_CARD", "DECIDE"])
@pytest.mark.parametrize("move", MALFORMED, ids=repr)
def test_a_malformed_move_is_an_illegal_move_in_every_phase(phase: str, move: Any) -> None:
    """A float or bool seat, a list of arguments, no action, a string, another title's move:
    ``apply`` and ``describe`` raise IllegalMove (never TypeError or AttributeError), say
    what the field should be, and the state is left as it was."""
    state = a_state_in(phase)
    before = attrs.astuple(state, recurse=False)
    for call in (lambda: apply(state, move), lambda: GAME.describe(state, move, None)):
        with pytest.raises(IllegalMove) as info:
            call()
        assert len(str(info.value)) < 300
    assert attrs.astuple(state, recurse=False) == before


def test_the_test_kits_malformed_moves_are_refused_along_a_game() -> None:
    """The kit builds wrongly typed moves from ``Move``'s fields alone."""
    for state in mid_game()[::15]:
        check_malformed_moves(GAME, state)


def test_a_stored_card_is_always_an_int() -> None:
    """``card 3.0`` equals ``card 3``; without the type check it would put a float in a hand."""
    with pytest.raises(IllegalMove, match="field 'args' must be a tuple of ints"):
        apply(new_game(), Move(CHANCE, Action.CARD, (3.0,)))  # type: ignore[arg-type]


def test_a_huge_move_is_not_repeated_in_the_message() -> None:
    """An error never repeats a huge input in full."""
    state = a_state_in("PEEK")
    seat = min(s for s in range(4) if not state.peeked >> s & 1)
    for move in (
        Move(seat, Action.PEEK, tuple(range(100_000))),
        Move(seat, Action.PEEK, (10**5000, 1)),
        Move(CHANCE, Action.CARD, (10**5000,)),
    ):
        with pytest.raises(IllegalMove) as info:
            apply(state, move)
        assert len(str(info.value)) < 300


def test_error_messages_count_in_good_english() -> None:
    """ "1 card", never "1 cards"."""
    state = new_game(Config(players=2, hand_size=3, peek_count=1))
    while legal_moves(state)[0].seat == CHANCE:
        state = apply(state, legal_moves(state)[0])
    with pytest.raises(IllegalMove, match="name 1 different position 0-2 in"):
        apply(state, Move(0, Action.PEEK, (0, 1)))
    with pytest.raises(InvalidConfig, match="3 cards cannot deal 2 hands of 1 card plus"):
        Config(players=2, hand_size=1, peek_count=1, deck=((0, 3),))


# ------------------------------------------------------------ hostile configs


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"hand_size": 13}, "hand_size", "1-12 cards each"),
        ({"hand_size": 10**5000}, "hand_size", "1-12 cards each"),
        ({"players": 10**5000}, "players", "2-7 players"),
        ({"rounds": -(10**5000)}, "rounds", "at least one round"),
        ({"deck": ((0, 10**5000),)}, "deck", "at most 1000 cards"),
        ({"deck": ((10**5000, 75),)}, "deck", "zombie counts must be 0-999"),
        ({"deck": ((1000, 75),)}, "deck", "zombie counts must be 0-999"),
    ],
)
def test_a_config_too_big_to_play_is_refused_briefly(
    kwargs: dict[str, Any], field: str, message: str
) -> None:
    """Limits far above any table's game keep a hostile config from hanging the engine
    (a 50-card hand would have 10^14 ways to pick 25 cards to look at) or from printing a
    thousand-digit number."""
    with pytest.raises(InvalidConfig, match=message) as info:
        Config(**kwargs)
    assert info.value.field == field
    assert len(str(info.value)) < 300


def test_the_largest_configs_still_play() -> None:
    """Twelve cards a hand and a thousand-card deck are allowed."""
    config = Config(players=7, hand_size=12, peek_count=6, deck=((0, 500), (999, 500)))
    state = new_game(config)
    while legal_moves(state)[0].seat == CHANCE:
        state = apply(state, legal_moves(state)[0])
    assert len(legal_moves(state)) == 7 * 924


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize(
    "text",
    [
        "1: swap 1_0",
        "1: swap +1",
        "1: swap -1",
        "1: swap \u0661",  # an Arabic-Indic digit one
        "1: swap " + "9" * 5000,
        "1_0: draw pile",
        "+1: draw pile",
        "9" * 5000 + ": draw pile",
        "chance: card " + "1" * 10_000,
        "x" * 100_000,
    ],
)
def test_numbers_that_int_would_take_are_not_notation(text: str) -> None:
    """Positions and cards are written in plain digits; the message stays short."""
    state = a_state_in("DECIDE")
    with pytest.raises(DecodeError) as info:
        parse_move(state, text)
    assert len(str(info.value)) < 400


# --------------------------------------------------------------- termination


def quiet_playout(config: Config, seed: int, max_moves: int = 50_000) -> list[State]:
    """Every seat stalls: it never shouts, and takes the face-up card whenever it can (so
    the Draw Pile lasts longest); chance is random."""
    rng = random.Random(seed)
    states = [new_game(config)]
    while legal_moves(states[-1]) and len(states) <= max_moves:
        state = states[-1]
        legal = legal_moves(state)
        if legal[0].seat == CHANCE:
            move = sample_chance(GAME, state, rng)
        else:
            quiet = [m for m in legal if not m.shout]
            taking = [m for m in quiet if m.action is Action.DRAW_DISCARD]
            pool: Sequence[Move] = taking or quiet
            move = pool[rng.randrange(len(pool))]
        states.append(apply(state, move))
    return states


def longest_game(config: Config) -> int:
    """The most moves a game can take: per round the deal, the face-up card, the looks,
    and at most ``turn_limit`` turns of three moves (a draw, its card, a decision)."""
    assert config.turn_limit is not None
    looks = config.players if config.peek_count else 0
    per_round = config.players * config.hand_size + 1 + looks + 3 * config.turn_limit
    return config.rounds * per_round


@pytest.mark.parametrize(
    "config",
    [
        Config(),
        Config(players=7, rounds=10, hand_size=6),
        Config(players=2, hand_size=2, peek_count=0, deck=((0, 3), (1, 3)), turn_limit=40),
        Config(players=3, deck=((0, 8), (5, 8)), reshuffle_keeps_top=False, turn_limit=60),
    ],
)
def test_players_who_never_shout_still_finish_the_game(config: Config) -> None:
    """The rulebook ends a round only when someone shouts "I'VE GOT BRAAAAAINS!" (ruling
    10); the turn limit (100 turns by default) ends it anyway, and nothing else can stall:
    the deck is reshuffled when it runs out, and every turn is a draw and a discard."""
    for seed in range(2):
        states = quiet_playout(config, seed)
        assert result(states[-1]) is not None
        assert len(states) - 1 <= longest_game(config)
        assert all(record.shouter is None for record in states[-1].history)


def test_stubborn_and_stalling_seats_finish_under_the_test_kit() -> None:
    """The kit's stalling adversaries, and a table of seats that always take their first
    legal move (never a shout)."""
    config = Config(players=3)
    check_termination(GAME, config, seeds=range(3))
    record = play_game(GAME, config, [FirstLegalAgent() for _ in range(3)], seed=1)
    final = replay(record)[-1]
    assert result(final) is not None and len(record.moves) <= longest_game(config)


def test_without_the_turn_limit_a_table_that_never_shouts_never_ends() -> None:
    """Config(turn_limit=None), the rulebook read literally, is why the default has a cap:
    here 3000 moves and some 1500 turns in, the first round is still going."""
    states = quiet_playout(Config(turn_limit=None), seed=0, max_moves=3000)
    assert result(states[-1]) is None and states[-1].round == 0
    assert states[-1].turns_taken > 1000
