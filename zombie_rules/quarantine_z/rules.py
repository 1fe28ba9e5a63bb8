"""Quarantine Z's protocol: legal moves, ``apply``, chance, who acts and the result.

This module only dispatches on the phase; the rules live by job in
:mod:`~zombie_rules.quarantine_z.setup`, :mod:`~zombie_rules.quarantine_z.travel`
(On the Move), :mod:`~zombie_rules.quarantine_z.location` and
:mod:`~zombie_rules.quarantine_z.claims` (At a Location),
:mod:`~zombie_rules.quarantine_z.free_actions`, :mod:`~zombie_rules.quarantine_z.combat`,
with :mod:`~zombie_rules.quarantine_z.flow` linking the steps and
:mod:`~zombie_rules.quarantine_z.effects` and ``_base`` shared by all. Every
rulebook sentence implemented is quoted next to its code and cited by a test in
``tests/quarantine_z/``; every gap is a ruling in docs/rulings/quarantine_z.md.

Each phase has a validator (``check_*``) that says what is wrong with a move or
returns ``None``, which ``apply`` runs before the phase's ``do_*``; and a generator
(``legal_*``) that lists exactly the moves the validator accepts, directly rather
than by filtering every candidate through it (that was most of the cost of a
random playout). The conformance suite applies every legal move and a spread of
near-miss candidates, so the two cannot drift apart unnoticed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction
from itertools import compress, repeat
from operator import is_

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights, present_distinct
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.memo import remember_last
from zombie_rules.core.result import Result
from zombie_rules.core.seats import has_seat
from zombie_rules.core.validation import expect_well_formed
from zombie_rules.quarantine_z import claims, combat, free_actions, location, setup, travel
from zombie_rules.quarantine_z._base import (
    active,
    in_play,
    living,
    move_row,
    shown,
    state_with,
    zombie_deck_size,
)
from zombie_rules.quarantine_z.cards import Deck
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.flow import do_zombie_draw
from zombie_rules.quarantine_z.knowledge import item_counts
from zombie_rules.quarantine_z.setup import new_game
from zombie_rules.quarantine_z.state import Action, Commit, Move, Phase, State
from zombie_rules.quarantine_z.steps import LootDraw, SetupDraw

# Enum members as module constants (a member read off its class costs as much as a
# function call: see "Enum members" in ``_base``).
_BUILDING = Action.BUILDING
_ITEM = Action.ITEM
_ROLL = Action.ROLL
_ZCARD = Action.ZCARD
_MUNITION = Deck.MUNITION
_AMBUSH_ROLL = Phase.AMBUSH_ROLL
_BUILDINGS = Phase.BUILDINGS
_CLAIM_CARD = Phase.CLAIM_CARD
_LOOT_DRAW = Phase.LOOT_DRAW
_LOOT_ROLL = Phase.LOOT_ROLL
_OVER = Phase.OVER
_RESOLVE = Phase.RESOLVE
_SETUP_DRAW = Phase.SETUP_DRAW
_SNEAK = Phase.SNEAK
_STEAL_CARD = Phase.STEAL_CARD
_ZOMBIE_DRAW = Phase.ZOMBIE_DRAW

_DIE = (1, 2, 3, 4, 5, 6)
_DIE_WEIGHTS = (1,) * len(_DIE)
_DIE_PHASES = frozenset({_SNEAK, _LOOT_ROLL, _AMBUSH_ROLL, _RESOLVE})
#: The steps of a card draw from the Supply or Munition deck: a tuple, as ``isinstance``
#: takes it, built once (``SetupDraw | LootDraw`` builds a union object at every draw).
_CARD_DRAWS = (SetupDraw, LootDraw)


# ------------------------------------------------------------ protocol


def to_act(state: State) -> frozenset[int]:
    """Who may act now: chance, the seats with legal moves, or nobody when over.

    Read from the phase and the seat masks, never by building the legal moves (a
    free phase lists dozens of moves; front ends and views ask this constantly).
    Each rule below names why every seat it lists has a legal move; the
    conformance suite checks the two agree in every state it plays.
    """
    return PHASES[state.phase].actors(state)


_NOBODY: frozenset[int] = frozenset()
_CHANCE_ONLY = frozenset((CHANCE,))


def _drawer(state: State) -> frozenset[int]:
    # Set-up choice: the drawing Survivor alone.
    return _seat_alone(setup.setup_drawer(state))


def _declarer(state: State) -> frozenset[int]:
    # Declare: the Survivor at the head of the queue alone ('ready' is always open).
    return _seat_alone(combat.in_turn(state))


@functools.cache
def _seat_alone(seat: int) -> frozenset[int]:
    return frozenset((seat,))


def _zombie_player(state: State) -> frozenset[int]:
    # The Zombies step, the Shelter's discards and the bites are the Zombie Player's.
    return frozenset((state.config.zombie_seat,))


@functools.lru_cache(maxsize=1024)
def _unpassed(seats: tuple[int, ...], passed: int) -> frozenset[int]:
    # Cached: few (seats, mask) pairs exist, and to_act is asked of every state.
    return frozenset([s for s in seats if not has_seat(passed, s)])


def _deciders(state: State) -> frozenset[int]:
    # On the Move: every living Survivor not waiting; each may propose, or say 'ready'.
    return _unpassed(living(state), state.passed)


def _at_location(state: State) -> frozenset[int]:
    # At a Location: every Survivor in play not waiting; each may always 'leave'.
    return _unpassed(in_play(state), state.passed)


def _answering(state: State) -> frozenset[int]:
    # A claim: the Survivors still to 'allow' or 'object'.
    waiting = state.waiting
    return frozenset([s for s in tables(state.config).survivors if has_seat(waiting, s)])


def _disputing(state: State) -> frozenset[int]:
    # A dispute: the claimant (who may 'withdraw') and the objectors (who may 'concede').
    return _answering(state) | {claims.claim_of(state).claimant}


def _committing(state: State) -> frozenset[int]:
    # Combat Decide: the fighters who have not laid a card yet (Pass is always open).
    combat = state.combat
    assert combat is not None
    return _uncommitted(active(state), combat.commits)


@functools.lru_cache(maxsize=1024)
def _uncommitted(fighting: tuple[int, ...], commits: tuple[Commit | None, ...]) -> frozenset[int]:
    return frozenset([s for s in fighting if commits[s] is None])


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over.

    The last answer is remembered with its state (drivers ask again, and
    :func:`apply` takes a move that is one of these very objects as checked: see
    :func:`_listed`).
    """
    seen, moves = _LISTED[0]
    if seen is state:
        return moves
    moves = _LEGAL[state.phase](state)
    _LISTED[0] = (state, moves)  # one entry, swapped whole (safe across threads)
    return moves


