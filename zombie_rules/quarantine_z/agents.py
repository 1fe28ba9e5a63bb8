"""Quarantine Z bots: one class that plays a Survivor or the Zombie Player.

Survivors cooperate: they follow the first proposal made (or give way to the
largest group), wait once they have proposed, loot unlooted places,
feed a Shelter once the group carries enough Supply cards (only whole rounds, food
first, healing last), heal when hurt and never attack each other. They share: an
item is equipped by whoever it helps most (a better melee weapon, a first
firearm, armor) and handed over at a location; healing goes to the most wounded,
ammunition to whoever carries its firearm; Supply cards nobody needs are kept for
a Shelter. In combat they compare the expected damage of fighting the zombies down
with that of all escaping (turned into expected deaths, the Zombie Player biting
the weakest) and do the safer; a Survivor about to die runs when the others cover
it. Attackers Shoot when their loaded firearm beats their Fight, and pick the
target whose kill chance they raise the most (weighted by its Damage); Grenades go
off only when someone fights, Firecrackers when someone escapes. The Zombie Player
plays its strongest zombie each arrival, then its Mutations, each where it adds
the most expected damage against the Survivors' combined attacks; it plays Fresh
Meat whenever its hand has room, Swarm and Lurker when they pay, bites the
weakest Survivor and burns deck cards (keeping its hand) when a Shelter forces
discards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from zombie_rules.core.seats import has_seat, seat_count
from zombie_rules.quarantine_z._base import best_melee, zombie_stats
from zombie_rules.quarantine_z.cards import Deck, Event, Face, Kind
from zombie_rules.quarantine_z.combat import escape_modifiers
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, zombie_target
from zombie_rules.quarantine_z.steps import ZombiesStep
from zombie_rules.quarantine_z.views import View, ZombieView


class HeuristicAgent:
    """``shelter_margin``: extra Supply cards the group keeps before heading to a Shelter."""

    def __init__(self, shelter_margin: int = 0) -> None:
        self.shelter_margin = shelter_margin

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        if view.seat == view.config.zombie_seat:
            move = _zombie_player(view, legal_moves)
        else:
            move = _survivor(view, legal_moves, self.shelter_margin)
        return move if move is not None else legal_moves[0]


def _find(moves: Sequence[Move], action: Action, *args: int) -> Move | None:
    for m in moves:
        if m.action is action and m.args[: len(args)] == args:
            return m
    return None


def _all(moves: Sequence[Move], action: Action) -> list[Move]:
    return [m for m in moves if m.action is action]


# ------------------------------------------------------------------ Survivors


def _survivor(view: View, moves: Sequence[Move], margin: int) -> Move | None:
    phase = view.phase
    seat = view.seat
    assert seat is not None
    items = view.config.items
    me = view.survivors[seat]
    if phase is Phase.SETUP_CHOOSE:
        munitions = sum(items[i].deck is Deck.MUNITION for i in me.known)
        return _find(moves, Action.CHOOSE, 1 if munitions < 2 else 0)
    if phase is Phase.CLAIM:
        return _find(moves, Action.ALLOW)
    if phase is Phase.DISPUTE:
        return _find(moves, Action.CONCEDE) or _find(moves, Action.WITHDRAW)
    if phase is Phase.COMMIT:
        return _commit(view, moves)
    if phase is Phase.DECLARE:
        return _declare(view, moves)
    # Outside combat: equip and heal first.
    for m in _all(moves, Action.EQUIP):
        if _keeper(view, seat, m.args[0]):
            return m
    for m in _all(moves, Action.USE):
        if _healer(view, seat):
            return m
    if phase is Phase.DECIDE:
        return _propose(view, moves, margin)
    if phase is Phase.LOCATION:
        return _at_location(view, moves)
    return None


def _gain(view: View, s: int, item: int) -> float:
    """How much equipping ``item`` would help Survivor ``s`` (0: not at all)."""
    items = view.config.items
    it = items[item]
    sv = view.survivors[s]
    if it.kind is not Kind.EQUIPMENT or item in sv.equipment:
        return 0.0
    if it.armor:
        return float(it.armor)
    if it.escape:
        return -0.3 * it.escape
    guns = [items[e] for e in sv.equipment if items[e].gun_damage]
    if it.silent:
        return 0.2 if guns else 0.0
    if it.melee or it.melee_headshot:
        mine = max(
            (items[e].melee + 0.5 * items[e].melee_headshot for e in sv.equipment), default=0.0
        )
        return max(0.0, it.melee + 0.5 * it.melee_headshot - mine)
    if it.gun_damage:
        if any(g.ammo == it.ammo for g in guns):
            return 0.0
        return 0.5 * (7 - it.gun_hit) / 6 * it.gun_damage + (0.3 if not guns else 0.1)
    return 0.0


def _keeper(view: View, seat: int, item: int) -> bool:
    """Whether ``seat`` should equip ``item`` itself rather than keep it for another."""
    mine = _gain(view, seat, item)
    others = max((_gain(view, s, item) for s in _alive(view) if s != seat), default=0.0)
    if mine <= 0:
        # Useless to everyone: a Munition card only fills the hand; Supply feeds a Shelter.
        return others <= 0 and view.config.items[item].deck is Deck.MUNITION
    return mine >= others or view.phase is not Phase.LOCATION


def _healer(view: View, seat: int) -> bool:
    """Whether ``seat`` (wounded) should heal itself rather than give its healing away."""
    if view.phase is not Phase.LOCATION:
        return True
    life = view.survivors[seat].life
    return all(view.survivors[s].life >= life for s in _alive(view))


def _group_supplies(view: View) -> int:
    items = view.config.items
    total = 0
    for s in view.survivors:
        total += sum(items[i].deck is Deck.SUPPLY for i in s.known) + s.hidden_supply
    return total


def _alive(view: View) -> list[int]:
    return [
        s for s, sv in enumerate(view.survivors) if s != view.config.zombie_seat and sv.life > 0
    ]


def _propose(view: View, moves: Sequence[Move], margin: int) -> Move | None:
    proposes = _all(moves, Action.PROPOSE)
    if not proposes:
        # Proposed, and nobody to give way to: wait for the others.
        return _find(moves, Action.READY)
    others = [p for s, p in enumerate(view.proposals) if p >= 0 and s != view.seat]
    if others:
        # Follow the first Survivor's proposal (lowest seat), else give way to the
        # largest group that will have us.
        return _find(moves, Action.PROPOSE, others[0]) or max(
            proposes, key=lambda m: (others.count(m.args[0]), -others.index(m.args[0]))
        )
    config = view.config
    alive = len(_alive(view))
    feed = _group_supplies(view) >= alive + margin and view.zombie_hand_size > 0

    def score(move: Move) -> float:
        loc = view.area[move.args[0]]
        b = config.buildings[loc.building]
        value = 0.0
        if not loc.looted:
            value += b.supply + b.munition + (2.5 if b.variable else 0)
        if b.shelter and feed:
            value += 20
        value -= 4 * len(loc.zombies)
        value -= 0.3 * b.escape
        value += 0.5 * (len(loc.known) + loc.hidden_supply + loc.hidden_munition)
        return value

    return max(proposes, key=score)


def _at_location(view: View, moves: Sequence[Move]) -> Move | None:
    config = view.config
    items = config.items
    seat = view.seat
    assert seat is not None
    me = view.survivors[seat]
    alive = _alive(view)
    for m in _all(moves, Action.CLAIM_USE):
        it = items[m.args[0]]
        if it.kind is Kind.HEAL or _gain(view, seat, m.args[0]) > 0:
            return m
    feeds = _all(moves, Action.FEED)
    if feeds and _group_supplies(view) >= len(alive) - view.fed:
        wounded = any(view.survivors[s].life < config.survivor_life for s in alive)
        return min(feeds, key=lambda m: _feed_cost(view, m.args[0], wounded))
    for m in _all(moves, Action.CLAIM):
        return m
    claim_hidden = _find(moves, Action.CLAIM_HIDDEN)
    if claim_hidden is not None:
        return claim_hidden
    gives = _all(moves, Action.GIVE)
    if gives:
        for m in gives:
            j, item = m.args
            it = items[item]
            other = view.survivors[j]
            if it.kind is Kind.HEAL and other.life < me.life and other.life < config.survivor_life:
                return m
            if it.kind is Kind.EQUIPMENT:
                theirs = _gain(view, j, item)
                if theirs > _gain(view, seat, item) and theirs >= max(
                    _gain(view, k, item) for k in alive
                ):
                    return m
            if (
                it.kind is Kind.AMMO
                and not _gun_for(view, seat, it.name)
                and _gun_for(view, j, it.name)
            ):
                return m
    return _find(moves, Action.LEAVE)


def _gun_for(view: View, s: int, ammo: str) -> bool:
    items = view.config.items
    return any(items[e].ammo == ammo for e in view.survivors[s].equipment)


def _feed_cost(view: View, item: int, wounded: bool) -> float:
    """What feeding ``item`` to a Shelter gives up (food first, healing last)."""
    it = view.config.items[item]
    if it.kind is Kind.FOOD:
        return 0.0
    if it.kind is Kind.EQUIPMENT:
        return max(_gain(view, s, item) for s in _alive(view)) + 0.5
    if it.kind is Kind.HEAL:
        return 3.0 + it.heal + (5.0 if wounded else 0.0)
    return 2.0


# ------------------------------------------------------------------ combat sums

#: Rounds the fight estimate looks ahead before calling a fight hopeless.
_HORIZON = 12


def _zombie_stats(config: Config, z: ZombieView) -> tuple[int, int, int, int, bool]:
    """(Life left, Damage, Escape, Armor, horde) of a zombie as a Survivor sees it: the
    rules' statistics (a face-down card is its back, whichever card it is), less the
    damage it has taken."""
    life, damage, escape, armor, horde, _ = zombie_stats(config, z)
    return life - z.damage, damage, escape, armor, horde


def _attack(view: View, s: int) -> tuple[int, float, int, float]:
    """(Commit, hit chance, damage, Headshot chance) of Survivor ``s``'s best attack.

    For another seat the ammunition in its hand is a guess: any unseen Munition card.
    """
    config = view.config
    items = config.items
    sv = view.survivors[s]
    melee, head = best_melee(config, sv)
    p = (7 - config.fight_hit) / 6
    best = (int(Commit.FIGHT), p, 1 + melee, 1 / 6 if head else 0.0)
    for e in sv.equipment:
        it = items[e]
        if not it.gun_damage:
            continue
        loaded = any(items[i].name == it.ammo for i in sv.known) or (
            s != view.seat and sv.hidden_munition > 0
        )
        if not loaded:
            continue
        p = (7 - it.gun_hit) / 6
        ph = (7 - it.gun_headshot) / 6 if it.gun_headshot else 0.0
        if p * it.gun_damage > best[1] * best[2]:
            best = (int(Commit.SHOOT), p, it.gun_damage, ph)
    return best


def _members(view: View) -> list[int]:
    """Survivors still fighting in the combat: members, alive, not escaped."""
    combat = view.combat
    assert combat is not None
    return [
        s for s in _alive(view) if has_seat(combat.members, s) and not has_seat(combat.escaped, s)
    ]


def _fight_cost(view: View, fighters: list[int]) -> float:
    """Expected damage the Survivors take before ``fighters`` kill every zombie here."""
    config = view.config
    zombies = [_zombie_stats(config, z) for z in view.area[view.here].zombies]
    if not zombies:
        return 0.0
    per_round = []
    for s in fighters:
        _, p, damage, ph = _attack(view, s)
        per_round.append((p, damage, ph))
    if not per_round:
        return float("inf")
    # Most dangerous first: Damage per round of fire it takes to kill.
    lives = [float(z[0]) for z in zombies]
    order = sorted(range(len(zombies)), key=lambda i: -zombies[i][1] / max(lives[i], 0.5))
    taken = 0.0
    for _ in range(_HORIZON):
        for p, damage, ph in per_round:
            for i in order:
                if lives[i] > 0:
                    _, _, _, armor, horde = zombies[i]
                    dealt = p * max(1, damage - armor)
                    if not horde:
                        dealt += ph * max(0.0, lives[i] - max(1, damage - armor))
                    lives[i] -= dealt
                    break
        alive = [i for i in order if lives[i] > 1e-9]
        if not alive:
            return taken
        taken += sum(zombies[i][1] for i in alive)
    return float("inf")


def _escape_value(view: View, s: int) -> int:
    """The rules' Escape Value (:func:`~zombie_rules.quarantine_z.combat.escape_modifiers`)
    of Survivor ``s`` in the combat the view shows.

    The bot asks only in a combat at a location (``_commit`` passes On the Move and
    when no zombie is there), where the combat's zombies are the location's; its old
    copy of the rule also counted the Building outside a combat, which it never asked.
    """
    combat = view.combat
    assert combat is not None and combat.origin is not Phase.DECIDE and view.here >= 0
    here = view.area[view.here]
    return escape_modifiers(
        view.config, here.building, here.zombies, view.survivors[s].equipment, combat.scare
    )


def _chance(need: int) -> float:
    """The chance a die roll reaches ``need``."""
    return min(1.0, max(0.0, (7 - need) / 6))


def _escape_cost(view: View, fleeing: list[int], scare: int) -> float:
    """Expected damage the Survivors take while all of ``fleeing`` try to escape every round."""
    zombies = [_zombie_stats(view.config, z) for z in view.area[view.here].zombies]
    damage = sum(z[1] for z in zombies)
    chances = [_chance(_escape_value(view, s) + scare) for s in fleeing]
    # Rounds in which somebody is still there when the zombies strike.
    rounds = 0.0
    for k in range(1, _HORIZON + 1):
        everyone_out = 1.0
        for p in chances:
            everyone_out *= 1 - (1 - p) ** k
        rounds += 1 - everyone_out
    if rounds > _HORIZON - 1:
        return float("inf")
    return damage * rounds


def _deaths(view: View, seats: list[int], damage: float) -> float:
    """Survivors the Zombie Player kills with ``damage``, biting the weakest first."""
    dead = 0.0
    for toughness in sorted(view.survivors[s].life + view.survivors[s].armor for s in seats):
        if damage >= toughness:
            dead += 1
            damage -= toughness
        else:
            return dead + damage / toughness / 2
    return dead


def _commit(view: View, moves: Sequence[Move]) -> Move | None:
    combat = view.combat
    zombies = view.here >= 0 and bool(view.area[view.here].zombies)
    if combat is None or combat.origin is Phase.DECIDE or not zombies:
        return _find(moves, Action.COMMIT, int(Commit.PASS))
    seat = view.seat
    assert seat is not None
    group = _members(view)
    scare = _scare(view, group)
    fight = _fight_cost(view, group)
    flee = _escape_cost(view, group, scare)
    loot = 0.0 if view.area[view.here].looted else 1.0
    fight_risk = _deaths(view, group, fight) - 0.25 * loot
    flee_risk = _deaths(view, group, flee)
    escape = _find(moves, Action.COMMIT, int(Commit.ESCAPE))
    if flee_risk < fight_risk and escape is not None:
        return escape
    # Fighting: a Survivor the zombies will kill this round runs if the others cover it.
    me = view.survivors[seat]
    incoming = sum(_zombie_stats(view.config, z)[1] for z in view.area[view.here].zombies)
    weakest = min(group, key=lambda s: (view.survivors[s].life + view.survivors[s].armor, s))
    if escape is not None and weakest == seat and me.life + me.armor <= incoming:
        bonus = len(group) - 1 + seat_count(combat.died)
        if _chance(_escape_value(view, seat) + scare - bonus) >= 0.5 and len(group) > 1:
            return escape
    kind = _attack(view, seat)[0]
    return _find(moves, Action.COMMIT, kind) or _find(moves, Action.COMMIT, int(Commit.FIGHT))


def _scare(view: View, group: list[int]) -> int:
    """The Escape Value change the group's known Combat Items could bring this round."""
    items = view.config.items
    best = 0
    for s in group:
        for i in view.survivors[s].known:
            best = min(best, items[i].scare)
    return best


