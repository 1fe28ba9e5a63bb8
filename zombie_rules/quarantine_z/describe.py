"""The account of a Quarantine Z move for one seat: what it saw happen, in English.

``describe(state, move, seat)`` writes the move on its first line and what it set
off on the next ones (a wound, a death and where the cards went, the zombies'
bites, a new stage, the end of the game). It tells ``seat`` exactly what the rules
let that seat learn: a card it has not seen is "a Munition card", a face-down
zombie is "face down" to every Survivor, an Action card laid face down is just
that until all are turned up, and a draw only the drawer sees reads "Seat 2 draws
a card" to everyone else. Moves a seat cannot tell apart therefore get the same
words, which is what ``testing.check_knowledge`` holds the views to.

The first line is worded from the state before the move, so that ``label`` (that
line alone, for a menu) plays no move a person can choose: where it tells a number
the move changes (a Life healed, an Armor, a new zombie's stats), the number is
worked out with the rules' arithmetic, and ``testing.check_labels`` holds it to
what ``apply`` does. A wound is retraced with the rules' damage functions, as the
lines after it are; a Resolve die's line is the rules' Resolve step for that die
alone; an ambush die's label alone is read off ``describe`` (see ``label``).
"""

from __future__ import annotations

from collections.abc import Callable

from zombie_rules.core.describing import describer, players_of
from zombie_rules.core.seats import has_seat, seat_bit
from zombie_rules.core.validation import expect_seat, expect_well_formed
from zombie_rules.quarantine_z import aftermath, custom_words
from zombie_rules.quarantine_z._base import (
    best_gun,
    combat_zombies,
    living,
    replace,
    replace_combat,
    take,
    zombie_at,
    zombie_deck_size,
    zombie_stats,
)
from zombie_rules.quarantine_z.cards import Deck, Event, Kind
from zombie_rules.quarantine_z.claims import claim_of
from zombie_rules.quarantine_z.combat import biter, do_resolve, escape_bonus, escape_value, in_turn
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.effects import attack
from zombie_rules.quarantine_z.foresight import (
    NOTHING,
    SURVIVORS_WIN,
    ZOMBIE_WINS,
    Outcome,
    foresee,
)
from zombie_rules.quarantine_z.free_actions import ambush_of, theft_of
from zombie_rules.quarantine_z.knowledge import claimed_card, seen_by, take_shown
from zombie_rules.quarantine_z.location import discards_due
from zombie_rules.quarantine_z.rules import apply
from zombie_rules.quarantine_z.setup import setup_drawer
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, State, Zombie
from zombie_rules.quarantine_z.steps import Claim, LootDraw
from zombie_rules.quarantine_z.travel import sneaker
from zombie_rules.quarantine_z.wording import Teller, capital, count

A = Action
Lines = list[str]


def account(state: State, move: Move, after: State, seat: int | None) -> str:
    """``move`` at ``state`` (leading to ``after``) as ``seat`` knows it (None: a spectator)."""
    t = Teller(state.config, seat)
    lines = _SEQUELS[state.phase](t, state, move, after, _move_line(t, state, move))
    told_draw = move.action is A.DRAW or (
        move.action is A.EVENT and state.config.zombie_cards[move.args[0]].event is Event.DRAW
    )
    lines += aftermath.transitions(t, state, after, told_draw=told_draw, move=move)
    return "\n".join(lines)


describe = describer(Move, players_of, apply, account)


def label(state: State, move: Move, seat: int | None) -> str:
    """The first line of ``describe``, for a menu: worded from ``state`` so no move is played.

    Refuses a malformed move or an unknown seat like ``describe``; a label is asked
    for the legal moves of ``state`` only, so legality is left to ``apply``.
    """
    expect_well_formed(move, Move)
    expect_seat(seat, players_of(state))
    if state.phase is Phase.AMBUSH_ROLL:
        # The one label that plays its move. An ambush die's account opens with the
        # blow, unless ``aftermath.checked`` finds that its retrace disagrees with what
        # ``apply`` did (a death that ends the ambush before its combat, so everyone
        # moves on to another location), when it opens with the outcome instead: only
        # the result can say which. The die is chance, never a choice in a menu.
        return describe(state, move, seat).split("\n", 1)[0]
    return _move_line(Teller(state.config, seat), state, move)


