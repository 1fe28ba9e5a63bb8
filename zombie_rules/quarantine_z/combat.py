"""Combat: Decide (face-down Action cards), Declare, Resolve, the Zombies' step, escapes.

A combat round: every Survivor in it lays Fight, Shoot, Escape or Pass face down;
all flip at once and each declares, in seat order, targets and Combat Items; the
dice resolve in seat order; "Any Zombies who are killed are removed from play at
the end of this Step"; each zombie still standing damages a Survivor (the Zombie
Player picks when the rules leave a choice); the Noise made draws Zombie cards.
Where the combat started and where it returns is :mod:`zombie_rules.quarantine_z.flow`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from zombie_rules.core.seats import has_seat, with_seat
from zombie_rules.quarantine_z._base import (
    ZombieFace,
    active,
    args_error,
    bump,
    can_shoot,
    combat_with,
    combat_zombies,
    has,
    held_kinds,
    living,
    move_row,
    new_location,
    new_survivor,
    new_zombie,
    numbers,
    replace,
    replace_combat,
    set_location,
    set_row,
    set_survivor,
    state_with,
    zombie_at,
    zombie_stats,
)
from zombie_rules.quarantine_z.cards import Kind
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.custom import Played
from zombie_rules.quarantine_z.effects import attack, drop, hurt, hurt_later, spend_ammo
from zombie_rules.quarantine_z.flow import zombie_draws
from zombie_rules.quarantine_z.knowledge import take_public
from zombie_rules.quarantine_z.state import (
    Action,
    Combat,
    Commit,
    Location,
    Move,
    Phase,
    State,
    Zombie,
    survivor_target,
    zombie_target,
)
from zombie_rules.quarantine_z.steps import Bite, Turn, biting, turn_of
from zombie_rules.quarantine_z.vocabulary import run_effect

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_ACTION_BITE = Action.BITE
_COMMIT = Action.COMMIT
_READY = Action.READY
_TARGET_SURVIVOR = Action.TARGET_SURVIVOR
_TARGET_ZOMBIE = Action.TARGET_ZOMBIE
_USE = Action.USE
_ESCAPE = Commit.ESCAPE
_FIGHT = Commit.FIGHT
_SHOOT = Commit.SHOOT
_COMBAT = Kind.COMBAT
_PHASE_BITE = Phase.BITE
_DECIDE = Phase.DECIDE
_DECLARE = Phase.DECLARE
_RESOLVE = Phase.RESOLVE

# ------------------------------------------------------------------ escape


def escape_value(state: State, seat: int) -> int:
    """Location, zombie and item modifiers: "adding all Escape Value modifiers"."""
    combat = state.combat
    at_location = combat is not None and combat.origin is not _DECIDE and state.here >= 0
    return escape_modifiers(
        state.config,
        state.area[state.here].building if at_location else -1,
        combat_zombies(state),
        state.survivors[seat].equipment,
        combat.scare if combat is not None else 0,
    )


def escape_modifiers(
    config: Config,
    building: int,
    zombies: Iterable[ZombieFace],
    equipment: tuple[int, ...],
    scare: int,
) -> int:
    """ "The Escape Value is calculated by adding all Escape Value modifiers. These
    modifiers come from the location of Combat, Zombies and other various items or
    effects.": the Building fought at (-1: none, a combat On the Move), the zombies
    in the combat, the escaper's equipment and the Combat Items played this round.

    :func:`escape_value` reads the parts off a state; the bot reads them off its view,
    so the two cannot drift apart.
    """
    value = config.buildings[building].escape if building >= 0 else 0
    for z in zombies:
        value += zombie_stats(config, z)[2]
    items = config.items
    for e in equipment:
        value += items[e].escape
    return value + scare


def escape_bonus(state: State, seat: int) -> int:
    """ "+1 bonus to their roll for each other Survivor at that location not also trying to
    escape — including Survivors who have already been killed during this combat".

    A Survivor killed earlier in this Resolve step (Life 0, its cards not yet dropped:
    ruling 20) has been killed during this combat, whatever card it had laid.
    """
    combat = state.combat
    assert combat is not None
    bonus = 0
    survivors = state.survivors
    for s in tables(state.config).survivors:
        if s == seat or not has_seat(combat.members, s) or has_seat(combat.escaped, s):
            continue
        if has_seat(combat.died, s) or survivors[s].life <= 0 or combat.commits[s] != _ESCAPE:
            bonus += 1
    return bonus


# ------------------------------------------------------------------ Decide


def check_commit(state: State, move: Move) -> str | None:
    """Decide: each Survivor in the combat lays one Action card face down."""
    s = move.seat
    combat = state.combat
    assert combat is not None
    if s not in active(state) or combat.commits[s] is not None:
        return "waiting for the face-down Action cards of " + ", ".join(
            str(j) for j in active(state) if combat.commits[j] is None
        )
    if move.action is not _COMMIT:
        return "lay an Action card face down: 'commit fight|shoot|escape|pass'"
    if args_error(move, 1) or move.args[0] not in (0, 1, 2, 3):
        return "'commit fight', 'commit shoot', 'commit escape' or 'commit pass'"
    if move.args[0] == _SHOOT and not can_shoot(state, s):
        return "Shoot needs an equipped firearm and its ammunition in your hand"
    return None


def legal_commit(state: State) -> tuple[Move, ...]:
    """Each uncommitted Survivor's Action cards (Shoot only with a loaded firearm)."""
    combat = state.combat
    assert combat is not None
    moves: list[Move] = []
    for s in active(state):
        if combat.commits[s] is None:
            moves += _commit_moves(s, can_shoot(state, s))
    return tuple(moves)


