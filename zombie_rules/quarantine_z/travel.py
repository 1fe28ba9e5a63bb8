"""On the Move: Decide (matching proposals), Sneak, Zombies! and Loot.

"All the Survivors must decide on a location to travel to": each living Survivor
proposes one; once all have, one whose proposal differs may give way to another's
(ruling 35) or settle it "violently" with an ambush. "While not in combat"
they may also use and equip items, trade, steal and ambush, before and after
proposing; a Survivor who has proposed and has nothing to give way to may wait
('ready'). Once they agree, each rolls to Sneak, the Zombie Player draws for the
Noise and plays Zombies, and a first arrival is looted. Where each step leads next
is :mod:`zombie_rules.quarantine_z.flow`.
"""

from __future__ import annotations

import functools

from zombie_rules.core.seats import has_seat, with_seat
from zombie_rules.quarantine_z._base import (
    add,
    alive,
    args_error,
    bump,
    counted,
    free_cap_left,
    living,
    move_row,
    new_location,
    new_zombie,
    numbers,
    set_location,
    set_row,
    state_with,
    use_cap,
    zombie_at,
    zombie_deck_size,
)
from zombie_rules.quarantine_z.cards import Deck, Event
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.custom import Played
from zombie_rules.quarantine_z.effects import check_item_use, hurt, use_from_hand
from zombie_rules.quarantine_z.flow import (
    agreed,
    changes_open,
    end_zombies_step,
    gives_way,
    loot_draws,
    proposal_changes,
    zombie_draws,
)
from zombie_rules.quarantine_z.free_actions import (
    ambush,
    cap_used,
    check_ambush,
    check_give,
    check_theft,
    do_give,
    do_snatch,
    do_steal,
)
from zombie_rules.quarantine_z.kit import add_kit_moves, kit, with_room
from zombie_rules.quarantine_z.knowledge import card_code
from zombie_rules.quarantine_z.state import (
    Action,
    Move,
    Phase,
    State,
)
from zombie_rules.quarantine_z.steps import LootDraw, Turn, ZombiesStep, turn_of, zombies_played
from zombie_rules.quarantine_z.vocabulary import run_effect

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_AMBUSH = Action.AMBUSH
_DONE = Action.DONE
_ACTION_DRAW = Action.DRAW
_EQUIP = Action.EQUIP
_EVENT = Action.EVENT
_GIVE = Action.GIVE
_HIDE = Action.HIDE
_MUTATE = Action.MUTATE
_PLAY = Action.PLAY
_PROPOSE = Action.PROPOSE
_READY = Action.READY
_SNATCH = Action.SNATCH
_STEAL = Action.STEAL
_USE = Action.USE
_MUNITION = Deck.MUNITION
_BITE = Event.BITE
_EVENT_DRAW = Event.DRAW
_SWARM = Event.SWARM
_DECIDE = Phase.DECIDE
_LOOT_DRAW = Phase.LOOT_DRAW
_ZOMBIES = Phase.ZOMBIES

# ------------------------------------------------------------------ Decide

#: The free actions On the Move that count against Config.free_actions.
_CAPPED = frozenset({_GIVE, _STEAL, _SNATCH, _AMBUSH})


def check_decide(state: State, move: Move) -> str | None:
    """Proposals, 'ready' and the free actions On the Move; None when ``move`` is legal."""
    s = move.seat
    if not alive(state, s):
        return "only living Survivors decide where to go"
    if has_seat(state.passed, s):
        return "you said 'ready': wait for the others to decide"
    action = move.action
    own = state.proposals[s]
    if action is _PROPOSE:
        if args_error(move, 1):
            return args_error(move, 1)
        loc = move.args[0]
        if not 0 <= loc < len(state.area) or loc == state.here:
            return f"propose a location 0-{len(state.area) - 1} other than the one you left"
        if own == -1:
            return None
        if any(state.proposals[j] == -1 for j in living(state)):
            return "wait for the others' proposals before changing yours"
        changes = proposal_changes(state, s)
        if loc not in changes:
            return _no_change(state, s, changes)
        return None
    if action is _READY:
        if args_error(move, 0):
            return args_error(move, 0)
        if own == -1:
            return "propose a destination first ('propose L')"
        changes = proposal_changes(state, s)
        if changes:
            return (
                "settle the disagreement first: give way to "
                + ", ".join(map(str, changes))
                + " ('propose L') or ambush"
            )
        return None
    if action is _USE or action is _EQUIP:
        return check_item_use(state, move, s)
    if action in _CAPPED and not free_cap_left(state, s):
        return cap_used(state)
    if action is _AMBUSH:
        return check_ambush(state, move, s)
    if action is _GIVE:
        return check_give(state, move, s)
    if action is _STEAL or action is _SNATCH:
        return check_theft(state, move, s)
    return (
        "On the Move: 'propose L', 'ready', 'use I', 'equip I', 'give S I', 'steal S',"
        " 'snatch S I' or 'ambush S fight|shoot'"
    )


