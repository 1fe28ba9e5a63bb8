"""The packed-observation helpers and the known-move grouping behind the RL adapter.

``Packed.placed`` builds a block of bytes from sparse entries once, for encoders that
keep blocks; the grouping of legal moves reads moves it has indexed before by ``id``
in one mapped look-up. Both are speed paths, so each is checked against the plain way.
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import attrs
import pytest

from tests.learning_helpers import seeded_states
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.learning import IndexByIdentity, Packed, _group, _group_known
from zombie_rules.quarantine_z import GAME
from zombie_rules.quarantine_z.learning import learning


def test_a_placed_block_holds_its_entries_at_their_offsets() -> None:
    block = array("f", Packed.placed(4, 10, [11, 13], [1.0, 0.5]))
    assert list(block) == [0.0, 1.0, 0.0, 0.5]


def test_a_placed_block_refuses_an_entry_outside_it() -> None:
    with pytest.raises(ValueError, match=r"entry 14 lies outside the block \[10, 14\)"):
        Packed.placed(4, 10, [14], [1.0])


@attrs.frozen
class _Move:
    seat: int
    name: str


def _index(state: object, move: _Move) -> int:
    return {"a": 3, "b": 1, "c": 2, "d": 0}[move.name]


@pytest.mark.parametrize(
    "seats",
    [(0, 0, 0), (0, 1, 0, 1), (1, CHANCE, 0), (2,)],
    ids=["one seat", "two seats", "with chance", "single move"],
)
def test_known_moves_group_as_the_plain_way_does(seats: tuple[int, ...]) -> None:
    legal = tuple(_Move(seat, "abcd"[k]) for k, seat in enumerate(seats))
    index = IndexByIdentity(_index)
    plain = _group(None, legal, _index)
    assert _group_known(None, legal, index) == plain  # cold: each move learned
    assert set(index.ids) == {id(move) for move in legal if move.seat != CHANCE}
    assert _group_known(None, legal, index) == plain  # warm: the mapped look-up


def test_a_move_not_yet_known_among_known_ones_is_learned() -> None:
    legal = (_Move(0, "a"), _Move(0, "b"))
    index = IndexByIdentity(_index)
    _group_known(None, legal[:1], index)
    assert _group_known(None, legal, index) == _group(None, legal, _index)


def test_quarantine_z_packed_observation_is_encode_along_a_walk_twice() -> None:
    """Blocks are kept by the state parts they read: a walk seen twice (kept blocks
    reused) and in order (a step's unchanged parts shared) packs as ``encode``."""
    config = GAME.default_config()
    observation = learning(config).observation
    packed = observation.packed
    assert packed is not None
    pairs = seeded_states(GAME, config, 400, seed=3)
    for _ in range(2):
        for n, (state, seat) in enumerate(pairs):
            want = array("f", observation.encode(state, seat)).tobytes()
            assert packed(state, seat) == want, (n, seat)


def _walk_packs_as_encode(game: Any, config: Any, seed: int) -> None:
    """Every seat's packed observation is its ``encode`` at every state of a seeded walk
    (chance nodes and game ends included), twice over: kept blocks reused the second
    time, and each step's unchanged parts shared with the step before."""
    observation = game.learning(config).observation
    packed = observation.packed
    assert packed is not None
    rng = random.Random(seed)
    states = []
    state = game.new_game(config)
    while len(states) < 600:
        states.append(state)
        moves = game.legal_moves(state)
        state = game.apply(state, rng.choice(moves)) if moves else game.new_game(config)
    for _ in range(2):
        for n, state in enumerate(states):
            for seat in range(game.players(config)):
                want = array("f", observation.encode(state, seat)).tobytes()
                assert packed(state, seat) == want, (n, seat)


@pytest.mark.parametrize(
    "changes",
    [{}, {"players": 2}, {"players": 6, "hand_size": 6, "peek_count": 3}, {"peek_count": 0}],
    ids=["default", "two seats", "six seats, hands of six", "no peek"],
)
def test_zombie_run_packed_observation_is_encode_along_walks(changes: dict[str, int]) -> None:
    from zombie_rules.zombie_run import GAME as RUN

    _walk_packs_as_encode(RUN, attrs.evolve(RUN.default_config(), **changes), seed=5)


@pytest.mark.parametrize(
    "changes",
    [{}, {"players": 3}, {"players": 6, "hand_size": 4}, {"players": 5, "split_public": True}],
    ids=["default", "three seats", "six seats, hands of four", "odd table, public split"],
)
def test_texas_zombies_packed_observation_is_encode_along_walks(changes: dict[str, Any]) -> None:
    from zombie_rules.texas_zombies import GAME as TEXAS

    _walk_packs_as_encode(TEXAS, attrs.evolve(TEXAS.default_config(), **changes), seed=5)
