"""Zombie Doctor's transitions: legal moves, ``apply`` and chance.

Every rulebook sentence implemented here is quoted next to its code and cited by
a test in ``tests/zombie_doctor/``. Which cards are usable, and how, is decided
in one place, :func:`card_uses`, which both ``legal_moves`` and ``apply`` call.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.piles import put, take
from zombie_rules.core.result import Result
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    COMA,
    DEFIBRILLATOR,
    HEAD,
    LIMBS,
    MAD_SCIENTIST,
    MEDICINE,
    MISSING,
    MORGUE,
    SLOT_NAMES,
    TORSO,
    XRAY,
    card,
    character_of,
    is_healthy,
    is_infected,
    slot_word,
)
from zombie_rules.zombie_doctor.config import Config, morgue_kind, morgue_limb, tables
from zombie_rules.zombie_doctor.state import Action, Move, Phase, State, Status

ALIVE, TURNED, BEHEADED = Status.ALIVE, Status.TURNED, Status.BEHEADED
DIE_FACES = 6


def new_game(config: Config | None = None) -> State:
    """Bodies healthy side up, the deck shuffled, then three cards dealt to each player.

    "Each player takes three cards from the top of the pain or gain deck."
    """
    config = Config() if config is None else config
    t = tables(config)
    n = config.players
    state = State(
        config=config,
        phase=Phase.DEAL,
        turn=config.first_player,
        round=0,
        turns_taken=0,
        bodies=tuple((card(s, False),) * len(SLOT_NAMES) for s in range(n)),
        status=(ALIVE,) * n,
        out_order=(),
        hands=((),) * n,
        deck_unknown=t.copies,
        deck_bottom=(),
        morgue=(0,) * t.morgue_kinds,
        coma=0,
        xray_target=-1,
    )
    return _refill(_Work(state), dealing=True)


# ------------------------------------------------------------- card usability


@functools.lru_cache(maxsize=4096)
def flip_choices(body: tuple[int, ...]) -> tuple[int, ...]:
    """The slots the next flip may turn, in flip order.

    "The limbs, arms and legs, must be flipped (or removed) first, followed by the
    torso and finally the head": any healthy limb while one is left (a removed
    limb counts as done), then the torso, then the head.
    """
    limbs = tuple(p for p in LIMBS if is_healthy(body[p]))
    if limbs:
        return limbs
    if is_healthy(body[TORSO]):
        return (TORSO,)
    if is_healthy(body[HEAD]):
        return (HEAD,)
    return ()


def opponents(state: State, seat: int) -> list[int]:
    """The seats ``seat`` may use cards on: still in, and not in a Coma.

    Coma: "You are immune to all cards until your next turn." Turned and
    beheaded players are out of the card game (see the rulings).
    """
    status, coma = state.status, state.coma
    return [
        o
        for o in range(state.config.players)
        if o != seat and status[o] is ALIVE and not coma >> o & 1
    ]


def card_uses(state: State, seat: int, kind: int) -> tuple[tuple[int, ...], ...]:
    """Every way ``seat`` may use a card of ``kind`` now, as ``Move.args``; empty if unusable.

    This is the single definition of usability: a card is usable exactly when its
    effect can happen now, and ``legal_moves`` and ``apply`` both ask here.
    """
    t = tables(state.config)
    name = t.names[kind]
    body = state.bodies[seat]
    if name == MEDICINE:
        # "Cure one of your limbs ... You cannot heal a missing limb."
        return tuple((p,) for p in LIMBS if is_infected(body[p]))
    if name == DEFIBRILLATOR:
        # "Cure your torso of the infection"
        return ((),) if is_infected(body[TORSO]) else ()
    if name == COMA:
        return ((),)
    if name == MORGUE:
        # "Take a limb from the card box": possible while it holds one.
        return ((),) if any(state.morgue) else ()
    if name == AMPUTATE:
        # "You may only amputate an opponent's infected limb." / "If an opponent has
        # an infected torso, you may cut off their head using the Amputate card".
        uses: list[tuple[int, ...]] = []
        for o in opponents(state, seat):
            other = state.bodies[o]
            uses += [(o, p) for p in LIMBS if is_infected(other[p])]
            if is_infected(other[TORSO]):
                uses.append((o, HEAD))
        return tuple(uses)
    if name == XRAY:
        # "Look at all of an opponent's cards and take one."
        return tuple((o,) for o in opponents(state, seat) if state.hands[o])
    if name == MAD_SCIENTIST:
        # "Swap one of your infected limbs with a healthy limb of an opponent. A swap
        # can only take place with a matching limb."
        others = opponents(state, seat)
        return tuple(
            (o, p)
            for p in LIMBS
            if is_infected(body[p])
            for o in others
            if is_healthy(state.bodies[o][p])
        )
    custom = t.custom[kind]
    allowed = {seat, *opponents(state, seat)}
    targets = dict.fromkeys(int(x) for x in custom.targets(state, seat))
    return tuple((x,) for x in targets if x in allowed)


# ---------------------------------------------------------------- legal moves


@functools.lru_cache(maxsize=64)
def _draw_moves(config: Config) -> tuple[Move, ...]:
    return tuple(Move(CHANCE, Action.DRAW, name) for name in tables(config).names)


@functools.lru_cache(maxsize=64)
def _limb_moves(config: Config) -> tuple[Move, ...]:
    return tuple(
        Move(CHANCE, Action.LIMB, "", (c, slot, int(inf)))
        for c, slot, inf in map(morgue_limb, range(tables(config).morgue_kinds))
    )


_ROLL_MOVES = tuple(Move(CHANCE, Action.ROLL, "", (face,)) for face in range(1, DIE_FACES + 1))
_ROLL_WEIGHTS = (1,) * DIE_FACES


def _play_moves(state: State) -> tuple[Move, ...]:
    seat = state.turn
    names = tables(state.config).names
    kinds = sorted(set(state.hands[seat]))
    moves = [
        Move(seat, Action.USE, names[k], args) for k in kinds for args in card_uses(state, seat, k)
    ]
    if moves:
        return tuple(moves)
    # "If you cannot use any of your cards, you have the option to return one to the
    # bottom of the pain/gain deck and replace it with one taken from the top of the
    # deck. However, you must flip one of your limbs as a penalty"
    returns = ("", *(names[k] for k in kinds))
    return tuple(
        Move(seat, Action.STUCK, name, (p,))
        for p in flip_choices(state.bodies[seat])
        for name in returns
    )


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over."""
    phase = state.phase
    seat = state.turn
    if phase is Phase.PLAY:
        return _play_moves(state)
    if phase is Phase.XRAY:
        names = tables(state.config).names
        return tuple(
            Move(seat, Action.TAKE, names[k]) for k in sorted(set(state.hands[state.xray_target]))
        )
    if phase is Phase.SELF_FLIP:
        return tuple(Move(seat, Action.FLIP, "", (p,)) for p in flip_choices(state.bodies[seat]))
    if phase is Phase.BITE:
        return tuple(
            Move(seat, Action.BITE, "", (v, p))
            for v in range(state.config.players)
            if state.status[v] is ALIVE
            for p in flip_choices(state.bodies[v])
        )
    if phase is Phase.OVER:
        return ()
    moves, _ = chance_weights(state)
    return tuple(moves)


