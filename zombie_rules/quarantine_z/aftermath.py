"""What a Quarantine Z move sets off, in English: wounds, deaths, the zombies' step, new stages.

One ``apply`` can run through several steps of the rulebook: the last Resolve die
ends the step (dead zombies leave play, Survivors killed in it drop their cards),
the zombies bite, the Noise of the round draws cards and a new round or the end of
the combat follows. ``apply`` keeps no log, so this module retraces those steps
with the rules' own effect functions (``hurt_later``, ``drop``, ``bite_options``)
and checks its retrace against the state ``apply`` produced; if the two ever
disagree, it tells the outcome (Life before and after, the dead) without the
blow-by-blow rather than tell something false.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z._base import (
    active,
    combat_zombies,
    living,
    new_location,
    replace,
    replace_combat,
    set_location,
    zombie_stats,
)
from zombie_rules.quarantine_z.combat import bite_options, in_turn
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.effects import drop, hurt_later
from zombie_rules.quarantine_z.location import discards_due
from zombie_rules.quarantine_z.rules import apply, result
from zombie_rules.quarantine_z.state import Commit, Move, Phase, State, Survivor, Zombie
from zombie_rules.quarantine_z.steps import Ambush, Steal, ZombieDraws
from zombie_rules.quarantine_z.wording import Teller, capital, count, listing

# ------------------------------------------------------------------ wounds and deaths


def harm(t: Teller, s: int, before: Survivor, after: Survivor, damage: int, headshot: bool) -> str:
    """What a blow did to Survivor ``s``: "2 damage, Armor absorbs 1, Seat 2's Life 3 → 2"."""
    if headshot:
        return f"a Headshot, which kills {'you' if s == t.seat else 'them'}"
    parts = [count(damage, "damage", "damage")]
    absorbed = before.armor - after.armor
    if absorbed > 0:
        parts.append(f"Armor absorbs {absorbed}")
    worn = sorted(set(before.equipment) - set(after.equipment))
    if worn and after.life > 0:
        parts.append(f"{t.items(worn)} {'is' if len(worn) == 1 else 'are'} used up")
    if before.life == after.life:
        parts.append(f"{t.whose(s)} Life stays {after.life}")
    else:
        parts.append(f"{t.whose(s)} Life {before.life} → {after.life}")
    return ", ".join(parts)


def death(t: Teller, state: State, s: int) -> str:
    """Survivor ``s`` dies at ``state`` (just before its cards are dropped): where they go."""
    me = state.survivors[s]
    first = "You die" if s == t.seat else f"Seat {s} dies"
    hand = me.hand
    gear = me.equipment
    if state.here < 0:
        parts = []
        if hand:
            parts.append(f"{t.their(s)} hand ({t.cards(hand)}) leaves the game face down")
        if gear:
            parts.append(f"{t.their(s)} equipment ({t.items(gear)}) face up")
        where = "before reaching any location"
        return f"{first} {where}" + (f": {', '.join(parts)}." if parts else ".")
    place = t.place(state.area[state.here].building)
    parts = []
    if hand:
        parts.append(f"{t.their(s)} hand ({t.cards(hand)}) is laid face down at {place}")
    if gear:
        parts.append(f"{t.their(s)} equipment ({t.items(gear)}) face up")
    return f"{first}" + (f": {', '.join(parts)}." if parts else ", holding nothing.")


def blow(
    t: Teller, state: State, s: int, damage: int, headshot: bool, lead: str
) -> tuple[State, list[str]]:
    """Survivor ``s`` takes ``damage`` outside the Resolve step (``hurt``); ``lead`` says how.

    Retraced as ``hurt_later`` then ``drop``, which is what ``hurt`` does, so the
    death line can list the cards before they leave the Survivor.
    """
    before = state.survivors[s]
    if before.life <= 0:
        return state, []
    hit = hurt_later(state, s, damage, headshot)
    after = hit.survivors[s]
    lines = [f"{lead}: {harm(t, s, before, after, damage, headshot)}."]
    if after.life > 0:
        return hit, lines
    lines.append(death(t, hit, s))
    return drop(hit, s), lines


# ------------------------------------------------------------------ the end of a combat round


def end_of_step(t: Teller, state: State) -> tuple[State, list[str]]:
    """The end of the Resolve step at ``state``: "Any Zombies who are killed are removed from
    play at the end of this Step", the Survivors killed in it die, then the zombies bite."""
    config = state.config
    combat = state.combat
    assert combat is not None
    lines: list[str] = []
    zombies = combat_zombies(state)
    if zombies:
        killed = [
            i
            for i, z in enumerate(zombies)
            if combat.headshot[i] or z.damage >= zombie_stats(config, z)[0]
        ]
        if killed:
            names = [t.zombie(zombies[i]) for i in killed]
            verb = "dies" if len(killed) == 1 else "die"
            lines.append(f"End of the Resolve step: {listing(names)} {verb}.")
        keep = tuple(z for i, z in enumerate(zombies) if i not in killed)
        fought = tuple(f for i, f in enumerate(combat.fought) if i not in killed)
        here = state.area[state.here]
        location = new_location(here.building, here.looted, here.cards, keep)
        combat = replace_combat(combat, fought=fought, headshot=(False,) * len(keep))
        state = replace(state, area=set_location(state, state.here, location), combat=combat)
    for s in tables(config).survivors:
        me = state.survivors[s]
        if me.life <= 0 and has_seat(combat.members, s) and not has_seat(combat.died, s):
            lines.append(death(t, state, s))
            state = drop(state, s)
            combat = state.combat
            assert combat is not None
    if not living(state):
        return state, lines
    return zombie_step(t, state, 0, lines)


