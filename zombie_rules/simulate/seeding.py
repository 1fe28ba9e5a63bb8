"""Each game's seed, from the batch's root seed and the game's deal number alone.

A seed must not depend on which worker plays a game, in which chunk or order, or
on the Python process (``hash`` of a string changes with ``PYTHONHASHSEED``), so it
is the first 8 bytes of a SHA-256 of the two numbers. Changing :data:`DOMAIN`
changes every seed of every batch: it is part of what makes a published table
reproducible.
"""

from __future__ import annotations

import hashlib

#: Mixed into every hash so that these seeds share nothing with other uses of SHA-256.
DOMAIN = b"zombie_rules.simulate/1"


def game_seed(root: int, deal: int) -> int:
    """The ``play_out`` seed of deal number ``deal`` (0, 1, ...) of a batch seeded ``root``.

    Both numbers are hashed as decimal text, so any int works, negative or huge.
    """
    digest = hashlib.sha256(b"%s:%d:%d" % (DOMAIN, root, deal)).digest()
    return int.from_bytes(digest[:8], "big")
