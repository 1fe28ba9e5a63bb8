"""What generic tools need to check Zombie Run!: card census, hidden re-deals, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import has_seat, seat_bit
from zombie_rules.zombie_run.cards import special_card
from zombie_rules.zombie_run.config import Config, hand_total, tables
from zombie_rules.zombie_run.determinize import determinize
from zombie_rules.zombie_run.rules import legal_moves
from zombie_rules.zombie_run.state import Action, Move, Phase, State

#: The leak checks' re-deal is the public determinization (``determinize``).
hidden_variant = determinize


def card_set(config: Config) -> Counter[Hashable]:
    """Every card the config puts in play, by zombie count (a special card by its card number)."""
    cards: Counter[Hashable] = Counter({zombies: copies for zombies, copies in config.deck})
    cards.update({special_card(k): s.copies for k, s in enumerate(config.specials)})
    return cards


def card_census(state: State) -> Counter[Hashable]:
    """Every card the state holds, wherever it lies."""
    values = tables(state.config).values
    census: Counter[Hashable] = Counter(dict(zip(values, state.draw_pile, strict=True)))
    census.update(state.discard_pile)
    for hand in state.hands:
        census.update(hand)
    if state.held is not None:
        census[state.held] += 1
    return +census


def candidate_moves(state: State) -> tuple[Move, ...]:
    """Well-formed moves for every actor, legal or not, including near misses."""
    config = state.config
    seats = (*range(-1, config.players + 1),)
    positions = tuple(range(-1, config.hand_size + 1))
    moves: list[Move] = []
    for seat in seats:
        moves += [Move(seat, Action.DRAW_PILE), Move(seat, Action.DRAW_DISCARD)]
        for shout in (False, True):
            moves += [Move(seat, Action.SWAP, (p,), shout) for p in positions]
            moves.append(Move(seat, Action.DISCARD, (), shout))
        moves += [Move(seat, Action.PEEK, (a, b)) for a in positions for b in positions]
        moves += [Move(seat, Action.PEEK, ()), Move(seat, Action.PEEK, (0, 1), shout=True)]
        moves += [Move(seat, Action.DRAW_PILE, (), True), Move(seat, Action.DRAW_DISCARD, (0,))]
    values = {*tables(config).values, 3, 15, 99}
    moves += [Move(CHANCE, Action.CARD, (v,)) for v in sorted(values)]
    moves += [Move(CHANCE, Action.CARD, (v,), True) for v in sorted(values)]
    moves += [Move(CHANCE, Action.CARD, ()), Move(CHANCE, Action.CARD, (0, 0))]
    moves += legal_moves(state)
    return tuple(dict.fromkeys(moves))


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state.

    It accepts the states the rules can reach (as far as any protocol function
    relies on them): sizes and ranges first, so that the later checks index
    safely and cost no more than the config allows, then the cards, the round's
    records and what each phase implies about whose turn it is. It runs on
    decode only, never on the ``apply`` path.
    """
    config = state.config
    n = config.players
    t = tables(config)
    phase = state.phase
    if len(state.hands) != n or len(state.seen) != n or len(state.scores) != n:
        raise ValueError(f"hands/seen/scores: need one entry per seat ({n})")
    if not 0 <= state.round < config.rounds:
        raise ValueError(f"round: {state.round} is outside 0-{config.rounds - 1}")
    if state.dealer != (config.first_dealer + state.round) % n:
        raise ValueError(
            f"dealer: seat {(config.first_dealer + state.round) % n} deals round {state.round}"
            " (the deal rotates clockwise from first_dealer)"
        )
    if not 0 <= state.turn < n:
        raise ValueError(f"turn: {state.turn} is not a seat of a {n}-player game")
    _check_pile("draw_pile", state.draw_pile, t.copies)
    for s, (hand, row) in enumerate(zip(state.hands, state.seen, strict=True)):
        if len(hand) > config.hand_size:
            raise ValueError(f"hands[{s}]: more than {config.hand_size} cards")
        if len(hand) != len(row):
            raise ValueError(f"seen[{s}]: one entry per card in hands[{s}]")
        if any(not 0 <= mask <= t.everyone for mask in row):
            raise ValueError(f"seen[{s}]: masks must name seats of this table")
        if any(card not in t.index for card in hand):
            raise ValueError(f"hands[{s}]: holds a card not in the config's deck")
    if len(state.discard_pile) > sum(t.copies) or any(
        card not in t.index for card in state.discard_pile
    ):
        raise ValueError("discard_pile: holds a card not in the config's deck")
    if state.held is not None and state.held not in t.index:
        raise ValueError("held: not a card of the config's deck")
    if (state.held is not None) != (phase is Phase.DECIDE):
        raise ValueError("held: a drawn card is held exactly in the DECIDE phase")
    if state.held_public and phase is not Phase.DECIDE:
        raise ValueError("held_public: only a card held in the DECIDE phase came face up")
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's deck")
    _check_history(state)
    _check_reshuffles(state)
    if phase is Phase.DEAL:
        _check_deal(state)
    elif any(len(hand) != config.hand_size for hand in state.hands):
        raise ValueError(
            f"hands: every hand must hold {config.hand_size} cards in phase {phase.name}"
        )
    if state.turns_taken < 0:
        raise ValueError("turns_taken: cannot be negative")
    if phase in (Phase.DEAL, Phase.FLIP, Phase.PEEK):
        _check_before_play(state)
    elif phase is not Phase.OVER:
        _check_play(state)
    elif any(mask != t.everyone for row in state.seen for mask in row):
        raise ValueError("seen: every hand is turned over when the game is over")


