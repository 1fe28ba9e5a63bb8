"""A Quarantine Z world drawn among those one seat cannot tell from the true one.

Search bots (``zombie_rules.search``) sample such worlds, one per iteration, so the
sample must depend on the seat's knowledge and the caller's ``rng`` alone: two
true states the seat cannot tell apart give the same world for the same seed.

The re-deal itself is the leak checks' ``hidden_variant`` (``redeal.py``), which
keeps what the rules let a seat infer (the claimed card, the ammunition of a
face-up Shoot). It reads its input in the order the cards truly lie, so it is fed
a canonical stand-in for the true state: the same state with every card the seat
has not seen dealt again in a fixed way from the sorted pool of such cards, and
every face-down commitment of another seat set to one value. Every state the
seat cannot tell from the true one has the same stand-in, and the stand-in is
one of them (its view is checked), but for who else has seen the cards the seat
has not (see :func:`determinize`), so re-dealing it is re-dealing the truth.
"""

from __future__ import annotations

import functools
import random

import attrs

from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.core.seats import seat_bit
from zombie_rules.quarantine_z._base import can_shoot, replace, replace_combat
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.knowledge import card_code, claimed_card, item_of, seen_by
from zombie_rules.quarantine_z.redeal import hidden_variant
from zombie_rules.quarantine_z.state import Commit, State
from zombie_rules.quarantine_z.steps import Claim
from zombie_rules.quarantine_z.views import view

#: Fixed re-orderings of the pools tried for a stand-in before falling back on the truth.
_TRIES = 32


def determinize(state: State, seat: int | None, rng: random.Random) -> State:
    """A full state consistent with what ``seat`` knows, the cards it has not seen dealt again.

    ``seat=None`` is a spectator, who knows only what is face up. Re-dealt: the
    Supply and Munition cards the seat has not seen, within their deck (their
    backs show which), over the hands, the cards lying at locations, the cards out
    of the game face down and the deck; for any seat but the Zombie Player, the
    Zombie cards of the Zombie Player's hand and deck, of the face-down zombies
    and of the cards it put out face down; and the face-down Action cards of the
    other seats, before the reveal.

    Distribution: every arrangement of each deck's unseen physical cards (copies
    told apart) over those places equally likely, which is the chance posterior
    given the seat's present view, but for two things the rules let it infer.
    One ammunition card of each face-up Shoot stays in the shooter's hand, so a
    world is weighed in proportion to the cards of that ammunition the shooter
    holds in it. A pending claim of a card the seat has not seen must still take
    a card the seat has not seen: a world that breaks it is drawn again, up to 20
    times, and then the claimed card stays where the stand-in has it. Each
    face-down commitment is drawn uniformly among the Action cards its seat could
    lay there: a commitment is a choice, not chance, and no player is modelled.

    Who else has seen a card the seat has not is not always known to the seat
    (Seat 2 gives Seat 1 "a Supply card" from a hand of which Seat 1 had seen
    one), so in the world such a card is known only to those the seat is sure of:
    the Survivor holding it, and the claimant of a pending claim. Other seats
    forget, in the world, the unseen cards they had seen elsewhere (a card one of
    them put down at a location, say), which may take a claim of a seen card
    from their choices there. If no canonical stand-in passes its check (never
    seen in tests), the truth itself is re-dealt, and the world may then depend
    on where its cards lie.
    """
    return hidden_variant(_stand_in(state, seat), seat, rng)


@functools.lru_cache(maxsize=256)
def _stand_in(state: State, seat: int | None) -> State:
    """The canonical state ``seat`` cannot tell from ``state`` (cached: a search samples often)."""
    seen = view(state, seat)
    for attempt in range(_TRIES):
        world = _deal(state, seat, None if attempt == 0 else random.Random(attempt))
        if view(world, seat) == seen and _shots_kept(state, world):
            return world
    return state


def _shots_kept(state: State, world: State) -> bool:
    """Every Survivor with a face-up Shoot can still shoot in ``world`` as in ``state``."""
    combat = state.combat
    if combat is None or not combat.revealed:
        return True
    return all(
        can_shoot(world, s) == can_shoot(state, s)
        for s, commit in enumerate(combat.commits)
        if commit == Commit.SHOOT
    )