def to_act(state: State) -> frozenset[int]:
    """Who may act: the seat whose turn it is, chance, or nobody once the game is over."""
    phase = state.phase
    if phase in _SEAT_PHASES:
        return frozenset((state.turn,))
    if phase is Phase.OVER:
        return frozenset()
    return _CHANCE_ONLY


_SEAT_PHASES = frozenset((Phase.PLAY, Phase.XRAY, Phase.SELF_FLIP, Phase.BITE))
_CHANCE_ONLY = frozenset((CHANCE,))


def chance_weights(state: State) -> tuple[Sequence[Move], Sequence[int]]:
    """The chance node: a deck draw, a morgue draw or a die roll, with integer weights."""
    phase = state.phase
    if phase is Phase.DEAL or phase is Phase.DRAW:
        return _nonzero(_draw_moves(state.config), state.deck_unknown)
    if phase is Phase.MORGUE:
        return _nonzero(_limb_moves(state.config), state.morgue)
    if phase is Phase.ROLL:
        return _ROLL_MOVES, _ROLL_WEIGHTS
    return (), ()


def _nonzero(
    moves: tuple[Move, ...], counts: tuple[int, ...]
) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    return (
        tuple(m for m, n in zip(moves, counts, strict=True) if n),
        tuple(n for n in counts if n),
    )


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Exact probabilities of the chance node; empty when a seat is to act."""
    moves, weights = chance_weights(state)
    return outcomes_from_weights(moves, weights) if moves else ()


# ---------------------------------------------------------------------- apply


class _Work:
    """A mutable copy of a state for building the next one inside one ``apply``."""

    __slots__ = (
        "bodies", "coma", "config", "deck_bottom", "deck_unknown", "hands", "morgue",
        "out_order", "phase", "round", "status", "turn", "turns_taken", "xray_target",
    )  # fmt: skip

    def __init__(self, s: State) -> None:
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
        self.morgue = s.morgue
        self.coma = s.coma
        self.xray_target = s.xray_target

    def state(self) -> State:
        return State(
            self.config, self.phase, self.turn, self.round, self.turns_taken,
            tuple(self.bodies), tuple(self.status), self.out_order, tuple(self.hands),
            self.deck_unknown, self.deck_bottom, self.morgue, self.coma, self.xray_target,
        )  # fmt: skip

    def set_slot(self, seat: int, slot: int, code: int) -> None:
        body = self.bodies[seat]
        self.bodies[seat] = body[:slot] + (code,) + body[slot + 1 :]

    def give(self, seat: int, kind: int) -> None:
        self.hands[seat] = tuple(sorted(self.hands[seat] + (kind,)))

    def discard(self, seat: int, kind: int) -> None:
        """Remove one card of ``kind`` from the hand and put it under the deck, face up."""
        hand = self.hands[seat]
        i = hand.index(kind)
        self.hands[seat] = hand[:i] + hand[i + 1 :]
        self.deck_bottom = self.deck_bottom + (kind,)

    def knock_out(self, seat: int, status: Status) -> None:
        """A player turns or loses their head: out, hand shown and put under the deck."""
        self.status[seat] = status
        self.out_order = self.out_order + (seat,)
        self.deck_bottom = self.deck_bottom + self.hands[seat]
        self.hands[seat] = ()
        self.coma &= ~(1 << seat)

    def infect(self, seat: int, slot: int) -> None:
        """Flip a body card to its infected side.

        "You are finished when you have an infected head."
        """
        self.set_slot(seat, slot, self.bodies[seat][slot] | 1)
        if slot == HEAD and self.status[seat] is ALIVE:
            self.knock_out(seat, TURNED)

    def finished(self) -> bool:
        alive = self.status.count(ALIVE)
        # "The winner is the last player to keep the infection away from their head!"
        # Bonus Game Mode: "Continue playing until all players are zombies!"
        return alive == 0 if self.config.bonus_mode else alive <= 1


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` and changes nothing if illegal."""
    handler = _HANDLERS.get(state.phase)
    if handler is None:
        raise IllegalMove(f"{move}: the game is over; no move is legal")
    return handler(state, move)


