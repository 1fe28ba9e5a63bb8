"""``determinize``: worlds a seat cannot tell from the true one, in every title.

The test kit's ``check_determinize`` runs on seeded games of every title and
several configs (bots and random seats, every seat and the spectator). It is
shown to catch the faults it exists for: a world that reads where the hidden
cards truly lie, a world that is fixed rather than drawn, and a world that
changes what the seat sees. Then, title by title, every card the seat cannot
place is shown to land in each place it could be, and the draws follow the
chance posterior where that is easy to state.
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from seeded_games import mixed_agents, random_configs

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.play import WorldSampler, play_game
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.knowledge import item_of, seen_by
from zombie_rules.testing import check_determinize, random_playout
from zombie_rules.texas_zombies import TEAMS
from zombie_rules.zombie_doctor.knowledge import TABLE, known_to, without
from zombie_rules.zombie_doctor.state import SHOWN, Phase

TITLES = sorted(GAMES)


def _seats(game: Any, config: Any) -> tuple[int | None, ...]:
    return (*range(game.players(config)), None)


# Per title: (random games, bot games, states sampled per game and seat). Quarantine Z
# games are long and each world costs most there, so it samples fewer.
_BUDGET = {"quarantine_z": (3, 2, 6), "zombie_doctor": (5, 4, 10)}
_DEFAULT_BUDGET = (4, 3, 12)


@pytest.mark.parametrize("name", TITLES)
def test_determinize_is_public_in_every_title(name: str) -> None:
    module = importlib.import_module(f"zombie_rules.{name}")
    assert "determinize" in module.__all__
    assert module.determinize is GAMES[name].determinize
    assert importlib.import_module(f"zombie_rules.{name}.determinize").determinize is (
        module.determinize
    )


@pytest.mark.parametrize("name", TITLES)
def test_random_games_give_worlds_that_keep_what_each_seat_knows(name: str) -> None:
    game = GAMES[name]
    games, _, steps = _BUDGET.get(name, _DEFAULT_BUDGET)
    rng = random.Random(11)
    twins = 0
    for seed, config in enumerate(random_configs(game, games, rng)):
        walk = random_playout(game, config, seed, max_moves=500)
        for seat in _seats(game, config):
            twins += check_determinize(
                game, config, walk.moves, seat, random.Random(seed), steps=steps, horizon=15
            )
    assert twins > 20, f"only {twins} twin states compared: the check had little to go on"


@pytest.mark.parametrize("name", TITLES)
def test_bot_games_give_worlds_that_keep_what_each_seat_knows(name: str) -> None:
    game = GAMES[name]
    _, games, steps = _BUDGET.get(name, _DEFAULT_BUDGET)
    rng = random.Random(12)
    twins = 0
    for seed, config in enumerate(random_configs(game, games, rng)):
        record = play_game(game, config, mixed_agents(game, config, seed), seed, max_moves=600)
        for seat in _seats(game, config):
            twins += check_determinize(
                game, config, record.moves, seat, random.Random(seed), steps=steps, horizon=15
            )
    assert twins > 10, f"only {twins} twin states compared: the check had little to go on"


@pytest.mark.parametrize("name", TITLES)
def test_the_world_sampler_of_search_bots_draws_determinized_worlds(name: str) -> None:
    game = GAMES[name]
    walk = random_playout(game, game.config_type(), 3, max_moves=60)
    state = walk.states[-1]
    for seat in range(game.players(game.config_type())):
        sampler = WorldSampler(game, seat, state)
        assert sampler(random.Random(5)) == game.determinize(state, seat, random.Random(5))


# ------------------------------------------------------- planted faults


def _zr_walk() -> tuple[Any, Any]:
    zr = GAMES["zombie_run"]
    walk = random_playout(zr, zr.config_type(), 1, max_moves=150)
    return zr, walk


def test_the_check_catches_a_world_that_reads_where_the_cards_lie() -> None:
    """Shuffling the unseen Objects in the order they truly lie: the classic leak."""
    tz = GAMES["texas_zombies"]
    config = tz.config_type(players=4)

    def as_dealt(state: Any, seat: int | None, rng: random.Random) -> Any:
        world = tz.determinize(state, seat, rng)
        others = [s for s in range(config.players) if s != seat]
        pool = expand(state.object_pile) + [o for s in others for o in state.hands[s]]
        rng.shuffle(pool)  # not sorted first: the true deal decides what a seed gives
        hands = list(world.hands)
        for s in others:
            size = len(hands[s])
            hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
        return attrs.evolve(
            world, hands=tuple(hands), object_pile=from_kinds(pool, len(state.object_pile))
        )

    leaky = attrs.evolve(tz, determinize=as_dealt)
    walk = random_playout(tz, config, 2, max_moves=80)
    with pytest.raises(AssertionError, match=r"where hidden cards (truly )?lie"):
        check_determinize(leaky, config, walk.moves, 0, random.Random(0), steps=10)


def test_the_check_catches_a_world_fixed_by_what_the_seat_knows() -> None:
    """A world that depends only on the seat's knowledge but is never drawn: cards stuck."""
    zr, walk = _zr_walk()
    fixed = attrs.evolve(
        zr, determinize=lambda state, seat, rng: zr.determinize(state, seat, random.Random(0))
    )
    with pytest.raises(AssertionError, match="stuck where it truly is"):
        check_determinize(fixed, walk.config, walk.moves, 0, random.Random(0), steps=10)


