"""Quarantine Z's third round of speed-ups changes no answer, and keeps the heap still.

A random playout spent about a tenth of its time, and more as the caches filled, in
the garbage collector's full passes over the heap: caches keyed by encoded hands or
pile counts missed more often than they hit, and every miss left long-lived tuples
of moves behind. Those moves are now picked out of shared rows afresh (by the kinds
of item held, ``_base.held_kinds``, or by ``compress`` over a pile's counts);
``active`` keeps its last answer by the Survivors' records and the fighting seats;
``replace`` hands its keyword changes to the rebuild as one dict; ``apply`` tests
the game's end inline. Each is checked against the plain computation over seeded
games, and the heap's growth over a batch of playouts is bounded.
"""

from __future__ import annotations

import gc
import random

import attrs

from tests.quarantine_z.qz_helpers import random_states
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import has_seat, with_seat
from zombie_rules.quarantine_z import (
    Config,
    Phase,
    State,
    apply,
    chance_weights,
    legal_moves,
    new_game,
    to_act,
)
from zombie_rules.quarantine_z._base import active, best_gun, held_kinds, replace, replace_combat
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.knowledge import item_counts, items_of
from zombie_rules.quarantine_z.rules import _finish, _pile
from zombie_rules.quarantine_z.state import Action, Move

STATES = random_states(range(8))


def test_held_kinds_are_the_distinct_items_of_a_hand_in_order() -> None:
    for state in STATES:
        for sv in state.survivors:
            assert held_kinds(sv.hand) == tuple(dict.fromkeys(items_of(sv.hand)))


def test_best_gun_is_the_most_damaging_loaded_firearm() -> None:
    """ "Shoot" needs an equipped firearm and its ammunition in hand; the strongest is used."""
    for state in STATES:
        config = state.config
        for sv in state.survivors:
            held = items_of(sv.hand)
            loaded = [
                e
                for e in sv.equipment
                if config.items[e].gun_damage and tables(config).ammo_of[e] in held
            ]
            expected = max(loaded, key=lambda e: (config.items[e].gun_damage, -e), default=-1)
            assert best_gun(config, sv) == expected


def test_a_draw_lists_the_kinds_left_weighted_by_their_counts() -> None:
    draws = [s for s in STATES if CHANCE in to_act(s) and s.phase is not Phase.OVER]
    assert any(s.phase is Phase.ZOMBIE_DRAW for s in draws)
    for state in draws:
        moves, weights = chance_weights(state)
        if moves[0].action is Action.ROLL:
            assert [m.args for m in moves] == [(f,) for f in range(1, 7)] and set(weights) == {1}
            continue
        action, counts = _pile(state)
        assert moves == tuple(Move(CHANCE, action, (k,)) for k, c in enumerate(counts) if c)
        assert weights == tuple(c for c in counts if c)


def test_a_steal_draws_from_the_victims_hand() -> None:
    """ "Steal": a random card of their hand, so a chance event over the kinds held."""
    steals = [s for s in STATES if s.phase is Phase.STEAL_CARD]
    assert steals
    for state in steals:
        step = state.step
        victim = state.survivors[step.victim]  # type: ignore[union-attr]
        counts = item_counts(victim.hand, len(state.config.items))
        moves, weights = chance_weights(state)
        assert [m.args[0] for m in moves] == [k for k, c in enumerate(counts) if c]
        assert sum(weights) == len(victim.hand)


def _plain_active(state: State) -> tuple[int, ...]:
    combat = state.combat
    assert combat is not None
    return tuple(
        s
        for s in tables(state.config).survivors
        if has_seat(combat.members, s)
        and not has_seat(combat.escaped, s)
        and state.survivors[s].life > 0
    )


def test_active_follows_the_records_and_the_fighting_seats() -> None:
    fights = [s for s in STATES if s.combat is not None]
    assert fights
    for state in fights:
        combat = state.combat
        assert combat is not None
        assert active(state) == _plain_active(state)
        # The same Survivors' records, one more seat escaped: a new answer, not the memo's.
        for s in active(state):
            escaped = replace(
                state, combat=replace_combat(combat, escaped=with_seat(combat.escaped, s))
            )
            assert active(escaped) == _plain_active(escaped)
            assert s not in active(escaped)
        assert active(state) == _plain_active(state)


def test_keyword_and_positional_rebuilds_build_the_same_state() -> None:
    for state in STATES[::7]:
        by_name = replace(state, noise=state.noise + 1, phase=Phase.OVER, step=None)
        built = attrs.evolve(state, noise=state.noise + 1, phase=Phase.OVER, step=None)
        assert by_name == built and hash(by_name) == hash(built)
        assert type(by_name) is State


def _decide_state() -> State:
    return next(s for s in STATES if s.phase is Phase.DECIDE and s.zombie_hand)


def test_the_game_ends_once_no_survivor_is_alive() -> None:
    """ "The Zombie Player wins once all Survivors are dead." (tested inline in apply)."""
    state = _decide_state()
    assert _finish(state) is state
    dead = tuple(attrs.evolve(sv, life=0) for sv in state.survivors)
    over = _finish(replace(state, survivors=dead))
    assert over.phase is Phase.OVER and over.combat is None and over.step is None


def test_the_game_ends_once_the_zombie_player_has_no_cards() -> None:
    """ "Survivors win the game when the Zombie Player has no more cards in their deck and
    their hand." """
    state = _decide_state()
    deck = (0,) * len(state.zombie_deck)
    assert _finish(replace(state, zombie_deck=deck, burned=0)).phase is Phase.DECIDE
    over = _finish(replace(state, zombie_hand=(), zombie_deck=deck, burned=0))
    assert over.phase is Phase.OVER and over.waiting == 0


def _playouts(games: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(games):
        state = new_game(Config())
        while actors := to_act(state):
            if CHANCE in actors:
                moves, weights = chance_weights(state)
                move = rng.choices(moves, weights)[0]
            else:
                legal = legal_moves(state)
                move = legal[rng.randrange(len(legal))]
            state = apply(state, move)


def test_playouts_leave_few_long_lived_objects_behind() -> None:
    """Sixty random games add few objects the collector tracks (the caches keyed by
    encoded hands and pile counts added some seventeen thousand), so its full passes
    over the heap stay rare."""
    _playouts(20, 0)
    gc.collect()
    before = len(gc.get_objects())
    _playouts(60, 1)
    gc.collect()
    assert len(gc.get_objects()) - before < 5000