def _no_change(state: State, s: int, changes: tuple[int, ...]) -> str:
    """Why ``s`` may not change to the location asked for, naming the ones it may."""
    if changes:
        return "change your proposal to one another Survivor made: " + ", ".join(map(str, changes))
    props = [state.proposals[j] for j in living(state)]
    if len(set(props)) == 1:
        return "everyone agrees already"  # pragma: no cover - agreement starts the Sneak
    mine = props.count(state.proposals[s])
    return (
        f"no Survivor has to give way to a smaller group: yours ({counted(mine, 'Survivor')})"
        " is the largest; 'ready' to wait for the others"
    )


def legal_decide(state: State) -> tuple[Move, ...]:
    """What ``check_decide`` accepts, per living Survivor not waiting: a proposal or a
    change of it, items, gifts and thefts, ambushes, then 'ready'.

    The items, gifts, thefts and ambushes come out of the config's :class:`~.kit.Kit`
    (see :mod:`~zombie_rules.quarantine_z.kit` for why they are built afresh);
    who has room for a gift is read once for every seat.
    """
    config = state.config
    table = kit(config)
    proposals = state.proposals
    used, cap = state.actions_used, config.free_actions
    living_seats = living(state)
    made = []
    for j in living_seats:
        made.append(proposals[j])
    props = tuple(made)
    everyone = -1 not in props
    size, here = len(state.area), state.here
    survivors = state.survivors
    rooms = with_room(table, survivors, living_seats)
    moves: list[Move] = []
    passed = state.passed
    for s in living_seats:
        if passed and has_seat(passed, s):  # nobody waiting (mask 0): no call per seat
            continue
        own = proposals[s]
        capped = used[s] < cap
        changes: tuple[int, ...] = ()
        if own == -1:
            moves += _first_proposals(s, size, here)
        elif everyone:
            # proposal_changes(state, s), with what this loop has at hand.
            changes = changes_open(props, own, capped and not config.give_way)
            moves += _changed_proposals(s, changes)
        # Nobody is excluded from play On the Move: every living seat gives and takes.
        add_kit_moves(moves, table, config, survivors, s, living_seats, rooms, capped)
        if own != -1 and not changes:
            moves.append(_ready(s))
    return tuple(moves)


@functools.lru_cache(maxsize=1024)
def _first_proposals(s: int, size: int, here: int) -> tuple[Move, ...]:
    return tuple(Move(s, _PROPOSE, (loc,)) for loc in range(size) if loc != here)


@functools.lru_cache(maxsize=4096)
def _changed_proposals(s: int, changes: tuple[int, ...]) -> tuple[Move, ...]:
    return tuple(Move(s, _PROPOSE, (loc,)) for loc in changes)


@functools.lru_cache(maxsize=64)
def _ready(s: int) -> Move:
    return Move(s, _READY)


def do_decide(state: State, move: Move) -> State:
    """A proposal (agreement starts the Sneak), 'ready', an item, a gift, a theft or an
    ambush."""
    s = move.seat
    action = move.action
    if action is _USE or action is _EQUIP:
        return use_from_hand(state, s, move.args[0], action)
    if action is _AMBUSH:
        return ambush(state, s, move.args[0], move.args[1], _DECIDE)
    if action is _READY:
        return _with_passed(state, with_seat(state.passed, s))
    if action is _GIVE:
        return do_give(state, s, move.args[0], move.args[1])
    if action is _STEAL:
        return do_steal(state, s, move.args[0])
    if action is _SNATCH:
        return do_snatch(state, s, move.args[0], move.args[1])
    loc = move.args[0]
    proposals = set_row(state.proposals, s, loc)
    if state.proposals[s] != -1 and not gives_way(state, s, loc):
        # Config.give_way off: a change that does not give way costs a free action.
        return agreed(state, proposals=proposals, actions_used=use_cap(state, s))
    return agreed(state, proposals=proposals)


# ------------------------------------------------------------------- Sneak


def sneaker(state: State) -> int:
    """The Survivor rolling to Sneak."""
    step = state.step
    assert isinstance(step, Turn)
    return step.seat


