"""Zombie Run!'s transitions: legal moves, ``apply`` and chance.

Every rulebook sentence implemented here is quoted next to its code and cited
by a test in ``tests/zombie_run/``. ``legal_moves`` returns cached tuples of
shared ``Move`` objects, and ``apply`` validates with a few integer checks, because
playouts call both millions of times.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pile_outcomes, present
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.result import Result
from zombie_rules.core.seats import (
    SeatMask,
    has_seat,
    seat_bit,
    seats_in,
    seats_without,
    with_seat,
)
from zombie_rules.core.validation import expect_move, expect_well_formed, short, vetted
from zombie_rules.zombie_run.cards import SPECIAL_BASE
from zombie_rules.zombie_run.config import Config, TieBreak, hand_total, tables
from zombie_rules.zombie_run.specials import PEEK_ONE
from zombie_rules.zombie_run.state import (
    Action,
    Move,
    Phase,
    Reshuffle,
    RoundResult,
    State,
    make_state,
)
from zombie_rules.zombie_run.wording import counted

# Enum members as module globals: CPython 3.11 reads ``Phase.DEAL`` through the enum
# metaclass (about 50 ns), and every ``apply`` reads several.
_DEAL, _FLIP, _PEEK = Phase.DEAL, Phase.FLIP, Phase.PEEK
_DRAW, _DRAW_CARD, _DECIDE, _OVER = Phase.DRAW, Phase.DRAW_CARD, Phase.DECIDE, Phase.OVER
_DO_CARD, _DO_PEEK, _DO_SWAP, _DO_DISCARD = Action.CARD, Action.PEEK, Action.SWAP, Action.DISCARD
_DO_DRAW_PILE, _DO_DRAW_DISCARD = Action.DRAW_PILE, Action.DRAW_DISCARD
_DRAWS, _DECISIONS = (_DO_DRAW_PILE, _DO_DRAW_DISCARD), (_DO_SWAP, _DO_DISCARD)


def new_game(config: Config | None = None) -> State:
    """The first round, about to be dealt: "The oldest player is the first dealer."""
    config = _shared(Config() if config is None else config)
    return _start_round(config, 0, config.first_dealer, (0,) * config.players, ())


@functools.lru_cache(maxsize=64)
def _shared(config: Config) -> Config:
    """The first-seen config equal to ``config``.

    Every state of a game then holds the same object, so the per-config caches
    hit on identity instead of comparing configs field by field on every move.
    """
    return config


def _start_round(
    config: Config,
    round_: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[RoundResult, ...],
) -> State:
    # "shuffle all the cards together, and deal again": every card back in the pile.
    return make_state(
        config=config,
        round=round_,
        dealer=dealer,
        phase=_DEAL,
        turn=(dealer + 1) % config.players,
        hands=((),) * config.players,
        seen=((),) * config.players,
        draw_pile=tables(config).copies,
        discard_pile=(),
        held=None,
        held_public=False,
        peeked=0,
        turns_taken=0,
        scores=scores,
        history=history,
        reshuffles=(),
    )


# ---------------------------------------------------------------- legal moves


