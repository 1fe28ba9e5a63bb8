"""Zombie Doctor's public protocol: ``new_game``, legal moves, chance, ``apply``, ``result``.

This module is the front door and the referee: it lists the legal moves of each
phase and, in ``apply``, checks a move against the same definitions before
anything changes, raising ``IllegalMove`` that says what would be legal. The
rest lives in one-job modules so each stays small and reviewable:

- ``usability``: when and how each card can be used (:func:`card_uses`, the one
  place both ``legal_moves`` and ``apply`` ask), the flip order and targets;
- ``effects``: what each card, built-in or custom, does once used;
- ``turns``: the bookkeeping after every action (own flip, refill, next turn).

Every rulebook sentence implemented is quoted next to its code and cited by a
test in ``tests/zombie_doctor/``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from fractions import Fraction

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights, present
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.memo import remember_last
from zombie_rules.core.piles import take
from zombie_rules.core.result import Result
from zombie_rules.core.validation import expect_move, expect_well_formed, short
from zombie_rules.zombie_doctor.cards import LIMBS, SLOT_NAMES, card, is_healthy, slot_word
from zombie_rules.zombie_doctor.config import Config, Tables, morgue_kind, morgue_limb, tables
from zombie_rules.zombie_doctor.custom_effects import arrange, look_at, orders
from zombie_rules.zombie_doctor.effects import morgue_attach, use_card, xray_take
from zombie_rules.zombie_doctor.state import Action, Move, Phase, State, Status, said
from zombie_rules.zombie_doctor.turns import Work, end_action, next_turn, refill, short_seat
from zombie_rules.zombie_doctor.usability import (
    Plays,
    card_uses,
    flip_choices,
    opponents,
    plays_of,
)

__all__ = [
    "DIE_FACES",
    "apply",
    "card_uses",
    "chance_outcomes",
    "chance_weights",
    "flip_choices",
    "health",
    "legal_moves",
    "new_game",
    "opponents",
    "result",
    "to_act",
]

ALIVE = Status.ALIVE
DIE_FACES = 6
# Enum members as module globals: CPython 3.11 reads ``Action.USE`` through the enum
# metaclass, and every ``apply`` reads one or two.
_USE, _STUCK, _TAKE, _FLIP, _LIMB, _DRAW_CARD, _ROLL_DIE, _BITE_MOVE, _PASS, _ORDER = (
    Action.USE, Action.STUCK, Action.TAKE, Action.FLIP, Action.LIMB,
    Action.DRAW, Action.ROLL, Action.BITE, Action.PASS, Action.ORDER,
)  # fmt: skip
_DEAL, _PLAY, _XRAY, _SELF_FLIP, _MORGUE, _DRAW, _ROLL, _BITE, _OVER, _LOOK, _ARRANGE = (
    Phase.DEAL, Phase.PLAY, Phase.XRAY, Phase.SELF_FLIP, Phase.MORGUE,
    Phase.DRAW, Phase.ROLL, Phase.BITE, Phase.OVER, Phase.LOOK, Phase.ARRANGE,
)  # fmt: skip


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
        deck_bottom_hidden_by=(),
        morgue=(0,) * t.morgue_kinds,
        coma=0,
        xray_target=-1,
    )
    return refill(Work(state), dealing=True)


# ---------------------------------------------------------------- legal moves


@functools.lru_cache(maxsize=64)
def _all_draw_moves(config: Config) -> tuple[Move, ...]:
    return tuple(Move(CHANCE, Action.DRAW, name) for name in tables(config).names)


#: The deck draws of a config. Every deal and draw step asks, always about the same
#: config, so it is answered by identity first (even a cached hash is a Python call).
_draw_moves = remember_last(_all_draw_moves)


@functools.lru_cache(maxsize=64)
def _all_limb_moves(config: Config) -> tuple[Move, ...]:
    return tuple(
        Move(CHANCE, Action.LIMB, "", (c, slot, int(inf)))
        for c, slot, inf in map(morgue_limb, range(tables(config).morgue_kinds))
    )


#: The morgue draws of a config, answered by identity first like ``_draw_moves``.
_limb_moves = remember_last(_all_limb_moves)


_ROLL_MOVES = tuple(Move(CHANCE, Action.ROLL, "", (face,)) for face in range(1, DIE_FACES + 1))
_ROLL_WEIGHTS = (1,) * DIE_FACES


#: ``(state, plays, tables)``: the ``turn_plays`` of the state ``legal_moves`` listed
#: last (a ``PLAY`` state), with its config's tables. ``apply`` then checks the chosen
#: move against the same state: finding it here (by identity, as
#: ``core.memo.remember_last`` does, but read in place, without a call) saves asking
#: the same question again. One entry, replaced whole; callers only read the mapping.
_last_plays: tuple[State | None, dict[int, Plays], Tables] = (None, {}, tables(Config()))


def _hand_plays(state: State) -> dict[int, Plays]:
    """``turn_plays(state)``, remembered for ``apply`` (see ``_last_plays``)."""
    global _last_plays
    last = _last_plays
    if last[0] is state:
        return last[1]
    t = tables(state.config)
    plays = plays_of(state, state.turn, dict.fromkeys(state.hands[state.turn]), t)
    _last_plays = (state, plays, t)
    return plays


def _stuck_moves_of(state: State, plays: dict[int, Plays]) -> tuple[Move, ...]:
    """The moves of a player who can use none of the cards in ``plays`` (its hand)."""
    names = tables(state.config).names
    seat = state.turn
    # "If you cannot use any of your cards, you have the option to return one to the
    # bottom of the pain/gain deck and replace it with one taken from the top of the
    # deck. However, you must flip one of your limbs as a penalty"
    returns = ("", *(names[k] for k in plays))
    return _stuck_moves(seat, flip_choices(state.bodies[seat]), returns)


# The moves of the other seat phases, built once per (seat, choices): the few
# combinations recur in every game, and a fresh ``Move`` costs an attrs ``__init__``.


@functools.lru_cache(maxsize=4096)
def _stuck_moves(seat: int, slots: tuple[int, ...], returns: tuple[str, ...]) -> tuple[Move, ...]:
    return tuple(Move(seat, Action.STUCK, name, (p,)) for p in slots for name in returns)


@functools.lru_cache(maxsize=4096)
def _take_moves(seat: int, names: tuple[str, ...]) -> tuple[Move, ...]:
    return tuple(Move(seat, Action.TAKE, name) for name in names)


@functools.lru_cache(maxsize=4096)
def _flip_moves(seat: int, slots: tuple[int, ...]) -> tuple[Move, ...]:
    return tuple(Move(seat, Action.FLIP, "", (p,)) for p in slots)


@functools.lru_cache(maxsize=64)
def _order_moves(seat: int, look: int) -> tuple[Move, ...]:
    # Every order is listed, whatever the cards: equal cards give equal decks, but the
    # list must not tell anyone (a spectator too) that two of the cards are alike.
    return tuple(Move(seat, Action.ORDER, "", order) for order in orders(look))


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over."""
    phase = state.phase
    seat = state.turn
    if phase is _PLAY:
        # Every use of every card in hand; written out here, as every turn of a playout asks.
        last = _last_plays
        plays = last[1] if last[0] is state else _hand_plays(state)
        moves: tuple[Move, ...] = ()
        for _, kind_moves in plays.values():
            moves += kind_moves
        return moves or _stuck_moves_of(state, plays)
    if phase is _XRAY:
        names = tables(state.config).names
        return _take_moves(
            seat, tuple([names[k] for k in sorted(set(state.hands[state.xray_target]))])
        )
    if phase is _SELF_FLIP:
        return _flip_moves(seat, flip_choices(state.bodies[seat]))
    if phase is _BITE:
        # "you may bite an opponent of your choice": biting is optional.
        bites = tuple(
            Move(seat, _BITE_MOVE, "", (v, p))
            for v in range(state.config.players)
            if state.status[v] is ALIVE
            for p in flip_choices(state.bodies[v])
        )
        return (*bites, Move(seat, _PASS))
    if phase is _ARRANGE:
        return _order_moves(seat, state.look)
    if phase is _OVER:
        return ()
    outcomes, _ = chance_weights(state)
    return tuple(outcomes)


