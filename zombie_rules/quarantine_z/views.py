"""What one seat may know of a Quarantine Z game, and its text rendering.

A Survivor sees its own hand and equipment, everything face up, how many cards
(and of which deck, by their backs) the others hold, every card it has seen that
is still where it saw it, and no commitment before the reveal. The Zombie Player
sees its hand, the cards it put out of the game face down and which card each
face-down zombie is; nobody sees a deck's order or contents, only its size. A
spectator sees only what every seat has seen (what lies face up, and where such a
card went since). A claim names its card only to those who have seen that card.
"""

from __future__ import annotations

import enum
import functools
from typing import TypeAlias

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.seats import has_seat, mask_of
from zombie_rules.core.validation import expect_seat
from zombie_rules.quarantine_z._base import zombie_deck_size
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.knowledge import claimed_card, item_of, seen_by
from zombie_rules.quarantine_z.rules import to_act
from zombie_rules.quarantine_z.state import (
    Commit,
    Location,
    Phase,
    State,
    Survivor,
    Target,
)
from zombie_rules.quarantine_z.steps import (
    Ambush,
    Bite,
    Claim,
    LootDraw,
    SetupDraw,
    ShelterDiscards,
    Steal,
    Turn,
    ZombieDraws,
    ZombiesStep,
)


@attrs.frozen
class ZombieView:
    """A zombie in play, known by its ``number``; ``card`` is ``None`` when it lies face
    down and is not yours to know (the Zombie Player knows every card it played)."""

    card: int | None
    face_up: bool
    mutations: tuple[int, ...]
    damage: int
    number: int


@attrs.frozen
class SurvivorView:
    """``known``: item ids of the hand this seat knows; ``hidden_*``: the rest, by deck.

    ``wear``: the damage tokens on the equipped armor (an item id per point absorbed),
    which lie face up with the cards.
    """

    life: int
    known: tuple[int, ...]
    hidden_supply: int
    hidden_munition: int
    equipment: tuple[int, ...]
    armor: int
    wear: tuple[int, ...]


@attrs.frozen
class LocationView:
    building: int
    looted: bool
    known: tuple[int, ...]
    hidden_supply: int
    hidden_munition: int
    zombies: tuple[ZombieView, ...]


@attrs.frozen
class CombatView:
    """A combat as one seat knows it.

    ``laid``: the mask of seats whose Action card lies on the table this round;
    ``commits``: per seat, the card as this seat knows it (its own, or any once they are
    turned up), ``None`` when it has none to show (no card laid, or one face down).
    ``fought`` has one entry per zombie of the combat, in the location's order.
    """

    origin: Phase
    members: int
    escaped: int
    died: int
    laid: int
    commits: tuple[Commit | None, ...]
    revealed: bool
    targets: tuple[Target | None, ...]
    queue: tuple[int, ...]
    fought: tuple[int, ...]
    noise: int
    scare: int
    hostile: bool


class ClaimedCard(enum.Enum):
    """What a view says of the card a claim takes."""

    NAMED = "named"  # ``ClaimView.item`` names it: this seat has seen the card
    UNSEEN = "unseen"  # a card the claimant has seen and this seat has not
    BLIND = "blind"  # 'claim-hidden': a face-down card the claimant has not seen either

    __hash__ = object.__hash__


@attrs.frozen
class ClaimView:
    """A pending :class:`~.steps.Claim` as one seat knows it: the item only if ``card`` is
    ``NAMED`` (``None`` otherwise)."""

    claimant: int
    card: ClaimedCard
    item: int | None
    use: bool
    objectors: int


#: The step of a view: the state's step record (see :mod:`~.steps`), all public but a
#: claim's card, which a :class:`ClaimView` names only to those who have seen it.
StepView: TypeAlias = (
    SetupDraw
    | ZombieDraws
    | Turn
    | ZombiesStep
    | LootDraw
    | ClaimView
    | Steal
    | Ambush
    | ShelterDiscards
    | Bite
    | None
)


