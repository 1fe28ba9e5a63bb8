"""The Texas Zombies knobs designers vary: the team split, the hand size, the last story.

Each knob's default is the rulebook; each test quotes the sentence the knob varies and
checks that play follows the config, that the state check agrees with ``new_game`` and
``apply`` on what the config allows, and that the test kit passes on the variants.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.play import play_game
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import (
    check_determinize,
    check_invariants,
    check_knowledge,
    check_playthrough,
    playthroughs,
    random_playout,
)
from zombie_rules.texas_zombies import (
    GAME,
    GUIDE,
    TEAMS,
    Config,
    HeuristicAgent,
    LastStory,
    Phase,
    State,
    apply,
    card_set,
    chance_weights,
    check_state,
    describe,
    legal_moves,
    new_game,
    parse_move,
    scoring,
    spread_events,
    to_act,
    view,
)
from zombie_rules.texas_zombies.rules import counted_times, team_total

BETA, DARWIN = TEAMS
FOUR_ONE = Config(players=5, team_sizes=(4, 1))

#: A few variants the kit's checks run on: every knob away from the rulebook.
VARIANTS = [
    FOUR_ONE,
    Config(players=6, team_sizes=(2, 4), split_public=True),
    Config(players=4, team_sizes=(3, 1), hand_size=4, last_story=LastStory.OWN_BACK),
    Config(players=3, hand_size=2, events=spread_events((15, 15, 0))),
    Config(players=3, last_story=LastStory.OWN_BACK, events_per_player=1),
]
VARIANT_IDS = ["five-4-1", "six-2-4-public", "four-3-1-hand4-own-back", "hand2", "own-back"]


def play(state: State, *texts: str) -> State:
    """Apply moves written in notation."""
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def through_set_up(config: Config, bigger: str = "beta") -> State:
    """Set-up with Objects 0, 1, 2, ... dealt round-robin and Team cards in seat order,
    the bigger team's first (``bigger`` names it when the teams differ in size)."""
    state = play(new_game(config), "chance: back 2")
    while state.phase is Phase.DEAL_OBJECT:
        state = apply(state, chance_weights(state)[0][0])
    if state.phase is Phase.SPLIT:
        state = play(state, f"chance: split {bigger}")
    while state.phase is Phase.DEAL_TEAM:
        moves, _ = chance_weights(state)
        state = apply(state, moves[0])
    assert state.phase is Phase.DRAW_EVENT
    return state


def finish(state: State, rng: random.Random) -> State:
    """Random moves and chance outcomes (with their real weights) to the end."""
    while legal := legal_moves(state):
        if CHANCE in to_act(state):
            moves, weights = chance_weights(state)
            state = apply(state, rng.choices(moves, weights)[0])
        else:
            state = apply(state, rng.choice(legal))
    return state


def last_turn_tell(config: Config, seed: int = 0) -> State:
    """A random game of ``config`` played up to the telling of its last story."""
    rng = random.Random(seed)
    state = new_game(config)
    while not (state.phase is Phase.TELL and state.events_left == 0):
        if CHANCE in to_act(state):
            moves, weights = chance_weights(state)
            state = apply(state, rng.choices(moves, weights)[0])
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    return state


# ------------------------------------------------------------------ the config


@pytest.mark.parametrize(
    ("fields", "field", "says"),
    [
        ({"players": 5, "team_sizes": (3, 3)}, "team_sizes", r"cannot seat 5 players"),
        ({"players": 5, "team_sizes": (5, 0)}, "team_sizes", r"legal: None .*\(4, 1\)"),
        ({"players": 4, "team_sizes": (4,)}, "team_sizes", "a pair of team sizes"),
        ({"players": 4, "team_sizes": [2, 2]}, "team_sizes", "a pair of team sizes"),
        ({"players": 4, "team_sizes": (2.0, 2)}, "team_sizes", "a pair of team sizes"),
        ({"hand_size": 0}, "hand_size", "must be 1-8 Objects each, not 0"),
        ({"hand_size": 9}, "hand_size", "must be 1-8"),
        ({"hand_size": "3"}, "hand_size", "must be int"),
        ({"hand_size": True}, "hand_size", "must be int"),
        ({"hand_size": 2}, "hand_size", r"need hand_size 3 or more, or Events with backs 1-2"),
        (
            {"players": 6, "hand_size": 4, "objects": tuple(f"o{i}" for i in range(20))},
            "objects",
            r"20 Objects cannot deal 6 hands of 4 \(24 needed\)",
        ),
        ({"events": spread_events((0, 0, 30)), "hand_size": 2}, "hand_size", "with 3 on"),
        (
            {"events": (("a", 4),) * 1 + tuple((f"e{i}", 1) for i in range(29))},
            "events",
            r"must be 1-3 \(a hand holds 3\)",
        ),
        ({"last_story": "own_back"}, "last_story", "must be LastStory"),
    ],
)
def test_an_invalid_knob_is_refused_naming_the_field(
    fields: dict[str, object], field: str, says: str
) -> None:
    with pytest.raises(InvalidConfig, match=says) as caught:
        Config(**fields)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_the_defaults_are_the_rulebook() -> None:
    config = Config()
    assert (config.team_sizes, config.hand_size, config.last_story) == (
        None,
        3,
        LastStory.WHOLE_HAND,
    )
    # C's split, given explicitly in either order, plays the same game.
    for players, sizes in ((3, (2, 1)), (4, (2, 2)), (5, (2, 3)), (6, (3, 3))):
        walk = random_playout(GAME, Config(players=players), seed=players)
        again = random_playout(GAME, Config(players=players, team_sizes=sizes), seed=players)
        assert [m for m in walk.moves] == [m for m in again.moves]
        assert scoring(walk.states[-1]) == scoring(again.states[-1])


