"""The account of one Texas Zombies move, as one seat (or a spectator) may know it.

What a seat is told follows what it sees (:mod:`zombie_rules.texas_zombies.views`):
the Event pile's backs and every drawn Event face are public; an Object or Team card
dealt or drawn is named only to the seat that receives it; a vote is "Seat 2 votes"
to everyone but the voter until the last one is in, and then the tally names every
vote; at the end every Team card is turned up and the scoring is told rule by rule
(N-Q). So two moves a seat cannot tell apart read the same to it, and everything a
move changes in the seat's view is in its account.

The first line, the move itself, is worded from the state before it, so a menu can
label every choice without playing one (``label``). What the move sets off (the
vote's outcome, the discards, a reshuffle, the next turn, the end of the game) is
read from the state the move led to rather than re-derived.
"""

from __future__ import annotations

import json

from zombie_rules.core.describing import describer, players_of
from zombie_rules.core.validation import expect_seat, expect_well_formed
from zombie_rules.core.wording import count, listing
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.config import LastStory, tables
from zombie_rules.texas_zombies.rules import (
    apply,
    completes_the_vote,
    last_required,
    last_turn,
    scoring,
    split_deck,
)
from zombie_rules.texas_zombies.state import Action, Move, Phase, State
from zombie_rules.texas_zombies.wording import event_name, object_names, seats


def account(state: State, move: Move, after: State, seat: int | None) -> str:
    """What ``move`` at ``state`` is and sets off (``after``), as ``seat`` knows."""
    lines = [_move_line(state, move, seat)]
    lines += _aftermath(state, after, seat)
    return "\n".join(lines)


#: Refuses a move that is not legal at ``state`` (a tell may carry any story).
describe = describer(Move, players_of, apply, account)


def label(state: State, move: Move, seat: int | None) -> str:
    """The first line of ``describe``, for a menu: worded from ``state`` so no move is played.

    Refuses a malformed move or an unknown seat like ``describe``; a label is asked
    for the legal moves of ``state`` only, so legality is left to ``apply``.
    """
    expect_well_formed(move, Move)
    expect_seat(seat, players_of(state))
    return _move_line(state, move, seat)


# ----------------------------------------------------------------- first line


def _move_line(state: State, move: Move, seat: int | None) -> str:
    """The move as ``seat`` knew it before it was made: the account's first line, the label."""
    return _FIRST[move.action](state, move, seat)


def _first_back(state: State, move: Move, seat: int | None) -> str:
    back = move.args[0]
    if state.phase is Phase.TOP_BACK:
        # A: the pile is face down; only the back of its top card shows.
        config = state.config
        box = len(config.events) - tables(config).pile_size
        go = "goes" if box == 1 else "go"
        rest = f"; the other {count(box, 'Event')} {go} back to the box unseen" if box else ""
        return (
            f"The Event pile is laid out face down ({count(state.events_left, 'card')}{rest});"
            f" the back of its top card shows {back}."
        )
    # F: the back of the next Event is how many Objects this story must use.
    who = "your" if state.turn == seat else f"Seat {state.turn}'s"
    return f"The back of the next Event shows {back}: {who} story must use {count(back, 'Object')}."


def _first_object(state: State, move: Move, seat: int | None) -> str:
    dealt = state.phase is Phase.DEAL_OBJECT
    if state.turn == seat:
        name = state.config.objects[move.args[0]]
        return f"You are dealt an Object card: {name}." if dealt else f"You draw an Object: {name}."
    if dealt:
        return f"Seat {state.turn} is dealt an Object card face down."
    return f"Seat {state.turn} draws an Object from the draw pile."


def _first_split(state: State, move: Move, seat: int | None) -> str:
    n = state.config.players
    big, small = tables(state.config).team_sizes
    if state.config.split_public:
        # C: the chosen team gets the extra member (as the rules' split deals them).
        sizes = split_deck((big, small), move.args[0])
        shown = listing([f"{sizes[i]} {team.value}" for i, team in enumerate(TEAMS)])
        return f"The {n} Team cards are taken out: {shown}."
    # The bigger team stays secret (docs/rulings/texas_zombies.md): both outcomes
    # read the same.
    return (
        f"The {n} Team cards are taken out face down: one team has {count(big, 'member')}"
        f" and the other {small}, and nobody is told which."
    )


def _first_team(state: State, move: Move, seat: int | None) -> str:
    # C: "Randomly deal to each player a Team card, face down."
    if state.turn == seat:
        return f"You are dealt a Team card: {TEAMS[move.args[0]].value}."
    return f"Seat {state.turn} is dealt a Team card face down."