@attrs.frozen
class View:
    """A seat's knowledge (``seat=None``: a spectator, who knows only what is face up).

    ``step`` is the phase's step record (:data:`StepView`); ``here`` and ``proposals``
    use :data:`~.state.NOWHERE` (-1) for no location; ``lost_*``: the cards out of the
    game face down (a hand lost before any arrival).
    """

    seat: int | None
    config: Config
    phase: Phase
    step: StepView
    to_act: frozenset[int]
    here: int
    area: tuple[LocationView, ...]
    survivors: tuple[SurvivorView, ...]
    building_pile_size: int
    supply_deck_size: int
    munition_deck_size: int
    zombie_deck_size: int
    zombie_hand: tuple[int, ...]
    zombie_hand_size: int
    proposals: tuple[int, ...]
    passed: int
    restricted: int
    waiting: int
    actions_used: tuple[int, ...]
    loot: tuple[int, int]
    noise: int
    fed: int
    allowance: int
    combat: CombatView | None
    used: tuple[int, ...]
    zombie_gone: tuple[int, ...]
    zombie_hidden: tuple[int, ...]
    zombie_hidden_size: int
    next_zombie: int
    lost_known: tuple[int, ...]
    lost_hidden_supply: int
    lost_hidden_munition: int


def view(state: State, seat: int | None) -> View:
    """What ``seat`` may know now; raises ``UnknownSeat`` for a seat not at the table.

    The Survivors' and the locations' parts come from caches keyed on the (shared,
    hash-cached) records themselves: one move changes one or two of them, so a
    view of the next state rebuilds only those.
    """
    config = state.config
    expect_seat(seat, config.players)
    zombie_player = seat == config.zombie_seat
    survivors = tuple([_survivor_view(config, s, seat) for s in state.survivors])
    area = tuple([_location_view(config, loc, seat, zombie_player) for loc in state.area])
    combat = None
    c = state.combat
    if c is not None:
        laid = mask_of([s for s, v in enumerate(c.commits) if v is not None])
        commits = (
            c.commits
            if c.revealed
            else tuple(v if s == seat else None for s, v in enumerate(c.commits))
        )
        combat = CombatView(
            c.origin, c.members, c.escaped, c.died, laid, commits, c.revealed, c.targets,
            c.queue, c.fought, c.noise, c.scare, c.hostile,
        )  # fmt: skip
    nz = len(config.zombie_cards)
    lost_known, lost_supply, lost_munition = _split(config, state.lost, seat)
    return View(
        seat=seat,
        config=config,
        phase=state.phase,
        step=_step_seen(state, seat),
        to_act=to_act(state),
        here=state.here,
        area=area,
        survivors=survivors,
        building_pile_size=sum(state.building_pile),
        supply_deck_size=sum(state.supply_deck),
        munition_deck_size=sum(state.munition_deck),
        zombie_deck_size=zombie_deck_size(state),
        zombie_hand=state.zombie_hand if zombie_player else (),
        zombie_hand_size=len(state.zombie_hand),
        proposals=state.proposals,
        passed=state.passed,
        restricted=state.restricted,
        waiting=state.waiting,
        actions_used=state.actions_used,
        loot=state.loot,
        noise=state.noise,
        fed=state.fed,
        allowance=state.allowance,
        combat=combat,
        used=state.used,
        zombie_gone=state.zombie_gone,
        zombie_hidden=state.zombie_hidden if zombie_player else (0,) * nz,
        zombie_hidden_size=sum(state.zombie_hidden),
        next_zombie=state.next_zombie,
        lost_known=lost_known,
        lost_hidden_supply=lost_supply,
        lost_hidden_munition=lost_munition,
    )


def _split(
    config: Config, cards: tuple[int, ...], seat: int | None
) -> tuple[tuple[int, ...], int, int]:
    """(items ``seat`` has seen, unseen Supply cards, unseen Munition cards) of ``cards``."""
    items = config.items
    known: list[int] = []
    supply = munition = 0
    for c in cards:
        item = item_of(c)
        if seen_by(config, c, seat):
            known.append(item)
        elif items[item].deck is Deck.SUPPLY:
            supply += 1
        else:
            munition += 1
    return tuple(sorted(known)), supply, munition


@functools.lru_cache(maxsize=4096)
def _survivor_view(config: Config, s: Survivor, seat: int | None) -> SurvivorView:
    known, hs, hm = _split(config, s.hand, seat)
    return SurvivorView(s.life, known, hs, hm, s.equipment, s.armor, s.wear)


