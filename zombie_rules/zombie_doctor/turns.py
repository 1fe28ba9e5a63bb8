"""Zombie Doctor's turn bookkeeping: what happens between one action and the next.

Every move ends the same way: check whether the game is over, make the user's
own flip after Amputate or X-Ray, bring the hands back up, and pass the turn
(counting rounds and waking a Coma). That sequence is kept here, once, so the
per-phase handlers in ``rules`` and the card effects in ``effects`` only say
what their move changes and then hand over to :func:`end_action`.

:class:`Work` is the mutable scratch copy of a ``State`` those modules edit
inside a single ``apply``; before leaving, the very object becomes the frozen
``State`` (:meth:`Work.seal`), so no field is copied out.
"""

from __future__ import annotations

import functools
from bisect import insort
from collections.abc import Sequence

from zombie_rules.core.records import expect_convertible
from zombie_rules.core.seats import without_seat
from zombie_rules.zombie_doctor.cards import HEAD, zombie_side
from zombie_rules.zombie_doctor.config import Config
from zombie_rules.zombie_doctor.knowledge import (
    forget_hand,
    lost_unseen,
    seen_played,
    seen_taken,
    told_taken,
)
from zombie_rules.zombie_doctor.state import (
    SHOWN,
    Phase,
    State,
    Status,
    build_state,
)
from zombie_rules.zombie_doctor.usability import flip_choices

ALIVE, TURNED = Status.ALIVE, Status.TURNED
# Enum members as module globals: CPython 3.11 reads ``Phase.OVER`` through the enum
# metaclass, and every move ends in these functions.
DEAL, PLAY, SELF_FLIP, DRAW, ROLL, OVER = (
    Phase.DEAL, Phase.PLAY, Phase.SELF_FLIP, Phase.DRAW, Phase.ROLL, Phase.OVER,
)  # fmt: skip


class Work:
    """A mutable copy of a state for building the next one inside one ``apply``.

    The per-seat rows (``bodies``, ``status``, ``hands``) stay the source's tuples
    and are replaced, one row at a time, by the writers below: a move changes a
    row or two, so the next state shares every other row (and often the whole
    tuple) with the one before, and :meth:`seal` has nothing to copy or compare.
    Callers read the rows directly and write them only through the methods. The
    slots are exactly ``State``'s fields (checked at import), which is what lets
    :meth:`seal` turn the object itself into the ``State``.

    A row is replaced by copying the tuple into a list, setting the item and
    making a tuple of it again: in CPython 3.11 that is about half the cost of
    ``(*t[:i], x, *t[i + 1 :])`` (two slices, and a list built behind the scenes
    anyway), and every move replaces a few rows.
    """

    __slots__ = (
        "bodies", "coma", "config", "deck_bottom", "deck_bottom_hidden_by", "deck_top",
        "deck_top_seen_by", "deck_unknown", "hands", "known", "look", "morgue", "out_order",
        "pending_card", "phase", "round", "status", "turn", "turns_taken", "xray_target",
    )  # fmt: skip

    def __init__(self, s: State) -> None:
        self.config = s.config
        self.phase = s.phase
        self.turn = s.turn
        self.round = s.round
        self.turns_taken = s.turns_taken
        self.bodies = s.bodies
        self.status = s.status
        self.out_order = s.out_order
        self.hands = s.hands
        self.deck_unknown = s.deck_unknown
        self.deck_bottom = s.deck_bottom
        self.deck_bottom_hidden_by = s.deck_bottom_hidden_by
        self.morgue = s.morgue
        self.coma = s.coma
        self.xray_target = s.xray_target
        self.known = s.known
        self.deck_top = s.deck_top
        self.deck_top_seen_by = s.deck_top_seen_by
        self.look = s.look
        self.pending_card = s.pending_card

    def seal(self) -> State:
        """The frozen result, made of this very object (no field copied): it becomes the
        ``State``, so the scratch copy is used up. Rows this move left alone are the very
        tuples of the source. ``State`` has no validators or converters to run
        (``core.records.is_plain`` holds), so this is what ``State(...)`` would build.
        """
        self.__class__ = State  # type: ignore[assignment]  # allowed: see ``expect_convertible``
        return self  # type: ignore[return-value]

    def state(self) -> State:
        """A frozen copy of the scratch state so far, for a caller that goes on editing."""
        return build_state(
            self.config, self.phase, self.turn, self.round, self.turns_taken, self.bodies,
            self.status, self.out_order, self.hands, self.deck_unknown, self.deck_bottom,
            self.deck_bottom_hidden_by, self.morgue, self.coma, self.xray_target, self.known,
            self.deck_top, self.deck_top_seen_by, self.look, self.pending_card,
        )  # fmt: skip

    def set_slot(self, seat: int, slot: int, code: int) -> None:
        bodies = list(self.bodies)
        body = list(bodies[seat])
        body[slot] = code
        bodies[seat] = tuple(body)
        self.bodies = tuple(bodies)

    def set_body(self, seat: int, body: tuple[int, ...]) -> None:
        bodies = list(self.bodies)
        bodies[seat] = body
        self.bodies = tuple(bodies)

    def set_hand(self, seat: int, hand: tuple[int, ...]) -> None:
        hands = list(self.hands)
        hands[seat] = hand
        self.hands = tuple(hands)

    def give(self, seat: int, kind: int) -> None:
        """Put a card of ``kind`` into ``seat``'s hand, keeping it sorted."""
        self.set_hand(seat, with_card(self.hands[seat], kind))

    def discard(self, seat: int, kind: int, hidden_by: int = SHOWN) -> None:
        """Remove one card of ``kind`` from the hand and put it under the deck.

        A used card has been shown to everyone (``SHOWN``); a card returned by a
        player who cannot play goes under unseen, known only to ``hidden_by``, so
        the others no longer know which of the cards they knew of is still there.
        """
        hands = list(self.hands)
        hand = list(hands[seat])
        hand.remove(kind)  # the first copy, as ``tuple.index`` finds it
        hands[seat] = tuple(hand)
        self.hands = tuple(hands)
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
        rows = list(self.status)
        rows[seat] = status
        self.status = tuple(rows)
        self.out_order = self.out_order + (seat,)
        hand = self.hands[seat]
        self.deck_bottom = self.deck_bottom + hand
        self.deck_bottom_hidden_by = self.deck_bottom_hidden_by + (seat,) * len(hand)
        self.set_hand(seat, ())
        self.known = forget_hand(self.known, seat)
        self.coma = without_seat(self.coma, seat)

    def infect(self, seat: int, slot: int) -> None:
        """Flip a body card to its infected side.

        "You are finished when you have an infected head."
        """
        self.set_slot(seat, slot, zombie_side(self.bodies[seat][slot]))
        if slot == HEAD and self.status[seat] is ALIVE:
            self.knock_out(seat, TURNED)


