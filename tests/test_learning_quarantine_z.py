"""Quarantine Z's learning records: the kit's promises, true bounds, and the refusals.

A small table (:func:`small_config`: three seats, five Zombie cards, eight items, three
Buildings, two combat rounds) is played to the end, so every state of whole games is
checked; the default table is checked on sampled states of shorter walks.
"""

from __future__ import annotations

import random

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.quarantine_z import GAME, Action, Config, Phase, State
from zombie_rules.quarantine_z.cards import BUILDINGS, ITEMS, ZOMBIE_CARDS
from zombie_rules.quarantine_z.learning import _counts_of, learning
from zombie_rules.testing import Playthrough, check_learning, random_playout


def _pick(cards: tuple[object, ...], copies: dict[str, int]) -> tuple[object, ...]:
    return tuple(
        attrs.evolve(card, copies=copies[card.name])  # type: ignore[attr-defined]
        for card in cards
        if card.name in copies  # type: ignore[attr-defined]
    )


def small_config(**changes: object) -> Config:
    """A table whose whole games take some sixty steps and whose bounds are small."""
    fields: dict[str, object] = dict(
        players=3,
        strict_counts=False,
        zombie_card_set=_pick(
            ZOMBIE_CARDS, {"Runner": 2, "Tough Hide": 1, "Lurker": 1, "Swarm": 1}
        ),
        item_set=_pick(
            ITEMS,
            {
                "Canned Food": 2,
                "Bandages": 1,
                "Firecrackers": 1,
                "Crowbar": 1,
                "Pistol": 1,
                "Bullets": 2,
            },
        ),
        building_set=(BUILDINGS[2], BUILDINGS[10], BUILDINGS[14]),  # a Shelter, a House
        area_size=3,
        survivor_hand=2,
        zombie_hand=3,
        setup_draws=1,
        zombie_setup_draws=1,
        player_scaling=False,
        free_actions=1,
        shelter_discards=1,
        combat_round_limit=2,
    )
    fields.update(changes)
    return Config(**fields)  # type: ignore[arg-type]


# ------------------------------------------------------------------- the kit


def test_the_small_table_keeps_every_promise_in_every_state() -> None:
    assert check_learning(GAME, small_config(), games=4, steps=None, max_moves=5000) > 150


def test_the_default_table_keeps_the_promises() -> None:
    assert check_learning(GAME, Config(), games=2, steps=20, max_moves=600) > 0


def test_indices_round_trip_and_masks_are_the_legal_moves() -> None:
    config = small_config()
    records = learning(config)
    actions = records.actions
    checked = 0
    for seed in range(6):
        for state in random_playout(GAME, config, seed, 5000).states:
            legal = GAME.legal_moves(state)
            for seat in range(config.players):
                mine = [m for m in legal if m.seat == seat]
                indices = actions.legal(state, seat)
                assert sorted(actions.index(state, m) for m in mine) == list(indices)
                assert [actions.move(state, seat, i) for i in indices] == sorted(
                    mine, key=lambda m: actions.index(state, m)
                )
                mask = actions.mask(state, seat)
                assert [i for i, bit in enumerate(mask) if bit] == list(indices)
                checked += len(mine)
            if CHANCE in GAME.to_act(state):
                for move in GAME.chance_weights(state)[0]:
                    i = records.chance.index(state, move)
                    assert records.chance.outcome(state, i) == move
    assert checked > 300


def test_a_hidden_commitment_is_told_by_kind_only() -> None:
    """ "Decide: lay this card face-down": another seat's commitment tells a seat only
    that a card was laid, whichever card it was."""
    config = small_config()
    told = learning(config).recall.told
    found = 0
    for seed in range(12):
        walk = random_playout(GAME, config, seed, 5000)
        for i, move in enumerate(walk.moves):
            if move.action is not Action.COMMIT:
                continue
            before, after = walk.states[i], walk.states[i + 1]
            if after.combat is None or after.combat.revealed:
                continue
            for other in GAME.legal_moves(before):
                if other.seat != move.seat or other.action is not move.action or other == move:
                    continue
                there = GAME.apply(before, other)
                for seat in range(config.players):
                    if seat != move.seat:
                        assert told(before, move, after, seat) == told(before, other, there, seat)
                        found += 1
    assert found


# ------------------------------------------------------------------ the bounds


def _hostile(seed: int, config: Config, cap: int = 20000) -> Playthrough[Config, State, object]:
    """A game whose Survivors ambush and target each other whenever they may, and miss
    as often as the dice allow: the long games the bounds must hold."""
    rng = random.Random(seed)
    state = GAME.new_game(config)
    states, moves = [state], []
    while GAME.result(state) is None and len(moves) < cap:
        legal = GAME.legal_moves(state)
        if CHANCE in GAME.to_act(state):
            faces = [m for m in legal if m.action is Action.ROLL and m.args == (1,)]
            move = faces[0] if faces and rng.random() < 0.8 else rng.choice(legal)
        else:
            fights = [m for m in legal if m.action in (Action.AMBUSH, Action.TARGET_SURVIVOR)] or [
                m for m in legal if m.action is Action.COMMIT and m.args == (0,)
            ]
            move = rng.choice(fights) if fights and rng.random() < 0.9 else rng.choice(legal)
        state = GAME.apply(state, move)
        states.append(state)
        moves.append(move)
    return Playthrough(config, tuple(moves), tuple(states))


