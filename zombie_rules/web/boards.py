"""A seat's view as a board a page can draw: players with their cards, piles, places.

Built from the view alone (what the seat may know), so it can say nothing the view
does not. A page draws every title the same way from this shape::

    {"headline": str,
     "players": [{"seat", "name", "you", "active", "tags": [str], "groups": [group]}],
     "places":  [{"name", "active", "tags": [str], "groups": [group]}],
     "piles":   [{"name", "count", "top": card | None, "tags": [str]}]}
    group = {"label": str, "cards": [card]}
    card  = {"name": str, "short": str, "hidden": bool, "tone": str, "detail": str}

``short`` is what fits in a card's corner; ``tone`` is a style hint (``zombie``,
``ok``, ``missing``, ``supply``, ``munition``, ``event``, ``object``, ``plain``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from zombie_rules.core.actors import CHANCE

Board = dict[str, Any]
Card = dict[str, Any]


def card(name: str, short: str = "", tone: str = "plain", detail: str = "") -> Card:
    """A face-up card (or token) named ``name``."""
    return {"name": name, "short": short, "hidden": False, "tone": tone, "detail": detail}


def back(name: str = "face down", tone: str = "plain", detail: str = "") -> Card:
    """A card this seat cannot see the face of."""
    return {"name": name, "short": "?", "hidden": True, "tone": tone, "detail": detail}


def group(label: str, cards: Sequence[Card]) -> dict[str, Any]:
    return {"label": label, "cards": list(cards)}


def player(
    seat: int,
    name: str,
    view: Any,
    active: bool,
    tags: Sequence[str],
    groups: Sequence[dict[str, Any]],
) -> dict[str, Any]:
    return {
        "seat": seat,
        "name": name,
        "you": seat == view.seat,
        "active": active,
        "tags": list(tags),
        "groups": list(groups),
    }


def place(
    name: str, tags: Sequence[str], groups: Sequence[dict[str, Any]], active: bool = False
) -> dict[str, Any]:
    """A place on the table that is no player's: a location, the Event in play, a combat."""
    return {"name": name, "active": active, "tags": list(tags), "groups": list(groups)}


def pile(
    name: str, count: int, top: Card | None = None, tags: Sequence[str] = ()
) -> dict[str, Any]:
    return {"name": name, "count": count, "top": top, "tags": list(tags)}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------- Zombie Run!


def _zombie_run(v: Any) -> Board:
    from zombie_rules.zombie_run.cards import card_name
    from zombie_rules.zombie_run.state import Phase

    def face(value: int, detail: str = "") -> Card:
        tone = "ok" if value == 0 else "zombie"
        return card(card_name(value), str(value), tone, detail)

    players = []
    playing = v.phase in (Phase.DRAW, Phase.DECIDE)
    for s, hand in enumerate(v.hands):
        cards = []
        for p, value in enumerate(hand):
            seen = "its owner has looked at it" if v.owner_knows[s][p] else "its owner has not"
            detail = f"position {p}; {seen}"
            cards.append(back(detail=detail) if value is None else face(value, detail))
        tags = [f"score {v.scores[s]}"]
        if s == v.dealer:
            tags.append("dealer")
        if s in v.peeked:
            tags.append("has peeked")
        active = s in v.to_act or (playing and s == v.turn)
        players.append(player(s, f"Seat {s}", v, active, tags, [group("Hand", cards)]))
    top = face(v.discard_pile[-1]) if v.discard_pile else None
    piles = [
        pile("Draw Pile", v.draw_pile_size),
        pile("Discard Pile", len(v.discard_pile), top),
    ]
    places = []
    if v.holding:
        held = back() if v.held is None else face(v.held)
        places.append(place(f"Seat {v.turn} holds", [], [group("", [held])], active=True))
    phase = v.phase.value.replace("_", " ")
    headline = f"Round {v.round + 1} of {v.config.rounds} · phase {phase}"
    if playing:
        headline += f" · Seat {v.turn} to play"
    return {"headline": headline, "players": players, "places": places, "piles": piles}


# -------------------------------------------------------------- Texas Zombies