def _kill_chance(
    life: int, armor: int, horde: bool, attackers: list[tuple[float, int, float]]
) -> float:
    """The chance ``attackers`` (hit chance, damage, Headshot chance) kill this zombie now."""
    dist = {0: 1.0}  # damage dealt so far (capped at ``life``) -> chance; ``life`` = dead
    for p, damage, ph in attackers:
        hit = max(1, damage - armor)
        head = 0.0 if horde else ph
        nxt: dict[int, float] = {}
        for dealt, q in dist.items():
            if dealt >= life:
                nxt[life] = nxt.get(life, 0.0) + q
                continue
            killed = min(life, dealt + hit)
            nxt[life] = nxt.get(life, 0.0) + q * head
            nxt[killed] = nxt.get(killed, 0.0) + q * (p - head)
            nxt[dealt] = nxt.get(dealt, 0.0) + q * (1 - p)
        dist = nxt
    return dist.get(life, 0.0)


def _declare(view: View, moves: Sequence[Move]) -> Move | None:
    config = view.config
    items = config.items
    seat = view.seat
    combat = view.combat
    assert seat is not None and combat is not None
    me = view.survivors[seat]
    zombies = view.area[view.here].zombies if view.here >= 0 else ()
    group = _members(view)
    fleeing = any(combat.commits[s] == Commit.ESCAPE for s in group)
    fighting = any(combat.commits[s] in (Commit.FIGHT, Commit.SHOOT) for s in group)
    for m in _all(moves, Action.USE):
        it = items[m.args[0]]
        if it.blast and zombies and fighting and combat.origin is not Phase.DECIDE:
            return m
        if it.heal and me.life < config.survivor_life:
            return m
        if it.scare < 0 and fleeing and zombies and combat.scare >= 0:
            return m
    targets = _all(moves, Action.TARGET_ZOMBIE)
    if not targets:
        return _find(moves, Action.READY)
    mine = _attack(view, seat)
    mine = (mine[0], mine[1], mine[2], mine[3])
    if combat.commits[seat] == Commit.FIGHT and mine[0] != Commit.FIGHT:
        mine = (int(Commit.FIGHT), (7 - config.fight_hit) / 6, 1, 0.0)

    def score(move: Move) -> tuple[float, float, int]:
        i = move.args[0]  # the zombie's number
        life, damage, _, armor, horde = _zombie_stats(config, _numbered(zombies, i))
        before = []
        for s, t in enumerate(combat.targets):
            if t == zombie_target(i) and s != seat:
                _, p, dmg, ph = _attack(view, s)
                before.append((p, dmg, ph))
        now = _kill_chance(life, armor, horde, before)
        then = _kill_chance(life, armor, horde, [*before, mine[1:]])
        left = life - sum(p * d for p, d, _ in before)
        return damage * (then - now), damage / max(left, 0.5) if left > 0 else 0.0, -i

    return max(targets, key=score)