def _check_pile(name: str, counts: tuple[int, ...], copies: tuple[int, ...]) -> None:
    if len(counts) != len(copies) or any(
        not 0 <= c <= k for c, k in zip(counts, copies, strict=True)
    ):
        raise ValueError(
            f"{name}: need {len(copies)} counts, one per card kind, each between 0 and"
            " the copies in the deck"
        )


def _check_history(state: State) -> None:
    """Each finished round re-scored from its hands, and the running totals from them."""
    config = state.config
    n = config.players
    t = tables(config)
    finished = state.round + (state.phase is Phase.OVER)
    if len(state.history) != finished:
        raise ValueError(f"history: {finished} finished rounds by round {state.round}")
    deck = card_set(config)
    for i, record in enumerate(state.history):
        where = f"history[{i}]"
        hands = record.hands
        if len(hands) != n or any(len(hand) != config.hand_size for hand in hands):
            raise ValueError(f"{where}.hands: {n} hands of {config.hand_size} cards")
        cards: Counter[Hashable] = Counter(card for hand in hands for card in hand)
        if any(card not in t.index for card in cards) or cards - deck:
            raise ValueError(f"{where}.hands: holds cards the config's deck does not")
        if record.totals != tuple(hand_total(config, hand) for hand in hands):
            raise ValueError(f"{where}.totals: the zombies in each hand, after kept effects")
        shouter = record.shouter
        if shouter is not None and not 0 <= shouter < n:
            raise ValueError(f"{where}.shouter: {shouter} is not a seat")
        scores = list(record.totals)
        if shouter is not None and scores[shouter] > min(scores):
            scores[shouter] *= 2
        if record.scores != tuple(scores):
            raise ValueError(f"{where}.scores: the totals, the shouter's doubled unless lowest")
    running = tuple(sum(r.scores[s] for r in state.history) for s in range(n))
    if state.scores != running:
        raise ValueError(f"scores: the sums of the finished rounds' scores, {list(running)}")


