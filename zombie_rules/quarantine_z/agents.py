"""Quarantine Z bots: one class that plays a Survivor or the Zombie Player.

Survivors cooperate: they follow the first proposal made, loot unlooted places,
feed a Shelter once the group carries enough Supply cards, equip what they find,
heal when hurt, shoot when they can and otherwise fight the weakest zombie, and
never attack each other. The Zombie Player plays its strongest zombie each
arrival with a Mutation on top, uses its Events, bites the weakest Survivor and
burns deck cards (keeping its hand) when a Shelter forces discards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from zombie_rules.quarantine_z.cards import Deck, Event, Face, Kind
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase
from zombie_rules.quarantine_z.views import View


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
        return m
    for m in _all(moves, Action.USE):
        return m
    if phase is Phase.DECIDE:
        return _propose(view, moves, margin)
    if phase is Phase.LOCATION:
        return _at_location(view, moves)
    return None


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
        return None
    others = [p for s, p in enumerate(view.proposals) if p >= 0 and s != view.seat]
    if others:
        # Follow the first Survivor's proposal (lowest seat).
        return _find(moves, Action.PROPOSE, others[0]) or proposes[0]
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
    items = view.config.items
    for m in _all(moves, Action.CLAIM_USE):
        return m
    for m in _all(moves, Action.FEED):
        if items[m.args[0]].kind is Kind.FOOD or items[m.args[0]].deck is Deck.SUPPLY:
            return m
    for m in _all(moves, Action.CLAIM):
        return m
    claim_hidden = _find(moves, Action.CLAIM_HIDDEN)
    if claim_hidden is not None:
        return claim_hidden
    return _find(moves, Action.LEAVE)


def _zombie_life(view: View, index: int) -> int:
    config = view.config
    loc = view.area[view.here]
    z = loc.zombies[index]
    life = config.zombie_cards[z.card].life if z.face_up else config.back_life
    life += sum(config.zombie_cards[m].life for m in z.mutations)
    return life - z.damage


def _commit(view: View, moves: Sequence[Move]) -> Move | None:
    zombies = view.here >= 0 and bool(view.area[view.here].zombies)
    combat = view.combat
    if combat is not None and combat.origin is Phase.DECIDE:
        zombies = False
    if not zombies:
        return _find(moves, Action.COMMIT, int(Commit.PASS))
    seat = view.seat
    assert seat is not None
    me = view.survivors[seat]
    hurt = me.life <= 1 and me.armor == 0
    if hurt:
        escape = _find(moves, Action.COMMIT, int(Commit.ESCAPE))
        if escape is not None:
            return escape
    return _find(moves, Action.COMMIT, int(Commit.SHOOT)) or _find(
        moves, Action.COMMIT, int(Commit.FIGHT)
    )


def _declare(view: View, moves: Sequence[Move]) -> Move | None:
    items = view.config.items
    seat = view.seat
    assert seat is not None
    me = view.survivors[seat]
    for m in _all(moves, Action.USE):
        it = items[m.args[0]]
        if it.blast and view.here >= 0 and len(view.area[view.here].zombies) >= 1:
            return m
        if it.heal and me.life < view.config.survivor_life:
            return m
    targets = _all(moves, Action.TARGET_ZOMBIE)
    if targets:
        return min(targets, key=lambda m: (_zombie_life(view, m.args[0]), m.args[0]))
    return _find(moves, Action.READY)


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
    # Events first.
    for m in _all(moves, Action.EVENT):
        c = cards[m.args[0]]
        if c.event is Event.SWARM and len(hand) >= 3 and view.pick < view.allowance:
            return m
        if c.event is Event.DRAW and len(hand) <= 4:
            return m
        if c.event is Event.BITE:
            target = view.survivors[m.args[1]]
            if target.life + target.armor <= c.amount:
                return m
    plays = _all(moves, Action.PLAY)
    if plays:
        return max(plays, key=lambda m: _card_value(view, m.args[0]))
    hides = _all(moves, Action.HIDE)
    draw = _find(moves, Action.DRAW)
    if draw is not None and len(hand) <= 2:
        return draw
    if hides:
        return min(hides, key=lambda m: _card_value(view, m.args[0]))
    mutations = _all(moves, Action.MUTATE)
    if mutations:
        return max(mutations, key=lambda m: (_card_value(view, m.args[0]), m.args[1]))
    return _find(moves, Action.DONE) or draw


def _card_value(view: View, card: int) -> float:
    c = view.config.zombie_cards[card]
    if c.face is Face.ZOMBIE:
        return c.life + 2 * c.damage + 0.5 * c.escape + c.armor + (2 if c.horde else 0)
    if c.face is Face.MUTATION:
        return 1.0 + c.life + 2 * c.damage + 0.5 * c.escape
    return 1.5
