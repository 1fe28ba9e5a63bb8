"""Quarantine Z as a board a page draws: the Survivors, the area's locations, a combat, the decks.

A page cannot lay out a title it knows nothing about; this says which of the view's
cards belong together, and which of them the seat sees the face of (a card's back
shows its deck, so a hidden card still says Supply or Munition).

Elements carry ``acts`` (see :mod:`zombie_rules.core.board`) in the notation's own
words, so a click plays a move: a location proposes it, a card of the seat's hand is
used, equipped, stashed, fed, given or (the Zombie Player's) played, a zombie is
targeted or mutated, a Survivor is stolen from, ambushed, targeted or bitten, a loot
card is claimed, the decks are chosen or burned, the combat's Action cards committed.
Every act names only what the view shows (an item the seat sees, a zombie by the
number the view prints, a seat), so a click says nothing the seat could not know;
the moves no element stands for (``ready``, ``leave``, ``done``) stay in the menu.
Claims and proposals are drawn as well: who claims which card and who objects, and
which destination each Survivor proposed.
"""

from __future__ import annotations

from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.board import Board, Card, back, card, group, pile, place, player, plural
from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z.cards import Face, ZombieCard
from zombie_rules.quarantine_z.custom import rule_text
from zombie_rules.quarantine_z.state import Phase
from zombie_rules.quarantine_z.views import (
    ClaimedCard,
    ClaimView,
    CombatView,
    View,
    ZombieView,
    commit_word,
    target_word,
)

#: The combat's Action cards as the notation names them, with what each does.
COMMITS = (
    ("fight", "Fight", "attack a zombie (or a Survivor) hand to hand"),
    ("shoot", "Shoot", "fire an equipped firearm"),
    ("escape", "Escape", "try to get away from the combat"),
    ("pass", "Pass", "lay no Action card this round"),
)


def board(v: View) -> Board:
    """The table as ``v``'s seat sees it, each element with the acts it stands for."""
    config = v.config
    zseat = config.zombie_seat
    others = [s for s, sv in enumerate(v.survivors) if s not in (zseat, v.seat) and sv.life > 0]
    players = []
    for s, sv in enumerate(v.survivors):
        if s == zseat:
            players.append(_zombie_player(v, s))
            continue
        mine = s == v.seat
        dead = sv.life <= 0
        tags = ["dead"] if dead else [f"Life {sv.life}", f"Armor {sv.armor}"]
        proposed = v.proposals[s] if s < len(v.proposals) else -1
        if 0 <= proposed < len(v.area):
            tags.append(f"proposes [{proposed}] {_place_name(v, proposed)}")
        hand = [_item(v, i, _hand_acts(i, others) if mine else ()) for i in sv.known]
        hand += _hidden(sv.hidden_supply, sv.hidden_munition)
        gear = [_item(v, i, (f"use {i}",) if mine else (f"snatch {s} {i}",)) for i in sv.equipment]
        groups = [group("Hand", hand), group("Equipped", gear)]
        acts = () if mine else _survivor_acts(s)
        node = player(s, f"Seat {s} · Survivor", v, s in v.to_act, tags, groups)
        if acts:
            node["acts"] = list(acts)
        players.append(node)
    places = [_location(v, i) for i in range(len(v.area))]
    if v.combat is not None:
        places.insert(0, _combat(v, v.combat))
    piles = [
        pile("Supply deck", v.supply_deck_size, acts=("choose supply",)),
        pile("Munition deck", v.munition_deck_size, acts=("choose munition",)),
        pile("Zombie deck", v.zombie_deck_size, acts=("draw", "burn")),
        pile("Building pile", v.building_pile_size),
    ]
    actors = ", ".join("chance" if a == CHANCE else f"Seat {a}" for a in sorted(v.to_act))
    headline = f"Phase {v.phase.value.replace('_', ' ')} · to act: {actors or 'nobody'}"
    return {"headline": headline, "players": players, "places": places, "piles": piles}


def _hand_acts(i: int, others: list[int]) -> tuple[str, ...]:
    """What a click on item ``i`` of the seat's own hand may mean."""
    return (f"use {i}", f"equip {i}", f"stash {i}", f"feed {i}") + tuple(
        f"give {s} {i}" for s in others
    )


def _survivor_acts(s: int) -> tuple[str, ...]:
    """What a click on another Survivor may mean: a theft, an ambush, a target, a bite."""
    return (f"steal {s}", f"ambush {s}", f"target-survivor {s}", f"bite {s}")


def _zombie_player(v: View, s: int) -> dict[str, Any]:
    """The Zombie Player: its hand face up to itself, each card to play, hide or discard."""
    zc = v.config.zombie_cards
    if v.zombie_hand:
        hand = [
            card(
                zc[c].name,
                str(c),
                "event" if zc[c].face is Face.EVENT else "zombie",
                _face_detail(zc[c]),
                acts=(f"play {c}", f"hide {c}", f"event {c}", f"mutate {c}", f"discard {c}"),
            )
            for c in v.zombie_hand
        ]
    else:
        hand = [back("Zombie card", "zombie") for _ in range(v.zombie_hand_size)]
    tags = [plural(v.zombie_hand_size, "Zombie card")]
    return player(s, f"Seat {s} · Zombie Player", v, s in v.to_act, tags, [group("Hand", hand)])