def _expect(state: State, move: Move, actor: int, *actions: Action) -> None:
    if move.seat != actor:
        who = "chance" if actor == CHANCE else f"seat {actor}"
        raise IllegalMove(f"{move}: it is {who}'s move ({state.phase.name.lower()} phase)")
    if move.action not in actions:
        legal = " or ".join(repr(a.value) for a in actions)
        raise IllegalMove(
            f"{move}: cannot {move.action.value!r} in the {state.phase.name.lower()} phase;"
            f" legal: {legal}"
        )


def _kind_in_hand(state: State, move: Move, seat: int, what: str) -> int:
    t = tables(state.config)
    kind = t.index.get(move.card, -1)
    if kind < 0 or kind not in state.hands[seat]:
        held = ", ".join(t.names[k] for k in sorted(set(state.hands[seat]))) or "nothing"
        raise IllegalMove(f"{move}: {what} holds no {move.card or 'card'!r}; it holds {held}")
    return kind


def _play(state: State, move: Move) -> State:
    # "The chosen player must use one and only one of their three pain or gain cards."
    seat = state.turn
    _expect(state, move, seat, Action.USE, Action.STUCK)
    if move.action is Action.STUCK:
        return _stuck(state, move)
    kind = _kind_in_hand(state, move, seat, "your hand")
    uses = card_uses(state, seat, kind)
    if move.args not in uses:
        if not uses:
            raise IllegalMove(f"{move}: {move.card} cannot be used now (its effect cannot happen)")
        shown = ", ".join(str(Move(seat, Action.USE, move.card, a)) for a in uses)
        raise IllegalMove(f"{move}: not a way to use {move.card} now; legal: {shown}")
    w = _Work(state)
    # "Once a card has been used, it must be returned to the bottom of the pain/gain deck"
    w.discard(seat, kind)
    name = move.card
    args = move.args
    if name == AMPUTATE:
        target, slot = args
        if slot == HEAD:
            # "you may cut off their head using the Amputate card, ending the game and
            # their suffering."
            w.knock_out(target, BEHEADED)
        else:
            # "Removed limbs should be placed in the card box, aka the morgue."
            code = w.bodies[target][slot]
            w.set_slot(target, slot, MISSING)
            w.morgue = put(w.morgue, morgue_kind(character_of(code), slot, True))
        # "Only the Amputate and X-Ray cards require you to flip one of your cards at
        # the end of your turn."
        return _end_action(w, self_flip=True)
    if name == XRAY:
        # "The opponent must reveal them only to you."
        w.phase = Phase.XRAY
        w.xray_target = args[0]
        return w.state()
    if name == MAD_SCIENTIST:
        target, slot = args
        mine, theirs = w.bodies[seat][slot], w.bodies[target][slot]
        w.set_slot(seat, slot, theirs)
        w.set_slot(target, slot, mine)
    elif name == COMA:
        # "Sleep for one round. You are immune to all cards until your next turn."
        w.coma |= 1 << seat
    elif name == MEDICINE:
        w.set_slot(seat, args[0], w.bodies[seat][args[0]] & ~1)
    elif name == DEFIBRILLATOR:
        w.set_slot(seat, TORSO, w.bodies[seat][TORSO] & ~1)
    elif name == MORGUE:
        # "Do not look into the box when taking a card.": a chance draw.
        w.phase = Phase.MORGUE
        return w.state()
    else:
        custom = tables(state.config).custom[kind]
        _custom_effect(w, state, seat, args[0], custom.name, custom.effect(state, seat, args[0]))
        return _end_action(w, self_flip=custom.self_flip)
    return _end_action(w, self_flip=False)


