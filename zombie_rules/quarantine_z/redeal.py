"""Hidden re-deals for the leak checks: another state one seat cannot tell from this one.

Everything the seat has not seen is dealt again at random among the places it
cannot see into, and the seat's view must not change (``testing.check_views``). The
re-deal keeps what the seat may infer from the rules, not only what it sees: the
card a Survivor claims stays the one the claim takes, and a Survivor whose Shoot is
face up still holds ammunition for it.
"""

from __future__ import annotations

import random

import attrs

from zombie_rules.core.piles import expand, from_kinds
from zombie_rules.quarantine_z._base import best_gun, can_shoot, replace, replace_combat
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.knowledge import claimed_card, item_of, seen_by, with_item
from zombie_rules.quarantine_z.state import Commit, Location, State
from zombie_rules.quarantine_z.steps import Claim

#: Shuffles tried before a re-deal keeps the claim's cards where they are.
_ATTEMPTS = 20


def hidden_variant(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal every card ``seat`` has not seen among the places it cannot see.

    Supply and Munition cards are re-dealt within their deck (their backs show
    which), Zombie cards among the Zombie Player's hand, deck, face-down zombies
    and face-down discards (unless ``seat`` is the Zombie Player, who sees all but
    the deck), and unrevealed commitments of other seats are chosen again.
    """
    for _ in range(_ATTEMPTS):
        variant = _redeal(state, seat, rng, keep_claim=False)
        if _plausible(state, variant, seat):
            return variant
    return _redeal(state, seat, rng, keep_claim=True)


def _redeal(state: State, seat: int | None, rng: random.Random, *, keep_claim: bool) -> State:
    config = state.config
    claimed = claimed_card(state)
    claim = state.step if isinstance(state.step, Claim) else None
    claimant = claim.claimant if claim is not None else -1

    pinned = _loaded_shots(state)

    def redealt(place: int, k: int, card: int) -> bool:
        """Whether this card is dealt again: unseen by ``seat`` and not pinned."""
        if seen_by(config, card, seat) or (place, k) in pinned:
            return False
        at_claim = place == claim_place
        return not (keep_claim and at_claim and seen_by(config, card, claimant))

    places: list[tuple[int, ...]] = [s.hand for s in state.survivors]
    places += [loc.cards for loc in state.area]
    places.append(state.lost)
    claim_place = len(state.survivors) + state.here if claimed is not None else -1
    flags = [[redealt(p, k, c) for k, c in enumerate(cards)] for p, cards in enumerate(places)]
    pools: dict[Deck, list[int]] = {
        Deck.SUPPLY: expand(state.supply_deck),
        Deck.MUNITION: expand(state.munition_deck),
    }
    for cards, again in zip(places, flags, strict=True):
        for c, redeal in zip(cards, again, strict=True):
            if redeal:
                pools[_deck(config, c)].append(item_of(c))
    for pool in pools.values():
        rng.shuffle(pool)

    new_step, found = state.step, False
    dealt: list[tuple[int, ...]] = []
    for p, (cards, again) in enumerate(zip(places, flags, strict=True)):
        out = []
        for c, redeal in zip(cards, again, strict=True):
            new = with_item(c, pools[_deck(config, c)].pop()) if redeal else c
            if p == claim_place and c == claimed and not found and claim is not None:
                new_step = Claim(claimant, item_of(new), claim.use, claim.objectors)
                found = True
            out.append(new)
        dealt.append(tuple(sorted(out)))
    n = len(state.survivors)
    survivors = tuple(attrs.evolve(s, hand=dealt[i]) for i, s in enumerate(state.survivors))
    area = [attrs.evolve(loc, cards=dealt[n + i]) for i, loc in enumerate(state.area)]
    n_items = len(config.items)
    variant = replace(
        state,
        survivors=survivors,
        lost=dealt[-1],
        step=new_step,
        supply_deck=from_kinds(pools[Deck.SUPPLY], n_items),
        munition_deck=from_kinds(pools[Deck.MUNITION], n_items),
    )
    if seat != config.zombie_seat:
        variant = _redeal_zombie_cards(variant, area, rng)
    else:
        variant = replace(variant, area=tuple(area))
    return _recommit(variant, seat, rng)


def _deck(config: Config, card: int) -> Deck:
    return config.items[item_of(card)].deck


def _loaded_shots(state: State) -> frozenset[tuple[int, int]]:
    """(seat, hand index) of one ammunition card per face-up Shoot still to resolve.

    Everyone saw the Shoot card turned up, and a Shoot needs an equipped firearm and
    its ammunition in hand: the card it will spend stays where it is.
    """
    combat = state.combat
    if combat is None or not combat.revealed:
        return frozenset()
    ammo_of = tables(state.config).ammo_of
    pinned = set()
    for s, commit in enumerate(combat.commits):
        if commit != Commit.SHOOT or not can_shoot(state, s):
            continue
        ammo = ammo_of[best_gun(state.config, state.survivors[s])]
        hand = state.survivors[s].hand
        pinned.add((s, next(k for k, c in enumerate(hand) if item_of(c) == ammo)))
    return frozenset(pinned)


def _redeal_zombie_cards(state: State, area: list[Location], rng: random.Random) -> State:
    """The Zombie cards nobody but the Zombie Player has seen, dealt again."""
    nz = len(state.config.zombie_cards)
    pool = expand(state.zombie_deck) + list(state.zombie_hand) + expand(state.zombie_hidden)
    for loc in area:
        pool += [z.card for z in loc.zombies if not z.face_up]
    rng.shuffle(pool)
    hand = tuple(sorted(pool.pop() for _ in state.zombie_hand))
    hidden = from_kinds([pool.pop() for _ in range(sum(state.zombie_hidden))], nz)
    for i, loc in enumerate(area):
        zombies = tuple(z if z.face_up else attrs.evolve(z, card=pool.pop()) for z in loc.zombies)
        area[i] = attrs.evolve(loc, zombies=zombies)
    return replace(
        state,
        area=tuple(area),
        zombie_hand=hand,
        zombie_hidden=hidden,
        zombie_deck=from_kinds(pool, nz),
    )


def _recommit(state: State, seat: int | None, rng: random.Random) -> State:
    """Other seats' face-down Action cards, chosen again among what each could lay."""
    combat = state.combat
    if combat is None or combat.revealed:
        return state
    commits = list(combat.commits)
    for s, v in enumerate(commits):
        if v is not None and s != seat:
            options = [Commit.FIGHT, Commit.ESCAPE, Commit.PASS]
            if can_shoot(state, s):
                options.append(Commit.SHOOT)
            commits[s] = rng.choice(options)
    return replace(state, combat=replace_combat(combat, commits=tuple(commits)))


def _plausible(state: State, variant: State, seat: int | None) -> bool:
    """Whether the claim of ``variant`` still takes a card ``seat`` has not seen.

    A claim names an item and takes the first copy of it the claimant has seen, so
    a re-deal that turns a card the seat has seen into that first copy would let
    the view name the claim when the original did not.
    """
    original = claimed_card(state)
    if original is None or seen_by(state.config, original, seat):
        return True
    card = claimed_card(variant)
    return card is not None and not seen_by(state.config, card, seat)
