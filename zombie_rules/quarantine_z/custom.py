"""Quarantine Z card effects: new instructions for Events, zombies and Combat Items, by name.

A custom card is data: a ``ZombieCard`` or an ``Item`` of the config's card set whose
``effect`` names a :class:`CardEffect` registered here, acting with the card's
``amount``. Each effect acts at one named :class:`Point` of a round:

* ``EVENT``: an Event face played "when you could play a Zombie" (the card's
  ``event`` is then ``None``: the effect is its instruction);
* ``ARRIVAL``: a "This is a Zombie" face played face up, once it is in play (a
  card played face down is a standard zombie, with no ability);
* ``COMBAT_ITEM``: a Combat Item played in the Declare step, after its numbers
  (heal, blast, scare, noise) act.

And each declares :class:`Who` learns what it shows: the whole table, the seat that
played the card, or the Zombie Player. The rules hold the effect to it (an effect
that shows cards to anyone else is refused when it acts), and ``describe``, the
views, the labels and ``determinize`` follow from the cards' "who knows it" marks,
so the knowledge checks of :mod:`zombie_rules.testing` cover custom cards too.

The built-in vocabulary (:mod:`~zombie_rules.quarantine_z.vocabulary`) is
``stalk``, ``sicken``, ``call``, ``flare`` and ``spotlight``; a designer adds one
with :func:`register_effect`. Configs name effects by string, so they stay plain
data that JSON, records and replays carry; an unknown name is an ``InvalidConfig``
naming it and the known ones (a ``DecodeError`` when decoding).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.validation import short

if TYPE_CHECKING:  # the state module imports the config, which validates effects here
    from zombie_rules.quarantine_z.state import State


class Point(enum.Enum):
    """Where in a round a card effect acts."""

    EVENT = "event"  # an Event face played in the Zombies! step
    ARRIVAL = "arrival"  # a special zombie played face up, once in play
    COMBAT_ITEM = "combat item"  # a Combat Item played in the Declare step


class Who(enum.Enum):
    """Who learns the cards an effect shows (everything else it changes is public)."""

    PUBLIC = "public"  # every seat at once
    USER = "user"  # only the seat that played the card
    ZOMBIE_PLAYER = "zombie player"  # only the Zombie Player


@attrs.frozen
class Played:
    """What an effect is told: the card ``card`` (an index of the config's
    ``zombie_cards`` for EVENT and ARRIVAL, of its ``items`` for COMBAT_ITEM) played by
    ``seat``, with the card's ``amount``; ``zombie`` is the arriving zombie's number
    (ARRIVAL only, else -1)."""

    seat: int
    card: int
    amount: int
    zombie: int = -1


#: ``act(state, played) -> state``: the state after the effect. Must be pure (no I/O,
#: no randomness) and change only what its :class:`Who` allows seats to learn.
Act = Callable[["State", Played], "State"]


@attrs.frozen
class CardEffect:
    """A card effect: ``name`` (what configs call it), where it acts, who learns what it
    shows, ``text`` (its rule as a player reads it, ``{amount}`` standing for the card's
    amount) and ``act``, the code."""

    name: str
    point: Point
    who: Who
    text: str
    act: Act

    def words(self, amount: int) -> str:
        """The effect's rule with the card's amount filled in."""
        return self.text.format(amount=amount)


_EFFECTS: dict[str, CardEffect] = {}


def register_effect(name: str, act: Act, *, point: Point, who: Who, text: str) -> CardEffect:
    """Make ``act`` available to configs as ``effect=name`` on a card; returns its record.

    ``point`` is where it acts, ``who`` who learns the cards it shows, ``text`` its rule
    as a player reads it (``{amount}`` for the card's amount). Every process that
    registers the same effect (an import of the module defining it) plays the same
    game. A name is registered once; another effect under a known name is refused,
    since saved configs would change meaning (unregister it first).
    """
    if type(name) is not str or not name.strip() or len(name.splitlines()) != 1:
        raise InvalidConfig("effect", f"an effect needs a one-line name, not {short(name)}")
    if type(point) is not Point or type(who) is not Who:
        raise InvalidConfig("effect", f"effect {name!r}: point must be a Point and who a Who")
    if not callable(act):
        raise InvalidConfig("effect", f"effect {name!r}: act must be a function, not {short(act)}")
    if type(text) is not str or not text.strip():
        raise InvalidConfig("effect", f"effect {name!r} needs a text saying what it does")
    effect = CardEffect(name, point, who, text, act)
    try:
        effect.words(1)
    except (KeyError, IndexError, ValueError) as exc:
        raise InvalidConfig(
            "effect", f"effect {name!r}: its text may use only {{amount}}, not {exc}"
        ) from None
    known = _EFFECTS.get(name)
    if known is not None and known != effect:
        raise InvalidConfig("effect", f"an effect named {name!r} is already registered")
    _EFFECTS[name] = effect
    return effect


def unregister_effect(name: str) -> None:
    """Forget the effect ``name`` (tests and tutorials clean up after themselves)."""
    _EFFECTS.pop(name, None)


def known_effects(point: Point | None = None) -> tuple[str, ...]:
    """The registered effect names (those acting at ``point``, when given), sorted."""
    return tuple(sorted(n for n, e in _EFFECTS.items() if point is None or e.point is point))


def effect_named(name: str) -> CardEffect:
    """The registered effect ``name``; :class:`InvalidConfig` naming it and the known ones.

    Configs are validated when made, so this fails only for an effect unregistered
    since (a game of a config whose effect this process no longer knows).
    """
    effect = _EFFECTS.get(name)
    if effect is None:
        known = ", ".join(repr(k) for k in known_effects()) or "none"
        raise InvalidConfig("effect", f"unknown effect {short(name)}; registered effects: {known}")
    return effect


def check_effect(field: str, card: str, name: object, point: Point) -> None:
    """Raise :class:`InvalidConfig` unless ``name`` is ``""`` or an effect acting at ``point``.

    ``field`` and ``card`` say where the name was found, for the message.
    """
    if type(name) is not str:
        raise InvalidConfig(field, f"{card}: effect must be a name, not {short(name)}")
    if not name:
        return
    effect = _EFFECTS.get(name)
    if effect is None or effect.point is not point:
        known = ", ".join(repr(k) for k in known_effects(point)) or "none"
        raise InvalidConfig(
            field,
            f"{card}: unknown {point.value} effect {name!r}; known {point.value} effects: {known}",
        )


def rule_text(text: str, effect: str, amount: int) -> str:
    """A card's text for a reader: ``text`` as printed, the effect's rule after it.

    A designer's card may leave ``text`` empty: the effect's own words still tell a
    player what the card does, on the board and in the card lists.
    """
    if not effect:
        return text
    known = effect_named(effect)
    words = known.words(amount)
    if words in text:
        return text
    said = f"{_LEADS[known.point]}{words}"
    return f"{text} {said}" if text else said


#: How a card's text introduces the rule of an effect acting at each point.
_LEADS = {
    Point.EVENT: "Play when you could play a Zombie: ",
    Point.ARRIVAL: "When it comes into play face up, ",
    Point.COMBAT_ITEM: "Combat Item: ",
}
