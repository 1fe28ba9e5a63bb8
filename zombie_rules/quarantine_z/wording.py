"""Quarantine Z in English for one reader: seats, cards, places and zombies by name.

Every account of a move is written for one seat (or a spectator), so the same
thing reads "You" to one reader and "Seat 2" to another, and a card reads "the
Pistol" to whoever has seen it and "a Munition card" to everyone else. A
:class:`Teller` holds the reader and words everything the same way, so two moves
the reader cannot tell apart get the same words.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

# The shared English helpers, re-exported for the modules that word Quarantine Z.
from zombie_rules.core.wording import capital as capital
from zombie_rules.core.wording import count as count
from zombie_rules.core.wording import listing as listing
from zombie_rules.quarantine_z._base import zombie_stats
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.knowledge import item_of, seen_by
from zombie_rules.quarantine_z.state import Zombie


@attrs.frozen
class Teller:
    """Words for one reader: ``seat`` (None: a spectator, who knows only what is public)."""

    config: Config
    seat: int | None

    # ------------------------------------------------------------------ seats

    def who(self, s: int) -> str:
        """The subject of a sentence: "You", "The Zombie Player", "Seat 2"."""
        if s == self.seat:
            return "You"
        if s == self.config.zombie_seat:
            return "The Zombie Player"
        return f"Seat {s}"

    def whom(self, s: int) -> str:
        """The object of a sentence: "you", "the Zombie Player", "Seat 2"."""
        if s == self.seat:
            return "you"
        if s == self.config.zombie_seat:
            return "the Zombie Player"
        return f"Seat {s}"

    def whose(self, s: int) -> str:
        """ "your", "Seat 2's"."""
        return "your" if s == self.seat else f"{self.whom(s)}'s"

    def their(self, s: int) -> str:
        """The possessive pronoun after the subject: "your", "their"."""
        return "your" if s == self.seat else "their"

    def verb(self, s: int, plain: str, third: str | None = None) -> str:
        """The verb agreeing with :meth:`who`: "draw" for you, "draws" for the others."""
        return plain if s == self.seat else third or plain + "s"

    def says(self, s: int, plain: str, third: str | None = None) -> str:
        """Subject and verb: "You draw", "Seat 2 draws"."""
        return f"{self.who(s)} {self.verb(s, plain, third)}"

    def group(self, seats: Iterable[int]) -> str:
        """Several seats as objects: "Seat 1, Seat 3 and you" ("nobody" when empty)."""
        seats = list(seats)
        if not seats:
            return "nobody"
        others = [self.whom(s) for s in seats if s != self.seat]
        if len(others) < len(seats):
            others.append("you")
        return listing(others)

    # ------------------------------------------------------------------ cards

    def item(self, item: int) -> str:
        """A named Supply or Munition card: "the Pistol"."""
        return f"the {self.config.items[item].name}"

    def deck(self, item: int) -> str:
        """The deck a card belongs to, as its back shows: "Supply", "Munition"."""
        return "Supply" if self.config.items[item].deck is Deck.SUPPLY else "Munition"

    def card(self, card: int) -> str:
        """An encoded card as the reader knows it: "the Pistol" or "a Munition card"."""
        item = item_of(card)
        if seen_by(self.config, card, self.seat):
            return self.item(item)
        return f"a {self.deck(item)} card"

    def cards(self, cards: Iterable[int]) -> str:
        """Encoded cards: the ones the reader has seen by name, the rest counted by deck."""
        named: list[str] = []
        supply = munition = 0
        for c in sorted(cards):
            if seen_by(self.config, c, self.seat):
                named.append(self.item(item_of(c)))
            elif self.deck(item_of(c)) == "Supply":
                supply += 1
            else:
                munition += 1
        if supply:
            named.append(count(supply, "Supply card"))
        if munition:
            named.append(count(munition, "Munition card"))
        return listing(named)

    def items(self, items: Iterable[int]) -> str:
        """Face-up cards by name: "the Fire Axe and the Kevlar Vest"."""
        return listing([self.item(i) for i in sorted(items)])

    def zcard(self, card: int) -> str:
        """A Zombie card's face by name: "the Runner"."""
        return f"the {self.config.zombie_cards[card].name}"

    # ------------------------------------------------------------------ places and zombies

    def place(self, building: int) -> str:
        """A Building by name: "the Gas Station"."""
        return f"the {self.config.buildings[building].name}"

    def zombie(self, zombie: Zombie) -> str:
        """A zombie in play by its number: "zombie 0 (Runner + Claws)", "zombie 3 (face down)".

        The Zombie Player reads the card under a face-down zombie; nobody else does.
        """
        zc = self.config.zombie_cards
        if zombie.face_up:
            what = zc[zombie.card].name
        elif self.seat == self.config.zombie_seat:
            what = f"face down: {zc[zombie.card].name}"
        else:
            what = "face down"
        what += "".join(f" + {zc[m].name}" for m in zombie.mutations)
        return f"zombie {zombie.number} ({what})"

    def zombie_kind(self, zombie: Zombie) -> str:
        """A zombie without its place in line: "a Runner", "a face-down zombie"."""
        if zombie.face_up:
            return f"a {self.config.zombie_cards[zombie.card].name}"
        if self.seat == self.config.zombie_seat:
            return f"a face-down zombie ({self.config.zombie_cards[zombie.card].name})"
        return "a face-down zombie"

    def zombie_stats(self, zombie: Zombie) -> str:
        """ "Life 2, Damage 1, Escape 3" (what everyone can read off a zombie in play)."""
        life, damage, escape, armor, horde, noise = zombie_stats(self.config, zombie)
        parts = [f"Life {life}", f"Damage {damage}", f"Escape {escape:+d}"]
        if armor:
            parts.append(f"Armor {armor}")
        if horde:
            parts.append("a Headshot counts as one hit")
        if noise:
            parts.append(f"{count(noise, 'Noise', 'Noise')} per round")
        return ", ".join(parts)