@functools.lru_cache(maxsize=4096)
def _location_view(
    config: Config, loc: Location, seat: int | None, zombie_player: bool
) -> LocationView:
    known, hs, hm = _split(config, loc.cards, seat)
    zombies = tuple(
        ZombieView(
            z.card if z.face_up or zombie_player else None,
            z.face_up,
            z.mutations,
            z.damage,
            z.number,
        )
        for z in loc.zombies
    )
    return LocationView(loc.building, loc.looted, known, hs, hm, zombies)


def _step_seen(state: State, seat: int | None) -> StepView:
    """The step as ``seat`` knows it: all of it, but a claim's item unless it saw that card."""
    step = state.step
    if not isinstance(step, Claim):
        return step
    if step.item is None:
        return ClaimView(step.claimant, ClaimedCard.BLIND, None, step.use, step.objectors)
    card = claimed_card(state)
    if card is not None and seen_by(state.config, card, seat):
        return ClaimView(step.claimant, ClaimedCard.NAMED, step.item, step.use, step.objectors)
    return ClaimView(step.claimant, ClaimedCard.UNSEEN, None, step.use, step.objectors)


def render(v: View) -> str:
    """The view as text for a terminal.

    Every number a move takes is printed next to what it names: items and Zombie
    cards as ``10 Crowbar`` (``x2`` for two alike), locations as ``[3] Gas Station``,
    the zombies at a location by number as ``zombie 3``, Survivors as ``Survivor 2`` (seat 2).
    """
    config = v.config
    items = config.items
    zc = config.zombie_cards
    zseat = config.zombie_seat
    you = "spectator" if v.seat is None else f"seat {v.seat}"
    lines = [f"Quarantine Z, {you}; phase {v.phase.value}; to act: {_who(v.to_act)}"]
    note = _phase_note(v)
    if note:
        lines.append(f"  ({note})")
    lines.append(
        f"Decks: Supply {v.supply_deck_size}, Munition {v.munition_deck_size},"
        f" Zombie {v.zombie_deck_size}; Zombie Player (seat {zseat}) holds {v.zombie_hand_size}"
    )
    if v.zombie_hand:
        cards = _listing([(c, zc[c].name, f" ({zc[c].face.value})") for c in v.zombie_hand])
        lines.append(f"  your Zombie cards: {cards}")
    for s, sv in enumerate(v.survivors):
        if s == zseat:
            continue
        state = "dead" if sv.life <= 0 else f"Life {sv.life}, Armor {sv.armor}"
        hand = _listing([(i, items[i].name, "") for i in sv.known])
        hidden = sv.hidden_supply + sv.hidden_munition
        if hidden:
            hand += f"{', ' if hand else ''}{sv.hidden_supply} S and {sv.hidden_munition} M unseen"
        gear = _listing([(i, items[i].name, "") for i in sv.equipment])
        mark = " (you)" if s == v.seat else ""
        lines.append(f"  Survivor {s}{mark}: {state}; hand [{hand}]; equipped [{gear}]")
    for i, loc in enumerate(v.area):
        b = config.buildings[loc.building]
        tags = [f"{b.supply}S/{b.munition}M", f"Escape {b.escape}"]
        if b.shelter:
            tags.append("Shelter")
        if b.variable:
            tags.append("variable")
        if loc.looted:
            tags.append("looted")
        mark = " <- here" if i == v.here else ""
        lines.append(f"  [{i}] {b.name} ({', '.join(tags)}){mark}")
        if loc.known or loc.hidden_supply or loc.hidden_munition:
            lying = _listing([(c, items[c].name, "") for c in loc.known])
            lines.append(
                f"      cards: [{lying}] + {loc.hidden_supply} S, {loc.hidden_munition} M face down"
            )
        for z in loc.zombies:
            if z.card is None:
                name = "face-down zombie"
            elif z.face_up:
                name = zc[z.card].name
            else:
                name = f"face-down zombie ({zc[z.card].name} underneath)"
            muts = "".join(f" +{zc[m].name}" for m in z.mutations)
            lines.append(f"      zombie {z.number}: {name}{muts}, damage {z.damage}")
    if v.combat is not None:
        c = v.combat
        seats = []
        for s in range(len(c.commits)):
            if not has_seat(c.members, s):
                continue
            what = commit_word(c, s)
            target = c.targets[s] if s < len(c.targets) else None
            if target is not None:
                what += f" -> {target_word(v, target)}"
            if has_seat(c.escaped, s):
                what += ", escaped"
            if has_seat(c.died, s):
                what += ", died"
            seats.append(f"Survivor {s} {what}")
        lines.append(f"Combat: {'; '.join(seats) or 'nobody'}")
    if any(p >= 0 for p in v.proposals):
        lines.append(
            "Proposals: "
            + "; ".join(
                f"Survivor {s} -> [{p}] {_place(v, p)}" for s, p in enumerate(v.proposals) if p >= 0
            )
        )
    claim = v.step
    if isinstance(claim, ClaimView):
        if claim.item is not None:
            what = f"{claim.item} {items[claim.item].name}"
        elif claim.card is ClaimedCard.UNSEEN:
            what = "a face-down card they have seen"
        else:
            what = "a face-down card they have not seen"
        use = " to use it" if claim.use else ""
        lines.append(f"Claim: Survivor {claim.claimant} claims {what}{use}")
    hidden = v.lost_hidden_supply + v.lost_hidden_munition
    if v.lost_known or hidden:
        lost = _listing([(i, items[i].name, "") for i in v.lost_known])
        if hidden:
            lost += f"{', ' if lost else ''}{v.lost_hidden_supply} S and"
            lost += f" {v.lost_hidden_munition} M unseen"
        lines.append(f"Out of the game face down: [{lost}]")
    return "\n".join(lines)


