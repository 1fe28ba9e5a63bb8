"""A Texas Zombies world drawn among those one seat cannot tell from the true one.

Search bots (``zombie_rules.search``) sample such worlds, one per iteration, so the
sample must depend on the seat's knowledge and the caller's ``rng`` alone: two
true states the seat cannot tell apart give the same world for the same seed.
Every pool of cards to re-deal is therefore built in sorted order before the
shuffle, and the two possible team splits are listed in a fixed order.
"""

from __future__ import annotations

import random

from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.texas_zombies.cards import TEAMS, Team
from zombie_rules.texas_zombies.config import tables
from zombie_rules.texas_zombies.state import Phase, State


def determinize(state: State, seat: int | None, rng: random.Random) -> State:
    """A full state consistent with what ``seat`` knows: others' Objects, teams and votes anew.

    ``seat=None`` is a spectator, who holds no hand and no team. Re-dealt: the
    Objects of every other hand and of the draw pile (all unseen, all from the one
    shuffled deck); the Team cards of the other seats and those not yet dealt,
    and (teams of different sizes, split not public) which team is the bigger; the
    secret votes other seats have cast but not yet shown. The unseen Events are
    a pool of counts with no order in the state, so nothing of theirs moves.

    Distribution: the exact chance posterior given what the seat has seen. The
    Objects, every arrangement of the physical cards (copies told apart) over the
    other hands and the pile equally likely. The split, in proportion to the
    Team cards of the seat's own team it holds (a 2-1 split for Beta is twice as
    likely as a 1-2 split when the seat is Beta); then every arrangement of the
    other Team cards equally likely. No rule makes a move legal or not by a hidden
    card, so the moves seen tell nothing more under the rules. Each vote cast
    unseen is Yes or No with probability 1/2: a vote is a choice, not chance, and
    this models no voter (nor what a teller's choices suggest about its team).
    """
    n = state.config.players
    others = [s for s in range(n) if s != seat]
    # Objects: the draw pile and every other hand, all from the shuffled deck.
    pool = expand(state.object_pile)
    for s in others:
        pool += state.hands[s]
    pool.sort()  # the unseen Objects as the seat knows them: a multiset, not the deal
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(state.hands[s])
        hands[s], pool = tuple(sorted(pool[:size])), pool[size:]
    object_pile = from_kinds(pool, len(state.object_pile))
    teams, deck, box = _redeal_teams(state, seat, rng)
    votes = tuple(
        v if v is None or s == seat else rng.random() < 0.5 for s, v in enumerate(state.votes)
    )
    st = state
    return State(
        st.config, st.phase, st.turn, st.event_pool, st.events_left, st.top_back,
        st.current_event, st.required, tuple(hands), object_pile, st.object_discard, deck, box,
        teams, st.told, st.story, votes, st.to_draw, st.won, st.event_discard, st.history,
    )  # fmt: skip


def _redeal_teams(
    state: State, seat: int | None, rng: random.Random
) -> tuple[tuple[Team | None, ...], tuple[int, ...], tuple[int, ...]]:
    config = state.config
    n = config.players
    lookups = tables(config)
    dealt = [s for s, t in enumerate(state.teams) if t is not None]
    if state.phase is Phase.OVER or sum(state.team_deck) + len(dealt) != n:
        # Teams revealed, or (teams of different sizes) the Team cards are not taken out yet.
        return state.teams, state.team_deck, state.team_box
    used = tuple(state.team_deck[i] + sum(1 for t in state.teams if t is team)
                 for i, team in enumerate(TEAMS))  # fmt: skip
    # Sorted, so that which split is true does not decide which one a seed picks.
    hidden_split = not lookups.equal_teams and not config.split_public
    splits = sorted({used, (used[1], used[0])}) if hidden_split else [used]
    own = state.teams[seat] if seat is not None else None
    if own is None:
        split = rng.choice(splits)
    else:
        # P(split | own card) is in proportion to the split's cards of the own team.
        mine = TEAMS.index(own)
        split = rng.choices(splits, weights=[k[mine] for k in splits])[0]
    cards = [i for i, k in enumerate(split) for _ in range(k)]
    if own is not None:
        cards.remove(TEAMS.index(own))
    rng.shuffle(cards)
    teams = list(state.teams)
    for s in dealt:
        if s != seat or own is None:
            teams[s] = TEAMS[cards.pop()]
    deck = tuple(cards.count(i) for i in range(len(TEAMS)))
    box = tuple(lookups.team_cards - k for k in split)
    return tuple(teams), deck, box
