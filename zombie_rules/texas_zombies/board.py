"""Texas Zombies as a board a page draws: hands of Objects, the Event being told, four piles.

A page cannot lay out a title it knows nothing about; this says which of the view's
cards belong together, and which of them the seat sees the face of.
"""

from __future__ import annotations

from zombie_rules.core.board import Board, Card, back, card, group, pile, place, player, plural
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.state import Phase
from zombie_rules.texas_zombies.views import View


def board(v: View) -> Board:
    """The table as ``v``'s seat sees it."""
    events = v.config.events
    objects = v.config.objects

    def obj(i: int, acts: tuple[str, ...] = ()) -> Card:
        return card(objects[i], str(i), "object", acts=acts)

    def event(i: int, acts: tuple[str, ...] = ()) -> Card:
        name, required = events[i]
        needs = f"needs {plural(required, 'Object')}"
        return card(name, str(required), "event", needs, acts=acts)

    players = []
    for s, size in enumerate(v.hand_sizes):
        tags = [plural(len(v.won[s]), "Event") + " won"]
        team = v.teams[s]
        if team is not None:
            tags.append(f"team {team.value}")
        if v.phase is Phase.VOTE and s in v.voted:
            tags.append("has voted")
        # A click on an Object of one's own hand tells it in the story.
        mine = s == v.seat and v.hand is not None
        hand = [obj(i, (f"tell {i}",)) for i in v.hand] if mine and v.hand is not None else []
        if not hand:
            hand = [back("Object", "object") for _ in range(size)]
        groups = [group("Objects", hand)]
        if v.won[s]:
            groups.append(group("Events won", [event(e) for e in v.won[s]]))
        players.append(player(s, f"Seat {s}", v, s in v.to_act, tags, groups))
    places = []
    if v.current_event is not None:
        tags = []
        if v.story:
            tags.append(f"story: {v.story}")
        if v.my_vote is not None:
            tags.append(f"your vote: {'yes' if v.my_vote else 'no'}")
        # A click on the Event told: vote on the story, or be speechless before it.
        groups = [group("Event", [event(v.current_event, ("vote yes", "vote no", "speechless"))])]
        if v.told:
            groups.append(group("Objects used", [obj(i) for i in v.told]))
        places.append(place(f"Seat {v.turn}'s Event", tags, groups, active=True))
    back_tags = [] if v.top_back is None else [f"the top card's back shows {v.top_back}"]
    top_discard = obj(v.object_discard[-1]) if v.object_discard else None
    top_event = event(v.event_discard[-1]) if v.event_discard else None
    piles = [
        pile("Event pile", v.event_pile_size, tags=back_tags),
        pile("Event discards", len(v.event_discard), top_event),
        pile("Object pile", v.object_pile_size),
        pile("Object discards", len(v.object_discard), top_discard),
    ]
    headline = f"Seat {v.turn}'s turn · phase {v.phase.name.lower().replace('_', ' ')}"
    if v.team is not None:
        headline += f" · you are team {v.team.value}"
    if v.team_totals is not None:
        headline += " · totals " + ", ".join(
            f"{team.value} {total}"
            for team, total in zip(tuple(TEAMS), v.team_totals, strict=False)
        )
    return {"headline": headline, "players": players, "places": places, "piles": piles}