@functools.lru_cache(maxsize=64)
def _commit_moves(s: int, shoot: bool) -> tuple[Move, ...]:
    return tuple(Move(s, _COMMIT, (int(c),)) for c in Commit if shoot or c is not _SHOOT)


def do_commit(state: State, move: Move) -> State:
    """Decide: "lay this card face-down on the table"."""
    combat = state.combat
    assert combat is not None
    commits = set_row(combat.commits, move.seat, _COMMITS[move.args[0]])
    fighting = active(state)  # a commitment changes nobody's place in the combat
    for s in fighting:
        if commits[s] is None:
            return _with_combat(state, _with_commits(combat, commits))
    # Declare: "Survivors simultaneously flip their cards face-up".
    # Every Survivor declares in seat order (a target, Combat Items, or just 'ready'), so
    # the order does not reveal who holds a Combat Item.
    return _next_declare(state, _revealed(combat, commits, True, fighting))


#: The Action cards by value: ``Commit(k)`` without the enum's call.
_COMMITS = tuple(Commit)

#: Positional rebuilds for the combat steps' every move (see ``_base.state_with``).
_with_combat = state_with("combat")
_with_combat_step = state_with("combat", "phase", "step")
_with_commits = combat_with("commits")
_with_queue = combat_with("queue")
_declared = combat_with("targets", "fought", "hostile", "queue")
_revealed = combat_with("commits", "revealed", "queue")
_with_escaped = combat_with("escaped")
_with_fought = combat_with("fought", "headshot")
_with_resolved = state_with("combat", "area", "zombie_gone", "zombie_hidden")
_with_used = state_with("survivors", "used")
_with_scare = combat_with("noise", "scare")
_with_headshot = combat_with("headshot")
_with_phase_step = state_with("phase", "step")


# ----------------------------------------------------------------- Declare


def _next_declare(state: State, combat: Combat) -> State:
    """The next Survivor in ``combat.queue`` declares; then the Resolve queue starts.

    ``combat`` replaces ``state.combat`` (members, escapes and the dead unchanged), so
    the state is rebuilt once rather than once per changed field.
    """
    if combat.queue:
        return _with_combat_step(state, combat, _DECLARE, turn_of(combat.queue[0]))
    # Resolve: "Survivors resolve the outcome of their actions, by rolling a six-sided die".
    rolling = []
    commits, targets = combat.commits, combat.targets
    for s in active(state):
        commit = commits[s]
        if commit == _ESCAPE or (commit in (_FIGHT, _SHOOT) and targets[s] is not None):
            rolling.append(s)
    queue = tuple(rolling)
    combat = _with_queue(combat, queue)
    if queue:
        return _with_combat_step(state, combat, _RESOLVE, turn_of(queue[0]))
    return _end_resolve(state, combat)


def in_turn(state: State) -> int:
    """The Survivor declaring or rolling (the head of the combat's queue)."""
    step = state.step
    assert isinstance(step, Turn)
    return step.seat


def _targets_available(state: State, s: int) -> bool:
    return bool(combat_zombies(state)) or any(j != s for j in active(state))