@pytest.mark.parametrize("config", VARIANTS, ids=VARIANT_IDS)
def test_variant_configs_round_trip_as_json(config: Config) -> None:
    text = to_json(config)
    assert from_json(Config, text) == config
    if config.last_story is LastStory.OWN_BACK:
        assert '"last_story":"own_back"' in text


def test_a_bad_knob_in_json_is_a_decode_error_naming_it() -> None:
    with pytest.raises(DecodeError, match="last_story"):
        from_json(Config, '{"last_story": "half_hand"}')
    with pytest.raises(DecodeError, match="team_sizes"):
        from_json(Config, '{"players": 5, "team_sizes": [4, 2]}')


# ------------------------------------------------------------------ team split


def test_a_4_1_split_deals_four_and_one_and_plays_to_the_end() -> None:
    """C: "take as many Team cards as the number of players requires, evenly divided
    between the two teams ... 5 players > 3 and 2": ``team_sizes=(4, 1)`` takes out
    four of one team and one of the other instead, the bigger team drawn by chance."""
    state = new_game(FOUR_ONE)
    assert card_set(FOUR_ONE)[("team", BETA)] == 4  # the box holds enough for four
    state = through_set_up(FOUR_ONE, bigger="darwin")
    assert sorted(state.teams.count(team) for team in TEAMS) == [1, 4]
    assert state.teams.count(DARWIN) == 4
    for seed in range(6):
        final = finish(state, random.Random(seed))
        assert final.phase is Phase.OVER
        check_state(final)
    # The split's chance node is fair between the two teams, as for an odd table.
    at_split = new_game(FOUR_ONE)
    while at_split.phase is not Phase.SPLIT:
        at_split = apply(at_split, chance_weights(at_split)[0][0])
    moves, weights = chance_weights(at_split)
    assert [str(m) for m in moves] == ["chance: split beta", "chance: split darwin"]
    assert weights == (1, 1)


def test_an_unequal_split_at_an_even_table_is_settled_by_chance() -> None:
    config = Config(players=6, team_sizes=(4, 2))
    state = through_set_up(config, bigger="beta")
    assert (state.teams.count(BETA), state.teams.count(DARWIN)) == (4, 2)
    # Which team is the bigger stays secret until the end, as at an odd table.
    assert view(state, 0).team_sizes is None
    final = finish(state, random.Random(1))
    assert view(final, 0).team_sizes == (4, 2)
    assert view(through_set_up(Config(players=6)), 0).team_sizes == (3, 3)


def test_teams_of_unequal_size_count_the_most_and_the_fewest() -> None:
    """O: "If the number of players is odd, only sum up for each team the number of
    Event cards won by the player having the most and by the one having the less."
    P: "In a 3-player game, one team has a single member. In this case, his grand total
    is twice the number of Event cards he won." The ruling extends them by team size:
    teams of unequal size count the most and the fewest (a lone member twice), teams
    of equal size every member (N)."""
    assert counted_times([3, 1, 2, 0], equal=False) == (1, 0, 0, 1)
    assert counted_times([2], equal=False) == (2,)
    assert counted_times([2, 5], equal=False) == (1, 1)
    assert counted_times([3, 1, 2], equal=True) == (1, 1, 1)
    assert team_total([3, 1, 2, 0], equal=False) == 3
    assert team_total([2], equal=False) == 4


