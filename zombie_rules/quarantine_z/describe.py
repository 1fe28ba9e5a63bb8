"""The account of a Quarantine Z move for one seat: what it saw happen, in English.

``describe(state, move, seat)`` writes the move on its first line and what it set
off on the next ones (a wound, a death and where the cards went, the zombies'
bites, a new stage, the end of the game). It tells ``seat`` exactly what the rules
let that seat learn: a card it has not seen is "a Munition card", a face-down
zombie is "face down" to every Survivor, an Action card laid face down is just
that until all are turned up, and a draw only the drawer sees reads "Seat 2 draws
a card" to everyone else. Moves a seat cannot tell apart therefore get the same
words, which is what ``testing.check_knowledge`` holds the views to.
"""

from __future__ import annotations

from collections.abc import Callable

from zombie_rules.core.validation import expect_seat, expect_well_formed
from zombie_rules.quarantine_z import aftermath
from zombie_rules.quarantine_z._base import (
    SURVIVOR_TARGET,
    best_gun,
    combat_zombies,
    living,
    replace,
    replace_combat,
    take,
    zombie_stats,
)
from zombie_rules.quarantine_z.cards import Event, Kind
from zombie_rules.quarantine_z.combat import do_resolve, escape_bonus, escape_value
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.effects import attack
from zombie_rules.quarantine_z.knowledge import claimed_card, has_seat, seen_by, take_shown
from zombie_rules.quarantine_z.rules import apply
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, State
from zombie_rules.quarantine_z.wording import Teller, capital, count

A = Action
Lines = list[str]


def describe(state: State, move: Move, seat: int | None) -> str:
    """The account of ``move`` at ``state`` for ``seat`` (None: a spectator).

    Raises ``IllegalMove`` for a move that is not legal at ``state`` and
    ``UnknownSeat`` for a seat not at the table.
    """
    expect_well_formed(move, Move)
    expect_seat(seat, state.config.players)
    after = apply(state, move)
    t = Teller(state.config, seat)
    lines = _ACCOUNTS[state.phase](t, state, move, after)
    told_draw = move.action is A.DRAW or (
        move.action is A.EVENT and state.config.zombie_cards[move.args[0]].event is Event.DRAW
    )
    lines += aftermath.transitions(t, state, after, told_draw=told_draw)
    return "\n".join(lines)


# ------------------------------------------------------------------ set-up


def _building(t: Teller, b: State, m: Move, a: State) -> Lines:
    card = t.config.buildings[m.args[0]]
    tags = [f"{card.supply} Supply", f"{card.munition} Munition", f"Escape {card.escape:+d}"]
    if card.shelter:
        tags.append("a Shelter")
    if card.variable:
        tags.append("variable loot")
    lines = [
        f"{capital(t.place(m.args[0]))} is dealt face up as location {len(b.area)}"
        f" ({', '.join(tags)})."
    ]
    if a.phase is Phase.SETUP_CHOOSE:
        lines.append(
            f"Set-up: each Survivor draws {count(t.config.setup_draws, 'card')}, choosing the"
            " Supply or Munition deck before each draw."
        )
    return lines


def _setup_choose(t: Teller, b: State, m: Move, a: State) -> Lines:
    deck = "Munition" if m.args[0] else "Supply"
    return [f"{t.says(m.seat, 'choose')} to draw from the {deck} deck."]


def _setup_draw(t: Teller, b: State, m: Move, a: State) -> Lines:
    drawer, item = b.turn, m.args[0]
    if drawer == t.seat:
        return [f"You draw {t.item(item)}."]
    return [f"{t.who(drawer)} draws a {t.deck(item)} card."]


def _zombie_draw(t: Teller, b: State, m: Move, a: State) -> Lines:
    if t.seat == t.config.zombie_seat:
        return [f"You draw {t.zcard(m.args[0])}."]
    return ["The Zombie Player draws a card."]


# ------------------------------------------------------------------ On the Move


