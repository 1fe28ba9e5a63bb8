"""Words for Zombie Doctor's vocabulary cards, for ``describe``: each step as one seat knows it.

What each seat is told follows the steps' declared visibility (see
:mod:`.vocabulary`): body changes and who was shown a hand are public; a hand
shown to the table is named to everyone, a hand shown to the user is named to
the user (and its holder) only; a hand put under the deck is named to its
holder only; the cards a look covers, and the order they go back in, are named
to the user only. Never on the ``apply`` path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zombie_rules.core.wording import listing
from zombie_rules.zombie_doctor.custom_effects import Shown, split_args
from zombie_rules.zombie_doctor.state import State
from zombie_rules.zombie_doctor.vocabulary import (
    CURE,
    FLIP,
    FROM_MORGUE,
    NEW_HAND,
    REVEAL_HAND,
    SWAP,
    TO_MORGUE,
    Step,
)

if TYPE_CHECKING:
    from zombie_rules.zombie_doctor.describe import _Words

#: Body slots in plain English, by slot index (as ``describe.SLOT_TITLES``).
_SLOTS = ("head", "torso", "left arm", "right arm", "left leg", "right leg")


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def step_phrase(words: _Words, step: Step, args: tuple[int, ...]) -> str:
    """One step of the card, said from its user's side: "flip Seat 1's left arm"."""
    user = words.move.seat
    args = args if step.who != "user" or step.op == SWAP else (user, *args)
    op = step.op
    if op == FLIP:
        return f"flip {words.poss(args[0])} {_SLOTS[args[1]]} to the infected side"
    if op == CURE:
        return f"cure {words.poss(args[0])} {_SLOTS[args[1]]}"
    if op == TO_MORGUE:
        return f"put {words.poss(args[0])} {_SLOTS[args[1]]} into the morgue"
    if op == SWAP:
        a, b, slot = (user, *args) if step.who == "user" else args
        return f"swap {words.poss(a)} and {words.poss(b)} {_SLOTS[slot]}s"
    if op == REVEAL_HAND:
        to = "the table" if step.to == "table" else words.obj(user)
        return f"{words.obj(args[0])} must show {to} their hand"
    if op == NEW_HAND:
        return f"{words.obj(args[0])} must put their hand under the deck and draw a new one"
    if op == FROM_MORGUE:
        return "take a limb from the morgue without looking"
    return f"look at the top {_cards(step.count)} of the deck and put them back in any order"


def use_line(words: _Words, title: str, steps: tuple[Step, ...], about: str) -> str:
    """The first line of a vocabulary card's use: who uses it and each step it takes."""
    s = words.move.seat
    phrases = [
        step_phrase(words, step, mine)
        for step, mine in zip(steps, split_args(steps, words.move.args), strict=True)
    ]
    return f"{words.subj(s)} {words.verb(s, 'use', 'uses')} {title}{about}: {'; '.join(phrases)}."


def shown_lines(words: _Words, shown: Shown) -> list[str]:
    """What the hand steps showed, or sent under the deck, as ``words.seat`` may know it."""
    user, me = words.move.seat, words.seat
    lines = []
    for step, x, hand in shown:
        names = listing([words.card(k) for k in hand], empty="no cards")
        if step.op == NEW_HAND:
            if x == me:
                lines.append(f"Your hand ({names}) goes under the deck unseen.")
            else:
                lines.append(f"Seat {x}'s {_cards(len(hand))} go under the deck unseen.")
        elif step.to == "table":
            lines.append(f"{words.subj(x)} {words.verb(x, 'show', 'shows')} the table"
                         f" {words.own(x)} hand: {names}.")  # fmt: skip
        elif me == user:
            lines.append(f"Seat {x} shows you their hand: {names}.")
        elif me == x:
            lines.append(f"You show Seat {user} your hand: {names}.")
        else:
            lines.append(f"Seat {x} shows Seat {user} their hand.")
    return lines


def look_lines(words: _Words, state: State, step: Step) -> list[str]:
    """The start of a look: how many cards it covers, and those already lying on top."""
    user = words.move.seat
    look = min(step.count, len(state.deck_top) + sum(state.deck_unknown))
    seen = state.deck_top[: min(look, len(state.deck_top))]
    if not look:
        return ["The deck has no card to look at."]
    if words.seat != user:
        return [f"Seat {user} looks at the top {_cards(look)} of the deck."]
    if not seen:
        return [f"You look at the top {_cards(look)} of the deck."]
    names = listing([words.card(k) for k in seen], empty="")
    return [f"You look at the top {_cards(look)} of the deck: on top you see {names} (top first)."]


def look_draw_line(words: _Words) -> str:
    """A card the look turns up from the unseen part: named to the user alone."""
    user = words.state.turn
    if words.seat == user:
        card = words.card(words.names.index(words.move.card))
        return f"You look at the next card of the deck: the {card}."
    return f"Seat {user} looks at the next card of the deck."


def order_line(words: _Words) -> str:
    """The follow-up choice: the cards go back on top, their order told to the user alone."""
    user, state = words.move.seat, words.state
    if words.seat != user:
        return (
            f"Seat {user} puts the {_cards(state.look)} back on top of the deck in an order"
            " of their choosing."
        )
    order = [words.card(state.deck_top[i]) for i in words.move.args]
    return f"You put the cards back on top of the deck: {listing(order, empty='')} (top first)."
