"""Quarantine Z explained to a person: its move grammar, rules on one screen, cards, symbols."""

from __future__ import annotations

from typing import Any

from zombie_rules.core.presentation import CardText, Guide, MoveHelp
from zombie_rules.quarantine_z.cards import ACTION_NAMES, Face
from zombie_rules.quarantine_z.custom import rule_text

_ITEM = (
    "I is an item id (the number before its name on the board) or its name: the whole"
    " name, a unique start of it or whole words of it ('first aid', 'bat')."
)

MOVES = (
    MoveHelp(
        "choose",
        ("choose supply", "choose munition"),
        "Set-up: pick the deck your next card is drawn from (Supply: food, healing, armour;"
        " Munition: weapons and ammunition).",
        ("choose supply", "choose munition"),
    ),
    MoveHelp(
        "propose",
        ("propose L",),
        "On the Move: propose the location [L] to travel to. Everyone must agree; once the"
        " proposals differ you may switch to another Survivor's.",
        ("propose 3",),
    ),
    MoveHelp(
        "use",
        ("use I",),
        "Use an item from your hand: a healing item outside combat, or a Combat Item while"
        " declaring in combat. " + _ITEM,
        ("use 3", "use first-aid-kit"),
    ),
    MoveHelp(
        "equip", ("equip I",), "Equip an item from your hand, face up. " + _ITEM, ("equip 17",)
    ),
    MoveHelp(
        "give",
        ("give S I",),
        "Hand item I to the Survivor at seat S (not in combat).",
        ("give 2 17",),
    ),
    MoveHelp(
        "steal",
        ("steal S",),
        "Take a random card from seat S's hand (not in combat).",
        ("steal 2",),
    ),
    MoveHelp(
        "snatch",
        ("snatch S I",),
        "Take item I that seat S has equipped; it stays equipped, on you.",
        ("snatch 2 17",),
    ),
    MoveHelp(
        "ambush",
        ("ambush S fight", "ambush S shoot"),
        "Attack the Survivor at seat S with your Fight or Shoot card: a free attack, then"
        " everyone is in combat.",
        ("ambush 2 fight",),
    ),
    MoveHelp(
        "claim",
        ("claim I",),
        "At a location: claim a card lying here, into your hand (see also claim-use and"
        " claim-hidden). The other Survivors may allow or object.",
        ("claim 5",),
    ),
    MoveHelp(
        "claim-use",
        ("claim-use I",),
        "Claim a card lying here and use or equip it at once.",
        ("claim-use 17",),
    ),
    MoveHelp(
        "claim-hidden",
        ("claim-hidden",),
        "Claim one of the face-down cards lying here that you have not seen.",
        ("claim-hidden",),
    ),
    MoveHelp("stash", ("stash I",), "Leave item I here, face down.", ("stash 0",)),
    MoveHelp(
        "feed",
        ("feed I",),
        "At a Shelter: feed a Supply card to it. Once one is fed per living Survivor, the"
        " Zombie Player discards 6 cards.",
        ("feed 0",),
    ),
    MoveHelp(
        "leave",
        ("leave",),
        "Be ready to leave the location; when every Survivor is, On the Move begins.",
        ("leave",),
    ),
    MoveHelp("allow", ("allow",), "Let another Survivor have the card they claim.", ("allow",)),
    MoveHelp(
        "object",
        ("object",),
        "Object to another Survivor's claim: nobody gets the card until it is settled.",
        ("object",),
    ),
    MoveHelp("withdraw", ("withdraw",), "Withdraw your disputed claim.", ("withdraw",)),
    MoveHelp("concede", ("concede",), "Give up your objection to a claim.", ("concede",)),
    MoveHelp(
        "commit",
        ("commit fight", "commit shoot", "commit escape", "commit pass"),
        "Combat, Decide step: lay an Action card face down. Fight: roll, 3+ hits for 1 plus"
        " your best melee weapon. Shoot: needs a firearm and its ammunition. Escape: roll at"
        " least the Escape Value (+1 per other Survivor here not escaping). Pass: nothing.",
        ("commit escape", "commit fight"),
    ),
    MoveHelp(
        "target-zombie",
        ("target-zombie Z",),
        "Combat, Declare step: aim your Fight or Shoot at zombie Z (its number) here.",
        ("target-zombie 0",),
    ),
    MoveHelp(
        "target-survivor",
        ("target-survivor S",),
        "Combat, Declare step: aim your Fight or Shoot at the Survivor at seat S.",
        ("target-survivor 2",),
    ),
    MoveHelp(
        "ready",
        ("ready",),
        "Combat, Declare step: you are done declaring. On the Move, after proposing: wait for"
        " the others to agree.",
        ("ready",),
    ),
    MoveHelp(
        "play",
        ("play C",),
        "Zombie Player, Zombies! step: play Zombie card C face up (a card that says 'This is"
        " a Zombie').",
        ("play 0", "play runner"),
    ),
    MoveHelp(
        "hide",
        ("hide C",),
        "Zombie Player: play Zombie card C face down, as a standard zombie (its face stays"
        " secret).",
        ("hide 5",),
    ),
    MoveHelp(
        "event",
        ("event C", "event C S"),
        "Zombie Player: play Event card C when you could play a Zombie (with S: the"
        " Survivor it bites).",
        ("event 10", "event 11 2"),
    ),
    MoveHelp(
        "mutate",
        ("mutate C Z",),
        "Zombie Player: put Mutation card C on zombie Z here (never the same one twice).",
        ("mutate 5 0",),
    ),
    MoveHelp(
        "draw",
        ("draw",),
        "Zombie Player: draw a card instead of playing a Zombie.",
        ("draw",),
    ),
    MoveHelp("done", ("done",), "Zombie Player: end this step.", ("done",)),
    MoveHelp(
        "burn",
        ("burn",),
        "Zombie Player, fed Shelter: discard the top card of your deck, unseen.",
        ("burn",),
    ),
    MoveHelp(
        "bite",
        ("bite S",),
        "Zombie Player, Zombie step: choose the Survivor this zombie damages.",
        ("bite 1",),
    ),
    MoveHelp(
        "discard",
        ("discard C",),
        "Zombie Player, fed Shelter: discard Zombie card C from your hand.",
        ("discard 0",),
    ),
)

