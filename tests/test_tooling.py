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


# mypy and ruff over the whole tree take a while: left out of the fast subset.
pytestmark = pytest.mark.slow
