"""The learning records' contract (zombie_rules.core.learning) and the check that proves it.

Every title with records passes ``testing.check_learning``; the check itself is shown to
fail on records that break each promise (a leaky observation, a wrong mask, a token that
tells a hidden card, returns out of range, a bound too small), so a pass means something.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from zombie_rules import GAMES
from zombie_rules.core.builder import share_on_copy
from zombie_rules.core.errors import IllegalMove
from zombie_rules.core.learning import (
    SHARED_WIN_CONVENTION,
    Bounds,
    ChanceSpace,
    Encoding,
    Learning,
    Memory,
    Recall,
    SharedWin,
    Slice,
    actions_from_legal_moves,
    check_slices,
    sliced,
    sparse_encoding,
)
from zombie_rules.core.result import Result
from zombie_rules.testing import Playthrough, check_learning, random_playout

LEARNED = sorted(name for name, game in GAMES.items() if game.learning is not None)


def _zr() -> Any:
    return GAMES["zombie_run"]


# ----------------------------------------------------------------- the records


def test_slices_must_tile_the_tensor() -> None:
    good = sliced([("a", 2, "first", 0.0, 1.0), ("b", 3, "second", -1.0, 1.0)])
    assert [(p.start, p.stop) for p in good] == [(0, 2), (2, 5)]
    check_slices(good, 5)
    with pytest.raises(ValueError, match="cover 5 entries, not the declared 6"):
        check_slices(good, 6)
    with pytest.raises(ValueError, match="should start at 2"):
        check_slices((good[0], Slice("b", 3, 5, "gap")), 5)
    with pytest.raises(ValueError, match="share a name"):
        check_slices((good[0], Slice("a", 2, 5, "again")), 5)
    with pytest.raises(ValueError, match="low <= high"):
        check_slices((Slice("a", 0, 1, "upside down", 1.0, 0.0),), 1)


def test_a_sparse_encoding_is_the_dense_one() -> None:
    def nonzero(state: Any, seat: int) -> tuple[list[int], list[float]]:
        return [seat, 3], [1.0, 0.5]

    encoding = sparse_encoding(4, sliced([("x", 4, "demo", 0.0, 1.0)]), nonzero)
    assert encoding.encode(None, 1) == (0.0, 1.0, 0.0, 0.5)
    assert encoding.lows() == (0.0,) * 4 and encoding.highs() == (1.0,) * 4
    assert encoding.slice("x").size == 4
    with pytest.raises(KeyError, match="slices: x"):
        encoding.slice("y")


def test_shared_win_convention() -> None:
    """Winners share one win; a tie every seat shares gives 0 to all; returns sum to 0."""
    outcomes: dict[str, Result | None] = {}
    returns = SharedWin(lambda key: outcomes[key], 4)
    outcomes.update(
        lone=Result(frozenset({2}), (0,) * 4, "seat 2"),
        pair=Result(frozenset({0, 1}), (0,) * 4, "a team"),
        all=Result(frozenset(range(4)), (0,) * 4, "a tie: everyone wins"),
        playing=None,
    )
    assert returns("lone") == (-1 / 3, -1 / 3, 1.0, -1 / 3)
    assert returns("pair") == (1 / 3, 1 / 3, -1 / 3, -1 / 3)
    assert returns("all") == (0.0,) * 4
    assert returns("playing") == (0.0,) * 4
    for key in ("lone", "pair", "all"):
        assert abs(sum(returns(key))) < 1e-12
    record = returns.record()
    assert (record.low, record.high, record.total) == (-1 / 3, 1.0, 0.0)
    assert record.convention == SHARED_WIN_CONVENTION
    two = SharedWin(lambda key: outcomes[key], 2)
    outcomes["first"] = Result(frozenset({0}), (0, 0), "seat 0")
    outcomes["both"] = Result(frozenset({0, 1}), (0, 0), "tie")
    assert two("first") == (1.0, -1.0) and two("both") == (0.0, 0.0)


def test_information_tensor_holds_the_observation_then_every_token() -> None:
    encoding = Encoding(2, sliced([("o", 2, "demo", 0.0, 1.0)]), lambda s, seat: (1.0, 0.0))
    learning = Learning(
        actions=None,  # type: ignore[arg-type]
        chance=None,  # type: ignore[arg-type]
        observation=encoding,
        recall=Recall(5, 3, lambda before, move, after, seat: (move,) if move >= 0 else ()),
        returns=None,  # type: ignore[arg-type]
        bounds=Bounds(2, 1, 1, 1),
    )
    memory = learning.start(1)
    memory = learning.remember(memory, None, 4, None)
    memory = learning.remember(memory, None, -1, None)  # told nothing: no token
    memory = learning.remember(memory, None, 0, None)
    assert memory == Memory(1, (4, 0))
    assert learning.key(memory) == (4, 0)
    assert learning.tensor(memory, None) == (1.0, 0.0, 5, 1, 0)
    assert learning.info_size == 5
    assert learning.info_slices[-1] == Slice("told", 2, 5, learning.info_slices[-1].doc, 0.0, 5.0)
    assert learning.key(Memory(1, (4,), since=(1.0,))) == ((1.0,), (4,))
    assert copy.deepcopy(memory) is memory


def test_copies_of_states_moves_and_views_are_the_objects_themselves() -> None:
    """OpenSpiel clones Python states with ``deepcopy``; frozen records need no copy."""
    for name, game in GAMES.items():
        walk = random_playout(game, game.default_config(), 1, max_moves=60)
        state, move = walk.states[-1], walk.moves[-1]
        view = game.view(state, 0)
        for obj in (state, move, view, walk.config):
            assert copy.deepcopy(obj) is obj, f"{name}: {type(obj).__name__}"
            assert copy.copy(obj) is obj, f"{name}: {type(obj).__name__}"


def test_share_on_copy_leaves_mutable_classes_alone() -> None:
    @attrs.define
    class Mutable:
        items: list[int]

    @attrs.frozen
    class Frozen:
        items: tuple[int, ...]

    assert not share_on_copy(Mutable)
    thing = Mutable([1])
    assert copy.deepcopy(thing) is not thing
    assert share_on_copy(Frozen)
    frozen = Frozen((1,))
    assert copy.deepcopy(frozen) is frozen


@pytest.mark.parametrize("name", LEARNED)
def test_games_with_learning_records_still_pickle(name: str) -> None:
    game = GAMES[name]
    again = pickle.loads(pickle.dumps(game))
    assert again.learning is game.learning


def test_every_built_in_title_has_learning_records() -> None:
    assert {"zombie_run", "texas_zombies"} <= set(LEARNED)


# ----------------------------------------------------- check_learning, for real


@pytest.mark.parametrize("name", LEARNED)
def test_every_title_keeps_the_promises(name: str) -> None:
    game = GAMES[name]
    assert check_learning(game, games=2, steps=25) > 0


def test_zombie_run_tiny_table_all_states() -> None:
    game = _zr()
    config = game.config_type(
        players=2, rounds=2, hand_size=2, peek_count=1, deck=((0, 3), (1, 3), (2, 3)), turn_limit=6
    )
    assert check_learning(game, config, games=6, steps=None) > 50


# ------------------------------------------- check_learning catches broken records


def _broken(learning: Learning, **changes: Any) -> Any:
    """A ``Game`` like Zombie Run!'s whose learning records have ``changes``."""
    bad = attrs.evolve(learning, **changes)
    return attrs.evolve(_zr(), learning=lambda config: bad)


