"""Quarantine Z as a board a page draws: the Survivors, the area's locations, a combat, the decks.

A page cannot lay out a title it knows nothing about; this says which of the view's
cards belong together, and which of them the seat sees the face of (a card's back
shows its deck, so a hidden card still says Supply or Munition).
"""

from __future__ import annotations

from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.board import Board, Card, back, card, group, pile, place, player, plural
from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z.cards import Face
from zombie_rules.quarantine_z.views import (
    CombatView,
    View,
    ZombieView,
    commit_word,
    target_word,
)


def board(v: View) -> Board:
    """The table as ``v``'s seat sees it."""
    config = v.config
    items = config.items
    zc = config.zombie_cards

    def item(i: int) -> Card:
        it = items[i]
        return card(it.name, str(i), it.deck.value, it.text)

    def hidden(supply: int, munition: int) -> list[Card]:
        # The backs show which deck a card came from: that much is public.
        return [_back_marked("Supply card", "S", "supply") for _ in range(supply)] + [
            _back_marked("Munition card", "M", "munition") for _ in range(munition)
        ]

    def zombie(z: ZombieView) -> Card:
        life = config.back_life
        if z.card is None:
            name = "face-down zombie"
        elif z.face_up:
            life = zc[z.card].life
            name = zc[z.card].name
        else:
            name = f"face-down zombie ({zc[z.card].name} underneath)"
        life += sum(zc[m].life for m in z.mutations)
        muts = "".join(f" + {zc[m].name}" for m in z.mutations)
        detail = f"zombie {z.number}; Life {life - z.damage} of {life}{muts}"
        return card(name + muts, f"{life - z.damage}♥", "zombie", detail)

    players = []
    for s, sv in enumerate(v.survivors):
        if s == config.zombie_seat:
            if v.zombie_hand:
                hand = [card(zc[c].name, str(c), _face_tone(zc[c].face)) for c in v.zombie_hand]
            else:
                hand = [back("Zombie card", "zombie") for _ in range(v.zombie_hand_size)]
            tags = [plural(v.zombie_hand_size, "Zombie card")]
            players.append(
                player(
                    s, f"Seat {s} · Zombie Player", v, s in v.to_act, tags, [group("Hand", hand)]
                )
            )
            continue
        dead = sv.life <= 0
        tags = ["dead"] if dead else [f"Life {sv.life}", f"Armor {sv.armor}"]
        groups = [
            group(
                "Hand", [item(i) for i in sv.known] + hidden(sv.hidden_supply, sv.hidden_munition)
            ),
            group("Equipped", [item(i) for i in sv.equipment]),
        ]
        players.append(player(s, f"Seat {s} · Survivor", v, s in v.to_act, tags, groups))
    places = []
    for i, loc in enumerate(v.area):
        b = config.buildings[loc.building]
        tags = [f"{b.supply} Supply / {b.munition} Munition", f"Escape {b.escape}"]
        if b.shelter:
            tags.append("Shelter")
        if b.variable:
            tags.append("variable loot")
        if loc.looted:
            tags.append("looted")
        if i == v.here:
            tags.append("the Survivors are here")
        groups = []
        lying = [item(c) for c in loc.known] + hidden(loc.hidden_supply, loc.hidden_munition)
        if lying:
            groups.append(group("Cards here", lying))
        if loc.zombies:
            groups.append(group("Zombies", [zombie(z) for z in loc.zombies]))
        places.append(place(f"[{i}] {b.name}", tags, groups, active=i == v.here))
    if v.combat is not None:
        places.insert(0, _combat(v, v.combat))
    piles = [
        pile("Supply deck", v.supply_deck_size),
        pile("Munition deck", v.munition_deck_size),
        pile("Zombie deck", v.zombie_deck_size),
        pile("Building pile", v.building_pile_size),
    ]
    actors = ", ".join("chance" if a == CHANCE else f"Seat {a}" for a in sorted(v.to_act))
    headline = f"Phase {v.phase.value.replace('_', ' ')} · to act: {actors or 'nobody'}"
    return {"headline": headline, "players": players, "places": places, "piles": piles}


def _combat(v: View, c: CombatView) -> dict[str, Any]:
    """The combat in progress: who is in it and what each has committed, as far as known."""
    tags = []
    for s in range(len(c.commits)):
        if not has_seat(c.members, s):
            continue
        what = commit_word(c, s)
        if what == "face down":
            what = "committed face down"
        target = c.targets[s] if s < len(c.targets) else None
        if target is not None:
            what += f" at {target_word(v, target)}"
        if has_seat(c.escaped, s):
            what += ", escaped"
        if has_seat(c.died, s):
            what += ", died"
        tags.append(f"Seat {s}: {what}")
    if c.noise:
        tags.append(f"Noise {c.noise}")
    return place("Combat", tags, [], active=True)


def _back_marked(name: str, short: str, tone: str) -> Card:
    return {**back(name, tone), "short": short}


def _face_tone(face: Face) -> str:
    if face is Face.EVENT:
        return "event"
    return "zombie"