def zombie_step(t: Teller, state: State, i: int, lines: list[str]) -> tuple[State, list[str]]:
    """ "The Zombie Player is able to deal damage for each Zombie still alive", from ``i`` on."""
    zombies = combat_zombies(state)
    config = state.config
    while i < len(zombies):
        options = bite_options(state, i)
        if len(options) > 1:
            lines.append(
                f"{capital(t.zombie(zombies[i]))} attacks: the Zombie Player picks whom it"
                f" damages ({t.group(options)})."
            )
            return state, lines
        if options:
            damage = zombie_stats(config, zombies[i])[1]
            lead = f"{capital(t.zombie(zombies[i]))} bites {t.whom(options[0])}"
            state, more = blow(t, state, options[0], damage, False, lead)
            lines += more
            if not living(state):
                return state, lines
        i += 1
    return state, lines


def checked(t: Teller, start: State, traced: State, after: State, lines: list[str]) -> list[str]:
    """``lines`` if the retrace reached what ``apply`` did, else the plain outcome.

    The zombies are compared where the retrace left the Survivors: when the move also
    sends the party on (an ambush that ends the last quarrel, then an agreed
    destination), the zombies they left stay at that location, and the new one's are
    no part of this move's story.
    """
    where = traced.here
    if traced.survivors == after.survivors and _zombie_keys(traced, where) == _zombie_keys(
        after, where
    ):
        return lines
    return outcome(t, start, after)  # pragma: no cover - only if the rules outgrow the retrace


def _zombie_keys(state: State, where: int) -> frozenset[tuple[int, int, bool, tuple[int, ...]]]:
    if where < 0:
        return frozenset()
    return frozenset((z.number, z.card, z.face_up, z.mutations) for z in state.area[where].zombies)


def _zombies_here(state: State) -> tuple[Zombie, ...]:
    return state.area[state.here].zombies if state.here >= 0 else ()


def outcome(t: Teller, start: State, after: State) -> list[str]:
    """The changes from ``start`` to ``after`` in Life, deaths and zombies, without causes."""
    lines = []
    staying = {z.number for z in _zombies_here(after)}
    gone = [z for z in _zombies_here(start) if z.number not in staying]
    if gone:
        names = [t.zombie_kind(z) for z in gone]
        lines.append(f"Zombies leave play: {listing(names)}.")
    for s in tables(start.config).survivors:
        b, a = start.survivors[s], after.survivors[s]
        if b == a:
            continue
        if a.life <= 0 and not a.hand and not a.equipment and (b.hand or b.equipment or b.life):
            lines.append(death(t, start, s))
        elif b.life != a.life or b.armor != a.armor:
            lines.append(
                f"{t.whose(s).capitalize()} Life {b.life} → {a.life}, Armor {b.armor} → {a.armor}."
            )
    return lines


# ------------------------------------------------------------------ where the game goes next


def stage(state: State) -> str:
    """The part of the round ``state`` is in; a change of stage is worth a line."""
    phase = state.phase
    if phase in _INTERRUPTIONS:
        phase = resumed(state)
    return _STAGES[phase]


def resumed(state: State) -> Phase:
    """The step an interruption (Zombie Player draws, an ambush, a theft) goes back to."""
    step = state.step
    assert isinstance(step, ZombieDraws | Ambush | Steal)
    return step.resume


def _draws_left(state: State) -> int:
    step = state.step
    assert isinstance(step, ZombieDraws)
    return step.left


#: Chance steps that interrupt another step and go back to the step their record names.
_INTERRUPTIONS = frozenset({Phase.ZOMBIE_DRAW, Phase.AMBUSH_ROLL, Phase.STEAL_CARD})

