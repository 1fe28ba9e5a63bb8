"""Texas Zombies, rule by rule: each test cites the rulebook letter it checks (A-Q)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import attrs
import pytest
from tz_walks import random_finish

from zombie_rules.core.actors import CHANCE
from zombie_rules.texas_zombies import (
    DEFAULT_OBJECTS,
    TEAMS,
    Action,
    Config,
    Move,
    Phase,
    State,
    Team,
    apply,
    chance_outcomes,
    chance_weights,
    legal_moves,
    new_game,
    parse_move,
    result,
    scoring,
    spread_events,
    to_act,
    view,
)
from zombie_rules.texas_zombies.checks import card_census, card_set, check_state

BETA, DARWIN = TEAMS


def play(state: State, *texts: str) -> State:
    """Apply moves written in notation."""
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def set_up(
    config: Config,
    top_back: int = 2,
    teams: tuple[int, ...] | None = None,
) -> State:
    """Through set-up: objects dealt 0, 1, 2, ... round-robin from the first player;
    ``teams[i]`` is the team index of the i-th seat dealt (default alternating)."""
    n = config.players
    state = play(new_game(config), f"chance: back {top_back}")
    for card in range(3 * n):
        state = play(state, f"chance: object {card}")
    teams = teams if teams is not None else tuple(i % 2 for i in range(n))
    if n % 2:
        bigger = 0 if teams.count(0) > teams.count(1) else 1
        state = play(state, f"chance: split {('beta', 'darwin')[bigger]}")
    for team in teams:
        state = play(state, f"chance: team {('beta', 'darwin')[team]}")
    assert state.phase is Phase.DRAW_EVENT
    return state


def draw(state: State, event: int, next_back: int | None) -> State:
    state = play(state, f"chance: event {event}")
    if next_back is not None:
        state = play(state, f"chance: back {next_back}")
    assert state.phase is Phase.TELL
    return state


def tell_first(state: State) -> State:
    return apply(state, legal_moves(state)[0])


def vote_all(state: State, yes: set[int]) -> State:
    for seat in sorted(to_act(state)):
        state = play(state, f"{seat}: vote {'yes' if seat in yes else 'no'}")
    return state


def refill(state: State) -> State:
    while state.phase is Phase.DRAW_OBJECT:
        moves, _ = chance_weights(state)
        state = apply(state, moves[0])
    return state


def finished_with(teams: tuple[Team, ...], counts: tuple[int, ...]) -> State:
    """A finished game whose seats hold these teams and numbers of won Events."""
    config = Config(players=len(teams))
    state = random_finish(config, seed=1)
    drawn = [e for w in state.won for e in w] + list(state.event_discard)
    won = []
    for c in counts:
        won.append(tuple(drawn[:c]))
        drawn = drawn[c:]
    n = len(teams)
    used = tuple(sum(1 for t in teams if t is team) for team in TEAMS)
    state = attrs.evolve(
        state,
        teams=teams,
        won=tuple(won),
        event_discard=tuple(drawn),
        team_deck=(0, 0),
        team_box=tuple(3 - u for u in used),
    )
    assert len(teams) == n
    check_state(state)
    return state


# ------------------------------------------------------------ components, A-D


def test_components_30_events_50_objects_6_team_cards() -> None:
    """Game Material: "30 Event cards - 50 Object cards - 6 Team cards"; every Event
    carries 1-3 on its back (default spread 10/10/10, configurable)."""
    config = Config()
    assert len(config.events) == 30 and len(config.objects) == 50
    cards = card_set(config)
    assert cards[("team", Team.BETA_LAMBDA)] == 3 and cards[("team", Team.DARWIN_DRAGONS)] == 3
    assert sum(cards.values()) == 86
    assert Counter(back for _, back in config.events) == {1: 10, 2: 10, 3: 10}
    for name in ("cucumber", "knife", "deck of cards", "cat", "chopsticks", "handgun"):
        assert name in DEFAULT_OBJECTS
    skewed = Config(events=spread_events((12, 12, 6)))
    assert Counter(back for _, back in skewed.events) == {1: 12, 2: 12, 3: 6}


@pytest.mark.parametrize(("players", "pile"), [(3, 9), (4, 12), (5, 15), (6, 18)])
def test_a_event_pile_size_by_player_count(players: int, pile: int) -> None:
    """A: "place the proper number of cards, depending on the number of players, face
    down in a pile ... The remaining cards are returned to the box" (9/12/15/18)."""
    state = new_game(Config(players=players))
    assert state.events_left == pile
    assert view(state, 0).event_box_size == 30 - pile
    final = random_finish(Config(players=players), seed=players)
    assert len(final.history) == pile  # exactly the pile is played
    assert sum(final.event_pool) == 30 - pile  # the box is never used


