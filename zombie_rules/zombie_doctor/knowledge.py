"""What a seat remembers of the other hands: cards it knows to be there (Ruling 30).

A hand is hidden, but not always wholly: an X-Ray shows its user the target's
hand ("The opponent must reveal them only to you"), the target sees which card
the user took, a card shown going under the deck is seen by everyone when a
player later takes it from the top, and a card put under unseen is known to the
one who put it there when a player takes it. Each such fact is a *lower bound*:
the cards a knower knows to be in a holder's hand, a multiset of card kinds that
the true hand always contains (``checks.check_state`` insists on it,
``determinize`` relies on it). The hand may hold more: cards the knower has not
seen.

``State.known`` is ``()`` while nobody knows of any card in another hand (the
deal, and much of a game), else one :data:`Row` per holder: ``(shared, own)``.
``shared`` is a sorted tuple of the card kinds everyone knows that hand holds
(all a spectator knows); ``own`` lists ``(knower, extra)`` by knower: what that
seat knows of the hand *besides* ``shared``. A seat is listed once it has seen
something of the hand that not everyone saw (it X-Rayed it, was X-Rayed by it,
was shown it by a custom card, or put under the deck unseen, or looked at on top of
it, a card the holder later drew; a seat listed for an X-Ray's target is listed for
its user too), until the hand goes under the deck,
and ``extra`` may be empty. So whether a seat is listed is public (every seat
saw the X-Ray, or the draw), while what it knows is not: ``determinize`` keeps
the listing and draws the rest.
Keeping the shared part once per hand makes the frequent public updates (a card
used face up, a shown card taken from the top of the deck) touch one tuple.
Equal knowledge is an equal value, so states stay comparable and hashable.

A custom card may show a whole hand: to the table (:func:`shown_to_table`, the
shared part becomes the hand) or to its user (:func:`shown_to`). The updates below
are the only ones the rules make. Each keeps every bound sound,
and as tight as a plain rule can: a card seen leaving the hand drops one copy of
its kind (the one played may be the one known, or another); a card lost unseen
could be any of the known ones, so one copy of each known kind is dropped; a
hand that goes under the deck is forgotten; a card a knower sees arrive is added.
"""

from __future__ import annotations

import functools
from bisect import insort
from collections import Counter
from collections.abc import Iterable
from itertools import pairwise
from typing import Final, cast

#: The knower that stands for the whole table: what everyone saw, and a spectator knows.
TABLE: Final = -1

Cards = tuple[int, ...]
#: A seat listed for a hand, and what it knows there besides the shared part.
Listing = tuple[int, Cards]
#: The seats listed for a hand, in seat order.
Listings = tuple[Listing, ...]
#: One hand: (what everyone knows is in it, ((seat, what it knows besides), ...)).
Row = tuple[Cards, Listings]
#: ``()``, or one row per seat.
Known = tuple[Row, ...]

NO_CARDS: Final[Cards] = ()
#: The row of a hand nobody knows anything of.
UNKNOWN_HAND: Final[Row] = ((), ())
#: Nobody knows anything of another hand.
NOTHING_KNOWN: Final[Known] = ()


def known_to(known: Known, knower: int, holder: int) -> Cards:
    """The card kinds ``knower`` (a seat or ``TABLE``) knows ``holder`` holds, sorted."""
    if not known:
        return NO_CARDS
    shared, own = known[holder]
    for who, extra in own:
        if who == knower:
            return _merged(shared, extra)
    return shared


def _merged(a: Cards, b: Cards) -> Cards:
    return tuple(sorted(a + b)) if a and b else a or b


def _one_fewer_of_each(kinds: Cards) -> Cards:
    """A sorted multiset less one copy of each kind: the copies after the first of a run."""
    n = len(kinds)
    if n < 2:
        return NO_CARDS
    if n == 3:  # the usual hand, counted without a loop: X-Rays ask two or three times
        a, b, c = kinds
        if a != b:
            return (c,) if b == c else NO_CARDS
        return kinds[1:] if b == c else (a,)
    return tuple([b for a, b in pairwise(kinds) if a == b])