def to_act(state: State) -> frozenset[int]:
    """Who may act: the seat whose turn it is, chance, or nobody once the game is over."""
    actors = _ACTORS[state.phase]
    return _alone(state.turn) if actors is None else actors


_SEAT_PHASES = frozenset((Phase.PLAY, Phase.XRAY, Phase.SELF_FLIP, Phase.BITE, Phase.ARRANGE))
_CHANCE_ONLY = frozenset((CHANCE,))
#: ``to_act`` by phase number: ``None`` where the seat whose turn it is acts.
_ACTORS: tuple[frozenset[int] | None, ...] = tuple(
    None if phase in _SEAT_PHASES else frozenset() if phase is _OVER else _CHANCE_ONLY
    for phase in Phase
)


@functools.cache
def _alone(seat: int) -> frozenset[int]:
    """``{seat}``, built once per seat."""
    return frozenset((seat,))


def chance_weights(state: State) -> tuple[Sequence[Move], Sequence[int]]:
    """The chance node: a deck draw, a morgue draw or a die roll, with integer weights.

    Not memoized: answering is a phase test and :func:`~zombie_rules.core.chance.present`,
    which costs less than a memo's lookup at the chance nodes a playout samples once.
    """
    phase = state.phase
    if phase is _DEAL or phase is _DRAW or phase is _LOOK:
        return present(_draw_moves(state.config), state.deck_unknown)
    if phase is _MORGUE:
        return present(_limb_moves(state.config), state.morgue)
    if phase is _ROLL:
        return _ROLL_MOVES, _ROLL_WEIGHTS
    return (), ()


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Exact probabilities of the chance node; empty when a seat is to act."""
    moves, weights = chance_weights(state)
    return outcomes_from_weights(moves, weights) if moves else ()


# ---------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` and changes nothing if illegal."""
    # ``expect_well_formed`` refuses a move of the wrong shape (``seat=1.0``, a list
    # of args) before any handler can store it. These few identity checks say the
    # same for a well-formed move at a fifth of the cost, and ``apply`` runs
    # millions of times; ``tests/zombie_doctor/test_zombie_doctor_hostile.py``
    # checks that they agree with ``expect_well_formed``.
    if (
        type(move) is not Move
        or type(move.seat) is not int
        or type(move.action) is not Action
        or type(move.card) is not str
        or type(move.args) is not tuple
    ):
        expect_well_formed(move, Move)
    for a in move.args:
        if type(a) is not int:
            expect_well_formed(move, Move)
    handler = _HANDLERS[state.phase]
    if handler is None:
        raise IllegalMove(f"{said(move)}: the game is over; no move is legal")
    return handler(state, move)


