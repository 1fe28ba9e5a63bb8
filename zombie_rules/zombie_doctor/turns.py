"""Zombie Doctor's turn bookkeeping: what happens between one action and the next.

Every move ends the same way: check whether the game is over, make the user's
own flip after Amputate or X-Ray, bring the hands back up, and pass the turn
(counting rounds and waking a Coma). That sequence is kept here, once, so the
per-phase handlers in ``rules`` and the card effects in ``effects`` only say
what their move changes and then hand over to :func:`end_action`.

:class:`Work` is the mutable scratch copy of a ``State`` those modules edit
inside a single ``apply``; it becomes a frozen ``State`` again before leaving.
"""

from __future__ import annotations

import functools

from zombie_rules.core.seats import without_seat
from zombie_rules.zombie_doctor.cards import HEAD, zombie_side
from zombie_rules.zombie_doctor.knowledge import (
    forget_hand,
    lost_unseen,
    seen_played,
    seen_taken,
    told_taken,
)
from zombie_rules.zombie_doctor.state import SHOWN, Phase, State, Status
from zombie_rules.zombie_doctor.usability import flip_choices

ALIVE, TURNED = Status.ALIVE, Status.TURNED


class Work:
    """A mutable copy of a state for building the next one inside one ``apply``."""

    __slots__ = (
        "bodies", "coma", "config", "deck_bottom", "deck_bottom_hidden_by", "deck_unknown",
        "hands", "known", "morgue", "out_order", "phase", "round", "source", "status", "turn",
        "turns_taken", "xray_target",
    )  # fmt: skip

    def __init__(self, s: State) -> None:
        self.source = s
        self.config = s.config
        self.phase = s.phase
        self.turn = s.turn
        self.round = s.round
        self.turns_taken = s.turns_taken
        self.bodies = list(s.bodies)
        self.status = list(s.status)
        self.out_order = s.out_order
        self.hands = list(s.hands)
        self.deck_unknown = s.deck_unknown
        self.deck_bottom = s.deck_bottom
        self.deck_bottom_hidden_by = s.deck_bottom_hidden_by
        self.morgue = s.morgue
        self.coma = s.coma
        self.xray_target = s.xray_target
        self.known = s.known

    def state(self) -> State:
        """The frozen result; rows this move left alone stay the very tuples of the source.

        Tuple equality checks identity first, element by element, in C, so keeping
        an unchanged row costs about as much as building the tuple.
        """
        src = self.source
        bodies = tuple(self.bodies)
        if bodies == src.bodies:
            bodies = src.bodies
        status = tuple(self.status)
        if status == src.status:
            status = src.status
        hands = tuple(self.hands)
        if hands == src.hands:
            hands = src.hands
        return State(
            self.config, self.phase, self.turn, self.round, self.turns_taken, bodies, status,
            self.out_order, hands, self.deck_unknown, self.deck_bottom,
            self.deck_bottom_hidden_by, self.morgue, self.coma, self.xray_target, self.known,
        )  # fmt: skip

    def set_slot(self, seat: int, slot: int, code: int) -> None:
        body = self.bodies[seat]
        self.bodies[seat] = body[:slot] + (code,) + body[slot + 1 :]

    def give(self, seat: int, kind: int) -> None:
        self.hands[seat] = tuple(sorted(self.hands[seat] + (kind,)))

    def discard(self, seat: int, kind: int, hidden_by: int = SHOWN) -> None:
        """Remove one card of ``kind`` from the hand and put it under the deck.

        A used card has been shown to everyone (``SHOWN``); a card returned by a
        player who cannot play goes under unseen, known only to ``hidden_by``, so
        the others no longer know which of the cards they knew of is still there.
        """
        hand = self.hands[seat]
        i = hand.index(kind)
        self.hands[seat] = hand[:i] + hand[i + 1 :]
        if self.known:
            if hidden_by == SHOWN:
                self.known = seen_played(self.known, seat, kind)
            else:
                self.known = lost_unseen(self.known, seat)
        self.deck_bottom = self.deck_bottom + (kind,)
        self.deck_bottom_hidden_by = self.deck_bottom_hidden_by + (hidden_by,)

    def knock_out(self, seat: int, status: Status) -> None:
        """A player turns or loses their head: out, their hand put under the deck unseen.

        "do not show them to your opponents, unless a pain or opponent's card forces
        you to reveal your cards": going out forces nothing, so only the owner knows
        the cards (Ruling 12).
        """
        self.status[seat] = status
        self.out_order = self.out_order + (seat,)
        hand = self.hands[seat]
        self.deck_bottom = self.deck_bottom + hand
        self.deck_bottom_hidden_by = self.deck_bottom_hidden_by + (seat,) * len(hand)
        self.hands[seat] = ()
        self.known = forget_hand(self.known, seat)
        self.coma = without_seat(self.coma, seat)

    def infect(self, seat: int, slot: int) -> None:
        """Flip a body card to its infected side.

        "You are finished when you have an infected head."
        """
        self.set_slot(seat, slot, zombie_side(self.bodies[seat][slot]))
        if slot == HEAD and self.status[seat] is ALIVE:
            self.knock_out(seat, TURNED)

    def finished(self) -> bool:
        alive = self.status.count(ALIVE)
        # "The winner is the last player to keep the infection away from their head!"
        # Bonus Game Mode: "Continue playing until all players are zombies!"
        return alive == 0 if self.config.bonus_mode else alive <= 1