def _texas_zombies(v: Any) -> Board:
    from zombie_rules.texas_zombies.state import Phase

    events = v.config.events
    objects = v.config.objects

    def obj(i: int) -> Card:
        return card(objects[i], str(i), "object")

    def event(i: int) -> Card:
        name, required = events[i]
        return card(name, str(required), "event", f"needs {_plural(required, 'Object')}")

    players = []
    for s, size in enumerate(v.hand_sizes):
        tags = [_plural(len(v.won[s]), "Event") + " won"]
        team = v.teams[s]
        if team is not None:
            tags.append(f"team {team.value}")
        if v.phase is Phase.VOTE and s in v.voted:
            tags.append("has voted")
        hand = [obj(i) for i in v.hand] if s == v.seat and v.hand is not None else []
        if not hand:
            hand = [back("Object", "object") for _ in range(size)]
        groups = [group("Objects", hand)]
        if v.won[s]:
            groups.append(group("Events won", [event(e) for e in v.won[s]]))
        players.append(player(s, f"Seat {s}", v, s in v.to_act, tags, groups))
    places = []
    if v.current_event is not None:
        tags = []
        if v.story:
            tags.append(f"story: {v.story}")
        if v.my_vote is not None:
            tags.append(f"your vote: {'yes' if v.my_vote else 'no'}")
        groups = [group("Event", [event(v.current_event)])]
        if v.told:
            groups.append(group("Objects used", [obj(i) for i in v.told]))
        places.append(place(f"Seat {v.turn}'s Event", tags, groups, active=True))
    back_tags = [] if v.top_back is None else [f"the top card's back shows {v.top_back}"]
    top_discard = obj(v.object_discard[-1]) if v.object_discard else None
    top_event = event(v.event_discard[-1]) if v.event_discard else None
    piles = [
        pile("Event pile", v.event_pile_size, tags=back_tags),
        pile("Event discards", len(v.event_discard), top_event),
        pile("Object pile", v.object_pile_size),
        pile("Object discards", len(v.object_discard), top_discard),
    ]
    headline = f"Seat {v.turn}'s turn · phase {v.phase.name.lower().replace('_', ' ')}"
    if v.team is not None:
        headline += f" · you are team {v.team.value}"
    if v.team_totals is not None:
        headline += " · totals " + ", ".join(
            f"{team.value} {total}" for team, total in zip(_teams(), v.team_totals, strict=False)
        )
    return {"headline": headline, "players": players, "places": places, "piles": piles}


def _teams() -> tuple[Any, ...]:
    from zombie_rules.texas_zombies.cards import TEAMS

    return tuple(TEAMS)


# -------------------------------------------------------------- Zombie Doctor


def _zombie_doctor(v: Any) -> Board:
    from zombie_rules.zombie_doctor.cards import CHARACTERS, MISSING, character_of
    from zombie_rules.zombie_doctor.describe import SLOT_TITLES, card_title

    def name_of(character: int) -> str:
        return CHARACTERS[character] if 0 <= character < len(CHARACTERS) else f"Seat {character}"

    players = []
    for s, body in enumerate(v.bodies):
        limbs = []
        for slot, code in enumerate(body):
            word = SLOT_TITLES[slot] if slot < len(SLOT_TITLES) else str(slot)
            if code == MISSING:
                limbs.append(card(word, "--", "missing", "removed"))
                continue
            infected = bool(code & 1)
            owner = character_of(code)
            detail = "zombie side up" if infected else "healthy side up"
            if owner != s:
                detail += f"; {name_of(owner)}'s card"
            limbs.append(
                card(word, "Z" if infected else "ok", "zombie" if infected else "ok", detail)
            )
        if s == v.seat:
            hand = [card(card_title(c), "", "plain") for c in v.hand]
        else:
            # Cards this seat remembers in that hand (ruling 30) face up, the rest face down.
            known = v.known_hands[s][: v.hand_sizes[s]]
            hand = [card(card_title(c), "", "plain", "you know it is there") for c in known]
            hand += [back() for _ in range(v.hand_sizes[s] - len(known))]
        groups = [group("Body", limbs), group("Hand", hand)]
        if v.xray_hand is not None and s == v.xray_target:
            groups.append(group("Your X-Ray shows", [card(card_title(c)) for c in v.xray_hand]))
        tags = [v.status[s].name.lower()]
        if s in v.coma:
            tags.append("in a coma")
        active = s in v.to_act
        players.append(player(s, f"Seat {s} · {name_of(s)}", v, active, tags, groups))
    bottom = [back() if c is None else card(card_title(c)) for c in v.deck_bottom]
    limbs_in = sum(n for _, n in v.morgue)
    piles = [
        pile(
            "Deck",
            v.deck_unknown_size + len(v.deck_bottom),
            tags=[f"{v.deck_unknown_size} unseen"]
            + ([f"then {', '.join(c['name'] for c in bottom)}"] if bottom else []),
        ),
        pile("Morgue", limbs_in, tags=["limbs"]),
    ]
    headline = f"Round {v.round + 1} · Seat {v.turn}'s turn · {v.phase.name.lower()}"
    return {"headline": headline, "players": players, "places": [], "piles": piles}


