"""Quarantine Z's sixth round of speed-ups reads what the plain comprehensions read.

In CPython 3.11 a comprehension or a generator runs a function of its own, which
for the few seats and cards the rules look at costs more than the loop itself, so
the readers the playouts call most are plain loops now: the card readers of
``knowledge``, the living / in play / active seats, whom a zombie may bite. Each is
checked here against the comprehension it replaced, over every state of seeded
games of 3-5 players (the listings built from them are checked against plain ones
in ``test_quarantine_z_fast_paths5``; the fingerprint of seeded games covers the rest).
"""

from __future__ import annotations

from tests.quarantine_z.qz_helpers import random_states
from zombie_rules.core.seats import has_seat
from zombie_rules.quarantine_z import State
from zombie_rules.quarantine_z._base import _ACTIVE, _LIVING, active, in_play, living
from zombie_rules.quarantine_z.combat import bite_options
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.knowledge import (
    any_unseen,
    distinct_items,
    has_seen_item,
    item_of,
    known_by,
    take_shown,
)

STATES = random_states(range(8))


def _piles(state: State) -> list[tuple[int, ...]]:
    """Every run of encoded cards in ``state``: hands and the cards lying at locations."""
    return [sv.hand for sv in state.survivors] + [loc.cards for loc in state.area]


def test_card_readers_are_the_plain_comprehensions() -> None:
    seen = 0
    for state in STATES[::3]:
        seats = range(state.config.players)
        for cards in _piles(state):
            items = [item_of(c) for c in cards]
            assert distinct_items(cards) == tuple(dict.fromkeys(items))
            for s in seats:
                assert any_unseen(cards, s) == any(not known_by(c, s) for c in cards)
                for item in set(items) | {0}:
                    assert has_seen_item(cards, item, s) == any(
                        item_of(c) == item and known_by(c, s) for c in cards
                    )
            seen += bool(cards)
    assert seen > 100


def test_taking_a_single_copy_is_the_plain_take() -> None:
    """The usual case of ``take_shown``: the one card of the item leaves, nothing forgotten."""
    seen = 0
    for state in STATES[::3]:
        for cards in _piles(state):
            for item in set(map(item_of, cards)):
                copies = [i for i, c in enumerate(cards) if item_of(c) == item]
                if len(copies) != 1:
                    continue
                i = copies[0]
                assert take_shown(cards, item, 0b11) == (cards[:i] + cards[i + 1 :], cards[i])
                seen += 1
    assert seen > 100


def test_seat_readers_are_the_plain_comprehensions() -> None:
    fights = 0
    for state in STATES:
        _LIVING[0] = (None, ())  # asked afresh, not answered from the last state's records
        survivors = state.survivors
        assert living(state) == tuple(s for s, sv in enumerate(survivors) if sv.life > 0)
        assert in_play(state) == tuple(
            s
            for s in tables(state.config).survivors
            if survivors[s].life > 0 and not has_seat(state.restricted, s)
        )
        combat = state.combat
        if combat is None:
            continue
        _ACTIVE[0] = (None, 0, None, ())
        fighting = tuple(
            s
            for s in tables(state.config).survivors
            if has_seat(combat.members & ~combat.escaped, s) and survivors[s].life > 0
        )
        assert active(state) == fighting
        for i in range(len(combat.fought) + 1):
            if i < len(combat.fought):
                fighters = tuple(s for s in fighting if has_seat(combat.fought[i], s))
                assert bite_options(state, i) == (fighters or fighting)
            else:
                assert bite_options(state, i) == ()
        fights += 1
    assert fights > 50