#: The state :func:`legal_moves` or :func:`chance_weights` listed moves for last, and
#: those moves. It starts on a placeholder no caller holds.
_LISTED: list[tuple[object, tuple[Move, ...]]] = [(object(), ())]


@remember_last
def chance_weights(state: State) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The current chance node as moves and integer weights (empty when a seat acts)."""
    phase = state.phase
    if phase in _DIE_PHASES:
        node = _die_moves(), _DIE_WEIGHTS
    elif phase is _BUILDINGS:
        # One card of each Building: the weights left are all 1, so they are the shared
        # tuple of ones (no pass over the pile, and the draw skips its running sums).
        pile = state.building_pile
        node = present_distinct(move_row(CHANCE, _BUILDING, (), len(pile)), pile)
    elif phase is _ZOMBIE_DRAW:
        node = _counted(_ZCARD, state.zombie_deck)
    elif phase is _SETUP_DRAW or phase is _LOOT_DRAW:
        step = state.step
        assert isinstance(step, _CARD_DRAWS)
        node = _counted(_ITEM, state.munition_deck if step.deck is _MUNITION else state.supply_deck)
    elif PHASES[phase].chance:
        node = _counted(*_pile(state))
    else:
        return (), ()
    _LISTED[0] = (state, node[0])  # what apply may trust (see _listed)
    return node


def _pile(state: State) -> tuple[Action, tuple[int, ...]]:
    """The draw of a chance phase other than a die: its kind of move and the counts per kind."""
    phase = state.phase
    if phase is _BUILDINGS:
        return _BUILDING, state.building_pile
    if phase is _SETUP_DRAW or phase is _LOOT_DRAW:
        step = state.step
        assert isinstance(step, _CARD_DRAWS)
        munition = step.deck is _MUNITION
        return _ITEM, state.munition_deck if munition else state.supply_deck
    if phase is _ZOMBIE_DRAW:
        return _ZCARD, state.zombie_deck
    kinds = len(state.config.items)
    if phase is _CLAIM_CARD:
        # The claimant turns out to get one of the cards here it has not seen.
        claimant = claims.claim_of(state).claimant
        return _ITEM, item_counts(state.area[state.here].cards, kinds, claimant)
    assert phase is _STEAL_CARD
    victim = free_actions.theft_of(state).victim
    return _ITEM, item_counts(state.survivors[victim].hand, kinds)


@functools.cache
def _die_moves() -> tuple[Move, ...]:
    return tuple(Move(CHANCE, _ROLL, (face,)) for face in _DIE)


def _counted(action: Action, counts: tuple[int, ...]) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The draw from a pile of ``counts`` per kind: the kinds still in it, picked out of
    one shared row of moves, weighted by their counts.

    Two passes in C (``compress``, ``filter``), built afresh: piles seldom repeat, and
    a cache of them kept missing, and every miss left long-lived tuples of moves
    behind, which made the garbage collector's full passes over the heap come often
    (those passes were a tenth of a random playout).
    """
    row = move_row(CHANCE, action, (), len(counts))
    return tuple(compress(row, counts)), tuple(filter(None, counts))


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """Exact probabilities of the chance node; empty when a seat is to act."""
    moves, weights = chance_weights(state)
    return outcomes_from_weights(moves, weights) if moves else ()


