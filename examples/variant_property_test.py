"""Property-test a Zombie Run! rule variant with the library's test kit.

Run: python -m pytest examples/variant_property_test.py

``zombie_rules.testing`` (needs the ``test`` extra: Hypothesis) walks games of any
config by legal moves and chance outcomes; ``check_invariants`` asserts the whole
protocol at a state (cards conserved, views leak nothing, notation and JSON round
trips, illegal moves refused), and ``check_variant`` runs every check on a variant
in one call. Add your variant's own properties next to them.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings

from zombie_rules.testing import (
    Playthrough,
    check_invariants,
    check_variant,
    configs,
    playthroughs,
    states,
    variant_states,
)
from zombie_rules.zombie_run import GAME, Config, Phase, State

#: The long game with big hands: "Play ... 10 rounds for longer games" with six cards.
LONG_GAME = Config(hand_size=6, rounds=10)

#: A home-made deck: few cards, a nasty 20-zombie card, three players; short rounds.
CUSTOM = Config(
    players=3,
    deck=((0, 6), (2, 8), (5, 8), (20, 4)),
    reshuffle_keeps_top=False,
    turn_limit=30,
)

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(state=states(GAME, config=LONG_GAME, max_moves=150))
def test_long_game_states_pass_every_invariant(state: State) -> None:
    check_invariants(GAME, state, random.Random(0))
    if state.phase is not Phase.DEAL:
        assert all(len(hand) == 6 for hand in state.hands)
    assert state.round < 10


@SETTINGS
@given(state=states(GAME, config=CUSTOM, max_moves=200))
def test_custom_deck_states_pass_every_invariant(state: State) -> None:
    check_invariants(GAME, state, random.Random(0))
    assert sum(state.draw_pile) + len(state.discard_pile) <= 26


@SETTINGS
@given(walk=playthroughs(GAME, config=CUSTOM, max_moves=300))
def test_scores_only_grow_and_only_a_shouter_doubles(walk: Playthrough) -> None:
    final = walk.states[-1]
    previous = (0, 0, 0)
    for record in final.history:
        for seat, (total, score) in enumerate(zip(record.totals, record.scores, strict=True)):
            lied = seat == record.shouter and total > min(record.totals)
            assert score == (2 * total if lied else total)
        previous = tuple(p + s for p, s in zip(previous, record.scores, strict=True))
    assert final.scores == previous


def test_each_variant_passes_every_check_in_one_call() -> None:
    for variant in (LONG_GAME, CUSTOM):
        report = check_variant(GAME, variant, seed=3)
        print(report)
        assert report.states > 0


@SETTINGS
@given(state=variant_states(GAME, configs(GAME, {"hand_size": (4, 6), "peek_count": (0, 6)})))
def test_every_hand_and_peek_setting_passes_every_invariant(state: State) -> None:
    # "Peek at 6 of 4 cards" is refused by Config, and so never drawn.
    check_invariants(GAME, state, random.Random(0), thorough=False)
    assert state.config.peek_count <= state.config.hand_size