_STAGES = {
    Phase.BUILDINGS: "setup",
    Phase.SETUP_CHOOSE: "setup",
    Phase.SETUP_DRAW: "setup",
    Phase.DECIDE: "decide",
    Phase.SNEAK: "sneak",
    Phase.ZOMBIES: "zombies",
    Phase.LOOT_ROLL: "loot",
    Phase.LOOT_DRAW: "loot",
    Phase.LOCATION: "location",
    Phase.CLAIM: "location",
    Phase.DISPUTE: "location",
    Phase.CLAIM_CARD: "location",
    Phase.STEAL_CARD: "location",
    Phase.SHELTER: "location",
    Phase.COMMIT: "combat",
    Phase.DECLARE: "combat",
    Phase.RESOLVE: "combat",
    Phase.BITE: "combat",
    Phase.OVER: "over",
}


def transitions(
    t: Teller, before: State, after: State, *, told_draw: bool = False, move: Move | None = None
) -> list[str]:
    """Lines for the stages the move led into, the Zombie Player's draws and the game's end.

    ``move`` (the move from ``before`` to ``after``) tells a combat stopped by
    ``Config.combat_round_limit`` from one that ended by the rulebook (ruling 39).

    A Zombie Player's draw that interrupts a Zombies! step started by the Survivors'
    arrival (``resume`` is LOOT_DRAW) belongs to that step, so ``stage`` maps
    ZOMBIE_DRAW to what it resumes, with LOOT_DRAW (the "draw instead") counted as
    the Zombies! step.
    """
    lines: list[str] = []
    old, new = _stage_of(before), _stage_of(after)
    if old == "combat" and new != "combat":
        lines += _combat_over(t, before, after, move)
    if new == "over":
        return lines + game_over(t, after)
    draws = []
    if after.phase is Phase.ZOMBIE_DRAW and before.phase is not Phase.ZOMBIE_DRAW and not told_draw:
        draws.append(_draws(t, before, after))
    if new != old and new == "zombies":
        # The Noise is drawn for before the zombies come.
        return lines + draws + _entering(t, before, after, new)
    if new != old:
        lines += _entering(t, before, after, new)
    elif new == "combat":
        lines += _combat_turns(t, before, after)
    elif new == "location":
        lines += _location_turns(t, before, after)
    return lines + draws


def _draws(t: Teller, before: State, after: State) -> str:
    """The Zombie Player's draws about to come, and why."""
    why = {
        Phase.BITE: " for the Noise made this round",
        Phase.COMMIT: " for the Noise of the ambush",
        Phase.DECIDE: " (set-up)",
    }.get(resumed(after), "")
    if resumed(after) is Phase.ZOMBIES and before.phase is Phase.SNEAK:
        why = " for the Noise made"
    return f"{t.says(t.config.zombie_seat, 'draw')} {count(_draws_left(after), 'card')}{why}."


def _stage_of(state: State) -> str:
    if state.phase is Phase.ZOMBIE_DRAW:
        resume = resumed(state)
        if resume is Phase.LOOT_DRAW:
            return "zombies"
        if resume is Phase.DECIDE:
            return "setup"
        if resume is Phase.BITE or resume is Phase.COMMIT:
            return "combat"
    return stage(state)


def _entering(t: Teller, before: State, after: State, new: str) -> list[str]:
    config = after.config
    here = after.area[after.here] if after.here >= 0 else None
    place = t.place(here.building) if here is not None else ""
    if new == "decide":
        return ["On the Move: the Survivors decide where to go next."]
    if new == "sneak":
        return [
            f"All agree on {place} (location {after.here}): each Survivor rolls to Sneak there"
            f" (a roll of {config.noise_at_most} or less makes Noise)."
        ]
    if new == "zombies":
        return [f"Zombies! at {place}: the Zombie Player may play zombies or draw a card."]
    if new == "loot":
        if after.phase is Phase.LOOT_ROLL:
            return [f"The Survivors loot {place}: a die decides what lies there."]
        supply, munition = after.loot
        return [
            f"The Survivors loot {place}: {count(supply, 'Supply card')} and"
            f" {count(munition, 'Munition card')} are dealt face down."
        ]
    if new == "location":
        return [
            f"At a Location: the Survivors are at {place}; they may collect, stash, use,"
            " trade, and leave."
        ]
    if new == "combat":
        return [_combat_start(t, after)]
    return []  # pragma: no cover - set-up is never entered again


