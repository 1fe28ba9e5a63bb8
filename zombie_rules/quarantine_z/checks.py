"""What generic tools need to check Quarantine Z: card census, hidden re-deals, invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from zombie_rules.core.seats import has_seat, without_seat
from zombie_rules.quarantine_z import steps as st
from zombie_rules.quarantine_z._base import (
    active,
    armor_error,
    can_shoot,
    combat_zombies,
    living,
    mask_of,
    zombie_at,
    zombie_deck_size,
    zombie_stats,
)
from zombie_rules.quarantine_z.cards import ACTION_NAMES, ACTION_SETS, Deck, Kind
from zombie_rules.quarantine_z.combat import bite_options
from zombie_rules.quarantine_z.config import Config, tables
from zombie_rules.quarantine_z.effects import usable
from zombie_rules.quarantine_z.flow import proposal_changes
from zombie_rules.quarantine_z.knowledge import (
    any_unseen,
    has_seen_item,
    item_of,
    knowers,
)
from zombie_rules.quarantine_z.redeal import hidden_variant as hidden_variant
from zombie_rules.quarantine_z.rules import legal_moves
from zombie_rules.quarantine_z.state import (
    Action,
    Commit,
    Location,
    Move,
    Phase,
    State,
    Survivor,
    TargetKind,
)
from zombie_rules.quarantine_z.views import ClaimedCard, ClaimView, View


def card_set(config: Config) -> Counter[Hashable]:
    """Every card of the game: Zombie, Action, Supply, Munition and Building cards."""
    census: Counter[Hashable] = Counter()
    for c in config.zombie_cards:
        census[f"Z:{c.name}"] += c.copies
    for name in ACTION_NAMES:
        census[f"A:{name}"] += ACTION_SETS
    for it in config.items:
        census[f"{it.deck.value}:{it.name}"] += it.copies
    for b in config.buildings:
        census[f"B:{b.name}"] += 1
    return census


def card_census(state: State) -> Counter[Hashable]:
    """Every card the state holds, wherever it lies (Action cards never leave their owner)."""
    config = state.config
    zname = [f"Z:{c.name}" for c in config.zombie_cards]
    iname = [f"{it.deck.value}:{it.name}" for it in config.items]
    census: Counter[Hashable] = Counter()
    for pile in (state.zombie_deck, state.zombie_gone, state.zombie_hidden):
        for k, n in enumerate(pile):
            if n:
                census[zname[k]] += n
    census.update(zname[c] for c in state.zombie_hand)
    for pile in (state.supply_deck, state.munition_deck, state.used):
        for k, n in enumerate(pile):
            if n:
                census[iname[k]] += n
    census.update(iname[item_of(c)] for c in state.lost)
    for s in state.survivors:
        census.update(iname[item_of(c)] for c in s.hand)
        census.update(iname[e] for e in s.equipment)
    for loc in state.area:
        census[f"B:{config.buildings[loc.building].name}"] += 1
        census.update(iname[item_of(c)] for c in loc.cards)
        for z in loc.zombies:
            census[zname[z.card]] += 1
            census.update(zname[m] for m in z.mutations)
    for k, n in enumerate(state.building_pile):
        if n:
            census[f"B:{config.buildings[k].name}"] += n
    for name in ACTION_NAMES:
        census[f"A:{name}"] += ACTION_SETS
    return +census


def candidate_moves(state: State) -> tuple[Move, ...]:
    """Well-formed moves for every actor, legal or not, including near misses."""
    config = state.config
    seats = tuple(range(-1, config.players + 1))
    numbers = {-1, 0, 1, 2, 5, 99, len(config.items), len(state.area)}
    for s in state.survivors:
        numbers.update(item_of(c) for c in s.hand)
        numbers.update(s.equipment)
    numbers.update(state.zombie_hand)
    for loc in state.area:
        numbers.update(item_of(c) for c in loc.cards)
    small = sorted(numbers)
    pairs = [(a, b) for a in (-1, 0, 1, 2, 3, 4) for b in (-1, 0, 1, 2, 3)]
    pairs += [(a, b) for a in range(config.players) for b in small]
    pairs += [(a, b) for a in state.zombie_hand for b in range(-1, 3)]
    moves: list[Move] = []
    for seat in seats:
        for action in Action:
            moves.append(Move(seat, action))
            moves.extend(Move(seat, action, (x,)) for x in small)
            if action in _PAIR_ACTIONS:
                moves.extend(Move(seat, action, p) for p in pairs)
            moves.append(Move(seat, action, (0, 0, 0)))
    moves += legal_moves(state)
    return tuple(dict.fromkeys(moves))


_PAIR_ACTIONS = frozenset({Action.GIVE, Action.SNATCH, Action.AMBUSH, Action.EVENT, Action.MUTATE})


def check_state(state: State) -> None:
    """Raise ``ValueError`` naming the first broken invariant of a (decoded) state.

    It accepts the states the rules can reach, as far as any protocol function
    relies on them: sizes, ranges and the cards first (so later checks index
    safely), then the Survivors and the locations, then what the phase and the
    step it belongs to imply (see :func:`_stage`): who acts, the counters the
    step uses, the claim, the combat. It runs on decode only, never on ``apply``.
    """
    config = state.config
    n = config.players
    t = tables(config)
    nz, ni, nb = len(config.zombie_cards), len(config.items), len(config.buildings)
    for name, value, size in (
        ("building_pile", state.building_pile, nb),
        ("supply_deck", state.supply_deck, ni),
        ("munition_deck", state.munition_deck, ni),
        ("used", state.used, ni),
        ("zombie_deck", state.zombie_deck, nz),
        ("zombie_gone", state.zombie_gone, nz),
        ("zombie_hidden", state.zombie_hidden, nz),
    ):
        if len(value) != size or any(c < 0 for c in value):
            raise ValueError(f"{name}: need {size} non-negative counts, one per card kind")
    if any(state.supply_deck[i] for i in t.munition_ids) or any(
        state.munition_deck[i] for i in t.supply_ids
    ):
        raise ValueError("supply_deck/munition_deck: a card is in the other deck")
    for name in ("proposals", "actions_used", "survivors"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name}: need one entry per seat ({n})")
    if not 0 <= state.burned <= sum(state.zombie_deck):
        raise ValueError("burned: more cards burned than the Zombie deck's counts hold")
    if any(not 0 <= c < nz for c in state.zombie_hand) or list(state.zombie_hand) != sorted(
        state.zombie_hand
    ):
        raise ValueError("zombie_hand: sorted Zombie card ids")
    if len(state.zombie_hand) > config.zombie_hand:
        raise ValueError("zombie_hand: over the Zombie Player's hand limit")
    if len(state.area) > config.area_size or (
        state.phase is not Phase.BUILDINGS and len(state.area) != config.area_size
    ):
        raise ValueError("area: the quarantine area has the wrong number of Buildings")
    if not -1 <= state.here < len(state.area):
        raise ValueError(f"here: {state.here} is not a location of the area")
    _cards("lost", state.lost, ni, t.everyone)
    for s, sv in enumerate(state.survivors):
        _check_survivor(state, s, sv)
    for i, loc in enumerate(state.area):
        _check_location(state, i, loc)
    buildings = [loc.building for loc in state.area]
    if len(set(buildings)) != len(buildings):
        raise ValueError("area: a Building dealt twice")
    if card_census(state) != card_set(config):
        raise ValueError("cards: the state does not hold exactly the config's card set")
    survivors = mask_of(t.survivors)
    for name in ("passed", "restricted", "waiting"):
        if getattr(state, name) & ~survivors:
            raise ValueError(f"{name}: only Survivor seats")
    if (
        any(not 0 <= used <= config.free_actions for used in state.actions_used)
        or (state.actions_used[config.zombie_seat])
    ):
        raise ValueError(f"actions_used: 0-{config.free_actions} free actions per Survivor")
    if any(p != -1 and not 0 <= p < len(state.area) for p in state.proposals) or (
        state.proposals[config.zombie_seat] != -1
    ):
        raise ValueError("proposals: -1 or a location of the area, per Survivor")
    if min(state.loot) < 0 or state.noise < 0 or not 0 <= state.fed <= len(t.survivors):
        raise ValueError("loot/noise/fed: counters cannot be negative")
    if state.allowance < 0:
        raise ValueError("allowance: cannot be negative")
    _check_step_kind(state)
    _check_numbers(state)
    _check_end(state)
    stage = _stage(state)
    _check_stage(state, stage)
    _check_phase(state)
    _check_claim(state)
    _check_combat(state)


def _cards(name: str, cards: tuple[int, ...], items: int, everyone: int) -> None:
    if list(cards) != sorted(cards) or any(
        not 0 <= item_of(c) < items or knowers(c) & ~everyone for c in cards
    ):
        raise ValueError(f"{name}: sorted encoded item cards of this config")


def _check_survivor(state: State, s: int, sv: Survivor) -> None:
    """Life, hand, equipment and Armor of seat ``s``; the dead hold nothing."""
    config = state.config
    t = tables(config)
    ni = len(config.items)
    where = f"survivors[{s}]"
    if s == config.zombie_seat:
        if sv != Survivor(0, (), (), 0):
            raise ValueError(f"{where}: the Zombie Player has no Survivor")
        return
    _cards(f"{where}.hand", sv.hand, ni, t.everyone)
    if len(sv.hand) > config.survivor_hand:
        raise ValueError(f"{where}.hand: over the hand limit")
    if any_unseen(sv.hand, s):
        raise ValueError(f"{where}.hand: a Survivor knows every card in their own hand")
    if any(not 0 <= e < ni for e in sv.equipment) or len(set(sv.equipment)) != len(sv.equipment):
        raise ValueError(f"{where}.equipment: item ids, no two of the same name")
    if list(sv.equipment) != sorted(sv.equipment) or any(
        config.items[e].kind is not Kind.EQUIPMENT for e in sv.equipment
    ):
        raise ValueError(f"{where}.equipment: sorted ids of equipment cards")
    error = armor_error(config, sv)
    if error is not None:
        raise ValueError(f"{where}.{error}")
    if not 0 <= sv.life <= config.survivor_life:
        raise ValueError(f"{where}: Life 0-{config.survivor_life}")
    combat = state.combat
    dying = (
        state.phase is Phase.RESOLVE
        and combat is not None
        and has_seat(combat.members, s)
        and not has_seat(combat.died, s)
    )  # killed in the Resolve step: drops its cards at the end of the step
    if sv.life == 0 and (sv.hand or sv.equipment or sv.armor) and not dying:
        raise ValueError(f"{where}: a dead Survivor holds cards")


def _check_location(state: State, i: int, loc: Location) -> None:
    """A Building of the area, its cards and the zombies lying there."""
    config = state.config
    t = tables(config)
    nz = len(config.zombie_cards)
    if not 0 <= loc.building < len(config.buildings):
        raise ValueError(f"area[{i}]: not a Location of a known Building")
    _cards(f"area[{i}].cards", loc.cards, len(config.items), t.everyone)
    # A combat's zombies carry their damage; so do those left when the game ends mid-fight.
    fighting = (state.combat is not None and i == state.here) or state.phase is Phase.OVER
    for j, z in enumerate(loc.zombies):
        where = f"area[{i}].zombies[{j}]"
        if not 0 <= z.card < nz or z.damage < 0:
            raise ValueError(f"{where}: a Zombie card of the config, damage >= 0")
        if z.face_up and z.card not in t.specials:
            raise ValueError(f"{where}: only a card that says 'This is a Zombie' lies face up")
        if any(m not in t.mutations for m in z.mutations):
            raise ValueError(f"{where}.mutations: Mutation cards of the config")
        if len(set(z.mutations)) != len(z.mutations):
            raise ValueError(f"{where}.mutations: a Mutation twice on one zombie")
        if z.damage and not fighting:
            raise ValueError(f"{where}: a zombie out of combat has its full Life")


#: The step record each phase holds (``None``: the phase needs none); see :mod:`~.steps`.
_STEP_KINDS: dict[Phase, type] = {
    Phase.BUILDINGS: type(None), Phase.SETUP_CHOOSE: st.SetupDraw, Phase.SETUP_DRAW: st.SetupDraw,
    Phase.ZOMBIE_DRAW: st.ZombieDraws, Phase.DECIDE: type(None), Phase.SNEAK: st.Turn,
    Phase.ZOMBIES: st.ZombiesStep, Phase.LOOT_ROLL: type(None), Phase.LOOT_DRAW: st.LootDraw,
    Phase.LOCATION: type(None), Phase.CLAIM: st.Claim, Phase.DISPUTE: st.Claim,
    Phase.CLAIM_CARD: st.Claim, Phase.STEAL_CARD: st.Steal, Phase.AMBUSH_ROLL: st.Ambush,
    Phase.SHELTER: st.ShelterDiscards, Phase.COMMIT: type(None), Phase.DECLARE: st.Turn,
    Phase.RESOLVE: st.Turn, Phase.BITE: st.Bite, Phase.OVER: type(None),
}  # fmt: skip


def _check_step_kind(state: State) -> None:
    """The step record is the one its phase holds."""
    kind = _STEP_KINDS[state.phase]
    if type(state.step) is not kind:
        wanted = "none" if kind is type(None) else kind.__name__
        raise ValueError(f"step: the {state.phase.value} phase holds {wanted}")


def _check_numbers(state: State) -> None:
    """Each zombie in play has its own number, below the count of zombies that entered play."""
    numbers = [z.number for loc in state.area for z in loc.zombies]
    total = tables(state.config).zombie_cards_total
    if not 0 <= state.next_zombie <= total:
        raise ValueError(f"next_zombie: 0-{total}, one number per Zombie card at most")
    if len(set(numbers)) != len(numbers) or any(not 0 <= k < state.next_zombie for k in numbers):
        raise ValueError("zombies: distinct numbers, each below next_zombie")
    for loc in state.area:
        order = [z.number for z in loc.zombies]
        if order != sorted(order):
            raise ValueError("zombies: a location's zombies lie in the order they entered play")


def _check_end(state: State) -> None:
    """The game is over exactly when a side has won (:func:`rules._finish`)."""
    alive = living(state)
    exhausted = not state.zombie_hand and zombie_deck_size(state) == 0
    if state.phase is Phase.OVER:
        if alive and not exhausted:
            raise ValueError("phase: the game is over but neither side has won")
        if state.combat is not None or state.waiting:
            raise ValueError("combat/waiting: nothing is pending once the game is over")
    elif state.phase is not Phase.BUILDINGS and (not alive or exhausted):
        raise ValueError("phase: a side has won, so the game is over")


#: The steps of a round, and the phases that interrupt them (by ``resume`` or combat origin).
_SETUP, _DECIDE, _ARRIVAL, _LOCATION, _OVER = "setup", "decide", "arrival", "location", "over"
_STAGE_OF = {
    Phase.BUILDINGS: _SETUP, Phase.SETUP_CHOOSE: _SETUP, Phase.SETUP_DRAW: _SETUP,
    Phase.DECIDE: _DECIDE, Phase.SNEAK: _ARRIVAL, Phase.ZOMBIES: _ARRIVAL,
    Phase.LOOT_ROLL: _ARRIVAL, Phase.LOOT_DRAW: _ARRIVAL, Phase.LOCATION: _LOCATION,
    Phase.CLAIM: _LOCATION, Phase.DISPUTE: _LOCATION, Phase.CLAIM_CARD: _LOCATION,
    Phase.SHELTER: _LOCATION, Phase.OVER: _OVER,
}  # fmt: skip
_RESUMED = {
    Phase.DECIDE: _DECIDE, Phase.LOCATION: _LOCATION, Phase.LOOT_DRAW: _ARRIVAL,
    Phase.ZOMBIES: _ARRIVAL,
}  # fmt: skip
_COMBAT_PHASES = frozenset((Phase.COMMIT, Phase.DECLARE, Phase.RESOLVE, Phase.BITE))


def _resume(step: st.Step) -> Phase | None:
    """The step an interruption goes back to (``None``: the step is no interruption)."""
    if isinstance(step, st.ZombieDraws | st.Steal | st.Ambush):
        return step.resume
    return None


def _stage(state: State) -> str:
    """The step of the round ``state`` is in, whatever interrupted it."""
    phase = state.phase
    resume = _resume(state.step)
    combat_due = phase in _COMBAT_PHASES or (
        phase is Phase.ZOMBIE_DRAW and resume in (Phase.BITE, Phase.COMMIT)
    )
    if (state.combat is not None) != combat_due:
        raise ValueError("combat: present exactly during a combat")
    if state.combat is not None:
        stage = _RESUMED.get(state.combat.origin)
        if stage is None or state.combat.origin is Phase.ZOMBIES:
            raise ValueError(
                "combat.origin: a combat interrupts On the Move, an arrival or a visit"
            )
        return stage
    if phase is Phase.ZOMBIE_DRAW:
        if resume is Phase.DECIDE:
            return _SETUP  # the Zombie Player's set-up draws lead to the first Decide step
        if resume not in (Phase.ZOMBIES, Phase.LOOT_DRAW):
            raise ValueError("step.resume: Zombie cards are drawn in set-up, Zombies! or combat")
        return _ARRIVAL
    if phase is Phase.STEAL_CARD or phase is Phase.AMBUSH_ROLL:
        if resume is not Phase.DECIDE and resume is not Phase.LOCATION:
            raise ValueError("step.resume: a theft or an ambush interrupts On the Move or a visit")
        return _RESUMED[resume]
    return _STAGE_OF[phase]


def _check_stage(state: State, stage: str) -> None:
    """What the step of the round implies, whatever phase interrupts it."""
    config = state.config
    t = tables(config)
    alive = mask_of(living(state))
    if state.waiting and state.phase not in (Phase.CLAIM, Phase.DISPUTE):
        raise ValueError("waiting: Survivors wait to answer only a claim or a dispute")
    if stage == _OVER:
        return  # the game ended mid-step: the step's counters stay as they were
    if any(state.loot) and state.phase is not Phase.LOOT_DRAW:
        raise ValueError("loot: cards are still to draw only while looting")
    if state.noise and state.phase not in (Phase.SNEAK, Phase.AMBUSH_ROLL):
        raise ValueError("noise: counted only during the Sneak and an ambush")
    if state.phase is Phase.AMBUSH_ROLL and state.noise > 1:
        raise ValueError("noise: an ambush makes at most the Noise of one shot")
    if (
        state.allowance
        and state.phase is not Phase.ZOMBIES
        and not (
            state.phase is Phase.ZOMBIE_DRAW
            and _resume(state.step) in (Phase.ZOMBIES, Phase.LOOT_DRAW)
        )
    ):
        raise ValueError("allowance: Zombies may be played only in the Zombies! step")
    if state.fed and stage != _LOCATION:
        raise ValueError("fed: Supply cards are fed to a Shelter during a visit")
    if stage != _DECIDE and any(p != -1 for p in state.proposals):
        raise ValueError("proposals: destinations are proposed only On the Move")
    if stage == _SETUP:
        _check_setup(state)
        return
    if stage in (_ARRIVAL, _LOCATION) and state.here < 0:
        raise ValueError("here: the Survivors are at a location")
    if stage == _DECIDE:
        if state.restricted:
            raise ValueError("restricted: nobody is excluded from play On the Move")
        for s in t.survivors:
            if has_seat(alive, s) and state.proposals[s] == state.here >= 0:
                raise ValueError(f"proposals[{s}]: not the location just left")
        return
    if stage == _LOCATION:
        here = state.area[state.here]
        if state.fed and not config.buildings[here.building].shelter:
            raise ValueError("fed: only a Shelter is fed")
        if here.zombies and state.combat is None:
            raise ValueError("area: no zombie lies where the Survivors collect")


def _check_setup(state: State) -> None:
    """ "Deal 10 Building Cards (B) face up", then the Survivors' and the Zombie Player's draws."""
    config = state.config
    t = tables(config)
    k = len(t.survivors)
    if state.here != -1 or state.passed or state.restricted or any(state.actions_used):
        raise ValueError("here/passed/restricted/actions_used: nothing happens during set-up")
    if state.burned or state.lost or any(state.used) or any(state.zombie_gone):
        raise ValueError("burned/lost/used/zombie_gone: nothing leaves play during set-up")
    if (
        any(state.zombie_hidden)
        or any(loc.cards or loc.zombies for loc in state.area)
        or state.next_zombie
    ):
        raise ValueError("area/zombie_hidden/next_zombie: nothing is played during set-up")
    fresh = [Survivor(config.survivor_life, state.survivors[s].hand, (), 0) for s in t.survivors]
    if [state.survivors[s] for s in t.survivors] != fresh:
        raise ValueError("survivors: at full Life, nothing equipped, during set-up")
    phase = state.phase
    if phase is Phase.ZOMBIE_DRAW:
        return
    if state.zombie_hand:
        raise ValueError("zombie_hand: the Zombie Player draws after the Survivors")
    if phase is Phase.BUILDINGS:
        if any(sv.hand for sv in state.survivors):
            raise ValueError("survivors: no card is drawn before the area is dealt")
        if not any(state.building_pile):
            raise ValueError("building_pile: empty, yet a Building is to be dealt")
        return
    step = state.step
    assert isinstance(step, st.SetupDraw)  # _check_step_kind
    done = step.drawn
    if not 0 <= done < k * config.setup_draws:
        raise ValueError(f"step.drawn: {done} set-up draws made, of {k * config.setup_draws}")
    if step.drawer != t.survivors[done % k]:
        raise ValueError(f"step.drawer: Survivor {t.survivors[done % k]} draws next")
    if (step.deck is None) != (phase is Phase.SETUP_CHOOSE):
        raise ValueError("step.deck: chosen once the Survivor has chosen, before the draw")
    for j, s in enumerate(t.survivors):
        drawn = done // k + (j < done % k)
        if len(state.survivors[s].hand) != drawn:
            raise ValueError(f"survivors[{s}].hand: {drawn} set-up cards drawn so far")
    if not any(state.supply_deck) and not any(state.munition_deck):
        raise ValueError("supply_deck/munition_deck: both empty, yet a card is to be drawn")
    if phase is Phase.SETUP_DRAW and not any(
        state.munition_deck if step.deck is Deck.MUNITION else state.supply_deck
    ):
        raise ValueError("step.deck: the chosen deck is empty")


def _check_phase(state: State) -> None:
    """The phase's own step record (who acts, what is left to do) and that someone can act."""
    config = state.config
    phase = state.phase
    alive = living(state)
    step = state.step
    if phase in (Phase.BUILDINGS, Phase.SETUP_CHOOSE, Phase.SETUP_DRAW, Phase.OVER):
        return
    if isinstance(step, st.ZombieDraws):
        room = config.zombie_hand - len(state.zombie_hand)
        if not 1 <= step.left <= min(room, zombie_deck_size(state)):
            raise ValueError("step.left: cards still to draw, as hand limit and deck permit")
        if step.resume in (Phase.ZOMBIES, Phase.LOOT_DRAW) and not (
            0 <= step.played <= state.allowance and state.allowance >= 1
        ):
            raise ValueError("step.played/allowance: the Zombies played, of those allowed")
        if step.resume is not Phase.ZOMBIES and step.played:
            raise ValueError("step.played: only a draw amid the Zombies! step follows plays")
        return
    if isinstance(step, st.ShelterDiscards) and (
        step.discards_left < 1 or not (state.zombie_hand or zombie_deck_size(state) > 0)
    ):
        raise ValueError("step.discards_left: the Zombie Player has cards left to discard")
    if isinstance(step, st.ZombiesStep):
        if state.allowance < 1 or not 0 <= step.played <= state.allowance:
            raise ValueError("step.played/allowance: Zombies played this step, of those allowed")
        return
    if isinstance(step, st.LootDraw):
        supply, munition = state.loot
        munitions = step.deck is Deck.MUNITION
        first = munition if munitions else supply
        if (munitions and supply) or first < 1:
            raise ValueError("step.deck/loot: the deck being looted has a card to draw")
        if supply > sum(state.supply_deck) or munition > sum(state.munition_deck):
            raise ValueError("loot: more cards to draw than the decks hold")
    elif isinstance(step, st.Steal | st.Ambush):
        thief, victim = (
            (step.thief, step.victim)
            if isinstance(step, st.Steal)
            else (step.attacker, step.victim)
        )
        if thief not in alive or victim not in alive or thief == victim:
            raise ValueError("step: a living Survivor acts on another")
        if isinstance(step, st.Steal):
            if not state.survivors[victim].hand:
                raise ValueError("step.victim: the victim of a theft holds a card to take")
        elif step.gun is not None and (
            step.gun not in state.survivors[thief].equipment
            or not 0 <= step.gun < len(config.items)
            or not config.items[step.gun].gun_damage
        ):
            raise ValueError("step.gun: none (Fight) or the firearm the ambusher shoots")
    if phase is Phase.SNEAK:
        assert isinstance(step, st.Turn)
        if step.seat not in alive:
            raise ValueError("step.seat: a living Survivor rolls to Sneak")
        if state.noise > sum(1 for s in alive if s < step.seat):
            raise ValueError("noise: at most one per Survivor who has rolled")
    if phase is Phase.LOOT_ROLL or phase is Phase.LOOT_DRAW:
        here = state.area[state.here]
        if not here.looted or here.zombies:
            raise ValueError("area: the Survivors loot a looted location with no zombie there")
        if phase is Phase.LOOT_ROLL and not config.buildings[here.building].variable:
            raise ValueError("phase: only a variable location rolls for its loot")
    if phase is Phase.DECIDE:
        _check_decide(state)
    if phase is Phase.LOCATION:
        mask = mask_of(alive)
        if not mask & ~state.passed & ~state.restricted:
            raise ValueError("passed/restricted: someone at the location still acts")
        if state.fed >= len(alive):
            raise ValueError("fed: the Shelter's wait-out is complete")


