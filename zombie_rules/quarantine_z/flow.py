"""Quarantine Z's sequence of play: where the game goes when a step ends.

The rulebook's round is a loop (On the Move, Zombies!, Loot, At a Location, back On
the Move) that combat can interrupt from three places and return to. Every phase
module ends its steps by calling one of these entry points, and these call only
each other and the shared helpers, so the phases never import one another in a
circle. Zombie Player draws live here too: they interrupt set-up, the Sneak, Events
and the end of a combat round, then resume wherever they were asked to.
"""

from __future__ import annotations

import functools

from zombie_rules.core.seats import has_seat, without_seat
from zombie_rules.quarantine_z._base import (
    active,
    bump,
    combat_zombies,
    free_cap_left,
    living,
    mask_of,
    new_combat,
    new_location,
    new_zombie,
    replace,
    set_location,
    state_with,
    zombie_deck_size,
)
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.state import Combat, Phase, State, Zombie
from zombie_rules.quarantine_z.steps import (
    ZombieDraws,
    discards,
    drawing,
    loot_from,
    turn_of,
    zombies_played,
)

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_MUNITION = Deck.MUNITION
_SUPPLY = Deck.SUPPLY
_BITE = Phase.BITE
_COMMIT = Phase.COMMIT
_DECIDE = Phase.DECIDE
_LOCATION = Phase.LOCATION
_LOOT_DRAW = Phase.LOOT_DRAW
_LOOT_ROLL = Phase.LOOT_ROLL
_SHELTER = Phase.SHELTER
_SNEAK = Phase.SNEAK
_ZOMBIES = Phase.ZOMBIES
_ZOMBIE_DRAW = Phase.ZOMBIE_DRAW

# ------------------------------------------------------- Zombie Player draws


def zombie_draws(
    state: State, n: int, resume: Phase, played: int = 0, /, **changes: object
) -> State:
    """Draw up to ``n`` cards "(if they are able to)": hand limit and deck permitting.

    ``resume`` and ``played`` are those of :class:`~.steps.ZombieDraws`. ``changes``:
    fields of ``state`` the caller would set first (none the draws read: not the
    Zombie hand or deck), set in the same rebuild.
    """
    room = state.config.zombie_hand - len(state.zombie_hand)
    n = min(n, room, zombie_deck_size(state))
    if n <= 0:
        return continue_after_draws(state, resume, played, **changes)
    if not changes:
        return _with_step(state, _ZOMBIE_DRAW, drawing(n, resume, played))
    return replace(state, phase=_ZOMBIE_DRAW, step=drawing(n, resume, played), **changes)


def do_zombie_draw(state: State, card: int) -> State:
    """Chance: the Zombie card drawn."""
    step = state.step
    assert isinstance(step, ZombieDraws)
    deck = bump(state.zombie_deck, card, -1)
    hand = tuple(sorted((*state.zombie_hand, card)))
    left = step.left - 1
    if left > 0 and len(hand) < state.config.zombie_hand and sum(deck) - state.burned > 0:
        return _with_drawn(state, deck, hand, drawing(left, step.resume, step.played))
    resume = step.resume
    if resume is _ZOMBIES:
        return _with_drawn_step(state, deck, hand, _ZOMBIES, zombies_played(step.played))
    if resume is _COMMIT:
        return _with_drawn_step(state, deck, hand, _COMMIT, None)
    return continue_after_draws(_with_drawn(state, deck, hand, step), resume, step.played)


#: Positional rebuilds for the steps of most moves (see ``_base.state_with``).
_with_step = state_with("phase", "step")
_with_drawn = state_with("zombie_deck", "zombie_hand", "step")
_with_drawn_step = state_with("zombie_deck", "zombie_hand", "phase", "step")
_with_proposals = state_with("phase", "proposals")
_with_passed = state_with("passed")
_with_restricted = state_with("restricted")
_with_area = state_with("area")
_with_loot = state_with("phase", "step", "loot")
_with_combat = state_with("phase", "combat", "step")
_with_sneak = state_with("phase", "here", "step", "noise", "proposals", "passed")
_with_decide = state_with(
    "phase", "step", "proposals", "passed", "restricted", "waiting", "actions_used", "loot",
    "noise", "fed", "combat",
)  # fmt: skip
_with_location = state_with(
    "phase", "step", "passed", "waiting", "actions_used", "loot", "fed", "combat"
)
_back_to_location = state_with("phase", "step", "waiting", "combat")
_with_combat_step = state_with("phase", "combat", "step", "waiting")
_left_combat = state_with("combat", "step")
_with_allowance = state_with("step", "allowance")
_back_to_decide = state_with("phase", "step", "survivors")
_with_no_loot = state_with("loot", "step")
_with_fed = state_with("fed")
_with_fed_step = state_with("fed", "phase", "step")
_with_no_combat = state_with("combat")
_with_phase = state_with("phase")


