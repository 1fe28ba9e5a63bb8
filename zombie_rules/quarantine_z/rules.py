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

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import outcomes_from_weights
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.memo import remember_last
from zombie_rules.core.result import Result
from zombie_rules.core.validation import expect_well_formed
from zombie_rules.quarantine_z import claims, combat, free_actions, location, setup, travel
from zombie_rules.quarantine_z._base import (
    active,
    anyone_alive,
    in_play,
    living,
    move_row,
    replace,
    shown,
    zombie_deck_size,
)
from zombie_rules.quarantine_z.config import tables
from zombie_rules.quarantine_z.flow import do_zombie_draw
from zombie_rules.quarantine_z.setup import new_game
from zombie_rules.quarantine_z.state import MASK, MASK_BITS, Action, Move, Phase, State

_DIE = (1, 2, 3, 4, 5, 6)
_CHANCE_PHASES = frozenset(
    {
        Phase.BUILDINGS, Phase.SETUP_DRAW, Phase.ZOMBIE_DRAW, Phase.SNEAK, Phase.LOOT_ROLL,
        Phase.LOOT_DRAW, Phase.CLAIM_CARD, Phase.STEAL_CARD, Phase.AMBUSH_ROLL, Phase.RESOLVE,
    }
)  # fmt: skip
_DIE_PHASES = frozenset({Phase.SNEAK, Phase.LOOT_ROLL, Phase.AMBUSH_ROLL, Phase.RESOLVE})


# ------------------------------------------------------------ protocol


def to_act(state: State) -> frozenset[int]:
    """Who may act now: chance, the seats with legal moves, or nobody when over.

    Read from the phase and the seat masks, never by building the legal moves (a
    free phase lists dozens of moves; front ends and views ask this constantly).
    Each rule below names why every seat it lists has a legal move; the
    conformance suite checks the two agree in every state it plays.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return _NOBODY
    if phase in _CHANCE_PHASES:
        return _CHANCE_ONLY
    return _ACTORS[phase](state)


_NOBODY: frozenset[int] = frozenset()
_CHANCE_ONLY = frozenset((CHANCE,))


def _turn_seat(state: State) -> frozenset[int]:
    # Set-up choice and Declare: Survivor ``turn`` alone ('ready' is always open).
    return frozenset((state.turn,))


def _zombie_player(state: State) -> frozenset[int]:
    # The Zombies step, the Shelter's discards and the bites are the Zombie Player's.
    return frozenset((state.config.zombie_seat,))


def _unpassed(seats: tuple[int, ...], passed: int) -> frozenset[int]:
    return frozenset([s for s in seats if not passed >> s & 1])


def _deciders(state: State) -> frozenset[int]:
    # On the Move: every living Survivor not waiting; each may propose, or say 'ready'.
    return _unpassed(living(state), state.passed)


def _at_location(state: State) -> frozenset[int]:
    # At a Location: every Survivor in play not waiting; each may always 'leave'.
    return _unpassed(in_play(state), state.passed)


def _answering(state: State) -> frozenset[int]:
    # A claim: the Survivors still to 'allow' or 'object'.
    waiting = state.waiting
    return frozenset([s for s in tables(state.config).survivors if waiting >> s & 1])


def _disputing(state: State) -> frozenset[int]:
    # A dispute: the claimant (who may 'withdraw') and the objectors (who may 'concede').
    return _answering(state) | {state.claim[0]}


def _committing(state: State) -> frozenset[int]:
    # Combat Decide: the fighters who have not laid a card yet (Pass is always open).
    combat = state.combat
    assert combat is not None
    commits = combat.commits
    return frozenset([s for s in active(state) if commits[s] == -1])


_ACTORS: dict[Phase, Callable[[State], frozenset[int]]] = {
    Phase.SETUP_CHOOSE: _turn_seat,
    Phase.DECIDE: _deciders,
    Phase.ZOMBIES: _zombie_player,
    Phase.LOCATION: _at_location,
    Phase.CLAIM: _answering,
    Phase.DISPUTE: _disputing,
    Phase.SHELTER: _zombie_player,
    Phase.COMMIT: _committing,
    Phase.DECLARE: _turn_seat,
    Phase.BITE: _zombie_player,
}


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every move any actor may make now; empty exactly when the game is over."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase in _CHANCE_PHASES:
        return chance_weights(state)[0]
    return _LEGAL[phase](state)


@remember_last
def chance_weights(state: State) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The current chance node as moves and integer weights (empty when a seat acts)."""
    phase = state.phase
    if phase in _DIE_PHASES:
        return _die_moves(), (1,) * 6
    if phase in _CHANCE_PHASES:
        return _counted(*_pile(state))
    return (), ()


def _pile(state: State) -> tuple[Action, tuple[int, ...]]:
    """The draw of a chance phase other than a die: its kind of move and the counts per kind."""
    phase = state.phase
    if phase is Phase.BUILDINGS:
        return Action.BUILDING, state.building_pile
    if phase is Phase.SETUP_DRAW or phase is Phase.LOOT_DRAW:
        return Action.ITEM, state.munition_deck if state.pick else state.supply_deck
    if phase is Phase.ZOMBIE_DRAW:
        return Action.ZCARD, state.zombie_deck
    counts = [0] * len(state.config.items)
    if phase is Phase.CLAIM_CARD:
        claimant = state.claim[0]
        for c in state.area[state.here].cards:
            if not c >> claimant & 1:
                counts[c >> MASK_BITS] += 1
    else:
        assert phase is Phase.STEAL_CARD
        for c in state.survivors[state.pick].hand:
            counts[c >> MASK_BITS] += 1
    return Action.ITEM, tuple(counts)


