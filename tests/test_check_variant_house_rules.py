"""``check_variant`` on variants composed from house rules (the example's, published by name).

The composition derives ``legal_moves``, ``apply``, ``describe`` and the rest from one
declaration, so a sound rule passes every check; a rule that reads cards its seat has
not seen is caught, because the legal moves then tell the seat what those cards are.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from zombie_rules import quarantine_z, registry, zombie_run
from zombie_rules.core.game import Game
from zombie_rules.core.house_rules import HouseRule, with_house_rules
from zombie_rules.testing import (
    check_determinize,
    check_knowledge,
    check_variant,
    random_playout,
)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import house_rules as example  # type: ignore[import-not-found]  # examples/, on the path above

AnyGame = Game[Any, Any, Any, Any]


def _shout_over_true_total(state: zombie_run.State, move: zombie_run.Move) -> str | None:
    """The rule written carelessly: it counts the face-down cards the seat never saw."""
    total = sum(state.hands[move.seat])
    return f"you hold {total} zombies" if move.shout and total >= example.LIMIT else None


PEEKING = HouseRule(
    name="shout_under_20_peeking",
    title="zombie_run",
    summary="Shout only under 20 zombies, counting the cards you have not seen.",
    forbids=_shout_over_true_total,
)


@pytest.fixture(autouse=True, scope="module")
def published() -> Iterator[None]:
    """The rules registered at run time, so records of the variants resolve; then removed."""
    example.publish()
    registry.register_house_rule(PEEKING, source=__name__)
    yield
    for rule in (*example.RULES, PEEKING):
        registry.unregister_house_rule(rule.name)


@pytest.mark.parametrize(
    "config", [None, zombie_run.Config(players=3, rounds=2)], ids=["rulebook", "three_players"]
)
def test_the_shout_under_20_variant_passes_every_check(config: zombie_run.Config | None) -> None:
    game = with_house_rules(zombie_run.GAME, [example.SHOUT_UNDER_20])
    report = check_variant(game, config)
    assert report.game == "zombie_run+shout_under_20" and report.states > 50


@pytest.mark.slow
def test_the_shelter_heal_variant_passes_every_check() -> None:
    game = with_house_rules(quarantine_z.GAME, [example.SHELTER_HEAL])
    assert check_variant(game).states > 50


def test_a_rule_that_counts_unseen_cards_is_caught_at_the_first_re_deal() -> None:
    """A re-deal of the cards the seat has not seen offers it other shouts: the rule's
    menu leaks the cards, and the invariants check (the seat's options in re-dealt
    worlds) says so at the first state where it shows, before any branch is played."""
    game = with_house_rules(zombie_run.GAME, [PEEKING])
    with pytest.raises(AssertionError) as failed:
        check_variant(game)
    message = str(failed.value)
    assert (
        "check_variant(zombie_run+shout_under_20_peeking): the invariants check failed" in message
    )
    assert "options changed when only cards hidden from it were dealt again" in message
    assert "legal moves differ" in message and "shout" in message


def _knowledge(game: AnyGame, config: Any, moves: tuple[Any, ...]) -> None:
    check_knowledge(game, config, moves, steps=40, horizon=12)


def _determinize(game: AnyGame, config: Any, moves: tuple[Any, ...]) -> None:
    for seat in range(game.players(config)):
        check_determinize(game, config, moves, seat, steps=40, horizon=8)


@pytest.mark.parametrize(
    ("config", "check"),
    [(zombie_run.Config(), _knowledge), (zombie_run.Config(players=3), _determinize)],
    ids=["knowledge", "determinize"],
)
def test_a_rule_that_counts_unseen_cards_is_caught_by_the_branch_checks_too(
    config: zombie_run.Config, check: Callable[[AnyGame, Any, tuple[Any, ...]], None]
) -> None:
    """Two states the seat cannot tell apart (a branch the seat was told alike, a world
    drawn from what it knows) offer it different shouts: the rule leaks the cards.
    These checks trust only ``describe`` (not the title's ``hidden_variant``), so they
    catch it even in a title whose re-deal moved too little."""
    game = with_house_rules(zombie_run.GAME, [PEEKING])
    walk = random_playout(game, config, seed=0)
    with pytest.raises(AssertionError) as failed:
        check(game, config, walk.moves)
    message = str(failed.value)
    assert "legal moves differ" in message and "shout" in message
