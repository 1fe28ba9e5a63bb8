"""Zombie Run!'s learning records: the numbering, the bounds, what a seat is shown and told.

Rulebook sentences are quoted where a record follows one; the generic promises are
``testing.check_learning``'s, run here over the config space and over long games.
"""

from __future__ import annotations

import math
import random

import pytest
from learning_helpers import play_to

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.testing import Playthrough, check_learning, random_playout
from zombie_rules.zombie_run import (
    CONFIG_SPACE,
    GAME,
    Action,
    Config,
    Move,
    Phase,
    apply,
    learning,
    legal_moves,
    new_game,
    view,
)

SMALL_DECK = ((0, 6), (1, 6), (5, 6), (15, 6))


def _play_to(config: Config, phase: Phase, seed: int = 0) -> object:
    return play_to(GAME, config, phase, seed)


def _never_shouting(config: Config, seed: int) -> Playthrough[Config, object, Move]:
    """A random game in which nobody shouts, so every round runs to the turn limit."""
    rng = random.Random(seed)
    states = [new_game(config)]
    moves: list[Move] = []
    while legal_moves(states[-1]):
        state = states[-1]
        if CHANCE in GAME.to_act(state):
            options, weights = GAME.chance_weights(state)
            move = rng.choices(options, weights)[0]
        else:
            quiet = [m for m in legal_moves(state) if not m.shout]
            move = quiet[rng.randrange(len(quiet))]
        moves.append(move)
        states.append(apply(state, move))
    return Playthrough(config, tuple(moves), tuple(states))


def test_the_action_space_per_config() -> None:
    rulebook = learning(Config())
    assert rulebook.actions.size == 4 + 2 * 4 + math.comb(4, 2) == 18
    assert rulebook.actions.names[:2] == ("draw pile", "draw discard")
    assert "swap 3 shout" in rulebook.actions.names and "peek 2 3" in rulebook.actions.names
    assert learning(Config(hand_size=6, peek_count=0)).actions.size == 4 + 12
    assert rulebook.chance.names == tuple(f"card {v}" for v in (0, *range(1, 10), 15))


def test_a_game_that_may_never_end_has_no_records() -> None:
    """turn_limit=None is the rulebook read literally: a round may last for ever."""
    with pytest.raises(InvalidConfig, match="turn_limit"):
        learning(Config(turn_limit=None))


def test_there_is_no_passing_in_the_mask() -> None:
    """ "You MUST draw and discard a card on each turn. There is no passing"."""
    config = Config()
    records = learning(config)
    state = _play_to(config, Phase.DRAW)
    seat = state.turn  # type: ignore[attr-defined]
    taken = apply(state, Move(seat, Action.DRAW_DISCARD))  # type: ignore[arg-type]
    mask = records.actions.mask(taken, seat)
    names = records.actions.names
    assert not mask[names.index("discard")] and not mask[names.index("discard shout")]
    assert all(mask[names.index(f"swap {p}")] for p in range(4))
    with pytest.raises(IllegalMove, match=r"legal: .*swap 0"):
        records.actions.move(taken, seat, names.index("discard"))
    assert records.actions.mask(taken, (seat + 1) % 4) == (0,) * 18  # not its turn


def test_a_look_shows_the_seat_its_cards_and_the_table_only_which() -> None:
    """ "Each player can look at two, and only two, of the cards in their hand. Lift them
    carefully so no one else can see." The others see which cards are lifted, not what."""
    config = Config()
    records = learning(config)
    state = _play_to(config, Phase.PEEK, seed=4)
    obs = records.observation
    hands, knows = obs.slice("hands"), obs.slice("owner_knows")
    width = len(config.deck) + 1
    before_me = obs.encode(state, 0)
    looked = apply(state, Move(0, Action.PEEK, (1, 3)))  # type: ignore[arg-type]
    mine, theirs = obs.encode(looked, 0), obs.encode(looked, 1)
    for p in (1, 3):
        cell = mine[hands.start + p * width : hands.start + (p + 1) * width]
        assert cell[0] == 0 and sum(cell) == 1  # a known card, of one kind
        assert mine[knows.start + p] == 1
    assert before_me[hands.start] == 1  # unknown before the look
    # Seat 1 sees seat 0 (three places on, seat-relative) lift cards 1 and 3, no card.
    r = 3
    assert [theirs[knows.start + r * 4 + p] for p in range(4)] == [0, 1, 0, 1]
    changed = {
        part.name
        for part in obs.slices
        for i in range(part.start, part.stop)
        if obs.encode(state, 1)[i] != theirs[i]
    }
    assert changed == {"owner_knows", "peeked", "to_act"}  # no card of seat 0's
    told = records.recall.told
    assert len(told(state, Move(0, Action.PEEK, (1, 3)), looked, 0)) == 3  # the look, two cards
    assert len(told(state, Move(0, Action.PEEK, (1, 3)), looked, 1)) == 1  # the look only


def test_a_card_dealt_face_down_tells_nobody_which() -> None:
    config = Config()
    records = learning(config)
    state = new_game(config)
    tokens = set()
    for move in legal_moves(state):
        assert move.seat == CHANCE
        after = apply(state, move)
        tokens.add(records.recall.told(state, move, after, state.turn))
    assert len(tokens) == 1


def test_bounds_follow_the_config() -> None:
    config = Config()
    bounds = learning(config).bounds
    # Five rounds of four looks and up to 100 turns of two moves; per round 16 cards
    # dealt, one turned up and one drawn per turn.
    assert bounds.max_decisions == 5 * (4 + 2 * 100)
    assert bounds.max_chance_nodes == 5 * (16 + 1 + 100)
    assert bounds.max_legal_moves == 10 and bounds.max_chance_outcomes == 11


@pytest.mark.parametrize(
    "changes",
    [
        {"players": 2},
        {"players": 7, "hand_size": 4},
        {"hand_size": 6, "peek_count": 0},
        {"discard_taken_card": True},
        {"deck": SMALL_DECK, "reshuffle_keeps_top": False, "players": 3, "turn_limit": 40},
        {"deck": SMALL_DECK, "players": 2, "rounds": 1, "turn_limit": 40},
    ],
    ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())[:40],
)
def test_the_config_space_keeps_the_promises(changes: dict[str, object]) -> None:
    assert set(changes) <= set(CONFIG_SPACE)
    config = Config(**changes)  # type: ignore[arg-type]
    assert check_learning(GAME, config, games=2, steps=20) > 0


def test_long_rounds_with_reshuffles_stay_in_bounds() -> None:
    """Seats that never shout play to the turn limit, through reshuffled Draw Piles."""
    for keeps_top in (True, False):
        config = Config(
            players=2, rounds=1, deck=SMALL_DECK, turn_limit=40, reshuffle_keeps_top=keeps_top
        )
        walks = [_never_shouting(config, seed) for seed in range(2)]
        assert any(s.reshuffles for w in walks for s in w.states)  # type: ignore[attr-defined]
        assert check_learning(GAME, config, walks=walks, steps=30) > 80


def test_views_the_seat_cannot_tell_apart_encode_alike() -> None:
    """The observation reads the view: equal views give equal tensors (across seeds)."""
    config = Config(players=3, rounds=1)
    records = learning(config)
    seen: dict[object, tuple[float, ...]] = {}
    for seed in range(5):
        for state in random_playout(GAME, config, seed, 200).states:
            for seat in range(3):
                encoded = records.observation.encode(state, seat)
                assert seen.setdefault(view(state, seat), encoded) == encoded
