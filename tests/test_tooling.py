"""Static checks are part of the suite: mypy --strict and ruff must be clean."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict_is_clean() -> None:
    done = _run("mypy", "--strict", "zombie_rules")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_check_is_clean() -> None:
    done = _run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _run("ruff", "format", "--check", "zombie_rules", "tests", "benchmarks", "examples")
    assert done.returncode == 0, done.stdout + done.stderr


TYPED_USE = """
from zombie_rules import zombie_doctor, zombie_run
from zombie_rules.play import RandomAgent, play_game
from zombie_rules.testing import check_invariants, random_playout

record = play_game(zombie_run.GAME, zombie_run.Config(), [RandomAgent()] * 4, seed=1)
first: zombie_run.Move = record.moves[0]
walk = random_playout(zombie_run.GAME, zombie_run.Config(), seed=1)
check_invariants(zombie_run.GAME, walk.states[-1])
"""

MISTAKES = {
    "another title's config": (
        "play_game(zombie_doctor.GAME, zombie_run.Config(), [RandomAgent()] * 4, seed=1)"
    ),
    "another title's state": "check_invariants(zombie_doctor.GAME, walk.states[-1])",
}


def test_generic_helpers_keep_the_titles_types(tmp_path: Path) -> None:
    """``Game[C, S, M, V]`` flows through play_game, Record and the test kit: a mix-up of
    titles fails ``mypy --strict`` before it runs."""
    good = tmp_path / "good.py"
    good.write_text(TYPED_USE)
    done = _run("mypy", "--strict", str(good))
    assert done.returncode == 0, done.stdout
    for what, line in MISTAKES.items():
        bad = tmp_path / "bad.py"
        bad.write_text(TYPED_USE + line + "\n")
        done = _run("mypy", "--strict", str(bad))
        line_number = TYPED_USE.count("\n") + 1
        assert done.returncode != 0, f"{what}: mypy accepted it"
        assert f"bad.py:{line_number}:" in done.stdout, f"{what}: {done.stdout}"


# mypy and ruff over the whole tree take a while: left out of the fast subset.
pytestmark = pytest.mark.slow
