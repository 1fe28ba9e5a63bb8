"""The built-in card effects of Quarantine Z, and the one place the rules run an effect.

Five effects, one or two at each point of :mod:`~zombie_rules.quarantine_z.custom`,
so a table can build new Events, zombies and Combat Items from them:

* ``stalk`` (Event, the Zombie Player learns): the Zombie Player looks at every
  living Survivor's hand;
* ``sicken`` (Event, public): every living Survivor takes ``amount`` damage, Armor
  first, as from a Bite;
* ``call`` (zombie on arrival, public): the Zombie Player may play ``amount`` more
  zombies this step (a zombie that calls another);
* ``flare`` (Combat Item, public): the Noise made in this combat round so far
  goes down by ``amount`` (never below 0), so the Zombie Player draws fewer cards;
* ``spotlight`` (Combat Item, its user learns): the user looks at the hand of every
  other living Survivor in the combat.

:func:`run_effect` holds every effect, built-in or a designer's, to its declared
:class:`~zombie_rules.quarantine_z.custom.Who`: afterwards no seat but the declared
learner may know more cards of an item than before, beyond those now seen by every
seat (for a public effect, any card it shows the whole table; for the others, only
a dead Survivor's equipment, laid face up), or the move is refused as a broken
effect rather than let a hand leak. The check counts cards, so it catches an effect that shows
what it should not; that an effect's public changes tell nothing hidden is what
``testing.check_knowledge`` checks.
"""

from __future__ import annotations

from collections import Counter

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.seats import has_seat, seat_bit
from zombie_rules.core.validation import short
from zombie_rules.quarantine_z._base import living, replace, replace_combat
from zombie_rules.quarantine_z.custom import (
    CardEffect,
    Played,
    Point,
    Who,
    effect_named,
    register_effect,
)
from zombie_rules.quarantine_z.effects import hurt
from zombie_rules.quarantine_z.knowledge import item_of, known_by, seen_by, shown_to
from zombie_rules.quarantine_z.state import State, Survivor


def run_effect(state: State, name: str, played: Played) -> State:
    """The state after the effect ``name`` acts for ``played``, checked against its ``who``."""
    effect = effect_named(name)
    after = effect.act(state, played)
    if type(after) is not State:
        raise InvalidConfig("effect", f"effect {name!r} returned {short(after)}, not a State")
    _hold_to(effect, state, after, played.seat)
    return after


#: The keys :func:`seen_counts` counts under besides seats: the public cards, and all.
PUBLIC, ALL = -1, -2


def seen_counts(state: State) -> Counter[tuple[int, int]]:
    """How many Supply and Munition cards of each item each seat has seen, in hands, at
    locations and out of the game face down: ``(seat, item)``; seat :data:`PUBLIC`
    counts those every seat has seen, :data:`ALL` every card of the item there."""
    config = state.config
    players = range(config.players)
    counts: Counter[tuple[int, int]] = Counter()
    zones = [s.hand for s in state.survivors] + [loc.cards for loc in state.area] + [state.lost]
    for cards in zones:
        for c in cards:
            item = item_of(c)
            counts[ALL, item] += 1
            for k in players:
                if known_by(c, k):
                    counts[k, item] += 1
            if seen_by(config, c, None):
                counts[PUBLIC, item] += 1
    return counts


def learner(state: State, who: Who, seat: int) -> int | None:
    """The seat an effect of ``who`` played by ``seat`` may show cards to alone (``None``:
    a public effect, which may show a card only to every seat at once)."""
    if who is Who.PUBLIC:
        return None
    if who is Who.USER:
        return seat
    return state.config.zombie_seat


def _hold_to(effect: CardEffect, before: State, after: State, seat: int) -> None:
    """No seat but the declared learner knows more cards of an item than before, beyond
    the cards of it now seen by every seat: any of them for a public effect (a reveal),
    only those new to the hands and locations for the others (a dead Survivor's
    equipment, laid face up)."""
    was, now = seen_counts(before), seen_counts(after)
    alone = learner(before, effect.who, seat)
    for k in range(before.config.players):
        if k == alone:
            continue
        for item in {i for (s, i) in now if s == k}:
            gain = now[k, item] - was[k, item]
            shown = now[PUBLIC, item] - was[PUBLIC, item]
            if alone is not None:
                shown = min(shown, now[ALL, item] - was[ALL, item])
            if gain > max(0, shown):
                name = before.config.items[item].name
                may = "every seat at once" if alone is None else f"seat {alone} alone"
                raise InvalidConfig(
                    "effect",
                    f"effect {effect.name!r} is declared {effect.who.value} but showed seat {k}"
                    f" {gain - max(0, shown)} {name} card(s); it may show cards to {may}",
                )


# ------------------------------------------------------------ the built-in effects


def _stalk(state: State, played: Played) -> State:
    """Each card in a living Survivor's hand is marked seen by the Zombie Player."""
    zp = seat_bit(state.config.zombie_seat)
    survivors = list(state.survivors)
    for s in living(state):
        me = survivors[s]
        if me.hand:
            hand = tuple(sorted(shown_to(c, zp) for c in me.hand))
            survivors[s] = Survivor(me.life, hand, me.equipment, me.armor, me.wear)
    return replace(state, survivors=tuple(survivors))


def _sicken(state: State, played: Played) -> State:
    """Every living Survivor is hurt, in seat order (a death lays the cards down here)."""
    for s in living(state):
        state = hurt(state, s, played.amount, headshot=False)
    return state


def _call(state: State, played: Played) -> State:
    return replace(state, allowance=state.allowance + played.amount)


def _flare(state: State, played: Played) -> State:
    combat = state.combat
    if combat is None:  # pragma: no cover - a Combat Item is played in a combat only
        return state
    return replace(state, combat=replace_combat(combat, noise=max(0, combat.noise - played.amount)))


def _spotlight(state: State, played: Played) -> State:
    """Each card in the hand of another living Survivor of the combat is marked seen by the user."""
    combat = state.combat
    if combat is None:  # pragma: no cover - a Combat Item is played in a combat only
        return state
    me = seat_bit(played.seat)
    survivors = list(state.survivors)
    for s in living(state):
        other = survivors[s]
        if s != played.seat and has_seat(combat.members, s) and other.hand:
            hand = tuple(sorted(shown_to(c, me) for c in other.hand))
            survivors[s] = Survivor(other.life, hand, other.equipment, other.armor, other.wear)
    return replace(state, survivors=tuple(survivors))


#: The built-in vocabulary, registered when the rules are imported.
BUILT_IN: tuple[CardEffect, ...] = (
    register_effect(
        "stalk", _stalk, point=Point.EVENT, who=Who.ZOMBIE_PLAYER,
        text="the Zombie Player looks at every living Survivor's hand.",
    ),
    register_effect(
        "sicken", _sicken, point=Point.EVENT, who=Who.PUBLIC,
        text="every living Survivor takes {amount} damage.",
    ),
    register_effect(
        "call", _call, point=Point.ARRIVAL, who=Who.PUBLIC,
        text="it calls for help: {amount} more zombie(s) may be played this step.",
    ),
    register_effect(
        "flare", _flare, point=Point.COMBAT_ITEM, who=Who.PUBLIC,
        text="the Noise made this round goes down by {amount}.",
    ),
    register_effect(
        "spotlight", _spotlight, point=Point.COMBAT_ITEM, who=Who.USER,
        text="its user looks at the hand of every other Survivor in the combat.",
    ),
)  # fmt: skip