def _decide(t: Teller, b: State, m: Move, a: State) -> Lines:
    s = m.seat
    if m.action is A.PROPOSE:
        loc = m.args[0]
        where = f"{t.place(b.area[loc].building)} (location {loc})"
        if b.proposals[s] == -1:
            return [f"{t.says(s, 'propose')} {where}."]
        return [f"{t.says(s, 'change')} {t.their(s)} proposal to {where}."]
    if m.action is A.READY:
        return [f"{t.says(s, 'wait')} for the others to agree."]
    return _free_action(t, b, m, a)


def _use_or_equip(t: Teller, b: State, m: Move, a: State) -> Lines:
    s, item = m.seat, m.args[0]
    if m.action is A.USE:
        life = f"{t.whose(s)} Life {b.survivors[s].life} → {a.survivors[s].life}"
        return [f"{t.says(s, 'use')} {t.item(item)}: {life}."]
    armor = t.config.items[item].armor
    extra = f" (Armor {b.survivors[s].armor} → {a.survivors[s].armor})" if armor else ""
    return [f"{t.says(s, 'equip')} {t.item(item)}{extra}."]


def _sneak(t: Teller, b: State, m: Move, a: State) -> Lines:
    roll = m.args[0]
    noisy = roll <= t.config.noise_at_most
    what = "Noise" if noisy else "quiet"
    lines = [f"{t.says(b.turn, 'roll')} a {roll} to Sneak: {what}."]
    if a.phase is not Phase.SNEAK:
        made = b.noise + noisy
        lines.append(f"The Sneak made {count(made, 'Noise', 'Noise')}." if made else "No Noise.")
    return lines


def _zombies(t: Teller, b: State, m: Move, a: State) -> Lines:
    z = m.seat
    action = m.action
    if action is A.DONE:
        return [f"{t.says(z, 'end')} the Zombies! step."]
    if action is A.DRAW:
        return [f"{t.says(z, 'draw')} a card instead of playing a zombie."]
    card = m.args[0]
    zc = t.config.zombie_cards[card]
    here = b.area[b.here]
    if action is A.EVENT:
        if zc.event is Event.DRAW:
            return [f"{t.says(z, 'play')} {t.zcard(card)}: draw {count(zc.amount, 'card')}."]
        if zc.event is Event.SWARM:
            more = count(zc.amount, "more zombie")
            return [f"{t.says(z, 'play')} {t.zcard(card)}: {more} may be played this step."]
        played = f"{t.says(z, 'play')} {t.zcard(card)} on {t.whom(m.args[1])}"
        traced, lines = aftermath.blow(t, b, m.args[1], zc.amount, False, played)
        return aftermath.checked(t, b, traced, a, lines)
    if action is A.MUTATE:
        i = m.args[1]
        mutated = a.area[a.here].zombies[i]
        return [
            f"{t.says(z, 'play')} {t.zcard(card)} on {t.zombie(here.zombies[i], i)}: now"
            f" {t.zombie_stats(mutated)}."
        ]
    index = len(here.zombies)
    new = a.area[a.here].zombies[index]
    if action is A.PLAY:
        return [
            f"{t.says(z, 'play')} {t.zcard(card)} face up as zombie {index}"
            f" ({t.zombie_stats(new)})."
        ]
    if t.seat == z:
        return [f"You place {t.zcard(card)} face down as zombie {index} ({t.zombie_stats(new)})."]
    return [
        f"The Zombie Player places a zombie face down as zombie {index} ({t.zombie_stats(new)})."
    ]


def _loot_roll(t: Teller, b: State, m: Move, a: State) -> Lines:
    supply, munition = t.config.variable_loot[m.args[0] - 1]
    place = t.place(b.area[b.here].building)
    return [
        f"The die for {place} shows {m.args[0]}: {count(supply, 'Supply card')} and"
        f" {count(munition, 'Munition card')} to find there."
    ]


def _loot_draw(t: Teller, b: State, m: Move, a: State) -> Lines:
    deck = "Munition" if b.pick else "Supply"
    return [f"A {deck} card is dealt face down at {t.place(b.area[b.here].building)}."]


# ------------------------------------------------------------------ At a Location