# ---------------------------------------------------------------- Quarantine Z


def _quarantine_z(v: Any) -> Board:
    from zombie_rules.quarantine_z.cards import Face

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

    def zombie(k: int, z: Any) -> Card:
        life = config.back_life
        if z.face_up:
            life = zc[z.card].life
            name = zc[z.card].name
        elif z.card >= 0:
            name = f"face-down zombie ({zc[z.card].name} underneath)"
        else:
            name = "face-down zombie"
        life += sum(zc[m].life for m in z.mutations)
        muts = "".join(f" + {zc[m].name}" for m in z.mutations)
        detail = f"zombie {k}; Life {life - z.damage} of {life}{muts}"
        return card(name + muts, f"{life - z.damage}♥", "zombie", detail)

    players = []
    for s, sv in enumerate(v.survivors):
        if s == config.zombie_seat:
            if v.zombie_hand:
                hand = [
                    card(zc[c].name, str(c), _face_tone(zc[c].face, Face)) for c in v.zombie_hand
                ]
            else:
                hand = [back("Zombie card", "zombie") for _ in range(v.zombie_hand_size)]
            tags = [_plural(v.zombie_hand_size, "Zombie card")]
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
            groups.append(group("Zombies", [zombie(k, z) for k, z in enumerate(loc.zombies)]))
        places.append(place(f"[{i}] {b.name}", tags, groups, active=i == v.here))
    if v.combat is not None:
        places.insert(0, _qz_combat(v))
    piles = [
        pile("Supply deck", v.supply_deck_size),
        pile("Munition deck", v.munition_deck_size),
        pile("Zombie deck", v.zombie_deck_size),
        pile("Building pile", v.building_pile_size),
    ]
    actors = ", ".join("chance" if a == CHANCE else f"Seat {a}" for a in sorted(v.to_act))
    headline = f"Phase {v.phase.value.replace('_', ' ')} · to act: {actors or 'nobody'}"
    return {"headline": headline, "players": players, "places": places, "piles": piles}


def _qz_combat(v: Any) -> dict[str, Any]:
    """The combat in progress: who is in it and what each has committed, as far as known."""
    from zombie_rules.quarantine_z._base import SURVIVOR_TARGET
    from zombie_rules.quarantine_z.knowledge import has_seat
    from zombie_rules.quarantine_z.state import Commit
    from zombie_rules.quarantine_z.views import HIDDEN_COMMIT

    c = v.combat
    tags = []
    for s, x in enumerate(c.commits):
        if not has_seat(c.members, s):
            continue
        what = {-1: "not committed", HIDDEN_COMMIT: "committed face down"}.get(x)
        if what is None:
            what = Commit(x).name.lower()
        target = c.targets[s] if s < len(c.targets) else -1
        if target >= SURVIVOR_TARGET:
            what += f" at Survivor {target - SURVIVOR_TARGET}"
        elif target >= 0:
            what += f" at zombie {target}"
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


def _face_tone(face: Any, faces: Any) -> str:
    if face is faces.EVENT:
        return "event"
    return "zombie"


_BOARDS: dict[str, Callable[[Any], Board]] = {
    "zombie_run": _zombie_run,
    "texas_zombies": _texas_zombies,
    "zombie_doctor": _zombie_doctor,
    "quarantine_z": _quarantine_z,
}


def board(title: str, view: Any) -> Board | None:
    """``view`` as a board, or ``None`` for a title this module does not know.

    A page falls back to the ``render`` text for such a title.
    """
    make = _BOARDS.get(title)
    return None if make is None else make(view)
