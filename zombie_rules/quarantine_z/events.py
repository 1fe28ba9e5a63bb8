"""Quarantine Z's named events, the points where house rules may act.

Read from the move and a few public fields of the states before and after it
(``here``, ``combat``, ``phase``), so that the title's own fast paths may change
how states are built without breaking a house rule.
"""

from __future__ import annotations

from zombie_rules.quarantine_z.state import Action, Move, Phase, State

#: Every event :func:`events` names: the Survivors' arrival at a location, a Supply
#: fed to the Shelter, a combat's start and end, and the game's end.
EVENTS = ("arrival", "feed", "combat_start", "combat_end", "game_end")


def events(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The events ``move`` caused, leading from ``before`` to ``after``, in order."""
    happened: list[str] = []
    if after.here != before.here:
        happened.append("arrival")
    if move.action is Action.FEED:
        happened.append("feed")
    if before.combat is None and after.combat is not None:
        happened.append("combat_start")
    elif before.combat is not None and after.combat is None:
        happened.append("combat_end")
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        happened.append("game_end")
    return tuple(happened)
