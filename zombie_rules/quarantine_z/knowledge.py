"""Who knows which Supply or Munition card: the one reader of the "who knows it" masks.

A card in a hand, lying at a location or out of the game face down is stored as
``item << MASK_BITS | mask`` (see :mod:`~zombie_rules.quarantine_z.state`), where the
mask holds the seats that have seen it. ``view``, ``describe`` and the hidden
re-deal of the leak checks must agree exactly on what "seen" means, so they all ask
here rather than shifting bits themselves.
"""

from __future__ import annotations

from zombie_rules.quarantine_z._base import take
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.state import MASK, MASK_BITS, State

#: What a view shows in place of a card the seat has not seen (a claimed one, say).
UNSEEN = -2


def item_of(card: int) -> int:
    """The item id of an encoded card (its place in ``Config.items``)."""
    return card >> MASK_BITS


def knowers(card: int) -> int:
    """The mask of seats that have seen an encoded card."""
    return card & MASK


def with_item(card: int, item: int) -> int:
    """``card`` turned into ``item``, known to the same seats (a re-deal keeps the mask)."""
    return item << MASK_BITS | card & MASK


def seen_by(config: Config, card: int, seat: int | None) -> bool:
    """Whether ``seat`` knows which card ``card`` is.

    A spectator (``None``) knows only what is public: a card every seat has seen,
    which only happens to equipment laid face up and kept track of since.
    """
    mask = card & MASK
    if seat is None:
        return mask == tables(config).everyone
    return bool(mask >> seat & 1)


def take_shown(cards: tuple[int, ...], item: int, learners: int) -> tuple[tuple[int, ...], int]:
    """Remove a card of ``item`` from a hand as the seats of ``learners`` learn its name.

    Cards of one name are alike to the eye: a seat that sees "a Pistol" leave a hand
    holding two, one it had seen and one it had not, cannot tell which went. So the
    card taken is the one most of ``learners`` had seen (the first such), and a
    learner that had seen another card of that name in the hand, but not the one
    taken, no longer knows which of its cards is left: it forgets that one (ruling
    27). Without this the view would still name the card it saw, and so tell the
    learner whether the card it had not seen was a Pistol too. Returns (rest, card).
    """
    best, best_known = -1, -1
    copies = [i for i, c in enumerate(cards) if c >> MASK_BITS == item]
    if len(copies) == 1:  # the usual case: nothing to choose, nothing to forget
        i = copies[0]
        return cards[:i] + cards[i + 1 :], cards[i]
    for i, c in enumerate(cards):
        if c >> MASK_BITS == item:
            known = (c & learners).bit_count()
            if known > best_known:
                best, best_known = i, known
    if best < 0:
        raise AssertionError(f"no card {item} to take")  # pragma: no cover
    card = cards[best]
    rest = cards[:best] + cards[best + 1 :]
    unsure = learners & ~card & MASK
    if unsure and any(c >> MASK_BITS == item and c & unsure for c in rest):
        rest = _forget(rest, item, unsure)
    return rest, card


def take_public(config: Config, cards: tuple[int, ...], item: int) -> tuple[tuple[int, ...], int]:
    """:func:`take_shown` for a card played face up from a hand: every seat learns it."""
    return take_shown(cards, item, tables(config).everyone)


def _forget(cards: tuple[int, ...], item: int, seats: int) -> tuple[int, ...]:
    """``cards`` with each seat of ``seats`` forgetting one card of ``item`` it had seen."""
    out = list(cards)
    for seat in seats_in(seats):
        for k, c in enumerate(out):
            if c >> MASK_BITS == item and c >> seat & 1:
                out[k] = c & ~(1 << seat)
                break
    return tuple(sorted(out))


def has_seat(mask: int, seat: int) -> bool:
    """Whether a mask of seats (``Combat.members``, ``State.passed``, ...) holds ``seat``."""
    return bool(mask >> seat & 1)


def seats_in(mask: int) -> tuple[int, ...]:
    """The seats of a mask of seats, ascending."""
    return tuple(s for s in range(mask.bit_length()) if mask >> s & 1)


def claimed_card(state: State) -> int | None:
    """The encoded card a pending claim of a seen card takes, or None (no such claim).

    The claim names only an item; the rules take the first copy of it the claimant
    has seen (``_base.take``), and whether a bystander knows the claimed card is
    a question about that copy, not about the item.
    """
    if not state.claim or state.claim[1] < 0 or state.here < 0:
        return None
    claimant, item, _ = state.claim
    cards = state.area[state.here].cards
    if not any(item_of(c) == item and seen_by(state.config, c, claimant) for c in cards):
        return None  # only in a state that check_state refuses
    return take(cards, item, claimant, known=True)[1]
