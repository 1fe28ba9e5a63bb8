"""What each seat may know of a Brain Swap game: its view, its account of each move, notation.

A seat knows its own card (it looked at it when it was dealt or drawn), every card
thrown face up, how many cards the deck holds and, once the game is over, every
card. Nobody knows another seat's card before the end, nor the order of the deck.
"""

from __future__ import annotations

import attrs

from zombie_rules.core.describing import describer, players_of
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import parse_int, split_actor
from zombie_rules.core.validation import expect_seat, short
from zombie_toy.rules import (
    Action,
    Config,
    Move,
    Phase,
    State,
    apply,
    result,
    to_act,
)


@attrs.frozen
class View:
    """What ``seat`` may know (``None``: a spectator, who sees only what is face up).

    ``hands[s]`` is seat ``s``'s card when this seat knows it, else ``None``;
    ``holding[s]`` says whether seat ``s`` holds a card now (everyone sees that).
    """

    seat: int | None
    config: Config
    phase: Phase
    turn: int
    to_act: frozenset[int]
    hands: tuple[int | None, ...]
    holding: tuple[bool, ...]
    deck_size: int
    discards: tuple[int, ...]
    turns_taken: int


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know now; ``UnknownSeat`` for a seat not at the table."""
    expect_seat(seat, state.config.players)
    over = state.phase is Phase.OVER
    hands = tuple(card if over or s == seat else None for s, card in enumerate(state.hands))
    return View(
        seat=seat,
        config=state.config,
        phase=state.phase,
        turn=state.turn,
        to_act=to_act(state),
        hands=hands,
        holding=tuple(card is not None for card in state.hands),
        deck_size=sum(state.deck),
        discards=state.discards,
        turns_taken=state.turns_taken,
    )


# ----------------------------------------------------------------- the account


def card(value: int) -> str:
    """A card in words: ``a Brain``, ``1 zombie``, ``4 zombies``."""
    if value == 0:
        return "a Brain"
    return f"{value} zombie{'' if value == 1 else 's'}"


def _subject(s: int, seat: int | None) -> str:
    return "You" if s == seat else f"Seat {s}"


def _verb(s: int, seat: int | None, verb: str) -> str:
    return verb if s == seat else verb + "s"


def account(state: State, move: Move, after: State, seat: int | None) -> str:
    """``move`` at ``state`` (it led to ``after``) as ``seat`` may know it, line by line."""
    mover = state.turn
    who = _subject(mover, seat)
    if move.action is Action.KEEP:
        lines = [f"{who} {_verb(mover, seat, 'keep')} {'your' if mover == seat else 'their'} card."]
    elif move.action is Action.SWAP:
        old = state.hands[mover]
        assert old is not None
        lines = [
            f"{who} {_verb(mover, seat, 'throw')} out {card(old)} face up and"
            f" {_verb(mover, seat, 'draw')} a new card."
        ]
    elif state.phase is Phase.DEAL:
        if seat == mover:
            lines = [f"You are dealt {card(move.card)} face down, and look at it."]
        else:
            lines = [f"{who} is dealt a card face down."]
    elif seat == mover:
        lines = [f"You draw {card(move.card)}."]
    else:
        lines = [f"{who} draws a card face down."]
    lines += _what_follows(state, after, seat)
    return "\n".join(lines)


def _zombies(n: int) -> str:
    return "no zombies" if n == 0 else f"{n} zombie{'' if n == 1 else 's'}"


def _what_follows(state: State, after: State, seat: int | None) -> list[str]:
    outcome = result(after)
    if outcome is not None:
        shown = ", ".join(
            f"{_subject(s, seat)}: {card(value)}" for s, value in enumerate(outcome.scores)
        )
        winners = sorted(outcome.winners)
        low = _zombies(min(outcome.scores))
        if len(winners) == 1:
            verdict = f"{_subject(winners[0], seat)} {_verb(winners[0], seat, 'win')} with {low}."
        else:
            named = " and ".join(_subject(s, seat) for s in winners)
            verdict = f"{named} share the win with {low} each."
        return [f"Everyone turns their card over. {shown}.", verdict]
    if after.phase is Phase.TURN:  # a turn has begun: after the deal, a keep or a draw
        when = "first" if state.phase is Phase.DEAL else "next"
        return [f"{_subject(after.turn, seat)} {_verb(after.turn, seat, 'play')} {when}."]
    return []


describe = describer(Move, players_of, apply, account)


# -------------------------------------------------------------------- notation

FORMS = "'keep', 'swap' or 'card N' (chance), each optionally after '<seat>:'"


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names (as ``str(move)`` writes it); :class:`DecodeError` if none."""
    actor, words = split_actor(text, to_act(state))
    if words == ["keep"]:
        return Move(actor, Action.KEEP)
    if words == ["swap"]:
        return Move(actor, Action.SWAP)
    if len(words) == 2 and words[0] == "card":
        return Move(actor, Action.CARD, parse_int(words[1], "a card's zombie count", text))
    raise DecodeError(f"{short(text)} is not a Brain Swap move; moves are {FORMS}")
