"""The words a Zombie Doctor custom card is written in: vocabulary steps and registered effects.

A custom card is data, so a ``Config`` holding it goes through JSON, records and
replays like any other. Its effect is either

* a tuple of :class:`Step` records from the vocabulary below, carried out in order, or
* the name of an effect registered with :func:`register_card_effect` (Python code a
  designer needs: a ``targets`` and an ``effect`` function over bodies).

Each step declares who learns what (see the rulings, "Custom cards"):

``flip``, ``cure``, ``swap``, ``to_morgue``
    body cards, face up: everyone sees the change. ``flip`` turns a body card to its
    infected side in flip order, ``cure`` turns an infected limb or torso healthy,
    ``swap`` exchanges one arm or leg between two seats, ``to_morgue`` puts an arm or
    leg into the morgue side up as it lies (everyone sees it go in).
``from_morgue``
    the user takes a limb from the morgue without looking, as the Morgue card does.
``reveal_hand``
    the target shows their hand to the table (``to="table"``: everyone learns it)
    or to the user only (``to="user"``: everyone sees that it was shown, only the
    user what it holds).
``new_hand``
    the target puts their hand under the deck unseen (only they know it) and draws
    a new one when the hands are refilled.
``look_top``
    the user looks at the top ``count`` cards of the deck alone and then puts them
    back in any order (a follow-up choice, ``order``); everyone else learns only
    that they were looked at.

``who`` says whose body or hand a step acts on: ``"opponent"`` (a seat the user
chooses, still in and not in a Coma), ``"user"`` (the user's own) or ``"any"``
(either). A step that waits for a choice or for chance (``look_top``,
``from_morgue``) ends the card, so it must be its last step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.validation import short

FLIP: Final = "flip"
CURE: Final = "cure"
SWAP: Final = "swap"
TO_MORGUE: Final = "to_morgue"
FROM_MORGUE: Final = "from_morgue"
REVEAL_HAND: Final = "reveal_hand"
NEW_HAND: Final = "new_hand"
LOOK_TOP: Final = "look_top"
#: Every vocabulary step, in the order the rulings describe them.
STEPS: Final = (FLIP, CURE, SWAP, TO_MORGUE, FROM_MORGUE, REVEAL_HAND, NEW_HAND, LOOK_TOP)
#: Steps that wait for a follow-up (a choice or chance), so they end the card.
LAST_STEPS: Final = frozenset((LOOK_TOP, FROM_MORGUE))
#: Who learns what, per step: the declared visibility the rules, views and accounts keep.
VISIBILITY: Final[dict[str, str]] = {
    FLIP: "everyone sees the body card flip",
    CURE: "everyone sees the body card cured",
    SWAP: "everyone sees the two body cards change places",
    TO_MORGUE: "everyone sees the limb go into the morgue",
    FROM_MORGUE: "everyone sees the limb the morgue gives (nobody chooses it)",
    REVEAL_HAND: "to='table': everyone learns the hand; to='user': the user alone learns it,"
    " everyone sees that it was shown",
    NEW_HAND: "the holder alone knows the cards that go under the deck",
    LOOK_TOP: "the user alone learns the cards and their new order; everyone sees how many",
}
#: Whose body or hand each step may name.
WHO: Final = ("opponent", "user", "any")
#: Where a revealed hand is shown.
REVEAL_TO: Final = ("table", "user")
#: Most cards one look may cover: every order of them is a legal move (4! = 24).
MAX_LOOK: Final = 4
#: Most steps one card may take: each step's choices multiply the card's legal moves.
MAX_STEPS: Final = 3


@attrs.frozen
class Step:
    """One vocabulary step of a custom card (see the module docstring for each ``op``).

    ``who`` is whose body or hand it acts on; ``count`` is how many cards
    ``look_top`` looks at; ``to`` is where ``reveal_hand`` shows the hand.
    """

    op: str
    who: str = "opponent"
    count: int = 1
    to: str = "table"


#: ``targets(state, user, params) -> seats``: the seats a registered card may be used on now.
Targets = Callable[[Any, int, Mapping[str, int]], tuple[int, ...]]
#: ``effect(state, user, target, params) -> bodies``: the new bodies after the card is used.
BodyEffect = Callable[[Any, int, int, Mapping[str, int]], tuple[tuple[int, ...], ...]]


@attrs.frozen
class Registered:
    """A registered card effect: its two pure functions and the text a player reads."""

    targets: Targets
    effect: BodyEffect
    text: str


_REGISTERED: dict[str, Registered] = {}


def register_card_effect(name: str, targets: Targets, effect: BodyEffect, text: str = "") -> None:
    """Make ``(targets, effect)`` available to custom cards as ``CustomCard(effect=name)``.

    ``targets(state, user, params)`` gives the seats the card may be used on now
    (the user's own seat for a card used on yourself; the rules then drop seats
    out of the game or in a Coma); ``effect(state, user, target, params)`` gives the
    new ``state.bodies``, changing only the user's and the target's bodies and
    keeping every body card on the table in its own slot. Both must be pure.
    ``params`` is the card's own ``params`` as a mapping. Every process that
    registers the same name plays the same game; another function under a
    registered name is refused, since saved configs would change meaning.
    """
    if type(name) is not str or not name.isidentifier():
        raise InvalidConfig("custom_cards", f"an effect needs a one-word name, not {short(name)}")
    if not callable(targets) or not callable(effect):
        raise InvalidConfig(
            "custom_cards", f"effect {name!r}: 'targets' and 'effect' must be functions"
        )
    if type(text) is not str:
        raise InvalidConfig("custom_cards", f"effect {name!r}: the text must be a string")
    known = _REGISTERED.get(name)
    if known is not None and (known.targets is not targets or known.effect is not effect):
        raise InvalidConfig("custom_cards", f"an effect named {name!r} is already registered")
    _REGISTERED[name] = Registered(targets, effect, text)


def unregister_card_effect(name: str) -> None:
    """Forget a registered effect (a test or a tutorial cleaning up after itself)."""
    _REGISTERED.pop(name, None)


def known_card_effects() -> tuple[str, ...]:
    """The registered effect names, sorted."""
    return tuple(sorted(_REGISTERED))


def registered(name: str) -> Registered:
    """The effect registered as ``name``; :class:`InvalidConfig` naming the known ones if none."""
    found = _REGISTERED.get(name)
    if found is None:
        known = ", ".join(known_card_effects()) or "none yet"
        raise InvalidConfig(
            "custom_cards",
            f"no card effect is registered as {short(name)} (registered: {known});"
            " register it with register_card_effect, or write the card as vocabulary steps",
        )
    return found


def validate_effect(name: str, effect: object, steps: object, params: object) -> None:
    """Raise :class:`InvalidConfig` saying what is wrong with one card's effect fields."""
    where = f"custom card {short(name)}"
    if type(params) is not tuple or any(
        not (type(p) is tuple and len(p) == 2 and type(p[0]) is str and type(p[1]) is int)
        for p in params
    ):
        raise InvalidConfig("custom_cards", f"{where}: 'params' must be (name, int) pairs")
    if type(effect) is not str or type(steps) is not tuple:
        raise InvalidConfig(
            "custom_cards",
            f"{where}: 'effect' is a registered effect's name and 'steps' a tuple of Step",
        )
    if bool(effect) == bool(steps):
        raise InvalidConfig(
            "custom_cards",
            f"{where}: give either 'effect' (a registered name) or 'steps' (vocabulary), not"
            f" {'both' if effect else 'neither'}",
        )
    if effect:
        registered(effect)
        return
    if len(steps) > MAX_STEPS:
        raise InvalidConfig("custom_cards", f"{where}: at most {MAX_STEPS} steps")
    for i, step in enumerate(steps):
        _validate_step(where, step, last=i == len(steps) - 1)