def _custom_effect(
    w: _Work, state: State, seat: int, target: int, name: str, bodies: object
) -> None:
    """Check a custom card's new bodies and put them on the table."""
    n = state.config.players
    ok = (
        isinstance(bodies, tuple)
        and len(bodies) == n
        and all(
            isinstance(b, tuple) and len(b) == len(SLOT_NAMES) and all(type(c) is int for c in b)
            for b in bodies
        )
    )
    if not ok:
        raise InvalidConfig(
            "custom_cards", f"{name}: effect must return one tuple of six ints per seat"
        )
    new: tuple[tuple[int, ...], ...] = bodies  # type: ignore[assignment]
    if any(new[s] != state.bodies[s] for s in range(n) if s not in (seat, target)):
        raise InvalidConfig("custom_cards", f"{name}: effect changed a body it was not used on")

    def cards(rows: tuple[tuple[int, ...], ...]) -> Counter[tuple[int, int]]:
        return Counter((c >> 1, p) for b in rows for p, c in enumerate(b) if c != MISSING)

    if cards(new) != cards(state.bodies) or any(new[s][HEAD] == MISSING for s in range(n)):
        raise InvalidConfig(
            "custom_cards",
            f"{name}: effect must keep every body card on the table, each in its own slot",
        )
    for s in sorted({seat, target}):
        w.bodies[s] = new[s]
        if is_infected(new[s][HEAD]) and w.status[s] is ALIVE:
            w.knock_out(s, TURNED)


