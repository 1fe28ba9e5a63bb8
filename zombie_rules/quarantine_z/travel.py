"""On the Move: Decide (matching proposals), Sneak, Zombies! and Loot.

"All the Survivors must decide on a location to travel to": each living Survivor
proposes one, may then switch to another's proposal, may use or equip items, and
may ambush to settle a disagreement. Once they agree, each rolls to Sneak, the
Zombie Player draws for the Noise and plays Zombies, and a first arrival is
looted. Where each step leads next is :mod:`zombie_rules.quarantine_z.flow`.
"""

from __future__ import annotations

import functools

from zombie_rules.quarantine_z._base import (
    add,
    alive,
    args_error,
    bump,
    living,
    replace,
    set_location,
    set_row,
    zombie_deck_size,
)
from zombie_rules.quarantine_z.cards import Event
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.effects import check_item_use, hurt, item_moves, use_from_hand
from zombie_rules.quarantine_z.flow import agreed, end_zombies_step, loot_draws, zombie_draws
from zombie_rules.quarantine_z.free_actions import ambush, ambush_moves, check_ambush
from zombie_rules.quarantine_z.state import (
    MASK_BITS,
    Action,
    Location,
    Move,
    Phase,
    State,
    Zombie,
)

# ------------------------------------------------------------------ Decide


def check_decide(state: State, move: Move) -> str | None:
    """Proposals, item use and ambush On the Move; None when ``move`` is legal."""
    s = move.seat
    if not alive(state, s):
        return "only living Survivors decide where to go"
    living_seats = living(state)
    props = [state.proposals[j] for j in living_seats]
    everyone_proposed = -1 not in props
    action = move.action
    if state.proposals[s] != -1 and not everyone_proposed:
        return "wait for the others' proposals"
    if action is Action.PROPOSE:
        if args_error(move, 1):
            return args_error(move, 1)
        loc = move.args[0]
        if not 0 <= loc < len(state.area) or loc == state.here:
            return f"propose a location 0-{len(state.area) - 1} other than the one you left"
        if state.proposals[s] == -1:
            return None
        if not everyone_proposed:
            return "wait for the others' proposals before changing yours"
        others = {state.proposals[j] for j in living_seats if j != s}
        if loc == state.proposals[s] or loc not in others:
            return "change your proposal to one another Survivor made: " + ", ".join(
                map(str, sorted(others - {state.proposals[s]}))
            )
        return None
    if action is Action.USE or action is Action.EQUIP:
        return check_item_use(state, move, s)
    if action is Action.AMBUSH:
        if not everyone_proposed or len(set(props)) == 1:
            return "an ambush On the Move settles a disagreement over the destination"
        return check_ambush(state, move, s)
    return (
        "On the Move: 'propose L', 'use I', 'equip I' or (in a dispute) 'ambush SEAT fight|shoot'"
    )


def legal_decide(state: State) -> tuple[Move, ...]:
    """What ``check_decide`` accepts, per living Survivor: proposals, items, ambushes."""
    config = state.config
    proposals = state.proposals
    living_seats = living(state)
    props = [proposals[j] for j in living_seats]
    everyone_proposed = -1 not in props
    disagree = everyone_proposed and len(set(props)) > 1
    size, here = len(state.area), state.here
    moves: list[Move] = []
    for s in living_seats:
        own = proposals[s]
        if own == -1:
            moves += _first_proposals(s, size, here)
        elif everyone_proposed:
            others = frozenset(proposals[j] for j in living_seats if j != s)
            moves += _changed_proposals(s, size, here, own, others)
        else:
            continue  # "wait for the others' proposals": nothing else either
        moves += item_moves(config, s, state.survivors[s])
        if disagree:
            moves += ambush_moves(state, s)
    return tuple(moves)


@functools.lru_cache(maxsize=1024)
def _first_proposals(s: int, size: int, here: int) -> tuple[Move, ...]:
    return tuple(Move(s, Action.PROPOSE, (loc,)) for loc in range(size) if loc != here)