def _expect(state: State, move: Move, actor: int, *actions: Action) -> None:
    # The comparisons first: a legal move costs no call into the shared refusal.
    if move.seat != actor or move.action not in actions:
        expect_move(move, actor, actions, state.phase.name.lower())


def _kind_in_hand(state: State, move: Move, seat: int, what: str = "") -> int:
    """The kind ``move`` names, if ``seat`` holds one; ``what`` names the hand (default
    ``seat N``, worded only for a refusal: an X-Ray's take asks every time)."""
    t = tables(state.config)
    kind = t.index.get(move.card, -1)
    if kind < 0 or kind not in state.hands[seat]:
        held = ", ".join(t.names[k] for k in sorted(set(state.hands[seat]))) or "nothing"
        raise IllegalMove(
            f"{said(move)}: {what or f'seat {seat}'} holds no {short(move.card or 'card', 30)};"
            f" it holds {held}"
        )
    return kind


def _play(state: State, move: Move) -> State:
    # "The chosen player must use one and only one of their three pain or gain cards."
    seat = state.turn
    action = move.action
    if action is _STUCK:
        _expect(state, move, seat, _USE, _STUCK)
        return _stuck(state, move)
    if move.seat != seat or action is not _USE:
        expect_move(move, seat, (_USE, _STUCK), "play")
    last = _last_plays  # by legal_moves, just before, in a playout
    if last[0] is state:
        listed: dict[int, Plays] | None = last[1]
        kind = last[2].index.get(move.card, -1)
    else:
        listed = None
        kind = tables(state.config).index.get(move.card, -1)
    if listed is None or kind not in listed:
        # Not listed for this state, or not a kind in the hand: ask (and refuse) in full.
        kind = _kind_in_hand(state, move, seat, "your hand")
        uses = card_uses(state, seat, kind) if listed is None else listed[kind][0]
    else:
        uses = listed[kind][0]
    if move.args not in uses:
        if not uses:
            raise IllegalMove(
                f"{said(move)}: {move.card} cannot be used now (its effect cannot happen)"
            )
        shown = ", ".join(str(Move(seat, Action.USE, move.card, a)) for a in uses)
        raise IllegalMove(f"{said(move)}: not a way to use {move.card} now; legal: {shown}")
    return use_card(state, seat, kind, move.args, move.card)


