"""Zombie Doctor as a board a page draws: each body by slot, the hands, the deck and morgue.

A page cannot lay out a title it knows nothing about; this says which of the view's
cards belong together, and which of them the seat sees the face of. Elements carry
the acts they stand for (a limb: amputate, bite, flip; a hand card: use it; a card an
X-Ray shows: take it), so a click plays a move.
"""

from __future__ import annotations

from zombie_rules.core.board import Board, Card, back, card, group, pile, player
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    CHARACTERS,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    SLOT_NAMES,
    XRAY,
    character_of,
    is_infected,
)
from zombie_rules.zombie_doctor.describe import SLOT_TITLES, card_title
from zombie_rules.zombie_doctor.state import Status
from zombie_rules.zombie_doctor.views import View

#: The head's slot in a body (the first of ``SLOT_TITLES``).
HEAD_SLOT = SLOT_TITLES.index("head")


def _name_of(character: int) -> str:
    return CHARACTERS[character] if 0 <= character < len(CHARACTERS) else f"Seat {character}"


def _limb_acts(s: int, slot: int, mine: bool) -> tuple[str, ...]:
    """The moves a click on seat ``s``'s ``slot`` may mean, in the notation's words."""
    word = SLOT_NAMES[slot]
    acts = [f"use {AMPUTATE} {s} {word}", f"use {MAD_SCIENTIST} {s} {word}", f"bite {s} {word}"]
    if mine:
        acts += [f"use {MEDICINE} {word}", f"flip {word}", f"stuck flip {word}"]
    return tuple(acts)


def _limb(
    s: int, slot: int, code: int, status: Status = Status.ALIVE, acts: tuple[str, ...] = ()
) -> Card:
    word = SLOT_TITLES[slot] if slot < len(SLOT_TITLES) else str(slot)
    if slot == HEAD_SLOT and status is Status.BEHEADED:
        # Amputate cut the head off (its card stays healthy side up): drawn as gone.
        return card(word, "cut", "beheaded", "cut off by Amputate: this player is out")
    if code == MISSING:
        return card(word, "--", "missing", "removed", acts=acts)
    infected = is_infected(code)
    owner = character_of(code)
    detail = "zombie side up" if infected else "healthy side up"
    if owner != s:
        detail += f"; {_name_of(owner)}'s card"
    tone = "zombie" if infected else "ok"
    return card(word, "Z" if infected else "ok", tone, detail, acts=acts)


def board(v: View) -> Board:
    """The table as ``v``'s seat sees it."""
    players = []
    for s, body in enumerate(v.bodies):
        mine = s == v.seat
        limbs = [
            _limb(s, slot, code, v.status[s], _limb_acts(s, slot, mine))
            for slot, code in enumerate(body)
        ]
        if mine:
            hand = [card(card_title(c), "", "plain", acts=(f"use {c}",)) for c in v.hand]
        else:
            # Cards this seat remembers in that hand (ruling 30) face up, the rest face down.
            known = v.known_hands[s][: v.hand_sizes[s]]
            hand = [card(card_title(c), "", "plain", "you know it is there") for c in known]
            hand += [back(acts=(f"use {XRAY} {s}",)) for _ in range(v.hand_sizes[s] - len(known))]
        groups = [group("Body", limbs), group("Hand", hand)]
        if v.xray_hand is not None and s == v.xray_target:
            # Taking one of the X-Rayed cards is a click on it.
            shown = [card(card_title(c), acts=(f"take {c}",)) for c in v.xray_hand]
            groups.append(group("Your X-Ray shows", shown))
        tags = [v.status[s].name.lower()]
        if s in v.coma:
            tags.append("in a coma")
        active = s in v.to_act
        players.append(player(s, f"Seat {s} · {_name_of(s)}", v, active, tags, groups))
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