def test_games_stay_within_the_derived_counts_and_bounds() -> None:
    """ "Repeat this sequence until all Survivors have died or escaped, or until no Zombies
    remain in combat (and no Survivors are still trying to kill one another)." stops at
    ``combat_round_limit`` rounds; every other loop is bounded by the cards or the caps."""
    for config in (small_config(), small_config(combat_round_limit=1, free_actions=3)):
        counts = _counts_of(config)
        bounds = learning(config).bounds
        limit = config.combat_round_limit
        assert limit is not None
        for seed in range(8):
            walk = _hostile(seed, config)
            assert GAME.result(walk.states[-1]) is not None, "the game ended"
            steps = list(zip(walk.states, walk.moves, walk.states[1:], strict=False))
            trips = sum(1 for a, _, b in steps if b.phase is Phase.SNEAK and a.phase is not b.phase)
            combats = sum(1 for a, _, b in steps if a.combat is None and b.combat is not None)
            longest = max((s.combat.rounds for s in walk.states if s.combat is not None), default=0)
            decisions = sum(1 for m in walk.moves if m.seat != CHANCE)
            assert trips <= counts.trips and combats <= counts.combats
            assert longest < limit
            assert decisions <= bounds.max_decisions
            assert len(walk.moves) - decisions <= bounds.max_chance_nodes
        check_learning(GAME, config, steps=30, walks=[_hostile(s, config) for s in range(2)])


def test_a_table_with_no_finite_bound_is_refused() -> None:
    with pytest.raises(InvalidConfig, match=r"combat_round_limit: .*finite limit"):
        learning(small_config(combat_round_limit=None))
    with pytest.raises(InvalidConfig, match=r"zombie_may_pass: .*trips need never end"):
        learning(small_config(zombie_may_pass=True))
    assert GAME.learning is not None
    with pytest.raises(InvalidConfig, match="combat_round_limit"):
        GAME.learning(Config(combat_round_limit=None))


def test_the_bounds_grow_with_the_knobs_that_lengthen_games() -> None:
    base = learning(small_config()).bounds
    for changes in ({"combat_round_limit": 3}, {"free_actions": 2}):
        longer = learning(small_config(**changes)).bounds
        assert longer.max_decisions > base.max_decisions
        assert longer.max_chance_nodes > base.max_chance_nodes
    assert learning(small_config()).recall.max_told >= base.max_game_length


def test_the_observation_is_its_few_non_zero_entries() -> None:
    """The encoding lists its non-zero entries (some sixty of the default table's 1,840),
    each block from the state record it reads; ``encode`` is the same tensor filled in."""
    config = Config()
    records = learning(config)
    observation = records.observation
    assert observation.nonzero is not None
    walk = random_playout(GAME, config, 3, max_moves=300)
    counts = []
    for state in walk.states[::5]:
        for seat in range(config.players):
            where, values = observation.nonzero(state, seat)
            assert len(set(where)) == len(where) and all(values)
            assert all(0 <= k < observation.size for k in where)
            dense = observation.encode(state, seat)
            assert {k for k, x in enumerate(dense) if x} == set(where)
            assert all(dense[k] == x for k, x in zip(where, values, strict=True))
            counts.append(len(where))
    assert max(counts) < observation.size // 10


def test_a_chance_outcome_not_possible_now_is_refused_naming_the_possible_ones() -> None:
    records = learning(small_config())
    state = GAME.new_game(small_config())
    assert CHANCE in GAME.to_act(state)
    possible = {records.chance.index(state, m) for m in GAME.chance_weights(state)[0]}
    impossible = next(i for i in range(records.chance.size) if i not in possible)
    with pytest.raises(IllegalMove, match="is not possible now; possible: "):
        records.chance.outcome(state, impossible)
    seat_move = next(m for m in GAME.legal_moves(walk_to_a_seat(state)) if m.seat != CHANCE)
    with pytest.raises(IllegalMove, match="not a Quarantine Z chance outcome"):
        records.chance.index(state, seat_move)
    with pytest.raises(IllegalMove, match="not a Quarantine Z seat move"):
        records.actions.index(state, GAME.chance_weights(state)[0][0])


def walk_to_a_seat(state: State) -> State:
    """The first state from ``state`` on where a seat acts (chance drawn by its weights)."""
    rng = random.Random(0)
    while CHANCE in GAME.to_act(state):
        moves, weights = GAME.chance_weights(state)
        state = GAME.apply(state, rng.choices(moves, weights)[0])
    return state