# ------------------------------------------------------------- Zombie Player


def _zombie_player(view: View, moves: Sequence[Move]) -> Move | None:
    config = view.config
    cards = config.zombie_cards
    if view.phase is Phase.BITE:
        bites = _all(moves, Action.BITE)
        return min(
            bites,
            key=lambda m: (view.survivors[m.args[0]].life + view.survivors[m.args[0]].armor,),
        )
    if view.phase is Phase.SHELTER:
        burn = _find(moves, Action.BURN)
        if burn is not None:
            return burn
        return min(_all(moves, Action.DISCARD), key=lambda m: _card_value(view, m.args[0]))
    if view.phase is not Phase.ZOMBIES:
        return None
    hand = view.zombie_hand
    draw = _find(moves, Action.DRAW)
    # Events first.
    for m in _all(moves, Action.EVENT):
        c = cards[m.args[0]]
        if c.effect:
            return m  # a custom Event: its designer meant it to be played
        if c.event is Event.SWARM and len(hand) >= 3 and _played(view) < view.allowance:
            return m
        if c.event is Event.DRAW and len(hand) < config.zombie_hand:
            return m
        if c.event is Event.BITE:
            target = view.survivors[m.args[1]]
            if target.life + target.armor <= c.amount:
                return m
    plays = _all(moves, Action.PLAY)
    if plays:
        return max(plays, key=lambda m: _card_value(view, m.args[0]))
    if draw is not None and len(hand) <= 2:
        return draw
    hides = _all(moves, Action.HIDE)
    if hides:
        return min(hides, key=lambda m: _card_value(view, m.args[0]))
    mutations = _all(moves, Action.MUTATE)
    if mutations:
        return _best_mutation(view, mutations)
    return _find(moves, Action.DONE) or draw