def four_one_finished(won: tuple[int, ...], lone: int) -> State:
    """A finished 4-1 game in which seat ``lone`` is Darwin's only member and seat ``s``
    won ``won[s]`` Events (the rest discarded)."""
    state = finish(through_set_up(FOUR_ONE, bigger="beta"), random.Random(3))
    drawn = [e for w in state.won for e in w] + list(state.event_discard)
    hands = []
    for count in won:
        hands.append(tuple(drawn[:count]))
        drawn = drawn[count:]
    teams = tuple(DARWIN if s == lone else BETA for s in range(5))
    state = attrs.evolve(state, teams=teams, won=tuple(hands), event_discard=tuple(drawn))
    check_state(state)
    return state


def test_a_4_1_game_scores_as_the_ruling_says() -> None:
    # Beta (seats 0, 1, 2, 4) won 5, 2, 3 and 0: only the 5 and the 0 count, 5 in all;
    # Darwin's lone seat 3 won 3, counted twice: 6, so Darwin wins.
    final = scoring(four_one_finished((5, 2, 3, 3, 0), lone=3))
    assert final is not None
    assert final.counted == (1, 0, 0, 2, 1)
    assert final.totals == (5, 6)
    assert final.winning_teams == {DARWIN}


def test_the_end_of_a_4_1_game_is_told_by_the_ruling() -> None:
    rng = random.Random(5)
    state = through_set_up(FOUR_ONE)
    while not (state.phase is Phase.VOTE and state.events_left == 0 and len(to_act(state)) == 1):
        if CHANCE in to_act(state):
            moves, weights = chance_weights(state)
            state = apply(state, rng.choices(moves, weights)[0])
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    (voter,) = to_act(state)
    text = describe(state, parse_move(state, f"{voter}: vote yes"), None)
    assert "only the most and the fewest count (rule O)" in text
    assert "a team of one: twice" in text and "(rule P)" in text


def test_a_split_the_config_does_not_allow_is_refused_by_the_check_and_decoding() -> None:
    """The state check agrees with ``new_game`` and ``apply``: a 4-1 split is valid
    exactly when the config allows it, and a state holding another is refused."""
    four_one = through_set_up(FOUR_ONE)
    check_state(four_one)
    assert from_json(State, to_json(four_one)) == four_one
    rulebook = attrs.evolve(four_one, config=Config(players=5))
    message = r"teams: Team cards in play must split 3 and 2 \(the rulebook's\), not 4 and 1"
    with pytest.raises(ValueError, match=message):
        check_state(rulebook)
    with pytest.raises(DecodeError, match="must split 3 and 2"):
        from_json(State, to_json(rulebook))
    # And the other way round: the rulebook's 3-2 is not a 4-1 table's.
    three_two = attrs.evolve(through_set_up(Config(players=5)), config=FOUR_ONE)
    with pytest.raises(ValueError, match=r"split 4 and 1 \(the config's team_sizes\)"):
        check_state(three_two)


def test_the_box_holds_the_team_cards_the_bigger_team_needs() -> None:
    cards = {c.name: c.text for c in GUIDE.cards(Config(players=6, team_sizes=(5, 1)))}
    assert cards["Beta Lambda"].startswith("5 in the box")
    assert card_set(Config())[("team", BETA)] == 3


# ------------------------------------------------------------------ hand size


def test_hand_size_sets_the_deal_and_the_refill() -> None:
    """B: "Shuffle the 50 Object cards and deal 3 to each player." I: "he draws from
    the draw pile as many new Object cards as necessary to have 3 in hand."
    ``hand_size`` replaces the 3 in both."""
    config = Config(players=4, hand_size=5)
    state = through_set_up(config)
    assert [len(h) for h in state.hands] == [5] * 4
    assert sum(state.object_pile) == 50 - 20
    state = play(state, "chance: event 10", "chance: back 2")
    tell = next(m for m in legal_moves(state) if m.args)
    assert len(tell.args) == 2
    state = apply(state, tell)
    for seat in sorted(to_act(state)):
        state = play(state, f"{seat}: vote yes")
    assert state.phase is Phase.DRAW_OBJECT and state.to_draw == 2
    while state.phase is Phase.DRAW_OBJECT:
        state = apply(state, chance_weights(state)[0][0])
    assert len(state.hands[0]) == 5


