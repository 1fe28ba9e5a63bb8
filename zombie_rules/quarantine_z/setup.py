"""Quarantine Z's set-up: the quarantine area, the Survivors' draws, the Zombie Player's hand.

"Deal 10 Building Cards (B) face up — this is the quarantine area." Then each
Survivor in turn picks the Supply or Munition deck and draws from it until they
hold their set-up cards, and the Zombie Player draws theirs; the first round then
starts On the Move.
"""

from __future__ import annotations

import functools

from zombie_rules.core.seats import seat_bit
from zombie_rules.quarantine_z._base import (
    add,
    args_error,
    bump,
    new_location,
    set_survivor,
    state_with,
    with_hand,
)
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.flow import zombie_draws
from zombie_rules.quarantine_z.knowledge import card_code
from zombie_rules.quarantine_z.state import (
    Action,
    Move,
    Phase,
    State,
    Survivor,
)
from zombie_rules.quarantine_z.steps import SetupDraw, setup_draw

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_CHOOSE = Action.CHOOSE
_MUNITION = Deck.MUNITION
_SUPPLY = Deck.SUPPLY
_BUILDINGS = Phase.BUILDINGS
_DECIDE = Phase.DECIDE
_SETUP_CHOOSE = Phase.SETUP_CHOOSE
_SETUP_DRAW = Phase.SETUP_DRAW


@functools.lru_cache(maxsize=64)
def _shared(config: Config) -> Config:
    """One Config object per distinct config, so per-config caches hit by identity."""
    return config


def new_game(config: Config | None = None) -> State:
    """A new game: "Deal 10 Building Cards (B) face up — this is the quarantine area." first."""
    config = _shared(Config() if config is None else config)
    t = tables(config)
    n = config.players
    items = len(config.items)
    nz = len(config.zombie_cards)
    supply = tuple(c if i in t.supply_ids else 0 for i, c in enumerate(t.item_copies))
    munition = tuple(c if i in t.munition_ids else 0 for i, c in enumerate(t.item_copies))
    fresh = Survivor(config.survivor_life, (), (), 0)
    nobody = Survivor(0, (), (), 0)
    return State(
        config, _BUILDINGS, None, (1,) * len(config.buildings), (),
        supply, munition, t.zombie_copies, 0, (),
        tuple(nobody if s == config.zombie_seat else fresh for s in range(n)),
        -1, (-1,) * n, 0, 0, 0, (0,) * n, (0, 0), 0, 0, 0, None,
        (0,) * items, (0,) * nz, (0,) * nz, 0,
    )  # fmt: skip


#: Positional rebuilds for the set-up's every move (see ``_base.state_with``).
_with_step = state_with("phase", "step")
_with_area = state_with("building_pile", "area")
_with_drawn = state_with("phase", "step", "survivors", "supply_deck", "munition_deck")
_with_decks = state_with("survivors", "supply_deck", "munition_deck")
_with_built = state_with("building_pile", "area", "phase", "step")


def do_building(state: State, building: int) -> State:
    """Chance: the next Building dealt face up into the quarantine area."""
    pile = bump(state.building_pile, building, -1)
    area = (*state.area, new_location(building, False, (), ()))
    if len(area) < state.config.area_size:
        return _with_area(state, pile, area)
    step = _next_setup_step(state, 0, state.supply_deck, state.munition_deck)
    if step is not None:
        return _with_built(state, pile, area, _SETUP_CHOOSE, step)
    return _opening_draws(_with_area(state, pile, area))


def _opening_draws(state: State) -> State:
    """ "The Zombie Player draws 4 cards from the Zombie (Z) deck." (scaled: ruling 38), once
    the Survivors' set-up draws are over (the draws read neither Survivors nor their decks)."""
    return zombie_draws(state, state.config.zombie_opening_hand, _DECIDE)


def _next_setup_step(
    state: State, done: int, supply: tuple[int, ...], munition: tuple[int, ...]
) -> SetupDraw | None:
    """ "Each Survivor draws either a Supply or Munition card ... until they have drawn 4":
    the set-up draw after ``done`` draws with these decks, or None once they are over.

    The callers set the fields the draw changed in the same positional rebuild as the
    step returned (see ``_base.state_with``)."""
    config = state.config
    survivors = tables(config).survivors
    total = len(survivors) * config.setup_draws
    while done < total:
        if any(supply) or any(munition):
            return setup_draw(survivors[done % len(survivors)], done, None)
        done += 1  # both decks are empty (only with a small custom set)
    return None


def _setup_step(state: State) -> SetupDraw:
    step = state.step
    assert isinstance(step, SetupDraw)
    return step


def setup_drawer(state: State) -> int:
    """The Survivor whose set-up draw is under way."""
    return _setup_step(state).drawer


def check_setup_choose(state: State, move: Move) -> str | None:
    """The drawing Survivor picks the deck of their next set-up draw."""
    drawer = setup_drawer(state)
    if move.seat != drawer or move.action is not _CHOOSE:
        return (
            f"seat {drawer} is choosing a deck to draw from: 'choose supply' or 'choose munition'"
        )
    if args_error(move, 1) or move.args[0] not in (0, 1):
        return "'choose supply' or 'choose munition'"
    deck = state.munition_deck if move.args[0] else state.supply_deck
    if not any(deck):
        return "that deck is empty; choose the other one"
    return None


def legal_setup_choose(state: State) -> tuple[Move, ...]:
    """'choose supply' and 'choose munition', each while its deck has cards."""
    return _choices(setup_drawer(state), any(state.supply_deck), any(state.munition_deck))


@functools.lru_cache(maxsize=64)
def _choices(s: int, supply: bool, munition: bool) -> tuple[Move, ...]:
    """The set-up choices of seat ``s``, built once per seat and open decks."""
    return tuple(Move(s, _CHOOSE, (k,)) for k, ok in enumerate((supply, munition)) if ok)


def do_setup_choose(state: State, move: Move) -> State:
    """The chosen deck; its draw is a chance event next."""
    step = _setup_step(state)
    deck = _MUNITION if move.args[0] else _SUPPLY
    return _with_step(state, _SETUP_DRAW, setup_draw(step.drawer, step.drawn, deck))


def do_setup_draw(state: State, item: int) -> State:
    """Chance: the card the drawing Survivor draws from the chosen deck."""
    step = _setup_step(state)
    seat = step.drawer
    me = state.survivors[seat]
    munition = step.deck is _MUNITION
    pile = bump(state.munition_deck if munition else state.supply_deck, item, -1)
    # "They may look at this card."
    me = with_hand(me, add(me.hand, card_code(item, seat_bit(seat))))
    supply = state.supply_deck if munition else pile
    munitions = pile if munition else state.munition_deck
    nxt = _next_setup_step(state, step.drawn + 1, supply, munitions)
    survivors = set_survivor(state, seat, me)
    if nxt is not None:
        return _with_drawn(state, _SETUP_CHOOSE, nxt, survivors, supply, munitions)
    return _opening_draws(_with_decks(state, survivors, supply, munitions))