def _move_line(t: Teller, b: State, m: Move) -> str:
    """The move as ``t.seat`` knew it before it was made: the account's first line, the label.

    The move, then what it will certainly set off that a player must know before
    choosing it (:mod:`.foresight`).
    """
    line = _FIRST[b.phase](t, b, m)
    said = _consequences(t, b, foresee(b, m))
    return f"{line} {said}" if said else line


def _consequences(t: Teller, b: State, o: Outcome) -> str:
    """The sentences that tell ``o``: public facts, so every reader gets the same ones."""
    if o == NOTHING:
        return ""
    z = t.config.zombie_seat
    said = []
    if o.sets_off >= 0:
        said.append("Everyone then agrees on it: the Survivors set off.")
    if o.departs:
        left = f", leaving {count(o.left_behind, 'card')} unclaimed here" if o.left_behind else ""
        said.append(f"Everyone is then ready: the Survivors go On the Move{left}.")
    if o.combat and b.phase is Phase.ZOMBIES:
        said.append(f"Combat then begins against {count(o.zombies, 'zombie')}.")
    elif o.combat:
        unless = f", unless the attack kills {t.whom(o.unless_dies)}" if o.unless_dies >= 0 else ""
        said.append(f"Then all Survivors enter combat{unless}.")
    if o.bound >= 0:
        said.append(f"If it lives, zombie {o.bound} must then bite one of those fighting it.")
    if o.last_draw:
        said.append("It is the last card of the Zombie deck.")
    if o.discards:
        have = "you have" if t.seat == z else "they have"
        everything = f", all {have} left" if o.all_left else ""
        said.append(
            f"That completes the food: {t.whom(z)} must discard"
            f" {count(o.discards, 'card')}{everything}."
        )
    if o.winner == ZOMBIE_WINS:
        wins = "you win" if t.seat == z else "the Zombie Player wins"
        said.append(f"That ends the game: all Survivors are dead, and {wins}.")
    elif o.winner == SURVIVORS_WIN:
        has = "you have" if t.seat == z else "the Zombie Player has"
        said.append(
            f"That ends the game: {has} no cards left in deck or hand, and the living"
            " Survivors win."
        )
    return " ".join(said)


