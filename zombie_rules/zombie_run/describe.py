"""The account of a Zombie Run! move as one seat may know it, in plain English.

The first line is the move itself, worded from what the seat knew before it, so
it can label a choice (``label``) without playing it; the lines after it tell what
the move showed or set off (the cards a peek shows, the card a swap throws out, a
reshuffle, a round's end).
The words depend only on what the seat may know: which positions a player looks
at or swaps into is seen across the table, what the cards are is not until they
are face up. So every card dealt reads the same, and another seat's draw from the
Draw Pile reads "Seat 1 draws a card from the Draw Pile" whatever the card.
"""

from __future__ import annotations

from collections.abc import Sequence

from zombie_rules.core.describing import describer, players_of
from zombie_rules.core.validation import expect_seat, expect_well_formed
from zombie_rules.zombie_run.cards import is_special
from zombie_rules.zombie_run.config import TieBreak, card_label, card_text, tables
from zombie_rules.zombie_run.rules import (
    apply,
    draw_reshuffles,
    ends_the_round,
    last_round,
    result,
    taken_card_may_go_back,
)
from zombie_rules.zombie_run.state import Action, Move, Phase, RoundResult, State
from zombie_rules.zombie_run.views import view
from zombie_rules.zombie_run.wording import card, card_kinds, counted, listed, seats, zombies

SHOUT = '"I\'VE GOT BRAAAAAINS!"'


def account(state: State, move: Move, after: State, seat: int | None) -> str:
    """``move`` at ``state``, led to ``after``; as ``seat`` (``None``: a spectator) knows it."""
    lines = [_move_line(state, move, seat)]
    phase = state.phase
    if phase is Phase.FLIP:
        lines += _flip(state, after, seat)
    elif phase is Phase.PEEK:
        lines += _peek(state, move, after, seat)
    elif phase is Phase.DRAW:
        lines += _draw(state, move, after, seat)
    elif phase is Phase.DECIDE:
        lines += _decide(state, move, after, seat)
    elif phase is Phase.DRAW_CARD and after.phase is not Phase.DECIDE:
        lines += _drawn_effect(state, move, after, seat)
    return "\n".join(lines)


def _drawn_effect(state: State, move: Move, after: State, seat: int | None) -> list[str]:
    """A special card that acted as it was drawn: the whole table saw it (ruling 16)."""
    config = state.config
    drawn = move.args[0]
    mover = state.turn
    lines = [
        f"It is {card_label(config, drawn)}, shown to the table: {card_text(config, drawn)}",
        f"{_cap(_whose(mover, seat))} turn ends with it face up on the Discard Pile.",
    ]
    looked = (
        [
            p
            for p, (old, new) in enumerate(zip(state.seen[mover], after.seen[mover], strict=True))
            if old != new
        ]
        if after.phase is Phase.DRAW and after.round == state.round
        else []
    )
    for p in looked:
        what = f": {card(after.hands[mover][p])}" if seat == mover else ""
        lines.append(f"{_subject(mover, seat)} {_verb(mover, seat, 'look')} at position {p}{what}.")
    if after.round != state.round or after.phase is Phase.OVER:
        lines += _round_end(state, Move(mover, Action.DISCARD), after, seat)
    elif len(after.reshuffles) > len(state.reshuffles):
        lines.append(
            f"The Draw Pile has run out: the dealer ({_who(state.dealer, seat)}) shuffles the"
            f" Discard Pile, all but its top card, into a new Draw Pile: {_pile(after)}."
        )
    return lines


describe = describer(Move, players_of, apply, account)


def label(state: State, move: Move, seat: int | None) -> str:
    """The first line of ``describe``, for a menu: worded from ``state`` so no move is played.

    Refuses a malformed move or an unknown seat like ``describe``; a label is asked
    for the legal moves of ``state`` only, so legality is left to ``apply``.
    """
    expect_well_formed(move, Move)
    expect_seat(seat, players_of(state))
    return _move_line(state, move, seat)


# ------------------------------------------------------------------ the move itself