def end_action(w: Work, self_flip: bool) -> State:
    """After a card's effect: the user's own flip if due, then refill hands, next turn."""
    if w.finished():
        w.phase = Phase.OVER
        w.xray_target = -1
        return w.state()
    seat = w.turn
    if self_flip and w.status[seat] is ALIVE:
        choices = flip_choices(w.bodies[seat])
        if len(choices) > 1:
            w.phase = Phase.SELF_FLIP
            return w.state()
        w.infect(seat, choices[0])
        if w.finished():
            w.phase = Phase.OVER
            return w.state()
    return refill(w, dealing=False)


def short_seat(w: Work) -> int:
    """The first seat, from the one whose turn it is, still in and short of a full hand."""
    size = w.config.hand_size
    status, hands = w.status, w.hands
    for s in _from_seat(w.config.players, w.turn):
        if status[s] is ALIVE and len(hands[s]) < size:
            return s
    return -1


@functools.cache
def _from_seat(players: int, first: int) -> tuple[int, ...]:
    """The seats clockwise from ``first``, ``first`` included: ``(first + i) % players``."""
    return tuple((first + i) % players for i in range(players))


def refill(w: Work, dealing: bool) -> State:
    """Bring every hand back to three: "all players must have three cards in hand".

    Draws come off the unseen part of the deck first (chance); once it is used
    up, the top card is the oldest card put back under it (known to all, unless it
    went under unseen), so the draw is not chance, and whoever knew the card now
    knows it is in the drawer's hand.
    """
    while True:
        seat = short_seat(w)
        if seat < 0:
            return start_turn(w) if dealing else next_turn(w)
        if any(w.deck_unknown):
            w.phase = Phase.DEAL if dealing else Phase.DRAW
            return w.state()
        kind, by = w.deck_bottom[0], w.deck_bottom_hidden_by[0]
        if by == SHOWN:
            w.known = seen_taken(w.known, seat, kind, w.config.players)
        elif by != seat:
            w.known = told_taken(w.known, seat, kind, by, w.config.players)
        w.give(seat, kind)
        w.deck_bottom = w.deck_bottom[1:]
        w.deck_bottom_hidden_by = w.deck_bottom_hidden_by[1:]


def next_turn(w: Work) -> State:
    """Pass the turn clockwise, counting rounds; the round cap ends the game here."""
    # "The game continues clockwise, with the next player proceeding with their turn"
    n = w.config.players
    first = w.config.first_player
    bonus = w.config.bonus_mode
    old = w.turn
    new = old
    for i in range(1, n + 1):
        s = (old + i) % n
        if w.status[s] is ALIVE or (bonus and w.status[s] is TURNED):
            new = s
            break
    if (new - first) % n <= (old - first) % n:
        w.round += 1
    w.turn = new
    w.turns_taken += 1
    limit = w.config.round_limit
    if limit is not None and w.round >= limit:
        w.phase = Phase.OVER
        return w.state()
    return start_turn(w)


def start_turn(w: Work) -> State:
    """Open the turn of seat ``w.turn``: a card to play, or a die to roll for a zombie."""
    seat = w.turn
    # Coma lasts "until your next turn".
    w.coma = without_seat(w.coma, seat)
    w.xray_target = -1
    # Bonus Game Mode: "When it is your turn again, roll the die."
    w.phase = Phase.PLAY if w.status[seat] is ALIVE else Phase.ROLL
    return w.state()
