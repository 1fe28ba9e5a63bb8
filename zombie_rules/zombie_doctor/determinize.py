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
    """A full state consistent with what ``seat`` has seen and remembers, the rest dealt again.

    ``seat=None`` is a spectator, who sees no hand and remembers only what the
    whole table saw. Every card the seat knows to be in another hand stays in
    that hand (``View.known_hands``: the rest of a hand its X-Ray showed it, the
    card an X-Ray took from it, cards it saw a seat take from the top of the
    deck, less what it saw leave since; Ruling 30). The other cards it cannot
    place are pooled and dealt again, all from one shuffle: the rest of the
    other hands (not the hand its X-Ray is looking at), the unseen part of the
    deck, and the cards another seat put under the deck face down (each keeps
    its place in the deck's order). Bodies, the morgue (public, drawn as
    counts) and the known bottom of the deck stay.

    Distribution: the remembered cards fixed, every arrangement of the pooled
    physical cards (copies told apart) over the places left equally likely.
    That is the chance posterior given what the seat saw, but for what it does
    not condition on:

    - that a seat which was stuck held no usable card then (Ruling 7);
    - what a memory that is only a lower bound cannot say: when a hand the seat
      knew in part loses a card it cannot identify (returned unseen, taken by
      another seat's X-Ray), it knows "one of these is still there", yet one
      copy of each known kind is forgotten and the world may hold neither;
    - where the cards it knew in a hand lie once that hand went under the deck
      unseen (Ruling 12);
    - what other seats' choices suggest about their hands.

    What the *other* seats remember is not the seat's to know. Which seats
    remember something of which hand is public and kept; each such memory is
    drawn afresh as what everyone knows of the world's hand plus each of its
    other cards with probability 1/2 (a prior, not a posterior). So a world
    never contradicts the seat's view or what it remembers, and the seat's
    legal moves and the accounts of its moves are those of the true state.
    """
    return hidden_variant(state, seat, rng)