def _with_row(known: Known, holder: int, row: Row, players: int) -> Known:
    """``known`` with ``holder``'s row replaced, back to ``()`` once no row holds anything."""
    if not known:
        if row == UNKNOWN_HAND:
            return known
        known = (UNKNOWN_HAND,) * players
    out = _replaced(known, holder, row)
    if row == UNKNOWN_HAND and all(r == UNKNOWN_HAND for r in out):
        return NOTHING_KNOWN
    return out


def _replaced(known: Known, holder: int, row: Row) -> Known:
    """``known`` with ``holder``'s row replaced.

    Through a list: in CPython 3.11 about half the cost of ``(*known[:holder], row,
    *known[holder + 1 :])``, and every card used or taken late in a game comes here.
    """
    rows = list(known)
    rows[holder] = row
    return tuple(rows)


def _with_rows(known: Known, a: int, row_a: Row, b: int, row_b: Row, players: int) -> Known:
    """``known`` with the rows of seats ``a`` and ``b`` (two seats) replaced, built once.

    For an X-Ray, after which both rows list a knower, so neither is ``UNKNOWN_HAND``
    and ``known`` cannot fall back to ``()``.
    """
    rows = list(known) if known else [UNKNOWN_HAND] * players
    rows[a] = row_a
    rows[b] = row_b
    return tuple(rows)


def seen_played(known: Known, holder: int, kind: int) -> Known:
    """``holder`` uses a card of ``kind`` face up: every knower knows one fewer of it there.

    If everyone knew of one, the shared part loses it (and so every knower);
    else only the seats whose own memory held one lose it. Once per card used,
    so the helpers are written out.
    """
    if not known:
        return known
    shared, own = known[holder]
    if kind in shared:
        fewer_shared = list(shared)
        fewer_shared.remove(kind)
        shared = tuple(fewer_shared)
        if not shared and not own:
            return _with_row(known, holder, UNKNOWN_HAND, len(known))
    else:
        fewer = []
        lost = False
        for who, extra in own:
            if kind in extra:
                i = extra.index(kind)
                extra = extra[:i] + extra[i + 1 :]
                lost = True
            fewer.append((who, extra))
        if not lost:
            return known  # nobody knew of one
        own = tuple(fewer)
    rows = list(known)  # ``_replaced``, written out
    rows[holder] = (shared, own)
    return tuple(rows)


def lost_unseen(known: Known, holder: int) -> Known:
    """``holder`` loses one card that the knowers do not see (returned under the deck unseen).

    It may have been a copy of any kind a knower knew of, so one copy of each is
    no longer certain: the tightest bound that holds whichever card it was.
    """
    if not known or known[holder] == UNKNOWN_HAND:
        return known
    shared, own = known[holder]
    after = _one_fewer_of_each(shared)
    mine = tuple([(who, _lost_from_extra(extra, shared)) for who, extra in own])
    return _with_row(known, holder, (after, mine), len(known))


def _lost_from_extra(extra: Cards, shared: Cards) -> Cards:
    """What a knower knows besides ``shared`` once the hand lost one card it did not see.

    Its whole memory (``shared`` plus ``extra``) loses one copy of each kind and the
    shared part becomes ``_one_fewer_of_each(shared)``; what is left besides is
    ``extra`` less one copy of each kind that ``shared`` does not hold (a kind
    ``shared`` holds lost its copy there). Counted directly, without merging.
    """
    out = []
    last = -1
    for kind in extra:
        if kind != last:
            last = kind
            if kind not in shared:
                continue
        out.append(kind)
    return tuple(out)


def forget_hand(known: Known, holder: int) -> Known:
    """``holder``'s whole hand goes under the deck unseen: nothing is known of it any more."""
    if not known or known[holder] == UNKNOWN_HAND:
        return known
    return _with_row(known, holder, UNKNOWN_HAND, len(known))


def seen_taken(known: Known, holder: int, kind: int, players: int) -> Known:
    """``holder`` takes from the top of the deck a card of ``kind`` that everyone saw go under."""
    if not known:
        known = (UNKNOWN_HAND,) * players
    rows = list(known)  # ``_replaced`` and ``_one_more``, written out
    shared, own = rows[holder]
    more = list(shared)
    insort(more, kind)
    rows[holder] = (tuple(more), own)
    return tuple(rows)


