"""Texas Zombies' learning records: tells by hand position, secret votes, ties, bounds, knobs.

Rulebook rules are cited by letter; the generic promises are ``testing.check_learning``'s.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from learning_helpers import play_to

from zombie_rules.core.errors import IllegalMove
from zombie_rules.testing import check_learning, random_playout
from zombie_rules.texas_zombies import (
    DEFAULT_EVENTS,
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
from zombie_rules.texas_zombies.config import LastStory
from zombie_rules.texas_zombies.learning import (
    ACTION_NAMES,
    TELL_POSITIONS,
    required_counts,
    tells,
)


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


#: Tables of the knobs: a bigger and a smaller hand, unequal splits (secret and public),
#: a last story read from its own back.
KNOBS = {
    "hand-4": Config(hand_size=4),
    "hand-2": Config(
        players=3, hand_size=2, events=tuple((e, min(b, 2)) for e, b in DEFAULT_EVENTS)
    ),
    "split-4-1": Config(players=5, team_sizes=(4, 1)),
    "split-1-3-public": Config(team_sizes=(1, 3), split_public=True),
    "hand-5-own-back": Config(players=3, hand_size=5, last_story=LastStory.OWN_BACK),
}


@pytest.mark.parametrize("name", sorted(KNOBS))
def test_every_knob_keeps_the_promises(name: str) -> None:
    assert check_learning(GAME, KNOBS[name], games=2, steps=15) > 0


@pytest.mark.parametrize("hand", [1, 2, 3, 4, 8])
def test_the_tells_are_every_set_of_hand_positions(hand: int) -> None:
    numbering = tells(hand)
    assert numbering.size == 2**hand - 1 + 3 == len(set(numbering.names))
    assert numbering.names[-3:] == ("speechless", "vote yes", "vote no")
    assert [len(p) for p in numbering.positions] == sorted(len(p) for p in numbering.positions)
    assert {p for p in numbering.positions} == {
        tuple(i for i in range(hand) if bits >> i & 1) for bits in range(1, 2**hand)
    }
    assert tells(3).positions == TELL_POSITIONS


def test_a_hand_of_four_tells_by_its_positions_both_ways() -> None:
    """B: "Shuffle the 50 Object cards and deal 3 to each player" (here ``hand_size`` 4):
    a tell of any 1 to 4 of them is numbered by their hand positions."""
    config = KNOBS["hand-4"]
    records = learning(config)
    assert records.actions.size == 15 + 3
    for seed in range(6):
        state = _play_to(config, Phase.TELL, seed)
        seat, hand = state.turn, state.hands[state.turn]
        assert len(hand) == 4
        legal = records.actions.legal(state, seat)
        moves = [records.actions.move(state, seat, i) for i in legal]
        assert set(moves) == {m for m in GAME.legal_moves(state) if m.seat == seat}
        assert len(legal) == math.comb(4, state.required) + 1
        for i, move in zip(legal, moves, strict=True):
            assert records.actions.index(state, move) == i
            if move.action is Action.TELL:
                positions = tuple(hand.index(o) for o in move.args)
                assert records.actions.names[i] == "tell at " + " ".join(map(str, positions))
        mask = records.actions.mask(state, seat)
        assert [i for i, bit in enumerate(mask) if bit] == list(legal)
        vote = _play_to(config, Phase.VOTE, seed)
        voter = next(s for s in range(config.players) if records.actions.legal(vote, s))
        assert records.actions.legal(vote, voter) == (16, 17)
        assert records.actions.move(vote, voter, 16) == Move(voter, Action.VOTE, (1,))


def test_the_backs_and_slices_follow_the_hand_size() -> None:
    """F: the story must use "the number of cards ... shown on the back of the next Event
    card"; with a hand of ``h`` the backs run 1 to ``h``."""
    for name, config in KNOBS.items():
        records = learning(config)
        h = config.hand_size
        names = records.chance.names
        assert names[:h] == tuple(f"back {b}" for b in range(1, h + 1)), name
        assert names[h] == "event 0" and len(names) == h + 30 + 50 + 2 + 2
        for part in ("top_back", "required"):
            assert records.observation.slice(part).size == h


def test_bounds_follow_the_knobs() -> None:
    """C: "In case of an odd number of players, one of the two teams will have one more
    member than the other": a chance node settles which, for any unequal split."""
    four = learning(KNOBS["hand-4"]).bounds  # 4 players, 12 Events, equal teams
    assert four.max_chance_nodes == 1 + 4 * 4 + 0 + 4 + 12 * (2 + 4)
    assert four.max_legal_moves == math.comb(4, 2) + 1 and four.max_decisions == 12 * 4
    split = learning(KNOBS["split-4-1"]).bounds  # 5 players, 15 Events, a secret split
    assert split.max_chance_nodes == 1 + 3 * 5 + 1 + 5 + 15 * (2 + 3)
    # Backs 1-3 and a last story of its own back: never all five of a hand of 5.
    five = learning(KNOBS["hand-5-own-back"]).bounds
    assert five.max_legal_moves == math.comb(5, 2) + 1
    assert required_counts(KNOBS["hand-5-own-back"]) == {1, 2, 3}
    assert required_counts(KNOBS["hand-4"]) == {1, 2, 3, 4}


def test_an_unequal_split_is_secret_until_public() -> None:
    """C: the bigger team is dealt by chance; its size shows only with ``split_public``."""
    secret, public = KNOBS["split-4-1"], Config(players=5, team_sizes=(4, 1), split_public=True)
    for config, shown in ((secret, False), (public, True)):
        records = learning(config)
        state = _play_to(config, Phase.TELL)
        entries = records.observation.encode(state, 0)
        part = records.observation.slice("team_sizes")
        sizes = entries[part.start : part.stop]
        assert (sorted(sizes) == [1 / 5, 4 / 5]) is shown and (sizes == (0.0, 0.0)) is not shown