@functools.cache
def _die_moves() -> tuple[Move, ...]:
    return tuple(Move(CHANCE, Action.ROLL, (face,)) for face in _DIE)


@functools.lru_cache(maxsize=4096)
def _counted(action: Action, counts: tuple[int, ...]) -> tuple[tuple[Move, ...], tuple[int, ...]]:
    """The draw from a pile of ``counts`` per kind; cached, as piles repeat across games,
    and picked out of one shared row of moves when they do not."""
    row = move_row(CHANCE, action, (), len(counts))
    moves = tuple([row[k] for k, n in enumerate(counts) if n])
    return moves, tuple([n for n in counts if n])


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
    to ``expect_well_formed``, which refuses it and says why.
    """
    if type(move) is not Move or type(move.seat) is not int or type(move.action) is not Action:
        expect_well_formed(move, Move)
    args = move.args
    if type(args) is not tuple:
        expect_well_formed(move, Move)
    for a in args:
        if type(a) is not int:
            expect_well_formed(move, Move)
    phase = state.phase
    if phase is Phase.OVER:
        raise IllegalMove(f"{shown(move)}: the game is over; no move is legal")
    if phase in _CHANCE_PHASES:
        error = _check_chance(state, move)
        if error is not None:
            raise IllegalMove(f"{shown(move)}: {error}")
        return _finish(_CHANCE_DO[phase](state, move.args[0]))
    if move.seat == CHANCE:
        seats = ", ".join(map(str, sorted(to_act(state))))
        raise IllegalMove(
            f"{shown(move)}: no chance event is due ({phase.value}); seats {seats} act"
        )
    error = _CHECKS[phase](state, move)
    if error is not None:
        raise IllegalMove(f"{shown(move)}: {error}")
    return _finish(_DOS[phase](state, move))


def _check_chance(state: State, move: Move) -> str | None:
    if move.seat != CHANCE:
        return f"a chance event is due ({state.phase.value}); only 'chance' moves now"
    # ``move in chance_weights(state)[0]``, by index: comparing moves runs attrs' __eq__.
    if len(move.args) == 1:
        k = move.args[0]
        if state.phase in _DIE_PHASES:
            if move.action is Action.ROLL and 1 <= k <= len(_DIE):
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
    """End the game when a side has won; otherwise leave the state as it is."""
    if state.phase is Phase.OVER or state.phase is Phase.BUILDINGS:
        return state
    if not anyone_alive(state):
        # "The Zombie Player wins once all Survivors are dead."
        return replace(state, phase=Phase.OVER, turn=-1, combat=None, waiting=0, claim=())
    if not state.zombie_hand and zombie_deck_size(state) == 0:
        # "Survivors win the game when the Zombie Player has no more cards in their deck
        # and their hand."
        return replace(state, phase=Phase.OVER, turn=-1, combat=None, waiting=0, claim=())
    return state


def result(state: State) -> Result | None:
    """Who won: the Zombie Player when every Survivor is dead, else the living Survivors."""
    if state.phase is not Phase.OVER:
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


# ------------------------------------------------------------ dispatch

_LEGAL: dict[Phase, Callable[[State], tuple[Move, ...]]] = {
    Phase.SETUP_CHOOSE: setup.legal_setup_choose,
    Phase.DECIDE: travel.legal_decide,
    Phase.ZOMBIES: travel.legal_zombies,
    Phase.LOCATION: location.legal_location,
    Phase.CLAIM: claims.legal_claim,
    Phase.DISPUTE: claims.legal_dispute,
    Phase.SHELTER: location.legal_shelter,
    Phase.COMMIT: combat.legal_commit,
    Phase.DECLARE: combat.legal_declare,
    Phase.BITE: combat.legal_bite,
}

_CHECKS: dict[Phase, Callable[[State, Move], str | None]] = {
    Phase.SETUP_CHOOSE: setup.check_setup_choose,
    Phase.DECIDE: travel.check_decide,
    Phase.ZOMBIES: travel.check_zombies,
    Phase.LOCATION: location.check_location,
    Phase.CLAIM: claims.check_claim,
    Phase.DISPUTE: claims.check_dispute,
    Phase.SHELTER: location.check_shelter,
    Phase.COMMIT: combat.check_commit,
    Phase.DECLARE: combat.check_declare,
    Phase.BITE: combat.check_bite,
}

_DOS: dict[Phase, Callable[[State, Move], State]] = {
    Phase.SETUP_CHOOSE: setup.do_setup_choose,
    Phase.DECIDE: travel.do_decide,
    Phase.ZOMBIES: travel.do_zombies,
    Phase.LOCATION: location.do_location,
    Phase.CLAIM: claims.do_claim,
    Phase.DISPUTE: claims.do_dispute,
    Phase.SHELTER: location.do_shelter,
    Phase.COMMIT: combat.do_commit,
    Phase.DECLARE: combat.do_declare,
    Phase.BITE: combat.do_bite,
}

_CHANCE_DO: dict[Phase, Callable[[State, int], State]] = {
    Phase.BUILDINGS: setup.do_building,
    Phase.SETUP_DRAW: setup.do_setup_draw,
    Phase.ZOMBIE_DRAW: do_zombie_draw,
    Phase.SNEAK: travel.do_sneak,
    Phase.LOOT_ROLL: travel.do_loot_roll,
    Phase.LOOT_DRAW: travel.do_loot_draw,
    Phase.CLAIM_CARD: claims.do_claim_card,
    Phase.STEAL_CARD: free_actions.do_steal_card,
    Phase.AMBUSH_ROLL: free_actions.do_ambush_roll,
    Phase.RESOLVE: combat.do_resolve,
}

__all__ = [
    "MASK",
    "apply",
    "chance_outcomes",
    "chance_weights",
    "legal_moves",
    "new_game",
    "result",
    "to_act",
]