def told_taken(known: Known, holder: int, kind: int, knower: int, players: int) -> Known:
    """``holder`` takes from the top a card of ``kind`` that only ``knower`` saw go under."""
    shared, own = known[holder] if known else UNKNOWN_HAND
    mine = dict(own)
    mine[knower] = _one_more(mine.get(knower, NO_CARDS), kind)
    return _with_row(known, holder, (shared, tuple(sorted(mine.items()))), players)


def xray_taken(
    known: Known, user: int, target: int, kind: int, hand_before: Cards, players: int
) -> Known:
    """``user`` takes a card of ``kind`` out of ``target``'s X-Rayed hand ``hand_before``.

    "Look at all of an opponent's cards and take one": the user now knows the
    rest of that hand exactly, and the target, who sees which card goes, knows it
    is in the user's hand. Every other knower (the table too) is told only that a
    card changed hands: for it the target lost a card unseen, and it knows where
    the card went only if it knew every card of that hand and all were of one
    kind. A seat listed for the target is listed for the user too.

    Later in a game nearly every hand is partly known to the table and to two or
    three seats, so most X-Rays take the general path. Its work on the small
    multisets is looked up (:func:`_table_loses_one`, :func:`_knower_loses_one`,
    :func:`_one_more`, :func:`_set_aside`), and both listings are rebuilt in seat
    order without sorting: what is left is one walk over the target's few listed
    seats, whatever they remember.
    """
    if known:
        rows = list(known)
        target_shared, target_own = rows[target]
        user_shared, user_own = rows[user]
    else:
        rows = [UNKNOWN_HAND] * players
        (target_shared, target_own), (user_shared, user_own) = UNKNOWN_HAND, UNKNOWN_HAND
    i = hand_before.index(kind)
    rest = hand_before[:i] + hand_before[i + 1 :]
    if not (target_shared or target_own or user_own):
        # Nobody knew anything of the target's hand, nor remembers the user's: the first
        # X-Ray of a hand. Both rows now list a knower, so ``known`` cannot fall back to ().
        rows[user] = (user_shared, ((target, (kind,)),))
        rows[target] = ((), ((user, rest),))
        return tuple(rows)
    size = len(hand_before)
    everyone = False
    target_after = NO_CARDS
    if target_shared:
        target_after, everyone = _table_loses_one(target_shared, size)
        if target_after:
            rest = _set_aside(rest, target_after)
    # What everyone learns goes to the shared part; what only one seat learns, to its own.
    # The user's listing starts as it was (a seat listed for the user alone learns what
    # everyone does) and gains the target and every seat listed for the target. It is
    # kept by seat, each pair as it was until it changes, so the seats stay in order
    # without being sorted again; the user's own place stays empty (nobody is listed
    # for their own hand).
    listed: list[Listing | None] = [None] * players
    for pair in user_own:
        listed[pair[0]] = pair
    known_target = listed[target]
    if everyone:
        if known_target is None:
            listed[target] = (target, NO_CARDS)
        user_shared = _one_more(user_shared, kind)
    else:
        mine = known_target[1] if known_target else NO_CARDS
        listed[target] = (target, _one_more(mine, kind))
    # The target's listing: the user's place now holds what it saw left, in seat order.
    on_target: list[Listing] = []
    left: Cards | None = rest
    for pair in target_own:
        who = pair[0]
        if who == user:
            continue
        if left is not None and who > user:
            on_target.append((user, left))
            left = None
        if pair[1]:
            lost, whole = _knower_loses_one(target_shared, pair[1], size)
            on_target.append((who, lost))
            if whole and not everyone:
                known_who = listed[who]
                mine = known_who[1] if known_who else NO_CARDS
                listed[who] = (who, _one_more(mine, kind))
                continue
        else:
            # It knew nothing besides the shared part, and still knows only what the table does.
            on_target.append(pair)
        if listed[who] is None:
            listed[who] = (who, NO_CARDS)
    if left is not None:
        on_target.append((user, left))
    # The user's own place is always empty, the others seldom: only then is a
    # comprehension (a frame of its own in CPython 3.11) worth its cost.
    listed.remove(None)
    if None in listed:
        listed = [pair for pair in listed if pair is not None]
    rows[user] = (user_shared, cast(Listings, tuple(listed)))
    rows[target] = (target_after, tuple(on_target))
    return tuple(rows)


