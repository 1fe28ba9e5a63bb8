"""Zombie Doctor's named events, the points where house rules may act.

Read from the move and a few public fields (``phase``, ``turn``, ``round``) of the
states before and after it.
"""

from __future__ import annotations

from zombie_rules.zombie_doctor.state import Action, Move, Phase, State

#: Every event :func:`events` names: a card drawn, a card played (or the penalty
#: of a seat that could use none), a bite, a turn's end (the turn passes), a
#: round's end (it passes the first player again) and the game's end.
EVENTS = ("draw", "play", "bite", "turn_end", "round_end", "game_end")


def events(before: State, move: Move, after: State) -> tuple[str, ...]:
    """The events ``move`` caused, leading from ``before`` to ``after``, in order."""
    happened: list[str] = []
    action = move.action
    if action is Action.DRAW:
        happened.append("draw")
    elif action is Action.USE or action is Action.STUCK:
        happened.append("play")
    elif action is Action.BITE:
        happened.append("bite")
    over = after.phase is Phase.OVER and before.phase is not Phase.OVER
    if after.turn != before.turn and before.phase is not Phase.DEAL and not over:
        happened.append("turn_end")
    if after.round > before.round:
        happened.append("round_end")
    if over:
        happened.append("game_end")
    return tuple(happened)
