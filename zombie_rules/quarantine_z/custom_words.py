"""The words of a card effect: its rule on the move's line, then what it did for one reader.

An effect is code, so its account cannot be retraced step by step as the rulebook's
instructions are; it is read off the states before and after instead. Every reader
gets the public changes (Life, Armor, deaths, zombies' wounds); a reader the effect
showed cards to gets them named, place by place (a hand, a location), which is
exactly what its view gains. Two effects a reader cannot tell apart therefore read
alike, and ``testing.check_knowledge`` holds the views to those words.
"""

from __future__ import annotations

from collections import Counter

from zombie_rules.quarantine_z import aftermath
from zombie_rules.quarantine_z.custom import effect_named
from zombie_rules.quarantine_z.knowledge import item_of, items_of, seen_by
from zombie_rules.quarantine_z.state import State
from zombie_rules.quarantine_z.wording import Teller, capital, listing


def rule(name: str, amount: int) -> str:
    """The effect's rule as the card states it, with its amount."""
    return effect_named(name).words(amount)


def effect_lines(t: Teller, before: State, after: State) -> list[str]:
    """What the effect did between ``before`` and ``after``, as ``t.seat`` may know it."""
    return [
        *_learned(t, before, after),
        *aftermath.outcome(t, before, after),
        *_wounds(t, before, after),
    ]


def _learned(t: Teller, before: State, after: State) -> list[str]:
    """The cards the reader sees now and did not, in each place that holds the same cards."""
    zones = [
        (f"{t.whose(s)} hand", b.hand, a.hand)
        for s, (b, a) in enumerate(zip(before.survivors, after.survivors, strict=True))
    ]
    zones += [
        (f"the cards lying at {t.place(a.building)}", b.cards, a.cards)
        for b, a in zip(before.area, after.area, strict=True)
    ]
    lines = []
    for where, was, now in zones:
        if was == now or sorted(items_of(was)) != sorted(items_of(now)):
            continue  # unchanged, or cards came and went: other lines tell that
        gained = Counter(item_of(c) for c in now if seen_by(t.config, c, t.seat))
        gained.subtract(item_of(c) for c in was if seen_by(t.config, c, t.seat))
        new = sorted(item for item, n in gained.items() for _ in range(n) if n > 0)
        if new:
            lines.append(f"{capital(where)}, now seen: {listing([t.item(i) for i in new])}.")
    return lines


def _wounds(t: Teller, before: State, after: State) -> list[str]:
    """Zombies whose damage changed where the Survivors are (both states' location)."""
    if before.here < 0 or after.here != before.here:
        return []
    was = {z.number: z.damage for z in before.area[before.here].zombies}
    lines = []
    for z in after.area[after.here].zombies:
        if z.number in was and was[z.number] != z.damage:
            lines.append(f"{capital(t.zombie(z))}: damage {was[z.number]} → {z.damage}.")
    return lines
