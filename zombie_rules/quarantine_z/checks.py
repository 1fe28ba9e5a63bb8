"""What generic tools need to check Quarantine Z: card census, hidden re-deals, invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

import attrs

from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.quarantine_z._base import can_shoot, living, mask_of
from zombie_rules.quarantine_z.cards import ACTION_NAMES, ACTION_SETS, Deck
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.rules import legal_moves
from zombie_rules.quarantine_z.state import (
    MASK,
    MASK_BITS,
    Action,
    Commit,
    Location,
    Move,
    Phase,
    State,
    Survivor,
    Zombie,
)


def card_set(config: Config) -> Counter[Hashable]:
    """Every card of the game: Zombie, Action, Supply, Munition and Building cards."""
    census: Counter[Hashable] = Counter()
    for c in config.zombie_cards:
        census[f"Z:{c.name}"] += c.copies
    for name in ACTION_NAMES:
        census[f"A:{name}"] += ACTION_SETS
    for it in config.items:
        census[f"{it.deck.value}:{it.name}"] += it.copies
    for b in config.buildings:
        census[f"B:{b.name}"] += 1
    return census


def card_census(state: State) -> Counter[Hashable]:
    """Every card the state holds, wherever it lies (Action cards never leave their owner)."""
    config = state.config
    zname = [f"Z:{c.name}" for c in config.zombie_cards]
    iname = [f"{it.deck.value}:{it.name}" for it in config.items]
    census: Counter[Hashable] = Counter()
    for pile in (state.zombie_deck, state.zombie_gone, state.zombie_hidden):
        for k, n in enumerate(pile):
            if n:
                census[zname[k]] += n
    census.update(zname[c] for c in state.zombie_hand)
    for pile in (state.supply_deck, state.munition_deck, state.used):
        for k, n in enumerate(pile):
            if n:
                census[iname[k]] += n
    for s in state.survivors:
        census.update(iname[c >> MASK_BITS] for c in s.hand)
        census.update(iname[e] for e in s.equipment)
    for loc in state.area:
        census[f"B:{config.buildings[loc.building].name}"] += 1
        census.update(iname[c >> MASK_BITS] for c in loc.cards)
        for z in loc.zombies:
            census[zname[z.card]] += 1
            census.update(zname[m] for m in z.mutations)
    for k, n in enumerate(state.building_pile):
        if n:
            census[f"B:{config.buildings[k].name}"] += n
    for name in ACTION_NAMES:
        census[f"A:{name}"] += ACTION_SETS
    return +census


def hidden_variant(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal every card ``seat`` has not seen among the places it cannot see.

    Supply and Munition cards are re-dealt within their deck (their backs show which);
    unrevealed commitments of other seats are re-chosen among their options.
    """
    config = state.config
    t = tables(config)
    items = config.items

    def knows(mask: int) -> bool:
        return mask == t.everyone if seat is None else bool(mask >> seat & 1)

    # --- Supply and Munition cards, deck by deck
    pools: dict[Deck, list[int]] = {
        Deck.SUPPLY: expand(state.supply_deck),
        Deck.MUNITION: expand(state.munition_deck),
    }
    for cards in [s.hand for s in state.survivors] + [loc.cards for loc in state.area]:
        for c in cards:
            if not knows(c & MASK):
                pools[items[c >> MASK_BITS].deck].append(c >> MASK_BITS)
    for pool in pools.values():
        rng.shuffle(pool)

    def redeal(cards: tuple[int, ...]) -> tuple[int, ...]:
        out = []
        for c in cards:
            if knows(c & MASK):
                out.append(c)
            else:
                out.append(pools[items[c >> MASK_BITS].deck].pop() << MASK_BITS | c & MASK)
        return tuple(sorted(out))

    survivors = tuple(
        Survivor(s.life, redeal(s.hand), s.equipment, s.armor) for s in state.survivors
    )
    area = [
        Location(loc.building, loc.looted, redeal(loc.cards), loc.zombies) for loc in state.area
    ]
    n_items = len(items)
    supply = from_kinds(pools[Deck.SUPPLY], n_items)
    munition = from_kinds(pools[Deck.MUNITION], n_items)

    # --- Zombie cards the seat cannot see (the Zombie Player sees all but the deck)
    zombie_deck, zombie_hand, zombie_hidden = (
        state.zombie_deck, state.zombie_hand, state.zombie_hidden,
    )  # fmt: skip
    if seat != config.zombie_seat:
        nz = len(config.zombie_cards)
        zpool = expand(state.zombie_deck) + list(state.zombie_hand) + expand(state.zombie_hidden)
        for loc in area:
            zpool += [z.card for z in loc.zombies if not z.face_up]
        rng.shuffle(zpool)
        zombie_hand = tuple(sorted(zpool.pop() for _ in state.zombie_hand))
        zombie_hidden = from_kinds([zpool.pop() for _ in range(sum(state.zombie_hidden))], nz)
        for i, loc in enumerate(area):
            zombies = tuple(
                z if z.face_up else Zombie(zpool.pop(), False, z.mutations, z.damage)
                for z in loc.zombies
            )
            area[i] = Location(loc.building, loc.looted, loc.cards, zombies)
        zombie_deck = from_kinds(zpool, nz)

    variant = State(
        config, state.phase, state.turn, state.pick, state.count, state.resume,
        state.building_pile, tuple(area), supply, munition, zombie_deck, state.burned,
        zombie_hand, survivors, state.here, state.proposals, state.passed, state.restricted,
        state.waiting, state.actions_used, state.claim, state.loot, state.noise, state.fed,
        state.allowance, state.combat, state.used, state.zombie_gone, zombie_hidden,
    )  # fmt: skip
    combat = state.combat
    if combat is not None and not combat.revealed:
        commits = list(combat.commits)
        for s, v in enumerate(commits):
            if v >= 0 and s != seat:
                options = [Commit.FIGHT, Commit.ESCAPE, Commit.PASS]
                if can_shoot(variant, s):
                    options.append(Commit.SHOOT)
                commits[s] = int(rng.choice(options))
        variant = attrs.evolve(variant, combat=attrs.evolve(combat, commits=tuple(commits)))
    return variant