def _move_line(state: State, move: Move, seat: int | None) -> str:
    """The move as ``seat`` knew it before it was made: the account's first line, the label."""
    phase = state.phase
    if phase is Phase.DEAL:
        # Nobody looks at a dealt card, its owner included: every card reads the same.
        to = state.turn
        position = len(state.hands[to])
        return f"The dealer deals {_who(to, seat)} a card face down, at position {position}."
    if phase is Phase.FLIP:
        return f"The dealer turns up {_named(state, move.args[0])} to start the Discard Pile."
    if phase is Phase.PEEK:
        where = _positions(move.args)
        if seat == move.seat:
            return f"You look at {where} of your hand."
        return f"Seat {move.seat} looks at {where} of their hand."
    if phase is Phase.DRAW:
        drawer = move.seat
        if move.action is Action.DRAW_DISCARD:
            top = card(state.discard_pile[-1])
            # Ruling 7: "There is no passing", so by default the taken card stays.
            keep = (
                ""
                if taken_card_may_go_back(state.config)
                else f", and must then swap it into {_whose_own(drawer, seat)} hand (no passing)"
            )
            return (
                f"{_subject(drawer, seat)} {_verb(drawer, seat, 'take')} {top} from the"
                f" Discard Pile{keep}."
            )
        # Ruling 14: an empty Draw Pile takes the whole Discard Pile in first.
        refill = (
            "; it is empty, so the dealer first shuffles the whole Discard Pile, its face-up"
            " card too, into a new Draw Pile"
            if draw_reshuffles(state)
            else ""
        )
        return (
            f"{_subject(drawer, seat)} {_verb(drawer, seat, 'choose')} to draw from the Draw"
            f" Pile{refill}."
        )
    if phase is Phase.DRAW_CARD:
        if seat == state.turn:
            return f"You draw {_named(state, move.args[0])} from the Draw Pile."
        return f"Seat {state.turn} draws a card from the Draw Pile."
    return _decision(state, move, seat)


def _decision(state: State, move: Move, seat: int | None) -> str:
    """A swap or a discard of the card held, with the shout if there is one."""
    mover = state.turn
    held = state.held
    assert held is not None
    shout = f", and {_verb(mover, seat, 'shout')} {SHOUT}" if move.shout else ""
    shout += _round_ending(state, move, seat)
    if move.action is Action.SWAP:
        p = move.args[0]
        if seat == mover:
            drawn = f"the {'taken' if state.held_public else 'drawn'} {_bare(held)}"
            knew = _knew(state, seat, p)
            there = "a card you have not seen" if knew is None else f"where you saw {card(knew)}"
            return f"You swap {drawn} into position {p}, {there}{shout}."
        what = f"{card(held)}, which they took," if state.held_public else "the card they drew"
        return f"Seat {mover} swaps {what} into position {p}{shout}."
    if state.held_public:  # thrown straight back (Config(discard_taken_card=True))
        return (
            f"{_subject(mover, seat)} {_verb(mover, seat, 'put')} {card(held)} back on the"
            f" Discard Pile{shout}."
        )
    if seat == mover:
        return f"You discard the drawn {_bare(held)}{shout}."
    return f"Seat {mover} discards the card they drew, {card(held)}{shout}."


def _round_ending(state: State, move: Move, seat: int | None) -> str:
    """What a decision that ends the round sets off, for its first line: a label must say it.

    "the round stops immediately" and "Each player then turns over all four of their
    cards"; a shouter not lowest "their score for the round DOUBLES"; on the last
    round "The game lasts five rounds." ends the game too. Empty for a decision
    that lets play go on. Every part of it is public: the shout, the turn count,
    the round.
    """
    if not ends_the_round(state, move):
        return ""
    ending = "the last round, and with it the game," if last_round(state) else "the round"
    if move.shout:
        mover = state.turn
        return (
            f": {ending} stops at once and every hand is turned over;"
            f" {_whose(mover, seat)} score for the round doubles unless"
            f" {_whose_own(mover, seat)} total is the lowest"
        )
    limit = state.config.turn_limit
    return f"; that is turn {limit}, the turn limit, so {ending} ends and every hand is turned over"