def commit_word(c: CombatView, s: int) -> str:
    """Seat ``s``'s Action card as the view knows it: "not committed", "face down", "fight"."""
    if not has_seat(c.laid, s):
        return "not committed"
    commit = c.commits[s]
    return "face down" if commit is None else commit.name.lower()


def target_word(v: View, target: Target) -> str:
    """ "Survivor 2", "zombie 3", or "zombie 3 (killed)" once it has left play."""
    if target.survivor:
        return f"Survivor {target.which}"
    here = v.area[v.here].zombies if 0 <= v.here < len(v.area) else ()
    gone = all(z.number != target.which for z in here)
    return f"zombie {target.which}{' (killed)' if gone else ''}"


def _listing(cards: list[tuple[int, str, str]]) -> str:
    """``10 Crowbar, 14 Bullets x2``: (id, name, suffix) listed once per kind, with a count."""
    counts: dict[tuple[int, str, str], int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return ", ".join(
        f"{number} {name}{f' x{n}' if n > 1 else ''}{suffix}"
        for (number, name, suffix), n in counts.items()
    )


def _place(v: View, index: int) -> str:
    if 0 <= index < len(v.area):
        return v.config.buildings[v.area[index].building].name
    return "?"


def _phase_note(v: View) -> str:
    """Who the sequential step waits for, when the phase alone does not say."""
    phase = v.phase
    step = v.step
    if isinstance(step, SetupDraw) and phase is Phase.SETUP_CHOOSE:
        return f"Survivor {step.drawer} picks a deck to draw from: choose supply|munition"
    if phase is Phase.COMMIT:
        return "each Survivor in the combat commits fight|shoot|escape|pass, face down"
    if isinstance(step, Turn) and phase is Phase.DECLARE:
        return f"Survivor {step.seat} declares: use Combat Items, pick a target, then ready"
    if isinstance(step, Bite):
        return f"zombie {step.zombie} bites: the Zombie Player picks the Survivor"
    if isinstance(step, ShelterDiscards):
        return f"the Zombie Player discards {step.discards_left} more"
    if phase is Phase.DECIDE:
        return "Survivors propose the next location: propose L"
    if phase is Phase.LOCATION:
        cap = v.config.free_actions
        left = ", ".join(
            f"Survivor {s} {max(cap - used, 0)}"
            for s, used in enumerate(v.actions_used)
            if s != v.config.zombie_seat and v.survivors[s].life > 0
        )
        return f"free actions left this visit: {left}"
    return ""


def _who(actors: frozenset[int]) -> str:
    return ", ".join("chance" if a == CHANCE else str(a) for a in sorted(actors)) or "nobody"