@functools.lru_cache(maxsize=4096)
def _changed_proposals(
    s: int, size: int, here: int, own: int, others: frozenset[int]
) -> tuple[Move, ...]:
    return tuple(
        Move(s, Action.PROPOSE, (loc,))
        for loc in range(size)
        if loc != here and loc != own and loc in others
    )


def do_decide(state: State, move: Move) -> State:
    """A proposal (agreement starts the Sneak), an item, or an ambush."""
    s = move.seat
    action = move.action
    if action is Action.USE or action is Action.EQUIP:
        return use_from_hand(state, s, move.args[0], action)
    if action is Action.AMBUSH:
        return ambush(state, s, move.args[0], move.args[1], Phase.DECIDE)
    return agreed(replace(state, proposals=set_row(state.proposals, s, move.args[0])))


# ------------------------------------------------------------------- Sneak


def do_sneak(state: State, roll: int) -> State:
    """Chance: Survivor ``turn``'s Sneak roll; after the last, the Zombie Player draws."""
    noise = state.noise + (roll <= state.config.noise_at_most)
    later = [s for s in living(state) if s > state.turn]
    if later:
        return replace(state, noise=noise, turn=later[0])
    # "Once each Survivor has rolled, the Zombie Player draws a Zombie Card for every Noise made."
    state = replace(state, noise=0, turn=-1, pick=0, allowance=state.config.zombies_per_step)
    return zombie_draws(state, noise, Phase.ZOMBIES)


# ---------------------------------------------------------------- Zombies!


def check_zombies(state: State, move: Move) -> str | None:
    """The Zombie Player's Events, Zombies, Mutations, draw or done; None when legal."""
    config = state.config
    t = tables(config)
    if move.seat != config.zombie_seat:
        return f"the Zombie Player (seat {config.zombie_seat}) is checking for Zombies!"
    action = move.action
    hand = state.zombie_hand
    room = state.pick < state.allowance
    can_draw = len(hand) < config.zombie_hand and zombie_deck_size(state) > 0
    if action is Action.DRAW:
        if args_error(move, 0):
            return args_error(move, 0)
        if state.pick:
            return "a draw comes instead of playing a Zombie, and you played one this step"
        if len(hand) >= config.zombie_hand:
            return f"you cannot draw: your hand is at its limit of {config.zombie_hand}"
        if not can_draw:
            return "you cannot draw: the Zombie deck is empty"
        return None
    if action is Action.DONE:
        if args_error(move, 0):
            return args_error(move, 0)
        if state.pick or config.zombie_may_pass or not (hand or can_draw):
            return None
        return "play a Zombie or draw a card instead ('hide C', 'play C' or 'draw')"
    if action not in _CARD_PLAYS:
        return "Zombies!: 'event C', 'play C', 'hide C', 'mutate C Z', 'draw' or 'done'"
    if not move.args or move.args[0] not in hand:
        return "that card is not in your hand"
    card = move.args[0]
    if action is Action.EVENT:
        if card not in t.events:
            return "that card is not playable 'when you could play a Zombie'"
        if config.zombie_cards[card].event is Event.BITE:
            if args_error(move, 2):
                return args_error(move, 2)
            if not alive(state, move.args[1]):
                return "target a living Survivor"
            return None
        return args_error(move, 1)
    if action is Action.PLAY or action is Action.HIDE:
        if args_error(move, 1):
            return args_error(move, 1)
        if action is Action.PLAY and card not in t.specials:
            return "only a card that says 'This is a Zombie' is played face up"
        if not room:
            return (
                f"you may play {state.allowance} Zombie(s) this step and have played"
                f" {state.pick}; 'mutate C Z', 'event C', 'draw' or 'done'"
            )
        return None
    if action is Action.MUTATE:
        if args_error(move, 2):
            return args_error(move, 2)
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
    raise AssertionError(f"unhandled Zombies! action {action}")  # pragma: no cover


_CARD_PLAYS = frozenset((Action.EVENT, Action.PLAY, Action.HIDE, Action.MUTATE))


