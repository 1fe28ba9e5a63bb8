"""What generic tools need to check Zombie Run!: card census, hidden re-deals, invariants."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.zombie_run.config import Config, tables
from zombie_rules.zombie_run.rules import legal_moves
from zombie_rules.zombie_run.state import Action, Move, Phase, State


def card_set(config: Config) -> Counter[Hashable]:
    """Every card the config puts in play, by zombie count."""
    return Counter({zombies: copies for zombies, copies in config.deck})


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


def hidden_variant(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal every card ``seat`` has not seen among the places it cannot see."""
    config = state.config
    t = tables(config)

    def knows(mask: int) -> bool:
        # A spectator knows only what every seat knows (what was face up).
        return mask == t.everyone if seat is None else bool(mask >> seat & 1)

    pool = [t.values[k] for k in expand(state.draw_pile)]
    slots = [
        (s, p) for s, row in enumerate(state.seen) for p, mask in enumerate(row) if not knows(mask)
    ]
    pool += [state.hands[s][p] for s, p in slots]
    held_hidden = state.held is not None and not (state.held_public or seat == state.turn)
    if held_hidden:
        assert state.held is not None
        pool.append(state.held)
    rng.shuffle(pool)
    hands = [list(hand) for hand in state.hands]
    for s, p in slots:
        hands[s][p] = pool.pop()
    held = pool.pop() if held_hidden else state.held
    draw_pile = from_kinds((t.index[card] for card in pool), len(t.values))
    return State(
        config, state.round, state.dealer, state.phase, state.turn,
        tuple(map(tuple, hands)), state.seen, draw_pile, state.discard_pile, held,
        state.held_public, state.peeked, state.turns_taken, state.scores, state.history,
    )  # fmt: skip


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
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state."""
    config = state.config
    n = config.players
    t = tables(config)
    if not 0 <= state.dealer < n:
        raise ValueError(f"dealer: {state.dealer} is not a seat of a {n}-player game")
    if not 0 <= state.turn < n:
        raise ValueError(f"turn: {state.turn} is not a seat of a {n}-player game")
    if not 0 <= state.round < config.rounds:
        raise ValueError(f"round: {state.round} is outside 0-{config.rounds - 1}")
    if len(state.hands) != n or len(state.seen) != n or len(state.scores) != n:
        raise ValueError(f"hands/seen/scores: need one entry per seat ({n})")
    if len(state.draw_pile) != len(t.values) or any(c < 0 for c in state.draw_pile):
        raise ValueError(f"draw_pile: need {len(t.values)} non-negative counts, one per card kind")
    for s, (hand, row) in enumerate(zip(state.hands, state.seen, strict=True)):
        if len(hand) != len(row):
            raise ValueError(f"seen[{s}]: one entry per card in hands[{s}]")
        if any(not 0 <= mask <= t.everyone for mask in row):
            raise ValueError(f"seen[{s}]: masks must name seats of this table")
        if any(card not in t.index for card in hand):
            raise ValueError(f"hands[{s}]: holds a card not in the config's deck")
    if any(card not in t.index for card in state.discard_pile):
        raise ValueError("discard_pile: holds a card not in the config's deck")
    if state.held is not None and state.held not in t.index:
        raise ValueError("held: not a card of the config's deck")
    if (state.held is not None) != (state.phase is Phase.DECIDE):
        raise ValueError("held: a drawn card is held exactly in the DECIDE phase")
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's deck")
    full = all(len(hand) == config.hand_size for hand in state.hands)
    if not full and state.phase is not Phase.DEAL:
        raise ValueError(
            f"hands: every hand must hold {config.hand_size} cards in phase {state.phase.name}"
        )
    if not 0 <= state.peeked <= t.everyone:
        raise ValueError("peeked: must be a mask of this table's seats")


def rounds_played(state: State) -> int:
    return len(state.history)