def _alone(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    """A move that sets off nothing of its own (the stage it leads to is told after)."""
    return [first]


# ------------------------------------------------------------------ set-up


def _building(t: Teller, b: State, m: Move) -> str:
    card = t.config.buildings[m.args[0]]
    tags = [f"{card.supply} Supply", f"{card.munition} Munition", f"Escape {card.escape:+d}"]
    if card.shelter:
        tags.append("a Shelter")
    if card.variable:
        tags.append("variable loot")
    return (
        f"{capital(t.place(m.args[0]))} is dealt face up as location {len(b.area)}"
        f" ({', '.join(tags)})."
    )


def _building_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    lines = [first]
    if a.phase is Phase.SETUP_CHOOSE:
        lines.append(
            f"Set-up: each Survivor draws {count(t.config.setup_draws, 'card')}, choosing the"
            " Supply or Munition deck before each draw."
        )
    return lines


def _setup_choose(t: Teller, b: State, m: Move) -> str:
    deck = "Munition" if m.args[0] else "Supply"
    return f"{t.says(m.seat, 'choose')} to draw from the {deck} deck."


def _setup_draw(t: Teller, b: State, m: Move) -> str:
    drawer, item = setup_drawer(b), m.args[0]
    if drawer == t.seat:
        return f"You draw {t.item(item)}."
    return f"{t.who(drawer)} draws a {t.deck(item)} card."


def _zombie_draw(t: Teller, b: State, m: Move) -> str:
    if t.seat == t.config.zombie_seat:
        return f"You draw {t.zcard(m.args[0])}."
    return "The Zombie Player draws a card."


# ------------------------------------------------------------------ On the Move


def _decide(t: Teller, b: State, m: Move) -> str:
    s = m.seat
    if m.action is A.PROPOSE:
        loc = m.args[0]
        where = f"{t.place(b.area[loc].building)} (location {loc})"
        if b.proposals[s] == -1:
            return f"{t.says(s, 'propose')} {where}."
        return f"{t.says(s, 'change')} {t.their(s)} proposal to {where}."
    if m.action is A.READY:
        return f"{t.says(s, 'wait')} for the others to agree."
    return _free_action(t, b, m)


def _decide_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    if m.action is A.PROPOSE or m.action is A.READY:
        return [first]
    return _free_action_then(t, b, m, a, first)


def _use_or_equip(t: Teller, b: State, m: Move) -> str:
    s, item = m.seat, m.args[0]
    me = b.survivors[s]
    if m.action is A.USE:
        life = f"{t.whose(s)} Life {me.life} → {_healed(t, b, s, item)}"
        return f"{t.says(s, 'use')} {t.item(item)}: {life}."
    # A card from a hand carries no damage tokens: it is worn at full Armor.
    armor = t.config.items[item].armor
    extra = f" (Armor {me.armor} → {me.armor + armor})" if armor else ""
    return f"{t.says(s, 'equip')} {t.item(item)}{extra}."


def _healed(t: Teller, b: State, s: int, item: int) -> int:
    """Survivor ``s``'s Life once healed by ``item``: never above a Survivor's full Life."""
    return min(t.config.survivor_life, b.survivors[s].life + t.config.items[item].heal)


def _sneak(t: Teller, b: State, m: Move) -> str:
    roll = m.args[0]
    what = "Noise" if roll <= t.config.noise_at_most else "quiet"
    return f"{t.says(sneaker(b), 'roll')} a {roll} to Sneak: {what}."


def _sneak_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    lines = [first]
    if a.phase is not Phase.SNEAK:
        made = b.noise + (m.args[0] <= t.config.noise_at_most)
        lines.append(f"The Sneak made {count(made, 'Noise', 'Noise')}." if made else "No Noise.")
    return lines


def _zombies(t: Teller, b: State, m: Move) -> str:
    z = m.seat
    action = m.action
    if action is A.DONE:
        return f"{t.says(z, 'end')} the Zombies! step."
    if action is A.DRAW:
        return f"{t.says(z, 'draw')} a card instead of playing a zombie."
    card = m.args[0]
    zc = t.config.zombie_cards[card]
    here = b.area[b.here]
    if action is A.EVENT:
        if zc.effect:
            return f"{t.says(z, 'play')} {t.zcard(card)}: {custom_words.rule(zc.effect, zc.amount)}"
        if zc.event is Event.DRAW:
            return f"{t.says(z, 'play')} {t.zcard(card)}: draw {count(zc.amount, 'card')}."
        if zc.event is Event.SWARM:
            more = count(zc.amount, "more zombie")
            return f"{t.says(z, 'play')} {t.zcard(card)}: {more} may be played this step."
        return _bite_event(t, b, m)[1][0]
    if action is A.MUTATE:
        i = zombie_at(here.zombies, m.args[1])
        assert i is not None
        old = here.zombies[i]
        # The Mutation joins those already on the zombie, which keeps its damage.
        mutated = Zombie(old.card, old.face_up, (*old.mutations, card), old.damage, old.number)
        return (
            f"{t.says(z, 'play')} {t.zcard(card)} on {t.zombie(old)}: now"
            f" {t.zombie_stats(mutated)}."
        )
    index = b.next_zombie
    # A zombie comes into play at the end of the line, unhurt and without Mutations, numbered
    # after every zombie that entered play before it.
    new = Zombie(card, action is A.PLAY, (), 0, index)
    if action is A.PLAY:
        arrives = f" On arrival, {custom_words.rule(zc.effect, zc.amount)}" if zc.effect else ""
        return (
            f"{t.says(z, 'play')} {t.zcard(card)} face up as zombie {index}"
            f" ({t.zombie_stats(new)}).{arrives}"
        )
    if t.seat == z:
        return f"You place {t.zcard(card)} face down as zombie {index} ({t.zombie_stats(new)})."
    return f"The Zombie Player places a zombie face down as zombie {index} ({t.zombie_stats(new)})."


def _zombies_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    if m.action in (A.EVENT, A.PLAY) and t.config.zombie_cards[m.args[0]].effect:
        return [first, *custom_words.effect_lines(t, b, a)]
    if m.action is not A.EVENT or t.config.zombie_cards[m.args[0]].event in (
        Event.DRAW,
        Event.SWARM,
    ):
        return [first]
    traced, lines = _bite_event(t, b, m)
    return aftermath.checked(t, b, traced, a, [first, *lines[1:]])


def _bite_event(t: Teller, b: State, m: Move) -> tuple[State, Lines]:
    """A Bite event's blow, retraced: its first line is the move's."""
    card, target = m.args
    played = f"{t.says(m.seat, 'play')} {t.zcard(card)} on {t.whom(target)}"
    amount = t.config.zombie_cards[card].amount
    return aftermath.blow(t, b, target, amount, False, played)


def _loot_roll(t: Teller, b: State, m: Move) -> str:
    supply, munition = t.config.variable_loot[m.args[0] - 1]
    place = t.place(b.area[b.here].building)
    return (
        f"The die for {place} shows {m.args[0]}: {count(supply, 'Supply card')} and"
        f" {count(munition, 'Munition card')} to find there."
    )


def _loot_draw(t: Teller, b: State, m: Move) -> str:
    step = b.step
    assert isinstance(step, LootDraw)
    deck = "Munition" if step.deck is Deck.MUNITION else "Supply"
    return f"A {deck} card is dealt face down at {t.place(b.area[b.here].building)}."


# ------------------------------------------------------------------ At a Location


def _free_action(t: Teller, b: State, m: Move) -> str:
    """A Survivor's move "while not in combat", On the Move or At a Location."""
    s = m.seat
    action = m.action
    me = b.survivors[s]
    if action is A.LEAVE:
        return f"{t.who(s)} {t.verb(s, 'are', 'is')} ready to leave {_here(t, b)}."
    if action is A.USE or action is A.EQUIP:
        return _use_or_equip(t, b, m)
    if action is A.AMBUSH:
        return _ambush(t, b, m)
    if action is A.GIVE:
        j, item = m.args
        card = take_shown(me.hand, item, seat_bit(j))[1]
        if t.seat == j:
            return f"{t.who(s)} gives you {t.item(item)}."
        return f"{t.says(s, 'give')} {t.card(card)} to {t.whom(j)}."
    if action is A.STEAL:
        j = m.args[0]
        return f"{t.says(s, 'steal')} a card at random from {t.whose(j)} hand."
    if action is A.SNATCH:
        j, item = m.args
        armor = ""
        if t.config.items[item].armor:
            # The card's Armor points travel with it, less the damage tokens on it.
            other = b.survivors[j]
            points = t.config.items[item].armor - other.wear.count(item)
            mine, theirs = me.armor + points, other.armor - points
            armor = f" ({t.whose(s)} Armor {mine}, {t.whose(j)} Armor {theirs})"
        return (
            f"{t.says(s, 'snatch', 'snatches')} {t.whose(j)} {t.config.items[item].name}, which"
            f" stays equipped{armor}."
        )
    if action is A.STASH:
        card = take(me.hand, m.args[0])[1]
        return f"{t.says(s, 'stash', 'stashes')} {t.card(card)} face down at {_here(t, b)}."
    if action is A.FEED:
        needed = len([x for x in tables(t.config).survivors if b.survivors[x].life > 0])
        fed = b.fed + 1
        return f"{t.says(s, 'feed')} {t.item(m.args[0])} to the Shelter ({fed} of {needed})."
    return _claim_made(t, b, m)


def _free_action_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    if m.action in (A.CLAIM, A.CLAIM_USE, A.CLAIM_HIDDEN):
        return _claim_made_then(t, b, m, a, first)
    return [first]


def _claim_made(t: Teller, b: State, m: Move) -> str:
    """A claim of a card lying here: named only to those who have seen the card claimed."""
    s = m.seat
    if m.action is A.CLAIM_HIDDEN:
        return f"{t.says(s, 'claim')} a face-down card {_they(t, s)} not seen."
    item = m.args[0]
    card = take(b.area[b.here].cards, item, s, known=True)[1]
    named = seen_by(t.config, card, t.seat)
    what = t.card(card) if named else f"{t.card(card)} lying face down here"
    if not named:
        what += f", one {_they(t, s)} seen"
    if m.action is A.CLAIM_USE:
        how = "use" if t.config.items[item].kind is Kind.HEAL else "equip"
        what += f", to {how if named else 'use or equip'} it at once"
    return f"{t.says(s, 'claim')} {what}."


def _claim_made_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    s = m.seat
    if m.action is A.CLAIM_HIDDEN:
        claim = Claim(s, None, False, 0)
    else:
        claim = Claim(s, m.args[0], m.action is A.CLAIM_USE, 0)
    lines = [first]
    if a.phase is Phase.CLAIM:
        waiting = [x for x in tables(t.config).survivors if has_seat(a.waiting, x)]
        lines.append(f"{capital(t.group(waiting))} may allow or object.")
    else:
        lines += _granted(t, replace(b, step=claim), a)
    return lines


def _they(t: Teller, s: int) -> str:
    """ "you have" or "they have", after a claim by ``s``."""
    return "you have" if s == t.seat else "they have"


def _granted(t: Teller, b: State, a: State, how: str = "Nobody objects") -> Lines:
    """The claim of ``b`` goes through: "If no other Survivor objects, they get to take the
    card into their hand" (or use it, "subject to the same limitations as Collecting")."""
    claim = claim_of(b)
    s, item, use = claim.claimant, claim.item, claim.use
    if item is None:
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


def _claim_answer(t: Teller, b: State, m: Move) -> str:
    verb = "allow" if m.action is A.ALLOW else "object"
    return f"{t.says(m.seat, verb)} {'to ' if verb == 'object' else ''}the claim."


def _claim_answer_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    lines = [first]
    if a.phase is Phase.DISPUTE:
        objectors = [x for x in tables(t.config).survivors if has_seat(a.waiting, x)]
        claimant = claim_of(b).claimant
        lines.append(
            f"Dispute: nobody gets the card until {t.whom(claimant)}"
            f" {t.verb(claimant, 'withdraw')}, every objector"
            f" ({t.group(objectors)}) concedes, or one side ambushes the other."
        )
    elif a.phase is not Phase.CLAIM:
        lines += _granted(t, b, a)
    return lines


def _dispute(t: Teller, b: State, m: Move) -> str:
    s = m.seat
    if m.action is A.WITHDRAW:
        return f"{t.says(s, 'withdraw')} the claim."
    if m.action is A.CONCEDE:
        return f"{t.says(s, 'concede')}."
    return _ambush(t, b, m)


def _dispute_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    if m.action is A.WITHDRAW:
        return [first]
    if m.action is A.CONCEDE:
        if a.phase is not Phase.DISPUTE:
            return [first, *_granted(t, b, a, "Every objector concedes")]
        return [first]
    return [first, "The claim lapses."]


def _claim_card(t: Teller, b: State, m: Move) -> str:
    s = claim_of(b).claimant
    card = take(b.area[b.here].cards, m.args[0], s, known=False)[1]
    if s == t.seat:
        return f"You get {t.item(m.args[0])}."
    return f"{t.who(s)} gets {t.card(card)}."


def _steal_card(t: Teller, b: State, m: Move) -> str:
    theft = theft_of(b)
    thief, victim, item = theft.thief, theft.victim, m.args[0]
    card = take_shown(b.survivors[victim].hand, item, seat_bit(thief))[1]
    if t.seat == thief:
        return f"You take {t.item(item)} from {t.whose(victim)} hand."
    if t.seat == victim:
        return f"{t.who(thief)} takes your {t.config.items[item].name}."
    return f"{t.who(thief)} takes {t.card(card)} from {t.whose(victim)} hand."


def _shelter(t: Teller, b: State, m: Move) -> str:
    z = m.seat
    if m.action is A.BURN:
        line = f"{t.says(z, 'discard')} the top card of the Zombie deck unseen"
    elif t.seat == z:
        line = f"You discard {t.zcard(m.args[0])} from your hand"
    else:
        line = "The Zombie Player discards a card from their hand face down"
    left = _discards_left(b, m)
    if left:
        line += f" ({left} more to go)"
    return f"{line}."


def _discards_left(b: State, m: Move) -> int:
    """The Shelter's discards still due after this one: none once the count is done or the
    Zombie Player has nothing left to discard, when the Survivors act again."""
    left = discards_due(b) - 1
    burned = m.action is A.BURN
    hand = len(b.zombie_hand) - (not burned)
    deck = zombie_deck_size(b) - burned
    return left if left > 0 and (hand or deck > 0) else 0


# ------------------------------------------------------------------ ambush


def _ambush(t: Teller, b: State, m: Move) -> str:
    s, (j, kind) = m.seat, m.args
    if kind == 0:
        how = f"{t.their(s)} Fight card"
    else:
        gun = best_gun(t.config, b.survivors[s])
        ammo = tables(t.config).ammo_of[gun]
        how = f"{t.their(s)} Shoot card ({t.item(gun)}, spending {t.item(ammo)})"
    return f"{t.says(s, 'ambush', 'ambushes')} {t.whom(j)} with {how}: a free attack."


def _ambush_roll(t: Teller, b: State, m: Move) -> str:
    miss, (_, lines) = _ambush_blow(t, b, m)
    return miss or lines[0]


def _ambush_roll_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    miss, (traced, lines) = _ambush_blow(t, b, m)
    if miss:
        return [first]
    return aftermath.checked(t, b, traced, a, [first, *lines[1:]])


def _ambush_blow(t: Teller, b: State, m: Move) -> tuple[str, tuple[State, Lines]]:
    """The ambush die: the line of a miss, or ``""`` and the blow retraced."""
    ambush = ambush_of(b)
    s, victim = ambush.attacker, ambush.victim
    gun = -1 if ambush.gun is None else ambush.gun
    roll = m.args[0]
    kind = Commit.FIGHT if ambush.gun is None else Commit.SHOOT
    hit, damage, headshot = attack(b, s, kind, roll, gun)
    rolled = f"{t.says(s, 'roll')} a {roll}{_weapon(t, b, s, kind, gun)}"
    if not hit:
        return f"{rolled}: it misses {t.whom(victim)}.", (b, [])
    lead = f"{rolled} and {t.verb(s, 'hit')} {t.whom(victim)}"
    return "", aftermath.blow(t, b, victim, damage, headshot, lead)


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


def _commit(t: Teller, b: State, m: Move) -> str:
    s, commit = m.seat, Commit(m.args[0])
    if s != t.seat:
        return f"{t.who(s)} lays an action card face down."
    if commit is Commit.PASS:
        return "You commit Pass: your card stays face down."
    return f"You commit {commit.name.capitalize()}."


def _commit_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    lines = [first]
    combat = a.combat
    if combat is not None and combat.revealed:
        b_combat = b.combat
        assert b_combat is not None
        commits = list(b_combat.commits)
        commits[m.seat] = Commit(m.args[0])
        lines.append(aftermath.reveal(t, b, commits))
        if a.phase is Phase.DECLARE:
            declarer = in_turn(a)
            lines.append(f"{t.who(declarer)} {t.verb(declarer, 'declare')} first.")
    return lines


def _declare(t: Teller, b: State, m: Move) -> str:
    s = in_turn(b)
    combat = b.combat
    assert combat is not None
    commit = combat.commits[s]
    action_name = "Shoot" if commit == Commit.SHOOT else "Fight"
    if m.action is A.USE:
        return _combat_item(t, b, m)
    if m.action is A.TARGET_ZOMBIE:
        zombies = combat_zombies(b)
        i = zombie_at(zombies, m.args[0])
        assert i is not None
        target = t.zombie(zombies[i])
        return f"{t.says(s, 'target')} {target} with {t.their(s)} {action_name}."
    if m.action is A.TARGET_SURVIVOR:
        return f"{t.says(s, 'target')} {t.whom(m.args[0])} with {t.their(s)} {action_name}."
    if commit == Commit.PASS:
        return f"{t.says(s, 'pass', 'passes')} this round."
    return f"{t.who(s)} {t.verb(s, 'are', 'is')} ready."


def _declare_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    lines = [first]
    if m.action is A.USE and t.config.items[m.args[0]].effect:
        lines += custom_words.effect_lines(t, b, a)
    if m.action is not A.USE and a.phase is not Phase.DECLARE and a.phase is not Phase.RESOLVE:
        # Nobody rolls: the Resolve step ends at once.
        combat = b.combat
        assert combat is not None
        start = replace(b, combat=replace_combat(combat, queue=()))
        traced, more = aftermath.end_of_step(t, start)
        lines += aftermath.checked(t, b, traced, a, more)
    return lines


def _combat_item(t: Teller, b: State, m: Move) -> str:
    """ "Survivors may play Combat Items at this time."."""
    s, item = in_turn(b), m.args[0]
    it = t.config.items[item]
    effects = []
    if it.heal:
        effects.append(f"{t.whose(s)} Life {b.survivors[s].life} → {_healed(t, b, s, item)}")
    if it.blast:
        # Every zombie in the combat takes the blast less its Armor, never less than 1.
        hits = [
            f"{max(1, it.blast - zombie_stats(t.config, z)[3])} to {t.zombie(z)}"
            for z in combat_zombies(b)
        ]
        if hits:
            effects.append(f"damage {', '.join(hits)}")
    if it.scare:
        effects.append(f"every Escape Value {it.scare:+d} this round")
    if it.noise:
        effects.append(count(it.noise, "Noise", "Noise"))
    if it.effect:
        effects.append(custom_words.rule(it.effect, it.amount).rstrip("."))
    said = f": {'; '.join(effects)}" if effects else ""
    return f"{t.says(s, 'play')} {t.item(item)}{said}."


def _resolve(t: Teller, b: State, m: Move) -> str:
    """A Resolve die: "following the instructions on the Action card they played"."""
    s, roll = in_turn(b), m.args[0]
    combat = b.combat
    assert combat is not None
    mid = _rolled(b, roll)
    if combat.commits[s] == Commit.ESCAPE:
        return _escape(t, b, mid, s, roll)
    return _attack(t, b, mid, s, roll)


def _resolve_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    lines = [first]
    combat = b.combat
    assert combat is not None
    if combat.queue == (in_turn(b),):
        mid = _rolled(b, m.args[0])
        traced, more = aftermath.end_of_step(t, mid)
        lines += aftermath.checked(t, mid, traced, a, more)
    return lines


def _rolled(b: State, roll: int) -> State:
    """The roll alone, as the rules make it: the same Resolve step with the queue kept open.

    A die's line is what the die did (a hit, its damage, an escape), which only the
    rules' Resolve step can say; a Resolve die is chance, never a choice in a menu.
    """
    combat = b.combat
    assert combat is not None
    kept_open = replace(b, combat=replace_combat(combat, queue=(in_turn(b), *combat.queue)))
    return do_resolve(kept_open, roll)


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
    assert commit is not None  # only a Survivor who laid a card rolls
    gun = best_gun(t.config, b.survivors[s]) if commit == Commit.SHOOT else -1
    hit, damage, headshot = attack(b, s, commit, roll, gun)
    rolled = f"{t.says(s, 'roll')} a {roll}{_weapon(t, b, s, commit, gun)}"
    if gun >= 0:
        rolled += f" (spending {t.item(tables(t.config).ammo_of[gun])})"
    declared = combat.targets[s]
    assert declared is not None  # a Survivor rolls to attack only once it has a target
    if declared.survivor:
        j = declared.which
        if not hit:
            return f"{rolled}: it misses {t.whom(j)}."
        wound = aftermath.harm(t, j, b.survivors[j], mid.survivors[j], damage, headshot)
        return f"{rolled} and {t.verb(s, 'hit')} {t.whom(j)}: {wound}."
    at = zombie_at(combat_zombies(b), declared.which)
    assert at is not None  # a target is a zombie of the combat until the Resolve step ends
    target = at
    z = combat_zombies(b)[target]
    name = t.zombie(z)
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


def _bite(t: Teller, b: State, m: Move) -> str:
    return _bite_blow(t, b, m)[1][0]


def _bite_then(t: Teller, b: State, m: Move, a: State, first: str) -> Lines:
    traced, lines = _bite_blow(t, b, m)
    lines = [first, *lines[1:]]
    if living(traced):
        traced, lines = aftermath.zombie_step(t, traced, biter(b)[1] + 1, lines)
    return aftermath.checked(t, b, traced, a, lines)


def _bite_blow(t: Teller, b: State, m: Move) -> tuple[State, Lines]:
    """The bite the Zombie Player picks, retraced: its first line is the move's."""
    i, j = biter(b)[1], m.args[0]
    zombie = combat_zombies(b)[i]
    damage = zombie_stats(t.config, zombie)[1]
    lead = f"{t.says(m.seat, 'have', 'has')} {t.zombie(zombie)} bite {t.whom(j)}"
    return aftermath.blow(t, b, j, damage, False, lead)


_First = Callable[[Teller, State, Move], str]
_Sequel = Callable[[Teller, State, Move, State, str], Lines]

#: Each phase's move line, and the lines of the account that follow from it (given the
#: first line, so that a retrace that fails its check can withdraw it with the rest).
_PHASES: dict[Phase, tuple[_First, _Sequel]] = {
    Phase.BUILDINGS: (_building, _building_then),
    Phase.SETUP_CHOOSE: (_setup_choose, _alone),
    Phase.SETUP_DRAW: (_setup_draw, _alone),
    Phase.ZOMBIE_DRAW: (_zombie_draw, _alone),
    Phase.DECIDE: (_decide, _decide_then),
    Phase.SNEAK: (_sneak, _sneak_then),
    Phase.ZOMBIES: (_zombies, _zombies_then),
    Phase.LOOT_ROLL: (_loot_roll, _alone),
    Phase.LOOT_DRAW: (_loot_draw, _alone),
    Phase.LOCATION: (_free_action, _free_action_then),
    Phase.CLAIM: (_claim_answer, _claim_answer_then),
    Phase.DISPUTE: (_dispute, _dispute_then),
    Phase.CLAIM_CARD: (_claim_card, _alone),
    Phase.STEAL_CARD: (_steal_card, _alone),
    Phase.AMBUSH_ROLL: (_ambush_roll, _ambush_roll_then),
    Phase.SHELTER: (_shelter, _alone),
    Phase.COMMIT: (_commit, _commit_then),
    Phase.DECLARE: (_declare, _declare_then),
    Phase.RESOLVE: (_resolve, _resolve_then),
    Phase.BITE: (_bite, _bite_then),
}
_FIRST: dict[Phase, _First] = {phase: first for phase, (first, _) in _PHASES.items()}
_SEQUELS: dict[Phase, _Sequel] = {phase: then for phase, (_, then) in _PHASES.items()}