def do_sneak(state: State, roll: int) -> State:
    """Chance: a Survivor's Sneak roll; after the last, the Zombie Player draws."""
    noise = state.noise + (roll <= state.config.noise_at_most)
    seat = sneaker(state)
    later = [s for s in living(state) if s > seat]
    if later:
        return _with_noise_step(state, noise, turn_of(later[0]))
    # "Once each Survivor has rolled, the Zombie Player draws a Zombie Card for every Noise made."
    # "the Zombie Player may play a Zombie": one per two living Survivors (ruling 38).
    allowance = state.config.zombies_allowed(len(living(state)))
    # The draws read neither field: both are set first, positionally.
    return zombie_draws(_with_noise_allowance(state, 0, allowance), noise, _ZOMBIES, 0)


def played(state: State) -> int:
    """The Zombies played so far in this Zombies! step."""
    step = state.step
    assert isinstance(step, ZombiesStep)
    return step.played


# ---------------------------------------------------------------- Zombies!


def check_zombies(state: State, move: Move) -> str | None:
    """The Zombie Player's Events, Zombies, Mutations, draw or done; None when legal."""
    config = state.config
    t = tables(config)
    if move.seat != config.zombie_seat:
        return f"the Zombie Player (seat {config.zombie_seat}) is checking for Zombies!"
    action = move.action
    hand = state.zombie_hand
    so_far = played(state)
    room = so_far < state.allowance
    can_draw = len(hand) < config.zombie_hand and zombie_deck_size(state) > 0
    if action is _ACTION_DRAW:
        if args_error(move, 0):
            return args_error(move, 0)
        if so_far:
            return "a draw comes instead of playing a Zombie, and you played one this step"
        if len(hand) >= config.zombie_hand:
            return f"you cannot draw: your hand is at its limit of {config.zombie_hand}"
        if not can_draw:
            return "you cannot draw: the Zombie deck is empty"
        return None
    if action is _DONE:
        if args_error(move, 0):
            return args_error(move, 0)
        if so_far or config.zombie_may_pass or not (hand or can_draw):
            return None
        return "play a Zombie or draw a card instead ('hide C', 'play C' or 'draw')"
    if action not in _CARD_PLAYS:
        return "Zombies!: 'event C', 'play C', 'hide C', 'mutate C Z', 'draw' or 'done'"
    if not move.args or move.args[0] not in hand:
        return "that card is not in your hand"
    card = move.args[0]
    if action is _EVENT:
        if card not in t.events:
            return "that card is not playable 'when you could play a Zombie'"
        if config.zombie_cards[card].event is _BITE:
            if args_error(move, 2):
                return args_error(move, 2)
            if not alive(state, move.args[1]):
                return "target a living Survivor"
            return None
        return args_error(move, 1)
    if action is _PLAY or action is _HIDE:
        if args_error(move, 1):
            return args_error(move, 1)
        if action is _PLAY and card not in t.specials:
            return "only a card that says 'This is a Zombie' is played face up"
        if not room:
            return (
                f"you may play {counted(state.allowance, 'Zombie')} this step and have"
                f" played {so_far}; 'mutate C Z', 'event C', 'draw' or 'done'"
            )
        return None
    if action is _MUTATE:
        if args_error(move, 2):
            return args_error(move, 2)
        if card not in t.mutations:
            return "that card is not a Mutation"
        zombies = state.area[state.here].zombies
        i = zombie_at(zombies, move.args[1])
        if i is None:
            return f"no zombie {move.args[1]} here; zombies here: {numbers(zombies)}"
        if card in zombies[i].mutations:
            # "No mutation may be played twice on the same zombie."
            return "that Mutation is already on that zombie"
        return None
    raise AssertionError(f"unhandled Zombies! action {action}")  # pragma: no cover


_CARD_PLAYS = frozenset((_EVENT, _PLAY, _HIDE, _MUTATE))


def legal_zombies(state: State) -> tuple[Move, ...]:
    """What ``check_zombies`` accepts: events, face-up plays, hides, mutations, draw, done."""
    config = state.config
    t = tables(config)
    z = config.zombie_seat
    hand = tuple(dict.fromkeys(state.zombie_hand))
    so_far = played(state)
    room = so_far < state.allowance
    can_draw = len(state.zombie_hand) < config.zombie_hand and zombie_deck_size(state) > 0
    n = len(config.zombie_cards)
    moves: list[Move] = []
    for card in hand:
        if card in t.events:
            if config.zombie_cards[card].event is _BITE:
                row = move_row(z, _EVENT, (card,), config.players)
                moves += [row[s] for s in living(state)]
            else:
                moves.append(move_row(z, _EVENT, (), n)[card])
    # Plain loops rather than comprehensions, which cost a call each in CPython 3.11.
    if room:
        play, hide = move_row(z, _PLAY, (), n), move_row(z, _HIDE, (), n)
        specials = t.specials
        for card in hand:
            if card in specials:
                moves.append(play[card])
        for card in hand:
            moves.append(hide[card])
    zombies = state.area[state.here].zombies
    for card in hand:
        if card in t.mutations:
            row = move_row(z, _MUTATE, (card,), t.zombie_cards_total)
            for zombie in zombies:
                if card not in zombie.mutations:
                    moves.append(row[zombie.number])
    if not so_far and can_draw:
        moves.append(_bare(z, _ACTION_DRAW))
    if so_far or config.zombie_may_pass or not (state.zombie_hand or can_draw):
        moves.append(_bare(z, _DONE))
    return tuple(moves)