def continue_after_draws(
    state: State, resume: Phase, played: int = 0, /, **changes: object
) -> State:
    """Pick up the step the draws interrupted (``played``: Zombies played in the Zombies!
    step resumed; ``changes``: fields to set first, in the same rebuild when the step
    goes on at once)."""
    if resume is _ZOMBIES and not changes:
        return _with_step(state, _ZOMBIES, zombies_played(played))
    if resume is _ZOMBIES:
        return replace(state, phase=_ZOMBIES, step=zombies_played(played), **changes)
    if resume is _COMMIT:
        return replace(state, phase=_COMMIT, step=None, **changes)
    if resume is _BITE:
        return end_round(state, **changes)
    if changes:
        state = replace(state, **changes)
    if resume is _DECIDE:
        return start_decide(state)
    if resume is _LOOT_DRAW:
        return end_zombies_step(state)
    raise AssertionError(f"cannot resume {resume}")  # pragma: no cover


# ------------------------------------------------------------- On the Move


def start_decide(state: State) -> State:
    """On the Move, Decide: "All the Survivors must decide on a location to travel to."."""
    n = state.config.players
    return _with_decide(
        state, _DECIDE, None, (-1,) * n, 0, 0, 0, (0,) * n, (0, 0), 0, 0, None
    )  # fmt: skip


def agreed(
    state: State,
    *,
    after_combat: bool = False,
    proposals: tuple[int, ...] | None = None,
    **changes: object,
) -> State:
    """Sneak once every living Survivor proposes the same place: "All Survivors must go to
    the same location." (The dead have no say.)

    Otherwise the Decide step goes on. A Survivor waiting (``passed``, the move
    'ready') waits only while no change of proposal is open to it: a change that
    opens up (every proposal is in, or the groups' sizes moved) calls it back, and
    so does the end of a combat On the Move (it may want to heal).

    ``proposals`` (the state's by default) and ``changes`` are what the move just made
    changed, set in the same rebuild as the step that follows.
    """
    alive = living(state)
    made = state.proposals if proposals is None else proposals
    kept: list[int] = []
    chosen: set[int] = set()
    for s, p in enumerate(made):  # a plain loop: a generator and a set comprehension cost more
        if s in alive:
            kept.append(p)
            chosen.add(p)
        else:
            kept.append(-1)
    proposals = tuple(kept)
    if len(chosen) == 1 and -1 not in chosen:
        return _start_sneak(state, chosen.pop(), **changes)
    if changes:
        state = replace(state, phase=_DECIDE, proposals=proposals, **changes)
    else:
        state = _with_proposals(state, _DECIDE, proposals)
    waiting = 0 if after_combat else state.passed & mask_of(alive)
    for s in alive:
        if has_seat(waiting, s) and proposal_changes(state, s):
            waiting = without_seat(waiting, s)
    return state if waiting == state.passed else _with_passed(state, waiting)


def back_to_decide(state: State, **changes: object) -> State:
    """Back to the Decide step after a theft On the Move (nobody's proposal changed);
    ``changes``: what the theft changed, set in the same rebuild."""
    if list(changes) == ["survivors"]:  # a theft's card drawn: the usual case
        return _back_to_decide(state, _DECIDE, None, changes["survivors"])
    return replace(state, phase=_DECIDE, step=None, **changes)


def proposal_changes(state: State, s: int) -> tuple[int, ...]:
    """The locations Survivor ``s`` may change its proposal to now (ruling 35).

    Only once every living Survivor has proposed and they disagree, and only to
    another Survivor's proposal; with ``Config.give_way`` only to one that at least
    as many Survivors propose as propose ``s``'s own (it gives way to a group no
    smaller than its own). Every such change makes the sum of the squared group
    sizes grow, so changes cannot go on for ever, and while the Survivors disagree
    someone always has one (join a largest group). Without ``give_way`` any other
    proposal is open while ``s`` has free actions left (each such change costs one).
    """
    if state.proposals[s] < 0:
        return ()
    props = tuple([state.proposals[j] for j in living(state)])
    free = not state.config.give_way and free_cap_left(state, s)
    return changes_open(props, state.proposals[s], free)