def _check(game: Any) -> None:
    check_learning(game, games=2, steps=None, max_moves=150)


def _learning() -> Learning:
    game = _zr()
    learning: Learning = game.learning(game.default_config())
    return learning


def test_it_catches_an_observation_that_shows_a_hidden_card() -> None:
    learning = _learning()
    honest = learning.observation.encode

    def peeking(state: Any, seat: int) -> tuple[float, ...]:
        values = list(honest(state, seat))
        # The first card of the next seat's hand, which the seat has not seen.
        hand = state.hands[(seat + 1) % state.config.players]
        values[-1] = hand[0] / 15 if hand else 0.0
        return tuple(values)

    encoding = attrs.evolve(learning.observation, encode=peeking, nonzero=None)
    with pytest.raises(AssertionError, match="observation"):
        _check(_broken(learning, observation=encoding))


def test_it_catches_an_observation_out_of_its_range() -> None:
    learning = _learning()
    honest = learning.observation.encode
    encoding = attrs.evolve(
        learning.observation,
        encode=lambda state, seat: (2.0, *honest(state, seat)[1:]),
        nonzero=None,
    )
    with pytest.raises(AssertionError, match="out of range"):
        _check(_broken(learning, observation=encoding))


def test_it_catches_a_mask_that_forgets_a_move() -> None:
    learning = _learning()
    honest = learning.actions.legal
    actions = attrs.evolve(learning.actions, legal=lambda state, seat: honest(state, seat)[1:])
    with pytest.raises(AssertionError, match="legal moves but"):
        _check(_broken(learning, actions=actions))