@functools.lru_cache(maxsize=64)
def _bare(z: int, action: Action) -> Move:
    return Move(z, action)


#: Positional rebuilds for the Zombie Player's plays (see ``_base.state_with``).
_with_zombie = state_with("zombie_hand", "step", "area", "next_zombie")
_with_mutation = state_with("zombie_hand", "area")
_with_event = state_with("zombie_hand", "zombie_gone")
_with_noise_step = state_with("noise", "step")
_with_passed = state_with("passed")
_with_noise_allowance = state_with("noise", "allowance")
_with_allowance = state_with("allowance")
_with_munition = state_with("area", "munition_deck")
_with_supply = state_with("area", "supply_deck")


def do_zombies(state: State, move: Move) -> State:
    """Play an Event, a Zombie (face up or down) or a Mutation; draw instead; or be done."""
    config = state.config
    action = move.action
    if action is _DONE:
        return end_zombies_step(state)
    if action is _ACTION_DRAW:
        # "If the Zombie Player so desires, they may draw a card instead of playing a Zombie."
        return zombie_draws(state, 1, _LOOT_DRAW)
    card = move.args[0]
    hand = list(state.zombie_hand)
    hand.remove(card)
    here = state.area[state.here]
    if action is _EVENT:
        c = config.zombie_cards[card]
        state = _with_event(state, tuple(hand), bump(state.zombie_gone, card))
        if c.effect:
            return run_effect(state, c.effect, Played(move.seat, card, c.amount))
        if c.event is _EVENT_DRAW:
            return zombie_draws(state, c.amount, _ZOMBIES, played(state))
        if c.event is _SWARM:
            return _with_allowance(state, state.allowance + c.amount)
        return hurt(state, move.args[1], c.amount, headshot=False)
    if action is _MUTATE:
        i = zombie_at(here.zombies, move.args[1])
        assert i is not None
        z = here.zombies[i]
        mutated = new_zombie(z.card, z.face_up, (*z.mutations, card), z.damage, z.number)
        zombies = here.zombies[:i] + (mutated,) + here.zombies[i + 1 :]
        location = new_location(here.building, here.looted, here.cards, zombies)
        area = set_location(state, state.here, location)
        return _with_mutation(state, tuple(hand), area)
    # "plays any card in their hand face-down, or any card that says "This is a Zombie"
    # face-up." It enters play numbered after every zombie before it.
    new = new_zombie(card, action is _PLAY, (), 0, state.next_zombie)
    location = new_location(here.building, here.looted, here.cards, (*here.zombies, new))
    after = _with_zombie(
        state,
        tuple(hand),
        zombies_played(played(state) + 1),
        set_location(state, state.here, location),
        state.next_zombie + 1,
    )
    if action is _PLAY and config.zombie_cards[card].effect:
        # A special zombie's ability acts once it is in play; face down it is a standard one.
        c = config.zombie_cards[card]
        return run_effect(after, c.effect, Played(move.seat, card, c.amount, new.number))
    return after


# -------------------------------------------------------------------- Loot


def do_loot_roll(state: State, roll: int) -> State:
    """Chance: a variable location's die picks its (Supply, Munition) loot."""
    supply, munition = state.config.variable_loot[roll - 1]
    return loot_draws(state, supply, munition)


def do_loot_draw(state: State, item: int) -> State:
    """Chance: one loot card, laid at the location."""
    # "draw an additional number of cards face-down": nobody has seen them (mask 0).
    here = state.area[state.here]
    location = new_location(here.building, here.looted, add(here.cards, card_code(item)), ())
    area = set_location(state, state.here, location)
    supply, munition = state.loot
    step = state.step
    assert isinstance(step, LootDraw)
    if step.deck is _MUNITION:
        deck = bump(state.munition_deck, item, -1)
        state = _with_munition(state, area, deck)
        return loot_draws(state, 0, munition - 1)
    deck = bump(state.supply_deck, item, -1)
    state = _with_supply(state, area, deck)
    return loot_draws(state, supply - 1, munition)