def _face_detail(c: ZombieCard) -> str:
    """A Zombie card in hand: its face, and a custom card's effect (its rule, by name)."""
    if not c.effect:
        return c.face.value
    return f"{c.face.value}; {rule_text(c.text, c.effect, c.amount)}"


def _item(v: View, i: int, acts: tuple[str, ...] = ()) -> Card:
    it = v.config.items[i]
    return card(it.name, str(i), it.deck.value, rule_text(it.text, it.effect, it.amount), acts=acts)


def _hidden(supply: int, munition: int, acts: tuple[str, ...] = ()) -> list[Card]:
    # The backs show which deck a card came from: that much is public.
    return [_back_marked("Supply card", "S", "supply", acts) for _ in range(supply)] + [
        _back_marked("Munition card", "M", "munition", acts) for _ in range(munition)
    ]


def _zombie(v: View, z: ZombieView) -> Card:
    """A zombie in play, marked with the number moves and accounts call it by."""
    config = v.config
    zc = config.zombie_cards
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
    if z.face_up and z.card is not None and zc[z.card].effect:
        detail += f"; {rule_text('', zc[z.card].effect, zc[z.card].amount)}"
    acts = (f"target-zombie {z.number}",) + tuple(f"mutate {c} {z.number}" for c in v.zombie_hand)
    return card(
        name + muts, f"{life - z.damage}♥", "zombie", detail, mark=f"zombie {z.number}", acts=acts
    )


def _location(v: View, i: int) -> dict[str, Any]:
    """Location ``[i]``: proposed by a click; its loot claimed by one; its zombies targeted."""
    loc = v.area[i]
    b = v.config.buildings[loc.building]
    tags = [f"{b.supply} Supply / {b.munition} Munition", f"Escape {b.escape}"]
    if b.shelter:
        tags.append("Shelter")
    if b.variable:
        tags.append("variable loot")
    if loc.looted:
        tags.append("looted")
    here = i == v.here
    if here:
        tags.append("the Survivors are here")
    proposers = [s for s, p in enumerate(v.proposals) if p == i]
    if proposers:
        tags.append(f"proposed by {_seats(proposers)}")
    groups = []
    claim = v.step if here and isinstance(v.step, ClaimView) else None
    if claim is not None:
        tags += _claim_tags(v, claim)
        groups.append(group("Claimed", [_claimed(v, claim)]))
    lying = [
        _item(v, c, (f"claim {c}", f"claim-use {c}") if here else ()) for c in loc.known
    ] + _hidden(loc.hidden_supply, loc.hidden_munition, ("claim-hidden",) if here else ())
    if lying:
        groups.append(group("Cards here", lying))
    if loc.zombies:
        groups.append(group("Zombies", [_zombie(v, z) for z in loc.zombies]))
    node = place(f"[{i}] {b.name}", tags, groups, active=here)
    node["acts"] = [f"propose {i}"]
    return node


def _claim_tags(v: View, c: ClaimView) -> list[str]:
    """Who claims what, who objected, and who is still to answer (or still objects)."""
    use = " to use it at once" if c.use else ""
    tags = [f"Seat {c.claimant} claims {_claimed_words(v, c)}{use}"]
    objectors = [s for s in range(len(v.survivors)) if has_seat(c.objectors, s)]
    if objectors:
        tags.append(f"objected: {_seats(objectors)}")
    waiting = [s for s in range(len(v.survivors)) if has_seat(v.waiting, s)]
    if waiting and v.phase is Phase.CLAIM:
        tags.append(f"still to answer: {_seats(waiting)}")
    elif waiting and v.phase is Phase.DISPUTE:
        tags.append(f"still objecting: {_seats(waiting)}")
    return tags


def _claimed_words(v: View, c: ClaimView) -> str:
    if c.card is ClaimedCard.NAMED and c.item is not None:
        return v.config.items[c.item].name
    if c.card is ClaimedCard.UNSEEN:
        return "a face-down card they have seen"
    return "a face-down card they have not seen"


def _claimed(v: View, c: ClaimView) -> Card:
    """The claimed card (its face only to those who saw it): answering the claim by a click."""
    acts = ("allow", "object", "withdraw", "concede")
    detail = f"claimed by Seat {c.claimant}"
    if c.card is ClaimedCard.NAMED and c.item is not None:
        it = v.config.items[c.item]
        return card(it.name, str(c.item), it.deck.value, f"{detail}; {it.text}", acts=acts)
    return {**back("claimed card", "plain", detail, acts=acts), "short": "?"}


def _combat(v: View, c: CombatView) -> dict[str, Any]:
    """The combat in progress: who is in it and what each has committed, as far as known.

    A member of the combat still to lay its Action card sees the four to pick from.
    """
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
    groups = []
    seat = v.seat
    choosing = seat is not None and has_seat(c.members, seat) and not has_seat(c.laid, seat)
    if v.phase is Phase.COMMIT and choosing:
        cards = [card(name, name[0], "plain", what, acts=(f"commit {word}",))
                 for word, name, what in COMMITS]  # fmt: skip
        groups.append(group("Your Action card", cards))
    return place("Combat", tags, groups, active=True)


def _seats(seats: list[int]) -> str:
    """``Seat 1, Seat 3``."""
    return ", ".join(f"Seat {s}" for s in seats)


def _place_name(v: View, index: int) -> str:
    return v.config.buildings[v.area[index].building].name


def _back_marked(name: str, short: str, tone: str, acts: tuple[str, ...] = ()) -> Card:
    return {**back(name, tone, acts=acts), "short": short}