def candidate_moves(state: State) -> tuple[Move, ...]:
    """Well-formed moves for every actor, legal or not, including near misses."""
    config = state.config
    seats = tuple(range(-1, config.players + 1))
    numbers = {-1, 0, 1, 2, 5, 99, len(config.items), len(state.area)}
    for s in state.survivors:
        numbers.update(c >> MASK_BITS for c in s.hand)
        numbers.update(s.equipment)
    numbers.update(state.zombie_hand)
    for loc in state.area:
        numbers.update(c >> MASK_BITS for c in loc.cards)
    small = sorted(numbers)
    pairs = [(a, b) for a in (-1, 0, 1, 2, 3, 4) for b in (-1, 0, 1, 2, 3)]
    pairs += [(a, b) for a in range(config.players) for b in small]
    pairs += [(a, b) for a in state.zombie_hand for b in range(-1, 3)]
    moves: list[Move] = []
    for seat in seats:
        for action in Action:
            moves.append(Move(seat, action))
            moves.extend(Move(seat, action, (x,)) for x in small)
            if action in _PAIR_ACTIONS:
                moves.extend(Move(seat, action, p) for p in pairs)
            moves.append(Move(seat, action, (0, 0, 0)))
    moves += legal_moves(state)
    return tuple(dict.fromkeys(moves))