def _free_action(t: Teller, b: State, m: Move, a: State) -> Lines:
    """A Survivor's move "while not in combat", On the Move or At a Location."""
    s = m.seat
    action = m.action
    me = b.survivors[s]
    if action is A.LEAVE:
        return [f"{t.who(s)} {t.verb(s, 'are', 'is')} ready to leave {_here(t, b)}."]
    if action is A.USE or action is A.EQUIP:
        return _use_or_equip(t, b, m, a)
    if action is A.AMBUSH:
        return _ambush(t, b, m, a)
    if action is A.GIVE:
        j, item = m.args
        card = take_shown(me.hand, item, 1 << j)[1]
        if t.seat == j:
            return [f"{t.who(s)} gives you {t.item(item)}."]
        return [f"{t.says(s, 'give')} {t.card(card)} to {t.whom(j)}."]
    if action is A.STEAL:
        j = m.args[0]
        return [f"{t.says(s, 'steal')} a card at random from {t.whose(j)} hand."]
    if action is A.SNATCH:
        j, item = m.args
        armor = ""
        if t.config.items[item].armor:
            mine, theirs = a.survivors[s].armor, a.survivors[j].armor
            armor = f" ({t.whose(s)} Armor {mine}, {t.whose(j)} Armor {theirs})"
        return [
            f"{t.says(s, 'snatch', 'snatches')} {t.whose(j)} {t.config.items[item].name}, which"
            f" stays equipped{armor}."
        ]
    if action is A.STASH:
        card = take(me.hand, m.args[0])[1]
        return [f"{t.says(s, 'stash', 'stashes')} {t.card(card)} face down at {_here(t, b)}."]
    if action is A.FEED:
        needed = len([x for x in tables(t.config).survivors if b.survivors[x].life > 0])
        fed = b.fed + 1
        return [f"{t.says(s, 'feed')} {t.item(m.args[0])} to the Shelter ({fed} of {needed})."]
    return _claim_made(t, b, m, a)


def _claim_made(t: Teller, b: State, m: Move, a: State) -> Lines:
    """A claim of a card lying here: named only to those who have seen the card claimed."""
    s = m.seat
    if m.action is A.CLAIM_HIDDEN:
        claim = (s, -1, 0)
        lines = [f"{t.says(s, 'claim')} a face-down card {_they(t, s)} not seen."]
    else:
        item = m.args[0]
        claim = (s, item, 1 if m.action is A.CLAIM_USE else 0)
        card = take(b.area[b.here].cards, item, s, known=True)[1]
        named = seen_by(t.config, card, t.seat)
        what = t.card(card) if named else f"{t.card(card)} lying face down here"
        if not named:
            what += f", one {_they(t, s)} seen"
        if m.action is A.CLAIM_USE:
            how = "use" if t.config.items[item].kind is Kind.HEAL else "equip"
            what += f", to {how if named else 'use or equip'} it at once"
        lines = [f"{t.says(s, 'claim')} {what}."]
    if a.phase is Phase.CLAIM:
        waiting = [x for x in tables(t.config).survivors if has_seat(a.waiting, x)]
        lines.append(f"{capital(t.group(waiting))} may allow or object.")
    else:
        lines += _granted(t, replace(b, claim=claim), a)
    return lines


def _they(t: Teller, s: int) -> str:
    """ "you have" or "they have", after a claim by ``s``."""
    return "you have" if s == t.seat else "they have"


def _granted(t: Teller, b: State, a: State, how: str = "Nobody objects") -> Lines:
    """The claim of ``b`` goes through: "If no other Survivor objects, they get to take the
    card into their hand" (or use it, "subject to the same limitations as Collecting")."""
    s, item, use = b.claim
    if item < 0:
        return [f"{how}: {t.whom(s)} will get one of the cards {_they(t, s)} not seen."]
    here = _here(t, b)
    if use and t.config.items[item].kind is Kind.HEAL:
        life = f"{t.whose(s)} Life {b.survivors[s].life} → {a.survivors[s].life}"
        return [f"{how}: {t.says(s, 'use')} {t.item(item)} from {here}: {life}."]
    if use:
        return [f"{how}: {t.says(s, 'equip')} {t.item(item)} from {here}."]
    card = claimed_card(b)
    assert card is not None
    return [f"{how}: {t.says(s, 'take')} {t.card(card)} into {t.their(s)} hand."]


def _here(t: Teller, state: State) -> str:
    return t.place(state.area[state.here].building)


