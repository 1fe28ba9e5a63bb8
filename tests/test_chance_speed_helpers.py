"""``pick_exact`` draws exactly from ``chance_outcomes``, whichever way it takes.

Its fast way bisects the running sums of the integer weights that
:func:`outcomes_from_weights`, :func:`pile_outcomes` or :func:`distinct_outcomes`
remembered for the tuple built last; every other tuple goes through the
Fractions. The tests check that both ways give the same draw from the same
``rng`` (so a seeded game never depends on what was built in between), that the
pile builders give what the plain build gives, the right frequencies, and the
refusals; and that a pile met again is looked up only at pile sizes where that
pays, within bounds. Nothing is timed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from zombie_rules.core import chance
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import (
    distinct_outcomes,
    outcomes_from_weights,
    pick_exact,
    pick_weighted,
    pile_outcomes,
    present,
    present_distinct,
)
from zombie_rules.play import sample_chance
from zombie_rules.registry import GAMES


def _copy(outcomes: tuple[tuple[Any, Fraction], ...]) -> tuple[tuple[Any, Fraction], ...]:
    """Equal pairs in a new tuple (``tuple(t)`` would hand back ``t`` itself)."""
    return tuple(list(outcomes))


def _draws(outcomes: tuple[tuple[str, Fraction], ...], seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    return [pick_exact(outcomes, rng) for _ in range(n)]


@pytest.mark.parametrize("weights", [(1, 3, 2), (2, 4), (6, 3, 9), (5,), (1, 0, 2), (4, 4, 4, 4)])
def test_the_remembered_weights_and_the_fractions_draw_alike(weights: tuple[int, ...]) -> None:
    moves = "abcd"[: len(weights)]
    built = outcomes_from_weights(moves, weights)
    assert chance._last_built[0] is built  # the fast way is the one under test
    fast = _draws(built, 11, 300)
    assert chance._last_built[0] is built
    slow = _draws(_copy(built), 11, 300)
    assert fast == slow
    # Built, then something else built, then drawn: the same again.
    outcomes_from_weights("xy", (1, 1))
    assert _draws(built, 11, 300) == fast


@pytest.mark.parametrize(
    "counts", [(1, 3, 2), (2, 4), (6, 0, 3, 9), (0, 5), (1, 0, 2, 0), (4, 4, 4, 4), (0, 0, 7)]
)
def test_a_piles_remembered_counts_and_its_fractions_draw_alike(counts: tuple[int, ...]) -> None:
    """Zero counts stay in the remembered weights; the draw is the one without them."""
    moves = tuple("abcd"[: len(counts)])
    built = pile_outcomes(moves, counts)
    assert chance._last_built[0] is built
    fast = _draws(built, 5, 300)
    assert fast == _draws(_copy(built), 5, 300)
    plain = outcomes_from_weights(*present(moves, counts))
    assert plain == built and _draws(plain, 5, 300) == fast


@pytest.mark.parametrize("held", [(1, 0, 1, 1), (0, 0, 1), (1,), (1, 1, 0, 0, 1, 0)])
def test_a_pile_of_different_cards_draws_like_any_other(held: tuple[int, ...]) -> None:
    moves = tuple("abcdef"[: len(held)])
    built = distinct_outcomes(moves, held)
    assert chance._last_built[0] is built
    assert built == outcomes_from_weights(*present(moves, held)) == pile_outcomes(moves, held)
    fast = _draws(distinct_outcomes(moves, held), 8, 300)
    assert fast == _draws(_copy(built), 8, 300)


def test_pile_builders_equal_the_plain_build_and_share_their_pairs() -> None:
    rng = random.Random(2)
    moves = tuple(f"m{i}" for i in range(9))
    for _ in range(300):
        counts = [rng.choice((0, 0, 1, 2, 3, 5, 15)) for _ in moves]
        expected = tuple(
            (m, Fraction(c, sum(counts))) for m, c in zip(moves, counts, strict=True) if c
        )
        assert pile_outcomes(moves, counts) == expected
        held = tuple(min(c, 1) for c in counts)
        assert distinct_outcomes(moves, held) == outcomes_from_weights(*present(moves, held))
    first, again = pile_outcomes(moves, (1, 2) * 4 + (3,)), pile_outcomes(moves, (1, 2) * 4 + (3,))
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))
    assert pile_outcomes(moves, (0,) * 9) == () == distinct_outcomes(moves, (0,) * 9)


def test_pile_builders_refuse_what_no_pile_holds() -> None:
    moves = ("a", "b", "c")
    with pytest.raises(ValueError, match="3 moves but 2 counts"):
        pile_outcomes(moves, (1, 2))
    with pytest.raises(ValueError, match="3 moves but 4 counts"):
        distinct_outcomes(moves, (1, 0, 1, 1))
    with pytest.raises(ValueError, match="negative"):
        pile_outcomes(moves, (2, -1, 1))
    with pytest.raises(ValueError, match="negative"):
        pile_outcomes(moves, (0, -1, 0))
    with pytest.raises(ValueError, match="at most once"):
        distinct_outcomes(moves, (1, 2, 0))
    kept = pile_outcomes(moves, (1, 1, 1))
    with pytest.raises(ValueError):
        pile_outcomes(moves, (1, -1, 3))
    assert chance._last_built[0] is kept  # a refusal remembers nothing


def test_a_changed_counts_list_does_not_change_a_piles_draw() -> None:
    counts = [1, 2, 1]
    built = pile_outcomes(("a", "b", "c"), counts)
    expected = _draws(_copy(built), 2, 100)
    counts[:] = [0, 0, 4]
    assert _draws(built, 2, 100) == expected


def test_pile_tables_stay_bounded() -> None:
    for n in range(chance._MAX_PILES + 20):
        pile_outcomes(tuple(range(n % 7 + 1)), (1,) * (n % 7 + 1))  # a new tuple each time
    assert len(chance._PILES) <= chance._MAX_PILES
    moves = ("a", "b")
    for total in range(1, chance._MAX_ROWS + 30):
        pile_outcomes(moves, (1, total - 1))
        distinct_outcomes(moves, (1, 1))
    table = chance._PILES[id(moves)]
    assert len(table.levels) <= chance._MAX_ROWS and len(table.ones) <= chance._MAX_ROWS


def test_with_coprime_weights_it_draws_what_pick_weighted_draws() -> None:
    moves, weights = ("a", "b", "c", "d"), (3, 1, 2, 5)
    exact, weighted = random.Random(5), random.Random(5)
    for _ in range(200):
        drawn = pick_exact(outcomes_from_weights(moves, weights), exact)
        assert drawn == pick_weighted(moves, weights, weighted)


def test_exact_draws_follow_the_probabilities() -> None:
    outcomes = (("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3)))
    rng = random.Random(3)
    counts = Counter(pick_exact(outcomes, rng) for _ in range(6000))
    assert 850 < counts["a"] < 1150 and 2800 < counts["b"] < 3200 and 1800 < counts["c"] < 2200
    built = outcomes_from_weights("abc", (1, 3, 2))
    counts = Counter(pick_exact(built, rng) for _ in range(6000))
    assert 850 < counts["a"] < 1150 and 2800 < counts["b"] < 3200 and 1800 < counts["c"] < 2200


def test_an_outcome_of_probability_zero_is_never_drawn() -> None:
    outcomes = (("a", Fraction(1, 2)), ("never", Fraction(0)), ("b", Fraction(1, 2)))
    rng = random.Random(0)
    assert "never" not in {pick_exact(outcomes, rng) for _ in range(500)}


def test_a_changed_weights_list_does_not_change_the_draw() -> None:
    weights = [1, 2, 1]
    built = outcomes_from_weights("abc", weights)
    expected = _draws(_copy(built), 2, 100)
    weights[:] = [0, 0, 4]
    assert _draws(built, 2, 100) == expected


def test_bad_outcomes_are_refused() -> None:
    rng = random.Random(0)
    with pytest.raises(ValueError, match="no outcomes"):
        pick_exact((), rng)
    assert outcomes_from_weights((), ()) == ()
    with pytest.raises(ValueError, match="no outcomes"):
        pick_exact((), rng)  # an empty build is not remembered: () is every empty tuple
    with pytest.raises(ValueError, match="sum to 1"):
        pick_exact((("a", Fraction(1, 3)), ("b", Fraction(1, 3))), rng)
    with pytest.raises(ValueError, match="non-negative"):
        pick_exact((("a", Fraction(3, 2)), ("b", Fraction(-1, 2))), rng)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_titles_chance_outcomes_draw_like_its_weights(name: str) -> None:
    """At the chance nodes of a real game: the exact draw is sample_chance's, scaled by the gcd."""
    game = GAMES[name]
    rng = random.Random(4)
    state = game.new_game(game.config_type())
    checked = 0
    while actors := game.to_act(state):
        if CHANCE in actors:
            moves, weights = game.chance_weights(state)
            seed = rng.randrange(2**32)
            drawn = pick_exact(game.chance_outcomes(state), random.Random(seed))
            assert drawn == pick_exact(_copy(game.chance_outcomes(state)), random.Random(seed))
            assert drawn in moves
            divisor = math.gcd(*weights)
            scaled = [w // divisor for w in weights]
            assert drawn == pick_weighted(moves, scaled, random.Random(seed))
            if divisor == 1:
                assert drawn == sample_chance(game, state, random.Random(seed))
            move = drawn
            checked += 1
        else:
            legal = game.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = game.apply(state, move)
    assert checked > 0


# ------------------------------------------------------------- piles met again


def _fresh_moves(n: int) -> tuple[str, ...]:
    """A new tuple of moves: its pile table (keyed by the tuple's identity) starts empty."""
    return tuple(f"m{k}" for k in range(n))


def _level(moves: tuple[str, ...], total: int) -> Any:
    return chance._PILES[id(moves)].levels[total]


def test_a_pile_met_again_is_looked_up_and_draws_as_if_built() -> None:
    moves = _fresh_moves(3)
    first = pile_outcomes(moves, (2, 4, 6))
    again = pile_outcomes(moves, tuple([2, 4, 6]))  # equal counts, another tuple
    assert again is first and _level(moves, 12).hits == 1
    # gcd 2, known to the memo: the long way over the Fractions draws alike.
    assert _draws(again, 9, 300) == _draws(_copy(first), 9, 300)
    assert first == outcomes_from_weights(*present(moves, (2, 4, 6)))


def test_a_list_of_counts_is_built_every_time() -> None:
    """A list may change after the call, so it is never a memo's key."""
    moves = _fresh_moves(2)
    counts = [1, 2]
    first = pile_outcomes(moves, counts)
    assert pile_outcomes(moves, counts) is not first
    assert _level(moves, 3).memos == {}


def test_a_size_whose_piles_never_recur_stops_memoizing() -> None:
    moves = _fresh_moves(3)
    total = 2 * chance._FIRST_CHECK
    piles = [(k, total - k, 0) for k in range(chance._FIRST_CHECK + 5)]
    for pile in piles:
        pile_outcomes(moves, pile)
    level = _level(moves, total)
    assert level.memos is None and level.store is None
    # Still the right outcomes, built each time now.
    pile = piles[0]
    assert pile_outcomes(moves, pile) == outcomes_from_weights(*present(moves, pile))
    assert pile_outcomes(moves, pile) is not pile_outcomes(moves, pile)


def test_a_size_whose_piles_recur_goes_on_until_full_then_keeps_what_it_has(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(chance, "_MEMOS_PER_TOTAL", 8)
    monkeypatch.setattr(chance, "_FIRST_CHECK", 4)
    monkeypatch.setattr(chance, "_CHECKS", frozenset((4, 8)))
    moves = _fresh_moves(2)
    piles = [(k, 20 - k) for k in range(1, 12)]
    kept = [pile_outcomes(moves, piles[0])]
    assert pile_outcomes(moves, piles[0]) is kept[0]  # a hit
    kept += [pile_outcomes(moves, pile) for pile in piles[1:4]]  # judged at 4: one hit, go on
    assert _level(moves, 20).store is not None
    for pile in piles[4:8]:
        for _ in range(2):  # each met twice: a hit each
            pile_outcomes(moves, pile)
    level = _level(moves, 20)
    assert level.store is None and level.memos is not None and len(level.memos) == 8
    assert pile_outcomes(moves, piles[1]) is kept[1]  # kept piles are still looked up
    late = pile_outcomes(moves, piles[10])
    assert pile_outcomes(moves, piles[10]) is not late  # nothing new is kept
    assert late == outcomes_from_weights(*present(moves, piles[10]))


def test_a_full_memo_that_seldom_hit_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance, "_MEMOS_PER_TOTAL", 8)
    monkeypatch.setattr(chance, "_FIRST_CHECK", 4)
    monkeypatch.setattr(chance, "_CHECKS", frozenset((4, 8)))
    moves = _fresh_moves(2)
    piles = [(k, 20 - k) for k in range(1, 9)]
    pile_outcomes(moves, piles[0])
    pile_outcomes(moves, piles[0])  # one hit before the first judgement
    for pile in piles[1:]:
        pile_outcomes(moves, pile)  # then 8 piles kept, 1 hit: under a quarter
    level = _level(moves, 20)
    assert level.memos is None and level.store is None
    assert chance._PILES[id(moves)].memo_levels == 0


def test_a_table_memoizes_at_a_bounded_number_of_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chance, "_FIRST_CHECK", 2)
    monkeypatch.setattr(chance, "_CHECKS", frozenset((2, chance._MEMOS_PER_TOTAL)))
    moves = _fresh_moves(2)
    for total in range(2, chance._MEMO_LEVELS + 12):
        for pile in ((1, total - 1), (1, total - 1), (0, total)):
            pile_outcomes(moves, pile)  # a hit, then the judgement
    table = chance._PILES[id(moves)]
    going_on = [level for level in table.levels.values() if level.memos is not None]
    assert len(going_on) == table.memo_levels == chance._MEMO_LEVELS


def test_a_refused_pile_is_never_kept() -> None:
    moves = _fresh_moves(3)
    with pytest.raises(ValueError, match="negative"):
        pile_outcomes(moves, (4, -1, 3))
    assert _level(moves, 6).memos == {}
    with pytest.raises(ValueError, match="3 moves but 2 counts"):
        pile_outcomes(moves, (4, 2))
    assert _level(moves, 6).memos == {}


@pytest.mark.parametrize("held", [(1, 0, 1, 1, 0, 1), (0, 1), (1,) * 5 + (0,) * 40 + (1,) * 5])
def test_pick_weighted_draws_from_shared_ones_as_from_counted_ones(held: tuple[int, ...]) -> None:
    moves, ones = present_distinct(tuple(range(len(held))), held)
    assert ones is chance._ONES[len(ones)]  # the shortcut is the one under test
    counted = tuple(list(ones))  # equal weights, another tuple: the running sums' way
    fast_rng, slow_rng = random.Random(5), random.Random(5)
    fast = [pick_weighted(moves, ones, fast_rng) for _ in range(400)]
    assert fast == [pick_weighted(moves, counted, slow_rng) for _ in range(400)]
    assert fast_rng.getstate() == slow_rng.getstate()