RULES = """\
Quarantine Z on one screen (the rulebook, with docs/rulings/quarantine_z.md)
  Sides     one Zombie Player (seat 0 by default) against the Survivors. Survivors win
            when the Zombie Player has no cards left in deck and hand; the Zombie Player
            wins when every Survivor is dead. Survivors start with 3 Life.
  Set-up    10 Buildings face up. Each Survivor draws 4 cards, choosing Supply or
            Munition before each draw (3); the Zombie Player draws 4 Zombie cards.
  On the Move  Survivors propose a destination until all agree (5); each rolls to Sneak
            (3 or less makes Noise: the Zombie Player draws a card per Noise, 7). At the
            location the Zombie Player plays one zombie or draws (9, 10), then combat;
            then the first visit's loot is dealt face down.
  Location  free actions (at most 6 gifts, thefts, ambushes, claims, stashes each, 15):
            claim cards (others may object, 16), stash, use and equip items, feed a
            Shelter, trade, steal, ambush; 'leave' when done (6). Hand limit 6 (12).
  Combat    Decide: everyone lays Fight, Shoot or Escape face down; reveal; Declare
            targets and Combat Items in seat order (19); Resolve all rolls at once (20);
            then each zombie left deals its damage. Escapers roll the Escape Value or more.
  Shelter   feed one Supply card per living Survivor: the Zombie Player discards 6 (24).
  Death     a Survivor at 0 Life is dead: their hand lies face down here, their
            equipment face up (26). Armor absorbs damage first (23)."""

