"""``check_variant`` on variants composed from house rules (the example's, published by name).

The composition derives ``legal_moves``, ``apply``, ``describe`` and the rest from one
declaration, so a sound rule passes every check; a rule that reads cards its seat has
not seen is caught, because the legal moves then tell the seat what those cards are.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from zombie_rules import quarantine_z, registry, zombie_run
from zombie_rules.core.house_rules import HouseRule, with_house_rules
from zombie_rules.testing import check_variant

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import house_rules as example  # type: ignore[import-not-found]  # examples/, on the path above


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


@pytest.mark.parametrize(
    ("config", "check"),
    [(None, "knowledge"), (zombie_run.Config(players=3), "determinize")],
    ids=["rulebook", "three_players"],
)
def test_a_rule_that_counts_unseen_cards_is_caught(
    config: zombie_run.Config | None, check: str
) -> None:
    """Two states the seat cannot tell apart (a branch the seat was told alike, a world
    drawn from what it knows) offer it different shouts: the rule leaks the cards."""
    game = with_house_rules(zombie_run.GAME, [PEEKING])
    with pytest.raises(AssertionError) as failed:
        check_variant(game, config)
    message = str(failed.value)
    assert f"check_variant(zombie_run+shout_under_20_peeking): the {check} check failed" in message
    assert "legal moves differ" in message and "shout" in message
