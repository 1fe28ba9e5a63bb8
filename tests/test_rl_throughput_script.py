"""benchmarks/rl_throughput.py runs every title's environment beside PettingZoo's (no timings),
every side picking its random action the same way."""

from __future__ import annotations

import io
import json
from types import ModuleType

from script_helpers import load_script as load

from zombie_rules import GAMES
from zombie_rules.rl import pettingzoo_env


def load_script() -> ModuleType:
    return load("rl_throughput.py", "rl_throughput_benchmark")


def test_it_reports_every_environment_against_texas_holdem() -> None:
    out = io.StringIO()
    assert load_script().main(["--rounds", "1", "--steps", "40", "--json"], out) == 0
    rows = {row["env"]: row for row in json.loads(out.getvalue())}
    learned = {name for name, game in GAMES.items() if game.learning is not None}
    assert set(rows) == {"texas_holdem_v4", "connect_four_v3", *learned}
    assert rows["texas_holdem_v4"]["vs_texas_holdem"] == 1.0
    for row in rows.values():
        assert row["steps"] >= 40 and row["steps_per_s"] > 0


def test_a_table_for_one_title_and_an_unknown_one() -> None:
    out = io.StringIO()
    script = load_script()
    args = ["--rounds", "1", "--steps", "20", "--game", "zombie_run", "--no-baseline"]
    assert script.main(args, out) == 0
    lines = out.getvalue().splitlines()
    assert "steps/s" in lines[0] and lines[2].split()[0] == "zombie_run"
    assert script.main(["--game", "nope"], io.StringIO()) == 2


def test_every_side_picks_its_action_the_same_way() -> None:
    """Both pickers draw only legal actions, for our environments and PettingZoo's alike,
    and ``--pick sample`` runs through Gymnasium's masked ``sample``."""
    import random

    import numpy as np

    script = load_script()
    for make in (script.comparators()["texas_holdem_v4"], lambda: pettingzoo_env("zombie_run")):
        env = make()
        env.reset(seed=1)
        for pick in script.PICKS:
            choose = script.picker(env, pick, random.Random(2))
            mask = env.last()[0]["action_mask"]
            for _ in range(20):
                assert choose(env.agent_selection, mask) in set(np.flatnonzero(mask).tolist())
    out = io.StringIO()
    args = ["--rounds", "1", "--steps", "20", "--game", "zombie_run", "--pick", "sample", "--json"]
    assert script.main(args, out) == 0
    assert json.loads(out.getvalue())[-1]["env"] == "zombie_run"
