"""Texas Zombies' move notation.

``tell 3 17 42``, ``tell 3 17 42 "We hid in the silo..."`` (the story as a JSON
string, so any text round-trips), ``speechless``, ``vote yes``, ``vote no``, and
for chance ``back 2``, ``event 17``, ``object 42``, ``split beta``, ``team darwin``.

Wherever a move names a card it may use the card's name instead of its number,
in any case, read as every title reads names (:func:`~zombie_rules.core.notation.pick_name`):
the whole name, a unique start of it or whole words of it: ``tell cucumber, deck of
cards and 42``, ``tell marbles racket spurs``, ``event A horde at the rodeo``, ``team
Darwin & Dragons``, ``vote y``. The Objects of a tell may come in any order (the order
carries no meaning); the move lists them in increasing order, which is what
``str(move)`` writes. A word that is a number is always read as a number, so a
card whose name is a number is named by its number; two names that differ only
in case are named by number too.
"""

from __future__ import annotations

import json
import re

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.notation import (
    ambiguous,
    is_number,
    name_matches,
    name_words,
    parse_int,
    pick_name,
    split_actor,
    unknown_move,
)
from zombie_rules.core.validation import short
from zombie_rules.texas_zombies.cards import TEAMS
from zombie_rules.texas_zombies.rules import to_act
from zombie_rules.texas_zombies.state import VOTE_WORDS, Action, Move, Phase, State
from zombie_rules.texas_zombies.wording import hand_listing

_FORMS = (
    "'tell OBJECT ...' optionally followed by a story in double quotes, 'speechless',"
    " 'vote yes', 'vote no'; each optionally after '<seat>:';"
    " a card is named by its number or its name"
)
#: The moves a seat may make, and chance's, as an unknown keyword's guess is picked among.
SEAT_FORMS = ("tell OBJECT ...", "speechless", "vote yes", "vote no")
CHANCE_FORMS = ("back N", "event EVENT", "object OBJECT", "split beta|darwin", "team beta|darwin")

#: Words that may separate the Objects of a tell ("cucumber, knife and cat").
_SEPARATORS = frozenset({",", "and"})


def _words(text: str) -> tuple[str, ...]:
    """Lower-case words, each comma a word of its own, as a tell's Objects are read."""
    return tuple(re.findall(r"[^\s,]+|,", text.lower()))


_TEAM_NAMES = tuple(team.value for team in TEAMS)


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
        forms = CHANCE_FORMS if actor == CHANCE else SEAT_FORMS
        raise DecodeError(f"{short(text)}: {unknown_move(keyword, forms)}") from None
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
            largest = max(back for _, back in state.config.events)
            raise DecodeError(f"{short(text)}: 'back' takes one number, 1-{largest}")
        return Move(actor, action, (parse_int(args[0], "a back number", text),))
    if action is Action.EVENT or action is Action.OBJECT:
        return Move(actor, action, (_card(state, action, args, text),))
    if len(args) == 1 and is_number(args[0]):
        return Move(actor, action, (int(args[0]),))
    if action is Action.VOTE:
        vote = pick_name(name_words(" ".join(args)), VOTE_WORDS, "vote", text, _CHOICES[action])
        return Move(actor, action, (vote,))
    team = pick_name(name_words(" ".join(args)), _TEAM_NAMES, "team", text, _CHOICES[action])
    return Move(actor, action, (team,))


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
    """The Event or Object a chance move names, by number or by its name."""
    events = action is Action.EVENT
    config = state.config
    names = tuple(name for name, _ in config.events) if events else config.objects
    if len(args) == 1 and is_number(args[0]):
        return int(args[0])
    kind = "Event" if events else "Object"
    if len(args) == 1 and args[0].lstrip("-").isdigit():
        return parse_int(args[0], f"an {kind} number", text)
    missing = (
        f"{short(' '.join(args), 30)} is not an {kind} of this game;"
        f" name one by its number (0-{len(names) - 1}) or its name"
    )
    return pick_name(name_words(" ".join(args)), names, kind, text, missing)


def _objects(state: State, actor: int, args: list[str], text: str) -> list[int]:
    """The Objects a tell names, by number or name, in the order given.

    Names may span several words, so each place takes the longest run of words that
    names an Object (whole, by its start, or by whole words of it); a comma or "and"
    between Objects is allowed.
    """
    names = state.config.objects
    longest = max(len(name_words(name)) for name in names)
    words = _words(" ".join(args))
    found: list[int] = []
    i = 0
    while i < len(words):
        word = words[i]
        if word.lstrip("-").isdigit():
            found.append(parse_int(word, "an Object number", text))
            i += 1
            continue
        if word == "," or (word in _SEPARATORS and found and not _starts_a_name(word, names)):
            i += 1
            continue
        for j in range(min(len(words), i + longest), i, -1):
            hits = name_matches(name_words(" ".join(words[i:j])), names)
            if hits:
                break
        else:
            raise DecodeError(f"{short(text)}: {_not_an_object(state, actor, word)}")
        if len(hits) > 1:
            typed = " ".join(w for w in words[i:j] if w != ",")
            raise DecodeError(
                f"{short(text)}: {ambiguous(typed, [names[h] for h in hits], 'Object')}"
            )
        found.append(hits[0])
        i = j
    return found


def _starts_a_name(word: str, names: tuple[str, ...]) -> bool:
    """Whether some name begins with ``word`` as a whole word ("and" is a separator unless)."""
    return any(name_words(name)[:1] == (word,) for name in names)


def _not_an_object(state: State, actor: int, word: str) -> str:
    """Why ``word`` cannot be read, with the teller's hand when the teller asks."""
    hint = "name Objects by number or by name (its start, or a word of it), in any order"
    if state.phase is Phase.TELL and actor == state.turn:
        hint += f"; your hand: {hand_listing(state.config, state.hands[actor])}"
    return f"{short(word, 30)} is not an Object of this game; {hint}"
