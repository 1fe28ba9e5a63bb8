"""Golden playthroughs: one seeded game per title with every seat's view and account at every step.

Any change to what a seat sees or is told (``describe``), to the move notation or
to the rules' outcomes shows up as a diff of ``tests/golden/<title>.txt``. After an intended change,
regenerate with ``ZOMBIE_RULES_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py``
and review the diff like code.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from zombie_rules import GAMES
from zombie_rules.play import RandomAgent, play_game, replay
from zombie_rules.serialize import to_json

GOLDEN_DIR = Path(__file__).parent / "golden"
#: Config fields per title that keep its golden file short but still cover a whole game.
GOLDEN_CONFIGS: dict[str, dict[str, Any]] = {
    "zombie_run": {"players": 3, "rounds": 1},
    "zombie_doctor": {"players": 2},
    "texas_zombies": {"players": 3},
    "quarantine_z": {"players": 3},
}
SEED = 20261130


def render_playthrough(name: str) -> str:
    game = GAMES[name]
    config = game.config_type(**GOLDEN_CONFIGS.get(name, {}))
    seats = game.players(config)
    # The title's own bot plays longer, more typical games than random moves.
    agent = game.agents.get("heuristic", RandomAgent)
    record = play_game(game, config, [agent() for _ in range(seats)], seed=SEED)
    states = replay(record)
    lines = [f"# {name} golden playthrough, seed {SEED}", f"config {to_json(config)}"]
    for step, state in enumerate(states):
        if step:
            move, before = record.moves[step - 1], states[step - 1]
            lines.append(f"move {step}: {move}")
            for seat in (*range(seats), None):
                told = json.dumps(game.describe(before, move, seat), ensure_ascii=False)
                lines.append(f"  told {'-' if seat is None else seat}: {told}")
        for seat in (*range(seats), None):
            lines.append(f"  view {'-' if seat is None else seat}: {_view_json(game, state, seat)}")
    lines.append(f"result {to_json(game.result(states[-1]))}")
    return "\n".join(lines) + "\n"


def _view_json(game: Any, state: Any, seat: int | None) -> str:
    # The config is written once at the top; repeating it in every view is noise.
    data = json.loads(to_json(game.view(state, seat)))
    data.pop("config", None)
    return json.dumps(data, separators=(",", ":"))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough_matches(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.txt"
    actual = render_playthrough(name)
    if os.environ.get("ZOMBIE_RULES_UPDATE_GOLDEN") == "1":
        path.write_text(actual)
    assert path.exists(), f"{path} is missing: run with ZOMBIE_RULES_UPDATE_GOLDEN=1 to create it"
    expected = path.read_text()
    if actual != expected:
        for number, (a, e) in enumerate(
            zip(actual.splitlines(), expected.splitlines(), strict=False)
        ):
            assert a == e, f"{path.name} line {number + 1} differs:\n got      {a}\n expected {e}"
        assert actual == expected, f"{path.name}: the playthrough's length changed"
