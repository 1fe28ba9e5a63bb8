"""Texas Zombies' move notation.

``tell 3 17 42``, ``tell 3 17 42 "We hid in the silo..."`` (the story as a JSON
string, so any text round-trips), ``speechless``, ``vote yes``, ``vote no``, and
for chance ``back 2``, ``event 17``, ``object 42``, ``split beta``, ``team darwin``.
"""

from __future__ import annotations

import json

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import parse_int, split_actor
from zombie_rules.texas_zombies.rules import to_act
from zombie_rules.texas_zombies.state import TEAM_WORDS, VOTE_WORDS, Action, Move, State

_FORMS = (
    "'tell N ...' optionally followed by a story in double quotes, 'speechless',"
    " 'vote yes', 'vote no', and for chance 'back N', 'event N', 'object N',"
    " 'split beta|darwin', 'team beta|darwin'; each optionally after '<seat>:'"
)

_NUMBERED = {Action.BACK, Action.EVENT, Action.OBJECT}
_WORDED = {Action.SPLIT: TEAM_WORDS, Action.TEAM: TEAM_WORDS, Action.VOTE: VOTE_WORDS}


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question, so a person can be told
    both "that is not a move" and "that move is not allowed now".
    """
    head, quote, tail = text.partition('"')
    story = ""
    if quote:
        try:
            story = json.loads(quote + tail)
        except json.JSONDecodeError:
            raise DecodeError(
                f"{text!r}: the story must be one double-quoted string at the end"
                " (quotes and backslashes inside escaped with a backslash)"
            ) from None
        if not isinstance(story, str):  # pragma: no cover - a leading '"' parses as a string
            raise DecodeError(f"{text!r}: the story must be a string")
    actor, words = split_actor(head, to_act(state))
    keyword, args = words[0], words[1:]
    try:
        action = Action(keyword)
    except ValueError:
        raise DecodeError(f"{text!r} is not a Texas Zombies move; moves are {_FORMS}") from None
    if quote and action is not Action.TELL:
        raise DecodeError(f"{text!r}: only 'tell' takes a story; moves are {_FORMS}")
    if action is Action.TELL:
        numbers = tuple(parse_int(w, "an Object number", text) for w in args)
        return Move(actor, action, numbers, story)
    if action is Action.SPEECHLESS and not args:
        return Move(actor, action)
    if action in _NUMBERED and len(args) == 1:
        return Move(actor, action, (parse_int(args[0], "a card or back number", text),))
    names = _WORDED.get(action)
    if names is not None and len(args) == 1:
        if args[0] in names:
            return Move(actor, action, (names.index(args[0]),))
        return Move(actor, action, (parse_int(args[0], f"{' or '.join(names)}", text),))
    raise DecodeError(f"{text!r} is not a Texas Zombies move; moves are {_FORMS}")