def test_a_the_back_of_the_top_event_shows_weighted_by_the_deck() -> None:
    """A: the pile is face down, but the back of its top card is public: the first
    chance node reveals it, each number weighted by how many Events show it."""
    state = new_game(Config())
    assert to_act(state) == {CHANCE}
    outcomes = dict(chance_outcomes(state))
    assert outcomes == {Move(CHANCE, Action.BACK, (b,)): Fraction(1, 3) for b in (1, 2, 3)}
    skewed = new_game(Config(events=spread_events((6, 12, 12))))
    probs = {m.args[0]: p for m, p in chance_outcomes(skewed)}
    assert probs == {1: Fraction(1, 5), 2: Fraction(2, 5), 3: Fraction(2, 5)}
    assert view(play(state, "chance: back 3"), 0).top_back == 3


def test_a_e_f_event_draws_are_exact_against_brute_force() -> None:
    """A, E, F: a pile of 3 shuffled from 4 Events (backs 1, 1, 2, 3): walking the
    back-reveal and face-draw chance nodes gives every ordered pile 1/24, exactly as
    shuffling the whole deck and taking the top 3 does."""
    events = (("a", 1), ("b", 1), ("c", 2), ("d", 3))
    config = Config(players=3, events=events, events_per_player=1)
    found: Counter[tuple[int, ...]] = Counter()
    probability: dict[tuple[int, ...], Fraction] = {}

    def walk(state: State, p: Fraction) -> None:
        if state.phase is Phase.OVER:
            faces = tuple(r.event for r in state.history)
            found[faces] += 1
            probability[faces] = probability.get(faces, Fraction(0)) + p
            return
        if state.phase in (Phase.TOP_BACK, Phase.DRAW_EVENT, Phase.NEXT_BACK):
            for move, q in chance_outcomes(state):
                walk(apply(state, move), p * q)
            return
        # Everything else (Objects, Teams, stories, votes) is independent: take the first.
        walk(apply(state, legal_moves(state)[0]), p)

    walk(new_game(config), Fraction(1))
    assert set(probability) == set(itertools.permutations(range(4), 3))
    assert set(probability.values()) == {Fraction(1, 24)}
    assert set(found.values()) == {1}


def test_b_three_objects_each_rest_face_down() -> None:
    """B: "Shuffle the 50 Object cards and deal 3 to each player. The remaining cards
    are placed face down, in a pile"."""
    state = play(new_game(Config(players=5)), "chance: back 1")
    assert state.phase is Phase.DEAL_OBJECT
    assert dict(chance_outcomes(state)) == {
        Move(CHANCE, Action.OBJECT, (o,)): Fraction(1, 50) for o in range(50)
    }
    state = set_up(Config(players=5))
    assert all(len(hand) == 3 for hand in state.hands)
    assert sum(state.object_pile) == 50 - 15
    assert view(state, 0).object_pile_size == 35


