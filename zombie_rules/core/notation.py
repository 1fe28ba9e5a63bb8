"""What every title's move notation shares: the actor prefix, numbers and names people type.

A move's text is ``"<actor>: <action>"`` (``"2: swap 1"``, ``"chance: card 7"``).
The prefix may be left out when exactly one actor can move, which is what a person
at a terminal types; ``str(move)`` always writes it so logs are unambiguous.

Names are read the same way in every title (:func:`pick_name`): a whole name, a
unique start of one, or whole words of one (``marbles`` for the bag of marbles), as
the terminal's ``card`` command finds card texts; an ambiguous name lists what it
could be. A keyword no move has gets a guess (:func:`unknown_move`: "unknown move
'drow'; did you mean 'draw pile'?").
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence, Set

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.validation import short

#: The longest number a move's text may hold: ids, seats and positions are small, and
#: a cap keeps ``int()`` of a hostile thousand-digit word out of the parser.
MAX_DIGITS = 6


def split_actor(text: str, to_act: Set[int]) -> tuple[int, list[str]]:
    """The actor and the action's words, or :class:`DecodeError` saying why not."""
    if not isinstance(text, str):
        raise DecodeError(f"a move's text must be a string, not {type(text).__name__}")
    head, sep, rest = text.partition(":")
    if sep:
        name = head.strip().lower()
        if name == "chance":
            actor = CHANCE
        elif is_number(name):
            actor = int(name)
        else:
            raise DecodeError(
                f"{short(text)}: actor {short(head.strip(), 30)} is neither a seat number"
                " nor 'chance'"
            )
        words = rest.split()
    else:
        if len(to_act) != 1:
            who = ", ".join(sorted("chance" if a == CHANCE else str(a) for a in to_act))
            raise DecodeError(
                f"{short(text)}: say who moves as '<actor>: <move>'; may act now: {who or 'nobody'}"
            )
        (actor,) = to_act
        words = text.split()
    if not words:
        raise DecodeError(f"{short(text)}: no move after the actor")
    return actor, [w.lower() for w in words]


def typed_actor(text: str) -> tuple[int | None, str]:
    """The actor a person's text names by its prefix (``None``: none typed) and the rest.

    Only a seat number or ``chance`` before the first ``:`` is a prefix, so a colon
    inside a story (``tell 3 17 42 "Note: run"``) is not read as one.
    """
    head, sep, rest = text.partition(":")
    name = head.strip().lower()
    if sep and name == "chance":
        return CHANCE, rest.strip()
    if sep and is_number(name):
        return int(name), rest.strip()
    return None, text.strip()


def is_number(word: str) -> bool:
    """Plain decimal digits only, at most :data:`MAX_DIGITS` of them.

    ``int()`` also takes ``"1_0"``, ``"+1"``, ``" 1"`` and non-ASCII digits, and
    spends quadratic time on huge words; none of those is a move's number.
    """
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


def parse_int(word: str, what: str, text: str) -> int:
    """A non-negative integer argument of a move, or a :class:`DecodeError` naming it."""
    if is_number(word):
        return int(word)
    if word.isascii() and word.isdigit():
        raise DecodeError(f"{short(text)}: {what} has more than {MAX_DIGITS} digits")
    raise DecodeError(
        f"{short(text)}: {what} must be a whole number written in digits, not {short(word, 30)}"
    )


# ------------------------------------------------------------ names people type


def name_words(text: str) -> tuple[str, ...]:
    """The words a name is matched by: lower case, split at spaces, commas, ``-`` and ``_``.

    ``"Cast-iron skillet"`` and ``"cast iron skillet"`` are the same words, so a
    person need not remember how a name is punctuated.
    """
    return tuple(re.findall(r"[^\s,_\-]+", text.lower()))


