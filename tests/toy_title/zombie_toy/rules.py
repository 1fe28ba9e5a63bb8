"""Brain Swap's rules: the table, the state, the moves and what each move does.

The deck holds ``brains`` Brain cards (no zombies) and one card of each zombie count
from 1 to ``zombies``. The dealer deals every seat one card face down, and each seat
looks at its own. Then, from seat 0 round the table, each seat in turn keeps its card
or swaps it: the old card goes face up on the discards and the seat draws a new one
from the deck, which only it looks at. After ``turns`` turns each, everyone turns
their card over and the fewest zombies win (ties share the win).
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import TypeVar

import attrs

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.result import Result
from zombie_rules.core.validation import expect_well_formed, require_type, said, short

MIN_PLAYERS = 2
MAX_PLAYERS = 4
MAX_BRAINS = 10
MAX_ZOMBIES = 20
MAX_TURNS = 5

T = TypeVar("T")


@attrs.frozen
class Config:
    """A Brain Swap table; ``Config()`` is the game as the (tiny) rulebook has it."""

    players: int = 2
    brains: int = 2
    zombies: int = 5
    turns: int = 1

    def __attrs_post_init__(self) -> None:
        validate(self)


@attrs.frozen
class LongConfig(Config):
    """The long game: three turns each. Its states hold the plain :class:`Config`."""

    turns: int = 3


def validate(config: Config) -> None:
    """Raise :class:`InvalidConfig` naming the first field that cannot be played."""
    for name in ("players", "brains", "zombies", "turns"):
        require_type(name, getattr(config, name), int)
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig(
            "players",
            f"Brain Swap is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {short(config.players)}",
        )
    if not 0 <= config.brains <= MAX_BRAINS:
        raise InvalidConfig("brains", f"must be 0-{MAX_BRAINS}, not {short(config.brains)}")
    if not 1 <= config.zombies <= MAX_ZOMBIES:
        raise InvalidConfig("zombies", f"must be 1-{MAX_ZOMBIES}, not {short(config.zombies)}")
    if not 1 <= config.turns <= MAX_TURNS:
        raise InvalidConfig("turns", f"must be 1-{MAX_TURNS} each, not {short(config.turns)}")
    if config.brains + config.zombies < config.players + 1:
        raise InvalidConfig(
            "zombies",
            f"{config.brains + config.zombies} cards cannot deal {config.players} seats a card"
            " and leave one to draw",
        )


def plain(config: Config) -> Config:
    """``config`` as the plain :class:`Config` a state holds (a variant's config too)."""
    if type(config) is Config:
        return config
    return Config(config.players, config.brains, config.zombies, config.turns)


class Phase(enum.Enum):
    """Where the game is; chance acts in ``DEAL`` and ``DRAW``, seat ``turn`` in ``TURN``."""

    DEAL = "deal"  # chance: the next face-down card, to seat ``turn``
    TURN = "turn"  # seat ``turn`` keeps its card or swaps it
    DRAW = "draw"  # chance: the card seat ``turn`` draws after a swap
    OVER = "over"


class Action(enum.Enum):
    """The kinds of move; the value is the notation's keyword."""

    CARD = "card"  # chance: the card that comes off the deck
    KEEP = "keep"
    SWAP = "swap"


@attrs.frozen
class Move:
    """One move: ``card`` is the card dealt or drawn (``CARD``), 0 otherwise."""

    seat: int
    action: Action
    card: int = 0

    def __str__(self) -> str:
        actor = seat_name(self.seat) if self.seat == CHANCE else short(self.seat)
        words = self.action.value
        if self.action is Action.CARD:
            words += f" {short(self.card)}"
        return f"{actor}: {words}"


@attrs.frozen
class State:
    """A Brain Swap game at one moment.

    ``hands[s]`` is seat ``s``'s card (its zombie count), ``None`` before it is dealt
    and while the seat waits for the card it draws after a swap. ``deck`` counts the
    face-down cards left by zombie count (the deck is shuffled: its order is chance's).
    ``discards`` are face up, oldest first. ``turns_taken`` counts finished turns.
    """

    config: Config
    phase: Phase
    turn: int
    hands: tuple[int | None, ...]
    deck: tuple[int, ...]
    discards: tuple[int, ...]
    turns_taken: int


def card_counts(config: Config) -> tuple[int, ...]:
    """The whole deck as counts by zombie count: ``brains`` Brains, one of each other card."""
    return (config.brains, *(1 for _ in range(config.zombies)))


def new_game(config: Config | None = None) -> State:
    """The table before the deal; :class:`InvalidConfig` for something that is no Config."""
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise InvalidConfig("config", f"expected a Brain Swap Config, not {short(config)}")
    config = plain(config)
    return State(
        config=config,
        phase=Phase.DEAL,
        turn=0,
        hands=(None,) * config.players,
        deck=card_counts(config),
        discards=(),
        turns_taken=0,
    )


def to_act(state: State) -> frozenset[int]:
    """Who moves now: chance while a card comes off the deck, else the seat whose turn it is."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.TURN:
        return frozenset({state.turn})
    return frozenset({CHANCE})


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Each card that may come off the deck, with its exact probability."""
    if state.phase not in (Phase.DEAL, Phase.DRAW):
        return ()
    total = sum(state.deck)
    return tuple(
        (Move(CHANCE, Action.CARD, value), Fraction(count, total))
        for value, count in enumerate(state.deck)
        if count
    )


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move the rules allow now (chance's cards included)."""
    if state.phase is Phase.TURN:
        keep = Move(state.turn, Action.KEEP)
        return (keep, Move(state.turn, Action.SWAP)) if sum(state.deck) else (keep,)
    return tuple(move for move, _ in chance_outcomes(state))


def apply(state: State, move: Move) -> State:
    """The state after ``move``; :class:`IllegalMove` (saying what is legal) if not allowed."""
    expect_well_formed(move, Move)
    legal = legal_moves(state)
    if move not in legal:
        if not legal:
            raise IllegalMove(f"{said(move)}: the game is over; no move is legal")
        # Only the mover's own choices are listed: the chance outcomes (the cards
        # left in the deck) are not the sender's to know.
        mine = [m for m in legal if m.seat == move.seat]
        if not mine:
            waiting = ", ".join(sorted({seat_name(m.seat) for m in legal}))
            raise IllegalMove(
                f"{said(move)}: not {seat_name(move.seat)}'s move; waiting for {waiting}"
            )
        raise IllegalMove(
            f"{said(move)}: not allowed in the {state.phase.value} phase;"
            f" legal: {', '.join(map(str, mine))}"
        )
    if move.action is Action.KEEP:
        return _next_turn(state, state.hands, state.deck)
    if move.action is Action.SWAP:
        old = state.hands[state.turn]
        assert old is not None
        return attrs.evolve(
            state,
            phase=Phase.DRAW,
            hands=_put(state.hands, state.turn, None),
            discards=(*state.discards, old),
        )
    deck = _put(state.deck, move.card, state.deck[move.card] - 1)
    hands = _put(state.hands, state.turn, move.card)
    if state.phase is Phase.DRAW:
        return _next_turn(state, hands, deck)
    if state.turn + 1 < state.config.players:
        return attrs.evolve(state, turn=state.turn + 1, hands=hands, deck=deck)
    return attrs.evolve(state, phase=Phase.TURN, turn=0, hands=hands, deck=deck)


def _next_turn(state: State, hands: tuple[int | None, ...], deck: tuple[int, ...]) -> State:
    taken = state.turns_taken + 1
    players = state.config.players
    over = taken == players * state.config.turns
    return attrs.evolve(
        state,
        phase=Phase.OVER if over else Phase.TURN,
        turn=0 if over else taken % players,
        hands=hands,
        deck=deck,
        turns_taken=taken,
    )


def _put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def scores(state: State) -> tuple[int, ...]:
    """Each seat's zombies (a card not yet dealt counts none)."""
    return tuple(0 if card is None else card for card in state.hands)


def result(state: State) -> Result | None:
    """Who won, once every card is turned over; ``None`` while the game goes on."""
    if state.phase is not Phase.OVER:
        return None
    counts = scores(state)
    low = min(counts)
    winners = frozenset(s for s, n in enumerate(counts) if n == low)
    return Result(winners, counts, "the fewest zombies when the cards are turned over")