@pytest.mark.parametrize(("players", "sizes"), [(3, (1, 2)), (4, (2, 2)), (5, (2, 3)), (6, (3, 3))])
def test_c_team_splits(players: int, sizes: tuple[int, int]) -> None:
    """C: "3 players > 2 and 1 - 4 players > 2 and 2 - 5 players > 3 and 2 - 6 players >
    3 and 3"; which team has the extra member in odd counts is chance."""
    config = Config(players=players)
    for seed in range(12):
        final = random_finish(config, seed)
        count = Counter(final.teams)
        assert sorted(count.values()) == list(sizes)
        assert sum(final.team_deck) == 0
        assert final.team_box == tuple(3 - count[t] for t in TEAMS)
    state = play(new_game(config), "chance: back 1")
    for card in range(3 * players):
        state = play(state, f"chance: object {card}")
    if players % 2:
        assert state.phase is Phase.SPLIT
        assert [p for _, p in chance_outcomes(state)] == [Fraction(1, 2)] * 2
        state = play(state, "chance: split darwin")
        assert state.team_deck == (players // 2, players // 2 + 1)
    else:
        assert state.phase is Phase.DEAL_TEAM
        assert state.team_deck == (players // 2, players // 2)


def test_c_team_cards_are_dealt_at_random_face_down() -> None:
    """C: "Randomly deal to each player a Team card, face down. The players must not
    reveal their team before the end of the game." Each deal is weighted by the Team
    cards left; nobody sees another's card."""
    config = Config(players=3)
    state = set_up(config, teams=(0, 0, 1))
    outcomes = None
    probe = play(new_game(config), "chance: back 1")
    for card in range(9):
        probe = play(probe, f"chance: object {card}")
    probe = play(probe, "chance: split beta")
    outcomes = {m.args[0]: p for m, p in chance_outcomes(probe)}
    assert outcomes == {0: Fraction(2, 3), 1: Fraction(1, 3)}
    assert state.teams == (BETA, BETA, DARWIN)
    for seat in range(3):
        seen = view(state, seat)
        assert seen.team is state.teams[seat]
        assert [t for s, t in enumerate(seen.teams) if s != seat] == [None, None]
    assert view(state, None).teams == (None, None, None)


@pytest.mark.parametrize("first", [0, 2])
def test_d_first_player_is_a_config_choice_then_clockwise(first: int) -> None:
    """D: "The player who last met a Zombie is the first player ... Then, play clockwise
    for the remainder of the game." (``Config.first_player``)"""
    state = set_up(Config(players=4, first_player=first))
    assert state.turn == first
    state = refill(vote_all(tell_first(draw(state, 10, 1)), yes=set()))
    assert state.phase is Phase.DRAW_EVENT and state.turn == (first + 1) % 4


# ------------------------------------------------------------------ turn, E-K


def test_e_the_active_player_draws_the_top_event_conditioned_on_its_back() -> None:
    """E: "The active player draws the first Event card of the Event card pile ... and
    places it, face up": its face is one of the unseen Events with the showing back."""
    state = set_up(Config(), top_back=2)
    outcomes = dict(chance_outcomes(state))
    assert outcomes == {Move(CHANCE, Action.EVENT, (e,)): Fraction(1, 10) for e in range(10, 20)}
    state = play(state, "chance: event 13")
    assert view(state, 2).current_event == 13
    assert state.event_pool[13] == 0 and state.events_left == 11


def test_f_the_next_events_back_sets_the_number_of_objects() -> None:
    """F: "The number of cards he MUST use is shown on the back of the next Event card
    of the pile": after the draw the next back is revealed (weighted by unseen Events)
    and every legal story uses exactly that many Objects."""
    state = play(set_up(Config(), top_back=2), "chance: event 13")
    assert state.phase is Phase.NEXT_BACK
    probs = {m.args[0]: p for m, p in chance_outcomes(state)}
    assert probs == {1: Fraction(10, 29), 2: Fraction(9, 29), 3: Fraction(10, 29)}
    for back in (1, 2, 3):
        told = play(state, f"chance: back {back}")
        assert told.required == back and view(told, 1).top_back == back
        tells = [m for m in legal_moves(told) if m.action is Action.TELL]
        hand = told.hands[told.turn]
        assert {m.args for m in tells} == set(itertools.combinations(hand, back))
        assert Move(told.turn, Action.SPEECHLESS) in legal_moves(told)


def test_g_the_other_players_vote_on_the_story() -> None:
    """G: "When the active player is done with his recounting ... the other players will
    vote". The story text a front end attaches rides along and is public."""
    state = draw(set_up(Config()), 10, 2)
    hand = state.hands[0]
    state = apply(state, Move(0, Action.TELL, hand[:2], "I distracted them with the cat."))
    assert state.phase is Phase.VOTE and to_act(state) == {1, 2, 3}
    assert view(state, 3).story == "I distracted them with the cat."
    assert view(state, 3).told == hand[:2]
    state = refill(vote_all(state, yes={1, 2, 3}))
    assert state.history[-1].story == "I distracted them with the cat."


def test_g_note_a_speechless_player_fails_without_a_vote() -> None:
    """G, note: "If the active player is so astounded that he cannot utter a word ...
    his challenge is automatically considered as failed." No vote; he used no Objects,
    so none are discarded and he draws none."""
    state = draw(set_up(Config()), 10, 2)
    hand = state.hands[0]
    after = play(state, "speechless")
    assert after.phase is Phase.DRAW_EVENT and after.turn == 1
    assert after.event_discard == (10,) and after.won[0] == ()
    assert after.hands[0] == hand and after.object_discard == ()
    record = after.history[-1]
    assert record.speechless and not record.won and record.votes == (None,) * 4


def test_h_votes_are_simultaneous_secret_commitments() -> None:
    """H: "on the count of three, they all at once cast their vote": every other seat
    may vote, in any order, and no view shows a vote before all are in."""
    state = tell_first(draw(set_up(Config()), 10, 2))
    assert to_act(state) == {1, 2, 3}
    one = play(state, "2: vote no")
    assert to_act(one) == {1, 3}
    other = play(state, "2: vote yes")
    for seat in (0, 1, 3, None):
        assert view(one, seat) == view(other, seat)
        assert view(one, seat).voted == {2}
    assert view(one, 2).my_vote is False and view(other, 2).my_vote is True
    # The order of the votes does not matter.
    a = play(state, "1: vote yes", "3: vote no", "2: vote yes")
    b = play(state, "3: vote no", "2: vote yes", "1: vote yes")
    assert a == b
    assert a.history[-1].votes == (None, True, True, False)


@pytest.mark.parametrize(
    ("players", "yes", "wins"),
    [(4, {1, 2}, True), (4, {1}, False), (3, {1}, True), (3, set(), False), (6, {1, 2}, False)],
)
def test_i_j_at_least_half_yes_earns_the_event(players: int, yes: set[int], wins: bool) -> None:
    """I: "If at least half of the votes are a Yes, then the active player ... earns the
    Event card". J: "If more than half of the votes are a No, the challenge is failed
    and the Event card is discarded." (3 players: 1 Yes of 2 is half, and wins.)"""
    state = tell_first(draw(set_up(Config(players=players)), 10, 2))
    after = vote_all(state, yes)
    assert after.history[-1].won is wins
    if wins:
        assert after.won[0] == (10,) and after.event_discard == ()
    else:
        assert after.won[0] == () and after.event_discard == (10,)


@pytest.mark.parametrize("yes", [{1, 2, 3}, set()])
def test_i_j_used_objects_are_discarded_and_the_hand_refilled(yes: set[int]) -> None:
    """I/J: "The Object cards he used are discarded and he draws from the draw pile as
    many new Object cards as necessary to have 3 in hand" - won or lost."""
    state = draw(set_up(Config()), 10, 2)
    hand = state.hands[0]
    state = play(state, f"tell {hand[0]} {hand[2]}")
    assert state.hands[0] == (hand[1],)
    state = vote_all(state, yes)
    assert state.object_discard == (hand[0], hand[2])
    assert state.phase is Phase.DRAW_OBJECT and state.to_draw == 2
    assert dict(chance_outcomes(state)) == {
        Move(CHANCE, Action.OBJECT, (o,)): Fraction(1, 38) for o in range(12, 50)
    }
    state = play(state, "chance: object 40", "chance: object 20")
    assert state.hands[0] == tuple(sorted((hand[1], 20, 40)))
    assert state.phase is Phase.DRAW_EVENT


def test_k_play_passes_to_the_left() -> None:
    """K: "a new game turn begins ... with the player on the left of the active player
    becoming the new active player (hence rotating clockwise)"."""
    state = set_up(Config(players=5, first_player=3))
    turns = []
    for event in range(10, 17):
        turns.append(state.turn)
        state = refill(vote_all(tell_first(draw(state, event, 2)), yes=set()))
    assert turns == [3, 4, 0, 1, 2, 3, 4]


def test_object_pile_runs_out_discards_are_reshuffled() -> None:
    """Ruling (rulebook silent): when a player must draw and the Object draw pile is
    empty, the discards - including the Objects just used - are shuffled into a new
    draw pile, so a hand always refills to 3."""
    config = Config(players=4, objects=DEFAULT_OBJECTS[:13])
    state = draw(set_up(config), 10, 2)
    assert sum(state.object_pile) == 1 and state.object_pile[12] == 1
    a, b, c = state.hands[0]  # (0, 4, 8): dealt round-robin
    state = play(state, f"tell {a} {b}")
    state = vote_all(state, yes={1, 2})
    assert state.to_draw == 2
    state = play(state, "chance: object 12")
    # The pile ran out mid-refill: the two discards became the new pile.
    assert state.object_discard == () and state.object_pile[a] == state.object_pile[b] == 1
    assert sum(state.object_pile) == 2
    state = play(state, f"chance: object {b}")
    assert state.hands[0] == tuple(sorted((b, c, 12))) and state.object_pile[a] == 1
    # With the pile empty when the vote ends, the reshuffle happens at once.
    config = Config(players=4, objects=DEFAULT_OBJECTS[:12])
    state = tell_first(draw(set_up(config), 10, 3))
    state = vote_all(state, yes=set())
    assert state.object_discard == () and sum(state.object_pile) == 3
    assert card_census(state) == card_set(config)


# ------------------------------------------------------------------- end, L-Q


def test_l_the_last_event_uses_all_three_objects_then_the_game_ends() -> None:
    """L: "When the last Event card of the pile is drawn, the active player must use all
    three of his Object cards to complete this last game turn. Then the game is over.\""""
    config = Config(players=3, events_per_player=1)
    state = set_up(config)
    state = refill(vote_all(tell_first(draw(state, 10, 1)), yes=set()))
    state = refill(vote_all(tell_first(draw(state, 0, 3)), yes=set()))
    assert state.events_left == 1 and state.top_back == 3
    state = play(state, "chance: event 25")
    assert state.phase is Phase.TELL and state.required == 3 and state.top_back is None
    assert [m.args for m in legal_moves(state) if m.action is Action.TELL] == [state.hands[2]]
    state = vote_all(apply(state, legal_moves(state)[0]), yes={0})
    assert state.phase is Phase.OVER and legal_moves(state) == () and to_act(state) == set()
    assert result(state) is not None
    assert state.hands[2] == ()  # no refill after the last story


def test_m_all_players_reveal_their_team_at_the_end() -> None:
    """M: "All players reveal their team." Every view shows every team once over."""
    state = random_finish(Config(players=5), seed=4)
    for seat in (*range(5), None):
        assert view(state, seat).teams == state.teams
        assert view(state, seat).team_sizes is not None


def test_n_even_tables_sum_every_members_events() -> None:
    """N: "Each team sums up the number of Event cards obtained by its members. The team
    with the most Event cards wins the game." Result scores are team totals per seat."""
    teams = (BETA, DARWIN, BETA, DARWIN)
    state = finished_with(teams, (3, 2, 1, 1))
    final = scoring(state)
    assert final is not None and final.totals == (4, 3) and final.counted == (1, 1, 1, 1)
    outcome = result(state)
    assert outcome is not None
    assert outcome.winners == {0, 2} and outcome.scores == (4, 3, 4, 3)
    assert "Beta Lambda wins" in outcome.reason


def test_o_odd_tables_count_only_the_most_and_the_fewest() -> None:
    """O: "If the number of players is odd, only sum up for each team the number of
    Event cards won by the player having the most and by the one having the less.\""""
    teams = (BETA, BETA, BETA, DARWIN, DARWIN)
    state = finished_with(teams, (5, 3, 0, 2, 2))
    final = scoring(state)
    assert final is not None
    assert final.counted == (1, 0, 1, 1, 1) and final.totals == (5, 4)
    outcome = result(state)
    assert outcome is not None and outcome.winners == {0, 1, 2}
    # Without rule O Beta would have 8; the middle member's 3 does not count.
    state = finished_with(teams, (2, 4, 2, 3, 2))
    final = scoring(state)
    assert final is not None and final.totals == (6, 5)


def test_p_a_lone_member_counts_double() -> None:
    """P: "In a 3-player game, one team has a single member. In this case, his grand
    total is twice the number of Event cards he won.\""""
    teams = (DARWIN, BETA, DARWIN)
    state = finished_with(teams, (1, 3, 4))
    final = scoring(state)
    assert final is not None and final.counted == (1, 2, 1) and final.totals == (6, 5)
    outcome = result(state)
    assert outcome is not None and outcome.winners == {1} and outcome.scores == (5, 6, 5)


def test_q_a_tie_means_everyone_wins() -> None:
    """Q: "If the two teams are tied, then all players win as they have proved that they
    are real survivors!\""""
    state = finished_with((BETA, DARWIN, DARWIN, BETA, BETA, DARWIN), (1, 2, 0, 1, 0, 0))
    outcome = result(state)
    assert outcome is not None and outcome.winners == set(range(6))
    assert "everyone wins" in outcome.reason
    # 3 players: the lone member's doubling (rule P) can make or break a tie.
    state = finished_with((BETA, DARWIN, BETA), (2, 2, 0))
    final = scoring(state)
    assert final is not None and final.totals == (2, 4)
    state = finished_with((BETA, DARWIN, BETA), (4, 2, 0))
    outcome = result(state)
    assert outcome is not None and outcome.winners == {0, 1, 2}