def check_declare(state: State, move: Move) -> str | None:
    """The declaring Survivor plays Combat Items, names a target, or is ready."""
    s = in_turn(state)
    combat = state.combat
    assert combat is not None
    if move.seat != s:
        return f"seat {s} is declaring"
    commit = combat.commits[s]
    attacking = commit in (_FIGHT, _SHOOT)
    action = move.action
    if action is _USE:
        if args_error(move, 1):
            return args_error(move, 1)
        item = move.args[0]
        if not has(state.survivors[s].hand, item):
            return "that card is not in your hand"
        if state.config.items[item].kind is not _COMBAT:
            return "only Combat Items are played in combat"
        return None
    if action is _READY:
        if args_error(move, 0):
            return args_error(move, 0)
        if attacking and _targets_available(state, s):
            return "declare the target of your Fight or Shoot"
        return None
    if action is _TARGET_ZOMBIE or action is _TARGET_SURVIVOR:
        if not attacking:
            return "only a Fight or a Shoot has a target; 'ready' when done"
        if args_error(move, 1):
            return args_error(move, 1)
        i = move.args[0]
        if action is _TARGET_ZOMBIE:
            zombies = combat_zombies(state)
            if zombie_at(zombies, i) is None:
                return f"no zombie {i} in this combat; zombies: {numbers(zombies)}"
            return None
        if i == s or i not in active(state):
            return "target another Survivor still in the combat"
        return None
    return "declare: 'use I' (Combat Item), 'target-zombie Z', 'target-survivor S' or 'ready'"


def legal_declare(state: State) -> tuple[Move, ...]:
    """What ``check_declare`` accepts: Combat Items, then targets or 'ready'."""
    s = in_turn(state)
    combat = state.combat
    assert combat is not None
    config = state.config
    hand = state.survivors[s].hand
    moves = _combat_item_moves(config, s, held_kinds(hand)) if hand else []
    if combat.commits[s] in (_FIGHT, _SHOOT):
        # Plain loops rather than comprehensions, which cost a call each in CPython 3.11.
        zombies = combat_zombies(state)
        row = move_row(s, _TARGET_ZOMBIE, (), tables(config).zombie_cards_total)
        for z in zombies:
            moves.append(row[z.number])
        row = move_row(s, _TARGET_SURVIVOR, (), state.config.players)
        others = False
        for j in active(state):
            if j != s:
                moves.append(row[j])
                others = True
        if not others and not zombies:
            moves.append(_ready(s))
    else:
        moves.append(_ready(s))
    return tuple(moves)


@functools.lru_cache(maxsize=64)
def _ready(s: int) -> Move:
    return Move(s, _READY)


def _combat_item_moves(config: Config, s: int, held: tuple[int, ...]) -> list[Move]:
    """'use I' for each kind of Combat Item ``held`` (``_base.held_kinds``).

    Not cached: the kinds held seldom repeat, and a cache that keeps missing leaves
    long-lived tuples behind, which bring on the garbage collector's full passes.
    """
    items = config.items  # a property: read once
    row = move_row(s, _USE, (), len(items))
    moves = []
    for item in held:  # a plain loop: a comprehension's own call costs more here
        if items[item].kind is _COMBAT:
            moves.append(row[item])
    return moves


def do_declare(state: State, move: Move) -> State:
    """A Combat Item, a target, or 'ready' (the next Survivor declares)."""
    s = in_turn(state)
    combat = state.combat
    assert combat is not None
    action = move.action
    if action is _USE:
        return _combat_item(state, s, move.args[0])
    targets = combat.targets
    fought = combat.fought
    hostile = combat.hostile
    if action is _TARGET_ZOMBIE:
        targets = set_row(targets, s, zombie_target(move.args[0]))
        if combat.commits[s] == _FIGHT:
            i = zombie_at(combat_zombies(state), move.args[0])
            assert i is not None
            fought = set_row(fought, i, with_seat(fought[i], s))
    elif action is _TARGET_SURVIVOR:
        targets = set_row(targets, s, survivor_target(move.args[0]))
        hostile = True
    return _next_declare(state, _declared(combat, targets, fought, hostile, combat.queue[1:]))