def _claim_answer(t: Teller, b: State, m: Move, a: State) -> Lines:
    s = m.seat
    verb = "allow" if m.action is A.ALLOW else "object"
    lines = [f"{t.says(s, verb)} {'to ' if verb == 'object' else ''}the claim."]
    if a.phase is Phase.DISPUTE:
        objectors = [x for x in tables(t.config).survivors if has_seat(a.waiting, x)]
        claimant = b.claim[0]
        lines.append(
            f"Dispute: nobody gets the card until {t.whom(claimant)}"
            f" {t.verb(claimant, 'withdraw')}, every objector"
            f" ({t.group(objectors)}) concedes, or one side ambushes the other."
        )
    elif a.phase is not Phase.CLAIM:
        lines += _granted(t, b, a)
    return lines


def _dispute(t: Teller, b: State, m: Move, a: State) -> Lines:
    s = m.seat
    if m.action is A.WITHDRAW:
        return [f"{t.says(s, 'withdraw')} the claim."]
    if m.action is A.CONCEDE:
        lines = [f"{t.says(s, 'concede')}."]
        if a.phase is not Phase.DISPUTE:
            lines += _granted(t, b, a, "Every objector concedes")
        return lines
    return [*_ambush(t, b, m, a), "The claim lapses."]


def _claim_card(t: Teller, b: State, m: Move, a: State) -> Lines:
    s = b.claim[0]
    card = take(b.area[b.here].cards, m.args[0], s, known=False)[1]
    if s == t.seat:
        return [f"You get {t.item(m.args[0])}."]
    return [f"{t.who(s)} gets {t.card(card)}."]


def _steal_card(t: Teller, b: State, m: Move, a: State) -> Lines:
    thief, victim, item = b.turn, b.pick, m.args[0]
    card = take_shown(b.survivors[victim].hand, item, 1 << thief)[1]
    if t.seat == thief:
        return [f"You take {t.item(item)} from {t.whose(victim)} hand."]
    if t.seat == victim:
        return [f"{t.who(thief)} takes your {t.config.items[item].name}."]
    return [f"{t.who(thief)} takes {t.card(card)} from {t.whose(victim)} hand."]


def _shelter(t: Teller, b: State, m: Move, a: State) -> Lines:
    z = m.seat
    if m.action is A.BURN:
        line = f"{t.says(z, 'discard')} the top card of the Zombie deck unseen"
    elif t.seat == z:
        line = f"You discard {t.zcard(m.args[0])} from your hand"
    else:
        line = "The Zombie Player discards a card from their hand face down"
    if a.phase is Phase.SHELTER:
        line += f" ({a.count} more to go)"
    return [f"{line}."]


# ------------------------------------------------------------------ ambush


def _ambush(t: Teller, b: State, m: Move, a: State) -> Lines:
    s, (j, kind) = m.seat, m.args
    if kind == 0:
        how = f"{t.their(s)} Fight card"
    else:
        gun = best_gun(t.config, b.survivors[s])
        ammo = tables(t.config).ammo_of[gun]
        how = f"{t.their(s)} Shoot card ({t.item(gun)}, spending {t.item(ammo)})"
    return [f"{t.says(s, 'ambush', 'ambushes')} {t.whom(j)} with {how}: a free attack."]


def _ambush_roll(t: Teller, b: State, m: Move, a: State) -> Lines:
    s, victim, gun = b.turn, b.pick, b.count
    roll = m.args[0]
    kind = Commit.SHOOT if gun >= 0 else Commit.FIGHT
    hit, damage, headshot = attack(b, s, kind, roll, gun)
    rolled = f"{t.says(s, 'roll')} a {roll}{_weapon(t, b, s, kind, gun)}"
    if not hit:
        return [f"{rolled}: it misses {t.whom(victim)}."]
    lead = f"{rolled} and {t.verb(s, 'hit')} {t.whom(victim)}"
    traced, lines = aftermath.blow(t, b, victim, damage, headshot, lead)
    return aftermath.checked(t, b, traced, a, lines)