@functools.lru_cache(maxsize=4096)
def changes_open(props: tuple[int, ...], own: int, free: bool) -> tuple[int, ...]:
    """:func:`proposal_changes` from the living Survivors' proposals ``props`` (``free``:
    any other proposal is open)."""
    if -1 in props:
        return ()
    counts: dict[int, int] = {}
    for p in props:
        counts[p] = counts.get(p, 0) + 1
    mine = counts[own]
    return tuple(sorted(loc for loc, n in counts.items() if loc != own and (free or n >= mine)))


def gives_way(state: State, s: int, destination: int) -> bool:
    """Whether switching to ``destination`` joins a group at least as large as ``s``'s own."""
    props = [state.proposals[j] for j in living(state)]
    return props.count(destination) >= props.count(state.proposals[s])


def _start_sneak(state: State, destination: int, **changes: object) -> State:
    # "each Survivor rolls a die. Each Survivor who rolls a 3 or below makes Noise."
    n = state.config.players
    step = turn_of(living(state)[0])
    if not changes:
        return _with_sneak(state, _SNEAK, destination, step, 0, (-1,) * n, 0)
    return replace(
        state, phase=_SNEAK, here=destination, step=step, noise=0,
        proposals=(-1,) * n, passed=0, **changes,
    )  # fmt: skip


def end_zombies_step(state: State) -> State:
    """ "If a Zombie is played, then Combat immediately begins" (left zombies are there too)."""
    state = _with_allowance(state, None, 0)
    if state.area[state.here].zombies:
        return start_combat(state, _LOOT_DRAW)
    return loot(state, 0)


def loot(state: State, escaped: int) -> State:
    """ "If it's the first time the Survivors have successfully arrived there, draw ..."."""
    here = state.area[state.here]
    restricted = escaped & mask_of(living(state))
    state = _with_restricted(state, restricted)
    if here.looted:
        return enter_location(state)
    # "Mark this location as being "looted"."
    location = new_location(here.building, True, here.cards, here.zombies)
    state = _with_area(state, set_location(state, state.here, location))
    building = state.config.buildings[here.building]
    if building.variable:
        # "If it's a variable location (such as a House) have one player roll a die"
        return _with_phase(state, _LOOT_ROLL)
    return loot_draws(state, building.supply, building.munition)


def loot_draws(state: State, supply: int, munition: int) -> State:
    """The loot cards still to draw, Supply first, as far as the decks go."""
    supply = min(supply, sum(state.supply_deck))
    munition = min(munition, sum(state.munition_deck))
    if supply:
        step = loot_from(_SUPPLY)
        return _with_loot(state, _LOOT_DRAW, step, (supply, munition))
    if munition:
        step = loot_from(_MUNITION)
        return _with_loot(state, _LOOT_DRAW, step, (0, munition))
    return enter_location(_with_no_loot(state, (0, 0), None))


# ------------------------------------------------------------- At a Location


def enter_location(state: State) -> State:
    """ "The game now moves to the At a Location phase."."""
    n = state.config.players
    state = _with_location(state, _LOCATION, None, 0, 0, (0,) * n, (0, 0), 0, None)
    return lift_restriction(state)


def back_to_location(state: State, **changes: object) -> State:
    """Back to the free actions after a claim, a theft or a combat at the location;
    ``changes``: what the move changed, set in the same rebuild."""
    if changes:
        state = replace(state, phase=_LOCATION, step=None, waiting=0, combat=None, **changes)
    else:
        state = _back_to_location(state, _LOCATION, None, 0, None)
    if state.fed:
        # A death may have completed a wait-out the survivors had half fed (ruling 33).
        state = wait_out(state)
        if state.phase is _SHELTER:
            return state
    return lift_restriction(state)


def wait_out(state: State) -> State:
    """The Shelter's wait-out completes once a Supply card lies fed "for each living
    Survivor": the Zombie Player then discards (``Config.shelter_discards``).

    Cards fed count whoever fed them and whoever has died since: they were played
    for the Survivors then living, and the dead need no food (ruling 33).
    """
    if state.fed < len(living(state)):
        return state
    # "the Zombie Player must discard 6 cards from the game ... from their deck or their hand."
    count = min(state.config.shelter_discards, zombie_deck_size(state) + len(state.zombie_hand))
    if count == 0:
        return _with_fed(state, 0)
    return _with_fed_step(state, 0, _SHELTER, discards(count))


