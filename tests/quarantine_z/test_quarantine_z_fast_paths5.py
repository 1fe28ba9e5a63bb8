"""Quarantine Z's fifth round of speed-ups lists exactly the moves, in the order, of the
plain listing.

The free phases (On the Move's Decide step, At a Location) now pick every seat's
items, gifts, thefts and ambushes out of the config's ``kit.Kit`` in one pass per
seat, reading who has room in hand once per state; locations, zombies, Survivors
and combats are built by plain slot stores (``_base.new_location`` and the others);
decks hash by identity; the commonest chance nodes are read without the general
pile lookup (the Buildings' weights as the shared ones). Each listing is checked here
against a plain one written from the rules (a ``Move`` built per candidate, in the
rules' order), over seeded games of 3-5 players; the fingerprint of seeded games
(tools) covers the moves whole.
"""

from __future__ import annotations

import attrs
import pytest

from tests.quarantine_z.qz_helpers import plain_item_moves, random_states
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z import Config, Phase, State, location, rules, travel
from zombie_rules.quarantine_z._base import (
    best_gun,
    in_play,
    living,
    new_combat,
    new_location,
    new_survivor,
    new_zombie,
)
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.flow import proposal_changes
from zombie_rules.quarantine_z.kit import _MAX_AMBUSH_ROWS, _kit, kit
from zombie_rules.quarantine_z.knowledge import items_of
from zombie_rules.quarantine_z.state import Action, Location, Move
from zombie_rules.quarantine_z.steps import setup_draw

STATES = random_states(range(10))


def _plain_free_actions(state: State, s: int, players: tuple[int, ...]) -> list[Move]:
    """Gifts (per receiver with room, per kind held), then per victim a theft and the
    snatches, then the ambushes (Shoot with a loaded firearm)."""
    config = state.config
    me = state.survivors[s]
    held = list(dict.fromkeys(items_of(me.hand)))
    moves = []
    for j in players:
        if j != s and len(state.survivors[j].hand) < config.survivor_hand:
            moves += [Move(s, Action.GIVE, (j, item)) for item in held]
    if config.allow_steal:
        for j in players:
            if j == s:
                continue
            other = state.survivors[j]
            if len(me.hand) < config.survivor_hand and other.hand:
                moves.append(Move(s, Action.STEAL, (j,)))
            moves += [
                Move(s, Action.SNATCH, (j, item))
                for item in other.equipment
                if item not in me.equipment
            ]
    shoot = best_gun(config, me) >= 0
    for j in players:
        if j != s:
            moves.append(Move(s, Action.AMBUSH, (j, 0)))
            if shoot:
                moves.append(Move(s, Action.AMBUSH, (j, 1)))
    return moves


def _plain_decide(state: State) -> list[Move]:
    moves: list[Move] = []
    alive = living(state)
    for s in alive:
        if has_seat(state.passed, s):
            continue
        own = state.proposals[s]
        changes: tuple[int, ...] = ()
        if own == -1:
            moves += [
                Move(s, Action.PROPOSE, (loc,))
                for loc in range(len(state.area))
                if loc != state.here
            ]
        else:
            changes = proposal_changes(state, s)
            moves += [Move(s, Action.PROPOSE, (loc,)) for loc in changes]
        moves += plain_item_moves(state.config, s, state.survivors[s])
        if state.actions_used[s] < state.config.free_actions:
            moves += _plain_free_actions(state, s, alive)
        if own != -1 and not changes:
            moves.append(Move(s, Action.READY))
    return moves


def test_decide_listing_is_the_plain_listing() -> None:
    decide = [s for s in STATES if s.phase is Phase.DECIDE]
    assert len(decide) > 100
    for state in decide:
        assert list(travel.legal_decide(state)) == _plain_decide(state)


def test_location_free_actions_are_the_plain_ones() -> None:
    """Per seat: items, then (a free action left) the plain free actions before the claims."""
    seen = 0
    for state in STATES:
        if state.phase is not Phase.LOCATION:
            continue
        listed = location.legal_location(state)
        players = in_play(state)
        for s in players:
            if has_seat(state.passed, s):
                continue
            mine = [m for m in listed if m.seat == s]
            expected = plain_item_moves(state.config, s, state.survivors[s])
            if state.actions_used[s] < state.config.free_actions:
                expected += _plain_free_actions(state, s, players)
            assert mine[: len(expected)] == expected
            seen += 1
    assert seen > 50