def _played(view: View) -> int:
    """The Zombies played so far in this Zombies! step."""
    step = view.step
    return step.played if isinstance(step, ZombiesStep) else 0


def _numbered(zombies: Sequence[ZombieView], number: int) -> ZombieView:
    """The zombie of ``zombies`` numbered ``number`` (a move's zombie argument)."""
    return next(z for z in zombies if z.number == number)


def _group_damage(view: View) -> dict[int, float]:
    """The distribution of the damage the living Survivors deal in one round of Fight."""
    dist = {0: 1.0}
    for s in _alive(view):
        _, p, damage, ph = _attack(view, s)
        nxt: dict[int, float] = {}
        for d, q in dist.items():
            for dd, pp in ((0, 1 - p), (damage, p - ph), (HEADSHOT, ph)):
                if pp > 0:
                    k = min(HEADSHOT, d + dd)
                    nxt[k] = nxt.get(k, 0.0) + q * pp
        dist = nxt
    return dist


#: Damage standing for a Headshot in :func:`_group_damage` (more than any Life).
HEADSHOT = 20


def _bites(life: int, armor: int, dist: dict[int, float]) -> float:
    """Expected Zombie steps a zombie of ``life`` lives through, ``dist`` dealt per round
    (Armor taken off the round's total: a rough stand-in for per-hit Armor)."""
    alive = {0: 1.0}
    total = 0.0
    for _ in range(6):
        nxt: dict[int, float] = {}
        for d, q in alive.items():
            for dd, pp in dist.items():
                if dd:
                    dd = HEADSHOT if dd >= HEADSHOT else max(1, dd - armor)
                k = d + dd
                if k < life:
                    nxt[k] = nxt.get(k, 0.0) + q * pp
        alive = nxt
        total += sum(alive.values())
    return total


def _best_mutation(view: View, mutations: list[Move]) -> Move:
    """The Mutation (on the zombie) that raises the expected damage dealt the most."""
    config = view.config
    zombies = view.area[view.here].zombies
    dist = _group_damage(view)
    best: tuple[float, Move] | None = None
    for m in mutations:
        z = _numbered(zombies, m.args[1])
        life, damage, _, armor, _ = _zombie_stats(config, z)
        c = config.zombie_cards[m.args[0]]
        before = damage * _bites(life, armor, dist)
        after = (damage + c.damage) * _bites(life + c.life, armor + c.armor, dist)
        gain = after - before + 0.3 * c.escape * (before > 0)
        if best is None or gain > best[0]:
            best = (gain, m)
    assert best is not None
    return best[1]


def _card_value(view: View, card: int) -> float:
    c = view.config.zombie_cards[card]
    if c.face is Face.ZOMBIE:
        return c.life + 2 * c.damage + 0.5 * c.escape + c.armor + (2 if c.horde else 0)
    if c.face is Face.MUTATION:
        return 1.0 + c.life + 2 * c.damage + 0.5 * c.escape
    return 1.5