def test_the_check_catches_a_world_drawn_for_another_seat() -> None:
    """Re-dealing what the next seat cannot see moves the cards this seat has seen."""
    zr, walk = _zr_walk()
    players = zr.players(walk.config)
    other = attrs.evolve(
        zr,
        determinize=lambda state, seat, rng: zr.determinize(state, (seat + 1) % players, rng),
    )
    with pytest.raises(AssertionError, match="view differs"):
        check_determinize(other, walk.config, walk.moves, 0, random.Random(0), steps=10)


# ------------------------------------- every place a card could be is reached


def _draws(game: Any, state: Any, seat: int | None, count: int, seed: int = 0) -> list[Any]:
    rng = random.Random(seed)
    return [game.determinize(state, seat, rng) for _ in range(count)]


def _mid_game_states(name: str, seed: int, every: int) -> list[Any]:
    game = GAMES[name]
    walk = random_playout(game, game.config_type(), seed, max_moves=400)
    return [s for s in walk.states[every::every] if CHANCE not in game.to_act(s)][:4]


def _draw_pile(state: Any) -> Counter[int]:
    """A Zombie Run! Draw Pile as cards (zombie counts) and copies."""
    kinds = sorted(dict(state.config.deck))
    return Counter({card: n for card, n in zip(kinds, state.draw_pile, strict=True) if n})


def test_zombie_run_every_unseen_place_takes_every_card_of_its_pile() -> None:
    """Each unseen card may be any card of the pile it came from, and only such a card."""
    zr = GAMES["zombie_run"]
    checked = 0
    for state in _mid_game_states("zombie_run", 4, 9):
        if state.reshuffles:
            continue  # two piles: the generic check covers them; one pile is easy to state
        for seat in (0, 1, None):
            everyone = (1 << state.config.players) - 1
            unseen = [
                (s, p)
                for s, row in enumerate(state.seen)
                for p, mask in enumerate(row)
                if not (mask == everyone if seat is None else mask >> seat & 1)
            ]
            pool = {state.hands[s][p] for s, p in unseen} | set(_draw_pile(state))
            if state.held is not None and not (state.held_public or seat == state.turn):
                pool.add(state.held)
            worlds = _draws(zr, state, seat, 500)
            for s, p in unseen:
                assert {w.hands[s][p] for w in worlds} == pool, f"seat {seat}, place {(s, p)}"
                checked += 1
    assert checked > 20


def test_zombie_run_draws_each_card_as_often_as_the_pile_holds_it() -> None:
    """ "Shuffle the deck. The dealer deals four cards to each player, face down."

    So a card nobody has seen is any of the unseen cards with equal chance: a kind
    lands there in proportion to its unseen copies.
    """
    zr = GAMES["zombie_run"]
    state = _mid_game_states("zombie_run", 4, 9)[0]
    seat = 0
    unseen = [
        (s, p)
        for s, row in enumerate(state.seen)
        for p, mask in enumerate(row)
        if not mask >> seat & 1
    ]
    assert not state.reshuffles and (1, 0) in unseen
    pool = Counter(state.hands[s][p] for s, p in unseen)
    pool.update(_draw_pile(state))
    if state.held is not None and seat != state.turn and not state.held_public:
        pool[state.held] += 1
    total, draws = sum(pool.values()), 4000
    seen = Counter(w.hands[1][0] for w in _draws(zr, state, seat, draws))
    for card, copies in pool.items():
        expected = draws * copies / total
        assert abs(seen[card] - expected) < 5 * (expected**0.5) + 5, (card, seen[card], expected)