def test_the_accounts_say_the_hand_size() -> None:
    config = Config(players=3, hand_size=4)
    state = play(new_game(config), "chance: back 2")
    while state.phase is Phase.DEAL_OBJECT:
        before, move = state, chance_weights(state)[0][0]
        state = apply(state, move)
    assert "Every player holds 4 Objects" in describe(before, move, None)
    while state.phase is not Phase.TELL:
        state = apply(state, chance_weights(state)[0][0])
    state = apply(state, next(m for m in legal_moves(state) if m.args))
    voters = sorted(to_act(state))
    for seat in voters[:-1]:
        state = play(state, f"{seat}: vote yes")
    last = parse_move(state, f"{voters[-1]}: vote yes")
    assert "to hold 4 again" in describe(state, last, None)


def test_a_smaller_hand_needs_events_it_can_tell() -> None:
    config = Config(players=3, hand_size=2, events=spread_events((15, 15, 0)))
    walk = random_playout(GAME, config, seed=4)
    for state in walk.states:
        check_state(state)
        assert all(len(h) <= 2 for h in state.hands)
    assert walk.states[-1].phase is Phase.OVER


# ------------------------------------------------------------------ last story


def test_the_last_story_uses_the_whole_hand_by_default() -> None:
    """L: "When the last Event card of the pile is drawn, the active player must use
    all three of his Object cards to complete this last game turn." With bigger
    hands, all of them."""
    state = last_turn_tell(Config(players=3))
    assert state.required == 3
    state = last_turn_tell(Config(players=3, hand_size=5))
    assert state.required == 5
    assert [m.args for m in legal_moves(state) if m.args] == [state.hands[state.turn]]


def test_own_back_asks_for_the_number_on_the_last_events_back() -> None:
    """The alternative a table may play: the last Event has no next card, so its own
    back says how many Objects the last story uses."""
    config = Config(players=3, last_story=LastStory.OWN_BACK)
    seen = set()
    for seed in range(12):
        state = last_turn_tell(config, seed)
        assert state.current_event is not None
        back = config.events[state.current_event][1]
        assert state.required == back
        assert all(len(m.args) == back for m in legal_moves(state) if m.args)
        check_state(state)
        seen.add(back)
    assert len(seen) > 1


def test_the_last_draw_is_told_by_the_rule_in_play() -> None:
    for last_story, says in (
        (LastStory.WHOLE_HAND, "story must use all 4 Objects (rule L)"),
        (LastStory.OWN_BACK, "the number on its own back (rule L's variant)"),
    ):
        config = Config(players=3, hand_size=4, last_story=last_story, events_per_player=1)
        rng = random.Random(2)
        state = new_game(config)
        while not (state.phase is Phase.DRAW_EVENT and state.events_left == 1):
            if CHANCE in to_act(state):
                moves, weights = chance_weights(state)
                state = apply(state, rng.choices(moves, weights)[0])
            else:
                state = apply(state, rng.choice(legal_moves(state)))
        move = chance_weights(state)[0][0]
        assert says in describe(state, move, None)


def test_a_last_story_the_config_does_not_ask_for_is_refused_by_the_check() -> None:
    config = Config(players=3, last_story=LastStory.OWN_BACK)
    state = next(s for s in (last_turn_tell(config, seed) for seed in range(20)) if s.required != 3)
    check_state(state)
    with pytest.raises(ValueError, match="required: the story must use 3 Objects"):
        check_state(attrs.evolve(state, config=Config(players=3)))


# ------------------------------------------------------------------ the kit


@pytest.mark.parametrize("config", VARIANTS, ids=VARIANT_IDS)
def test_the_kit_passes_on_bot_games_of_the_variants(config: Config) -> None:
    agents = [HeuristicAgent() for _ in range(config.players)]
    record = play_game(GAME, config, agents, seed=7)
    walk = random_playout(GAME, config, seed=7)
    check_playthrough(GAME, walk)
    rng = random.Random(0)
    for number, state in enumerate(walk.states):
        check_invariants(GAME, state, rng, thorough=number % 20 == 0)
    assert check_knowledge(GAME, config, record.moves, rng=random.Random(1), steps=15) > 0
    seat = 1
    check_determinize(GAME, config, record.moves, seat, random.Random(2), steps=8)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_kits_walks_hold_on_the_variants(data: st.DataObject) -> None:
    config = data.draw(st.sampled_from(VARIANTS))
    walk = data.draw(playthroughs(GAME, config, max_moves=90))
    rng = random.Random(0)
    for state in walk.states[::3] + walk.states[-1:]:
        check_invariants(GAME, state, rng, thorough=False)
    check_invariants(GAME, walk.states[-1], rng, thorough=True)
    check_playthrough(GAME, walk)
