"""Who knows which Supply or Munition card: the one reader of the "who knows it" masks.

A card in a hand, lying at a location or out of the game face down is one int, the
code of :data:`CARD` (a :class:`~zombie_rules.core.codes.CodeLayout`): the item id
(its place in ``Config.items``) above a mask of the seats that have seen it
(perfect memory). ``view``, ``describe``, the rules and the hidden re-deal of the
leak checks must agree exactly on what "seen" means, so they all ask here through
the named readers below; this is the only module of the title that shifts bits
(``tests/test_qz_bits.py`` keeps it so).
"""

from __future__ import annotations

from zombie_rules.core.codes import CodeLayout
from zombie_rules.core.seats import seats_in
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.state import State
from zombie_rules.quarantine_z.steps import Claim

#: Bits of an encoded item card that hold its "who knows it" mask (five seats at most).
MASK_BITS = 5
MASK = (1 << MASK_BITS) - 1
#: The item card code: ``item << MASK_BITS | knowers``.
CARD = CodeLayout(MASK_BITS)


def card_code(item: int, knowers: int = 0) -> int:
    """The code of a card of ``item`` known to the seats of the mask ``knowers``.

    No range check: the rules call this on every draw, with an item id a chance
    outcome or a hand already vouched for.
    """
    return item << MASK_BITS | knowers


def item_of(card: int) -> int:
    """The item id of an encoded card (its place in ``Config.items``)."""
    return card >> MASK_BITS


def knowers(card: int) -> int:
    """The mask of seats that have seen an encoded card."""
    return card & MASK


def known_by(card: int, seat: int) -> bool:
    """Whether ``seat`` (a seat, not a spectator: see :func:`seen_by`) has seen ``card``."""
    return bool(card >> seat & 1)


def with_item(card: int, item: int) -> int:
    """``card`` turned into ``item``, known to the same seats (a re-deal keeps the mask)."""
    return item << MASK_BITS | card & MASK


def shown_to(card: int, seats: int) -> int:
    """``card`` once the seats of the mask ``seats`` have seen it too."""
    return card | seats


def items_of(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The item ids of encoded ``cards``, in order, without the "who knows it" masks."""
    return tuple([c >> MASK_BITS for c in cards])


def distinct_items(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The item ids of ``cards``, each once, in order of first appearance.

    A plain loop (as the other readers on the hot path below): in CPython 3.11 a
    comprehension runs a function of its own, and for a hand of a few cards that
    call, with ``dict.fromkeys``, cost more than the loop's work itself.
    """
    kinds: list[int] = []
    for c in cards:
        item = c >> MASK_BITS
        if item not in kinds:
            kinds.append(item)
    return tuple(kinds)


def has_item(cards: tuple[int, ...], item: int) -> bool:
    """Whether encoded ``cards`` hold a card of ``item``."""
    for c in cards:  # noqa: SIM110 (a plain loop: asked in every free-action check)
        if c >> MASK_BITS == item:
            return True
    return False


def has_seen_item(cards: tuple[int, ...], item: int, seat: int) -> bool:
    """Whether ``cards`` hold a card of ``item`` that ``seat`` has seen."""
    for c in cards:  # noqa: SIM110 (a plain loop, as in has_item)
        if c >> MASK_BITS == item and c >> seat & 1:
            return True
    return False


def any_unseen(cards: tuple[int, ...], seat: int) -> bool:
    """Whether some card of ``cards`` is one ``seat`` has not seen."""
    for c in cards:  # noqa: SIM110 (a plain loop, as in has_item)
        if not c >> seat & 1:
            return True
    return False


def item_counts(cards: tuple[int, ...], kinds: int, unseen_by: int = -1) -> tuple[int, ...]:
    """Cards per item id (``kinds`` ids), counting only those ``unseen_by`` has not seen
    when that is a seat: the pile a blind draw from ``cards`` is a chance event over."""
    counts = [0] * kinds
    if unseen_by < 0:
        for c in cards:
            counts[c >> MASK_BITS] += 1
    else:
        for c in cards:
            if not c >> unseen_by & 1:
                counts[c >> MASK_BITS] += 1
    return tuple(counts)


def take(
    cards: tuple[int, ...], item: int, seat: int = -1, known: bool | None = None
) -> tuple[tuple[int, ...], int]:
    """Remove the first card of ``item`` (known/unknown to ``seat`` if asked); (rest, encoded)."""
    for i, c in enumerate(cards):
        if c >> MASK_BITS != item:
            continue
        if known is not None and bool(c >> seat & 1) != known:
            continue
        return cards[:i] + cards[i + 1 :], c
    raise AssertionError(f"no card {item} to take")  # pragma: no cover


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
    first, copies = -1, 0
    for i, c in enumerate(cards):
        if c >> MASK_BITS == item:
            if first < 0:
                first = i
            copies += 1
    if copies == 1:  # the usual case: nothing to choose, nothing to forget
        return cards[:first] + cards[first + 1 :], cards[first]
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


def claimed_card(state: State) -> int | None:
    """The encoded card a pending claim of a seen card takes, or None (no such claim).

    The claim names only an item; the rules take the first copy of it the claimant
    has seen (``_base.take``), and whether a bystander knows the claimed card is
    a question about that copy, not about the item.
    """
    claim = state.step
    if not isinstance(claim, Claim) or claim.item is None or state.here < 0:
        return None
    claimant, item = claim.claimant, claim.item
    cards = state.area[state.here].cards
    if not any(item_of(c) == item and seen_by(state.config, c, claimant) for c in cards):
        return None  # only in a state that check_state refuses
    return take(cards, item, claimant, known=True)[1]