def _deal(state: State, seat: int | None, order: random.Random | None) -> State:
    """``state`` with the cards ``seat`` has not seen dealt from their sorted pools.

    The pools are sorted, then put in the fixed order ``order`` gives (none: kept
    sorted), and dealt to the unseen places in place order, each card marked seen
    by those the seat knows have seen it (:func:`_known_knowers`), so nothing of
    the true deal is read but what the seat knows.
    """
    config = state.config
    items = config.items
    places: list[tuple[int, ...]] = [s.hand for s in state.survivors]
    places += [loc.cards for loc in state.area]
    places.append(state.lost)
    n = len(state.survivors)
    claimed = claimed_card(state)
    claim = state.step if isinstance(state.step, Claim) else None
    claim_key = claimed_at = None
    if claimed is not None and claim is not None and not seen_by(config, claimed, seat):
        claim_key = (n + state.here, seat_bit(claim.claimant))
        claimed_at = (n + state.here, places[n + state.here].index(claimed))
    decks = {Deck.SUPPLY: state.supply_deck, Deck.MUNITION: state.munition_deck}
    kept: list[list[int]] = [[] for _ in places]
    dealt_decks: dict[Deck, tuple[int, ...]] = {}
    new_step = state.step
    for deck, counts in decks.items():
        slots: list[tuple[int, int]] = []
        pool = expand(counts)
        for p, cards in enumerate(places):
            for k, c in enumerate(cards):
                if seen_by(config, c, seat):
                    if items[item_of(c)].deck is deck:
                        kept[p].append(c)
                elif items[item_of(c)].deck is deck:
                    slots.append((p, _known_knowers(p, n, (p, k) == claimed_at, state)))
                    pool.append(item_of(c))
        pool.sort()
        if order is not None:
            order.shuffle(pool)
        slots.sort()
        for (p, mask), item in zip(slots, pool, strict=False):
            kept[p].append(card_code(item, mask))
            if (p, mask) == claim_key and claim is not None:
                new_step = Claim(claim.claimant, item, claim.use, claim.objectors)
                claim_key = None
        dealt_decks[deck] = from_kinds(pool[len(slots) :], len(items))
    hands = [tuple(sorted(cards)) for cards in kept]
    survivors = tuple(attrs.evolve(s, hand=hands[i]) for i, s in enumerate(state.survivors))
    area = [attrs.evolve(loc, cards=hands[n + i]) for i, loc in enumerate(state.area)]
    world = replace(
        state,
        survivors=survivors,
        lost=hands[-1],
        step=new_step,
        supply_deck=dealt_decks[Deck.SUPPLY],
        munition_deck=dealt_decks[Deck.MUNITION],
        area=tuple(area),
    )
    if seat != config.zombie_seat:
        world = _deal_zombie_cards(world, order)
    return _set_commits(world, seat)


def _known_knowers(place: int, survivors: int, is_claimed: bool, state: State) -> int:
    """Who a seat can be sure has seen a card it has not: the holder, and the claimant.

    Who else has seen an unseen card is not always known: when Seat 2 gives Seat 1
    "a Supply card" from a hand of which Seat 1 had seen one, a third seat cannot
    tell whether Seat 1 has now seen one or both of the cards left. The stand-in
    keeps only what is sure: a Survivor knows every card in its hand, and a
    claimant has seen the card its claim takes.
    """
    if place < survivors:
        return seat_bit(place)
    claim = state.step
    return seat_bit(claim.claimant) if is_claimed and isinstance(claim, Claim) else 0


def _deal_zombie_cards(state: State, order: random.Random | None) -> State:
    """The Zombie cards only the Zombie Player has seen, dealt from their sorted pool."""
    nz = len(state.config.zombie_cards)
    pool = expand(state.zombie_deck) + list(state.zombie_hand) + expand(state.zombie_hidden)
    for loc in state.area:
        pool += [z.card for z in loc.zombies if not z.face_up]
    pool.sort()
    if order is not None:
        order.shuffle(pool)
    pool.reverse()  # dealt by pop() from the front of the fixed order
    hand = tuple(sorted(pool.pop() for _ in state.zombie_hand))
    hidden = from_kinds([pool.pop() for _ in range(sum(state.zombie_hidden))], nz)
    area = tuple(
        attrs.evolve(
            loc,
            zombies=tuple(
                z if z.face_up else attrs.evolve(z, card=pool.pop()) for z in loc.zombies
            ),
        )
        for loc in state.area
    )
    return replace(
        state, area=area, zombie_hand=hand, zombie_hidden=hidden, zombie_deck=from_kinds(pool, nz)
    )


def _set_commits(state: State, seat: int | None) -> State:
    """Every face-down Action card of another seat set to Fight (the re-deal draws them anew)."""
    combat = state.combat
    if combat is None or combat.revealed:
        return state
    commits = tuple(
        Commit.FIGHT if v is not None and s != seat else v for s, v in enumerate(combat.commits)
    )
    return replace(state, combat=replace_combat(combat, commits=commits))
