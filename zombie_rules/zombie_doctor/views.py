"""What one seat may know of a Zombie Doctor game, and its text rendering.

Body cards lie face up, so every seat sees every body card's side. A seat sees
its own hand and no other, except the hand its own X-Ray is looking at, at that
moment. What it learnt of other hands it remembers, as ``known_hands``: the rest
of a hand it X-Rayed, the card an X-Ray took from it, cards it saw another seat
take from the top of the deck, less what it saw leave since (Ruling 30; a
spectator remembers only what the whole table saw). The deck shows how many
unseen cards it has and the order of the cards put back underneath: each by name
if it was shown going under (a used card) or if this seat put it there itself,
else as ``None`` (a card returned unseen by a player who could not play, or the
hand of a player who is out: Rulings 6 and 12). The morgue shows what went into
it (every limb was seen going in) but never which limb a Morgue card will bring
out.
"""

from __future__ import annotations

import functools

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import seats_in
from zombie_rules.core.validation import expect_seat
from zombie_rules.zombie_doctor.cards import (
    CHARACTERS,
    MISSING,
    SLOT_NAMES,
    character_of,
    is_infected,
)
from zombie_rules.zombie_doctor.config import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Config,
    morgue_limb,
    tables,
)
from zombie_rules.zombie_doctor.knowledge import TABLE, known_to
from zombie_rules.zombie_doctor.rules import to_act
from zombie_rules.zombie_doctor.state import SHOWN, Phase, State, Status