def _validate_step(where: str, step: object, last: bool) -> None:
    if type(step) is not Step:
        raise InvalidConfig("custom_cards", f"{where}: steps are Step records, not {short(step)}")
    if step.op not in STEPS:
        raise InvalidConfig(
            "custom_cards", f"{where}: unknown step {short(step.op)}; steps: {', '.join(STEPS)}"
        )
    if step.who not in WHO or step.to not in REVEAL_TO:
        raise InvalidConfig(
            "custom_cards",
            f"{where}: {step.op}: 'who' is one of {', '.join(WHO)} and 'to' one of"
            f" {', '.join(REVEAL_TO)}, not {short(step.who)} / {short(step.to)}",
        )
    if step.op == REVEAL_HAND and step.who != "opponent":
        raise InvalidConfig("custom_cards", f"{where}: reveal_hand shows an opponent's hand")
    if step.op == SWAP and step.who == "opponent":
        raise InvalidConfig(
            "custom_cards",
            f"{where}: swap is between the user and a seat ('user') or any two seats ('any')",
        )
    if step.op in (LOOK_TOP, FROM_MORGUE) and step.who != "opponent" and step.who != "user":
        raise InvalidConfig("custom_cards", f"{where}: {step.op} is always the user's")
    if type(step.count) is not int or (step.op == LOOK_TOP and not 1 <= step.count <= MAX_LOOK):
        raise InvalidConfig(
            "custom_cards",
            f"{where}: look_top looks at 1-{MAX_LOOK} cards, not {short(step.count)}",
        )
    if step.op in LAST_STEPS and not last:
        raise InvalidConfig(
            "custom_cards", f"{where}: {step.op} waits for a follow-up, so it must be the last step"
        )