def _stuck(state: State, move: Move) -> State:
    seat = state.turn
    hand = state.hands[seat]
    names = tables(state.config).names
    usable = [names[k] for k in sorted(set(hand)) if card_uses(state, seat, k)]
    if usable:
        raise IllegalMove(
            f"{move}: you can use {', '.join(usable)}, so you must ('use ...'); the penalty"
            " flip is only for a player who cannot use any card"
        )
    choices = flip_choices(state.bodies[seat])
    if len(move.args) != 1 or move.args[0] not in choices:
        raise IllegalMove(
            f"{move}: the penalty flip must follow the flip order; legal slots:"
            f" {', '.join(slot_word(p) for p in choices)}"
        )
    w = _Work(state)
    if move.card:
        kind = _kind_in_hand(state, move, seat, "your hand")
        w.discard(seat, kind)
    w.infect(seat, move.args[0])
    return _end_action(w, self_flip=False)


def _take(state: State, move: Move) -> State:
    # X-Ray: "Look at all of an opponent's cards and take one."
    seat = state.turn
    _expect(state, move, seat, Action.TAKE)
    if move.args:
        raise IllegalMove(f"{move}: 'take' names a card only")
    target = state.xray_target
    kind = _kind_in_hand(state, move, target, f"seat {target}")
    w = _Work(state)
    hand = w.hands[target]
    i = hand.index(kind)
    w.hands[target] = hand[:i] + hand[i + 1 :]
    w.give(seat, kind)
    w.xray_target = -1
    return _end_action(w, self_flip=True)


def _self_flip(state: State, move: Move) -> State:
    seat = state.turn
    _expect(state, move, seat, Action.FLIP)
    choices = flip_choices(state.bodies[seat])
    if len(move.args) != 1 or move.args[0] not in choices:
        raise IllegalMove(
            f"{move}: flip in flip order; legal slots: {', '.join(slot_word(p) for p in choices)}"
        )
    w = _Work(state)
    w.infect(seat, move.args[0])
    return _end_action(w, self_flip=False)


def _morgue(state: State, move: Move) -> State:
    _expect(state, move, CHANCE, Action.LIMB)
    kinds = tables(state.config).morgue_kinds
    args = move.args
    k = -1
    if len(args) == 3 and 0 <= args[0] < state.config.players and args[1] in LIMBS:
        k = morgue_kind(args[0], args[1], bool(args[2])) if args[2] in (0, 1) else -1
    if not 0 <= k < kinds or not state.morgue[k]:
        raise IllegalMove(f"{move}: no such limb in the morgue")
    seat, slot, infected = state.turn, args[1], bool(args[2])
    w = _Work(state)
    w.morgue = take(state.morgue, k)
    drawn = card(args[0], infected)
    current = w.bodies[seat][slot]
    if current == MISSING:
        # The limb is attached to the empty slot, side up as drawn: "If the limb you
        # draw is infected, it must stay that way."
        w.set_slot(seat, slot, drawn)
    elif infected != is_infected(current):
        # "If the limb you draw is infected and matches a healthy limb of yours, the
        # healthy limb must be removed and the infected limb attached." A healthy
        # limb replaces a matching infected one the same way (ruling); the replaced
        # limb goes into the morgue.
        w.set_slot(seat, slot, drawn)
        w.morgue = put(w.morgue, morgue_kind(character_of(current), slot, not infected))
    else:
        # Same side as the limb you have: it goes back into the box (ruling).
        w.morgue = put(w.morgue, k)
    return _end_action(w, self_flip=False)


def _draw(state: State, move: Move) -> State:
    _expect(state, move, CHANCE, Action.DRAW)
    t = tables(state.config)
    kind = t.index.get(move.card, -1)
    if move.args or kind < 0 or not state.deck_unknown[kind]:
        present = [n for n, c in zip(t.names, state.deck_unknown, strict=True) if c]
        raise IllegalMove(
            f"{move}: no such card in the unseen part of the deck; it holds {present}"
        )
    w = _Work(state)
    seat = _short_seat(w)
    w.deck_unknown = take(state.deck_unknown, kind)
    w.give(seat, kind)
    return _refill(w, dealing=state.phase is Phase.DEAL)


def _roll(state: State, move: Move) -> State:
    _expect(state, move, CHANCE, Action.ROLL)
    if len(move.args) != 1 or not 1 <= move.args[0] <= DIE_FACES:
        raise IllegalMove(f"{move}: a die shows 1-{DIE_FACES}")
    w = _Work(state)
    if move.args[0] % 2 == 0:
        # "If you roll an even number, you may bite an opponent of your choice."
        w.phase = Phase.BITE
        return w.state()
    # "If you roll an odd number, your victim has managed to escape and your turn ends."
    return _next_turn(w)