def apply(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`IllegalMove` and changes nothing if illegal.

    A move that is not a well-formed Quarantine Z ``Move`` (a float seat, a list of
    arguments) is refused before any rule looks at it, so no bad value reaches a state.
    The common case is tested inline (the same test as ``expect_well_formed`` on the
    three fields of ``Move``, a tenth of an ``apply`` cheaper); anything else goes
    to ``expect_well_formed``, which refuses it and says why. A move that
    :func:`legal_moves` or :func:`chance_weights` has just listed for ``state`` (the
    very object) is known to be legal and goes straight to the phase's handler.
    """
    seen, moves = _LISTED[0]  # _listed(state, move), inline: apply runs on every step
    if seen is state and any(map(is_, moves, repeat(move))):
        return _finish(PHASES[state.phase].do(state, move))
    if type(move) is not Move or type(move.seat) is not int or type(move.action) is not Action:
        expect_well_formed(move, Move)
    args = move.args
    if type(args) is not tuple:
        expect_well_formed(move, Move)
    for a in args:
        if type(a) is not int:
            expect_well_formed(move, Move)
    phase = state.phase
    rules = PHASES[phase]
    if move.seat == CHANCE and not rules.chance and phase is not _OVER:
        seats = ", ".join(map(str, sorted(to_act(state))))
        raise IllegalMove(
            f"{shown(move)}: no chance event is due ({phase.value}); seats {seats} act"
        )
    error = rules.check(state, move)
    if error is not None:
        raise IllegalMove(f"{shown(move)}: {error}")
    return _finish(rules.do(state, move))


def _listed(state: State, move: Move) -> bool:
    """Whether ``move`` is one of the very ``Move`` objects that :func:`legal_moves` or
    :func:`chance_weights` last listed for this very state.

    Those lists hold exactly the moves the phase's check accepts (the conformance
    suite holds the generators to it), so such a move needs no second check: a
    driver picks its move out of them nearly every time, and the checks were a sixth
    of a random playout. Compared by identity (``operator.is_``, in C), never by
    value, so a move built or decoded elsewhere is still checked in full.
    """
    seen, moves = _LISTED[0]
    if seen is not state:
        return False
    return any(map(is_, moves, repeat(move)))


def _check_chance(state: State, move: Move) -> str | None:
    if move.seat != CHANCE:
        return f"a chance event is due ({state.phase.value}); only 'chance' moves now"
    # ``move in chance_weights(state)[0]``, by index: comparing moves runs attrs' __eq__.
    if len(move.args) == 1:
        k = move.args[0]
        if state.phase in _DIE_PHASES:
            if move.action is _ROLL and 1 <= k <= len(_DIE):
                return None
        else:
            action, counts = _pile(state)
            if move.action is action and 0 <= k < len(counts) and counts[k]:
                return None
    moves, _ = chance_weights(state)
    return "not a possible outcome now; possible: " + ", ".join(
        " ".join([m.action.value, *map(str, m.args)]) for m in moves
    )


def _finish(state: State) -> State:
    """End the game when a side has won; otherwise leave the state as it is.

    Asked after every move, so ``anyone_alive``'s loop is written inline (a call
    less per move); either win ends the game the same way.
    """
    phase = state.phase
    if phase is _OVER or phase is _BUILDINGS:
        return state
    for sv in state.survivors:
        if sv.life > 0:
            break
    else:
        # "The Zombie Player wins once all Survivors are dead."
        return _game_over(state)
    if not state.zombie_hand and zombie_deck_size(state) == 0:
        # "Survivors win the game when the Zombie Player has no more cards in their deck
        # and their hand."
        return _game_over(state)
    return state


def _game_over(state: State) -> State:
    """The game over at ``state``: no step, no combat, nobody waited for."""
    return _with_over(state, _OVER, None, None, 0)


#: The game-over copy, positional (see ``_base.state_with``).
_with_over = state_with("phase", "step", "combat", "waiting")


def result(state: State) -> Result | None:
    """Who won: the Zombie Player when every Survivor is dead, else the living Survivors."""
    if state.phase is not _OVER:
        return None
    config = state.config
    alive = living(state)
    scores = tuple(
        len(tables(config).survivors) - len(alive)
        if s == config.zombie_seat
        else state.survivors[s].life
        for s in range(config.players)
    )
    if not alive:
        return Result(frozenset((config.zombie_seat,)), scores, "all Survivors are dead")
    return Result(
        frozenset(alive),
        scores,
        "the Zombie Player has no cards left in deck or hand; the living Survivors win",
    )


# ------------------------------------------------------------ one record per phase


@attrs.frozen
class PhaseRules:
    """What a phase is, in one place: who acts, what they may do, and how a move lands.

    ``actors(state)`` is :func:`to_act` in this phase (read from the seat masks,
    never by building the moves); ``legal(state)`` lists exactly the moves
    ``check(state, move)`` accepts (``None``, or what is wrong); ``do(state, move)``
    applies a checked move. ``chance``: chance acts (the moves are the outcomes of
    :func:`chance_weights`). In the spirit of boardgame.io's phases, each holding its
    own moves and turn order, in place of one dict per job keyed by phase.
    """

    actors: Callable[[State], frozenset[int]]
    legal: Callable[[State], tuple[Move, ...]]
    check: Callable[[State, Move], str | None]
    do: Callable[[State, Move], State]
    chance: bool = False


def _chance_phase(do: Callable[[State, int], State]) -> PhaseRules:
    """A chance phase: chance alone acts, an outcome is checked against the draw's
    pile or die, and ``do`` gets the outcome's one argument (a card, a die face)."""
    return PhaseRules(
        _chance_only,
        _chance_moves,
        _check_chance,
        lambda state, move: do(state, move.args[0]),
        chance=True,
    )