def _check_decide(state: State) -> None:
    """Decide: the proposals are not agreed yet, and a Survivor still acts."""
    alive = living(state)
    proposals = [state.proposals[s] for s in alive]
    if -1 not in proposals and len(set(proposals)) == 1:
        raise ValueError("proposals: all agree, so the Survivors are sneaking there")
    waiting = [s for s in alive if not has_seat(state.passed, s)]
    if not waiting:
        raise ValueError("passed: every Survivor waits, yet they disagree")
    for s in alive:
        if has_seat(state.passed, s) and (state.proposals[s] == -1 or proposal_changes(state, s)):
            raise ValueError(f"passed: Survivor {s} has a proposal to make or change")


def _check_claim(state: State) -> None:
    """A pending claim: a card at the location the claimant may take, and who answers."""
    phase = state.phase
    if phase not in (Phase.CLAIM, Phase.DISPUTE, Phase.CLAIM_CARD):
        return
    config = state.config
    claim = state.step
    assert isinstance(claim, st.Claim)  # _check_step_kind
    s, item, use = claim.claimant, claim.item, claim.use
    alive = mask_of(living(state))
    if s not in tables(config).survivors or not has_seat(alive, s) or has_seat(state.restricted, s):
        raise ValueError("step.claimant: a living Survivor in play")
    cards = state.area[state.here].cards
    if (item is not None and not 0 <= item < len(config.items)) or (use and item is None):
        raise ValueError("step.item: none (a face-down card) or an item id; only an item is used")
    if item is not None and not has_seen_item(cards, item, s):
        raise ValueError("step.item: no card of that name the claimant has seen lies here")
    if item is None and not any_unseen(cards, s):
        raise ValueError("step.item: no card lies here that the claimant has not seen")
    if not use and len(state.survivors[s].hand) >= config.survivor_hand:
        raise ValueError("claim: the claimant's hand is full")
    if use and item is not None:
        action = Action.USE if config.items[item].kind is Kind.HEAL else Action.EQUIP
        if usable(state, s, item, action) is not None:
            raise ValueError("claim: the claimant cannot use or equip that card now")
    others = without_seat(alive, s)
    if phase is Phase.CLAIM_CARD:
        if item is not None or state.waiting or claim.objectors:
            raise ValueError("step: only a granted face-down claim is drawn")
        return
    if not state.waiting or state.waiting & ~others:
        raise ValueError("waiting: the other living Survivors still to answer")
    if phase is Phase.CLAIM:
        if state.waiting & state.restricted:
            raise ValueError("waiting: Survivors who escaped the last combat may not object")
        if claim.objectors & ~others or claim.objectors & state.waiting:
            raise ValueError("step.objectors: the objectors among those who have answered")
    elif claim.objectors:
        raise ValueError("step.objectors: the objectors still standing are those waiting")


