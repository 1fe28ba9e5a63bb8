"""Quarantine Z's transitions: legal moves, ``apply`` and chance.

Every rulebook sentence implemented here is quoted next to its code and cited by a
test in ``tests/quarantine_z/``; every gap is a ruling in docs/rulings/quarantine_z.md.

One validator per phase (``_check_*``) says what is wrong with a move or returns
``None``; ``legal_moves`` is the phase's candidate moves filtered by the same
validator, so what ``apply`` accepts and what ``legal_moves`` lists cannot drift
apart. Each ``_do_*`` then applies an already validated move.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import TypeVar

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.result import Result
from zombie_rules.quarantine_z.cards import Deck, Event, Item, Kind
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.state import (
    MASK,
    MASK_BITS,
    Action,
    Combat,
    Commit,
    Location,
    Move,
    Phase,
    State,
    Survivor,
    Zombie,
)

#: ``Combat.targets`` value for a Survivor target: ``SURVIVOR_TARGET + seat``.
SURVIVOR_TARGET = 100
T = TypeVar("T")
_FIELDS = tuple(f.name for f in attrs.fields(State))
_DIE = (1, 2, 3, 4, 5, 6)
_CHANCE_PHASES = frozenset(
    {
        Phase.BUILDINGS, Phase.SETUP_DRAW, Phase.ZOMBIE_DRAW, Phase.SNEAK, Phase.LOOT_ROLL,
        Phase.LOOT_DRAW, Phase.CLAIM_CARD, Phase.STEAL_CARD, Phase.AMBUSH_ROLL, Phase.RESOLVE,
    }
)  # fmt: skip


def _r(state: State, **changes: object) -> State:
    """``state`` with some fields replaced (positional construction, no validation)."""
    return State(*[changes.get(name, getattr(state, name)) for name in _FIELDS])  # type: ignore[arg-type]


@functools.lru_cache(maxsize=64)
def _shared(config: Config) -> Config:
    return config


# ------------------------------------------------------------------ set-up


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
        config, Phase.BUILDINGS, -1, 0, 0, Phase.BUILDINGS, (1,) * len(config.buildings), (),
        supply, munition, t.zombie_copies, 0, (),
        tuple(nobody if s == config.zombie_seat else fresh for s in range(n)),
        -1, (-1,) * n, 0, 0, 0, (0,) * n, (), (0, 0), 0, 0, 0, None,
        (0,) * items, (0,) * nz, (0,) * nz,
    )  # fmt: skip


# --------------------------------------------------------------- helpers


def item_of(config: Config, item: int) -> Item:
    return config.items[item]


def living(state: State) -> tuple[int, ...]:
    """Survivor seats still alive, ascending."""
    return tuple(s for s in tables(state.config).survivors if state.survivors[s].life > 0)


def _mask_of(seats: tuple[int, ...]) -> int:
    m = 0
    for s in seats:
        m |= 1 << s
    return m


def zombie_deck_size(state: State) -> int:
    """Cards left in the Zombie deck (its counts also hold the burned cards)."""
    return sum(state.zombie_deck) - state.burned


def hand_items(survivor: Survivor) -> tuple[int, ...]:
    return tuple(c >> MASK_BITS for c in survivor.hand)


def _has(cards: tuple[int, ...], item: int) -> bool:
    return any(c >> MASK_BITS == item for c in cards)


def _take(
    cards: tuple[int, ...], item: int, seat: int = -1, known: bool | None = None
) -> tuple[tuple[int, ...], int]:
    """Remove the first card of ``item`` (known/unknown to ``seat`` if asked); (rest, encoded)."""
    for i, c in enumerate(cards):
        if c >> MASK_BITS != item:
            continue
        if known is not None and bool(c >> seat & 1) != known:
            continue
        return cards[:i] + cards[i + 1 :], c
    raise AssertionError(f"no card {item} to take")  # pragma: no cover


def _add(cards: tuple[int, ...], encoded: int) -> tuple[int, ...]:
    return tuple(sorted((*cards, encoded)))


def _set(rows: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return rows[:i] + (value,) + rows[i + 1 :]


def _set_survivor(state: State, seat: int, survivor: Survivor) -> tuple[Survivor, ...]:
    s = state.survivors
    return s[:seat] + (survivor,) + s[seat + 1 :]


def _set_location(state: State, index: int, location: Location) -> tuple[Location, ...]:
    a = state.area
    return a[:index] + (location,) + a[index + 1 :]


def _bump(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    return counts[:kind] + (counts[kind] + n,) + counts[kind + 1 :]


def best_melee(config: Config, survivor: Survivor) -> tuple[int, bool]:
    """(damage bonus, headshot on 6) of the Survivor's best equipped melee weapon."""
    best = (0, False)
    for e in survivor.equipment:
        it = config.items[e]
        if it.melee or it.melee_headshot:
            best = max(best, (it.melee, it.melee_headshot))
    return best


def best_gun(config: Config, survivor: Survivor) -> int:
    """The equipped firearm a Shoot uses: the most damaging one with ammunition in hand."""
    ammo_of = tables(config).ammo_of
    held = hand_items(survivor)
    best, best_key = -1, (-1, -1)
    for e in survivor.equipment:
        it = config.items[e]
        if it.gun_damage and ammo_of[e] in held:
            key = (it.gun_damage, -e)
            if key > best_key:
                best, best_key = e, key
    return best


def zombie_stats(config: Config, zombie: Zombie) -> tuple[int, int, int, int, bool, int]:
    """(life, damage, escape, armor, horde, noise) of a zombie in play."""
    return _zombie_stats(config, zombie.card, zombie.face_up, zombie.mutations)


@functools.lru_cache(maxsize=4096)
def _zombie_stats(
    config: Config, card: int, face_up: bool, mutations: tuple[int, ...]
) -> tuple[int, int, int, int, bool, int]:
    if face_up:
        c = config.zombie_cards[card]
        life, damage, escape, armor, horde, noise = (
            c.life, c.damage, c.escape, c.armor, c.horde, c.noise,
        )  # fmt: skip
    else:
        life, damage, escape, armor, horde, noise = (
            config.back_life, config.back_damage, config.back_escape, 0, False, 0,
        )  # fmt: skip
    for m in mutations:
        c = config.zombie_cards[m]
        life += c.life
        damage += c.damage
        escape += c.escape
        armor += c.armor
        horde = horde or c.horde
        noise += c.noise
    return life, damage, escape, armor, horde, noise


def _hand_limit(config: Config) -> int:
    return config.survivor_hand


def combat_zombies(state: State) -> tuple[Zombie, ...]:
    """The zombies in the current combat: those at the Survivors' location."""
    combat = state.combat
    if combat is None or combat.origin is Phase.DECIDE or state.here < 0:
        return ()
    return state.area[state.here].zombies


def escape_value(state: State, seat: int) -> int:
    """Location, zombie and item modifiers: "adding all Escape Value modifiers"."""
    config = state.config
    combat = state.combat
    value = 0
    if combat is not None and combat.origin is not Phase.DECIDE and state.here >= 0:
        value += config.buildings[state.area[state.here].building].escape
    for z in combat_zombies(state):
        value += zombie_stats(config, z)[2]
    value += sum(config.items[e].escape for e in state.survivors[seat].equipment)
    if combat is not None:
        value += combat.scare
    return value


def escape_bonus(state: State, seat: int) -> int:
    """+1 for each other Survivor at the location not escaping, the dead of this combat included."""
    combat = state.combat
    assert combat is not None
    bonus = 0
    for s in tables(state.config).survivors:
        if s == seat or not combat.members >> s & 1 or combat.escaped >> s & 1:
            continue
        if combat.died >> s & 1 or (
            state.survivors[s].life > 0 and combat.commits[s] != Commit.ESCAPE
        ):
            bonus += 1
    return bonus


def _active(state: State) -> tuple[int, ...]:
    """Survivors in the combat, alive and not escaped."""
    combat = state.combat
    assert combat is not None
    return tuple(
        s
        for s in tables(state.config).survivors
        if combat.members >> s & 1 and not combat.escaped >> s & 1 and state.survivors[s].life > 0
    )


def _can_shoot(state: State, seat: int) -> bool:
    return best_gun(state.config, state.survivors[seat]) >= 0


def _is_free_cap_left(state: State, seat: int) -> bool:
    return state.actions_used[seat] < state.config.free_actions


def _use_cap(state: State, seat: int) -> tuple[int, ...]:
    return _bump(state.actions_used, seat)


# ------------------------------------------------------------ protocol


def to_act(state: State) -> frozenset[int]:
    """Who may act now: chance, the seats with legal moves, or nobody when over."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase in _CHANCE_PHASES:
        return frozenset((CHANCE,))
    return frozenset(m.seat for m in legal_moves(state))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over."""
    return _legal(state)