def _knew(state: State, seat: int | None, position: int) -> int | None:
    """The card ``seat`` had seen at ``position`` of its own hand, if any."""
    return view(state, seat).hands[state.turn][position]


# ------------------------------------------------------------------ what it set off


def _flip(state: State, after: State, seat: int | None) -> list[str]:
    if after.phase is Phase.PEEK:
        return [f"Everyone now looks at {counted(state.config.peek_count, 'card')} of their own."]
    return [_first_player(after, seat)]


def _peek(state: State, move: Move, after: State, seat: int | None) -> list[str]:
    lines = []
    if seat == move.seat:
        hand = state.hands[move.seat]
        seen = listed([f"{card(hand[p])} at position {p}" for p in move.args])
        lines.append(f"You see {seen}.")
    if after.phase is Phase.DRAW:
        lines.append("Everyone has looked. " + _first_player(after, seat))
    return lines


def _draw(state: State, move: Move, after: State, seat: int | None) -> list[str]:
    if move.action is Action.DRAW_DISCARD or len(after.reshuffles) == len(state.reshuffles):
        return []
    return [
        "The Draw Pile is empty, so the dealer"
        f" ({_who(state.dealer, seat)}) shuffles the whole Discard Pile into a new Draw"
        f" Pile: {_pile(after)}."
    ]


def _decide(state: State, move: Move, after: State, seat: int | None) -> list[str]:
    mover = state.turn
    lines = []
    if move.action is Action.SWAP:
        p = move.args[0]
        old = state.hands[mover][p]
        if seat != mover:
            lines.append(f"{_cap(card(old))} from there goes face up on the Discard Pile.")
        elif _knew(state, seat, p) is None:
            lines.append(f"It was {card(old)}, which goes face up on the Discard Pile.")
        else:
            lines.append(f"{_cap(card(old))} goes face up on the Discard Pile.")
    if after.round != state.round or after.phase is Phase.OVER:
        lines += _round_end(state, move, after, seat)
    elif len(after.reshuffles) > len(state.reshuffles):
        top = card(after.discard_pile[-1])
        lines.append(
            f"The Draw Pile has run out: the dealer ({_who(state.dealer, seat)}) shuffles the"
            f" Discard Pile, all but its top card ({top}), into a new Draw Pile: {_pile(after)}."
        )
    return lines


# ----------------------------------------------------------------- round end


def _round_end(state: State, move: Move, after: State, seat: int | None) -> list[str]:
    record = after.history[-1]
    lines = []
    if not move.shout:
        lines.append(
            f"That was turn {state.turns_taken + 1} of the round, the turn limit: time is"
            " called with nobody shouting."
        )
    lines.append(f"Round {state.round + 1} is over. Everyone turns over their cards:")
    for s, (hand, total) in enumerate(zip(record.hands, record.totals, strict=True)):
        cards = ", ".join(card_label(state.config, c) for c in hand)
        lines.append(f"  {_subject(s, seat)}: {cards} ({zombies(total)} in all)")
    lines.append(_shout_verdict(record, seat))
    lines.append(f"Round scores: {_scores(record.scores, seat)}.")
    lines.append(f"Totals: {_scores(after.scores, seat)}.")
    if after.phase is Phase.OVER:
        lines += _game_end(after, seat)
    else:
        lines.append(
            f"{_subject(after.dealer, seat)} {_verb(after.dealer, seat, 'deal')}"
            f" round {after.round + 1}."
        )
    return lines


