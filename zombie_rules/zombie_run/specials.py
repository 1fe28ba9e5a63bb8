"""Zombie Run! special cards: data a designer adds to the deck, acting when drawn or kept.

A :class:`SpecialCard` names its effect from a small vocabulary:

* kept effects act at round end, when every hand is turned over:
  ``counts_as`` (the card counts as its ``zombies``, which may be negative: a card
  that takes zombies off your total) and ``cancels_highest`` (the card counts as
  its ``zombies`` and the highest other card of the hand counts 0);
* drawn effects act when the card is drawn from the Draw Pile on a turn:
  ``reveal_discard`` (shown to the table and discarded at once; the drawer's turn
  ends) and ``peek_one`` (the same, and the drawer first looks at the leftmost card
  of their hand they have not seen).

Who learns what: a special card in a hand is as hidden as any card; a drawn-effect
card drawn from the Draw Pile is seen by the whole table and lies face up on the
Discard Pile from then on; the card ``peek_one`` lets the drawer look at is learned
by the drawer alone, while the table sees which position was looked at (as with the
opening peek). A drawn-effect card that is dealt, or taken from the Discard Pile,
has no effect and counts as its ``zombies`` (ruling 16).

Kept effects are code behind a name: :func:`register_card_effect` adds one, and a
config names it, so a config stays plain data that JSON, records and replays carry.
An unknown name is refused with :class:`InvalidConfig` naming it and the known ones.
Drawn effects change the shape of a turn, so they are the built-in two only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.validation import short

#: ``score(scores, position) -> scores``: a hand's per-card scores after the kept
#: card at ``position`` acts on them. Must be pure (no I/O, no state).
KeptEffect = Callable[[tuple[int, ...], int], tuple[int, ...]]

#: The drawn effects, each acting when the card comes off the Draw Pile on a turn.
REVEAL_DISCARD: Final = "reveal_discard"
PEEK_ONE: Final = "peek_one"
DRAWN_EFFECTS: Final = (REVEAL_DISCARD, PEEK_ONE)
#: A special card's zombies may be negative (a card that helps): within this bound.
MAX_SPECIAL_ZOMBIES: Final = 999
#: Most special card kinds one config may list: a few keep the deck a Zombie Run! deck.
MAX_SPECIALS: Final = 20


@attrs.frozen
class SpecialCard:
    """A special card kind: ``copies`` cards called ``name`` with the effect ``effect``.

    ``zombies`` is what the card counts as in a hand at round end (before any kept
    effect acts), whatever its effect: a drawn-effect card that ends up in a hand
    (dealt, or taken from the Discard Pile) counts that much too.
    """

    name: str
    effect: str
    zombies: int = 0
    copies: int = 1


def _counts_as(scores: tuple[int, ...], position: int) -> tuple[int, ...]:
    """The card already counts as its zombies: nothing more to do."""
    return scores


def _cancels_highest(scores: tuple[int, ...], position: int) -> tuple[int, ...]:
    """The highest other card (the leftmost of equals) counts 0."""
    others = [p for p in range(len(scores)) if p != position]
    if not others:
        return scores
    top = max(others, key=lambda p: (scores[p], -p))
    if scores[top] <= 0:
        return scores  # nothing above 0 to cancel: a cancelled card stays a help
    return scores[:top] + (0,) + scores[top + 1 :]


_KEPT: dict[str, KeptEffect] = {}
_TEXTS: dict[str, str] = {}


def register_card_effect(name: str, score: KeptEffect, text: str) -> None:
    """Make ``score`` available to configs as ``SpecialCard(effect=name)``, acting when kept.

    ``text`` is the card's rule as a player reads it, with ``{zombies}`` standing for
    the card's own count. Every process that registers the same name (an import of the
    module defining it) plays the same game. A name is registered once; another
    function under a known name is refused, since saved configs would change meaning.
    """
    if type(name) is not str or not name.strip() or len(name.splitlines()) != 1:
        raise InvalidConfig("specials", f"an effect needs a one-line name, not {short(name)}")
    if name in DRAWN_EFFECTS:
        raise InvalidConfig("specials", f"{name!r} is a built-in drawn effect")
    if not callable(score):
        raise InvalidConfig("specials", f"effect {name!r} must be a function, not {short(score)}")
    if type(text) is not str or not text.strip():
        raise InvalidConfig("specials", f"effect {name!r} needs a text saying what it does")
    known = _KEPT.get(name)
    if known is not None and known is not score:
        raise InvalidConfig("specials", f"an effect named {name!r} is already registered")
    _KEPT[name] = score
    _TEXTS[name] = text


register_card_effect("counts_as", _counts_as, "Counts as {zombies} in your hand at round end.")
register_card_effect(
    "cancels_highest",
    _cancels_highest,
    "Counts as {zombies}, and the highest other card in your hand counts 0 at round end.",
)
_TEXTS[REVEAL_DISCARD] = (
    "Drawn from the Draw Pile: shown to the table and discarded at once; your turn ends."
    " In a hand it counts as {zombies}."
)
_TEXTS[PEEK_ONE] = (
    "Drawn from the Draw Pile: shown to the table and discarded at once; you look at the"
    " leftmost card of your hand you have not seen, and your turn ends. In a hand it"
    " counts as {zombies}."
)


def known_card_effects() -> tuple[str, ...]:
    """Every effect name a special card may give: the drawn ones and the registered kept ones."""
    return tuple(sorted({*_KEPT, *DRAWN_EFFECTS}))


def kept_effect(name: str) -> KeptEffect | None:
    """The registered kept effect called ``name``; ``None`` for a drawn effect."""
    return _KEPT.get(name)


def effect_text(special: SpecialCard) -> str:
    """What the card does, as its card text says it."""
    return _TEXTS[special.effect].format(zombies=special.zombies)


def validate_specials(specials: object, numbered_names: tuple[str, ...]) -> None:
    """Raise :class:`InvalidConfig` naming what is wrong with ``Config.specials``."""
    if type(specials) is not tuple:
        raise InvalidConfig("specials", f"must be a tuple of SpecialCard, not {short(specials)}")
    if len(specials) > MAX_SPECIALS:
        raise InvalidConfig("specials", f"at most {MAX_SPECIALS} kinds, not {len(specials)}")
    names: set[str] = set()
    for special in specials:
        if type(special) is not SpecialCard:
            raise InvalidConfig(
                "specials", f"each entry must be a SpecialCard, not {short(special)}"
            )
        name = special.name
        if type(name) is not str or not name.strip() or len(name.splitlines()) != 1:
            raise InvalidConfig(
                "specials", f"a special card needs a one-line name, not {short(name)}"
            )
        if name.lower() in names or name.lower() in numbered_names:
            raise InvalidConfig("specials", f"two cards are called {name!r}")
        names.add(name.lower())
        if type(special.effect) is not str or special.effect not in known_card_effects():
            raise InvalidConfig(
                "specials",
                f"card {name!r}: unknown effect {short(special.effect)};"
                f" known: {', '.join(known_card_effects())}",
            )
        if type(special.zombies) is not int or abs(special.zombies) > MAX_SPECIAL_ZOMBIES:
            raise InvalidConfig(
                "specials",
                f"card {name!r}: zombies must be an int from -{MAX_SPECIAL_ZOMBIES}"
                f" to {MAX_SPECIAL_ZOMBIES}, not {short(special.zombies)}",
            )
        if type(special.copies) is not int or special.copies < 1:
            raise InvalidConfig(
                "specials", f"card {name!r}: needs at least one copy, not {short(special.copies)}"
            )
