"""Texas Zombies' named events, the points where house rules may act.

Read from the move and the public fields of the states before and after it.
"""

from __future__ import annotations

from zombie_rules.texas_zombies.state import Action, Move, Phase, State

#: Every event :func:`events` names: an Event revealed (its face drawn), a story
#: told (or the seat speechless), a vote cast, a turn's end (the story scored and
#: the hand drawn back up) and the game's end.
EVENTS = ("event_revealed", "story", "vote", "turn_end", "game_end")


def events(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The events ``move`` caused, leading from ``before`` to ``after``, in order."""
    happened: list[str] = []
    action = move.action
    if action is Action.EVENT:
        happened.append("event_revealed")
    elif action is Action.TELL or action is Action.SPEECHLESS:
        happened.append("story")
    elif action is Action.VOTE:
        happened.append("vote")
    if len(after.history) > len(before.history):
        happened.append("turn_end")
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        happened.append("game_end")
    return tuple(happened)
