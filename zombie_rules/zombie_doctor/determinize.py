"""A Zombie Doctor world drawn among those one seat cannot tell from the true one.

Search bots (``zombie_rules.search``) sample such worlds, one per iteration. The
re-deal itself is the leak checks' ``checks.hidden_variant``, which pools the
unseen cards in sorted order before the shuffle, so the sample depends on the
seat's knowledge and the caller's ``rng`` alone: two true states the seat cannot
tell apart give the same world for the same seed.
"""

from __future__ import annotations

import random

from zombie_rules.zombie_doctor.checks import hidden_variant
from zombie_rules.zombie_doctor.state import State


def determinize(state: State, seat: int | None, rng: random.Random) -> State:
    """A full state consistent with what ``seat`` sees, its unseen cards dealt again.

    ``seat=None`` is a spectator, who sees no hand. Re-dealt, all from the one
    shuffled deck: the hands of the other seats (but the hand this seat's X-Ray
    is looking at), the unseen part of the deck, and the cards another seat put
    under the deck face down (each keeps its place in the deck's order). Bodies,
    the morgue (public, drawn as counts) and the known bottom of the deck stay.

    Distribution: every arrangement of those physical cards (copies told apart)
    over those places equally likely, which is the chance posterior given the
    seat's present view. It is not conditioned on what the seat learnt earlier
    and the state does not record: the hand an X-Ray showed it (less the cards
    seen leaving since), a known card another seat took from the bottom of the
    deck once its unseen part was used up, or that a seat which was stuck held
    no usable card then (Ruling 7). Such a world may give a seat a card everyone
    saw go elsewhere; the view, the seat's legal moves and their accounts are
    still those of the true state.
    """
    return hidden_variant(state, seat, rng)
