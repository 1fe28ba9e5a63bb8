"""What one seat may know of a Texas Zombies game, and its text rendering.

A seat sees its own Object hand and its own Team card; everything on the table
(the Events drawn, won and discarded, the Objects laid down and discarded, the
back of the Event pile's top card, every finished turn with its votes); the sizes
of hands and piles but never their contents or order; and who has voted, but not
how, until every vote is in. Team cards turn face up when the game ends (rule M).
"""

from __future__ import annotations

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.validation import expect_seat
from zombie_rules.core.wording import count
from zombie_rules.texas_zombies.cards import TEAMS, Team
from zombie_rules.texas_zombies.config import Config, tables
from zombie_rules.texas_zombies.rules import scoring, to_act
from zombie_rules.texas_zombies.state import Phase, State, TurnRecord


@attrs.frozen
class View:
    """A seat's knowledge (``seat=None``: a spectator, who knows only what is face up).

    ``hand`` and ``team`` are the seat's own (``None`` for a spectator);
    ``teams[s]`` is seat ``s``'s team when this seat may know it (its own, and
    everyone's after the game). ``team_sizes`` is the number of members per team
    index when it is public. ``voted`` are the seats whose secret vote is in;
    ``my_vote`` is this seat's own. ``team_totals`` is set when the game is over.
    """

    seat: int | None
    config: Config
    phase: Phase
    turn: int
    to_act: frozenset[int]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    team: Team | None
    teams: tuple[Team | None, ...]
    team_sizes: tuple[int, ...] | None
    event_pile_size: int
    event_box_size: int
    top_back: int | None
    current_event: int | None
    required: int
    object_pile_size: int
    object_discard: tuple[int, ...]
    told: tuple[int, ...]
    story: str
    voted: frozenset[int]
    my_vote: bool | None
    won: tuple[tuple[int, ...], ...]
    event_discard: tuple[int, ...]
    history: tuple[TurnRecord, ...]
    team_totals: tuple[int, ...] | None


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know now.

    Raises :class:`~zombie_rules.core.errors.UnknownSeat` for a seat not at the table
    (``True`` and ``1.0`` included: a view asked for with them would store them).
    """
    config = state.config
    expect_seat(seat, config.players)
    final = scoring(state)
    if final is not None:
        teams: tuple[Team | None, ...] = final.teams
    else:
        teams = tuple(t if s == seat else None for s, t in enumerate(state.teams))
    voted = frozenset(s for s, v in enumerate(state.votes) if v is not None)
    return View(
        seat=seat,
        config=config,
        phase=state.phase,
        turn=state.turn,
        to_act=to_act(state),
        hand=None if seat is None else state.hands[seat],
        hand_sizes=tuple(len(h) for h in state.hands),
        team=None if seat is None else state.teams[seat],
        teams=teams,
        team_sizes=_team_sizes(state),
        event_pile_size=state.events_left,
        event_box_size=len(config.events) - tables(config).pile_size,
        top_back=state.top_back,
        current_event=state.current_event,
        required=state.required,
        object_pile_size=sum(state.object_pile),
        object_discard=state.object_discard,
        told=state.told,
        story=state.story,
        voted=voted,
        my_vote=None if seat is None else state.votes[seat],
        won=state.won,
        event_discard=state.event_discard,
        history=state.history,
        team_totals=None if final is None else final.totals,
    )


def _team_sizes(state: State) -> tuple[int, ...] | None:
    """Members per team, when everyone knows it: equal teams, a public split, the end.

    Teams of equal size (every even table of the rulebook) are known from the config;
    teams of different sizes (an odd table, or ``team_sizes``) say which is the bigger
    only when the split is public or the game is over.
    """
    config = state.config
    n = config.players
    dealt = sum(1 for t in state.teams if t is not None)
    split_done = sum(state.team_deck) + dealt == n
    lookups = tables(config)
    if lookups.equal_teams:
        return lookups.team_sizes
    if state.phase is Phase.OVER or (config.split_public and split_done):
        deck = state.team_deck
        return tuple(
            deck[i] + sum(1 for t in state.teams if t is team) for i, team in enumerate(TEAMS)
        )
    return None


def render(v: View) -> str:
    """The view as a few lines of text for a terminal."""
    config = v.config
    events = config.events
    objects = config.objects
    lines = [
        f"Texas Zombies, {config.players} players, phase {v.phase.name.lower()}, "
        f"seat {v.turn} active",
        f"Events won: {' '.join(f'{s}:{len(w)}' for s, w in enumerate(v.won))}",
        f"Event pile: {count(v.event_pile_size, 'card')}"
        + ("" if v.top_back is None else f", back of the top card shows {v.top_back}"),
        f"Object pile: {count(v.object_pile_size, 'card')}; discards: {len(v.object_discard)}",
    ]
    if v.team is not None:
        lines.append(f"Your team: {v.team.value}")
    if v.hand is not None:
        shown = ", ".join(f"{o} {objects[o]}" for o in v.hand)
        lines.append(f"Your Objects: {shown or '(none)'}")
    if v.current_event is not None:
        name, _ = events[v.current_event]
        need = count(v.required, "Object") if v.required else "? Objects"
        lines.append(f"Event {v.current_event}: {name!r}; the story must use {need}")
        if v.seat == v.turn and not v.told and v.hand:
            example = " ".join(map(str, v.hand[: v.required or len(v.hand)]))
            lines.append(
                "Tell it: name the Objects (numbers or names, any order), then your story in"
                " quotes (or leave it out):"
            )
            lines.append(f'  tell {example} "How I got away..."   or: speechless')
    if v.told:
        lines.append("Objects used: " + ", ".join(objects[o] for o in v.told))
        if v.story:
            lines.append(f"Story: {v.story}")
        lines.append(f"Voted so far: {sorted(v.voted)}")
    if v.history:
        last = v.history[-1]
        how = "was speechless" if last.speechless else "told a story"
        outcome = "won" if last.won else "lost"
        lines.append(f"Last turn: seat {last.seat} {how} and {outcome} the Event")
    if v.team_totals is not None:
        lines.append(
            "Teams: " + ", ".join(f"{s}:{t.value}" for s, t in enumerate(v.teams) if t is not None)
        )
        lines.append(
            "Totals: "
            + ", ".join(f"{team.value} {v.team_totals[i]}" for i, team in enumerate(TEAMS))
        )
    if CHANCE in v.to_act:
        lines.append("Waiting for a card to be dealt, drawn or turned.")
    return "\n".join(lines)