def _first_event(state: State, move: Move, seat: int | None) -> str:
    # E: the active player draws the top Event and reads it out: its face is public.
    you = state.turn == seat
    who = "You draw" if you else f"Seat {state.turn} draws"
    reads = "read" if you else "reads"
    name = event_name(state.config, move.args[0])
    left = state.events_left - 1
    if left:
        return (
            f"{who} the Event {name} and {reads} it out ({count(left, 'Event')} left in the pile)."
        )
    whose = "your" if you else "the"
    config = state.config
    need = last_required(config, move.args[0])
    if config.last_story is LastStory.OWN_BACK:
        # The variant of L: no next card, so the last Event's own back says.
        return (
            f"{who} the last Event, {name}, and {reads} it out: {whose} story must use"
            f" {count(need, 'Object')}, the number on its own back (rule L's variant)."
        )
    # L: the last Event's story must use all three Objects (the whole hand).
    return (
        f"{who} the last Event, {name}, and {reads} it out: {whose} story must use all"
        f" {need} Objects (rule L)."
    )


def _first_tell(state: State, move: Move, seat: int | None) -> str:
    # F: the story uses the Objects laid down, which are face up from then on; I and J:
    # "The Object cards he used are discarded", whichever way the vote goes.
    who = "You tell" if move.seat == seat else f"Seat {move.seat} tells"
    used = move.args
    they = "it is" if len(used) == 1 else "they are"
    line = (
        f"{who} a story using {object_names(state.config, used)}"
        f" ({they} discarded whatever the vote, rules I-J{_LAST_STORY if last_turn(state) else ''})"
    )
    if move.story:
        # JSON quoting keeps a story with line breaks on this one line.
        line += f": {json.dumps(move.story, ensure_ascii=False)}"
    return line + "."


#: L: "this last game turn. Then the game is over." (a label must say so)
_LAST_STORY = "; the last story: the game ends after the vote, rule L"


def _first_speechless(state: State, move: Move, seat: int | None) -> str:
    # G, note: "his challenge is automatically considered as failed."
    who = "You are" if move.seat == seat else f"Seat {move.seat} is"
    line = f"{who} speechless: the challenge fails without a vote (rule G)"
    if last_turn(state):
        line += ", and the game ends with this last Event (rule L)"
    return line + "."


def _first_vote(state: State, move: Move, seat: int | None) -> str:
    # H: votes are cast in secret; only the voter knows its own until all are in.
    if move.seat == seat:
        line = f"You vote {'Yes' if move.args[0] else 'No'}"
    else:
        line = f"Seat {move.seat} votes"
    if last_turn(state) and completes_the_vote(state, move.seat):
        # Who has voted is public, so whether this vote is the last one is too.
        line += ": the last vote of the last turn, so the game ends once it is counted (rule L)"
    return line + "."


_FIRST = {
    Action.BACK: _first_back,
    Action.OBJECT: _first_object,
    Action.SPLIT: _first_split,
    Action.TEAM: _first_team,
    Action.EVENT: _first_event,
    Action.TELL: _first_tell,
    Action.SPEECHLESS: _first_speechless,
    Action.VOTE: _first_vote,
}


# ----------------------------------------------------------------- what follows


def _aftermath(before: State, after: State, seat: int | None) -> list[str]:
    """Lines for what the move set off: the end of a turn, a reshuffle, the next turn."""
    lines: list[str] = []
    if before.phase is Phase.TELL and after.phase is Phase.VOTE:
        # G-H: every other player votes, all at once.
        voters = [s for s in range(after.config.players) if s != after.turn]
        lines.append(f"{seats(voters, seat)} now vote, each in secret (rule H).")
    if len(after.history) > len(before.history):
        lines += _turn_ends(before, after, seat)
    elif _reshuffled(before, after):
        lines.append(_RESHUFFLED)
    if before.phase is Phase.DEAL_OBJECT and after.phase is not Phase.DEAL_OBJECT:
        left = sum(after.object_pile)
        lines.append(
            f"Every player holds {after.config.hand_size} Objects; the other"
            f" {count(left, 'Object')}"
            " form the draw pile."
        )
    if after.phase is Phase.DRAW_EVENT and before.phase is not Phase.DRAW_EVENT:
        first = before.phase is Phase.DEAL_TEAM
        if after.turn == seat:
            lines.append("You are the first player." if first else "Your turn begins.")
        else:
            lines.append(
                f"Seat {after.turn} is the first player."
                if first
                else f"Seat {after.turn}'s turn begins."
            )
    if after.phase is Phase.OVER:
        lines += _game_ends(after, seat)
    return lines


def _reshuffled(before: State, after: State) -> bool:
    """Whether the Object discards became the draw pile (ruling: an empty pile is refilled)."""
    drawn = 1 if before.phase is Phase.DRAW_OBJECT else 0
    return sum(after.object_pile) > sum(before.object_pile) - drawn


