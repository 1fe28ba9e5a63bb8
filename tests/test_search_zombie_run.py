"""The Zombie Run! search bot's own knowledge: its evaluation, belief, shortlist and settings.

Every budget here is a count of moves (``steps``) or iterations, so every test is
deterministic.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.play import WorldSampler, choose_move, play_out
from zombie_rules.search import make_ismcts
from zombie_rules.search.ismcts import ISMCTSAgent
from zombie_rules.zombie_run import GAME, Config, HeuristicAgent, State
from zombie_rules.zombie_run import search as search_run
from zombie_rules.zombie_run.config import tables
from zombie_rules.zombie_run.rules import new_game
from zombie_rules.zombie_run.state import Action, Move, Phase

EVERYONE = 0b1111


def table_state(
    hands: tuple[tuple[int, ...], ...],
    seen: tuple[tuple[int, ...], ...],
    *,
    held: int | None = None,
    discard: tuple[int, ...] = (9,),
    turns_taken: int = 8,
    scores: tuple[int, ...] = (0, 0, 0, 0),
    round_: int = 0,
    config: Config | None = None,
) -> State:
    """Seat 0 to play round ``round_`` (seat 3 dealt), the Draw Pile holding every other card."""
    config = config or Config()
    t = tables(config)
    counts = list(t.copies)
    for card in [c for hand in hands for c in hand] + list(discard) + [held] * (held is not None):
        counts[t.index[card]] -= 1
    assert min(counts) >= 0
    base = new_game(config)
    return attrs.evolve(
        base,
        round=round_,
        dealer=3,
        phase=Phase.DRAW if held is None else Phase.DECIDE,
        turn=0,
        hands=hands,
        seen=seen,
        draw_pile=tuple(counts),
        discard_pile=discard,
        held=held,
        peeked=EVERYONE,
        turns_taken=turns_taken,
        scores=scores,
    )


def round_start(scores: tuple[int, ...], round_: int = 1) -> State:
    """The deal of round ``round_`` about to begin, with these totals so far."""
    return attrs.evolve(new_game(Config()), round=round_, dealer=round_ % 4, scores=scores)


# ------------------------------------------------------------------ evaluation


def test_a_finished_game_is_scored_by_its_result() -> None:
    """The rulebook: "The player with the lowest score after five rounds successfully
    escapes the town and wins": at the end the evaluation is the result, all or nothing."""
    final = play_out(GAME, Config(), [HeuristicAgent() for _ in range(4)], seed=3).final
    result = GAME.result(final)
    assert result is not None
    values = search_run.evaluate(final)
    assert tuple(values) == tuple(1.0 if s in result.winners else 0.0 for s in range(4))


def test_fewer_zombies_so_far_is_a_better_chance_and_the_chances_add_up() -> None:
    """Lowest total wins, so taking zombies off one seat's total raises its chance."""
    even = search_run.evaluate(round_start((40, 40, 40, 40)))
    ahead = search_run.evaluate(round_start((30, 40, 40, 40)))
    further = search_run.evaluate(round_start((20, 40, 40, 40)))
    assert even[0] < ahead[0] < further[0]
    assert ahead[1] < even[1]
    for values in (even, ahead, further):
        assert len(values) == 4
        assert all(0.0 <= v <= 1.0 for v in values)
        assert abs(sum(values) - 1.0) < 0.01


def test_a_lead_counts_for_more_when_fewer_rounds_are_left() -> None:
    """The same 10-zombie lead is worth more before the last round than before the second."""
    early = search_run.evaluate(round_start((30, 40, 40, 40), round_=1))
    late = search_run.evaluate(round_start((30, 40, 40, 40), round_=4))
    assert late[0] > early[0] + 0.1


def test_the_evaluation_reads_who_plays_first_in_the_rounds_to_come() -> None:
    """Dealer responsibilities rotate clockwise; the first to play after the dealer scores
    lowest on average (it gets the most turns before a shout), so with even totals and one
    round left the seat after the dealer has the best chance."""
    values = search_run.evaluate(round_start((40, 40, 40, 40), round_=4))
    first = (4 % 4 + 1) % 4
    assert max(range(4), key=lambda s: values[s]) == first


