"""Brain Swap's cards: where they all are, what a seat cannot place, and re-deals of it.

Every card of the config is in exactly one place: a hand, the deck or the discards.
What a seat cannot see is every other seat's card and the deck; a re-deal shuffles
those cards (the whole set less the discards and the seat's own card) over those
places, reading only what the seat knows, so it can leak nothing.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.validation import expect_seat
from zombie_toy.rules import Action, Config, Move, Phase, State, card_counts


def card_set(config: Config) -> Counter[Hashable]:
    """Every card the config puts in the game, by zombie count."""
    return Counter({value: n for value, n in enumerate(card_counts(config)) if n})


def card_census(state: State) -> Counter[Hashable]:
    """Every card ``state`` holds, wherever it lies."""
    found: Counter[Hashable] = Counter({value: n for value, n in enumerate(state.deck) if n})
    found.update(card for card in state.hands if card is not None)
    found.update(state.discards)
    return found


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the field of ``state`` that breaks the rules' invariants."""
    config = state.config
    players, total = config.players, config.players * config.turns
    if type(config) is not Config:
        raise ValueError(f"config: a state holds a plain Config, not {type(config).__name__}")
    if len(state.hands) != players:
        raise ValueError(f"hands: {len(state.hands)} hands at a {players}-player table")
    if len(state.deck) != config.zombies + 1:
        raise ValueError(f"deck: counts for {len(state.deck)} cards, not {config.zombies + 1}")
    if any(n < 0 for n in state.deck):
        raise ValueError("deck: a negative count")
    cards = [*(c for c in state.hands if c is not None), *state.discards]
    if any(not 0 <= c <= config.zombies for c in cards):
        raise ValueError(f"hands or discards: a card that is not 0-{config.zombies} zombies")
    if card_census(state) != card_set(config):
        raise ValueError("deck, hands and discards: the cards are not the config's set")
    if not 0 <= state.turn < players:
        raise ValueError(f"turn: seat {state.turn} is not at the table")
    if not 0 <= state.turns_taken <= total:
        raise ValueError(f"turns_taken: {state.turns_taken} is not 0-{total}")
    dealt = [c is not None for c in state.hands]
    phase = state.phase
    if phase is Phase.DEAL:
        if state.turns_taken or state.discards:
            raise ValueError("turns_taken, discards: nobody plays before the deal is done")
        if dealt != [s < state.turn for s in range(players)]:
            raise ValueError(f"hands: the deal has reached seat {state.turn}, not these hands")
        return
    if phase is Phase.OVER:
        if not all(dealt) or state.turns_taken != total or state.turn != 0:
            raise ValueError("phase: a finished game has every card dealt and every turn taken")
        return
    if state.turns_taken == total or state.turn != state.turns_taken % players:
        raise ValueError(f"turn: not seat {state.turn}'s turn after {state.turns_taken} turns")
    waiting = [s == state.turn and phase is Phase.DRAW for s in range(players)]
    if dealt != [not w for w in waiting]:
        raise ValueError(f"hands: in the {phase.value} phase, not these hands")
    if len(state.discards) > state.turns_taken + (phase is Phase.DRAW):
        raise ValueError("discards: more cards thrown out than turns taken")
    if phase is Phase.DRAW and not sum(state.deck):
        raise ValueError("deck: empty, yet a seat waits to draw from it")


def determinize(state: State, seat: int | None, rng: random.Random) -> State:
    """A state drawn uniformly among those ``seat`` cannot tell from ``state``.

    The cards the seat cannot place (the whole set less the discards and its own
    card) are shuffled over the other seats' hands and the deck. The draw reads only
    what the seat knows, so for a given ``rng`` it is the same for every such state.
    """
    expect_seat(seat, state.config.players)
    if state.phase is Phase.OVER:  # every card is face up
        return state
    own = state.hands[seat] if seat is not None else None
    pool = Counter(dict(enumerate(card_counts(state.config)))) - Counter(state.discards)
    if own is not None:
        pool[own] -= 1
    cards = sorted(pool.elements())
    rng.shuffle(cards)
    hands = list(state.hands)
    places = [s for s, c in enumerate(state.hands) if c is not None and s != seat]
    for s, value in zip(places, cards, strict=False):
        hands[s] = value
    deck = [0] * len(state.deck)
    for value in cards[len(places) :]:
        deck[value] += 1
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(deck))


def hidden_variant(state: State, seat: int | None, rng: random.Random) -> State:
    """A state that differs from ``state`` only in cards ``seat`` has not seen."""
    return determinize(state, seat, rng)


def candidate_moves(state: State) -> tuple[Move, ...]:
    """Well-formed moves of every actor, legal or not, for the refusal checks."""
    moves: list[Move] = []
    for actor in (CHANCE, *range(state.config.players)):
        moves += [Move(actor, Action.KEEP), Move(actor, Action.SWAP)]
        moves += [Move(actor, Action.CARD, v) for v in range(state.config.zombies + 2)]
    return tuple(moves)