def test_it_catches_indices_that_name_other_moves() -> None:
    learning = _learning()
    honest = learning.actions.index

    def shifted(state: Any, move: Any) -> int:
        return (honest(state, move) + 1) % learning.actions.size

    actions = attrs.evolve(learning.actions, index=shifted)
    with pytest.raises(AssertionError, match="indexes to another number"):
        _check(_broken(learning, actions=actions))


def test_it_catches_an_illegal_index_let_through() -> None:
    learning = _learning()
    honest = learning.actions.move

    def lenient(state: Any, seat: int, i: int) -> Any:
        try:
            return honest(state, seat, i)
        except IllegalMove:
            return None

    actions = attrs.evolve(learning.actions, move=lenient)
    with pytest.raises(AssertionError, match="not refused"):
        _check(_broken(learning, actions=actions))


def test_it_catches_a_token_that_tells_a_hidden_card() -> None:
    learning = _learning()
    honest = learning.recall.told
    kinds = len(_zr().default_config().deck)

    def leaky(before: Any, move: Any, after: Any, seat: int) -> tuple[int, ...]:
        tokens = honest(before, move, after, seat)
        if tokens == (kinds,):  # a card the seat does not see: say which it is
            values = sorted(v for v, _ in before.config.deck)
            return (values.index(move.args[0]),)
        return tokens

    recall = attrs.evolve(learning.recall, told=leaky)
    with pytest.raises(AssertionError, match="read alike to seat"):
        _check(_broken(learning, recall=recall))


def test_it_catches_a_recall_that_forgets() -> None:
    learning = _learning()
    honest = learning.recall.told

    def forgetful(before: Any, move: Any, after: Any, seat: int) -> tuple[int, ...]:
        return honest(before, move, after, seat)[:1]  # drops the cards a move shows

    recall = attrs.evolve(learning.recall, told=forgetful)
    with pytest.raises(AssertionError, match=r"does not determine its view|same tokens"):
        _check(_broken(learning, recall=recall))


def test_it_catches_returns_out_of_range_or_not_summing() -> None:
    learning = _learning()
    honest = learning.returns.returns
    doubled = attrs.evolve(
        learning.returns, returns=lambda state: tuple(2 * r for r in honest(state))
    )
    with pytest.raises(AssertionError, match="out of range"):
        _check(_broken(learning, returns=doubled))
    tilted = attrs.evolve(
        learning.returns, low=-10.0, high=10.0, returns=lambda s: tuple(r + 0.5 for r in honest(s))
    )
    with pytest.raises(AssertionError, match=r"before the end|sum to the total"):
        _check(_broken(learning, returns=tilted))


def test_it_catches_bounds_that_are_too_small() -> None:
    learning = _learning()
    tight = attrs.evolve(learning.bounds, max_legal_moves=2)
    with pytest.raises(AssertionError, match="more legal moves than bound"):
        _check(_broken(learning, bounds=tight))
    short = attrs.evolve(learning.bounds, max_chance_nodes=3)
    with pytest.raises(AssertionError, match="chance nodes > bound"):
        _check(_broken(learning, bounds=short))


def test_it_refuses_a_title_without_records() -> None:
    bare = attrs.evolve(_zr(), learning=None)
    with pytest.raises(AssertionError, match="no learning records"):
        check_learning(bare)


def test_seats_that_decide_at_once_may_be_served_in_any_order() -> None:
    """Zombie Run!'s look at the cards and Texas Zombies' vote: moves commute."""
    for name in ("zombie_run", "texas_zombies"):
        game = GAMES[name]
        rng = random.Random(3)
        checked = 0
        for seed in range(6):
            for state in random_playout(game, game.default_config(), seed, 300).states:
                legal = game.legal_moves(state)
                seats = sorted({m.seat for m in legal if m.seat >= 0})
                if len(seats) < 2:
                    continue
                a, b = rng.sample(seats, 2)
                ma = rng.choice([m for m in legal if m.seat == a])
                mb = rng.choice([m for m in legal if m.seat == b])
                assert game.apply(game.apply(state, ma), mb) == game.apply(
                    game.apply(state, mb), ma
                )
                checked += 1
        assert checked > 5, name


# ------------------------------------- seats served one at a time: a toy commitment

# Two seats each lay a bit face down; once both have, the higher bit wins (a tie: both).
# ``order`` is bookkeeping no view shows. The honest game keeps it empty, so the two
# commitments commute; the planted bugs record who was first (no longer commuting) or
# let a laid 1 take the 1 away from the other seat, which it does not see.


@attrs.frozen
class _Lay:
    seat: int
    bit: int


@attrs.frozen
class _Table:
    laid: tuple[int | None, int | None] = (None, None)
    order: tuple[int, ...] = ()


