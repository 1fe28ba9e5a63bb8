"""benchmarks/playouts.py runs every title and reports its speed (no timing thresholds here)."""

from __future__ import annotations

import io
import json
from types import ModuleType

from script_helpers import load_script as load_benchmark

from zombie_rules.registry import GAMES


def load_script() -> ModuleType:
    return load_benchmark("playouts.py", "playouts_benchmark")


def test_benchmark_reports_positive_speeds_for_every_game() -> None:
    out = io.StringIO()
    code = load_script().main(["--games", "2", "--seed", "3", "--min-time", "0", "--json"], out)
    assert code == 0
    rows = json.loads(out.getvalue())
    assert sorted(row["game"] for row in rows) == sorted(GAMES)
    for row in rows:
        assert row["games"] == 2
        assert row["moves"] > 0
        for key in ("games_per_s", "moves_per_s", "us_per_legal_moves", "us_per_apply"):
            assert row[key] > 0, (row["game"], key)


def test_benchmark_table_and_single_game() -> None:
    out = io.StringIO()
    code = load_script().main(["--games", "1", "--game", "zombie_run", "--min-time", "0"], out)
    assert code == 0
    lines = out.getvalue().splitlines()
    assert "moves/s" in lines[0]
    assert [line.split()[0] for line in lines[2:]] == ["zombie_run"]


def test_benchmark_unknown_game_exits_2() -> None:
    assert load_script().main(["--game", "nope"], io.StringIO()) == 2