def _check_reshuffles(state: State) -> None:
    """Draw Piles made from the Discard Pile this round: public counts, unseen places."""
    config = state.config
    t = tables(config)
    if state.reshuffles and state.phase in (Phase.DEAL, Phase.FLIP, Phase.PEEK):
        raise ValueError("reshuffles: none before the first turn of a round")
    for i, pile in enumerate(state.reshuffles):
        _check_pile(f"reshuffles[{i}].counts", pile.counts, t.copies)
        if not any(pile.counts):
            raise ValueError(f"reshuffles[{i}].counts: a reshuffled pile holds cards")
        places = pile.placed
        if len(set(places)) != len(places) or any(
            len(place) != 2 or not (0 <= place[0] < config.players)
            or not 0 <= place[1] < config.hand_size
            for place in places
        ):  # fmt: skip
            raise ValueError(f"reshuffles[{i}].placed: distinct (seat, hand position) pairs")
    if state.reshuffles and any(
        now > then for now, then in zip(state.draw_pile, state.reshuffles[-1].counts, strict=True)
    ):
        raise ValueError("draw_pile: holds more than the last reshuffle put into it")


def _check_deal(state: State) -> None:
    """Cards dealt one at a time clockwise from the dealer's left, face down."""
    config = state.config
    n = config.players
    dealt = sum(len(hand) for hand in state.hands)
    if dealt >= n * config.hand_size:
        raise ValueError("hands: every card is dealt, yet the phase is DEAL")
    for j in range(n):
        seat = (state.dealer + 1 + j) % n
        expected = dealt // n + (j < dealt % n)
        if len(state.hands[seat]) != expected:
            raise ValueError(
                f"hands[{seat}]: {dealt} cards dealt clockwise from the dealer's left"
                f" leave it {expected}"
            )
    if state.turn != (state.dealer + 1 + dealt) % n:
        raise ValueError(f"turn: seat {(state.dealer + 1 + dealt) % n} gets the next card")


def _check_before_play(state: State) -> None:
    """Dealing, the first face-up card and the peeking: nobody has had a turn yet."""
    config = state.config
    n = config.players
    if state.turns_taken:
        raise ValueError("turns_taken: no turn is played before the peeking ends")
    first = (state.dealer + 1) % n
    if state.phase is not Phase.DEAL and state.turn != first:
        raise ValueError(f"turn: seat {first}, on the dealer's left, plays first")
    if state.phase is not Phase.PEEK:
        if state.discard_pile or state.peeked:
            raise ValueError("discard_pile/peeked: empty until the first card is turned up")
        if any(mask for row in state.seen for mask in row):
            raise ValueError("seen: nobody has looked at a card before the peeking")
        return
    if not config.peek_count:
        raise ValueError("phase: no PEEK phase when peek_count is 0")
    if len(state.discard_pile) != 1:
        raise ValueError("discard_pile: the one card turned face up by the dealer")
    everyone = tables(config).everyone
    if not 0 <= state.peeked < everyone:
        raise ValueError("peeked: a mask of the seats that have looked, not yet all of them")
    for s, row in enumerate(state.seen):
        looked = has_seat(state.peeked, s)
        marked = [mask for mask in row if mask]
        if any(mask != seat_bit(s) for mask in marked) or len(marked) != looked * config.peek_count:
            raise ValueError(
                f"seen[{s}]: seat {s} knows exactly the {config.peek_count} cards it"
                " looked at, or none before it looks"
            )


def _check_play(state: State) -> None:
    """A turn in progress: seat ``turn`` plays, turns going clockwise from the dealer's left."""
    config = state.config
    n = config.players
    everyone = tables(config).everyone
    if state.peeked != (everyone if config.peek_count else 0):
        raise ValueError("peeked: every seat has looked at its cards once play starts")
    expected = (state.dealer + 1 + state.turns_taken) % n
    if state.turn != expected:
        raise ValueError(f"turn: after {state.turns_taken} turns it is seat {expected}'s")
    if config.turn_limit is not None and state.turns_taken >= config.turn_limit:
        raise ValueError(f"turns_taken: the round ends after {config.turn_limit} turns")
    if not state.discard_pile and not any(state.draw_pile):
        raise ValueError("draw_pile/discard_pile: both empty, nothing to draw")
    if state.phase is Phase.DRAW_CARD and not any(state.draw_pile):
        raise ValueError("draw_pile: empty, yet a card is being drawn from it")


def rounds_played(state: State) -> int:
    return len(state.history)
