"""Card codes: two small ints packed into one, written and read only through a layout.

A state keeps a card as one int when the card carries a second fact that travels with
it: which seats know it (Quarantine Z's hands), which side is up (Zombie Doctor's
bodies). One int hashes, sorts and serializes as itself, so states stay canonical and
cheap. The risk is the arithmetic: a raw ``code >> 5`` or ``code & 31`` in rule code
is where bugs hide. A :class:`CodeLayout` names the two parts once, and the rules call
its readers; a title wraps them in functions that say what the parts mean
(``item_of(code)``, ``known_by(code)``).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

#: A packed card code: ``high << low_bits | low``.
Code: TypeAlias = int


@attrs.frozen
class CodeLayout:
    """``high << low_bits | low``: the high part is the card, the low part its fact.

    ``low_bits`` bounds the low part (below ``2 ** low_bits``); :meth:`pack` refuses a
    part out of range, the readers trust codes a state holds.
    """

    low_bits: int

    @property
    def low_limit(self) -> int:
        """One more than the largest low part."""
        return 1 << self.low_bits

    def pack(self, high: int, low: int) -> Code:
        """The code of card ``high`` with fact ``low``; ``ValueError`` for parts out of range."""
        if high < 0 or not 0 <= low < 1 << self.low_bits:
            raise ValueError(f"cannot pack ({high}, {low}) in {self.low_bits} low bits")
        return high << self.low_bits | low

    def high(self, code: Code) -> int:
        """The card of ``code``."""
        return code >> self.low_bits

    def low(self, code: Code) -> int:
        """The fact of ``code``."""
        return code & ((1 << self.low_bits) - 1)

    def with_low(self, code: Code, low: int) -> Code:
        """``code`` with its fact replaced by ``low`` (no range check: a hot-path helper)."""
        return code >> self.low_bits << self.low_bits | low
