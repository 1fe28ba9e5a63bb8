"""The generic decoder fuzz on every title: each corrupted save is refused or playable.

``check_decoder_fuzz`` mutates the JSON of a state (or view) field by field and
demands that every mutant either raises ``DecodeError`` or decodes to something
every protocol function works on (``smoke_test_state``, then random moves on). It
runs here on states spread over seeded random games of every title, on the
rulebook config and on a variant, so that a field ``check_state`` forgets shows up
as an ``AssertionError`` naming the JSON path and the mutation.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

from zombie_rules import zombie_run as zr
from zombie_rules.core.game import Game
from zombie_rules.fuzzing import (
    FuzzSummary,
    check_decoder_fuzz,
    decode,
    path_text,
    smoke_test_state,
)
from zombie_rules.registry import GAMES
from zombie_rules.serialize import to_json
from zombie_rules.testing import random_playout

AnyGame = Game[Any, Any, Any, Any]

#: A variant per title besides the rulebook game, so config-dependent checks run too.
VARIANTS: dict[str, dict[str, Any]] = {
    "zombie_run": {"players": 3, "hand_size": 5, "peek_count": 0, "reshuffle_keeps_top": False},
    "texas_zombies": {"players": 5},
    "zombie_doctor": {"players": 3, "bonus_mode": True},
    "quarantine_z": {"players": 4},
}
#: Where in a game the fuzzed states lie, as fractions of its length.
SPOTS = (0.0, 0.05, 0.2, 0.4, 0.6, 0.8, 0.95, 1.0)
MUTATIONS = {"zombie_run": 300, "texas_zombies": 250, "zombie_doctor": 300, "quarantine_z": 150}
VIEW_MUTATIONS = 100


def spread_states(game: AnyGame, config: Any, seed: int) -> list[Any]:
    walk = random_playout(game, config, seed, max_moves=2000)
    last = len(walk.states) - 1
    return [walk.states[round(spot * last)] for spot in SPOTS]


def configs(title: str) -> list[Any]:
    game = GAMES[title]
    return [game.config_type(), game.config_type(**VARIANTS[title])]


@pytest.mark.parametrize("title", sorted(GAMES))
def test_corrupted_states_are_refused_or_playable(title: str) -> None:
    game = GAMES[title]
    rng = random.Random(title)
    total = FuzzSummary(0, 0, 0)
    for seed, config in enumerate(configs(title)):
        for state in spread_states(game, config, seed):
            summary = check_decoder_fuzz(game, state, rng, mutations=MUTATIONS[title])
            total = FuzzSummary(
                total.tried + summary.tried,
                total.refused + summary.refused,
                total.accepted + summary.accepted,
            )
    # Meaningful: most mutants are refused, and some are accepted and played on.
    assert total.refused > total.tried // 2, total
    assert total.accepted > 0, total


@pytest.mark.parametrize("title", sorted(GAMES))
def test_corrupted_views_are_refused_or_render(title: str) -> None:
    game = GAMES[title]
    rng = random.Random(f"view {title}")
    state = spread_states(game, game.config_type(), 7)[3]
    players = game.players(game.config_of(state))
    for seat in (*range(players), None):
        summary = check_decoder_fuzz(game, game.view(state, seat), rng, VIEW_MUTATIONS)
        assert summary.tried == VIEW_MUTATIONS


@pytest.mark.parametrize("title", sorted(GAMES))
def test_the_smoke_test_passes_on_reachable_states(title: str) -> None:
    game = GAMES[title]
    for state in spread_states(game, game.config_type(), 11):
        smoke_test_state(game, state)


def test_corrupted_configs_are_refused_or_start_a_playable_game() -> None:
    rng = random.Random(5)
    for title in sorted(GAMES):
        game = GAMES[title]
        check_decoder_fuzz(game, game.config_type(), rng, mutations=15, playout=10)


def test_the_fuzz_finds_a_field_the_check_forgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a check that forgets ``turn``, a mutant of ``turn`` breaks ``apply`` and is named."""

    def forgetful(state: zr.State) -> None:
        # The real check, shown the turn it expects in the play phases.
        expected = (state.dealer + 1 + state.turns_taken) % state.config.players
        zr.GAME.check_state(attrs.evolve(state, turn=expected))

    from zombie_rules import serialize

    real_check = serialize._check_of
    monkeypatch.setattr(
        serialize, "_check_of", lambda t: forgetful if t is zr.State else real_check(t)
    )
    game = attrs.evolve(zr.GAME, check_state=forgetful)
    walk = random_playout(zr.GAME, zr.Config(), 2)
    state = next(s for s in walk.states if s.phase is zr.Phase.DRAW and s.turns_taken > 2)
    with pytest.raises(AssertionError, match=r"\$\.turn") as info:
        check_decoder_fuzz(game, state, random.Random(0), mutations=1000)
    assert "accepted the mutant" in str(info.value)
    assert info.value.__cause__ is not None


def test_a_decoder_crash_is_reported_as_not_a_decode_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def crashing(state: zr.State) -> None:
        _ = state.hands[state.turn + 10]

    from zombie_rules import serialize

    real_check = serialize._check_of
    monkeypatch.setattr(
        serialize, "_check_of", lambda t: crashing if t is zr.State else real_check(t)
    )
    state = random_playout(zr.GAME, zr.Config(), 2, max_moves=30).states[-1]
    with pytest.raises(AssertionError, match="raised IndexError, not DecodeError"):
        check_decoder_fuzz(zr.GAME, state, random.Random(0), mutations=5)


def test_decode_applies_the_games_own_check() -> None:
    """A variant's own ``check_state`` applies even where the registry's would accept."""

    def picky(state: zr.State) -> None:
        if state.round:
            raise ValueError("round: this variant plays one round")

    game = attrs.evolve(zr.GAME, check_state=picky)
    state = next(s for s in random_playout(zr.GAME, zr.Config(), 4).states if s.round == 1)
    from zombie_rules.core.errors import DecodeError

    with pytest.raises(DecodeError, match="one round"):
        decode(game, zr.State, to_json(state))
    assert decode(zr.GAME, zr.State, to_json(state)) == state


def test_paths_are_written_as_the_decoder_writes_them() -> None:
    assert path_text(("area", 2, "cards", 0)) == "$.area[2].cards[0]"
    assert path_text(()) == "$"


def test_mutants_are_reproducible_from_the_seed() -> None:
    state = random_playout(zr.GAME, zr.Config(), 3, max_moves=50).states[-1]
    first = check_decoder_fuzz(zr.GAME, state, random.Random(9), mutations=30)
    again = check_decoder_fuzz(zr.GAME, state, random.Random(9), mutations=30)
    assert first == again
    assert json.loads(to_json(state))  # the input is left as it was


# Seconds each: left out of the fast subset (-m "not slow").
pytestmark = pytest.mark.slow