def _weapon(t: Teller, state: State, s: int, kind: int, gun: int) -> str:
    """ " with the Fire Axe" (the best melee weapon), " with the Pistol", "" barehanded."""
    if kind == Commit.SHOOT:
        return f" with {t.item(gun)}"
    items = t.config.items
    melee = [e for e in state.survivors[s].equipment if items[e].melee or items[e].melee_headshot]
    if not melee:
        return ""
    best = max(melee, key=lambda e: (items[e].melee, items[e].melee_headshot, -e))
    return f" with {t.item(best)}"


# ------------------------------------------------------------------ combat


def _commit(t: Teller, b: State, m: Move, a: State) -> Lines:
    s, commit = m.seat, Commit(m.args[0])
    if s == t.seat:
        line = f"You commit {commit.name.capitalize()}."
        if commit is Commit.PASS:
            line = "You commit Pass: your card stays face down."
    else:
        line = f"{t.who(s)} lays an action card face down."
    lines = [line]
    combat = a.combat
    if combat is not None and combat.revealed:
        b_combat = b.combat
        assert b_combat is not None
        commits = list(b_combat.commits)
        commits[s] = commit
        lines.append(aftermath.reveal(t, b, commits))
        if a.phase is Phase.DECLARE:
            lines.append(f"{t.who(a.turn)} {t.verb(a.turn, 'declare')} first.")
    return lines


def _declare(t: Teller, b: State, m: Move, a: State) -> Lines:
    s = b.turn
    combat = b.combat
    assert combat is not None
    commit = combat.commits[s]
    action_name = "Shoot" if commit == Commit.SHOOT else "Fight"
    if m.action is A.USE:
        lines = [_combat_item(t, b, m, a)]
    elif m.action is A.TARGET_ZOMBIE:
        i = m.args[0]
        target = t.zombie(combat_zombies(b)[i], i)
        lines = [f"{t.says(s, 'target')} {target} with {t.their(s)} {action_name}."]
    elif m.action is A.TARGET_SURVIVOR:
        lines = [f"{t.says(s, 'target')} {t.whom(m.args[0])} with {t.their(s)} {action_name}."]
    elif commit == Commit.PASS:
        lines = [f"{t.says(s, 'pass', 'passes')} this round."]
    else:
        lines = [f"{t.who(s)} {t.verb(s, 'are', 'is')} ready."]
    if m.action is not A.USE and a.phase is not Phase.DECLARE and a.phase is not Phase.RESOLVE:
        # Nobody rolls: the Resolve step ends at once.
        start = replace(b, combat=replace_combat(combat, queue=()))
        traced, more = aftermath.end_of_step(t, start)
        lines += aftermath.checked(t, b, traced, a, more)
    return lines


def _combat_item(t: Teller, b: State, m: Move, a: State) -> str:
    """ "Survivors may play Combat Items at this time."."""
    s, item = b.turn, m.args[0]
    it = t.config.items[item]
    effects = []
    if it.heal:
        effects.append(f"{t.whose(s)} Life {b.survivors[s].life} → {a.survivors[s].life}")
    if it.blast:
        before, after = combat_zombies(b), combat_zombies(a)
        hits = [
            f"{after[i].damage - z.damage} to {t.zombie(z, i)}"
            for i, z in enumerate(before)
            if i < len(after)
        ]
        if hits:
            effects.append(f"damage {', '.join(hits)}")
    if it.scare:
        effects.append(f"every Escape Value {it.scare:+d} this round")
    if it.noise:
        effects.append(count(it.noise, "Noise", "Noise"))
    said = f": {'; '.join(effects)}" if effects else ""
    return f"{t.says(s, 'play')} {t.item(item)}{said}."


def _resolve(t: Teller, b: State, m: Move, a: State) -> Lines:
    """A Resolve die: "following the instructions on the Action card they played"."""
    s, roll = b.turn, m.args[0]
    combat = b.combat
    assert combat is not None
    # The roll alone, as the rules make it: the same Resolve step with the queue kept open.
    kept_open = replace(b, combat=replace_combat(combat, queue=(s, *combat.queue)))
    mid = do_resolve(kept_open, roll)
    if combat.commits[s] == Commit.ESCAPE:
        lines = [_escape(t, b, mid, s, roll)]
    else:
        lines = [_attack(t, b, mid, s, roll)]
    if combat.queue == (s,):
        traced, more = aftermath.end_of_step(t, mid)
        lines += aftermath.checked(t, mid, traced, a, more)
    return lines


