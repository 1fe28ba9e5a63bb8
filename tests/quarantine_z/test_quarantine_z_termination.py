"""Every Quarantine Z game ends, whatever the agents do (issue 9).

"All the Survivors must decide on a location to travel to. Any disputes can be settled
civilly or violently." The rules bound every free phase (rulings 10, 15, 35 and
37): a Survivor may change its proposal only to give way to a group at least as
large as its own, a free action costs one of a fixed allowance per Decide step or
visit, and a combat On the Move that everyone escapes returns to the same Decide step.
So agents built to stall - one that keeps flipping its proposal, one that always goes
back to a state it has seen, one that ambushes and then escapes - still finish, under
a fair driver: the seat to act is a seeded uniform choice among ``to_act``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from tests.quarantine_z.qz_helpers import start
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.quarantine_z import (
    Action,
    Commit,
    Config,
    HeuristicAgent,
    Move,
    Phase,
    State,
    apply,
    chance_weights,
    legal_moves,
    new_game,
    result,
    to_act,
    view,
)

#: Far more moves than any finished game here takes (they end within a few thousand).
MAX_MOVES = 40_000
SEEDS = range(1, 21)

#: An agent sees the whole state (the stalling ones look ahead with ``apply``), its
#: legal moves, the driver's rng and every state of the game so far.
Agent = Callable[[State, Sequence[Move], random.Random, set[State]], Move]


def heuristic(state: State, legal: Sequence[Move], rng: random.Random, seen: set[State]) -> Move:
    return HeuristicAgent().choose(view(state, legal[0].seat), legal, rng)


def first_legal(state: State, legal: Sequence[Move], rng: random.Random, seen: set[State]) -> Move:
    return legal[0]


#: Moves that move the game on: a stalling agent makes them only when it must.
_PROGRESS = frozenset({Action.READY, Action.LEAVE, Action.AMBUSH})


#: Where a stalling agent plays like the heuristic bot: it stalls the free phases, and
#: surviving the combats keeps the game going for many trips.
_FIGHTING = frozenset({Phase.COMMIT, Phase.DECLARE, Phase.CLAIM, Phase.DISPUTE})


def _stall(state: State, legal: Sequence[Move], rng: random.Random) -> Move:
    """Anything but progress (waiting, leaving, an ambush that may kill)."""
    if state.phase in _FIGHTING:
        return heuristic(state, legal, rng, set())
    busy = [m for m in legal if m.action not in _PROGRESS]
    return rng.choice(busy or list(legal))


def flipper(state: State, legal: Sequence[Move], rng: random.Random, seen: set[State]) -> Move:
    """Changes its proposal whenever it may (a first proposal only when nothing else is
    left), never waits, and otherwise stalls."""
    changes = [m for m in legal if m.action is Action.PROPOSE and state.proposals[m.seat] != -1]
    if changes:
        return rng.choice(changes)
    others = [m for m in legal if m.action is not Action.PROPOSE]
    return _stall(state, others or legal, rng)


def revisitor(state: State, legal: Sequence[Move], rng: random.Random, seen: set[State]) -> Move:
    """Goes back to a state it has seen if any move does; else stalls."""
    back = [m for m in legal if _after(state, m) in seen]
    if back:
        return rng.choice(back)
    return _stall(state, legal, rng)


def _after(state: State, move: Move) -> State | None:
    after = apply(state, move)
    return after if after.phase not in _CHANCE_NEXT else None


_CHANCE_NEXT = frozenset({Phase.STEAL_CARD, Phase.AMBUSH_ROLL, Phase.CLAIM_CARD})


def ambusher(state: State, legal: Sequence[Move], rng: random.Random, seen: set[State]) -> Move:
    """Ambushes whenever it may, then escapes every combat (an escape On the Move once
    renewed the free actions)."""
    for m in legal:
        if m.action is Action.AMBUSH:
            return m
        if m.action is Action.COMMIT and m.args == (int(Commit.ESCAPE),):
            return m
    if state.phase is Phase.DECLARE:
        return legal[-1]  # 'ready': no target
    return _stall(state, legal, rng)


def fair_play(
    config: Config, agents: Sequence[Agent], seed: int, *, fair: bool = True
) -> tuple[State, int]:
    """A fair driver: chance by its weights; otherwise a seeded uniform choice among the
    seats that may act, which then choose among their own legal moves. ``fair=False``
    always lets the lowest seat act (the driver that once let a switching Survivor
    starve the others): the rules alone must still end the game."""
    rng = random.Random(seed)
    state = new_game(config)
    seen = {state}
    for count in range(MAX_MOVES):
        actors = to_act(state)
        if not actors:
            return state, count
        if CHANCE in actors:
            moves, weights = chance_weights(state)
            move = pick_weighted(moves, weights, rng)
        else:
            seats = sorted(actors)
            seat = seats[rng.randrange(len(seats))] if fair else seats[0]
            legal = [m for m in legal_moves(state) if m.seat == seat]
            move = agents[seat](state, legal, rng, seen)
        state = apply(state, move)
        seen.add(state)
    return state, MAX_MOVES


LINEUPS: dict[str, tuple[Config, tuple[Agent, ...]]] = {
    "one first-legal Survivor": (Config(), (heuristic, heuristic, first_legal, heuristic)),
    "flippers": (Config(), (heuristic, flipper, flipper, heuristic)),
    "all flippers, free changes": (
        Config(players=5, give_way=False),
        (heuristic, flipper, flipper, flipper, flipper),
    ),
    "revisitors": (Config(), (heuristic, revisitor, revisitor, revisitor)),
    "ambushers": (Config(), (heuristic, ambusher, ambusher, ambusher)),
    "first-legal everywhere": (Config(players=3), (first_legal,) * 3),
}


@pytest.mark.parametrize("lineup", list(LINEUPS))
def test_twenty_seeded_games_end_under_a_fair_driver(lineup: str) -> None:
    """Every one of 20 seeded games ends with a result, for agents that try to stall."""
    config, agents = LINEUPS[lineup]
    for seed in SEEDS:
        final, count = fair_play(config, agents, seed)
        assert result(final) is not None, f"{lineup}, seed {seed}: no end after {count} moves"


@pytest.mark.parametrize("lineup", ["one first-legal Survivor", "flippers", "revisitors"])
def test_games_end_even_when_the_lowest_seat_always_acts(lineup: str) -> None:
    """The bound is the rules', not the driver's: with the lowest seat always acting (the
    driver under which ``[Heuristic, Heuristic, FirstLegalMove, Heuristic]`` once never
    finished), a Survivor still cannot keep the others On the Move for ever."""
    config, agents = LINEUPS[lineup]
    for seed in SEEDS:
        final, count = fair_play(config, agents, seed, fair=False)
        assert result(final) is not None, f"{lineup}, seed {seed}: no end after {count} moves"


def test_a_flipper_cannot_undo_a_majority() -> None:
    """Ruling 35: a change of proposal joins a group at least as large as one's own,
    so the sum of the squared group sizes grows with every change: two Survivors agreed
    are never talked out of it by a third."""
    state = start()
    for seat, where in ((1, 2), (2, 2), (3, 5)):
        state = apply(state, Move(seat, Action.PROPOSE, (where,)))
    changes = [m for m in legal_moves(state) if m.action is Action.PROPOSE]
    assert changes == [Move(3, Action.PROPOSE, (2,))]
    assert Move(1, Action.READY) in legal_moves(state)  # the majority may wait
    assert Move(3, Action.READY) not in legal_moves(state)  # the minority may not


def test_proposal_changes_are_few_for_any_agent() -> None:
    """With ``give_way`` every change raises the sum of squared group sizes (at most n^2),
    so a Decide step holds at most n^2 changes; counted over flipper games."""
    config = Config(players=5)
    agents: tuple[Agent, ...] = (heuristic, flipper, flipper, flipper, flipper)
    for seed in range(1, 6):
        rng = random.Random(seed)
        state = new_game(config)
        changes = 0
        for _ in range(MAX_MOVES):
            actors = to_act(state)
            if not actors:
                break
            if CHANCE in actors:
                state = apply(state, pick_weighted(*chance_weights(state), rng))
                continue
            seats = sorted(actors)
            seat = seats[rng.randrange(len(seats))]
            legal = [m for m in legal_moves(state) if m.seat == seat]
            move = agents[seat](state, legal, rng, set())
            if move.action is Action.PROPOSE and state.proposals[seat] != -1:
                changes += 1
            if state.phase is Phase.DECIDE and move.action is Action.PROPOSE:
                assert changes <= 4 * 4, f"seed {seed}: {changes} changes in one Decide step"
            state = apply(state, move)
            if state.phase is not Phase.DECIDE:
                changes = 0
        assert result(state) is not None