def _combat_item(state: State, s: int, item: int) -> State:
    """ "Survivors may play Combat Items at this time."."""
    config = state.config
    it = config.items[item]
    me = state.survivors[s]
    hand, _ = take_public(config, me.hand, item)
    life = min(config.survivor_life, me.life + it.heal)
    state = _with_used(
        state,
        set_survivor(state, s, new_survivor(life, hand, me.equipment, me.armor, me.wear)),
        bump(state.used, item),
    )
    combat = state.combat
    assert combat is not None
    if it.blast and state.here >= 0:
        here = state.area[state.here]
        zombies = tuple(
            new_zombie(
                z.card,
                z.face_up,
                z.mutations,
                z.damage + max(1, it.blast - zombie_stats(config, z)[3]),
                z.number,
            )
            for z in combat_zombies(state)
        )
        if combat.origin is not _DECIDE:
            location = new_location(here.building, here.looted, here.cards, zombies)
            state = replace(state, area=set_location(state, state.here, location))
    combat = _with_scare(combat, combat.noise + it.noise, combat.scare + it.scare)
    state = _with_combat(state, combat)
    if it.effect:
        return run_effect(state, it.effect, Played(s, item, it.amount))
    return state


# ----------------------------------------------------------------- Resolve


def do_resolve(state: State, roll: int) -> State:
    """Chance: the rolling Survivor's die for an Escape, a Fight or a Shoot."""
    s = in_turn(state)
    combat = state.combat
    assert combat is not None
    commit = combat.commits[s]
    assert commit is not None  # only Survivors who laid a card are queued to roll
    config = state.config
    # Fields of the state this roll changes, set in the one rebuild of _next_resolve.
    changes: dict[str, object] = {}
    if commit == _ESCAPE:
        # "they must roll a number greater than or equal to the Escape Value", with "+1 ...
        # for each other Survivor at that location not also trying to escape".
        if roll + escape_bonus(state, s) >= escape_value(state, s):
            combat = _with_escaped(combat, with_seat(combat.escaped, s))
    else:
        gun = -1
        if commit == _SHOOT:
            if not can_shoot(state, s):
                return _next_resolve(state, combat)  # pragma: no cover - ammo cannot vanish
            state, gun = spend_ammo(state, s)
            combat = replace_combat(combat, noise=combat.noise + state.noise)
            changes["noise"] = 0
        hit, damage, headshot = attack(state, s, commit, roll, gun)
        declared = combat.targets[s]
        assert declared is not None  # only Survivors with a target are queued to attack
        if hit and declared.survivor:
            state = hurt_later(state, declared.which, damage, headshot)
        elif hit:
            here = state.area[state.here]
            at = zombie_at(here.zombies, declared.which)
            assert at is not None  # a target is a zombie of the combat until the step ends
            target = at
            z = here.zombies[target]
            _, _, _, armor, horde, _ = zombie_stats(config, z)
            heads = combat.headshot
            if headshot and not horde:
                heads = set_row(heads, target, True)
                dealt = 0
            else:
                # "In the case of the Horde, this counts as a hit": the weapon's hit, as
                # the same roll would deal without the Headshot. Armor never stops a
                # hit entirely.
                dealt = max(1, damage - armor)
            zombie = new_zombie(z.card, z.face_up, z.mutations, z.damage + dealt, z.number)
            zombies = here.zombies[:target] + (zombie,) + here.zombies[target + 1 :]
            location = new_location(here.building, here.looted, here.cards, zombies)
            changes["area"] = set_location(state, state.here, location)
            combat = _with_headshot(combat, heads)
    return _next_resolve(state, combat, **changes)


def _next_resolve(state: State, combat: Combat, **changes: object) -> State:
    """The next Survivor in the Resolve queue rolls; ``combat`` replaces ``state.combat``
    and ``changes`` the other fields the roll changed, in one rebuild."""
    queue = combat.queue[1:]
    combat = _with_queue(combat, queue)
    if queue:
        step = turn_of(queue[0])
        if not changes:
            return _with_combat_step(state, combat, _RESOLVE, step)
        return replace(state, combat=combat, phase=_RESOLVE, step=step, **changes)
    return _end_resolve(state, combat, **changes)