def _escape(t: Teller, b: State, mid: State, s: int, roll: int) -> str:
    """ "they must roll a number greater than or equal to the Escape Value"."""
    assert mid.combat is not None
    value, bonus = escape_value(b, s), escape_bonus(b, s)
    total = f"{roll} + {bonus} for those staying" if bonus else f"{roll}"
    if has_seat(mid.combat.escaped, s):
        got = t.verb(s, "escape")
    else:
        got = f"{t.verb(s, 'are', 'is')} stuck in the combat"
    return f"{t.says(s, 'roll')} a {roll} to Escape ({total} against Escape Value {value}): {got}."


def _attack(t: Teller, b: State, mid: State, s: int, roll: int) -> str:
    """A Fight or a Shoot: the weapon, the roll and what it did to its target."""
    combat, after = b.combat, mid.combat
    assert combat is not None and after is not None
    commit = combat.commits[s]
    gun = best_gun(t.config, b.survivors[s]) if commit == Commit.SHOOT else -1
    hit, damage, headshot = attack(b, s, commit, roll, gun)
    rolled = f"{t.says(s, 'roll')} a {roll}{_weapon(t, b, s, commit, gun)}"
    if gun >= 0:
        rolled += f" (spending {t.item(tables(t.config).ammo_of[gun])})"
    target = combat.targets[s]
    if target >= SURVIVOR_TARGET:
        j = target - SURVIVOR_TARGET
        if not hit:
            return f"{rolled}: it misses {t.whom(j)}."
        wound = aftermath.harm(t, j, b.survivors[j], mid.survivors[j], damage, headshot)
        return f"{rolled} and {t.verb(s, 'hit')} {t.whom(j)}: {wound}."
    z = combat_zombies(b)[target]
    name = t.zombie(z, target)
    if not hit:
        return f"{rolled}: it misses {name}."
    hit_z = combat_zombies(mid)[target]
    if after.headshot[target]:
        what = f"a Headshot on {name}"
    else:
        what = f"{count(hit_z.damage - z.damage, 'damage', 'damage')} to {name}"
        if headshot:
            what = f"a Headshot, counted as one hit: {what}"
    dies = after.headshot[target] or hit_z.damage >= zombie_stats(t.config, hit_z)[0]
    return f"{rolled}: {what}{', which dies' if dies else ''}."


def _bite(t: Teller, b: State, m: Move, a: State) -> Lines:
    i, j = b.turn, m.args[0]
    zombie = combat_zombies(b)[i]
    damage = zombie_stats(t.config, zombie)[1]
    lead = f"{t.says(m.seat, 'have', 'has')} {t.zombie(zombie, i)} bite {t.whom(j)}"
    traced, lines = aftermath.blow(t, b, j, damage, False, lead)
    if living(traced):
        traced, lines = aftermath.zombie_step(t, traced, i + 1, lines)
    return aftermath.checked(t, b, traced, a, lines)


_Account = Callable[[Teller, State, Move, State], Lines]

_ACCOUNTS: dict[Phase, _Account] = {
    Phase.BUILDINGS: _building,
    Phase.SETUP_CHOOSE: _setup_choose,
    Phase.SETUP_DRAW: _setup_draw,
    Phase.ZOMBIE_DRAW: _zombie_draw,
    Phase.DECIDE: _decide,
    Phase.SNEAK: _sneak,
    Phase.ZOMBIES: _zombies,
    Phase.LOOT_ROLL: _loot_roll,
    Phase.LOOT_DRAW: _loot_draw,
    Phase.LOCATION: _free_action,
    Phase.CLAIM: _claim_answer,
    Phase.DISPUTE: _dispute,
    Phase.CLAIM_CARD: _claim_card,
    Phase.STEAL_CARD: _steal_card,
    Phase.AMBUSH_ROLL: _ambush_roll,
    Phase.SHELTER: _shelter,
    Phase.COMMIT: _commit,
    Phase.DECLARE: _declare,
    Phase.RESOLVE: _resolve,
    Phase.BITE: _bite,
}
