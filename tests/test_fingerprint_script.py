"""benchmarks/fingerprint.py: one hash that changes whenever what the rules say changes."""

from __future__ import annotations

import io
from types import ModuleType

import attrs
from script_helpers import load_script as load_benchmark

from zombie_rules.registry import GAMES

GAME = GAMES["zombie_run"]


def load_script() -> ModuleType:
    return load_benchmark("fingerprint.py", "fingerprint_benchmark")


def test_same_games_same_hash_and_another_seed_another() -> None:
    fingerprint = load_script().fingerprint
    config = GAME.default_config()
    first = fingerprint(GAME, config, 1, 4)
    assert fingerprint(GAME, config, 1, 4) == first
    assert fingerprint(GAME, config, 1, 5) != first


def test_reordered_legal_moves_change_the_hash() -> None:
    """Move order decides what a seeded bot picks, so a speed change must keep it."""
    fingerprint = load_script().fingerprint
    reordered = attrs.evolve(GAME, legal_moves=lambda state: GAME.legal_moves(state)[::-1])
    config = GAME.default_config()
    assert fingerprint(reordered, config, 1, 4) != fingerprint(GAME, config, 1, 4)


def test_changed_wording_changes_the_hash() -> None:
    fingerprint = load_script().fingerprint
    reworded = attrs.evolve(
        GAME, describe=lambda state, move, seat: GAME.describe(state, move, seat) + "."
    )
    config = GAME.default_config()
    assert fingerprint(reworded, config, 1, 4) != fingerprint(GAME, config, 1, 4)


def test_expect_passes_on_the_same_hash_and_fails_on_another() -> None:
    script = load_script()
    out = io.StringIO()
    assert script.main(["--game", "zombie_run", "--games", "1", "--seed", "4"], out) == 0
    line = out.getvalue().split()
    assert line[:3] == ["zombie_run", "games=1", "seed=4"]
    digest = line[3]
    assert digest == script.fingerprint(GAME, GAME.default_config(), 1, 4)
    argv = ["--game", "zombie_run", "--games", "1", "--seed", "4", "--expect"]
    assert script.main([*argv, digest], io.StringIO()) == 0
    changed = io.StringIO()
    assert script.main([*argv, "0" * 64], changed) == 1
    assert "behaviour changed" in changed.getvalue()


def test_expect_needs_one_game_and_unknown_games_exit_2() -> None:
    script = load_script()
    assert script.main(["--expect", "0" * 64, "--games", "1"], io.StringIO()) == 2
    assert script.main(["--game", "nope"], io.StringIO()) == 2