LEGEND = """\
Survivor 1 (you): Life 3, Armor 0   a Survivor's Life and Armor points; (you) is your seat
hand [3 First Aid Kit, 14 Bullets x2]   id and name of each card you know; x2: two alike
1 S and 2 M unseen   cards you have not seen, by deck: S Supply, M Munition
[3] Supermarket (5S/1M, Escape 3, Shelter, variable, looted) <- here
                  location index (type it in 'propose'), the Supply/Munition cards its
                  first loot deals, its Escape modifier, its properties; <- here: you are there
cards: [...] + 1 S, 0 M face down   cards lying at the location
zombie 0: face-down zombie +Claws, damage 1   zombie number (type it in 'target-zombie'),
                  its card ("face-down": a standard zombie whose face is secret),
                  Mutations on it, and the damage it has taken; a zombie keeps its
                  number while it is in play
Combat: Survivor 2 face down -> zombie 0   each Survivor's Action card (face down until
                  the reveal) and target; escaped, died
Proposals         where each Survivor proposes to go
Decks             cards left in each deck, and the Zombie Player's hand size"""


def _zombie_text(card: Any) -> str:
    stats = ""
    if card.face is Face.ZOMBIE:
        stats = f" Life {card.life}, Damage {card.damage}, Escape +{card.escape}."
    text = rule_text(card.text, card.effect, card.amount)
    return f"{card.face.value.capitalize()} card. {text}{stats} {card.copies} in the deck."


def cards(config: Any) -> tuple[CardText, ...]:
    """Every card of the table's set: Action, Zombie, Supply, Munition and Building cards."""
    texts = {
        "Fight": f"Roll a die: on {config.fight_hit} or more you hit for 1 damage plus the bonus"
        " of your best equipped melee weapon; a 6 with a Headshot weapon is a Headshot."
        " Makes no Noise.",
        "Shoot": "Needs an equipped firearm and one of its ammunition cards in hand (spent)."
        " Roll a die: the gun's hit number or more deals its damage, its Headshot number or"
        " more is a Headshot. 1 Noise (none with a Silencer).",
        "Escape": "Roll a die, +1 for each other Survivor here not escaping (this combat's"
        " dead included): the Escape Value or more escapes the combat.",
    }
    actions = tuple(
        CardText("Action card", name.lower(), name, texts.get(name, "") + " Each Survivor has one.")
        for name in ACTION_NAMES
    )
    zombies = tuple(
        CardText("Zombie card", str(i), card.name, _zombie_text(card))
        for i, card in enumerate(config.zombie_cards)
    )
    items = tuple(
        CardText(
            "Supply card" if item.deck.value == "S" else "Munition card",
            str(i),
            item.name,
            f"{rule_text(item.text, item.effect, item.amount)} {item.copies} in the deck.",
        )
        for i, item in enumerate(config.items)
    )
    buildings = tuple(
        CardText(
            "Building",
            str(i),
            b.name,
            f"Loot {b.supply} Supply, {b.munition} Munition; Escape +{b.escape}."
            + (" Shelter." if b.shelter else "")
            + (" Variable: its loot is rolled for." if b.variable else ""),
        )
        for i, b in enumerate(config.buildings)
    )
    return actions + zombies + items + buildings


def out_of_game(view: Any, seat: int) -> str | None:
    """A Survivor at 0 Life is dead; the Zombie Player is never out before the end."""
    if seat == view.config.zombie_seat:
        return None
    if view.survivors[seat].life <= 0:
        return "You are dead: the zombies got your Survivor."
    return None


GUIDE = Guide(
    title="Quarantine Z",
    summary="Survivors scavenge a quarantined town while one player plays the Zombies.",
    moves=MOVES,
    rules=RULES,
    legend=LEGEND,
    cards=cards,
    out_of_game=out_of_game,
)
