"""Zombie Run! explained to a person: its move grammar, rules on one screen, cards, symbols."""

from __future__ import annotations

from typing import Any

from zombie_rules.core.presentation import CardText, Guide, MoveHelp
from zombie_rules.zombie_run.cards import EMPTY_STREETS, ZOMBIE_HORDE, card_name, special_card
from zombie_rules.zombie_run.specials import effect_text

MOVES = (
    MoveHelp(
        "peek",
        ("peek P Q",),
        "At the start of a round, look at two of your own cards, at hand positions P and Q"
        " (counted from 0 across your square of cards). Everyone sees which two you lift;"
        " only you see what they are, and you never look again: remember them.",
        ("peek 0 1", "peek 2 3"),
    ),
    MoveHelp(
        "draw",
        ("draw pile", "draw discard"),
        "Begin your turn: draw the top card of the face-down Draw Pile (only you see it), or"
        " take the face-up top card of the Discard Pile (everyone sees it).",
        ("draw pile", "draw discard"),
    ),
    MoveHelp(
        "swap",
        ("swap N", "swap N shout"),
        "Put the card you hold at hand position N; the card that was there goes face up on"
        " the Discard Pile. Add 'shout' to end the round as you do it.",
        ("swap 2", "swap 0 shout"),
    ),
    MoveHelp(
        "discard",
        ("discard", "discard shout"),
        "Throw the card you drew from the Draw Pile face up on the Discard Pile and keep your"
        " hand. A card taken from the Discard Pile cannot go straight back (no passing).",
        ("discard", "discard shout"),
    ),
    MoveHelp(
        "shout",
        ("swap N shout", "discard shout"),
        'Shout "I\'VE GOT BRAAAAAINS!" as you discard, on your own turn: the round stops at'
        " once and every hand is turned over. If you do not have the lowest total (a tie is"
        " fine), your score for the round doubles.",
        ("swap 1 shout", "discard shout"),
    ),
)

RULES = """\
Zombie Run! on one screen (the rulebook, with docs/rulings/zombie_run.md)
  Goal      the lowest total of zombies after the last round (5 by default) wins:
            lower is better. A tie for the lowest is a shared win (ruling 12).
  Cards     Empty Streets 0 zombies, numbered cards 1-9 (five of each), Zombie Horde
            15 (ruling 1): 75 in all.
  Deal      four cards each, face down in a square; one card face up starts the
            Discard Pile. The dealer moves one seat clockwise each round, and the
            player on the dealer's left plays first (ruling 6).
  Look      at the start of each round everyone looks at two of their own cards, once.
            Which two you lift is seen by all, what they are only by you (ruling 5).
  Turn      draw from the Draw Pile or take the Discard Pile's top card, then swap it
            into your hand (the card there goes face up on the Discard Pile) or, if it
            came from the Draw Pile, discard it. A card taken from the Discard Pile must
            be swapped in: no passing (ruling 7).
  Shout     only on your turn, as you discard (swap or discard): the round stops, all
            hands are turned over and counted (ruling 8).
  Scoring   each player scores the zombies in their hand. A shouter who does not have
            the lowest total (ties are fine) scores double for that round (ruling 9).
  Piles     when the Draw Pile runs out, the Discard Pile but its top card is shuffled
            into a new one; everyone knows what went in (ruling 11).
  Limit     a round nobody ends is scored as it stands after 100 turns (ruling 10)."""

LEGEND = """\
[2:??]      hand position 2 holds a card you do not know (not looked at, or not seen)
[0: 7]      position 0 holds a 7 (7 zombies); [1: 0] is Empty Streets, [3:15] a Zombie Horde
(you)       your seat
Scores      each seat's total so far, in zombies: lower is better
Draw Pile   face-down cards left; Discard Pile top: the face-up card you may take
holds       the card the player to move has drawn and not yet placed ("a face-down card"
            when only they have seen it)
Last round  who shouted, and each seat's score for that round"""


def cards(config: Any) -> tuple[CardText, ...]:
    """One entry per card kind of the table's deck, worst last, then its special cards."""
    entries = []
    for zombies, copies in sorted(config.deck):
        flavour = ""
        if zombies == EMPTY_STREETS:
            flavour = " These are good!"
        elif zombies == ZOMBIE_HORDE:
            flavour = " These are bad!"
        count = "zombie" if zombies == 1 else "zombies"
        entries.append(
            CardText(
                "Card",
                str(zombies),
                card_name(zombies),
                f"{zombies} {count} chasing you; {copies} in the deck.{flavour}",
            )
        )
    for k, special in enumerate(getattr(config, "specials", ())):
        entries.append(
            CardText(
                "Special card",
                str(special_card(k)),
                special.name,
                f"{effect_text(special)} {special.copies} in the deck.",
            )
        )
    return tuple(entries)


GUIDE = Guide(
    title="Zombie Run!",
    summary="Keep the fewest zombies in a hand you only half remember; shout to end the round.",
    moves=MOVES,
    rules=RULES,
    legend=LEGEND,
    cards=cards,
    pause_after_round=True,
)
