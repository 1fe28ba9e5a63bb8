"""Texas Zombies' move notation.

``tell 3 17 42``, ``tell 3 17 42 "We hid in the silo..."`` (the story as a JSON
string, so any text round-trips), ``speechless``, ``vote yes``, ``vote no``, and
for chance ``back 2``, ``event 17``, ``object 42``, ``split beta``, ``team darwin``.

Wherever a move names a card it may use the card's name instead of its number,
in any case: ``tell cucumber, deck of cards and 42``, ``event A horde at the rodeo``,
``team Darwin & Dragons``. The Objects of a tell may come in any order (the order
carries no meaning); the move lists them in increasing order, which is what
``str(move)`` writes. A word that is a number is always read as a number, so a
card whose name is a number is named by its number; two names that differ only
in case are named by number too.
"""

from __future__ import annotations

import functools
import json
import re

from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import is_number, parse_int, split_actor
from zombie_rules.core.validation import short
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.rules import to_act
from zombie_rules.texas_zombies.state import (
    TEAM_WORDS,
    VOTE_WORDS,
    Action,
    Move,
    Phase,
    State,
)
from zombie_rules.texas_zombies.wording import hand_listing

_FORMS = (
    "'tell OBJECT ...' optionally followed by a story in double quotes, 'speechless',"
    " 'vote yes', 'vote no', and for chance 'back N', 'event EVENT', 'object OBJECT',"
    " 'split beta|darwin', 'team beta|darwin'; each optionally after '<seat>:';"
    " a card is named by its number or its name"
)

#: Marks a name shared (up to case) by two cards: it must be given by number.
_AMBIGUOUS = -1
#: Words that may separate the Objects of a tell ("cucumber, knife and cat").
_SEPARATORS = frozenset({",", "and"})


def _words(text: str) -> tuple[str, ...]:
    """Lower-case words, each comma a word of its own, as names are matched."""
    return tuple(re.findall(r"[^\s,]+|,", text.lower()))


@functools.lru_cache(maxsize=64)
def _lookup(names: tuple[str, ...]) -> dict[tuple[str, ...], int]:
    """Each name's words to its index (:data:`_AMBIGUOUS` where two names collide)."""
    table: dict[tuple[str, ...], int] = {}
    for i, name in enumerate(names):
        key = _words(name)
        table[key] = _AMBIGUOUS if key in table else i
    return table


_TEAM_NAMES: dict[tuple[str, ...], int] = {
    **{(word,): i for i, word in enumerate(TEAM_WORDS)},
    **{_words(team.value): i for i, team in enumerate(TEAMS)},
}
_VOTES = {word: i for i, word in enumerate(VOTE_WORDS)}


def parse_move(state: State, text: str) -> Move:
    """The move ``text`` names; :class:`DecodeError` if it is not notation.

    Whether the move is legal is ``apply``'s question, so a person can be told
    both "that is not a move" and "that move is not allowed now".
    """
    if not isinstance(text, str):
        raise DecodeError(f"a move's text must be a string, not {type(text).__name__}")
    head, quote, tail = text.partition('"')
    story = ""
    if quote:
        try:
            story = json.loads(quote + tail)
        except json.JSONDecodeError:
            raise DecodeError(
                f"{short(text)}: the story must be one double-quoted string at the end"
                " (quotes and backslashes inside escaped with a backslash)"
            ) from None
        if not isinstance(story, str):  # pragma: no cover - a leading '"' parses as a string
            raise DecodeError(f"{short(text)}: the story must be a string")
    actor, words = split_actor(head, to_act(state))
    keyword, args = words[0], words[1:]
    try:
        action = Action(keyword)
    except ValueError:
        raise DecodeError(
            f"{short(text)} is not a Texas Zombies move; moves are {_FORMS}"
        ) from None
    if quote and action is not Action.TELL:
        raise DecodeError(f"{short(text)}: only 'tell' takes a story; moves are {_FORMS}")
    if action is Action.TELL:
        return Move(actor, action, tuple(sorted(_objects(state, actor, args, text))), story)
    if action is Action.SPEECHLESS:
        if args:
            raise DecodeError(f"{short(text)}: 'speechless' takes nothing after it")
        return Move(actor, action)
    if not args:
        raise DecodeError(f"{short(text)}: {_WHAT[action]} must follow {keyword!r}")
    if action is Action.BACK:
        if len(args) != 1:
            raise DecodeError(f"{short(text)}: 'back' takes one number, 1-3")
        return Move(actor, action, (parse_int(args[0], "a back number", text),))
    if action is Action.EVENT or action is Action.OBJECT:
        return Move(actor, action, (_card(state, action, args, text),))
    table = _VOTES if action is Action.VOTE else None
    key = _words(" ".join(args))
    if table is not None and len(key) == 1 and key[0] in table:
        return Move(actor, action, (table[key[0]],))
    if table is None and key in _TEAM_NAMES:
        return Move(actor, action, (_TEAM_NAMES[key],))
    if len(args) == 1 and is_number(args[0]):
        return Move(actor, action, (int(args[0]),))
    raise DecodeError(f"{short(text)}: {_CHOICES[action]}")