def test_a_table_whose_rounds_were_not_measured_falls_back_to_the_softmax() -> None:
    config = Config(deck=((0, 20), (5, 20), (10, 20)))
    state = attrs.evolve(new_game(config), round=1, scores=(10, 20, 30, 40))
    assert tuple(search_run.evaluate(state)) == search_run.projected_softmax(state)
    # Another number of rounds or first dealer plays each round alike: still modelled.
    modelled = attrs.evolve(new_game(Config(rounds=10, first_dealer=2)), scores=(0, 5, 5, 5))
    assert isinstance(search_run.evaluate(modelled), search_run.WinChances)


def test_win_chances_are_worked_out_per_seat_and_behave_as_a_sequence() -> None:
    chances = search_run.WinChances([10.0, 20.0, 30.0], [5.0, 5.0, 5.0])
    assert len(chances) == 3
    assert chances[0] > chances[1] > chances[2]
    assert chances[-1] == chances[2]
    assert tuple(chances[1:]) == (chances[1], chances[2])
    assert list(chances) == [chances[0], chances[1], chances[2]]
    assert repr(chances).startswith("WinChances(0.9")
    with pytest.raises(IndexError):
        chances[3]


def test_a_rollout_stops_when_its_round_is_scored() -> None:
    origin = round_start((0, 0, 0, 0), round_=1)
    assert not search_run.round_over(origin, origin)
    assert search_run.round_over(origin, round_start((9, 9, 9, 9), round_=2))


# ---------------------------------------------------------------------- belief

LOW = ((1, 2, 3, 4), (0, 0, 1, 1), (5, 6, 7, 8), (5, 6, 7, 8))
HIGH = ((1, 2, 3, 4), (9, 9, 8, 8), (5, 6, 7, 8), (5, 6, 7, 8))
OWNERS = ((1, 1, 0, 0), (2, 2, 2, 2), (4, 4, 0, 0), (8, 8, 0, 0))


@pytest.mark.parametrize("hands", [LOW, HIGH])
def test_an_opponent_that_stayed_quiet_is_unlikely_to_hold_a_hand_it_would_shout_with(
    hands: tuple[tuple[int, ...], ...],
) -> None:
    """Seat 1 (second to play) knows all four of its cards. Once it has had a turn and did
    not shout, a world where those cards total 2 is 20 times less likely; one where they
    total 34 is not (the bots shout at 2.5 zombies a card). Before its turn nothing is told."""
    before = table_state(hands, OWNERS, turns_taken=1)
    after = table_state(hands, OWNERS, turns_taken=2)
    ratio = search_run.world_weight(GAME.view(after, 0), after) / search_run.world_weight(
        GAME.view(before, 0), before
    )
    expected = 0.05 if hands is LOW else 1.0
    assert ratio == pytest.approx(expected)


def test_cards_their_owners_know_are_believed_low() -> None:
    """Bots keep the low cards they look at: a world where seat 1's known cards are low
    weighs more than one where they are high, other things equal (seat 1 yet to play)."""
    low = table_state(LOW, OWNERS, turns_taken=1)
    high = table_state(HIGH, OWNERS, turns_taken=1)
    assert search_run.world_weight(GAME.view(low, 0), low) > search_run.world_weight(
        GAME.view(high, 0), high
    )


def test_cards_the_searcher_sees_do_not_move_the_belief() -> None:
    """A card face up for everyone is not a guess: only unseen cards are weighed."""
    public = ((1, 2, 3, 4), (9, 9, 8, 8), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 0, 0), (EVERYONE,) * 4, (EVERYONE,) * 4, (EVERYONE,) * 4)
    state = table_state(public, seen, turns_taken=1)
    assert search_run.world_weight(GAME.view(state, 0), state) == 1.0


# ------------------------------------------------------------------- shortlist


def moves_of(state: State) -> list[Move]:
    return [m for m in GAME.legal_moves(state) if m.seat == 0]