@attrs.frozen
class View:
    """A seat's knowledge (``seat=None``: a spectator, who sees no hand).

    ``hand`` is this seat's hand as card names (empty for a spectator);
    ``xray_hand`` is the hand this seat's X-Ray is showing it, or the cards its
    custom card's look is showing it (top first, while it looks and puts them
    back), else ``None``. ``deck_unknown_size`` counts the cards above those put
    back under the deck: the unseen part and any a look left on top.
    ``known_hands[s]`` names the cards this seat knows to be in seat ``s``'s hand
    (the hand may hold more); empty for its own hand, which ``hand`` shows.
    ``deck_bottom`` names the cards put back under the deck, in draw order; a card
    another seat put there unseen is ``None``.
    ``morgue`` lists ``((character, slot, infected), count)`` for the limbs in it.
    """

    seat: int | None
    config: Config
    phase: Phase
    turn: int
    round: int
    turns_taken: int
    to_act: frozenset[int]
    bodies: tuple[tuple[int, ...], ...]
    status: tuple[Status, ...]
    out_order: tuple[int, ...]
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    xray_target: int
    xray_hand: tuple[str, ...] | None
    deck_unknown_size: int
    deck_bottom: tuple[str | None, ...]
    morgue: tuple[tuple[tuple[int, int, bool], int], ...]
    coma: frozenset[int]
    known_hands: tuple[tuple[str, ...], ...]


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know now; raises ``UnknownSeat`` for a seat not at the table."""
    players = state.config.players
    expect_seat(seat, players)
    names = tables(state.config).names
    xray_hand = None
    if state.phase is Phase.XRAY and seat == state.turn:
        xray_hand = _names(names, state.hands[state.xray_target])
    elif state.look and seat == state.turn:
        # A custom card's look shows its user the cards it covers so far, top first.
        xray_hand = _names(names, state.deck_top[: state.look])
    return View(
        seat=seat,
        config=state.config,
        phase=state.phase,
        turn=state.turn,
        round=state.round,
        turns_taken=state.turns_taken,
        to_act=to_act(state),
        bodies=state.bodies,
        status=state.status,
        out_order=state.out_order,
        hand=() if seat is None else _names(names, state.hands[seat]),
        hand_sizes=tuple(map(len, state.hands)),
        xray_target=state.xray_target,
        xray_hand=xray_hand,
        deck_unknown_size=sum(state.deck_unknown) + len(state.deck_top),
        deck_bottom=tuple(
            [
                names[k] if by in (SHOWN, seat) else None
                for k, by in zip(state.deck_bottom, state.deck_bottom_hidden_by, strict=True)
            ]
        ),
        morgue=_morgue_view(state.morgue),
        coma=_coma_view(state.coma),
        known_hands=_known_hands(state, TABLE if seat is None else seat, names),
    )


# Views are asked for every seat of every state a front end or a search bot meets, and
# the parts below change seldom (a hand, the morgue, the Coma mask), so each is built
# once per value rather than per view.


@functools.lru_cache(maxsize=4096)
def _names(names: tuple[str, ...], kinds: tuple[int, ...]) -> tuple[str, ...]:
    """The card names of a hand (card-kind indices), in its order."""
    return tuple([names[k] for k in kinds])


@functools.lru_cache(maxsize=1024)
def _morgue_view(morgue: tuple[int, ...]) -> tuple[tuple[tuple[int, int, bool], int], ...]:
    return tuple([(morgue_limb(k), n) for k, n in enumerate(morgue) if n])


@functools.lru_cache(maxsize=256)
def _coma_view(coma: int) -> frozenset[int]:
    return frozenset(seats_in(coma))


def _known_hands(state: State, knower: int, names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    known = state.known
    if not known:
        return _NOTHING_KNOWN[state.config.players]
    return tuple(
        [
            () if s == knower else _names(names, known_to(known, knower, s))
            for s in range(state.config.players)
        ]
    )


#: ``known_hands`` while nobody knows of a card in another hand, by player count.
_NOTHING_KNOWN: dict[int, tuple[tuple[str, ...], ...]] = {
    n: ((),) * n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def _body_text(body: tuple[int, ...], owner: int) -> str:
    parts = []
    for slot, code in enumerate(body):
        if code == MISSING:
            parts.append(f"{SLOT_NAMES[slot]}:--")
            continue
        side = "Z" if is_infected(code) else "ok"
        other = character_of(code)
        mark = "" if other == owner else f"({CHARACTERS[other]})"
        parts.append(f"{SLOT_NAMES[slot]}:{side}{mark}")
    return " ".join(parts)


def render(v: View) -> str:
    """The view as a few lines of text for a terminal."""
    phase = v.phase.name.lower()
    lines = [f"Round {v.round + 1}, turn {v.turns_taken + 1}, seat {v.turn}'s turn ({phase})"]
    for s, body in enumerate(v.bodies):
        mark = " (you)" if s == v.seat else ""
        state = v.status[s].name.lower()
        coma = ", in a coma" if s in v.coma else ""
        lines.append(
            f"  seat {s}{mark} {CHARACTERS[s]} [{state}{coma}, {v.hand_sizes[s]} cards]:"
            f" {_body_text(body, s)}"
        )
    if v.seat is not None:
        lines.append(f"Your hand: {', '.join(v.hand) or '(empty)'}")
    if v.xray_hand is not None and v.xray_target >= 0:
        lines.append(f"X-Ray of seat {v.xray_target}: {', '.join(v.xray_hand)}")
    elif v.xray_hand is not None:
        lines.append(f"Top of the deck (you look): {', '.join(v.xray_hand)}")
    known = [f"seat {s} holds {', '.join(kinds)}" for s, kinds in enumerate(v.known_hands) if kinds]
    if known:
        who = "The table knows" if v.seat is None else "You know"
        lines.append(f"{who}: {'; '.join(known)} (and maybe more)")
    bottom = ", ".join("(unseen)" if k is None else k for k in v.deck_bottom) or "nothing"
    lines.append(f"Deck: {v.deck_unknown_size} unseen cards, then (in order) {bottom}")
    limbs = sum(n for _, n in v.morgue)
    lines.append(f"Morgue: {limbs} limb{'s' if limbs != 1 else ''}")
    if CHANCE in v.to_act:
        lines.append("Waiting for a card, a limb or a die roll.")
    if v.phase is Phase.OVER:
        lines.append(f"Game over; out in order: {', '.join(map(str, v.out_order)) or 'nobody'}")
    return "\n".join(lines)