def _stuck(state: State, move: Move) -> State:
    seat = state.turn
    names = tables(state.config).names
    usable = [names[k] for k, (uses, _) in _hand_plays(state).items() if uses]
    if usable:
        raise IllegalMove(
            f"{said(move)}: you can use {', '.join(usable)}, so you must ('use ...'); the penalty"
            " flip is only for a player who cannot use any card"
        )
    choices = flip_choices(state.bodies[seat])
    if len(move.args) != 1 or move.args[0] not in choices:
        raise IllegalMove(
            f"{said(move)}: the penalty flip must follow the flip order; legal slots:"
            f" {', '.join(slot_word(p) for p in choices)}"
        )
    w = Work(state)
    if move.card:
        kind = _kind_in_hand(state, move, seat, "your hand")
        # Returned unseen: "do not show them to your opponents" (Ruling 6).
        w.discard(seat, kind, hidden_by=seat)
    w.infect(seat, move.args[0])
    # Every hand still in was full (``PLAY``): only this one may be short now.
    return end_action(w, self_flip=False, short=seat)


def _take(state: State, move: Move) -> State:
    # X-Ray: "Look at all of an opponent's cards and take one."
    seat = state.turn
    _expect(state, move, seat, _TAKE)
    if move.args:
        raise IllegalMove(f"{said(move)}: 'take' names a card only")
    target = state.xray_target
    kind = _kind_in_hand(state, move, target)
    return xray_take(state, kind)


def _self_flip(state: State, move: Move) -> State:
    seat = state.turn
    _expect(state, move, seat, _FLIP)
    choices = flip_choices(state.bodies[seat])
    if len(move.args) != 1 or move.args[0] not in choices:
        raise IllegalMove(
            f"{said(move)}: flip in flip order; legal slots:"
            f" {', '.join(slot_word(p) for p in choices)}"
        )
    w = Work(state)
    w.infect(seat, move.args[0])
    return end_action(w, self_flip=False)


def _morgue(state: State, move: Move) -> State:
    _expect(state, move, CHANCE, _LIMB)
    kinds = tables(state.config).morgue_kinds
    args = move.args
    k = -1
    if len(args) == 3 and 0 <= args[0] < state.config.players and args[1] in LIMBS:
        k = morgue_kind(args[0], args[1], bool(args[2])) if args[2] in (0, 1) else -1
    if not 0 <= k < kinds or not state.morgue[k]:
        held = ", ".join(str(m).removeprefix("chance: limb ") for m in legal_moves(state))
        raise IllegalMove(f"{said(move)}: no such limb in the morgue; it holds {held}")
    return morgue_attach(state, k, args[0], args[1], bool(args[2]))


def _unseen_kind(state: State, move: Move) -> int:
    """The kind a chance draw names, refused unless the unseen part of the deck holds it."""
    _expect(state, move, CHANCE, _DRAW_CARD)
    t = tables(state.config)
    kind = t.index.get(move.card, -1)
    if move.args or kind < 0 or not state.deck_unknown[kind]:
        present = ", ".join(n for n, c in zip(t.names, state.deck_unknown, strict=True) if c)
        raise IllegalMove(
            f"{said(move)}: no such card in the unseen part of the deck; it holds {present}"
        )
    return kind