# The small multisets' sums are looked up: a hand holds a few cards of a few kinds, so
# the distinct questions are few (a few hundred in a table's games), and a lookup costs
# less than the sorting and counting it stands for. Each cache is bounded (an unusual
# table's many kinds or large hands evict, never grow), and every answer is a pure
# function of its arguments, the same for every seat and game: nothing leaks.


@functools.lru_cache(maxsize=4096)
def _table_loses_one(shared: Cards, size: int) -> tuple[Cards, bool]:
    """What everyone knows of a hand of ``size`` cards once it loses one they did not see.

    ``shared`` less one copy of each kind, and whether ``shared`` was the whole hand,
    all of one kind (then everyone knows which kind went).
    """
    return _one_fewer_of_each(shared), len(shared) == size and shared[0] == shared[-1]


@functools.lru_cache(maxsize=4096)
def _knower_loses_one(shared: Cards, extra: Cards, size: int) -> tuple[Cards, bool]:
    """A knower's ``extra`` (besides ``shared``) once the hand lost a card it did not see.

    Its whole memory, ``shared`` plus ``extra``, loses one copy of each kind, and what
    is left besides the shared part (``_table_loses_one``) is its new extra; also
    whether its memory was the whole hand of ``size`` cards, all of one kind (then it
    knows which kind went).
    """
    saw = _merged(shared, extra)
    lost = _one_fewer_of_each(saw)
    after = _one_fewer_of_each(shared)
    if lost and after:
        lost = _set_aside(lost, after)
    return lost, len(saw) == size and saw[0] == saw[-1]


@functools.lru_cache(maxsize=4096)
def _one_more(kinds: Cards, kind: int) -> Cards:
    """The sorted multiset ``kinds`` with one more card of ``kind``."""
    more = list(kinds)
    insort(more, kind)
    return tuple(more)


@functools.lru_cache(maxsize=4096)
def _set_aside(kinds: Cards, shared: Cards) -> Cards:
    """The sorted multiset ``kinds`` less ``shared``, which it holds."""
    return tuple(without(kinds, shared))


def _listed(memories: dict[int, Cards]) -> tuple[tuple[int, Cards], ...]:
    return tuple(sorted(memories.items()))


def contains(hand: Iterable[int], kinds: Iterable[int]) -> bool:
    """Whether ``hand`` holds every card of ``kinds`` (as multisets)."""
    return not Counter(kinds) - Counter(hand)


def without(hand: Iterable[int], kinds: Iterable[int]) -> list[int]:
    """The cards of ``hand`` left once ``kinds``, which it holds, are set aside.

    Raises ``ValueError`` if ``hand`` does not hold them all.
    """
    rest = list(hand)
    for kind in kinds:
        rest.remove(kind)
    return rest


def shown_to_table(known: Known, holder: int, hand: Cards, players: int) -> Known:
    """``holder`` shows its whole ``hand`` to the table: everyone knows all of it.

    The shared part becomes the hand itself; the seats listed stay listed (that
    they remember the hand is still public) with nothing besides it to know.
    """
    _, own = known[holder] if known else UNKNOWN_HAND
    row = (hand, tuple([(who, NO_CARDS) for who, _ in own]))
    return _with_row(known, holder, row, players)


def shown_to(known: Known, holder: int, knower: int, hand: Cards, players: int) -> Known:
    """``holder`` shows its whole ``hand`` to ``knower`` alone; the others see only that it did.

    ``knower`` is listed for the hand from now on (which is public), and knows the
    cards besides the shared ones.
    """
    shared, own = known[holder] if known else UNKNOWN_HAND
    mine = dict(own)
    mine[knower] = tuple(without(hand, shared))
    return _with_row(known, holder, (shared, _listed(mine)), players)