@functools.lru_cache(maxsize=512)
def _legal(state: State) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase in _CHANCE_PHASES:
        return tuple(chance_weights(state)[0])
    check = _CHECKS[phase]
    return tuple(m for m in _candidates(state) if check(state, m) is None)


def chance_weights(state: State) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The current chance node as moves and integer weights (empty when a seat acts)."""
    phase = state.phase
    config = state.config
    if phase is Phase.BUILDINGS:
        return _counted(Action.BUILDING, state.building_pile)
    if phase is Phase.SETUP_DRAW or phase is Phase.LOOT_DRAW:
        return _counted(Action.ITEM, state.munition_deck if state.pick else state.supply_deck)
    if phase is Phase.ZOMBIE_DRAW:
        return _counted(Action.ZCARD, state.zombie_deck)
    if phase in (Phase.SNEAK, Phase.LOOT_ROLL, Phase.AMBUSH_ROLL, Phase.RESOLVE):
        return _die_moves(), (1,) * 6
    if phase is Phase.CLAIM_CARD:
        claimant = state.claim[0]
        counts = [0] * len(config.items)
        for c in state.area[state.here].cards:
            if not c >> claimant & 1:
                counts[c >> MASK_BITS] += 1
        return _counted(Action.ITEM, tuple(counts))
    if phase is Phase.STEAL_CARD:
        counts = [0] * len(config.items)
        for c in state.survivors[state.pick].hand:
            counts[c >> MASK_BITS] += 1
        return _counted(Action.ITEM, tuple(counts))
    return (), ()


@functools.cache
def _die_moves() -> tuple[Move, ...]:
    return tuple(Move(CHANCE, Action.ROLL, (face,)) for face in _DIE)


@functools.cache
def _kind_move(action: Action, kind: int) -> Move:
    return Move(CHANCE, action, (kind,))


def _counted(action: Action, counts: tuple[int, ...]) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    moves = tuple(_kind_move(action, k) for k, n in enumerate(counts) if n)
    return moves, tuple(n for n in counts if n)


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Exact probabilities of the chance node; empty when a seat is to act."""
    moves, weights = chance_weights(state)
    return outcomes_from_weights(moves, weights) if moves else ()


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` and changes nothing if illegal."""
    if not isinstance(move, Move):
        raise IllegalMove(f"{move!r} is not a Quarantine Z move")
    phase = state.phase
    if phase is Phase.OVER:
        raise IllegalMove(f"{move}: the game is over; no move is legal")
    if phase in _CHANCE_PHASES:
        error = _check_chance(state, move)
        if error is not None:
            raise IllegalMove(f"{move}: {error}")
        return _finish(_CHANCE_DO[phase](state, move.args[0]))
    error = _CHECKS[phase](state, move)
    if error is not None:
        raise IllegalMove(f"{move}: {error}")
    return _finish(_DOS[phase](state, move))


def _check_chance(state: State, move: Move) -> str | None:
    if move.seat != CHANCE:
        return f"a chance event is due ({state.phase.value}); only 'chance' moves now"
    moves, _ = chance_weights(state)
    if move not in moves:
        return "not a possible outcome now; possible: " + ", ".join(
            " ".join([m.action.value, *map(str, m.args)]) for m in moves
        )
    return None


def _finish(state: State) -> State:
    """End the game when a side has won; otherwise leave the state as it is."""
    if state.phase is Phase.OVER or state.phase is Phase.BUILDINGS:
        return state
    if not living(state):
        # "The Zombie Player wins once all Survivors are dead."
        return _r(state, phase=Phase.OVER, turn=-1, combat=None, waiting=0, claim=())
    if not state.zombie_hand and zombie_deck_size(state) == 0:
        # "Survivors win the game when the Zombie Player has no more cards in their deck
        # and their hand."
        return _r(state, phase=Phase.OVER, turn=-1, combat=None, waiting=0, claim=())
    return state


def result(state: State) -> Result | None:
    """Who won: the Zombie Player when every Survivor is dead, else the living Survivors."""
    if state.phase is not Phase.OVER:
        return None
    config = state.config
    alive = living(state)
    scores = tuple(
        len(tables(config).survivors) - len(alive)
        if s == config.zombie_seat
        else state.survivors[s].life
        for s in range(config.players)
    )
    if not alive:
        return Result(frozenset((config.zombie_seat,)), scores, "all Survivors are dead")
    return Result(
        frozenset(alive),
        scores,
        "the Zombie Player has no cards left in deck or hand; the living Survivors win",
    )


# ---------------------------------------------------------- candidates


def _candidates(state: State) -> Iterator[Move]:
    """Moves worth validating in this phase: a superset of the legal ones, stable order."""
    config = state.config
    t = tables(config)
    phase = state.phase
    z = config.zombie_seat
    if phase is Phase.SETUP_CHOOSE:
        yield Move(state.turn, Action.CHOOSE, (0,))
        yield Move(state.turn, Action.CHOOSE, (1,))
        return
    if phase is Phase.ZOMBIES:
        hand = tuple(dict.fromkeys(state.zombie_hand))
        for card in hand:
            if card in t.events:
                if config.zombie_cards[card].event is Event.BITE:
                    for s in t.survivors:
                        yield Move(z, Action.EVENT, (card, s))
                else:
                    yield Move(z, Action.EVENT, (card,))
        for card in hand:
            if card in t.specials:
                yield Move(z, Action.PLAY, (card,))
        for card in hand:
            yield Move(z, Action.HIDE, (card,))
        zombies = state.area[state.here].zombies
        for card in hand:
            if card in t.mutations:
                for i in range(len(zombies)):
                    yield Move(z, Action.MUTATE, (card, i))
        yield Move(z, Action.DRAW)
        yield Move(z, Action.DONE)
        return
    if phase is Phase.SHELTER:
        for card in dict.fromkeys(state.zombie_hand):
            yield Move(z, Action.DISCARD, (card,))
        yield Move(z, Action.BURN)
        return
    if phase is Phase.BITE:
        for s in t.survivors:
            yield Move(z, Action.BITE, (s,))
        return
    if phase is Phase.CLAIM:
        for s in t.survivors:
            yield Move(s, Action.ALLOW)
            yield Move(s, Action.OBJECT)
        return
    if phase is Phase.DISPUTE:
        for s in t.survivors:
            yield Move(s, Action.WITHDRAW)
            yield Move(s, Action.CONCEDE)
            for j in t.survivors:
                yield Move(s, Action.AMBUSH, (j, 0))
                yield Move(s, Action.AMBUSH, (j, 1))
        return
    if phase is Phase.COMMIT:
        for s in t.survivors:
            for c in Commit:
                yield Move(s, Action.COMMIT, (int(c),))
        return
    if phase is Phase.DECLARE:
        s = state.turn
        for item in dict.fromkeys(hand_items(state.survivors[s])):
            yield Move(s, Action.USE, (item,))
        for i in range(len(combat_zombies(state))):
            yield Move(s, Action.TARGET_ZOMBIE, (i,))
        for j in t.survivors:
            yield Move(s, Action.TARGET_SURVIVOR, (j,))
        yield Move(s, Action.READY)
        return
    if phase is Phase.DECIDE:
        for s in t.survivors:
            for loc in range(len(state.area)):
                yield Move(s, Action.PROPOSE, (loc,))
            yield from _item_moves(state, s)
            for j in t.survivors:
                yield Move(s, Action.AMBUSH, (j, 0))
                yield Move(s, Action.AMBUSH, (j, 1))
        return
    if phase is Phase.LOCATION:
        for s in t.survivors:
            yield from _location_moves(state, s)
        return


def _item_moves(state: State, s: int) -> Iterator[Move]:
    for item in dict.fromkeys(hand_items(state.survivors[s])):
        yield Move(s, Action.USE, (item,))
        yield Move(s, Action.EQUIP, (item,))


def _location_moves(state: State, s: int) -> Iterator[Move]:
    t = tables(state.config)
    me = state.survivors[s]
    held = tuple(dict.fromkeys(hand_items(me)))
    yield from _item_moves(state, s)
    for j in t.survivors:
        for item in held:
            yield Move(s, Action.GIVE, (j, item))
    for j in t.survivors:
        yield Move(s, Action.STEAL, (j,))
        for item in state.survivors[j].equipment:
            yield Move(s, Action.SNATCH, (j, item))
    for j in t.survivors:
        yield Move(s, Action.AMBUSH, (j, 0))
        yield Move(s, Action.AMBUSH, (j, 1))
    lying = tuple(dict.fromkeys(c >> MASK_BITS for c in state.area[state.here].cards))
    for item in lying:
        yield Move(s, Action.CLAIM, (item,))
        yield Move(s, Action.CLAIM_USE, (item,))
    yield Move(s, Action.CLAIM_HIDDEN)
    for item in held:
        yield Move(s, Action.STASH, (item,))
    for item in held:
        yield Move(s, Action.FEED, (item,))
    yield Move(s, Action.LEAVE)


# ------------------------------------------------------------ validators


def _survivor_seat(state: State, seat: int) -> bool:
    return seat in tables(state.config).survivors


def _alive(state: State, seat: int) -> bool:
    return _survivor_seat(state, seat) and state.survivors[seat].life > 0


def _args(move: Move, n: int) -> str | None:
    if len(move.args) != n:
        return f"'{move.action.value}' takes {n} argument{'s' if n != 1 else ''}"
    return None


def _check_setup_choose(state: State, move: Move) -> str | None:
    if move.seat != state.turn or move.action is not Action.CHOOSE:
        return f"seat {state.turn} is choosing a deck to draw from: 'choose 0' or 'choose 1'"
    if _args(move, 1) or move.args[0] not in (0, 1):
        return "choose 0 (the Supply deck) or 1 (the Munition deck)"
    deck = state.munition_deck if move.args[0] else state.supply_deck
    if not any(deck):
        return "that deck is empty; choose the other one"
    return None


def _check_item_use(state: State, move: Move, s: int) -> str | None:
    """USE or EQUIP of a hand card outside combat."""
    if _args(move, 1):
        return _args(move, 1)
    item = move.args[0]
    me = state.survivors[s]
    if not _has(me.hand, item):
        return "that card is not in your hand"
    return _usable(state, s, item, move.action)


def _usable(state: State, s: int, item: int, action: Action) -> str | None:
    it = state.config.items[item]
    me = state.survivors[s]
    if action is Action.USE:
        if it.kind is not Kind.HEAL:
            return f"{it.name} is not a non-combat item that can be used"
        if me.life >= state.config.survivor_life:
            return "you are at full Life; a healing item would be wasted"
        return None
    if it.kind is not Kind.EQUIPMENT:
        return f"{it.name} is not equipment"
    if item in me.equipment:
        # "Survivors may not equip two items of the same name."
        return f"you already have a {it.name} equipped"
    return None


def _check_ambush(state: State, move: Move, s: int) -> str | None:
    if _args(move, 2):
        return _args(move, 2)
    j, kind = move.args
    if not _alive(state, j) or j == s:
        return "ambush another living Survivor"
    if kind not in (0, 1):
        return "ambush with 0 (Fight) or 1 (Shoot)"
    if kind == 1 and not _can_shoot(state, s):
        return "Shoot needs an equipped firearm and its ammunition in your hand"
    if not _is_free_cap_left(state, s):
        return f"you have used your {state.config.free_actions} free actions of this visit"
    return None


def _check_decide(state: State, move: Move) -> str | None:
    s = move.seat
    if not _alive(state, s):
        return "only living Survivors decide where to go"
    alive = living(state)
    props = [state.proposals[j] for j in alive]
    everyone_proposed = -1 not in props
    action = move.action
    if state.proposals[s] != -1 and not everyone_proposed:
        return "wait for the others' proposals"
    if action is Action.PROPOSE:
        if _args(move, 1):
            return _args(move, 1)
        loc = move.args[0]
        if not 0 <= loc < len(state.area) or loc == state.here:
            return f"propose a location 0-{len(state.area) - 1} other than the one you left"
        if state.proposals[s] == -1:
            return None
        if not everyone_proposed:
            return "wait for the others' proposals before changing yours"
        others = {state.proposals[j] for j in alive if j != s}
        if loc == state.proposals[s] or loc not in others:
            return "change your proposal to one another Survivor made: " + ", ".join(
                map(str, sorted(others - {state.proposals[s]}))
            )
        return None
    if action is Action.USE or action is Action.EQUIP:
        return _check_item_use(state, move, s)
    if action is Action.AMBUSH:
        if not everyone_proposed or len(set(props)) == 1:
            return "an ambush On the Move settles a disagreement over the destination"
        return _check_ambush(state, move, s)
    return "On the Move: 'propose L', 'use I', 'equip I' or (in a dispute) 'ambush S K'"


def _check_location(state: State, move: Move) -> str | None:
    s = move.seat
    if not _alive(state, s):
        return "only living Survivors act at a location"
    if state.passed >> s & 1:
        return "you are ready to leave; wait for the others"
    config = state.config
    action = move.action
    me = state.survivors[s]
    limit = _hand_limit(config)
    if action is Action.LEAVE:
        return _args(move, 0)
    if action is Action.USE or action is Action.EQUIP:
        return _check_item_use(state, move, s)
    if action is Action.AMBUSH:
        return _check_ambush(state, move, s)
    capped = action in (
        Action.GIVE, Action.STEAL, Action.SNATCH, Action.CLAIM, Action.CLAIM_USE,
        Action.CLAIM_HIDDEN, Action.STASH,
    )  # fmt: skip
    if capped and not _is_free_cap_left(state, s):
        return f"you have used your {config.free_actions} free actions of this visit"
    if action is Action.GIVE:
        if _args(move, 2):
            return _args(move, 2)
        j, item = move.args
        if not _alive(state, j) or j == s:
            return "give to another living Survivor"
        if not _has(me.hand, item):
            return "that card is not in your hand"
        if len(state.survivors[j].hand) >= limit:
            return f"their hand is full ({limit} cards)"
        return None
    if action is Action.STEAL or action is Action.SNATCH:
        if not config.allow_steal:
            return "stealing is off at this table (Config.allow_steal)"
        n = 1 if action is Action.STEAL else 2
        if _args(move, n):
            return _args(move, n)
        j = move.args[0]
        if not _alive(state, j) or j == s:
            return "steal from another living Survivor"
        if action is Action.STEAL:
            if not state.survivors[j].hand:
                return "their hand is empty"
            if len(me.hand) >= limit:
                return f"your hand is full ({limit} cards)"
            return None
        item = move.args[1]
        if item not in state.survivors[j].equipment:
            return "they have no such item equipped"
        if item in me.equipment:
            return "you already have an item of that name equipped"
        return None
    here_cards = state.area[state.here].cards
    if action in (Action.CLAIM, Action.CLAIM_USE, Action.CLAIM_HIDDEN):
        if state.restricted >> s & 1:
            return "you escaped the last combat: wait until the others have finished collecting"
        if action is Action.CLAIM_HIDDEN:
            if _args(move, 0):
                return _args(move, 0)
            if not any(not c >> s & 1 for c in here_cards):
                return "no card lies here that you have not seen"
            if len(me.hand) >= limit:
                return f"your hand is full ({limit} cards)"
            return None
        if _args(move, 1):
            return _args(move, 1)
        item = move.args[0]
        if not any(c >> MASK_BITS == item and c >> s & 1 for c in here_cards):
            return "no card of that name that you have seen lies here"
        if action is Action.CLAIM:
            if len(me.hand) >= limit:
                return f"your hand is full ({limit} cards)"
            return None
        it = config.items[item]
        return _usable(state, s, item, Action.USE if it.kind is Kind.HEAL else Action.EQUIP)
    if action is Action.STASH:
        if _args(move, 1):
            return _args(move, 1)
        if not _has(me.hand, move.args[0]):
            return "that card is not in your hand"
        return None
    if action is Action.FEED:
        if _args(move, 1):
            return _args(move, 1)
        if not config.buildings[state.area[state.here].building].shelter:
            return "this location is not a Shelter"
        item = move.args[0]
        if not _has(me.hand, item):
            return "that card is not in your hand"
        if config.items[item].deck is not Deck.SUPPLY:
            return "a Shelter takes Supply cards"
        return None
    return (
        "at a location: use, equip, give, steal, snatch, ambush, claim, claim-use,"
        " claim-hidden, stash, feed or leave"
    )


def _check_claim(state: State, move: Move) -> str | None:
    if not _survivor_seat(state, move.seat) or not state.waiting >> move.seat & 1:
        return f"waiting for {_names(state.waiting)} to allow or object to the claim"
    if move.action not in (Action.ALLOW, Action.OBJECT):
        return "answer the claim: 'allow' or 'object'"
    return _args(move, 0)


def _check_dispute(state: State, move: Move) -> str | None:
    s = move.seat
    claimant = state.claim[0]
    if not _survivor_seat(state, s) or (s != claimant and not state.waiting >> s & 1):
        return f"only the claimant (seat {claimant}) and objectors ({_names(state.waiting)}) act"
    action = move.action
    if action is Action.WITHDRAW:
        return "only the claimant withdraws" if s != claimant else _args(move, 0)
    if action is Action.CONCEDE:
        return "only an objector concedes" if s == claimant else _args(move, 0)
    if action is Action.AMBUSH:
        error = _check_ambush(state, move, s)
        if error is not None:
            return error
        j = move.args[0]
        if s == claimant and not state.waiting >> j & 1:
            return "ambush one of the objectors"
        if s != claimant and j != claimant:
            return "ambush the claimant"
        return None
    return "settle the dispute: 'withdraw' (claimant), 'concede' (objector) or 'ambush S K'"


def _names(mask: int) -> str:
    return ", ".join(str(s) for s in range(mask.bit_length()) if mask >> s & 1) or "nobody"


def _check_zombies(state: State, move: Move) -> str | None:
    config = state.config
    t = tables(config)
    if move.seat != config.zombie_seat:
        return f"the Zombie Player (seat {config.zombie_seat}) is checking for Zombies!"
    action = move.action
    hand = state.zombie_hand
    room = state.pick < state.allowance
    can_draw = len(hand) < config.zombie_hand and zombie_deck_size(state) > 0
    if action is Action.DRAW:
        if _args(move, 0):
            return _args(move, 0)
        if state.pick:
            return "you drew instead of playing a Zombie? you already played one this step"
        if not can_draw:
            return "you cannot draw: your hand is full or the Zombie deck is empty"
        return None
    if action is Action.DONE:
        if _args(move, 0):
            return _args(move, 0)
        if state.pick or config.zombie_may_pass or not (hand or can_draw):
            return None
        return "play a Zombie or draw a card instead ('hide C', 'play C' or 'draw')"
    if not move.args or move.args[0] not in hand:
        return "that card is not in your hand"
    card = move.args[0]
    if action is Action.EVENT:
        if card not in t.events:
            return "that card is not playable 'when you could play a Zombie'"
        if config.zombie_cards[card].event is Event.BITE:
            if _args(move, 2):
                return _args(move, 2)
            if not _alive(state, move.args[1]):
                return "target a living Survivor"
            return None
        return _args(move, 1)
    if action is Action.PLAY or action is Action.HIDE:
        if _args(move, 1):
            return _args(move, 1)
        if action is Action.PLAY and card not in t.specials:
            return "only a card that says 'This is a Zombie' is played face up"
        if not room:
            return f"you may play {state.allowance} Zombie(s) this step and have"
        return None
    if action is Action.MUTATE:
        if _args(move, 2):
            return _args(move, 2)
        if card not in t.mutations:
            return "that card is not a Mutation"
        zombies = state.area[state.here].zombies
        i = move.args[1]
        if not 0 <= i < len(zombies):
            return f"no zombie {i} here; zombies here: {len(zombies)}"
        if card in zombies[i].mutations:
            # "No mutation may be played twice on the same zombie."
            return "that Mutation is already on that zombie"
        return None
    return "Zombies!: 'event C', 'play C', 'hide C', 'mutate C Z', 'draw' or 'done'"


def _check_shelter(state: State, move: Move) -> str | None:
    if move.seat != state.config.zombie_seat:
        return f"the Zombie Player (seat {state.config.zombie_seat}) is discarding"
    if move.action is Action.DISCARD:
        if _args(move, 1):
            return _args(move, 1)
        if move.args[0] not in state.zombie_hand:
            return "that card is not in your hand"
        return None
    if move.action is Action.BURN:
        if _args(move, 0):
            return _args(move, 0)
        if zombie_deck_size(state) <= 0:
            return "the Zombie deck is empty"
        return None
    return f"discard {state.count} more: 'discard C' from hand or 'burn' from the deck"


def _check_commit(state: State, move: Move) -> str | None:
    s = move.seat
    combat = state.combat
    assert combat is not None
    if s not in _active(state) or combat.commits[s] != -1:
        return "waiting for the face-down Action cards of " + ", ".join(
            str(j) for j in _active(state) if combat.commits[j] == -1
        )
    if move.action is not Action.COMMIT:
        return "lay an Action card face down: 'commit 0' Fight, 1 Shoot, 2 Escape, 3 Pass"
    if _args(move, 1) or move.args[0] not in (0, 1, 2, 3):
        return "commit 0 (Fight), 1 (Shoot), 2 (Escape) or 3 (Pass)"
    if move.args[0] == Commit.SHOOT and not _can_shoot(state, s):
        return "Shoot needs an equipped firearm and its ammunition in your hand"
    return None


def _targets_available(state: State, s: int) -> bool:
    return bool(combat_zombies(state)) or any(j != s for j in _active(state))


def _check_declare(state: State, move: Move) -> str | None:
    s = state.turn
    combat = state.combat
    assert combat is not None
    if move.seat != s:
        return f"seat {s} is declaring"
    commit = combat.commits[s]
    attacking = commit in (Commit.FIGHT, Commit.SHOOT)
    action = move.action
    if action is Action.USE:
        if _args(move, 1):
            return _args(move, 1)
        item = move.args[0]
        if not _has(state.survivors[s].hand, item):
            return "that card is not in your hand"
        if state.config.items[item].kind is not Kind.COMBAT:
            return "only Combat Items are played in combat"
        return None
    if action is Action.READY:
        if _args(move, 0):
            return _args(move, 0)
        if attacking and _targets_available(state, s):
            return "declare the target of your Fight or Shoot"
        return None
    if action is Action.TARGET_ZOMBIE or action is Action.TARGET_SURVIVOR:
        if not attacking:
            return "only a Fight or a Shoot has a target; 'ready' when done"
        if _args(move, 1):
            return _args(move, 1)
        i = move.args[0]
        if action is Action.TARGET_ZOMBIE:
            if not 0 <= i < len(combat_zombies(state)):
                return f"no zombie {i} in this combat"
            return None
        if i == s or i not in _active(state):
            return "target another Survivor still in the combat"
        return None
    return "declare: 'use I' (Combat Item), 'target-zombie Z', 'target-survivor S' or 'ready'"


def _check_bite(state: State, move: Move) -> str | None:
    if move.seat != state.config.zombie_seat or move.action is not Action.BITE:
        return f"the Zombie Player picks whom zombie {state.turn} damages: 'bite S'"
    if _args(move, 1):
        return _args(move, 1)
    if move.args[0] not in _bite_options(state, state.turn):
        return "that Survivor cannot be damaged by this zombie; options: " + ", ".join(
            map(str, _bite_options(state, state.turn))
        )
    return None


_CHECKS: dict[Phase, Callable[[State, Move], str | None]] = {
    Phase.SETUP_CHOOSE: _check_setup_choose,
    Phase.DECIDE: _check_decide,
    Phase.ZOMBIES: _check_zombies,
    Phase.LOCATION: _check_location,
    Phase.CLAIM: _check_claim,
    Phase.DISPUTE: _check_dispute,
    Phase.SHELTER: _check_shelter,
    Phase.COMMIT: _check_commit,
    Phase.DECLARE: _check_declare,
    Phase.BITE: _check_bite,
}


# ------------------------------------------------------------- set-up flow


def _do_building(state: State, building: int) -> State:
    pile = _bump(state.building_pile, building, -1)
    area = (*state.area, Location(building, False, (), ()))
    if len(area) < state.config.area_size:
        return _r(state, building_pile=pile, area=area)
    state = _r(state, building_pile=pile, area=area)
    return _next_setup_draw(state, 0)


def _next_setup_draw(state: State, done: int) -> State:
    """ "Each Survivor draws either a Supply or Munition card ... until they have drawn 4"."""
    config = state.config
    survivors = tables(config).survivors
    total = len(survivors) * config.setup_draws
    while done < total:
        if any(state.supply_deck) or any(state.munition_deck):
            seat = survivors[done % len(survivors)]
            return _r(state, phase=Phase.SETUP_CHOOSE, turn=seat, count=done)
        done += 1  # both decks are empty (only with a small custom set)
    # "The Zombie Player draws 4 cards from the Zombie (Z) deck."
    return _zombie_draws(_r(state, count=0), config.zombie_setup_draws, Phase.DECIDE)


def _do_setup_choose(state: State, move: Move) -> State:
    return _r(state, phase=Phase.SETUP_DRAW, pick=move.args[0])


def _do_setup_draw(state: State, item: int) -> State:
    seat = state.turn
    me = state.survivors[seat]
    deck = "munition_deck" if state.pick else "supply_deck"
    pile = _bump(getattr(state, deck), item, -1)
    # "They may look at this card."
    me = Survivor(me.life, _add(me.hand, item << MASK_BITS | 1 << seat), me.equipment, me.armor)
    state = _r(state, survivors=_set_survivor(state, seat, me), **{deck: pile})
    return _next_setup_draw(state, state.count + 1)


# ------------------------------------------------------- Zombie Player draws


def _zombie_draws(state: State, n: int, resume: Phase) -> State:
    """Draw up to ``n`` cards "(if they are able to)": hand limit and deck permitting."""
    room = state.config.zombie_hand - len(state.zombie_hand)
    n = min(n, room, zombie_deck_size(state))
    if n <= 0:
        return _continue(_r(state, count=0), resume)
    return _r(state, phase=Phase.ZOMBIE_DRAW, count=n, resume=resume)


def _do_zombie_draw(state: State, card: int) -> State:
    deck = _bump(state.zombie_deck, card, -1)
    hand = tuple(sorted((*state.zombie_hand, card)))
    state = _r(state, zombie_deck=deck, zombie_hand=hand, count=state.count - 1)
    if state.count > 0 and len(hand) < state.config.zombie_hand and zombie_deck_size(state) > 0:
        return state
    return _continue(_r(state, count=0), state.resume)


def _continue(state: State, resume: Phase) -> State:
    if resume is Phase.DECIDE:
        return _start_decide(state)
    if resume is Phase.ZOMBIES:
        return _r(state, phase=Phase.ZOMBIES)
    if resume is Phase.LOOT_DRAW:
        return _end_zombies_step(state)
    if resume is Phase.BITE:
        return _end_round(state)
    if resume is Phase.COMMIT:
        return _r(state, phase=Phase.COMMIT)
    raise AssertionError(f"cannot resume {resume}")  # pragma: no cover


# ------------------------------------------------------------- On the Move


def _start_decide(state: State) -> State:
    """On the Move, Decide: "All the Survivors must decide on a location to travel to."."""
    n = state.config.players
    return _r(
        state, phase=Phase.DECIDE, turn=-1, pick=0, count=0, resume=Phase.DECIDE,
        proposals=(-1,) * n, passed=0, restricted=0, waiting=0, actions_used=(0,) * n,
        claim=(), loot=(0, 0), noise=0, fed=0, combat=None,
    )  # fmt: skip


def _do_decide(state: State, move: Move) -> State:
    s = move.seat
    action = move.action
    if action is Action.USE or action is Action.EQUIP:
        return _use_from_hand(state, s, move.args[0], action)
    if action is Action.AMBUSH:
        return _ambush(state, s, move.args[0], move.args[1], Phase.DECIDE)
    return _agreed(_r(state, proposals=_set(state.proposals, s, move.args[0])))


def _agreed(state: State) -> State:
    """Sneak once every living Survivor proposes the same place: "All Survivors must go to
    the same location." (The dead have no say.)"""
    alive = living(state)
    proposals = tuple(p if s in alive else -1 for s, p in enumerate(state.proposals))
    chosen = {proposals[j] for j in alive}
    if len(chosen) == 1 and -1 not in chosen:
        return _start_sneak(state, chosen.pop())
    return _r(state, phase=Phase.DECIDE, proposals=proposals)


def _start_sneak(state: State, destination: int) -> State:
    # "each Survivor rolls a die. Each Survivor who rolls a 3 or below makes Noise."
    n = state.config.players
    return _r(
        state, phase=Phase.SNEAK, here=destination, turn=living(state)[0], noise=0,
        proposals=(-1,) * n,
    )  # fmt: skip


def _do_sneak(state: State, roll: int) -> State:
    noise = state.noise + (roll <= state.config.noise_at_most)
    later = [s for s in living(state) if s > state.turn]
    if later:
        return _r(state, noise=noise, turn=later[0])
    # "Once each Survivor has rolled, the Zombie Player draws a Zombie Card for every Noise made."
    state = _r(state, noise=0, turn=-1, pick=0, allowance=state.config.zombies_per_step)
    return _zombie_draws(state, noise, Phase.ZOMBIES)


def _do_zombies(state: State, move: Move) -> State:
    config = state.config
    action = move.action
    if action is Action.DONE:
        return _end_zombies_step(state)
    if action is Action.DRAW:
        # "If the Zombie Player so desires, they may draw a card instead of playing a Zombie."
        return _zombie_draws(state, 1, Phase.LOOT_DRAW)
    card = move.args[0]
    hand = list(state.zombie_hand)
    hand.remove(card)
    state = _r(state, zombie_hand=tuple(hand))
    here = state.area[state.here]
    if action is Action.EVENT:
        c = config.zombie_cards[card]
        state = _r(state, zombie_gone=_bump(state.zombie_gone, card))
        if c.event is Event.DRAW:
            return _zombie_draws(state, c.amount, Phase.ZOMBIES)
        if c.event is Event.SWARM:
            return _r(state, allowance=state.allowance + c.amount)
        return _hurt(state, move.args[1], c.amount, headshot=False)
    if action is Action.MUTATE:
        i = move.args[1]
        z = here.zombies[i]
        mutated = Zombie(z.card, z.face_up, (*z.mutations, card), z.damage)
        zombies = here.zombies[:i] + (mutated,) + here.zombies[i + 1 :]
    else:
        # "plays any card in their hand face-down, or any card that says "This is a Zombie"
        # face-up."
        zombies = (*here.zombies, Zombie(card, action is Action.PLAY, (), 0))
        state = _r(state, pick=state.pick + 1)
    location = Location(here.building, here.looted, here.cards, zombies)
    return _r(state, area=_set_location(state, state.here, location))


def _end_zombies_step(state: State) -> State:
    """ "If a Zombie is played, then Combat immediately begins" (left zombies are there too)."""
    state = _r(state, pick=0, allowance=0)
    if state.area[state.here].zombies:
        return _start_combat(state, Phase.LOOT_DRAW)
    return _loot(state, 0)


def _loot(state: State, escaped: int) -> State:
    """ "If it's the first time the Survivors have successfully arrived there, draw ..."."""
    here = state.area[state.here]
    restricted = escaped & _mask_of(living(state))
    state = _r(state, restricted=restricted)
    if here.looted:
        return _enter_location(state)
    # "Mark this location as being "looted"."
    location = Location(here.building, True, here.cards, here.zombies)
    state = _r(state, area=_set_location(state, state.here, location))
    building = state.config.buildings[here.building]
    if building.variable:
        # "If it's a variable location (such as a House) have one player roll a die"
        return _r(state, phase=Phase.LOOT_ROLL)
    return _loot_draws(state, building.supply, building.munition)


def _do_loot_roll(state: State, roll: int) -> State:
    supply, munition = state.config.variable_loot[roll - 1]
    return _loot_draws(state, supply, munition)


def _loot_draws(state: State, supply: int, munition: int) -> State:
    supply = min(supply, sum(state.supply_deck))
    munition = min(munition, sum(state.munition_deck))
    if supply:
        return _r(state, phase=Phase.LOOT_DRAW, pick=0, loot=(supply, munition))
    if munition:
        return _r(state, phase=Phase.LOOT_DRAW, pick=1, loot=(0, munition))
    return _enter_location(_r(state, loot=(0, 0), pick=0))


def _do_loot_draw(state: State, item: int) -> State:
    # "draw an additional number of cards face-down": nobody has seen them (mask 0).
    here = state.area[state.here]
    location = Location(here.building, here.looted, _add(here.cards, item << MASK_BITS), ())
    area = _set_location(state, state.here, location)
    supply, munition = state.loot
    if state.pick:
        deck = _bump(state.munition_deck, item, -1)
        state = _r(state, area=area, munition_deck=deck)
        return _loot_draws(state, 0, munition - 1)
    deck = _bump(state.supply_deck, item, -1)
    state = _r(state, area=area, supply_deck=deck)
    return _loot_draws(state, supply - 1, munition)


# ------------------------------------------------------------- At a Location


def _enter_location(state: State) -> State:
    """ "The game now moves to the At a Location phase."."""
    n = state.config.players
    state = _r(
        state, phase=Phase.LOCATION, turn=-1, pick=0, count=0, passed=0, waiting=0,
        actions_used=(0,) * n, claim=(), loot=(0, 0), fed=0, combat=None,
    )  # fmt: skip
    return _lift_restriction(state)


def _back_to_location(state: State) -> State:
    state = _r(state, phase=Phase.LOCATION, turn=-1, pick=0, waiting=0, claim=(), combat=None)
    return _lift_restriction(state)


def _lift_restriction(state: State) -> State:
    """Escaped Survivors may claim once "the non-Escaping Survivors have finished Collecting"."""
    alive = _mask_of(living(state))
    if state.restricted and not alive & ~state.restricted & ~state.passed:
        state = _r(state, restricted=0)
    if alive & ~state.passed == 0:
        # Everyone is ready: "The Survivors may choose to leave the location".
        return _start_decide(state)
    return state


def _do_location(state: State, move: Move) -> State:
    s = move.seat
    action = move.action
    config = state.config
    if action is Action.LEAVE:
        return _lift_restriction(_r(state, passed=state.passed | 1 << s))
    if action is Action.USE or action is Action.EQUIP:
        return _use_from_hand(state, s, move.args[0], action)
    if action is Action.AMBUSH:
        return _ambush(state, s, move.args[0], move.args[1], Phase.LOCATION)
    if action is Action.FEED:
        return _feed(state, s, move.args[0])
    used = _use_cap(state, s)
    me = state.survivors[s]
    if action is Action.GIVE:
        j, item = move.args
        hand, card = _take(me.hand, item)
        other = state.survivors[j]
        survivors = _set(state.survivors, s, Survivor(me.life, hand, me.equipment, me.armor))
        other_hand = _add(other.hand, card | 1 << j)
        survivors = _set(
            survivors, j, Survivor(other.life, other_hand, other.equipment, other.armor)
        )
        return _r(state, survivors=survivors, actions_used=used)
    if action is Action.STEAL:
        # A random card of their hand: a chance event over the kinds they hold.
        return _r(state, phase=Phase.STEAL_CARD, turn=s, pick=move.args[0], actions_used=used)
    if action is Action.SNATCH:
        j, item = move.args
        other = state.survivors[j]
        equipment = tuple(e for e in other.equipment if e != item)
        armor_left = sum(config.items[e].armor for e in equipment)
        victim = Survivor(other.life, other.hand, equipment, min(other.armor, armor_left))
        thief = Survivor(
            me.life, me.hand, tuple(sorted((*me.equipment, item))),
            me.armor + config.items[item].armor,
        )  # fmt: skip
        survivors = _set(_set(state.survivors, j, victim), s, thief)
        return _r(state, survivors=survivors, actions_used=used)
    if action is Action.STASH:
        # "Place the card face-down under the location."
        hand, card = _take(me.hand, move.args[0])
        here = state.area[state.here]
        location = Location(here.building, here.looted, _add(here.cards, card), here.zombies)
        return _r(
            state,
            survivors=_set_survivor(state, s, Survivor(me.life, hand, me.equipment, me.armor)),
            area=_set_location(state, state.here, location),
            actions_used=used,
        )
    # A claim: "If no other Survivor objects, they get to take the card into their hand."
    item = -1 if action is Action.CLAIM_HIDDEN else move.args[0]
    claim = (s, item, 1 if action is Action.CLAIM_USE else 0)
    alive = _mask_of(living(state))
    # "Survivors who successfully "Escaped" from the previous combat may not object".
    waiting = alive & ~(1 << s) & ~state.restricted
    state = _r(state, claim=claim, actions_used=used)
    if not waiting:
        return _grant(state)
    return _r(state, phase=Phase.CLAIM, waiting=waiting, pick=0)


def _do_claim(state: State, move: Move) -> State:
    bit = 1 << move.seat
    objectors = state.pick | (bit if move.action is Action.OBJECT else 0)
    waiting = state.waiting & ~bit
    if waiting:
        return _r(state, waiting=waiting, pick=objectors)
    if not objectors:
        return _grant(_r(state, waiting=0, pick=0))
    # "the only rule is, nobody gets the card until disputes are settled."
    return _r(state, phase=Phase.DISPUTE, waiting=objectors, pick=0)


def _do_dispute(state: State, move: Move) -> State:
    action = move.action
    if action is Action.WITHDRAW:
        return _back_to_location(state)
    if action is Action.CONCEDE:
        waiting = state.waiting & ~(1 << move.seat)
        if waiting:
            return _r(state, waiting=waiting)
        return _grant(_r(state, waiting=0))
    # "settle it civilly, or violently (by one Survivor ambushing the other)": the claim lapses.
    state = _r(state, phase=Phase.LOCATION, waiting=0, claim=())
    return _ambush(state, move.seat, move.args[0], move.args[1], Phase.LOCATION)


def _grant(state: State) -> State:
    s, item, use = state.claim
    if item < 0:
        return _r(state, phase=Phase.CLAIM_CARD, waiting=0)
    here = state.area[state.here]
    cards, card = _take(here.cards, item, s, known=True)
    location = Location(here.building, here.looted, cards, here.zombies)
    state = _r(state, area=_set_location(state, state.here, location))
    if use:
        # "Items that are at a location can be used or equipped just like items that
        # are in a Survivor's hand."
        kind = state.config.items[item].kind
        state = _apply_item(state, s, item, Action.USE if kind is Kind.HEAL else Action.EQUIP)
    else:
        me = state.survivors[s]
        me = Survivor(me.life, _add(me.hand, card | 1 << s), me.equipment, me.armor)
        state = _r(state, survivors=_set_survivor(state, s, me))
    return _back_to_location(state)


def _do_claim_card(state: State, item: int) -> State:
    s = state.claim[0]
    here = state.area[state.here]
    cards, card = _take(here.cards, item, s, known=False)
    location = Location(here.building, here.looted, cards, here.zombies)
    me = state.survivors[s]
    me = Survivor(me.life, _add(me.hand, card | 1 << s), me.equipment, me.armor)
    state = _r(
        state,
        area=_set_location(state, state.here, location),
        survivors=_set_survivor(state, s, me),
    )
    return _back_to_location(state)


def _do_steal_card(state: State, item: int) -> State:
    thief, victim = state.turn, state.pick
    other = state.survivors[victim]
    hand, card = _take(other.hand, item)
    me = state.survivors[thief]
    survivors = _set(
        state.survivors, victim, Survivor(other.life, hand, other.equipment, other.armor)
    )
    survivors = _set(
        survivors, thief,
        Survivor(me.life, _add(me.hand, card | 1 << thief | 1 << victim), me.equipment, me.armor),
    )  # fmt: skip
    return _back_to_location(_r(state, survivors=survivors))


def _feed(state: State, s: int, item: int) -> State:
    """Shelter: "the Survivors may play a Supply Card for each living Survivor"."""
    me = state.survivors[s]
    hand, _ = _take(me.hand, item)
    state = _r(
        state,
        survivors=_set_survivor(state, s, Survivor(me.life, hand, me.equipment, me.armor)),
        used=_bump(state.used, item),
        fed=state.fed + 1,
    )
    if state.fed < len(living(state)):
        return state
    # "the Zombie Player must discard 6 cards from the game ... from their deck or their hand."
    count = min(state.config.shelter_discards, zombie_deck_size(state) + len(state.zombie_hand))
    state = _r(state, fed=0)
    if count == 0:
        return state
    return _r(state, phase=Phase.SHELTER, count=count)


def _do_shelter(state: State, move: Move) -> State:
    if move.action is Action.BURN:
        state = _r(state, burned=state.burned + 1)
    else:
        card = move.args[0]
        hand = list(state.zombie_hand)
        hand.remove(card)
        state = _r(state, zombie_hand=tuple(hand), zombie_hidden=_bump(state.zombie_hidden, card))
    count = state.count - 1
    if count > 0 and (state.zombie_hand or zombie_deck_size(state) > 0):
        return _r(state, count=count)
    return _r(state, phase=Phase.LOCATION, count=0)


# ------------------------------------------------------------------ items


def _use_from_hand(state: State, s: int, item: int, action: Action) -> State:
    me = state.survivors[s]
    hand, _ = _take(me.hand, item)
    state = _r(
        state, survivors=_set_survivor(state, s, Survivor(me.life, hand, me.equipment, me.armor))
    )
    return _apply_item(state, s, item, action)


def _apply_item(state: State, s: int, item: int, action: Action) -> State:
    """Heal with a non-combat item, or equip: "playing them face-up in front of themselves"."""
    config = state.config
    it = config.items[item]
    me = state.survivors[s]
    if action is Action.USE:
        life = min(config.survivor_life, me.life + it.heal)
        me = Survivor(life, me.hand, me.equipment, me.armor)
        return _r(state, survivors=_set_survivor(state, s, me), used=_bump(state.used, item))
    me = Survivor(me.life, me.hand, tuple(sorted((*me.equipment, item))), me.armor + it.armor)
    return _r(state, survivors=_set_survivor(state, s, me))


def _hurt(state: State, s: int, damage: int, *, headshot: bool) -> State:
    """Damage a Survivor: Armor absorbs first; a Headshot "doesn't damage Armor, but does
    still kill them"; a dead Survivor drops everything at the location."""
    config = state.config
    me = state.survivors[s]
    if me.life <= 0:
        return state
    if headshot:
        life, armor, equipment = 0, me.armor, me.equipment
        discarded: tuple[int, ...] = ()
    else:
        absorbed = min(me.armor, damage)
        armor = me.armor - absorbed
        life = max(0, me.life - (damage - absorbed))
        equipment = me.equipment
        discarded = ()
        if absorbed and armor == 0:
            # Worn-out armor is discarded.
            discarded = tuple(e for e in equipment if config.items[e].armor)
            equipment = tuple(e for e in equipment if not config.items[e].armor)
    used = state.used
    for e in discarded:
        used = _bump(used, e)
    state = _r(
        state,
        survivors=_set_survivor(state, s, Survivor(life, me.hand, equipment, armor)),
        used=used,
    )
    if life > 0:
        return state
    return _drop(state, s)


def _drop(state: State, s: int) -> State:
    """ "any Supplies or Munitions in their hand are laid face-down at the current Location.
    Any equipment they had equipped is laid face-up at the current Location."."""
    me = state.survivors[s]
    everyone = tables(state.config).everyone
    combat = state.combat
    if combat is not None and combat.members >> s & 1:
        state = _r(state, combat=attrs.evolve(combat, died=combat.died | 1 << s))
    dead = Survivor(0, (), (), 0)
    if state.here < 0:
        # Killed On the Move before any arrival: the cards are lost in the street.
        used = state.used
        for c in me.hand:
            used = _bump(used, c >> MASK_BITS)
        for e in me.equipment:
            used = _bump(used, e)
        return _r(state, survivors=_set_survivor(state, s, dead), used=used)
    here = state.area[state.here]
    cards = tuple(
        sorted((*here.cards, *me.hand, *(e << MASK_BITS | everyone for e in me.equipment)))
    )
    location = Location(here.building, here.looted, cards, here.zombies)
    return _r(
        state,
        survivors=_set_survivor(state, s, dead),
        area=_set_location(state, state.here, location),
    )


def _spend_ammo(state: State, s: int) -> tuple[State, int]:
    """A Shoot discards one ammunition card of the firearm used; returns (state, gun)."""
    config = state.config
    me = state.survivors[s]
    gun = best_gun(config, me)
    ammo = tables(config).ammo_of[gun]
    hand, _ = _take(me.hand, ammo)
    silent = any(config.items[e].silent for e in me.equipment)
    state = _r(
        state,
        survivors=_set_survivor(state, s, Survivor(me.life, hand, me.equipment, me.armor)),
        used=_bump(state.used, ammo),
        noise=state.noise + (0 if silent else 1),
    )
    return state, gun


def _attack(state: State, s: int, kind: int, roll: int, gun: int) -> tuple[bool, int, bool]:
    """(hit, damage, headshot) of a Fight (kind 0) or a Shoot (kind 1) with ``roll``."""
    config = state.config
    if kind == Commit.FIGHT:
        # Fight: "3 or more hits for 1 damage plus your best melee weapon's bonus; a 6
        # with a Headshot weapon is a Headshot."
        bonus, head = best_melee(config, state.survivors[s])
        hit = roll >= config.fight_hit
        return hit, 1 + bonus, hit and head and roll == 6
    it = config.items[gun]
    hit = roll >= it.gun_hit
    return hit, it.gun_damage, hit and bool(it.gun_headshot) and roll >= it.gun_headshot


# ------------------------------------------------------------------- ambush


def _ambush(state: State, s: int, victim: int, kind: int, origin: Phase) -> State:
    """ "To ambush another Survivor, play either your Fight or Shoot cards and resolve that
    action. This is considered a free attack, so they cannot immediately respond."."""
    state = _r(state, actions_used=_use_cap(state, s), noise=0)
    gun = -1
    if kind == 1:
        state, gun = _spend_ammo(state, s)
    return _r(state, phase=Phase.AMBUSH_ROLL, turn=s, pick=victim, count=gun, resume=origin)


def _do_ambush_roll(state: State, roll: int) -> State:
    s, victim, gun = state.turn, state.pick, state.count
    hit, damage, headshot = _attack(state, s, 1 if gun >= 0 else 0, roll, gun)
    if hit:
        state = _hurt(state, victim, damage, headshot=headshot)
    noise = state.noise
    # "After the attack is resolved, then all Survivors enter combat".
    state = _r(state, noise=0, count=0, pick=0, turn=-1)
    state = _start_combat(state, state.resume)
    if noise and state.phase is Phase.COMMIT:
        return _zombie_draws(state, noise, Phase.COMMIT)
    return state


# ------------------------------------------------------------------- combat


def _start_combat(state: State, origin: Phase) -> State:
    n = state.config.players
    alive = living(state)
    zombies = (
        state.area[state.here].zombies if origin is not Phase.DECIDE and state.here >= 0 else ()
    )
    if not zombies and len(alive) < 2:
        # Nobody left to fight: the combat ends before it starts.
        return _leave_combat(_r(state, combat=None), origin, 0)
    combat = Combat(
        origin, _mask_of(alive), 0, 0, (-1,) * n, False, (-1,) * n, (),
        (0,) * len(zombies), (False,) * len(zombies), 0, 0, False,
    )  # fmt: skip
    return _r(state, phase=Phase.COMMIT, combat=combat, turn=-1, waiting=0, claim=())


def _do_commit(state: State, move: Move) -> State:
    """Decide: "lay this card face-down on the table"."""
    combat = state.combat
    assert combat is not None
    commits = _set(combat.commits, move.seat, move.args[0])
    combat = attrs.evolve(combat, commits=commits)
    state = _r(state, combat=combat)
    if any(commits[s] == -1 for s in _active(state)):
        return state
    # Declare: "Survivors simultaneously flip their cards face-up".
    # Every Survivor declares in seat order (a target, Combat Items, or just 'ready'), so
    # the order does not reveal who holds a Combat Item.
    combat = attrs.evolve(combat, revealed=True, queue=_active(state))
    return _next_declare(_r(state, combat=combat))


def _next_declare(state: State) -> State:
    combat = state.combat
    assert combat is not None
    if combat.queue:
        return _r(state, phase=Phase.DECLARE, turn=combat.queue[0])
    # Resolve: "Survivors resolve the outcome of their actions, by rolling a six-sided die".
    queue = tuple(
        s
        for s in _active(state)
        if combat.commits[s] == Commit.ESCAPE
        or (combat.commits[s] in (Commit.FIGHT, Commit.SHOOT) and combat.targets[s] >= 0)
    )
    combat = attrs.evolve(combat, queue=queue)
    state = _r(state, combat=combat)
    if queue:
        return _r(state, phase=Phase.RESOLVE, turn=queue[0])
    return _end_resolve(state)


def _do_declare(state: State, move: Move) -> State:
    s = state.turn
    combat = state.combat
    assert combat is not None
    action = move.action
    if action is Action.USE:
        return _combat_item(state, s, move.args[0])
    targets = combat.targets
    fought = combat.fought
    hostile = combat.hostile
    if action is Action.TARGET_ZOMBIE:
        targets = _set(targets, s, move.args[0])
        if combat.commits[s] == Commit.FIGHT:
            i = move.args[0]
            fought = _set(fought, i, fought[i] | 1 << s)
    elif action is Action.TARGET_SURVIVOR:
        targets = _set(targets, s, SURVIVOR_TARGET + move.args[0])
        hostile = True
    combat = attrs.evolve(
        combat, targets=targets, fought=fought, hostile=hostile, queue=combat.queue[1:]
    )
    return _next_declare(_r(state, combat=combat))


def _combat_item(state: State, s: int, item: int) -> State:
    """ "Survivors may play Combat Items at this time."."""
    config = state.config
    it = config.items[item]
    me = state.survivors[s]
    hand, _ = _take(me.hand, item)
    life = min(config.survivor_life, me.life + it.heal)
    state = _r(
        state,
        survivors=_set_survivor(state, s, Survivor(life, hand, me.equipment, me.armor)),
        used=_bump(state.used, item),
    )
    combat = state.combat
    assert combat is not None
    if it.blast and state.here >= 0:
        here = state.area[state.here]
        zombies = tuple(
            Zombie(
                z.card,
                z.face_up,
                z.mutations,
                z.damage + max(1, it.blast - zombie_stats(config, z)[3]),
            )
            for z in combat_zombies(state)
        )
        if combat.origin is not Phase.DECIDE:
            location = Location(here.building, here.looted, here.cards, zombies)
            state = _r(state, area=_set_location(state, state.here, location))
    combat = attrs.evolve(combat, noise=combat.noise + it.noise, scare=combat.scare + it.scare)
    return _r(state, combat=combat)


def _do_resolve(state: State, roll: int) -> State:
    s = state.turn
    combat = state.combat
    assert combat is not None
    commit = combat.commits[s]
    config = state.config
    if commit == Commit.ESCAPE:
        # "they must roll a number greater than or equal to the Escape Value", with "+1 ...
        # for each other Survivor at that location not also trying to escape".
        if roll + escape_bonus(state, s) >= escape_value(state, s):
            combat = attrs.evolve(combat, escaped=combat.escaped | 1 << s)
    else:
        gun = -1
        if commit == Commit.SHOOT:
            if best_gun(config, state.survivors[s]) < 0:
                return _next_resolve(state)  # pragma: no cover - ammo cannot vanish
            state, gun = _spend_ammo(state, s)
            combat = attrs.evolve(combat, noise=combat.noise + state.noise)
            state = _r(state, noise=0)
        hit, damage, headshot = _attack(state, s, commit, roll, gun)
        target = combat.targets[s]
        if hit and target >= SURVIVOR_TARGET:
            state = _hurt_later(state, target - SURVIVOR_TARGET, damage, headshot)
        elif hit:
            here = state.area[state.here]
            z = here.zombies[target]
            _, _, _, armor, horde, _ = zombie_stats(config, z)
            heads = combat.headshot
            if headshot and not horde:
                heads = _set(heads, target, True)
                dealt = 0
            elif headshot:
                dealt = 1  # "In the case of the Horde, this counts as a hit"
            else:
                dealt = max(1, damage - armor)  # Armor never stops a hit entirely
            zombie = Zombie(z.card, z.face_up, z.mutations, z.damage + dealt)
            zombies = here.zombies[:target] + (zombie,) + here.zombies[target + 1 :]
            location = Location(here.building, here.looted, here.cards, zombies)
            state = _r(state, area=_set_location(state, state.here, location))
            combat = attrs.evolve(combat, headshot=heads)
    state = _r(state, combat=combat)
    return _next_resolve(state)


def _hurt_later(state: State, s: int, damage: int, headshot: bool) -> State:
    """Damage to a Survivor in the Resolve step; their death waits for the end of the step."""
    me = state.survivors[s]
    if headshot:
        me = Survivor(0, me.hand, me.equipment, me.armor)
        return _r(state, survivors=_set_survivor(state, s, me))
    absorbed = min(me.armor, damage)
    armor = me.armor - absorbed
    equipment = me.equipment
    used = state.used
    if absorbed and armor == 0:
        for e in equipment:
            if state.config.items[e].armor:
                used = _bump(used, e)
        equipment = tuple(e for e in equipment if not state.config.items[e].armor)
    me = Survivor(max(0, me.life - (damage - absorbed)), me.hand, equipment, armor)
    return _r(state, survivors=_set_survivor(state, s, me), used=used)


def _next_resolve(state: State) -> State:
    combat = state.combat
    assert combat is not None
    queue = combat.queue[1:]
    state = _r(state, combat=attrs.evolve(combat, queue=queue))
    if queue:
        return _r(state, phase=Phase.RESOLVE, turn=queue[0])
    return _end_resolve(state)


def _end_resolve(state: State) -> State:
    """ "Any Zombies who are killed are removed from play at the end of this Step."."""
    config = state.config
    combat = state.combat
    assert combat is not None
    if combat_zombies(state):
        here = state.area[state.here]
        keep: list[Zombie] = []
        fought: list[int] = []
        gone, hidden = state.zombie_gone, state.zombie_hidden
        for i, z in enumerate(here.zombies):
            if combat.headshot[i] or z.damage >= zombie_stats(config, z)[0]:
                if z.face_up:
                    gone = _bump(gone, z.card)
                else:
                    hidden = _bump(hidden, z.card)
                for m in z.mutations:
                    gone = _bump(gone, m)
            else:
                keep.append(z)
                fought.append(combat.fought[i])
        location = Location(here.building, here.looted, here.cards, tuple(keep))
        combat = attrs.evolve(combat, fought=tuple(fought), headshot=(False,) * len(keep))
        state = _r(
            state,
            area=_set_location(state, state.here, location),
            zombie_gone=gone,
            zombie_hidden=hidden,
            combat=combat,
        )
    # Survivors killed in this step die now.
    for s in tables(config).survivors:
        if state.survivors[s].life <= 0 and combat.members >> s & 1 and not combat.died >> s & 1:
            state = _drop(state, s)
            combat = state.combat
            assert combat is not None
    if not living(state):
        return state
    return _zombie_step(state, 0)


def _bite_options(state: State, i: int) -> tuple[int, ...]:
    """ "If any Survivors target a Zombie with the "Fight" command, that Zombie must deal
    damage to one of them, otherwise, it is able to damage any Survivor who hasn't
    successfully escaped."."""
    combat = state.combat
    if combat is None or i >= len(combat.fought):
        return ()
    active = _active(state)
    fighters = tuple(s for s in active if combat.fought[i] >> s & 1)
    return fighters or active


def _zombie_step(state: State, i: int) -> State:
    """ "The Zombie Player is able to deal damage for each Zombie still alive"."""
    zombies = combat_zombies(state)
    config = state.config
    while i < len(zombies):
        options = _bite_options(state, i)
        if len(options) > 1:
            return _r(state, phase=Phase.BITE, turn=i)
        if options:
            state = _hurt(state, options[0], zombie_stats(config, zombies[i])[1], headshot=False)
            if not living(state):
                return state
        i += 1
    # "The Zombie Player now draws a card for each Noise made during the round."
    combat = state.combat
    assert combat is not None
    noise = combat.noise + sum(zombie_stats(config, z)[5] for z in zombies)
    state = _r(state, turn=-1)
    return _zombie_draws(state, noise, Phase.BITE)


def _do_bite(state: State, move: Move) -> State:
    i = state.turn
    zombie = combat_zombies(state)[i]
    state = _hurt(state, move.args[0], zombie_stats(state.config, zombie)[1], headshot=False)
    if not living(state):
        return state
    return _zombie_step(state, i + 1)


def _end_round(state: State) -> State:
    """ "Repeat this sequence until all Survivors have died or escaped, or until no Zombies
    remain in combat (and no Survivors are still trying to kill one another)."."""
    combat = state.combat
    assert combat is not None
    n = state.config.players
    active = _active(state)
    zombies = combat_zombies(state)
    if not active:
        # "In the event that all Survivors escape, they immediately transition to the On
        # the Move phase, and any Zombies still alive remain at the previous location and
        # return to full Life."
        if zombies:
            here = state.area[state.here]
            healed = tuple(Zombie(z.card, z.face_up, z.mutations, 0) for z in here.zombies)
            location = Location(here.building, here.looted, here.cards, healed)
            state = _r(state, area=_set_location(state, state.here, location))
        return _start_decide(state)
    if not zombies and not combat.hostile:
        return _leave_combat(state, combat.origin, combat.escaped)
    fresh = attrs.evolve(
        combat, commits=(-1,) * n, revealed=False, targets=(-1,) * n, queue=(),
        fought=(0,) * len(zombies), headshot=(False,) * len(zombies), noise=0, scare=0,
        hostile=False,
    )  # fmt: skip
    return _r(state, phase=Phase.COMMIT, combat=fresh, turn=-1)


def _leave_combat(state: State, origin: Phase, escaped: int) -> State:
    """ "Once combat has ended, Survivors return to the phase they were in prior"."""
    state = _r(state, combat=None, turn=-1)
    if origin is Phase.LOOT_DRAW:
        # "After successfully resolving Combat (or if no Combat occurred) the Survivors can
        # loot the location."
        return _loot(state, escaped)
    if origin is Phase.DECIDE:
        return _agreed(state)
    state = _r(state, restricted=(state.restricted | escaped) & _mask_of(living(state)))
    return _back_to_location(state)


_DOS: dict[Phase, Callable[[State, Move], State]] = {
    Phase.SETUP_CHOOSE: _do_setup_choose,
    Phase.DECIDE: _do_decide,
    Phase.ZOMBIES: _do_zombies,
    Phase.LOCATION: _do_location,
    Phase.CLAIM: _do_claim,
    Phase.DISPUTE: _do_dispute,
    Phase.SHELTER: _do_shelter,
    Phase.COMMIT: _do_commit,
    Phase.DECLARE: _do_declare,
    Phase.BITE: _do_bite,
}

_CHANCE_DO: dict[Phase, Callable[[State, int], State]] = {
    Phase.BUILDINGS: _do_building,
    Phase.SETUP_DRAW: _do_setup_draw,
    Phase.ZOMBIE_DRAW: _do_zombie_draw,
    Phase.SNEAK: _do_sneak,
    Phase.LOOT_ROLL: _do_loot_roll,
    Phase.LOOT_DRAW: _do_loot_draw,
    Phase.CLAIM_CARD: _do_claim_card,
    Phase.STEAL_CARD: _do_steal_card,
    Phase.AMBUSH_ROLL: _do_ambush_roll,
    Phase.RESOLVE: _do_resolve,
}

__all__ = [
    "MASK",
    "apply",
    "chance_outcomes",
    "chance_weights",
    "legal_moves",
    "new_game",
    "result",
    "to_act",
]