def _draw(state: State, move: Move) -> State:
    kind = _unseen_kind(state, move)
    w = Work(state)
    seat = short_seat(w)
    w.deck_unknown = take(state.deck_unknown, kind)
    w.give(seat, kind)
    dealing = state.phase is _DEAL
    if len(w.hands[seat]) < state.config.hand_size and any(w.deck_unknown):
        # ``refill`` would stop at this same seat (still the first short one) and
        # ask chance again: say so without walking the seats (two deal steps in three).
        return w.seal()
    return refill(w, dealing=dealing)


def _look(state: State, move: Move) -> State:
    # A custom card's look: the next card from the unseen part, seen by the user alone.
    return look_at(state, _unseen_kind(state, move))


def _order(state: State, move: Move) -> State:
    # "Put them back in any order": a custom card's follow-up choice.
    _expect(state, move, state.turn, _ORDER)
    if move.card or tuple(sorted(move.args)) != tuple(range(state.look)):
        positions = " ".join(map(str, range(state.look)))
        raise IllegalMove(
            f"{said(move)}: name each of the {state.look} cards you looked at once, by its"
            f" position now (0 is the top), in the order they go back, top first: for"
            f" example 'order {positions}' keeps them as they are"
        )
    return arrange(state, move.args)


def _roll(state: State, move: Move) -> State:
    _expect(state, move, CHANCE, _ROLL_DIE)
    if len(move.args) != 1 or not 1 <= move.args[0] <= DIE_FACES:
        raise IllegalMove(f"{said(move)}: a die shows 1-{DIE_FACES}")
    w = Work(state)
    if move.args[0] % 2 == 0:
        # "If you roll an even number, you may bite an opponent of your choice."
        w.phase = _BITE
        return w.seal()
    # "If you roll an odd number, your victim has managed to escape and your turn ends."
    return next_turn(w)


def _bite(state: State, move: Move) -> State:
    # "You must flip their limb so that it becomes infected. Your turn ends."
    _expect(state, move, state.turn, _BITE_MOVE, _PASS)
    if move.action is _PASS:
        # "you may bite": the zombie lets its victim go, and its turn ends.
        if move.card or move.args:
            raise IllegalMove(f"{said(move)}: write just 'pass' to let the victim go")
        return next_turn(Work(state))
    ok = (
        len(move.args) == 2
        and 0 <= move.args[0] < state.config.players
        and state.status[move.args[0]] is ALIVE
        and move.args[1] in flip_choices(state.bodies[move.args[0]])
    )
    if not ok:
        shown = ", ".join(str(m) for m in legal_moves(state))
        raise IllegalMove(f"{said(move)}: bite a player still in, in flip order; legal: {shown}")
    w = Work(state)
    w.infect(move.args[0], move.args[1])
    return end_action(w, self_flip=False)


_BY_PHASE: dict[Phase, Callable[[State, Move], State]] = {
    Phase.DEAL: _draw,
    Phase.PLAY: _play,
    Phase.XRAY: _take,
    Phase.SELF_FLIP: _self_flip,
    Phase.MORGUE: _morgue,
    Phase.DRAW: _draw,
    Phase.ROLL: _roll,
    Phase.BITE: _bite,
    Phase.LOOK: _look,
    Phase.ARRANGE: _order,
}
#: The same, indexed by the phase's number (faster than a dict lookup); ``None``
#: once the game is over.
_HANDLERS = tuple(_BY_PHASE.get(phase) for phase in Phase)


# --------------------------------------------------------------------- result


def health(body: tuple[int, ...]) -> int:
    """Healthy body cards on the table: the round-cap tiebreak."""
    return sum(1 for code in body if is_healthy(code))


def result(state: State) -> Result | None:
    """Places by when players turned; the last player with a healthy head wins.

    ``scores[s]`` is how many players ``s`` outlasted (higher is better).
    """
    if state.phase is not _OVER:
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
