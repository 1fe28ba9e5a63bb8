"""benchmarks/versus_openspiel.py prints every table for every title (no timing thresholds here)."""

from __future__ import annotations

import importlib.util
import io
import random
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from zombie_rules.registry import GAMES

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "versus_openspiel.py"
TINY = ["--rounds", "1", "--steps", "50", "--games", "1", "--min-time", "0"]


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("versus_openspiel", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_every_table_names_every_title() -> None:
    script = load_script()
    out = io.StringIO()
    assert script.main(TINY, out) == 0
    text = out.getvalue()
    for heading in ("Random playouts", "One call at a time", "Cost per step", "Memory"):
        section = text[text.index(heading) :]
        for name in GAMES:
            assert name in section, (heading, name)
    if script.load_dominoes() is None:
        assert script.INSTALL_HINT in text
    else:
        assert "x dominoes" in text and "(dominoes, cloned)" in text


def test_without_open_spiel_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    script = load_script()
    monkeypatch.setattr(script, "load_dominoes", lambda: None)
    out = io.StringIO()
    assert script.main([*TINY, "--game", "zombie_run"], out) == 0
    text = out.getvalue()
    assert "pip install open_spiel==2.0.2" in text
    assert "x dominoes" not in text
    assert "zombie_run" in text


def test_exact_sampler_draws_each_outcome_with_its_probability() -> None:
    pick = load_script().pick_exact
    outcomes = (("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3)))
    rng = random.Random(3)
    counts = {"a": 0, "b": 0, "c": 0}
    for _ in range(6000):
        counts[pick(outcomes, rng)] += 1
    assert 850 < counts["a"] < 1150 and 2800 < counts["b"] < 3200 and 1800 < counts["c"] < 2200


def test_unknown_game_exits_2() -> None:
    assert load_script().main(["--game", "nope"], io.StringIO()) == 2