def lift_restriction(state: State) -> State:
    """Escaped Survivors may claim once "the non-Escaping Survivors have finished Collecting"."""
    alive = mask_of(living(state))
    if state.restricted and not alive & ~state.restricted & ~state.passed:
        state = _with_restricted(state, 0)
    if alive & ~state.passed == 0:
        # Everyone is ready: "The Survivors may choose to leave the location".
        return start_decide(state)
    return state


# ------------------------------------------------------------------ combat


def start_combat(state: State, origin: Phase) -> State:
    """Everyone living at the location enters a combat that ``origin`` returns to."""
    n = state.config.players
    alive = living(state)
    zombies = state.area[state.here].zombies if origin is not _DECIDE and state.here >= 0 else ()
    if not zombies and len(alive) < 2:
        # Nobody left to fight: the combat ends before it starts.
        return leave_combat(_with_no_combat(state, None), origin, 0)
    combat = new_combat(
        origin, mask_of(alive), 0, 0, (None,) * n, False, (None,) * n, (),
        (0,) * len(zombies), (False,) * len(zombies), 0, 0, False, 0,
    )  # fmt: skip
    return _with_combat_step(state, _COMMIT, combat, None, 0)


def end_round(state: State, **changes: object) -> State:
    """ "Repeat this sequence until all Survivors have died or escaped, or until no Zombies
    remain in combat (and no Survivors are still trying to kill one another).".

    ``changes``: fields the Zombie Player's draws left to set (none the combat reads),
    set in the same rebuild when another round starts.
    """
    combat = state.combat
    assert combat is not None
    n = state.config.players
    fighting = active(state)
    zombies = combat_zombies(state)
    if changes and (not fighting or (not zombies and not combat.hostile)):
        state = replace(state, **changes)  # the combat ends: set them first
    if not fighting and combat.origin is _DECIDE:
        # Everyone escaped a combat On the Move: they are On the Move already, in the
        # same Decide step (no fresh free actions: ruling 37).
        return leave_combat(state, _DECIDE, combat.escaped)
    if not fighting:
        # "In the event that all Survivors escape, they immediately transition to the On
        # the Move phase, and any Zombies still alive remain at the previous location and
        # return to full Life."
        return _move_on_from_zombies(state) if zombies else start_decide(state)
    if not zombies and not combat.hostile:
        return leave_combat(state, combat.origin, combat.escaped)
    rounds = combat.rounds + 1
    if round_limit_reached(state.config.combat_round_limit, rounds):
        if changes:
            state = replace(state, **changes)
        return _stalemate(state, combat, zombies)
    fresh = new_combat(
        combat.origin, combat.members, combat.escaped, combat.died, (None,) * n, False,
        (None,) * n, (), (0,) * len(zombies), (False,) * len(zombies), 0, 0, False, rounds,
    )  # fmt: skip
    if not changes:
        return _with_combat(state, _COMMIT, fresh, None)
    return replace(state, **{**changes, "phase": _COMMIT, "combat": fresh, "step": None})


def round_limit_reached(limit: int | None, rounds: int) -> bool:
    """Whether a combat that has played ``rounds`` rounds stops at ``limit`` (None: never)."""
    return limit is not None and rounds >= limit


def _stalemate(state: State, combat: Combat, zombies: tuple[Zombie, ...]) -> State:
    """The combat has lasted ``Config.combat_round_limit`` rounds: it ends undecided (ruling 39).

    With zombies still standing it ends as when every Survivor escapes: the zombies
    stay at the location at full Life and the Survivors go On the Move (nobody
    collects where zombies lie). With none (Survivors against Survivors) the
    Survivors go on to the phase the combat interrupted, as after any combat.
    """
    if not zombies:
        return leave_combat(state, combat.origin, combat.escaped)
    return _move_on_from_zombies(state)


def _move_on_from_zombies(state: State) -> State:
    """On the Move, leaving the zombies of the combat at the location at full Life."""
    here = state.area[state.here]
    healed = tuple(new_zombie(z.card, z.face_up, z.mutations, 0, z.number) for z in here.zombies)
    location = new_location(here.building, here.looted, here.cards, healed)
    return start_decide(_with_area(state, set_location(state, state.here, location)))


def leave_combat(state: State, origin: Phase, escaped: int) -> State:
    """ "Once combat has ended, Survivors return to the phase they were in prior"."""
    state = _left_combat(state, None, None)
    if origin is _LOOT_DRAW:
        # "After successfully resolving Combat (or if no Combat occurred) the Survivors can
        # loot the location."
        return loot(state, escaped)
    if origin is _DECIDE:
        return agreed(state, after_combat=True)
    state = _with_restricted(state, (state.restricted | escaped) & mask_of(living(state)))
    return back_to_location(state)
