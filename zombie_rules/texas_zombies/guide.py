"""Texas Zombies explained to a person: its move grammar, rules on one screen, cards, symbols."""

from __future__ import annotations

import json
from typing import Any

from zombie_rules.core.presentation import CardText, Guide, MoveHelp
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.config import tables
from zombie_rules.texas_zombies.effects import effect_named

MOVES = (
    MoveHelp(
        "tell",
        ("tell O1 O2 ...", 'tell O1 O2 ... "your story"'),
        "Tell how you escaped the Event, using exactly as many Objects from your hand as the"
        " back of the next Event shows. Name the Objects by number or by name, in any order."
        " The story is optional; put it in double quotes, or just type it after the Objects.",
        ("tell 3 17", 'tell cucumber 42 "I pickled the zombie"', "tell 3 17 we hid in the silo"),
    ),
    MoveHelp(
        "speechless",
        ("speechless",),
        "Tell no story (rule G, note): the challenge fails at once, the Event is discarded,"
        " and you keep your Objects.",
        ("speechless",),
    ),
    MoveHelp(
        "vote",
        ("vote yes", "vote no"),
        "Vote, in secret, whether the active player's story was convincing (rule H). At least"
        " half Yes wins the Event (rule I). Every vote is shown once all are in.",
        ("vote yes", "vote no"),
    ),
)

RULES = """\
Texas Zombies on one screen (the rulebook's rules A-Q, with docs/rulings/texas_zombies.md)
  Teams     each player is dealt a secret Team card: Beta Lambda or Darwin & Dragons.
            With an odd number of players one team is bigger, and nobody is told which
            (C; Config(split_public=True) tells everyone).
  Set-up    3 Events per player form the pile (A); everyone holds 3 Objects (B).
  Turn      the active player turns up the next Event (E) and tells how they escaped it
            with exactly N Objects, N being the number on the back of the next Event (F).
            On the last Event, all 3 Objects (L).
  Vote      the others vote Yes or No at once, in secret (H). At least half Yes: the
            teller wins the Event (I); else it is discarded (J). Being speechless fails
            without a vote, and keeps the Objects (G).
  Refill    the Objects used are discarded and the teller draws back to 3 (I, J); an
            empty Object pile is refilled from the discards.
  End       after the last Event the teams are revealed (M). A team scores the Events its
            members won (N); in an odd game only its best and worst member count (O),
            and a team of one counts double (P). Most Events wins; a tie: everyone wins (Q).
  Scores    a seat's score is its team's total: higher is better.
  Variants  Config(team_sizes=(4, 1)) splits the teams otherwise (teams of different
            sizes score as an odd game's); Config(hand_size=4) deals bigger hands;
            Config(last_story=LastStory.OWN_BACK): the last story uses the number
            on the last Event's own back."""

LEGEND = """\
Events won: 0:2 1:0        Events each seat has won so far
back of the top card shows 2   the story being told must use 2 Objects
Your team                  your secret Team card
Your Objects: 25 guitar    each Object's id and name (type either in a 'tell')
Event 17: '...'            the Event being escaped, and how many Objects the story needs
Objects used               the Objects laid down for the story (face up)
Voted so far: [2]          who has voted; how, stays secret until every vote is in
Totals                     each team's Events, once the game is over"""


def cards(config: Any) -> tuple[CardText, ...]:
    """The table's Objects, Events and the two Team cards."""
    objects = tuple(
        CardText("Object", str(i), name, "An Object card: use it in a story.")
        for i, name in enumerate(config.objects)
    )
    events = tuple(
        CardText(
            "Event",
            str(i),
            name,
            f"The back shows {back}: while it tops the pile, the story being told must use"
            f" {back} Object{'s' if back != 1 else ''}." + _scoring_text(config, i),
        )
        for i, (name, back) in enumerate(config.events)
    )
    teams = tuple(
        CardText(
            "Team",
            str(i),
            team.value,
            f"{tables(config).team_cards} in the box. Secret until the end of the game (rule C).",
        )
        for i, team in enumerate(TEAMS)
    )
    return objects + events + teams


def _scoring_text(config: Any, event: int) -> str:
    """How a custom Event scores when won (nothing for an Event that counts 1, as printed)."""
    t = tables(config)
    worth, effect = t.worth[event], t.effects[event]
    text = "" if worth == 1 else f" Won, it counts as {worth} Event cards."
    if effect:
        said = (effect_named(effect).__doc__ or "").strip().splitlines()
        text += f" Effect when won: {said[0] if said else effect}"
    return text


def rewrites(text: str) -> tuple[str, ...]:
    """``tell 3 17 we hid in the silo`` read as a tell with the story after the Objects.

    The Objects may be names of several words, so every split is offered, the one with
    the most words as Objects first; the terminal takes the first that is a legal move.
    """
    words = text.split()
    if len(words) < 3 or words[0].lower() != "tell" or '"' in text:
        return ()
    return tuple(
        f"{' '.join(words[:k])} {json.dumps(' '.join(words[k:]))}"
        for k in range(len(words) - 1, 1, -1)
    )


GUIDE = Guide(
    title="Texas Zombies",
    summary="Tell how you escaped with the Objects in your hand; secret teams vote on it.",
    moves=MOVES,
    rules=RULES,
    legend=LEGEND,
    cards=cards,
    rewrites=rewrites,
)