def test_kit_rows_are_the_moves_they_stand_for() -> None:
    for config in (Config(), Config(players=5, zombie_seat=2), Config(players=3)):
        table = kit(config)
        assert table is _kit(config)
        for s in range(config.players):
            for i, item in enumerate(config.items):
                move = table.items[s][i]
                if i in table.heals:
                    assert move == Move(s, Action.USE, (i,))
                elif move is not None:
                    assert move == Move(s, Action.EQUIP, (i,))
                    assert item.kind.name == "EQUIPMENT"
            for j in range(config.players):
                assert table.steals[s][j] == Move(s, Action.STEAL, (j,))
                assert table.gifts[s][j][3] == Move(s, Action.GIVE, (j, 3))
                assert table.snatches[s][j][4] == Move(s, Action.SNATCH, (j, 4))


def test_kit_keeps_ambush_rows_for_a_bounded_number_of_seat_lists() -> None:
    table = _kit(Config(players=5))
    for k in range(_MAX_AMBUSH_ROWS * 2):
        table.ambushes((0, 5 + k))  # seat lists no table has: each one new
        assert len(table._ambush_rows) <= _MAX_AMBUSH_ROWS
    fight = Move(1, Action.AMBUSH, (3, 0))
    assert table.ambushes((1, 3))[1] == ((fight,), (fight, Move(1, Action.AMBUSH, (3, 1))))
    assert table.ambushes((1, 3))[3][1] == (
        Move(3, Action.AMBUSH, (1, 0)),
        Move(3, Action.AMBUSH, (1, 1)),
    )


def _same(a: object, b: object) -> None:
    assert type(a) is type(b)
    assert a == b
    assert hash(a) == hash(b)
    assert attrs.asdict(a, recurse=False) == attrs.asdict(b, recurse=False)  # type: ignore[arg-type]


def test_built_records_are_what_their_classes_build() -> None:
    """``new_location`` and the others build the very records ``__init__`` does."""
    for state in STATES[::7]:
        for loc in state.area:
            _same(new_location(*attrs.astuple(loc, recurse=False)), loc)
            for z in loc.zombies:
                _same(new_zombie(*attrs.astuple(z, recurse=False)), z)
        for sv in state.survivors:
            _same(new_survivor(*attrs.astuple(sv, recurse=False)), sv)
        if state.combat is not None:
            _same(new_combat(*attrs.astuple(state.combat, recurse=False)), state.combat)
    built = new_location(1, False, (), ())
    _same(built, Location(1, False, (), ()))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.looted = True  # type: ignore[misc]


def test_decks_hash_by_identity() -> None:
    assert hash(Deck.SUPPLY) == object.__hash__(Deck.SUPPLY)
    assert setup_draw(1, 0, Deck.SUPPLY) is setup_draw(1, 0, Deck.SUPPLY)
    assert setup_draw(1, 0, Deck.SUPPLY) != setup_draw(1, 0, Deck.MUNITION)


def test_chance_nodes_read_directly_are_the_plain_draws() -> None:
    """The Buildings' deal (shared weights of ones) and the draws of Zombie, set-up and
    loot cards are the plain draw from the phase's pile (``rules._pile``): the kinds
    still in it, each weighted by its count."""
    seen = 0
    for state in STATES:
        if state.phase not in (
            Phase.BUILDINGS,
            Phase.ZOMBIE_DRAW,
            Phase.SETUP_DRAW,
            Phase.LOOT_DRAW,
        ):
            continue
        action, counts = rules._pile(state)
        moves, weights = rules.chance_weights(state)
        kinds = [k for k, n in enumerate(counts) if n]
        assert moves == tuple(Move(CHANCE, action, (k,)) for k in kinds)
        assert weights == tuple(counts[k] for k in kinds)
        seen += 1
    assert seen > 100