def _vetted(moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """``moves``, checked once and let through ``apply``'s type check from then on.

    Every tuple ``legal_moves`` hands out is built here and cached, so ``apply``
    skips the field-by-field check for those objects (see
    :func:`~zombie_rules.core.validation.vetted`) and checks every other move
    (parsed, decoded or built by a caller) in full.
    """
    return vetted(moves, Move)


class _Draws:
    """A config's draws from the face-down pile: ``moves[k]`` draws a card of kind ``k``.

    ``chance_weights`` lists these very objects and ``apply`` is handed one of them
    nearly every time, so ``kinds`` knows each by ``id``: finding a move there says
    at once that it is a well-formed chance draw of this deck, and of which kind,
    where a move built anywhere else gets every check. The record holds the moves,
    so no other object can take one of their ids while it is kept.
    """

    __slots__ = ("config", "kinds", "moves", "values")
    config: Config
    values: tuple[int, ...]  # the card each kind is
    moves: tuple[Move, ...]
    kinds: dict[int, int]  # id of ``moves[k]`` -> ``k``

    def __init__(self, config: Config, like: _Draws | None = None) -> None:
        self.config = config
        if like is not None:  # an equal config's: the same moves, shared
            self.values, self.moves, self.kinds = like.values, like.moves, like.kinds
            return
        self.values = tables(config).values
        self.moves = _card_moves_of(self.values)
        self.kinds = {id(move): kind for kind, move in enumerate(self.moves)}


@functools.lru_cache(maxsize=64)
def _draws_built(config: Config) -> _Draws:
    return _Draws(config)


def _draws_of(config: Config) -> _Draws:
    """The draws of ``config``, remembered with that very object as the last asked about.

    Every chance node asks, and a config's hash is a Python call, so hot callers
    test ``_last_draws.config is config`` inline and call this only when it is not.
    """
    global _last_draws
    draws = _draws_built(config)
    if draws.config is not config:  # equal to the config cached, another object
        draws = _Draws(config, draws)
    _last_draws = draws
    return draws


@functools.cache
def _card_moves_of(values: tuple[int, ...]) -> tuple[Move, ...]:
    # Keyed by the card values, not the config, so the vetted moves stay few.
    return _vetted(tuple(Move(CHANCE, _DO_CARD, (value,)) for value in values))


#: The draws asked about last (see :func:`_draws_of`); the rulebook deck's until then.
_last_draws = _draws_built(Config())


@functools.cache
def _peek_moves(seat: int, hand_size: int, peek_count: int) -> tuple[Move, ...]:
    return _vetted(
        tuple(
            Move(seat, _DO_PEEK, combo)
            for combo in itertools.combinations(range(hand_size), peek_count)
        )
    )


@functools.cache
def _peek_phase_moves(waiting: int, hand_size: int, peek_count: int) -> tuple[Move, ...]:
    return tuple(m for s in seats_in(waiting) for m in _peek_moves(s, hand_size, peek_count))


@functools.cache
def _draw_moves(seat: int, pile: bool, discard: bool) -> tuple[Move, ...]:
    moves: list[Move] = []
    if pile:
        moves.append(Move(seat, _DO_DRAW_PILE))
    if discard:
        moves.append(Move(seat, _DO_DRAW_DISCARD))
    return _vetted(tuple(moves))


@functools.cache
def _decide_moves(seat: int, hand_size: int, may_discard: bool) -> tuple[Move, ...]:
    moves: list[Move] = []
    for shout in (False, True):
        moves.extend(Move(seat, _DO_SWAP, (p,), shout) for p in range(hand_size))
        if may_discard:
            moves.append(Move(seat, _DO_DISCARD, (), shout))
    return _vetted(tuple(moves))


def _may_discard_held(state: State) -> bool:
    # A drawn card may always be discarded; a taken one only if the config allows.
    return not state.held_public or taken_card_may_go_back(state.config)


def taken_card_may_go_back(config: Config) -> bool:
    """Whether a card taken from the Discard Pile may be discarded straight back.

    "You MUST draw and discard a card on each turn. There is no passing": by
    default (ruling 7) it may not, so taking it means swapping it into your hand.
    """
    return config.discard_taken_card


def draw_reshuffles(state: State) -> bool:
    """Whether drawing from the Draw Pile now first shuffles the whole Discard Pile into it.

    Ruling 14: with ``reshuffle_keeps_top=False`` an empty Draw Pile waits for a
    draw that needs it, and that draw takes the face-up card in with the rest.
    """
    return (
        not any(state.draw_pile)
        and not state.config.reshuffle_keeps_top
        and bool(state.discard_pile)
    )


def ends_the_round(state: State, move: Move) -> bool:
    """Whether the decision ``move`` (a swap or a discard) ends the round.

    A shout: "shout "I'VE GOT BRAAAAAINS!" and the round stops immediately"; or the
    turn that reaches ``turn_limit`` (ruling 10), shout or not.
    """
    if move.shout:
        return True
    limit = state.config.turn_limit
    return limit is not None and state.turns_taken + 1 >= limit


def last_round(state: State) -> bool:
    """Whether the round being played is the game's last: "The game lasts five rounds."."""
    return state.round + 1 >= state.config.rounds


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over."""
    phase = state.phase
    if phase is _DECIDE:
        return _decide_moves(state.turn, state.config.hand_size, _may_discard_held(state))
    if phase is _DRAW:
        # With ``reshuffle_keeps_top=False`` an empty Draw Pile is reshuffled when a
        # draw needs it (ruling 14), so drawing from it stays a choice.
        pile = any(state.draw_pile) or not state.config.reshuffle_keeps_top
        return _draw_moves(state.turn, pile, bool(state.discard_pile))
    if phase is _DRAW_CARD or phase is _DEAL or phase is _FLIP:
        return chance_weights(state)[0]
    if phase is _PEEK:
        config = state.config
        waiting = seats_without(tables(config).everyone, state.peeked)
        return _peek_phase_moves(waiting, config.hand_size, config.peek_count)
    return ()


def to_act(state: State) -> frozenset[int]:
    """Who may act: one seat, the seats still to look at their cards, or chance."""
    phase = state.phase
    if phase is _DEAL:
        return _CHANCE_ONLY
    if phase is _DRAW or phase is _DECIDE:
        return _alone(state.turn)
    if phase is _PEEK:
        # The seats still to look at their cards.
        return _seats(seats_without(tables(state.config).everyone, state.peeked))
    if phase is _OVER:
        return _NOBODY
    return _CHANCE_ONLY


_NOBODY: frozenset[int] = frozenset()
_CHANCE_ONLY = frozenset((CHANCE,))


@functools.cache
def _seats(mask: SeatMask) -> frozenset[int]:
    """The seats of a mask, built once per mask (a table has few)."""
    return frozenset(seats_in(mask))


@functools.cache
def _alone(seat: int) -> frozenset[int]:
    """``{seat}``, built once per seat: ``to_act`` of a seat's own turn."""
    return frozenset((seat,))


def chance_weights(state: State) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """A draw from the face-down pile: one outcome per card kind, weighted by count.

    Not memoized: answering is a phase test and :func:`~zombie_rules.core.chance.present`,
    which costs less than a memo's lookup at the chance nodes a playout samples once.
    """
    phase = state.phase
    if phase is _DEAL or phase is _DRAW_CARD or phase is _FLIP:
        draws = _last_draws  # ``_card_moves``, inline: every chance node asks
        if draws.config is not state.config:
            draws = _draws_of(state.config)
        return present(draws.moves, state.draw_pile)
    return (), ()


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Exact probabilities of the chance node; empty when a seat is to act.

    The same draw as :func:`chance_weights`, from the whole pile and the config's
    one tuple of card moves, so :func:`~zombie_rules.core.chance.pile_outcomes`
    reuses its shared pairs.
    """
    phase = state.phase
    if phase is _DEAL or phase is _DRAW_CARD or phase is _FLIP:
        draws = _last_draws  # ``_card_moves``, inline: every chance node asks
        if draws.config is not state.config:
            draws = _draws_of(state.config)
        return pile_outcomes(draws.moves, state.draw_pile)
    return ()


# ---------------------------------------------------------------------- apply


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` and changes nothing if illegal."""
    # An ``is`` chain, most frequent phases first: enum hashing is slow in a dict lookup.
    # A chance phase checks its move itself (``_drawn_card``): the one ``chance_weights``
    # listed passes at once, any other gets ``expect_well_formed`` first, as below.
    phase = state.phase
    if phase is _DEAL:
        return _deal(state, move)
    expect_well_formed(move, Move)
    if phase is _DECIDE:
        return _decide(state, move)
    if phase is _DRAW:
        return _draw(state, move)
    if phase is _DRAW_CARD:
        return _draw_card(state, move)
    if phase is _PEEK:
        return _peek(state, move)
    if phase is _FLIP:
        return _flip(state, move)
    raise IllegalMove(f"{_said(move)}: the game is over; no move is legal")


def _expect(state: State, move: Move, actor: int, *actions: Action) -> None:
    expect_move(move, actor, actions, state.phase.value)


def _said(move: Move) -> str:
    """The move's notation for an error message, cut short if a caller made it huge."""
    return short(str(move))


def _drawn_card(state: State, move: Move) -> tuple[int, tuple[int, ...]]:
    """The card a chance move names and the pile without it.

    A move of the config's own draws (by identity: see :class:`_Draws`) naming a
    kind still in the pile is legal as it stands; any other goes through every check.
    """
    draws = _last_draws
    if draws.config is not state.config:
        draws = _draws_of(state.config)
    kind = draws.kinds.get(id(move))
    pile = state.draw_pile
    if kind is None or not pile[kind]:
        kind = _checked_kind(state, move)
    return draws.values[kind], (*pile[:kind], pile[kind] - 1, *pile[kind + 1 :])


def _checked_kind(state: State, move: Move) -> int:
    """The kind of card ``move`` draws, checked in full; :class:`IllegalMove` if it cannot."""
    expect_well_formed(move, Move)
    if move.seat != CHANCE or move.action is not _DO_CARD or move.shout:
        _expect(state, move, CHANCE, _DO_CARD)
        raise IllegalMove(f"{_said(move)}: chance does not shout")
    args = move.args
    index = tables(state.config).index.get(args[0]) if len(args) == 1 else None
    pile = state.draw_pile
    if index is None or not pile[index]:
        present = [v for v, n in zip(tables(state.config).values, pile, strict=True) if n]
        raise IllegalMove(
            f"{_said(move)}: no such card in the Draw Pile; it holds {short(present)}"
        )
    return index


def _deal(state: State, move: Move) -> State:
    # "The dealer deals four cards to each player, face down", one at a time clockwise.
    card, pile = _drawn_card(state, move)
    seat = state.turn
    config = state.config
    # ``_replace_at`` written out: a deal is most of a game's steps.
    hands, seen = state.hands, state.seen
    hand = hands[seat] + (card,)
    hands = (*hands[:seat], hand, *hands[seat + 1 :])
    seen = (*seen[:seat], seen[seat] + (0,), *seen[seat + 1 :])
    dealt_all = seat == state.dealer and len(hand) == config.hand_size
    return make_state(
        config, state.round, state.dealer,
        _FLIP if dealt_all else _DEAL,
        (seat + 1) % config.players, hands, seen, pile, (), None, False, 0, 0, state.scores,
        state.history, (),
    )  # fmt: skip


def _flip(state: State, move: Move) -> State:
    # "The dealer also places one card face up next to the Draw Pile."
    card, pile = _drawn_card(state, move)
    peeking = state.config.peek_count > 0
    return make_state(
        state.config, state.round, state.dealer,
        _PEEK if peeking else _DRAW,
        (state.dealer + 1) % state.config.players, state.hands, state.seen, pile, (card,),
        None, False, 0, 0, state.scores, state.history, (),
    )  # fmt: skip


def _peek(state: State, move: Move) -> State:
    # "Each player can look at two, and only two, of the cards in their hand."
    seat = move.seat
    config = state.config
    if move.action is not _DO_PEEK:
        raise IllegalMove(f"{_said(move)}: everyone must first look at their cards; legal: 'peek'")
    if move.shout:
        raise IllegalMove(f"{_said(move)}: you may shout only as you discard on your own turn")
    if not (0 <= seat < config.players) or has_seat(state.peeked, seat):
        waiting = sorted(to_act(state))
        raise IllegalMove(f"{_said(move)}: seat {seat} cannot look now; still to look: {waiting}")
    positions = move.args
    if (
        len(positions) != config.peek_count
        or list(positions) != sorted(set(positions))
        or not all(0 <= p < config.hand_size for p in positions)
    ):
        raise IllegalMove(
            f"{_said(move)}: name {counted(config.peek_count, 'different position')}"
            f" 0-{config.hand_size - 1} in increasing order"
        )
    row = list(state.seen[seat])
    for p in positions:
        row[p] = with_seat(row[p], seat)
    peeked = with_seat(state.peeked, seat)
    done = peeked == tables(config).everyone
    return make_state(
        config, state.round, state.dealer, _DRAW if done else _PEEK, state.turn,
        state.hands, _replace_at(state.seen, seat, tuple(row)), state.draw_pile,
        state.discard_pile, None, False, peeked, 0, state.scores, state.history,
        state.reshuffles,
    )  # fmt: skip


def _draw(state: State, move: Move) -> State:
    # "drawing a card from the Draw Pile or the Discard Pile, looking at it"
    expect_move(move, state.turn, _DRAWS, "draw")
    if move.args or move.shout:
        raise IllegalMove(f"{_said(move)}: a draw takes no arguments and cannot shout")
    if move.action is _DO_DRAW_PILE:
        draw_pile, discard_pile, reshuffles = state.draw_pile, state.discard_pile, state.reshuffles
        if draw_reshuffles(state):
            # Ruling 14: with the whole Discard Pile going in, reshuffle only when a
            # draw needs it, so the next player could still take the face-up card.
            draw_pile, discard_pile, reshuffles = _reshuffle(state.config, discard_pile, reshuffles)
        elif not any(draw_pile):
            raise IllegalMove(f"{_said(move)}: the Draw Pile is empty; legal: 'draw discard'")
        return make_state(
            state.config, state.round, state.dealer, _DRAW_CARD, state.turn, state.hands,
            state.seen, draw_pile, discard_pile, None, False, state.peeked,
            state.turns_taken, state.scores, state.history, reshuffles,
        )  # fmt: skip
    if not state.discard_pile:
        raise IllegalMove(f"{_said(move)}: the Discard Pile is empty; legal: 'draw pile'")
    return make_state(
        state.config, state.round, state.dealer, _DECIDE, state.turn, state.hands,
        state.seen, state.draw_pile, state.discard_pile[:-1], state.discard_pile[-1], True,
        state.peeked, state.turns_taken, state.scores, state.history, state.reshuffles,
    )  # fmt: skip


def _draw_card(state: State, move: Move) -> State:
    card, pile = _drawn_card(state, move)
    if card >= SPECIAL_BASE and card in tables(state.config).drawn:  # ``is_special``, inlined
        return _drawn_effect(state, card, pile)
    return make_state(
        state.config, state.round, state.dealer, _DECIDE, state.turn, state.hands,
        state.seen, pile, state.discard_pile, card, False, state.peeked,
        state.turns_taken, state.scores, state.history, state.reshuffles,
    )  # fmt: skip


def _decide(state: State, move: Move) -> State:
    # "choosing whether or not to exchange it for one of the cards in your hand"
    expect_move(move, state.turn, _DECISIONS, "decide")
    seat = state.turn
    held = state.held
    assert held is not None
    hands, seen, reshuffles = state.hands, state.seen, state.reshuffles
    if move.action is _DO_SWAP:
        if len(move.args) != 1 or not 0 <= move.args[0] < state.config.hand_size:
            raise IllegalMove(
                f"{_said(move)}: swap names one hand position 0-{state.config.hand_size - 1}"
            )
        p = move.args[0]
        hand = hands[seat]
        discarded = hand[p]
        hands = _replace_at(hands, seat, hand[:p] + (held,) + hand[p + 1 :])
        # The drawer saw the card; a card taken face up from the Discard Pile
        # was seen by everyone, and everyone sees where it goes.
        knows = tables(state.config).everyone if state.held_public else seat_bit(seat)
        row = seen[seat]
        seen = _replace_at(seen, seat, row[:p] + (knows,) + row[p + 1 :])
        if reshuffles and not state.held_public:
            reshuffles = _placed(reshuffles, seat, p)
    else:
        if move.args:
            raise IllegalMove(
                f"{_said(move)}: discard takes no position; to exchange, use 'swap N'"
            )
        if not _may_discard_held(state):
            raise IllegalMove(
                f"{_said(move)}: there is no passing; a card taken from the Discard Pile must"
                " be swapped into your hand ('swap N')"
            )
        discarded = held
    discard_pile = state.discard_pile + (discarded,)
    turns_taken = state.turns_taken + 1
    if ends_the_round(state, move):
        # A shout: "the round stops immediately"; else the turn limit, nobody shouting.
        shouter = seat if move.shout else None
        return _end_round(state, hands, discard_pile, turns_taken, shouter, reshuffles)
    draw_pile = state.draw_pile
    if not any(draw_pile) and state.config.reshuffle_keeps_top:
        # "If you run out of cards during a game, have the dealer reshuffle the
        # Discard Pile and use it to start a new Draw Pile." (Ruling 11: all but the
        # top card, at once; ruling 14: the whole pile waits for a draw that needs it.)
        draw_pile, discard_pile, reshuffles = _reshuffle(state.config, discard_pile, reshuffles)
    return make_state(
        state.config, state.round, state.dealer, _DRAW, (seat + 1) % state.config.players,
        hands, seen, draw_pile, discard_pile, None, False, state.peeked, turns_taken,
        state.scores, state.history, reshuffles,
    )  # fmt: skip


def _drawn_effect(state: State, card: int, pile: tuple[int, ...]) -> State:
    """A special card acting as it comes off the Draw Pile: shown, discarded, the turn over.

    ``peek_one`` first lets the drawer look at the leftmost card of their hand they
    have not seen (ruling 16); the table sees which position, not the card. The
    discard that ends the turn is the card's, so nobody shouts on it.
    """
    seat = state.turn
    config = state.config
    seen = state.seen
    if tables(config).drawn[card] == PEEK_ONE:
        row = seen[seat]
        unseen = [p for p, mask in enumerate(row) if not has_seat(mask, seat)]
        if unseen:
            p = unseen[0]
            seen = _replace_at(seen, seat, row[:p] + (with_seat(row[p], seat),) + row[p + 1 :])
    discard_pile = state.discard_pile + (card,)
    turns_taken = state.turns_taken + 1
    reshuffles = state.reshuffles
    limit = config.turn_limit
    if limit is not None and turns_taken >= limit:
        # The round ends on the drawn card: it has left the Draw Pile.
        drawn = make_state(
            config, state.round, state.dealer, state.phase, seat, state.hands, seen, pile,
            state.discard_pile, None, False, state.peeked, state.turns_taken, state.scores,
            state.history, reshuffles,
        )  # fmt: skip
        return _end_round(drawn, state.hands, discard_pile, turns_taken, None, reshuffles)
    if not any(pile) and config.reshuffle_keeps_top:
        pile, discard_pile, reshuffles = _reshuffle(config, discard_pile, reshuffles)
    return make_state(
        config, state.round, state.dealer, _DRAW, (seat + 1) % config.players,
        state.hands, seen, pile, discard_pile, None, False, state.peeked, turns_taken,
        state.scores, state.history, reshuffles,
    )  # fmt: skip


def _reshuffle(
    config: Config, discard_pile: tuple[int, ...], reshuffles: tuple[Reshuffle, ...]
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Reshuffle, ...]]:
    """The new Draw Pile, the Discard Pile left and the round's reshuffles with this one.

    Every card going in was face up, so the new pile is remembered as a
    :class:`Reshuffle`: what it holds is public, its order is not.
    """
    keep = discard_pile[-1:] if config.reshuffle_keeps_top else ()
    index = tables(config).index
    counts = [0] * len(index)
    for card in discard_pile[: len(discard_pile) - len(keep)]:
        counts[index[card]] += 1
    pile = tuple(counts)
    return pile, keep, reshuffles + (Reshuffle(pile),)


