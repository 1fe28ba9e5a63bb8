"""Texas Zombies' learning records: tells by hand position, secret votes, ties, bounds.

Rulebook rules are cited by letter; the generic promises are ``testing.check_learning``'s.
"""

from __future__ import annotations

from typing import Any

import pytest
from learning_helpers import play_to

from zombie_rules import texas_zombies as tz
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.testing import check_learning, random_playout
from zombie_rules.texas_zombies import (
    DEFAULT_OBJECTS,
    GAME,
    Action,
    Config,
    Move,
    Phase,
    apply,
    learning,
    result,
    spread_events,
)
from zombie_rules.texas_zombies.learning import ACTION_NAMES


def _play_to(config: Config, phase: Phase, seed: int = 0) -> Any:
    return play_to(GAME, config, phase, seed, lambda m: m.action is not Action.SPEECHLESS)


def test_ten_actions_for_every_seat() -> None:
    records = learning(Config())
    assert records.actions.size == len(ACTION_NAMES) == 10
    assert ACTION_NAMES[0] == "tell at 0" and ACTION_NAMES[6] == "tell at 0 1 2"
    assert ACTION_NAMES[7:] == ("speechless", "vote yes", "vote no")
    assert records.chance.size == 3 + 30 + 50 + 2 + 2


def test_a_tell_is_numbered_by_where_its_objects_lie_in_the_hand() -> None:
    """F: the story uses "a predetermined number of Object cards he has in hand"."""
    records = learning(Config())
    state = _play_to(Config(), Phase.TELL, seed=2)
    seat, hand = state.turn, state.hands[state.turn]
    for i in records.actions.legal(state, seat):
        move = records.actions.move(state, seat, i)
        if move.action is Action.TELL:
            positions = tuple(hand.index(o) for o in move.args)
            assert ACTION_NAMES[i] == "tell at " + " ".join(map(str, positions))
            # A story rides along without changing the number.
            told = Move(seat, Action.TELL, move.args, story="We hid in the silo.")
            assert records.actions.index(state, told) == i
    absent = next(o for o in range(len(DEFAULT_OBJECTS)) if o not in hand)
    with pytest.raises(IllegalMove, match="no action stands for it"):
        records.actions.index(state, Move(seat, Action.TELL, (absent,)))


def test_votes_stay_secret_until_the_last_is_in() -> None:
    """H: "on the count of three, they all at once cast their vote": served one at a time,
    a vote shows the others only that it is in, until every vote is."""
    config = Config()
    records = learning(config)
    state = _play_to(config, Phase.VOTE, seed=5)
    first, *rest = sorted(records_seats(records, state))
    yes = apply(state, Move(first, Action.VOTE, (1,)))
    no = apply(state, Move(first, Action.VOTE, (0,)))
    told = records.recall.told
    for other in rest:
        assert records.observation.encode(yes, other) == records.observation.encode(no, other)
        assert records.actions.legal(yes, other) == records.actions.legal(no, other)
        assert told(state, Move(first, Action.VOTE, (1,)), yes, other) == told(
            state, Move(first, Action.VOTE, (0,)), no, other
        )
    assert records.observation.encode(yes, first) != records.observation.encode(no, first)
    # The last vote tells everyone every vote.
    last = yes
    for other in rest[:-1]:
        last = apply(last, Move(other, Action.VOTE, (1,)))
    a = apply(last, Move(rest[-1], Action.VOTE, (1,)))
    b = apply(last, Move(rest[-1], Action.VOTE, (0,)))
    assert told(last, Move(rest[-1], Action.VOTE, (1,)), a, first) != told(
        last, Move(rest[-1], Action.VOTE, (0,)), b, first
    )


def records_seats(records: Any, state: Any) -> list[int]:
    return [s for s in range(state.config.players) if records.actions.legal(state, s)]


def test_a_tie_gives_every_seat_zero() -> None:
    """Q: "If the two teams are tied, then all players win"."""
    config = Config()
    returns = learning(config).returns
    for seed in range(200):
        end = random_playout(GAME, config, seed).states[-1]
        final = result(end)
        assert final is not None
        if len(final.winners) == config.players:
            assert returns.returns(end) == (0.0,) * config.players
            return
        assert sorted(returns.returns(end)) == [-0.5 / 1.5] * 2 + [0.5 / 1.5] * 2
    pytest.fail("no tie in 200 random games")


def test_bounds_follow_the_config() -> None:
    bounds = learning(Config()).bounds
    # 12 Events: a tell and three votes each; set-up shows a back, deals 12 Objects and
    # 4 Team cards; each turn draws the Event, shows the next back, draws up to 3.
    assert bounds.max_decisions == 12 * 4
    assert bounds.max_chance_nodes == 1 + 12 + 0 + 4 + 12 * 5
    assert bounds.max_legal_moves == 4 and bounds.max_chance_outcomes == 50


@pytest.mark.parametrize(
    "config",
    [
        Config(players=3),
        Config(players=5, split_public=True),
        Config(players=6, objects=DEFAULT_OBJECTS[:18], events_per_player=1),
        Config(events=spread_events((4, 6, 20)), events_per_player=5),
    ],
    ids=["three", "five-public-split", "six-short-deck", "mostly-threes"],
)
def test_the_config_space_keeps_the_promises(config: Config) -> None:
    assert check_learning(GAME, config, games=2, steps=20) > 0


@pytest.mark.parametrize(
    ("change", "field"), [({"hand_size": 4}, "hand_size"), ({"team_sizes": (4, 1)}, "team_sizes")]
)
def test_learning_refuses_a_variant_its_slots_do_not_fit(
    change: dict[str, Any], field: str
) -> None:
    """A hand of four or a 4-1 split would be encoded into slots sized for the rulebook's."""
    config = tz.Config(players=5, **change)
    with pytest.raises(InvalidConfig, match=field):
        tz.GAME.learning(config)
    assert tz.GAME.learning(tz.Config(players=5, team_sizes=(2, 3))) is not None