def _bite(state: State, move: Move) -> State:
    # "You must flip their limb so that it becomes infected. Your turn ends."
    _expect(state, move, state.turn, Action.BITE)
    ok = (
        len(move.args) == 2
        and 0 <= move.args[0] < state.config.players
        and state.status[move.args[0]] is ALIVE
        and move.args[1] in flip_choices(state.bodies[move.args[0]])
    )
    if not ok:
        shown = ", ".join(str(m) for m in legal_moves(state))
        raise IllegalMove(f"{move}: bite a player still in, in flip order; legal: {shown}")
    w = _Work(state)
    w.infect(move.args[0], move.args[1])
    return _end_action(w, self_flip=False)


# ----------------------------------------------------------- turn bookkeeping


def _end_action(w: _Work, self_flip: bool) -> State:
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
    return _refill(w, dealing=False)


def _short_seat(w: _Work) -> int:
    n = w.config.players
    size = w.config.hand_size
    for i in range(n):
        s = (w.turn + i) % n
        if w.status[s] is ALIVE and len(w.hands[s]) < size:
            return s
    return -1


def _refill(w: _Work, dealing: bool) -> State:
    """Bring every hand back to three: "all players must have three cards in hand".

    Draws come off the unseen part of the deck first (chance); once it is used
    up, the top card is the oldest card put back under it, known to all.
    """
    while True:
        seat = _short_seat(w)
        if seat < 0:
            return _start_turn(w) if dealing else _next_turn(w)
        if any(w.deck_unknown):
            w.phase = Phase.DEAL if dealing else Phase.DRAW
            return w.state()
        w.give(seat, w.deck_bottom[0])
        w.deck_bottom = w.deck_bottom[1:]


def _next_turn(w: _Work) -> State:
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
    return _start_turn(w)


def _start_turn(w: _Work) -> State:
    seat = w.turn
    # Coma lasts "until your next turn".
    w.coma &= ~(1 << seat)
    w.xray_target = -1
    # Bonus Game Mode: "When it is your turn again, roll the die."
    w.phase = Phase.PLAY if w.status[seat] is ALIVE else Phase.ROLL
    return w.state()


_HANDLERS = {
    Phase.DEAL: _draw,
    Phase.PLAY: _play,
    Phase.XRAY: _take,
    Phase.SELF_FLIP: _self_flip,
    Phase.MORGUE: _morgue,
    Phase.DRAW: _draw,
    Phase.ROLL: _roll,
    Phase.BITE: _bite,
}


# --------------------------------------------------------------------- result


def health(body: tuple[int, ...]) -> int:
    """Healthy body cards on the table: the round-cap tiebreak."""
    return sum(1 for code in body if is_healthy(code))


def result(state: State) -> Result | None:
    """Places by when players turned; the last player with a healthy head wins.

    ``scores[s]`` is how many players ``s`` outlasted (higher is better).
    """
    if state.phase is not Phase.OVER:
        return None
    n = state.config.players
    scores = [0] * n
    for place, seat in enumerate(state.out_order):
        scores[seat] = place
    survivors = [s for s in range(n) if state.status[s] is ALIVE]
    out = len(state.out_order)
    if not survivors:
        last = state.out_order[-1]
        scores[last] = n - 1
        return Result(frozenset((last,)), tuple(scores), f"seat {last} was the last to turn")
    if len(survivors) == 1:
        (winner,) = survivors
        scores[winner] = n - 1
        return Result(
            frozenset(survivors),
            tuple(scores),
            f"seat {winner} is the last player without an infected head",
        )
    # Round cap: survivors ranked by healthy body cards (see the rulings).
    healthy = {s: health(state.bodies[s]) for s in survivors}
    for s in survivors:
        scores[s] = out + sum(1 for o in survivors if healthy[o] < healthy[s])
    best = max(healthy.values())
    winners = frozenset(s for s in survivors if healthy[s] == best)
    reason = (
        f"round limit ({state.round} rounds) reached; most healthy body cards ({best}):"
        f" seat{'s' if len(winners) > 1 else ''} {', '.join(map(str, sorted(winners)))}"
    )
    return Result(winners, tuple(scores), reason)
