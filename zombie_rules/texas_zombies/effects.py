"""Custom Event effects for Texas Zombies: data first, named code when data is not enough.

A designer adds an Event by listing it in ``Config.events`` (its name and the number
on its back: rule F's story requirement with a new number) and, when it should
score differently, an :class:`EventEffect` naming it in ``Config.event_effects``:
``worth`` is how many Event cards it counts as in the team totals (rule N's
scoring with a new number), and ``effect`` names a function registered here with
:func:`register_effect` for anything a number cannot say. A custom Object is one
more name in ``Config.objects``: the rules give Objects no effect besides being
used in stories, and every Object keeps the common back (a back of its own would
show a hidden card to the whole table).

Who sees what: an Event's face, its ``worth`` and its effect are public once it is
drawn (the card is face up from then on), and an effect reads only the finished
turn's public record, so it can never reveal a Team card, a hand or an unseen vote.
The config names effects by their registered name, so it stays plain data that
JSON, records and replays carry; an unknown name is refused with
:class:`~zombie_rules.core.errors.InvalidConfig` naming it and the known ones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.validation import short

if TYPE_CHECKING:  # the state module imports the config, which validates effects here
    from zombie_rules.texas_zombies.state import TurnRecord

#: ``effect(record, worth) -> worth``: the worth of a won Event, from its public turn
#: record and the worth its ``EventEffect`` gives it. Must be pure (no I/O, no state).
Effect = Callable[["TurnRecord", int], int]

#: Most Event cards one Event may count as: keeps totals small and a typo visible.
MAX_WORTH: Final = 10


@attrs.frozen
class EventEffect:
    """How the Event named ``event`` (a name in ``Config.events``) scores when won.

    ``worth`` is how many Event cards it counts as in its winner's and team's
    totals (rules N-P); 0 is an Event nobody gains by. ``effect`` is a registered
    effect's name (``""``: none), applied to ``worth`` at the end of the game.
    """

    event: str
    worth: int = 1
    effect: str = ""


_EFFECTS: dict[str, Effect] = {}


def register_effect(name: str, fn: Effect) -> None:
    """Make ``fn`` available to configs as ``EventEffect(effect=name)``.

    Registering is what lets a config stay data: JSON carries the name, and
    every process that registers the same name (an import of the module that
    defines it) plays the same game. A name is registered once; registering
    another function under it is refused, since saved configs would change meaning.
    """
    if type(name) is not str or not name.strip() or len(name.splitlines()) != 1:
        raise InvalidConfig("event_effects", f"an effect needs a one-line name, not {short(name)}")
    if not callable(fn):
        raise InvalidConfig("event_effects", f"effect {name!r} must be a function, not {short(fn)}")
    known = _EFFECTS.get(name)
    if known is not None and known is not fn:
        raise InvalidConfig("event_effects", f"an effect named {name!r} is already registered")
    _EFFECTS[name] = fn


def known_effects() -> tuple[str, ...]:
    """The registered effect names, sorted."""
    return tuple(sorted(_EFFECTS))


def effect_named(name: str) -> Effect:
    """The registered effect ``name``; :class:`InvalidConfig` naming it and the known ones."""
    fn = _EFFECTS.get(name)
    if fn is None:
        known = ", ".join(repr(k) for k in known_effects())
        raise InvalidConfig(
            "event_effects", f"unknown effect {short(name)}; registered effects: {known}"
        )
    return fn


def validate_effects(effects: object, event_names: tuple[str, ...]) -> None:
    """Raise :class:`InvalidConfig` (field ``event_effects``) for the first bad entry."""
    if not isinstance(effects, tuple) or not all(type(e) is EventEffect for e in effects):
        raise InvalidConfig(
            "event_effects", f"must be a tuple of EventEffect records, not {short(effects)}"
        )
    seen: set[str] = set()
    for entry in effects:
        if type(entry.event) is not str or entry.event not in event_names:
            raise InvalidConfig(
                "event_effects",
                f"{short(entry.event)} is not the name of an Event in 'events'",
            )
        if entry.event in seen:
            raise InvalidConfig("event_effects", f"Event {entry.event!r} has two entries")
        seen.add(entry.event)
        if type(entry.worth) is not int or not 0 <= entry.worth <= MAX_WORTH:
            raise InvalidConfig(
                "event_effects",
                f"Event {entry.event!r}: worth must be 0-{MAX_WORTH} Event cards,"
                f" not {short(entry.worth)}",
            )
        if type(entry.effect) is not str:
            raise InvalidConfig(
                "event_effects",
                f"Event {entry.event!r}: effect must be a name, not {short(entry.effect)}",
            )
        if entry.effect:
            effect_named(entry.effect)


def won_worth(record: TurnRecord, worth: int, effect: str) -> int:
    """The worth of the won Event of ``record``, after its effect (if any)."""
    if not effect:
        return worth
    value = effect_named(effect)(record, worth)
    if type(value) is not int or value < 0:
        raise ValueError(f"effect {effect!r} returned {short(value)}, not a worth of 0 or more")
    return value


def _unanimous_double(record: TurnRecord, worth: int) -> int:
    """Twice the worth when every other player voted Yes ("the whole table believed it")."""
    return 2 * worth if all(v for s, v in enumerate(record.votes) if s != record.seat) else worth


def _hard_won(record: TurnRecord, worth: int) -> int:
    """One more for a story that had to use 3 Objects or more."""
    return worth + 1 if record.required >= 3 else worth


register_effect("unanimous_double", _unanimous_double)
register_effect("hard_won", _hard_won)
