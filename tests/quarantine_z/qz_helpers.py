"""Shared builders for the Quarantine Z tests: states reached by explicit chance moves."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from zombie_rules.core.actors import CHANCE
from zombie_rules.quarantine_z import (
    GAME,
    Action,
    Config,
    Deck,
    Move,
    Phase,
    SetupDraw,
    State,
    apply,
    legal_moves,
    new_game,
)
from zombie_rules.quarantine_z._base import held_kinds
from zombie_rules.quarantine_z.effects import _usable
from zombie_rules.quarantine_z.state import Survivor
from zombie_rules.testing import random_playout

T = TypeVar("T")


def random_states(seeds: range) -> list[State]:
    """Every state of one random game per seed, over 3-5 players and each Zombie seat,
    with six free actions a visit (so Decide steps list many moves)."""
    out: list[State] = []
    for seed in seeds:
        config = Config(players=(3, 4, 5)[seed % 3], zombie_seat=seed % 3, free_actions=6)
        out += random_playout(GAME, config, seed).states
    return out


def plain_item_moves(config: Config, s: int, sv: Survivor) -> list[Move]:
    """Survivor ``s``'s 'use' and 'equip' moves outside combat, the plain way: every kind
    of item in hand, in hand order, with each action the item check accepts."""
    return [
        Move(s, action, (item,))
        for item in held_kinds(sv.hand)
        for action in (Action.USE, Action.EQUIP)
        if _usable(config, sv, item, action) is None
    ]


DEFAULT_HANDS: dict[int, tuple[str, ...]] = {
    1: ("Pistol", "Bullets", "Canned Food", "Bandages"),
    2: ("Baseball Bat", "Canned Food", "Bottled Water", "Kevlar Vest"),
    3: ("Shotgun", "Shells", "Canned Food", "Grenade"),
    4: ("Fire Axe", "Canned Food", "First Aid Kit", "Painkillers"),
}
DEFAULT_ZOMBIE_HAND = ("Brute", "Runner", "Claws", "Fresh Meat")


def item(config: Config, name: str) -> int:
    return next(i for i, it in enumerate(config.items) if it.name == name)


def zcard(config: Config, name: str) -> int:
    return next(i for i, c in enumerate(config.zombie_cards) if c.name == name)


def building(config: Config, name: str) -> int:
    return next(i for i, b in enumerate(config.buildings) if b.name == name)


def chance(action: Action, arg: int) -> Move:
    return Move(CHANCE, action, (arg,))


def start(
    config: Config | None = None,
    hands: dict[int, Sequence[str]] | None = None,
    zombie_hand: Sequence[str] = DEFAULT_ZOMBIE_HAND,
    buildings: Sequence[int] = tuple(range(10)),
) -> State:
    """Set-up done with chosen cards: Buildings 0-9 in order (by default), the given hands."""
    config = Config() if config is None else config
    hands = DEFAULT_HANDS if hands is None else hands
    state = new_game(config)
    for b in buildings[: config.area_size]:
        state = apply(state, chance(Action.BUILDING, b))
    while state.phase is Phase.SETUP_CHOOSE:
        seat = step_as(state, SetupDraw).drawer
        name = hands[seat][len(state.survivors[seat].hand)]
        k = item(config, name)
        deck = 0 if config.items[k].deck is Deck.SUPPLY else 1
        state = apply(state, Move(seat, Action.CHOOSE, (deck,)))
        state = apply(state, chance(Action.ITEM, k))
    for name in zombie_hand:
        state = apply(state, chance(Action.ZCARD, zcard(config, name)))
    assert state.phase is Phase.DECIDE, state.phase
    return state


def step_as(state: State, kind: type[T]) -> T:
    """The state's step record, which must be a ``kind`` (see ``quarantine_z.steps``)."""
    step = state.step
    assert isinstance(step, kind), f"{state.phase}: {step!r}"
    return step


def survivors(state: State) -> list[int]:
    return [s for s in range(state.config.players) if s != state.config.zombie_seat]


def propose_all(state: State, location: int) -> State:
    for s in survivors(state):
        if state.phase is Phase.DECIDE and state.survivors[s].life > 0:
            state = apply(state, Move(s, Action.PROPOSE, (location,)))
    return state


def sneak(state: State, rolls: Sequence[int], draws: Sequence[str] = ()) -> State:
    """Sneak rolls (one per living Survivor) and the Zombie Player's noise draws."""
    for r in rolls:
        assert state.phase is Phase.SNEAK
        state = apply(state, chance(Action.ROLL, r))
    for name in draws:
        assert state.phase is Phase.ZOMBIE_DRAW
        state = apply(state, chance(Action.ZCARD, zcard(state.config, name)))
    assert state.phase is Phase.ZOMBIES, state.phase
    return state


def travel(state: State, location: int, draws: Sequence[str] = ()) -> State:
    """Go to ``location`` quietly (every Sneak roll a 6): the Zombies! step."""
    state = propose_all(state, location)
    return sneak(state, [6] * sum(state.survivors[s].life > 0 for s in survivors(state)), draws)


def loot(state: State, names: Sequence[str]) -> State:
    """Draw the named loot cards (in the order the rules ask: Supply first)."""
    for name in names:
        assert state.phase is Phase.LOOT_DRAW, state.phase
        state = apply(state, chance(Action.ITEM, item(state.config, name)))
    return state


def move(seat: int, action: Action, *args: int) -> Move:
    return Move(seat, action, tuple(args))


def legal_for(state: State, seat: int) -> list[Move]:
    return [m for m in legal_moves(state) if m.seat == seat]