@functools.lru_cache(maxsize=64)
def _keys(names: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Each name's words, worked out once per name list (a config's cards)."""
    return tuple(name_words(name) for name in names)


def _contains(words: tuple[str, ...], part: tuple[str, ...]) -> bool:
    size = len(part)
    return any(words[i : i + size] == part for i in range(len(words) - size + 1))


def name_matches(typed: Sequence[str], names: Sequence[str]) -> tuple[int, ...]:
    """The indices of the ``names`` that ``typed`` (its words) names, best kind of match only.

    A whole name beats everything (``cat`` is the cat, not the cattle prod); else
    every name that starts with what was typed (``bag of m``, ``cast``) or holds it
    as whole words (``marbles`` for the bag of marbles, ``racket`` for the tennis
    racket). One index is a match, several an ambiguity, none no match.
    """
    query = tuple(typed)
    if not query:
        return ()
    keys = _keys(tuple(names))
    exact = tuple(i for i, key in enumerate(keys) if key == query)
    if exact:
        return exact
    start = " ".join(query)
    return tuple(
        i for i, key in enumerate(keys) if " ".join(key).startswith(start) or _contains(key, query)
    )


def pick_name(
    typed: Sequence[str], names: Sequence[str], what: str, text: str, missing: str
) -> int:
    """The index of the one name of ``names`` that the words ``typed`` name (:func:`name_matches`).

    :class:`DecodeError` quoting ``text`` otherwise: ``missing`` (the title's words
    for "no such name", saying where the names are) when nothing matches, and for an
    ambiguity the candidates (:func:`ambiguous`; ``what`` is the kind of thing named).
    """
    found = name_matches(typed, names)
    if len(found) == 1:
        return found[0]
    if not found:
        raise DecodeError(f"{short(text)}: {missing}")
    raise DecodeError(
        f"{short(text)}: {ambiguous(' '.join(typed), [names[i] for i in found], what)}"
    )


def ambiguous(
    typed: str, candidates: Sequence[str], what: str, shown: int = 6, *, numbered: bool = True
) -> str:
    """What an ambiguous name could be: ``'bag' could be bag of flour or bag of marbles; ...``.

    Names the same up to case and punctuation can only be told apart by number:
    ``two Objects are called 'cat'; use its number``.
    """
    by_key = {name_words(c): c for c in reversed(candidates)}  # the first spelling of each
    unique = sorted(by_key.values(), key=str.lower)
    if len(unique) == 1:
        many = {2: "two", 3: "three"}.get(len(candidates), str(len(candidates)))
        return f"{many} {what}s are called {unique[0].lower()!r}; use its number"
    listed = unique[:shown]
    if len(unique) > shown:
        alternatives = f"{', '.join(listed)} or {len(unique) - shown} more"
    else:
        alternatives = f"{', '.join(listed[:-1])} or {listed[-1]}"
    more = "type more of the name, or its number" if numbered else "type more of the name"
    return f"{short(typed, 30)} could be {alternatives}; {more}"


def unknown_move(keyword: str, forms: Sequence[str]) -> str:
    """``unknown move 'drow'; did you mean 'draw pile'?`` and the moves there are.

    ``forms`` are the moves the reader may make (a person is never offered chance
    notation); the guess is the closest of them by :mod:`difflib`, if any is close.
    """
    guess = suggest(keyword, forms)
    said = f"unknown move {short(keyword, 30)}"
    keywords = ", ".join(dict.fromkeys(form.split(" ")[0] for form in forms))
    if guess is not None:
        return f"{said}; did you mean {guess!r}?" + (f" Moves: {keywords}." if keywords else "")
    return f"{said}; moves: {keywords}" if keywords else said


def suggest(typed: str, forms: Sequence[str]) -> str | None:
    """The one of ``forms`` that ``typed`` most likely meant, or ``None`` if none is close.

    Tried on the whole text first (``drow pile`` is ``draw pile``), then on the first
    word alone (``drow`` is a ``draw`` move).
    """
    typed = " ".join(typed.lower().split())
    if not typed or not forms:
        return None
    close = difflib.get_close_matches(typed, forms, n=1, cutoff=0.6)
    if close:
        return close[0]
    head = typed.split(" ")[0]
    firsts = {form.split(" ")[0]: form for form in reversed(forms)}
    word = difflib.get_close_matches(head, list(firsts), n=1, cutoff=0.6)
    return firsts[word[0]] if word else None