def _placed(reshuffles: tuple[Reshuffle, ...], seat: int, position: int) -> tuple[Reshuffle, ...]:
    """The reshuffles, noting that a card of the newest pile went unseen to ``(seat, position)``."""
    last = reshuffles[-1]
    place = (seat, position)
    if place in last.placed:
        return reshuffles
    return reshuffles[:-1] + (Reshuffle(last.counts, last.placed + (place,)),)


def _end_round(
    state: State,
    hands: tuple[tuple[int, ...], ...],
    discard_pile: tuple[int, ...],
    turns_taken: int,
    shouter: int | None,
    reshuffles: tuple[Reshuffle, ...],
) -> State:
    # "Each player then turns over all four of their cards and counts the number of zombies"
    totals = (
        tuple(sum(hand) for hand in hands)
        if tables(state.config).plain
        else tuple(hand_total(state.config, hand) for hand in hands)
    )
    scores = list(totals)
    # "If the person who shouted out and ended the round does NOT have the lowest
    # number of zombies in their hand, their score for the round DOUBLES"; a tie
    # for the lowest: "nothing happens".
    if shouter is not None and totals[shouter] > min(totals):
        scores[shouter] *= 2
    record = RoundResult(hands, totals, shouter, tuple(scores))
    history = state.history + (record,)
    running = tuple(a + b for a, b in zip(state.scores, scores, strict=True))
    config = state.config
    if last_round(state):
        # "The game lasts five rounds."
        everyone = tables(config).everyone
        return make_state(
            config, state.round, state.dealer, _OVER, state.turn, hands,
            tuple((everyone,) * len(h) for h in hands), state.draw_pile, discard_pile,
            None, False, state.peeked, turns_taken, running, history, reshuffles,
        )  # fmt: skip
    # "Dealer responsibilities rotate clockwise to the next player each round."
    return _start_round(
        config, state.round + 1, (state.dealer + 1) % config.players, running, history
    )


def _replace_at(
    rows: tuple[tuple[int, ...], ...], i: int, row: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return rows[:i] + (row,) + rows[i + 1 :]


# --------------------------------------------------------------------- result


def result(state: State) -> Result | None:
    """Lowest total after the last round wins: "The player with the lowest score ... wins"."""
    if state.phase is not _OVER:
        return None
    scores = state.scores
    best = min(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    rounds = state.round + 1
    reason = f"lowest total after {rounds} round{'s' if rounds > 1 else ''}: {best} zombies"
    if len(tied) > 1 and state.config.tie_break is TieBreak.LAST_ROUND:
        for record in reversed(state.history):
            low = min(record.scores[s] for s in tied)
            tied = [s for s in tied if record.scores[s] == low]
            if len(tied) == 1:
                reason += "; tie broken by the latest round that separates them"
                break
    if len(tied) > 1:
        reason += f"; shared by seats {', '.join(map(str, tied))}"
    return Result(frozenset(tied), scores, reason)
