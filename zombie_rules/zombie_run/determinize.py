"""A Zombie Run! world drawn among those one seat cannot tell from the true one.

Search bots (``zombie_rules.search``) sample such worlds, one per iteration, so the
sample must depend on the seat's knowledge and the caller's ``rng`` alone: two
true states the seat cannot tell apart give the same world for the same seed.
The cards to re-deal are therefore pooled in sorted order before the shuffle, and
places are filled in seat and position order, never in the order of the true deal.
"""

from __future__ import annotations

import random

from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.core.seats import has_seat
from zombie_rules.zombie_run.config import tables
from zombie_rules.zombie_run.state import State


def determinize(state: State, seat: int | None, rng: random.Random) -> State:
    """A full state consistent with what ``seat`` knows, its unseen cards dealt again.

    ``seat=None`` is a spectator, who knows only what was face up. Unseen cards are
    interchangeable only within the pile they came from: the shuffled deck
    (unseen dealt cards, cards drawn unseen from the round's first Draw Pile, and
    that pile) or a Draw Pile reshuffled this round (the unseen places its cards
    went to, and the pile while it lasts). A reshuffled pile was seen face up, so
    its cards never trade places with cards dealt from the deck. The card just
    drawn from the Draw Pile is unseen by all but the drawer and belongs to the
    current pile's group. A special card that acted as it was drawn was shown to
    the table and lies face up on the Discard Pile, so every world keeps it there.

    Distribution: within each group, every arrangement of the group's physical
    cards (copies of a kind told apart) over its unseen places and its pile is
    equally likely, so a kind lands in a place with probability copies left /
    cards in the group. That is the exact chance posterior given everything the
    seat has seen: no rule makes a move legal or not by an unseen card's value,
    so the moves seen tell nothing more under the rules. It does not model what
    other seats' choices suggest about their cards (a bot might swap only low
    cards in); that is strategy, not rules.
    """
    config = state.config
    t = tables(config)

    def knows(mask: int) -> bool:
        # A spectator knows only what every seat knows (what was face up).
        return mask == t.everyone if seat is None else has_seat(mask, seat)

    source = {place: k for k, pile in enumerate(state.reshuffles, 1) for place in pile.placed}
    current = len(state.reshuffles)
    groups: list[list[tuple[int, int]]] = [[] for _ in range(current + 1)]
    for s, row in enumerate(state.seen):
        for p, mask in enumerate(row):
            if not knows(mask):
                groups[source.get((s, p), 0)].append((s, p))
    held_hidden = state.held is not None and not (state.held_public or seat == state.turn)
    hands = [list(hand) for hand in state.hands]
    held, draw_pile = state.held, state.draw_pile
    for k, places in enumerate(groups):
        pool = [hands[s][p] for s, p in places]
        if k == current:  # the pile now face down, and the card drawn from it
            pool += [t.values[kind] for kind in expand(state.draw_pile)]
            if held_hidden:
                assert state.held is not None
                pool.append(state.held)
        pool.sort()  # the group's cards as the seat knows them: a multiset, not the deal
        rng.shuffle(pool)
        for s, p in places:
            hands[s][p] = pool.pop()
        if k == current:
            held = pool.pop() if held_hidden else state.held
            draw_pile = from_kinds((t.index[card] for card in pool), len(t.values))
    return State(
        config, state.round, state.dealer, state.phase, state.turn,
        tuple(map(tuple, hands)), state.seen, draw_pile, state.discard_pile, held,
        state.held_public, state.peeked, state.turns_taken, state.scores, state.history,
        state.reshuffles,
    )  # fmt: skip