def _check_combat(state: State) -> None:
    """The combat in progress: members, commitments, targets, the queue, per-zombie marks."""
    combat = state.combat
    if combat is None:
        return
    config = state.config
    t = tables(config)
    n = config.players
    phase = state.phase
    survivors = mask_of(t.survivors)
    zombies = combat_zombies(state)
    if combat.members & ~survivors or combat.escaped & ~combat.members:
        raise ValueError("combat.members/escaped: Survivors who entered the combat")
    if combat.died & ~combat.members or any(
        state.survivors[s].life for s in t.survivors if has_seat(combat.died, s)
    ):
        raise ValueError("combat.died: members killed in the combat")
    if len(combat.commits) != n or len(combat.targets) != n:
        raise ValueError("combat: one commitment and target per seat")
    if any(v is not None for s, v in enumerate(combat.commits) if not has_seat(combat.members, s)):
        raise ValueError("combat.commits: only members of the combat commit")
    if len(combat.fought) != len(zombies) or len(combat.headshot) != len(zombies):
        raise ValueError("combat.fought/headshot: one entry per zombie in the combat")
    if any(mask & ~combat.members for mask in combat.fought):
        raise ValueError("combat.fought: masks of members")
    if combat.noise < 0:
        raise ValueError("combat.noise: cannot be negative")
    limit = config.combat_round_limit
    if combat.rounds < 0 or (limit is not None and combat.rounds >= limit):
        raise ValueError(
            f"combat.rounds: the rounds played out, 0 up to {limit} - 1"
            if limit is not None
            else "combat.rounds: the rounds played out, 0 or more"
        )
    declared = phase is Phase.DECLARE or phase is Phase.RESOLVE
    for s, target in enumerate(combat.targets):
        if target is None:
            continue
        survivor = target.kind is TargetKind.SURVIVOR
        which = target.which
        if not declared:
            # A resolved round's targets: zombies killed in it have left play since.
            if not 0 <= which < (n if survivor else state.next_zombie):
                raise ValueError(f"combat.targets[{s}]: none, a zombie or a Survivor target")
            continue
        attacking = combat.commits[s] in (Commit.FIGHT, Commit.SHOOT)
        at = None if survivor else zombie_at(zombies, which)
        if not attacking or not (
            at is not None
            or (survivor and which != s and 0 <= which < n and has_seat(combat.members, which))
        ):
            raise ValueError(f"combat.targets[{s}]: a zombie or a member, of a Fight or Shoot")
        if (
            combat.commits[s] == Commit.FIGHT
            and at is not None
            and not has_seat(combat.fought[at], s)
        ):
            raise ValueError(f"combat.fought: Survivor {s} fights zombie {which}")
    fighting = active(state)
    queue = combat.queue
    if list(queue) != sorted(set(queue)) or any(s not in t.survivors for s in queue):
        raise ValueError("combat.queue: distinct Survivor seats in seat order")
    awaiting_cards = phase is Phase.COMMIT or (
        phase is Phase.ZOMBIE_DRAW and _resume(state.step) is Phase.COMMIT
    )
    if awaiting_cards:
        if combat.revealed or queue or any(v is not None for v in combat.targets):
            raise ValueError("combat: nothing is revealed or declared before the cards are laid")
        if any(v is not None for s, v in enumerate(combat.commits) if s not in fighting):
            raise ValueError("combat.commits: only Survivors still fighting lay a card")
        if any(combat.headshot) or any(combat.fought):
            raise ValueError("combat.headshot/fought: marks of a round not yet resolved")
        if phase is Phase.COMMIT and all(combat.commits[s] is not None for s in fighting):
            raise ValueError("combat.commits: someone has still to lay a card")
    else:
        if not combat.revealed:
            raise ValueError("combat.revealed: the cards are turned up after the Decide step")
    if phase is Phase.DECLARE or phase is Phase.RESOLVE:
        step = state.step
        assert isinstance(step, st.Turn)  # _check_step_kind
        if not queue or step.seat != queue[0]:
            raise ValueError("combat.queue: step.seat is the first Survivor of the queue")
    elif queue:
        raise ValueError(f"combat.queue: empty in the {phase.value} phase")
    if phase is Phase.DECLARE:
        if any(s not in fighting for s in queue) or any(
            combat.commits[s] is None for s in fighting
        ):
            raise ValueError("combat.queue: Survivors still fighting, each with a card laid")
        if any(combat.targets[s] is not None for s in queue):
            raise ValueError("combat.targets: set as each Survivor declares")
    if phase is Phase.RESOLVE:
        for s in queue:
            commit, target = combat.commits[s], combat.targets[s]
            if has_seat(combat.escaped, s) or not has_seat(combat.members, s):
                raise ValueError("combat.queue: members who have not escaped")
            if commit != Commit.ESCAPE and not (
                commit in (Commit.FIGHT, Commit.SHOOT) and target is not None
            ):
                raise ValueError("combat.queue: those who escape, or attack a target")
            if commit == Commit.SHOOT and not can_shoot(state, s):
                raise ValueError(f"combat.commits[{s}]: a Shoot needs a loaded firearm")
    else:
        dead = [
            s for s in t.survivors if has_seat(combat.members, s) and not state.survivors[s].life
        ]
        if any(not has_seat(combat.died, s) for s in dead):
            raise ValueError("combat.died: a member killed is marked as died")
        killed = any(combat.headshot) or any(
            z.damage >= zombie_stats(config, z)[0] for z in zombies
        )  # a Combat Item's blast may kill during the Declare step
        if killed and phase is not Phase.DECLARE:
            raise ValueError("area: zombies killed leave play at the end of the Resolve step")
    if phase is Phase.BITE:
        step = state.step
        assert isinstance(step, st.Bite)  # _check_step_kind
        i = zombie_at(zombies, step.zombie)
        if i is None or len(bite_options(state, i)) < 2:
            raise ValueError("step.zombie: a zombie whose victim the Zombie Player picks")