def _toy(*, record_order: bool = False, take_the_one: bool = False) -> Any:
    def legal(state: _Table) -> tuple[_Lay, ...]:
        if None not in state.laid:
            return ()
        moves = []
        for seat in (0, 1):
            if state.laid[seat] is None:
                bits = (0,) if take_the_one and state.laid[1 - seat] == 1 else (0, 1)
                moves += [_Lay(seat, bit) for bit in bits]
        return tuple(moves)

    def apply(state: _Table, move: _Lay) -> _Table:
        if move not in legal(state):
            raise IllegalMove(f"{move} is not legal; legal: {legal(state)}")
        laid = list(state.laid)
        laid[move.seat] = move.bit
        order = (*state.order, move.seat) if record_order else ()
        return _Table((laid[0], laid[1]), order)

    def view(state: _Table, seat: int | None) -> tuple[Any, ...]:
        if None not in state.laid or seat is None:
            return (seat, state.laid)
        return (seat, state.laid[seat])

    def result(state: _Table) -> Result | None:
        if None in state.laid:
            return None
        a, b = state.laid
        winners = frozenset({0, 1} if a == b else {0 if a > b else 1})  # type: ignore[operator]
        return Result(winners, (a, b), "the higher bit")

    def told(before: _Table, move: _Lay, after: _Table, seat: int) -> tuple[int, ...]:
        if None not in after.laid:
            return (2 + after.laid[0], 4 + after.laid[1])  # type: ignore[operator]
        return (move.bit,) if move.seat == seat else ()

    def encode(state: _Table, seat: int) -> tuple[float, ...]:
        mine, other = state.laid[seat], state.laid[1 - seat]
        shown = None not in state.laid
        return (
            float(mine is not None), float(mine == 1), float(shown), float(shown and other == 1)
        )  # fmt: skip

    records = Learning(
        actions=actions_from_legal_moves(2, ("lay 0", "lay 1"), lambda s, m: m.bit, legal),
        chance=ChanceSpace(1, ("none",), lambda s, m: 0, lambda s, i: None),
        observation=Encoding(
            4, sliced([("laid", 4, "mine, its bit, shown, theirs", 0, 1)]), encode
        ),
        recall=Recall(6, 3, told),
        returns=SharedWin(result, 2).record(),
        bounds=Bounds(2, 0, 2, 1),
    )
    return attrs.evolve(
        _zr(),
        name="toy_commitments",
        legal_moves=legal,
        apply=apply,
        view=view,
        to_act=lambda state: frozenset(m.seat for m in legal(state)),
        result=result,
        chance_weights=lambda state: ((), ()),
        account=lambda before, move, after, seat: str(told(before, move, after, seat or 0)),
        hidden_variant=lambda state, seat, rng: state,
        determinize=lambda state, seat, rng: state,
        players=lambda config: 2,
        learning=lambda config: records,
    )


def _toy_walks(game: Any) -> list[Any]:
    walks = []
    for first in (_Lay(0, 1), _Lay(1, 1), _Lay(0, 0)):
        state = _Table()
        middle = game.apply(state, first)
        second = game.legal_moves(middle)[-1]
        walks.append(
            Playthrough(None, (first, second), (state, middle, game.apply(middle, second)))
        )
    return walks


def _check_toy(game: Any) -> int:
    return check_learning(game, config=None, seed=1, walks=_toy_walks(game), steps=None)


def test_hidden_commitments_that_commute_pass() -> None:
    assert _check_toy(_toy()) == 6


def test_it_catches_hidden_commitments_that_do_not_commute() -> None:
    with pytest.raises(AssertionError, match=r"does not see, and .* give another state"):
        _check_toy(_toy(record_order=True))


def test_it_catches_a_hidden_commitment_that_changes_another_seats_options() -> None:
    with pytest.raises(AssertionError, match=r"tells seat \d nothing, yet changes what it may do"):
        _check_toy(_toy(take_the_one=True))


def test_a_move_the_other_seat_sees_is_a_race_and_need_not_commute() -> None:
    """Quarantine Z's free actions: a steal is seen by all, so serving the thief first is
    the driver picking who was quicker; the check does not ask it to commute."""
    game = _toy(record_order=True)
    records = game.learning(None)
    honest = records.recall.told

    def told(before: Any, move: Any, after: Any, seat: int) -> tuple[int, ...]:
        # Another seat's bit is told as it is laid (6 + bit), before the reveal.
        return honest(before, move, after, seat) or (6 + move.bit,)

    seen = Recall(8, 4, told)
    shown = attrs.evolve(records, recall=seen)
    racing = attrs.evolve(
        game,
        learning=lambda config: shown,
        view=lambda state, seat: (seat, state.laid, state.order),
    )
    assert _check_toy(racing) == 6