def test_the_draw_is_left_to_the_heuristic() -> None:
    state = table_state(LOW, OWNERS)
    assert state.phase is Phase.DRAW
    assert search_run.shortlist(GAME.view(state, 0), moves_of(state)) == []
    assert search_run.wide_shortlist(GAME.view(state, 0), moves_of(state)) == []


def test_the_wide_shortlist_keeps_one_unseen_place_and_no_swap_for_a_higher_card() -> None:
    """Seat 0 knows its 3 and 9 and holds a 5: swapping out the 3 only adds zombies, and its
    two unseen places are alike. The hand stays far too high to shout with."""
    hands = ((3, 9, 0, 15), (1, 1, 2, 2), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 0, 0), (2, 2, 2, 2), (4, 4, 0, 0), (8, 8, 0, 0))
    state = table_state(hands, seen, held=5)
    listed = search_run.wide_shortlist(GAME.view(state, 0), moves_of(state))
    assert set(listed) == {
        Move(0, Action.SWAP, (1,)),
        Move(0, Action.SWAP, (2,)),
        Move(0, Action.DISCARD),
    }


def test_a_low_hand_may_shout_with_every_way_of_taking_the_card_in_the_wide_shortlist() -> None:
    hands = ((0, 1, 2, 9), (4, 4, 6, 6), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 1, 1), (2, 2, 2, 2), (4, 4, 0, 0), (8, 8, 0, 0))
    state = table_state(hands, seen, held=1)
    listed = set(search_run.wide_shortlist(GAME.view(state, 0), moves_of(state)))
    shouts = (False, True)
    assert listed == {Move(0, Action.SWAP, (p,), shout) for p in (2, 3) for shout in shouts} | {
        Move(0, Action.DISCARD, (), shout) for shout in shouts
    }


def test_the_shortlist_asks_only_whether_to_shout() -> None:
    """The heuristic swaps the 9 out for the held 1 (its worst known card): the shortlist
    is that swap with and without a shout, as the hand after it (0 + 1 + 2 + 1) is low."""
    hands = ((0, 1, 2, 9), (4, 4, 6, 6), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 1, 1), (2, 2, 2, 2), (4, 4, 0, 0), (8, 8, 0, 0))
    state = table_state(hands, seen, held=1)
    listed = search_run.shortlist(GAME.view(state, 0), moves_of(state))
    assert set(listed) == {Move(0, Action.SWAP, (3,), shout) for shout in (False, True)}


def test_a_hand_too_high_to_shout_with_leaves_the_heuristics_move_alone() -> None:
    """Seat 0 expects two unseen cards plus a 9 and a 5: no shout is weighed."""
    hands = ((3, 9, 0, 15), (1, 1, 2, 2), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 0, 0), (2, 2, 2, 2), (4, 4, 0, 0), (8, 8, 0, 0))
    state = table_state(hands, seen, held=5)
    heuristic = choose_move(GAME, HeuristicAgent(), state, 0, random.Random(1))
    assert search_run.shortlist(GAME.view(state, 0), moves_of(state)) == [heuristic]


# -------------------------------------------------------------------- settings


def test_make_ismcts_takes_the_titles_settings() -> None:
    agent = make_ismcts(GAME)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.paired and agent.shortlist is search_run.shortlist
    assert agent.world_weight is search_run.world_weight
    assert agent.evaluate is search_run.evaluate and agent.stop is search_run.round_over
    assert agent.iterations is None and agent.steps == search_run.SETTINGS["steps"]


def test_the_search_does_not_shout_into_a_doubling() -> None:
    """The rulebook: "If the person who shouted out and ended the round does NOT have the
    lowest number of zombies in their hand, their score for the round DOUBLES."

    Seat 0 will hold 10 zombies, which the heuristic shouts with; seat 1's four cards lie
    face up and hold one zombie. Shouting scores 20; waiting lets seat 1 end the round
    with seat 0 at 10.
    """
    hands = ((2, 3, 3, 9), (0, 0, 0, 1), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 1, 1), (EVERYONE,) * 4, (4, 4, 0, 0), (8, 8, 0, 0))
    state = table_state(hands, seen, held=2)
    heuristic = choose_move(GAME, HeuristicAgent(), state, 0, random.Random(1))
    assert heuristic == Move(0, Action.SWAP, (3,), shout=True)
    searched = choose_move(GAME, make_ismcts(GAME, steps=1500), state, 0, random.Random(1))
    assert searched == Move(0, Action.SWAP, (3,))