def _shout_verdict(record: RoundResult, seat: int | None) -> str:
    shouter = record.shouter
    totals = record.totals
    if shouter is None:
        return "Nobody shouted, so no score doubles."
    mine = totals[shouter]
    low = min(totals)
    who = _subject(shouter, seat)
    if mine > low:
        lowest = [s for s, t in enumerate(totals) if t == low]
        has = "has" if len(lowest) == 1 and lowest[0] != seat else "have"
        return (
            f"{who} shouted with {zombies(mine)}, but {_seats(lowest, seat)} {has} only"
            f" {zombies(low)}: {_whose(shouter, seat)} score for the round doubles to"
            f" {record.scores[shouter]} (zombies hate liars)."
        )
    others = [s for s, t in enumerate(totals) if t == low and s != shouter]
    if others:
        return (
            f"{who} shouted and {_verb(shouter, seat, 'tie')} for the lowest total"
            f" ({zombies(low)}) with {_seats(others, seat)}: nothing happens, but that was"
            " a close call."
        )
    return (
        f"{who} shouted and {_verb(shouter, seat, 'have', 'has')} the lowest total"
        f" ({zombies(low)}): the score stands."
    )


def _game_end(after: State, seat: int | None) -> list[str]:
    outcome = result(after)
    assert outcome is not None
    winners = sorted(outcome.winners)
    best = min(after.scores)
    rounds = counted(after.round + 1, "round")
    lines = [f"The game is over after {rounds}."]
    tied = [s for s, score in enumerate(after.scores) if score == best]
    if len(winners) == 1 and len(tied) > 1:
        assert after.config.tie_break is TieBreak.LAST_ROUND
        (winner,) = winners
        lines.append(
            f"{_cap(_seats(tied, seat))} tie on {zombies(best)}; {_who(winner, seat)}"
            f" {_verb(winner, seat, 'win')} on the latest round that separates them."
        )
    elif len(winners) == 1:
        (winner,) = winners
        lines.append(
            f"{_subject(winner, seat)} {_verb(winner, seat, 'escape')} the town and"
            f" {_verb(winner, seat, 'win')} with {zombies(best)}."
        )
    else:
        lines.append(f"{_cap(_seats(winners, seat))} share the win with {zombies(best)} each.")
    return lines


# ------------------------------------------------------------------- wording


def _named(state: State, value: int) -> str:
    """``card(value)``, a special card called by its own name."""
    return f"the {card_label(state.config, value)}" if is_special(value) else card(value)


def _who(s: int, seat: int | None) -> str:
    return "you" if s == seat else f"Seat {s}"


def _subject(s: int, seat: int | None) -> str:
    """``_who`` at the start of a sentence."""
    return "You" if s == seat else f"Seat {s}"


def _whose(s: int, seat: int | None) -> str:
    return "your" if s == seat else f"Seat {s}'s"


def _whose_own(s: int, seat: int | None) -> str:
    """The possessive after the mover was named: "your hand", "their hand"."""
    return "your" if s == seat else "their"


def _verb(s: int, seat: int | None, verb: str, third: str | None = None) -> str:
    """The verb agreeing with ``_who(s, seat)``: "you take", "Seat 1 takes"."""
    if s == seat:
        return verb
    return third or verb + "s"


def _seats(numbers: Sequence[int], seat: int | None) -> str:
    if seat in numbers:
        rest = [n for n in numbers if n != seat]
        return "you" if not rest else f"you and {seats(rest)}"
    return seats(numbers)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bare(value: int) -> str:
    """A card after "the drawn": ``"7 (7 zombies)"``, ``"Zombie Horde (15 zombies)"``."""
    return card(value).removeprefix("the ")


def _positions(positions: Sequence[int]) -> str:
    word = "position" if len(positions) == 1 else "positions"
    return f"{word} {listed([str(p) for p in positions])}"


def _pile(state: State) -> str:
    counts = state.reshuffles[-1].counts
    values = tables(state.config).values
    size = counted(sum(counts), "card")
    return f"{size}, {card_kinds(zip(values, counts, strict=True))}"


def _scores(scores: Sequence[int], seat: int | None) -> str:
    return ", ".join(
        f"Seat {s}{' (you)' if s == seat else ''} {score}" for s, score in enumerate(scores)
    )


def _first_player(after: State, seat: int | None) -> str:
    return f"{_subject(after.turn, seat)} {_verb(after.turn, seat, 'play')} first."