_PAIR_ACTIONS = frozenset({Action.GIVE, Action.SNATCH, Action.AMBUSH, Action.EVENT, Action.MUTATE})


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state."""
    config = state.config
    n = config.players
    t = tables(config)
    nz, ni, nb = len(config.zombie_cards), len(config.items), len(config.buildings)
    for name, value, size in (
        ("building_pile", state.building_pile, nb),
        ("supply_deck", state.supply_deck, ni),
        ("munition_deck", state.munition_deck, ni),
        ("used", state.used, ni),
        ("zombie_deck", state.zombie_deck, nz),
        ("zombie_gone", state.zombie_gone, nz),
        ("zombie_hidden", state.zombie_hidden, nz),
    ):
        if len(value) != size or any(c < 0 for c in value):
            raise ValueError(f"{name}: need {size} non-negative counts, one per card kind")
    if any(state.supply_deck[i] for i in t.munition_ids) or any(
        state.munition_deck[i] for i in t.supply_ids
    ):
        raise ValueError("supply_deck/munition_deck: a card is in the other deck")
    for name in ("proposals", "actions_used", "survivors"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name}: need one entry per seat ({n})")
    if not 0 <= state.burned <= sum(state.zombie_deck):
        raise ValueError("burned: more cards burned than the Zombie deck's counts hold")
    if any(not 0 <= c < nz for c in state.zombie_hand) or list(state.zombie_hand) != sorted(
        state.zombie_hand
    ):
        raise ValueError("zombie_hand: sorted Zombie card ids")
    if len(state.zombie_hand) > config.zombie_hand:
        raise ValueError("zombie_hand: over the Zombie Player's hand limit")
    if len(state.area) > config.area_size or (
        state.phase is not Phase.BUILDINGS and len(state.area) != config.area_size
    ):
        raise ValueError("area: the quarantine area has the wrong number of Buildings")
    if not -1 <= state.here < max(1, len(state.area)):
        raise ValueError(f"here: {state.here} is not a location of the area")
    for s, sv in enumerate(state.survivors):
        if not isinstance(sv, Survivor):
            raise ValueError(f"survivors[{s}]: not a Survivor")
        _cards(f"survivors[{s}].hand", sv.hand, ni, t.everyone)
        if len(sv.hand) > config.survivor_hand:
            raise ValueError(f"survivors[{s}].hand: over the hand limit")
        if any(not 0 <= e < ni for e in sv.equipment) or len(set(sv.equipment)) != len(
            sv.equipment
        ):
            raise ValueError(f"survivors[{s}].equipment: item ids, no two of the same name")
        if not 0 <= sv.life <= config.survivor_life or sv.armor < 0:
            raise ValueError(f"survivors[{s}]: Life 0-{config.survivor_life}, Armor >= 0")
        dying = (
            state.phase is Phase.RESOLVE
            and state.combat is not None
            and state.combat.members >> s & 1
            and not state.combat.died >> s & 1
        )  # killed in the Resolve step: drops its cards at the end of the step
        if sv.life == 0 and (sv.hand or sv.equipment) and not dying:
            raise ValueError(f"survivors[{s}]: a dead Survivor holds cards")
        if s == config.zombie_seat and sv != Survivor(0, (), (), 0):
            raise ValueError(f"survivors[{s}]: the Zombie Player has no Survivor")
    for i, loc in enumerate(state.area):
        if not isinstance(loc, Location) or not 0 <= loc.building < nb:
            raise ValueError(f"area[{i}]: not a Location of a known Building")
        _cards(f"area[{i}].cards", loc.cards, ni, t.everyone)
        for z in loc.zombies:
            if not 0 <= z.card < nz or any(not 0 <= m < nz for m in z.mutations) or z.damage < 0:
                raise ValueError(f"area[{i}].zombies: bad zombie {z}")
            if len(set(z.mutations)) != len(z.mutations):
                raise ValueError(f"area[{i}].zombies: a Mutation twice on one zombie")
    buildings = [loc.building for loc in state.area]
    if len(set(buildings)) != len(buildings):
        raise ValueError("area: a Building dealt twice")
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's card set")
    if (state.combat is not None) != (
        state.phase in (Phase.COMMIT, Phase.DECLARE, Phase.RESOLVE, Phase.BITE)
        or (state.phase is Phase.ZOMBIE_DRAW and state.resume in (Phase.BITE, Phase.COMMIT))
    ):
        raise ValueError("combat: present exactly during a combat")
    if state.combat is not None:
        c = state.combat
        if len(c.commits) != n or len(c.targets) != n:
            raise ValueError("combat: one commitment and target per seat")
        if any(v not in (-1, 0, 1, 2, 3) for v in c.commits):
            raise ValueError("combat.commits: -1 or a Commit value")
        if c.members & ~mask_of(t.survivors):
            raise ValueError("combat.members: only Survivor seats")
    alive = mask_of(living(state))
    for name in ("passed", "restricted", "waiting"):
        if getattr(state, name) & ~mask_of(t.survivors):
            raise ValueError(f"{name}: only Survivor seats")
    if (
        state.phase is Phase.OVER
        and alive
        and (state.zombie_hand or sum(state.zombie_deck) > state.burned)
    ):
        raise ValueError("phase: the game is over but neither side has won")


def _cards(name: str, cards: tuple[int, ...], items: int, everyone: int) -> None:
    if list(cards) != sorted(cards) or any(
        not 0 <= c >> MASK_BITS < items or c & MASK & ~everyone for c in cards
    ):
        raise ValueError(f"{name}: sorted encoded item cards of this config")


def rounds_played(state: State) -> int:
    """Locations looted so far: a rough measure of how far the Survivors got."""
    return sum(loc.looted for loc in state.area)