def test_the_search_shouts_when_the_shout_wins_the_game() -> None:
    """The rulebook: "the round stops immediately" at a shout, and "The player with the
    lowest score after five rounds ... wins".

    In the last round, with every other card face up, seat 0's 50 + 12 zombies beat
    40 + 23, 40 + 28 and 40 + 34 now; waiting lets seat 3 swap one of its 6s for a lower
    card and win. The heuristic shouts only at 10 or below, so it waits.
    """
    hands = ((2, 2, 2, 9), (9, 9, 8, 8), (7, 7, 7, 7), (6, 6, 6, 5))
    seen = ((1, 1, 1, 1), (EVERYONE,) * 4, (EVERYONE,) * 4, (EVERYONE,) * 4)
    state = table_state(hands, seen, held=6, discard=(15,), round_=4, scores=(50, 40, 40, 40))
    heuristic = choose_move(GAME, HeuristicAgent(), state, 0, random.Random(1))
    assert heuristic == Move(0, Action.SWAP, (3,))
    searched = choose_move(GAME, make_ismcts(GAME, steps=1500), state, 0, random.Random(1))
    assert searched == Move(0, Action.SWAP, (3,), shout=True)


# ------------------------------------------------------------- search plumbing


def test_a_lone_shortlisted_move_is_played_without_a_search() -> None:
    state = table_state(LOW, OWNERS)  # a draw: the shortlist leaves the heuristic's move
    agent = make_ismcts(GAME, steps=200)
    move = choose_move(GAME, agent, state, 0, random.Random(1))
    assert move == choose_move(GAME, HeuristicAgent(), state, 0, random.Random(1))
    assert agent.last_search == (0, 0.0)


def test_the_search_leaves_the_drivers_random_stream_alone() -> None:
    """The heuristic bot draws nothing from the driver's generator, and neither does the
    search (its generator is seeded by where the stream stands): the same seed deals the
    same cards after it, and gives the same choice."""
    hands = ((2, 3, 3, 9), (0, 0, 0, 1), (5, 6, 7, 8), (5, 6, 7, 8))
    seen = ((1, 1, 1, 1), (EVERYONE,) * 4, (4, 4, 0, 0), (8, 8, 0, 0))
    state = table_state(hands, seen, held=2)
    rng = random.Random(7)
    first = choose_move(GAME, make_ismcts(GAME, steps=300), state, 0, rng)
    assert rng.random() == random.Random(7).random()
    assert choose_move(GAME, make_ismcts(GAME, steps=300), state, 0, random.Random(7)) == first
    assert first == Move(0, Action.SWAP, (3,))


def test_pool_worlds_are_kept_in_proportion_to_their_weight() -> None:
    """A belief that rules out every world but those giving seat 1 an Empty Streets in its
    third place: every world the pool hands out does."""
    state = table_state(LOW, OWNERS, held=None)
    view = GAME.view(state, 0)

    def empty_third(view: Any, world: State) -> float:
        return 1.0 if world.hands[1][2] == 0 else 0.0

    agent = make_ismcts(GAME, world_weight=empty_third, world_pool=64)
    rng = random.Random(3)
    sampler = WorldSampler(GAME, 0, state)
    kept = [agent._world(view, sampler, rng) for _ in range(30)]
    assert all(world.hands[1][2] == 0 for world in kept)
    assert len({world.hands for world in kept}) > 1


@pytest.mark.parametrize("bad", [0, -1, 2.5, True])
def test_a_bad_pool_size_is_refused_by_name(bad: Any) -> None:
    with pytest.raises(InvalidConfig) as caught:
        make_ismcts(GAME, world_pool=bad)
    assert caught.value.field == "world_pool"
