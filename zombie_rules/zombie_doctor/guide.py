"""Zombie Doctor explained to a person: its move grammar, rules on one screen, cards, symbols."""

from __future__ import annotations

from typing import Any

from zombie_rules.core.presentation import CardText, Guide, MoveHelp
from zombie_rules.zombie_doctor.cards import (
    AMPUTATE,
    CHARACTERS,
    COMA,
    DEFIBRILLATOR,
    MAD_SCIENTIST,
    MEDICINE,
    MORGUE,
    XRAY,
)
from zombie_rules.zombie_doctor.state import Status
from zombie_rules.zombie_doctor.vocabulary import registered

_SLOTS = "Slots: head, torso, larm, rarm, lleg, rleg (left/right arm and leg)."

MOVES = (
    MoveHelp(
        "use",
        (
            "use amputate SEAT SLOT",
            "use xray SEAT",
            "use mad_scientist SEAT SLOT",
            "use coma",
            "use medicine SLOT",
            "use defibrillator",
            "use morgue",
            "use NAME [SEAT] [SLOT] ...",
        ),
        "Use one pain/gain card from your hand, on an opponent (by seat) or on yourself. You"
        " must use a card if one can be used. NAME is a custom card of the table, followed"
        " by the seats and slots each of its steps asks for, in order. " + _SLOTS,
        ("use amputate 2 larm", "use xray 1", "use medicine rleg", "use coma"),
    ),
    MoveHelp(
        "stuck",
        ("stuck flip SLOT", "stuck flip SLOT return CARD"),
        "When none of your cards can be used: flip one of your body cards to the infected"
        " side as a penalty (limbs first, then the torso, then the head), and if you like"
        " return a card from your hand under the deck, unseen, for a new one.",
        ("stuck flip lleg", "stuck flip torso return morgue"),
    ),
    MoveHelp(
        "order",
        ("order N N ...",),
        "After a custom card's look at the top of the deck: put the cards back in the order"
        " you like, top first, each named by its place now (0 is the top).",
        ("order 1 0",),
    ),
    MoveHelp(
        "take",
        ("take CARD",),
        "After your X-Ray: take one card from the hand it shows you.",
        ("take medicine",),
    ),
    MoveHelp(
        "flip",
        ("flip SLOT",),
        "After Amputate or X-Ray: flip one of your own body cards to the infected side"
        " (limbs first, then the torso, then the head). " + _SLOTS,
        ("flip rarm",),
    ),
    MoveHelp(
        "bite",
        ("bite SEAT SLOT",),
        "Bonus Game Mode, as a zombie after an even roll: bite an opponent, flipping one of"
        " their body cards to the infected side (in flip order).",
        ("bite 2 torso",),
    ),
    MoveHelp(
        "pass",
        ("pass",),
        "Bonus Game Mode, as a zombie after an even roll: do not bite.",
        ("pass",),
    ),
)

RULES = """\
Zombie Doctor on one screen (the rulebook, with docs/rulings/zombie_doctor.md)
  Bodies    each player is a character of six body cards (head, torso, two arms, two
            legs), healthy side up. An infected head turns you: you are out (12).
  Hand      3 pain/gain cards, secret. On your turn use exactly one usable card, put it
            under the deck (shown) and draw one. Usable means its effect can happen
            now (7); a player in a Coma cannot be targeted (19).
  Stuck     if no card can be used: flip one body card as a penalty, optionally return
            one card unseen under the deck for a new one (6, 8).
  Flipping  limbs first (infected or removed ones count as done), then the torso,
            then the head (11). Amputate and X-Ray make their user flip one (17).
  Amputate  cut off an opponent's infected limb (to the morgue), or the head of an
            opponent whose torso is infected: they are out (15).
  Cures     Medicine: an infected limb; Defibrillator: the torso; Morgue: a random limb
            from the morgue (21); Mad Scientist: swap your infected limb for the same
            healthy limb of an opponent (18). X-Ray: see a hand and take a card (16).
  Winning   the last player with a healthy head wins (13). After 200 rounds the player
            with the most healthy body cards wins (28, a house rule).
  Bonus     Config(bonus_mode=True): turned players stay in and roll a die; on an even
            roll they may bite (24)."""