def _combat_start(t: Teller, state: State) -> str:
    combat = state.combat
    assert combat is not None
    members = [s for s in tables(state.config).survivors if has_seat(combat.members, s)]
    zombies = combat_zombies(state)
    if zombies:
        against = listing([t.zombie(z) for z in zombies])
        place = t.place(state.area[state.here].building)
        return (
            f"Combat at {place}: {t.group(members)} against {against}. Each lays an Action"
            " card face down."
        )
    return f"All Survivors enter combat ({t.group(members)}). Each lays an Action card face down."


def _combat_turns(t: Teller, before: State, after: State) -> list[str]:
    b, a = before.combat, after.combat
    if b is None or a is None:
        return []
    if b.revealed and not a.revealed:
        fighting = active(after)
        lay = "each lay" if len(fighting) > 1 else t.verb(fighting[0], "lay")
        return [f"A new combat round: {t.group(fighting)} {lay} an Action card face down."]
    if after.phase is Phase.RESOLVE and before.phase is Phase.DECLARE:
        first = in_turn(after)
        return [f"Resolve: {t.whom(first)} {t.verb(first, 'roll')} first."]
    if after.phase is Phase.DECLARE and before.phase is Phase.DECLARE:
        now = in_turn(after)
        if now != in_turn(before):
            return [f"{t.who(now)} {t.verb(now, 'declare')} next."]
    return []


def _combat_over(t: Teller, before: State, after: State, move: Move | None) -> list[str]:
    combat = before.combat
    assert combat is not None
    if after.phase is Phase.OVER:
        return []
    if move is not None and stopped_by_round_limit(before, move):
        rounds = count(combat.rounds + 1, "round")
        if after.phase is Phase.DECIDE and combat_zombies(before):
            place = t.place(after.area[after.here].building)
            return [
                f"The combat has lasted {rounds} and ends undecided: the zombies stay at"
                f" {place} and return to full Life, and the Survivors move on."
            ]
        return [f"The combat has lasted {rounds} and ends undecided."]
    if (
        after.phase is Phase.DECIDE
        and combat.origin is not Phase.DECIDE
        and combat_zombies(before)
        and after.area[after.here].zombies
    ):
        place = t.place(after.area[after.here].building)
        return [
            f"Everyone left in the combat has escaped: the zombies stay at {place} and"
            " return to full Life."
        ]
    return ["The combat is over."]


def stopped_by_round_limit(before: State, move: Move) -> bool:
    """Whether ``move`` ends the combat only because of ``Config.combat_round_limit``.

    The move ends the combat, and played again under no limit it would have gone on
    to another round. Only the last round's moves are played (no cost otherwise).
    """
    combat = before.combat
    limit = before.config.combat_round_limit
    if combat is None or limit is None or combat.rounds + 1 < limit:
        return False
    if apply(before, move).combat is not None:
        return False
    unlimited = attrs.evolve(before.config, combat_round_limit=None)
    return apply(replace(before, config=unlimited), move).combat is not None


def _location_turns(t: Teller, before: State, after: State) -> list[str]:
    lines = []
    if before.restricted and not after.restricted and living(after):
        freed = [s for s in tables(after.config).survivors if has_seat(before.restricted, s)]
        freed = [s for s in freed if after.survivors[s].life > 0]
        if freed:
            lines.append(
                f"The others have finished collecting: {t.group(freed)} may claim cards again."
            )
    if after.phase is Phase.SHELTER and before.phase is not Phase.SHELTER:
        due = count(discards_due(after), "card")
        lines.append(
            f"The Shelter is fed: the Zombie Player must discard {due},"
            " from their hand or the top of the Zombie deck."
        )
    elif before.phase is Phase.SHELTER and after.phase is not Phase.SHELTER:
        lines.append("The Zombie Player's discards are done.")
    return lines


def game_over(t: Teller, state: State) -> list[str]:
    """ "The Zombie Player wins once all Survivors are dead." / the Survivors' win."""
    outcome = result(state)
    assert outcome is not None
    winners = sorted(outcome.winners)
    z = state.config.zombie_seat
    if winners == [z]:
        who = "you win" if t.seat == z else "the Zombie Player wins"
        return [f"Game over: all Survivors are dead; {who}."]
    verb = "win" if len(winners) > 1 or t.seat in winners else "wins"
    return [
        "Game over: the Zombie Player has no cards left in deck or hand;"
        f" {t.group(winners)} (alive) {verb}."
    ]


def reveal(t: Teller, state: State, commits: Sequence[Commit | None]) -> str:
    """The Declare step's flip: "Survivors simultaneously flip their cards face-up"."""
    combat = state.combat
    assert combat is not None
    shown = [
        f"{t.whom(s)} {v.name.capitalize()}"
        for s, v in enumerate(commits)
        if v is not None and s in active(state)
    ]
    return f"The Action cards are turned up: {listing(shown)}."