def _end_resolve(state: State, combat: Combat, **changes: object) -> State:
    """ "Any Zombies who are killed are removed from play at the end of this Step.".

    ``combat`` replaces ``state.combat`` and ``changes`` (the last roll's: the noise, the
    area after a hit) the other fields, in the same rebuild as the removals.
    """
    config = state.config
    if combat_zombies(state):  # the combat's place and zombies: a roll only damages them
        area: tuple[Location, ...] = changes.get("area", state.area)  # type: ignore[assignment]
        here = area[state.here]
        keep: list[Zombie] = []
        fought: list[int] = []
        gone, hidden = state.zombie_gone, state.zombie_hidden
        for i, z in enumerate(here.zombies):
            if combat.headshot[i] or z.damage >= zombie_stats(config, z)[0]:
                if z.face_up:
                    gone = bump(gone, z.card)
                else:
                    hidden = bump(hidden, z.card)
                for m in z.mutations:
                    gone = bump(gone, m)
            else:
                keep.append(z)
                fought.append(combat.fought[i])
        location = new_location(here.building, here.looted, here.cards, tuple(keep))
        combat = _with_fought(combat, tuple(fought), (False,) * len(keep))
        area = area[: state.here] + (location,) + area[state.here + 1 :]
        if "noise" in changes:  # the only other field a roll changes
            state = replace(state, noise=changes["noise"])
        state = _with_resolved(state, combat, area, gone, hidden)
    elif changes:
        state = replace(state, combat=combat, **changes)
    else:
        state = _with_combat(state, combat)
    # Survivors killed in this step die now.
    for s in tables(config).survivors:
        if (
            state.survivors[s].life <= 0
            and has_seat(combat.members, s)
            and not has_seat(combat.died, s)
        ):
            state = drop(state, s)
            dropped = state.combat
            assert dropped is not None
            combat = dropped
    if not living(state):
        return state
    return _zombie_step(state, 0)


# ------------------------------------------------------------ Zombies' step


def bite_options(state: State, i: int) -> tuple[int, ...]:
    """ "If any Survivors target a Zombie with the "Fight" command, that Zombie must deal
    damage to one of them, otherwise, it is able to damage any Survivor who hasn't
    successfully escaped."."""
    combat = state.combat
    if combat is None or i >= len(combat.fought):
        return ()
    fighting = active(state)
    fought = combat.fought[i]
    fighters = []
    for s in fighting:
        if has_seat(fought, s):
            fighters.append(s)
    return tuple(fighters) if fighters else fighting


def _zombie_step(state: State, i: int) -> State:
    """ "The Zombie Player is able to deal damage for each Zombie still alive"."""
    zombies = combat_zombies(state)
    config = state.config
    while i < len(zombies):
        options = bite_options(state, i)
        if len(options) > 1:
            return _with_phase_step(state, _PHASE_BITE, biting(zombies[i].number))
        if options:
            state = hurt(state, options[0], zombie_stats(config, zombies[i])[1], headshot=False)
            if not living(state):
                return state
        i += 1
    # "The Zombie Player now draws a card for each Noise made during the round."
    combat = state.combat
    assert combat is not None
    noise = combat.noise + sum(zombie_stats(config, z)[5] for z in zombies)
    return zombie_draws(state, noise, _PHASE_BITE)


def biter(state: State) -> tuple[int, int]:
    """(number, place among the combat's zombies) of the zombie whose victim is picked."""
    step = state.step
    assert isinstance(step, Bite)
    i = zombie_at(combat_zombies(state), step.zombie)
    assert i is not None
    return step.zombie, i


def check_bite(state: State, move: Move) -> str | None:
    """The Zombie Player picks whom the biting zombie damages, among ``bite_options``."""
    number, i = biter(state)
    if move.seat != state.config.zombie_seat or move.action is not _ACTION_BITE:
        return f"the Zombie Player picks whom zombie {number} damages: 'bite S'"
    if args_error(move, 1):
        return args_error(move, 1)
    if move.args[0] not in bite_options(state, i):
        return "that Survivor cannot be damaged by this zombie; options: " + ", ".join(
            map(str, bite_options(state, i))
        )
    return None


def legal_bite(state: State) -> tuple[Move, ...]:
    """'bite S' for each Survivor the zombie may damage, in seat order."""
    z = state.config.zombie_seat
    return tuple(Move(z, _ACTION_BITE, (s,)) for s in bite_options(state, biter(state)[1]))


def do_bite(state: State, move: Move) -> State:
    """The chosen Survivor takes the zombie's damage; the next zombie acts."""
    i = biter(state)[1]
    zombie = combat_zombies(state)[i]
    state = hurt(state, move.args[0], zombie_stats(state.config, zombie)[1], headshot=False)
    if not living(state):
        return state
    return _zombie_step(state, i + 1)