def test_texas_zombies_every_unseen_object_team_and_vote_takes_every_value() -> None:
    tz = GAMES["texas_zombies"]
    config = tz.config_type(players=4)
    walk = random_playout(tz, config, 6, max_moves=300)
    voting = [
        s for s in walk.states if s.phase.name == "VOTE" and any(v is not None for v in s.votes)
    ]
    states = [walk.states[40], walk.states[90], *voting[:1]]
    for state in states:
        for seat in (0, 2, None):
            others = [s for s in range(4) if s != seat]
            pool = set(expand(state.object_pile)) | {o for s in others for o in state.hands[s]}
            worlds = _draws(tz, state, seat, 400)
            for s in others:
                if state.hands[s]:
                    assert {o for w in worlds for o in w.hands[s]} == pool, f"seat {seat}, hand {s}"
                if state.teams[s] is not None:
                    assert {w.teams[s] for w in worlds} == set(TEAMS), f"seat {seat}, team {s}"
                if state.votes[s] is not None:
                    assert {w.votes[s] for w in worlds} == {True, False}, f"seat {seat}, vote {s}"


def test_texas_zombies_the_hidden_split_follows_the_seats_own_team() -> None:
    """ "In case of an odd number of players, one of the two teams will have one more
    member than the other" and "Randomly deal to each player a Team card, face down."

    A Beta seat at a 3-player table holds one of the 2 Beta cards of a 2-1 split
    or the 1 of a 1-2 split, each split equally likely: so given its card, Beta
    has the extra member with probability 2/3, not 1/2.
    """
    tz = GAMES["texas_zombies"]
    config = tz.config_type(players=3, split_public=False)
    walk = random_playout(tz, config, 1, max_moves=30)
    state = next(s for s in walk.states if all(t is not None for t in s.teams))
    for seat in range(3):
        own = state.teams[seat]
        worlds = _draws(tz, state, seat, 3000, seed=seat)
        bigger = sum(sum(1 for t in w.teams if t is own) == 2 for w in worlds) / len(worlds)
        assert abs(bigger - 2 / 3) < 0.04, f"seat {seat}: own team bigger in {bigger:.3f} of worlds"
        assert all(w.teams[seat] is own for w in worlds)


def test_zombie_doctor_every_hidden_hand_takes_every_unseen_card() -> None:
    zd = GAMES["zombie_doctor"]
    for state in _mid_game_states("zombie_doctor", 2, 7):
        for seat in (0, 1, None):
            hidden = [
                s
                for s in range(state.config.players)
                if s != seat
                and state.hands[s]
                and not (
                    state.phase is Phase.XRAY and seat == state.turn and s == state.xray_target
                )
            ]
            secret = [
                i for i, by in enumerate(state.deck_bottom_hidden_by) if by not in (SHOWN, seat)
            ]
            # A card the seat remembers in a hand stays there (Ruling 30); the rest is pooled.
            kept = {s: known_to(state.known, TABLE if seat is None else seat, s) for s in hidden}
            pool = set(expand(state.deck_unknown))
            pool |= {k for s in hidden for k in without(state.hands[s], kept[s])}
            pool |= {state.deck_bottom[i] for i in secret}
            worlds = _draws(zd, state, seat, 400)
            for s in hidden:
                free = pool if len(kept[s]) < len(state.hands[s]) else set()
                assert {k for w in worlds for k in w.hands[s]} == set(kept[s]) | free, (
                    f"seat {seat}, hand {s}"
                )
            for i in secret:
                assert {w.deck_bottom[i] for w in worlds} == pool, f"seat {seat}, bottom {i}"


def test_quarantine_z_every_unseen_hand_card_takes_every_card_of_its_deck() -> None:
    qz = GAMES["quarantine_z"]
    checked = 0
    for state in _mid_game_states("quarantine_z", 3, 25):
        config = state.config
        supply = [i for i, it in enumerate(config.items) if it.deck is Deck.SUPPLY]
        for seat in (0, config.zombie_seat, None):
            places = [sv.hand for sv in state.survivors] + [loc.cards for loc in state.area]
            unseen = [
                item_of(c)
                for cards in (*places, state.lost)
                for c in cards
                if not seen_by(config, c, seat) and item_of(c) in supply
            ]
            pool = set(unseen) | {i for i in supply if state.supply_deck[i]}
            worlds = _draws(qz, state, seat, 300)
            for s, sv in enumerate(state.survivors):
                hidden = [c for c in sv.hand if not seen_by(config, c, seat)]
                if not any(item_of(c) in supply for c in hidden):
                    continue
                got = {
                    item_of(c)
                    for w in worlds
                    for c in w.survivors[s].hand
                    if not seen_by(config, c, seat) and item_of(c) in supply
                }
                assert got == pool, f"seat {seat}, Survivor {s}: {sorted(pool - got)} never dealt"
                checked += 1
    assert checked > 3


# Seconds each: left out of the fast subset (-m "not slow").
pytestmark = pytest.mark.slow
