"""Zombie Run!'s named events, the points where house rules may act.

Read from the move and the public fields of the states before and after it, so the
rules' own code never needs to tell anyone about them.
"""

from __future__ import annotations

from zombie_rules.zombie_run.state import Action, Move, Phase, State

#: Every event :func:`events` names: a card drawn (from the Draw Pile or the
#: Discard Pile), the drawn card kept (swapped in) or discarded, a shout, a round's
#: end (hands turned over, scored) and the game's end.
EVENTS = ("draw", "keep", "discard", "shout", "round_end", "game_end")


def events(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The events ``move`` caused, leading from ``before`` to ``after``, in order."""
    happened: list[str] = []
    action = move.action
    if action is Action.DRAW_DISCARD or (action is Action.CARD and before.phase is Phase.DRAW_CARD):
        happened.append("draw")
    elif action is Action.SWAP:
        happened.append("keep")
    elif action is Action.DISCARD:
        happened.append("discard")
    if move.shout:
        happened.append("shout")
    if len(after.history) > len(before.history):
        happened.append("round_end")
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        happened.append("game_end")
    return tuple(happened)