def _chance_only(state: State) -> frozenset[int]:
    return _CHANCE_ONLY


def _chance_moves(state: State) -> tuple[Move, ...]:
    return chance_weights(state)[0]


def _nobody(state: State) -> frozenset[int]:
    return _NOBODY


def _no_moves(state: State) -> tuple[Move, ...]:
    return ()


def _over(state: State, move: Move) -> str | None:
    return "the game is over; no move is legal"


def _never(state: State, move: Move) -> State:  # pragma: no cover - _over refuses first
    raise AssertionError("no move is applied once the game is over")


#: Every phase's rules. Set-up: the Buildings dealt, each Survivor's four draws
#: (the deck chosen, then the card), the Zombie Player's draws (which also interrupt
#: later steps). On the Move: Decide, Sneak, the Zombies! step, the loot. At a
#: Location: free actions, claims and their disputes, the Shelter's discards, thefts
#: and ambushes. Combat: Decide (commit), Declare, Resolve, the Zombies' bites.
PHASES: dict[Phase, PhaseRules] = {
    Phase.BUILDINGS: _chance_phase(setup.do_building),
    Phase.SETUP_CHOOSE: PhaseRules(
        _drawer, setup.legal_setup_choose, setup.check_setup_choose, setup.do_setup_choose
    ),
    Phase.SETUP_DRAW: _chance_phase(setup.do_setup_draw),
    Phase.ZOMBIE_DRAW: _chance_phase(do_zombie_draw),
    Phase.DECIDE: PhaseRules(_deciders, travel.legal_decide, travel.check_decide, travel.do_decide),
    Phase.SNEAK: _chance_phase(travel.do_sneak),
    Phase.ZOMBIES: PhaseRules(
        _zombie_player, travel.legal_zombies, travel.check_zombies, travel.do_zombies
    ),
    Phase.LOOT_ROLL: _chance_phase(travel.do_loot_roll),
    Phase.LOOT_DRAW: _chance_phase(travel.do_loot_draw),
    Phase.LOCATION: PhaseRules(
        _at_location, location.legal_location, location.check_location, location.do_location
    ),
    Phase.CLAIM: PhaseRules(_answering, claims.legal_claim, claims.check_claim, claims.do_claim),
    Phase.DISPUTE: PhaseRules(
        _disputing, claims.legal_dispute, claims.check_dispute, claims.do_dispute
    ),
    Phase.CLAIM_CARD: _chance_phase(claims.do_claim_card),
    Phase.STEAL_CARD: _chance_phase(free_actions.do_steal_card),
    Phase.AMBUSH_ROLL: _chance_phase(free_actions.do_ambush_roll),
    Phase.SHELTER: PhaseRules(
        _zombie_player, location.legal_shelter, location.check_shelter, location.do_shelter
    ),
    Phase.COMMIT: PhaseRules(
        _committing, combat.legal_commit, combat.check_commit, combat.do_commit
    ),
    Phase.DECLARE: PhaseRules(
        _declarer, combat.legal_declare, combat.check_declare, combat.do_declare
    ),
    Phase.RESOLVE: _chance_phase(combat.do_resolve),
    Phase.BITE: PhaseRules(_zombie_player, combat.legal_bite, combat.check_bite, combat.do_bite),
    Phase.OVER: PhaseRules(_nobody, _no_moves, _over, _never),
}
#: The legal-move generator of each phase, read off :data:`PHASES`: the one lookup
#: ``legal_moves`` makes (a dict hit, no attribute read), and what the speed tests
#: replace to show ``to_act`` never builds the moves.
_LEGAL: dict[Phase, Callable[[State], tuple[Move, ...]]] = {
    phase: rules.legal for phase, rules in PHASES.items()
}

__all__ = [
    "PHASES",
    "PhaseRules",
    "apply",
    "chance_outcomes",
    "chance_weights",
    "legal_moves",
    "new_game",
    "result",
    "to_act",
]