def check_view(v: View) -> None:
    """Raise ``ValueError`` naming the first field of a (decoded) view ``render`` cannot show.

    Every card a view names must be a card of its config and per-seat fields need
    one entry per seat; ``render`` trusts the views ``view`` builds.
    """
    config = v.config
    n = config.players
    ni, nz, nb = len(config.items), len(config.zombie_cards), len(config.buildings)
    if v.seat is not None and not 0 <= v.seat < n:
        raise ValueError(f"seat: {v.seat} is not a seat of a {n}-player game")
    if any(len(field) != n for field in (v.survivors, v.proposals, v.actions_used)):
        raise ValueError(f"survivors/proposals/actions_used: need one entry per seat ({n})")
    if any(not 0 <= c < nz for c in v.zombie_hand):
        raise ValueError("zombie_hand: Zombie card ids of the config")
    for s, sv in enumerate(v.survivors):
        if any(not 0 <= i < ni for i in (*sv.known, *sv.equipment)):
            raise ValueError(f"survivors[{s}]: item ids of the config")
    for i, loc in enumerate(v.area):
        if not 0 <= loc.building < nb or any(not 0 <= c < ni for c in loc.known):
            raise ValueError(f"area[{i}]: a Building and item ids of the config")
        for z in loc.zombies:
            if (
                (z.card is None and z.face_up)
                or (z.card is not None and not 0 <= z.card < nz)
                or any(not 0 <= m < nz for m in z.mutations)
            ):
                raise ValueError(f"area[{i}].zombies: Zombie card ids of the config")
    if any(not 0 <= i < ni for i in v.lost_known):
        raise ValueError("lost_known: item ids of the config")
    claim = v.step
    if isinstance(claim, ClaimView) and (
        (claim.card is ClaimedCard.NAMED) != (claim.item is not None)
        or (claim.item is not None and not 0 <= claim.item < ni)
    ):
        raise ValueError("step: a claim names an item id of the config exactly when NAMED")


def rounds_played(state: State) -> int:
    """Locations looted so far: a rough measure of how far the Survivors got."""
    return sum(loc.looted for loc in state.area)
