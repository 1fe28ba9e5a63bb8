"""Zombie Run!'s immutable state and moves.

Cards are stored as their zombie counts, a config's special cards by their card
numbers (:func:`~zombie_rules.zombie_run.cards.special_card`), so every card is an int.
The Draw Pile is face down and shuffled, so it is kept as counts per card kind (see
:mod:`zombie_rules.core.piles`); the Discard Pile is face up, so its order is kept.
Who knows which hand card is a bitmask of seats per position: that is what the
views' perfect memory reads. A Draw Pile made by reshuffling the Discard Pile is
public knowledge (every card in it was face up), so the state remembers what went
into it.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from zombie_rules.core.actors import CHANCE, seat_name
from zombie_rules.core.records import builder
from zombie_rules.core.validation import short
from zombie_rules.zombie_run.config import Config


class Phase(enum.Enum):
    """Where in a round the game is; the actor of each phase is fixed."""

    DEAL = "deal"  # chance: the next face-down card to seat ``turn``
    FLIP = "flip"  # chance: the first face-up card of the Discard Pile
    PEEK = "peek"  # every seat that has not yet looked picks its cards to look at
    DRAW = "draw"  # seat ``turn`` draws from the Draw Pile or the Discard Pile
    DRAW_CARD = "draw_card"  # chance: the card seat ``turn`` draws from the Draw Pile
    DECIDE = "decide"  # seat ``turn`` swaps the drawn card into its hand or discards it
    OVER = "over"


class Action(enum.Enum):
    """The kinds of move; the value is the notation's keyword."""

    CARD = "card"  # chance: a card comes off the face-down pile
    PEEK = "peek"
    DRAW_PILE = "draw pile"
    DRAW_DISCARD = "draw discard"
    SWAP = "swap"
    DISCARD = "discard"


@attrs.frozen
class Move:
    """One move. ``args`` holds the card drawn (``CARD``) or hand positions (``PEEK``, ``SWAP``).

    ``shout`` ("I'VE GOT BRAAAAAINS!") rides on the discard that ends the turn,
    because the rulebook allows it only "as you are discarding a card".
    """

    seat: int
    action: Action
    args: tuple[int, ...] = ()
    shout: bool = False

    def __str__(self) -> str:
        # ``short`` writes a legal move's small numbers as ``str`` does, and keeps a
        # caller's thousand-digit number (which ``str`` refuses) out of error messages.
        words = [self.action.value, *map(short, self.args)]
        if self.shout:
            words.append("shout")
        actor = seat_name(self.seat) if self.seat == CHANCE else short(self.seat)
        return f"{actor}: {' '.join(words)}"


@attrs.frozen
class RoundResult:
    """A finished round, all hands turned over: public from then on."""

    hands: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    shouter: int | None
    scores: tuple[int, ...]  # totals after the shouter's doubling


@attrs.frozen
class Reshuffle:
    """A Draw Pile the dealer made from the Discard Pile during a round.

    Every card in it had been face up, so the whole table knows what it holds,
    though not in what order: ``counts`` is per card kind, like ``State.draw_pile``.
    ``placed`` lists the hand places ``(seat, position)``, in order, that a card drawn
    from this pile was swapped into unseen by the others. A re-deal of what a seat
    cannot see (``checks.hidden_variant``) needs it: such a card can only be one of
    this pile's, never a card dealt at the start of the round.
    """

    counts: tuple[int, ...]
    placed: tuple[tuple[int, int], ...] = ()


@attrs.frozen
class State:
    """A Zombie Run! game at one moment.

    ``turn`` is the seat whose turn it is (during ``DEAL``, the seat receiving the
    next card). ``seen[s][p]`` is the bitmask of seats that know the card at seat
    ``s``'s hand position ``p``. ``held`` is the card drawn this turn, not yet
    swapped or discarded; ``held_public`` says it came face up from the Discard Pile.
    ``reshuffles`` holds the Draw Piles made from the Discard Pile this round,
    oldest first (empty until the first Draw Pile runs out).
    """

    config: Config
    round: int
    dealer: int
    phase: Phase
    turn: int
    hands: tuple[tuple[int, ...], ...]
    seen: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
    discard_pile: tuple[int, ...]
    held: int | None
    held_public: bool
    peeked: int
    turns_taken: int
    scores: tuple[int, ...]
    history: tuple[RoundResult, ...]
    reshuffles: tuple[Reshuffle, ...]


if TYPE_CHECKING:
    #: ``State(...)`` for the hot path: the same fields in the same order, built by
    #: slot stores (``core.records.builder``): ``apply`` builds a state on every
    #: move, and attrs' ``__init__`` stores each of the sixteen fields by a call.
    make_state = State
else:
    make_state = builder(State)