_RESHUFFLED = (
    "The Object draw pile is empty: the discards are shuffled into a new draw pile"
    " (see docs/rulings/texas_zombies.md)."
)


def _turn_ends(before: State, after: State, seat: int | None) -> list[str]:
    record = after.history[-1]
    config = after.config
    lines: list[str] = []
    if not record.speechless:
        yes = [s for s, v in enumerate(record.votes) if v]
        no = [s for s, v in enumerate(record.votes) if v is False]
        each = ", ".join(
            f"Seat {s}{' (you)' if s == seat else ''} {'Yes' if v else 'No'}"
            for s, v in enumerate(record.votes)
            if v is not None
        )
        lines.append(f"All votes are in: {len(yes)} Yes, {len(no)} No ({each}).")
    name = event_name(config, record.event)
    you = record.seat == seat
    if record.won:
        # I: "If at least half of the votes are a Yes, ... earns the Event card".
        total = len(after.won[record.seat])
        who = "you win" if you else f"Seat {record.seat} wins"
        has = "have" if you else "has"
        lines.append(
            f"At least half are Yes: {who} the Event {name} (rule I) and now {has}"
            f" {count(total, 'Event')}."
        )
    elif record.speechless:
        lines.append(f"The Event {name} is discarded.")
    else:
        # J: "If more than half of the votes are a No, ... the Event card is discarded."
        lines.append(f"More than half are No: the Event {name} is discarded (rule J).")
    if record.used:
        who = "You discard" if you else f"Seat {record.seat} discards"
        lines.append(f"{who} the Objects used: {object_names(config, record.used)}.")
        if _reshuffled(before, after):
            lines.append(_RESHUFFLED)
        if after.phase is Phase.DRAW_OBJECT:
            who = "You draw" if you else f"Seat {record.seat} draws"
            lines.append(
                f"{who} {count(after.to_draw, 'new Object')} to hold {config.hand_size} again."
            )
    return lines


def _game_ends(after: State, seat: int | None) -> list[str]:
    final = scoring(after)
    assert final is not None
    n = after.config.players
    # L: "Then the game is over." M: "All players reveal their team."
    lines = [
        "That was the last Event: the game is over (rule L).",
        "The Team cards are turned face up (rule M): "
        + ", ".join(
            f"Seat {s}{' (you)' if s == seat else ''} {team.value}"
            for s, team in enumerate(final.teams)
        )
        + ".",
    ]
    equal = tables(after.config).equal_teams
    for i, team in enumerate(TEAMS):
        members = [s for s in range(n) if final.teams[s] is team]
        lines.append(_team_line(team.value, members, final.events_won, final.counted,
                                final.totals[i], seat, equal))  # fmt: skip
    if len(final.winning_teams) > 1:
        # Q: "If the two teams are tied, then all players win".
        tie = count(final.totals[0], "Event")
        lines.append(f"The teams are tied at {tie}: everyone wins (rule Q).")
    else:
        (team,) = final.winning_teams
        winners = [s for s in range(n) if final.teams[s] is team]
        verb = "wins" if len(winners) == 1 else "win"
        lines.append(f"{team.value} has the most Events (rule N): {seats(winners, seat)} {verb}.")
    return lines


def _team_line(
    name: str, members: list[int], won: tuple[int, ...], counted: tuple[int, ...], total: int,
    seat: int | None, equal: bool,
) -> str:  # fmt: skip
    """One team's total, and which members' Events count and how often (rules N-P).

    ``equal``: the two teams are the same size, so every member counts (N); else the
    most and the fewest do (O), a lone member twice (P), as the ruling extends them.
    """
    head = f"{name} ({seats(members, seat)})"
    events = count(total, "Event")
    if len(members) == 1:
        (s,) = members
        # P: "his grand total is twice the number of Event cards he won."
        return f"{head}, a team of one: twice {won[s]} is {events} (rule P)."
    sums = " + ".join(str(won[s]) for s in members if counted[s])
    if equal:
        # N: "Each team sums up the number of Event cards obtained by its members."
        return f"{head}: {sums} = {events} (rule N)."
    # O: "only sum up ... the player having the most and ... the one having the less."
    if all(counted[s] for s in members):
        return f"{head}: the most and the fewest, here both, count (rule O): {sums} = {events}."
    kept = " + ".join(f"Seat {s}'s {won[s]}" for s in members if counted[s])
    left_out = listing([f"Seat {s}'s {won[s]}" for s in members if not counted[s]])
    return (
        f"{head}: only the most and the fewest count (rule O): {kept} = {events};"
        f" {left_out} does not count."
    )