# ``Work.seal`` turns a ``Work`` into a ``State``: refuse at import a ``Work`` whose slots
# do not match the ``State`` fields (a field added to one and not the other).
expect_convertible(Work, State)


def with_card(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """The sorted ``hand`` with one card of ``kind`` added, in its place."""
    cards = list(hand)
    insort(cards, kind)
    return tuple(cards)


def game_finished(status: Sequence[Status], bonus_mode: bool) -> bool:
    """Whether the players still in end the game (the round cap aside).

    "The winner is the last player to keep the infection away from their head!"
    Bonus Game Mode: "Continue playing until all players are zombies!"
    """
    alive = status.count(ALIVE)
    return alive == 0 if bonus_mode else alive <= 1


def end_action(w: Work, self_flip: bool, short: int = -1) -> State:
    """After a card's effect: the user's own flip if due, then refill hands, next turn.

    ``short``: see :func:`refill`.
    """
    # ``game_finished(w.status, w.config.bonus_mode)``, written out: every action ends here.
    alive = w.status.count(ALIVE)
    if alive <= 1 and (not alive or not w.config.bonus_mode):
        w.phase = OVER
        w.xray_target = -1
        return w.seal()
    seat = w.turn
    if self_flip and w.status[seat] is ALIVE:
        choices = flip_choices(w.bodies[seat])
        if len(choices) > 1:
            w.phase = SELF_FLIP
            return w.seal()
        w.infect(seat, choices[0])
        if game_finished(w.status, w.config.bonus_mode):
            w.phase = OVER
            return w.seal()
    return refill(w, dealing=False, short=short)


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


def refill(w: Work, dealing: bool, short: int = -1) -> State:
    """Bring every hand back to three: "all players must have three cards in hand".

    Draws come off the unseen part of the deck first (chance); once it is used
    up, the top card is the oldest card put back under it (known to all, unless it
    went under unseen), so the draw is not chance, and whoever knew the card now
    knows it is in the drawer's hand. Seats fill in turn, from the one whose turn
    it is; the unseen part only ever shrinks, so once it is empty every short
    hand is filled from the bottom here, in one pass (and it is asked about once).
    Late in a game every move ends here with one card from the bottom, so the
    hands are rebuilt once and the common one-card draw skips the general loop.

    ``short`` (a seat, else ``-1``) is the caller's word that no other seat may be
    short of a full hand: a card used in ``PLAY``, where every hand still in is full
    (``checks.check_state``), leaves only its user's hand short. Then only that
    seat is looked at, which finds what the walk round the table would.
    """
    config = w.config
    size = config.hand_size
    players = config.players
    status = w.status
    hands = w.hands
    from_bottom = False
    for seat in _from_seat(players, w.turn) if short < 0 else (short,):
        hand = hands[seat]
        need = size - len(hand)
        if need <= 0 or status[seat] is not ALIVE:
            continue
        if w.deck_top:
            # Cards a look left on top come first, in the order they were put back.
            w.hands = hands
            hand = _from_top(w, seat, need)
            hands = w.hands
            need = size - len(hand)
            if need <= 0:
                continue
        if not from_bottom:
            if any(w.deck_unknown):
                w.phase = DEAL if dealing else DRAW
                return w.seal()
            from_bottom = True
        bottom, hidden_by = w.deck_bottom, w.deck_bottom_hidden_by
        if need == 1:
            kind, by = bottom[0], hidden_by[0]
            if by == SHOWN:
                w.known = seen_taken(w.known, seat, kind, players)
            elif by != seat:
                w.known = told_taken(w.known, seat, kind, by, players)
            cards = list(hand)  # ``with_card``, written out
            insort(cards, kind)
            hand = tuple(cards)
        else:
            known = w.known
            for i in range(need):
                by = hidden_by[i]
                if by == SHOWN:
                    known = seen_taken(known, seat, bottom[i], players)
                elif by != seat:
                    known = told_taken(known, seat, bottom[i], by, players)
            w.known = known
            hand = tuple(sorted(hand + bottom[:need]))
        rows = list(hands)  # as ``Work.set_hand`` does
        rows[seat] = hand
        hands = tuple(rows)
        w.deck_bottom = bottom[need:]
        w.deck_bottom_hidden_by = hidden_by[need:]
    w.hands = hands
    return start_turn(w) if dealing else next_turn(w)


def _from_top(w: Work, seat: int, need: int) -> tuple[int, ...]:
    """``seat`` takes up to ``need`` cards from the known top of the deck; its new hand.

    Whoever looked at a card (``deck_top_seen_by``) now knows it is in the drawer's
    hand, as with a card put under the deck unseen (``knowledge.told_taken``).
    """
    players = w.config.players
    taken = w.deck_top[:need]
    known = w.known
    for kind, by in zip(taken, w.deck_top_seen_by, strict=False):
        if by != seat:
            known = told_taken(known, seat, kind, by, players)
    w.known = known
    w.deck_top = w.deck_top[len(taken) :]
    w.deck_top_seen_by = w.deck_top_seen_by[len(taken) :]
    hand = tuple(sorted(w.hands[seat] + taken))
    w.set_hand(seat, hand)
    return hand


def next_turn(w: Work) -> State:
    """Pass the turn clockwise, counting rounds; the round cap ends the game here."""
    config = w.config
    new, wraps = _passing(config.players, config.first_player, w.turn, w.status, config.bonus_mode)
    if wraps:
        w.round += 1
    w.turn = new
    w.turns_taken += 1
    limit = config.round_limit
    if limit is not None and w.round >= limit:
        w.phase = OVER
        return w.seal()
    # ``start_turn(w)``, written out: nearly every move ends here.
    if w.coma:
        w.coma = without_seat(w.coma, new)
    w.xray_target = -1
    w.phase = PLAY if w.status[new] is ALIVE else ROLL
    w.__class__ = State  # type: ignore[assignment]  # ``w.seal()``, written out
    return w  # type: ignore[return-value]


def turn_after(config: Config, old: int, status: tuple[Status, ...]) -> tuple[int, bool]:
    """Whose turn follows ``old``'s, and whether passing it completes a round.

    A round ends each time the turn passes the first player's seat again (Ruling 10).
    """
    return _passing(config.players, config.first_player, old, status, config.bonus_mode)


@functools.lru_cache(maxsize=4096)
def _passing(
    players: int, first: int, old: int, status: tuple[Status, ...], bonus: bool
) -> tuple[int, bool]:
    """:func:`turn_after`, once per (seat, who is still in): a table sees few, every turn asks."""
    new = _next_seat(players, old, status, bonus)
    return new, (new - first) % players <= (old - first) % players


def caps_round(config: Config, round_now: int) -> bool:
    """Whether completing round ``round_now`` (counted from 0) reaches the round cap."""
    limit = config.round_limit
    return limit is not None and round_now + 1 >= limit


@functools.lru_cache(maxsize=1024)
def _next_seat(players: int, old: int, status: tuple[Status, ...], bonus: bool) -> int:
    """The seat whose turn comes after ``old``'s, once per (seat, who is still in): few recur.

    "The game continues clockwise, with the next player proceeding with their turn";
    in the Bonus Game Mode the zombies keep their turns. ``old`` itself when nobody
    else may play.
    """
    for i in range(1, players + 1):
        s = (old + i) % players
        if status[s] is ALIVE or (bonus and status[s] is TURNED):
            return s
    return old


def start_turn(w: Work) -> State:
    """Open the turn of seat ``w.turn``: a card to play, or a die to roll for a zombie."""
    seat = w.turn
    # Coma lasts "until your next turn".
    if w.coma:
        w.coma = without_seat(w.coma, seat)
    w.xray_target = -1
    # Bonus Game Mode: "When it is your turn again, roll the die."
    w.phase = PLAY if w.status[seat] is ALIVE else ROLL
    return w.seal()