_WHAT = {
    Action.BACK: "a back number",
    Action.EVENT: "an Event",
    Action.OBJECT: "an Object",
    Action.SPLIT: "the bigger team",
    Action.TEAM: "a team",
    Action.VOTE: "'yes' or 'no'",
}
_TEAM_CHOICES = "'beta' or 'darwin' (or the full name, 'Beta Lambda' or 'Darwin & Dragons')"
_CHOICES = {
    Action.SPLIT: f"the bigger team is {_TEAM_CHOICES}",
    Action.TEAM: f"a team is {_TEAM_CHOICES}",
    Action.VOTE: "a vote is 'vote yes' or 'vote no'",
}


def _card(state: State, action: Action, args: list[str], text: str) -> int:
    """The Event or Object a chance move names, by number or by its whole name."""
    events = action is Action.EVENT
    config = state.config
    names = tuple(name for name, _ in config.events) if events else config.objects
    if len(args) == 1 and is_number(args[0]):
        return int(args[0])
    found = _lookup(names).get(_words(" ".join(args)))
    kind = "Event" if events else "Object"
    if found is None:
        if len(args) == 1 and args[0].lstrip("-").isdigit():
            return parse_int(args[0], f"an {kind} number", text)
        raise DecodeError(
            f"{short(text)}: {short(' '.join(args), 30)} is not an {kind} of this game;"
            f" name one by its number (0-{len(names) - 1}) or its whole name"
        )
    if found == _AMBIGUOUS:
        raise DecodeError(
            f"{short(text)}: two {kind}s are called {short(' '.join(args), 30)}; use its number"
        )
    return found


def _objects(state: State, actor: int, args: list[str], text: str) -> list[int]:
    """The Objects a tell names, by number or name, in the order given.

    Names may span several words, so each place takes the longest name that
    starts there; a comma or "and" between Objects is allowed.
    """
    config = state.config
    table = _lookup(config.objects)
    longest = max(len(key) for key in table)
    words = _words(" ".join(args))
    found: list[int] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.lstrip("-").isdigit():
            found.append(parse_int(word, "an Object number", text))
            i += 1
            continue
        for j in range(min(len(words), i + longest), i, -1):
            index = table.get(words[i:j])
            if index is not None:
                break
        else:
            if word in _SEPARATORS and found:
                i += 1
                continue
            raise DecodeError(f"{short(text)}: {_not_an_object(state, actor, word)}")
        if index == _AMBIGUOUS:
            raise DecodeError(
                f"{short(text)}: two Objects are called {' '.join(words[i:j])!r}; use its number"
            )
        found.append(index)
        i = j
    return found


def _not_an_object(state: State, actor: int, word: str) -> str:
    """Why ``word`` cannot be read, with the teller's hand when the teller asks."""
    hint = "name Objects by number or by name, in any order"
    if state.phase is Phase.TELL and actor == state.turn:
        hint += f"; your hand: {hand_listing(state.config, state.hands[actor])}"
    return f"{short(word, 30)} is not an Object of this game; {hint}"