LEGEND = """\
head:ok           a healthy body card;  larm:Z  infected (zombie side up)
rleg:--           removed (the limb is in the morgue)
larm:ok(Nurse Ivy)  a limb of another character, reattached: it works like your own
[alive, in a coma, 3 cards]  status (alive, turned, beheaded), Coma immunity until
                  their next turn, cards in hand
Your hand         your pain/gain cards, by the id you type (mad_scientist, xray, ...)
Deck              cards not yet seen, then the cards put under it, in the order they will
                  be drawn; (unseen) = put back face down by another player
Morgue            limbs removed from play (a Morgue card draws one at random)
Slots             head torso larm rarm lleg rleg (left/right arm, left/right leg)"""

_TEXTS = {
    AMPUTATE: "Stops the disease by cutting off a limb. Only an opponent's infected limb,"
    " which goes to the morgue; or, when their torso is infected, their head: they are out."
    " Then flip one of your own cards.",
    XRAY: "Look at all of an opponent's cards and take one. Then flip one of your own cards.",
    MAD_SCIENTIST: "Swap one of your infected limbs with the same limb of an opponent,"
    " healthy (left arm for left arm).",
    COMA: "Sleep for one round: you are immune to all cards until your next turn.",
    MEDICINE: "Cure one of your infected limbs (an arm or a leg still attached).",
    DEFIBRILLATOR: "Cure your infected torso.",
    MORGUE: "Take a limb from the morgue without looking. An infected one stays infected and"
    " replaces your healthy limb there; a healthy one replaces an infected one; a missing"
    " limb is simply attached.",
}

_NAMES = {
    AMPUTATE: "Amputate",
    XRAY: "X-Ray",
    MAD_SCIENTIST: "Mad Scientist",
    COMA: "Coma",
    MEDICINE: "Medicine",
    DEFIBRILLATOR: "Defibrillator",
    MORGUE: "Morgue",
}


def _custom_text(card: Any) -> str:
    """A custom card's text: its description, else what its steps or registered effect say."""
    if card.description:
        return str(card.description)
    if card.effect:
        text = registered(card.effect).text
        return text or "A custom card of this table (its effect is the table's code)."
    return (
        "A custom card of this table: "
        + "; ".join(f"{step.op.replace('_', ' ')} ({step.who})" for step in card.steps)
        + "."
    )


def cards(config: Any) -> tuple[CardText, ...]:
    """The table's pain/gain cards (custom ones too) and the characters at the table."""
    entries = []
    custom = {c.name: c for c in config.custom_cards}
    for name, copies in config.deck:
        text = _TEXTS.get(name) or _custom_text(custom[name])
        entries.append(
            CardText(
                "Pain/gain card", name, _NAMES.get(name, name), f"{text} {copies} in the deck."
            )
        )
    for seat, character in enumerate(CHARACTERS[: config.players]):
        entries.append(
            CardText(
                "Character",
                str(seat),
                character,
                f"Seat {seat}'s six body cards: head, torso, arms and legs, healthy side up"
                " at the start, zombie side on the back.",
            )
        )
    return tuple(entries)


def out_of_game(view: Any, seat: int) -> str | None:
    """Why ``seat`` plays no more: beheaded, or turned outside the Bonus Game Mode."""
    status = view.status[seat]
    if status is Status.BEHEADED:
        return "You have lost your head: you are out of the game."
    if status is Status.TURNED and not view.config.bonus_mode:
        return "Your head is infected: you have turned into a zombie and are out of the game."
    return None


GUIDE = Guide(
    title="Zombie Doctor",
    summary="Amputate, X-Ray and cure your way to being the last one with a healthy head.",
    moves=MOVES,
    rules=RULES,
    legend=LEGEND,
    cards=cards,
    out_of_game=out_of_game,
)