def legal_zombies(state: State) -> tuple[Move, ...]:
    """What ``check_zombies`` accepts: events, face-up plays, hides, mutations, draw, done."""
    config = state.config
    t = tables(config)
    z = config.zombie_seat
    hand = tuple(dict.fromkeys(state.zombie_hand))
    room = state.pick < state.allowance
    can_draw = len(state.zombie_hand) < config.zombie_hand and zombie_deck_size(state) > 0
    moves: list[Move] = []
    for card in hand:
        if card in t.events:
            if config.zombie_cards[card].event is Event.BITE:
                moves += [Move(z, Action.EVENT, (card, s)) for s in living(state)]
            else:
                moves.append(Move(z, Action.EVENT, (card,)))
    if room:
        moves += [Move(z, Action.PLAY, (card,)) for card in hand if card in t.specials]
        moves += [Move(z, Action.HIDE, (card,)) for card in hand]
    zombies = state.area[state.here].zombies
    for card in hand:
        if card in t.mutations:
            for i, zombie in enumerate(zombies):
                if card not in zombie.mutations:
                    moves.append(Move(z, Action.MUTATE, (card, i)))
    if not state.pick and can_draw:
        moves.append(Move(z, Action.DRAW))
    if state.pick or config.zombie_may_pass or not (state.zombie_hand or can_draw):
        moves.append(Move(z, Action.DONE))
    return tuple(moves)


def do_zombies(state: State, move: Move) -> State:
    """Play an Event, a Zombie (face up or down) or a Mutation; draw instead; or be done."""
    config = state.config
    action = move.action
    if action is Action.DONE:
        return end_zombies_step(state)
    if action is Action.DRAW:
        # "If the Zombie Player so desires, they may draw a card instead of playing a Zombie."
        return zombie_draws(state, 1, Phase.LOOT_DRAW)
    card = move.args[0]
    hand = list(state.zombie_hand)
    hand.remove(card)
    state = replace(state, zombie_hand=tuple(hand))
    here = state.area[state.here]
    if action is Action.EVENT:
        c = config.zombie_cards[card]
        state = replace(state, zombie_gone=bump(state.zombie_gone, card))
        if c.event is Event.DRAW:
            return zombie_draws(state, c.amount, Phase.ZOMBIES)
        if c.event is Event.SWARM:
            return replace(state, allowance=state.allowance + c.amount)
        return hurt(state, move.args[1], c.amount, headshot=False)
    if action is Action.MUTATE:
        i = move.args[1]
        z = here.zombies[i]
        mutated = Zombie(z.card, z.face_up, (*z.mutations, card), z.damage)
        zombies = here.zombies[:i] + (mutated,) + here.zombies[i + 1 :]
    else:
        # "plays any card in their hand face-down, or any card that says "This is a Zombie"
        # face-up."
        zombies = (*here.zombies, Zombie(card, action is Action.PLAY, (), 0))
        state = replace(state, pick=state.pick + 1)
    location = Location(here.building, here.looted, here.cards, zombies)
    return replace(state, area=set_location(state, state.here, location))


# -------------------------------------------------------------------- Loot


def do_loot_roll(state: State, roll: int) -> State:
    """Chance: a variable location's die picks its (Supply, Munition) loot."""
    supply, munition = state.config.variable_loot[roll - 1]
    return loot_draws(state, supply, munition)


def do_loot_draw(state: State, item: int) -> State:
    """Chance: one loot card, laid at the location."""
    # "draw an additional number of cards face-down": nobody has seen them (mask 0).
    here = state.area[state.here]
    location = Location(here.building, here.looted, add(here.cards, item << MASK_BITS), ())
    area = set_location(state, state.here, location)
    supply, munition = state.loot
    if state.pick:
        deck = bump(state.munition_deck, item, -1)
        state = replace(state, area=area, munition_deck=deck)
        return loot_draws(state, 0, munition - 1)
    deck = bump(state.supply_deck, item, -1)
    state = replace(state, area=area, supply_deck=deck)
    return loot_draws(state, supply - 1, munition)
