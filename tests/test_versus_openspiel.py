"""benchmarks/versus_openspiel.py prints every table for every title (no timing thresholds here)."""

from __future__ import annotations

import importlib.util
import io
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from zombie_rules.core.actors import CHANCE
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
    for heading in ("Random playouts", "One call at a time", "Cost per step", "by kind", "Memory"):
        section = text[text.index(heading) :]
        for name in GAMES:
            assert name in section, (heading, name)
    if script.load_dominoes() is None:
        assert script.INSTALL_HINT in text
    else:
        assert "x dominoes" in text and "(dominoes, cloned)" in text
    assert "exact/sampler" in text


def test_without_open_spiel_it_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    script = load_script()
    monkeypatch.setattr(script, "load_dominoes", lambda: None)
    out = io.StringIO()
    assert script.main([*TINY, "--game", "zombie_run"], out) == 0
    text = out.getvalue()
    assert "pip install open_spiel==2.0.2" in text
    assert "x dominoes" not in text
    assert "zombie_run" in text and "exact/sampler" in text


class Calls(Counter[str]):
    """How often each protocol function was called, through wrappers that count."""

    def wrap(self, name: str, func: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            self[name] += 1
            return func(*args)

        return counted


PROTOCOL = ("to_act", "legal_moves", "apply", "chance_weights", "chance_outcomes", "result", "view")


@pytest.mark.parametrize("exact", [False, True], ids=["sample_chance", "chance_outcomes"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_titles_loop_makes_its_natural_calls_and_no_others(name: str, exact: bool) -> None:
    """``to_act`` at every state, then a chance draw or ``legal_moves``, then ``apply``."""
    game, calls = GAMES[name], Calls()
    counted = attrs.evolve(game, **{f: calls.wrap(f, getattr(game, f)) for f in PROTOCOL})
    steps = load_script().title_playout(counted, game.config_type(), random.Random(1), exact)
    chance_call = "chance_outcomes" if exact else "chance_weights"  # sample_chance asks weights
    assert steps > 0 and calls["apply"] == steps
    assert calls["to_act"] == steps + 1  # the last one finds the game over
    assert calls["legal_moves"] > 0 and calls[chance_call] > 0
    assert calls["legal_moves"] + calls[chance_call] == steps
    assert set(calls) == {"to_act", "legal_moves", chance_call, "apply"}


class FakeDominoes:
    """A stand-in for a ``pyspiel`` game: one chance node, then seat moves; it counts every call."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()

    def new_initial_state(self) -> FakeDominoes:
        self.played: list[int] = []
        return self

    def __getattr__(self, name: str) -> Any:  # any call the natural loop must not make
        if name.startswith("__"):
            raise AttributeError(name)
        self.calls[name] += 1
        return lambda *args: 0

    def _count(self, name: str) -> None:
        self.calls[name] += 1

    def is_terminal(self) -> bool:
        self._count("is_terminal")
        return len(self.played) == 4

    def is_chance_node(self) -> bool:
        self._count("is_chance_node")
        return not self.played

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self._count("chance_outcomes")
        return [(7, 0.5), (8, 0.5)]

    def legal_actions(self) -> list[int]:
        self._count("legal_actions")
        return [1, 2, 3]

    def apply_action(self, action: int) -> None:
        self._count("apply_action")
        assert len(self.played) < 4, "played on past the end (a loop that never asks is_terminal)"
        self.played.append(action)


def test_the_dominoes_loop_makes_openspiels_natural_calls_and_no_others() -> None:
    """``is_terminal``, ``is_chance_node``, then ``chance_outcomes`` or ``legal_actions``, apply."""
    game = FakeDominoes()
    assert load_script().dominoes_playout(game, random.Random(0)) == 4
    assert game.played[0] in (7, 8) and all(a in (1, 2, 3) for a in game.played[1:])
    assert game.calls == Counter(
        is_terminal=5, is_chance_node=4, chance_outcomes=1, legal_actions=3, apply_action=4
    )


def test_the_recorded_games_are_whole_games() -> None:
    game = GAMES["zombie_run"]
    (states,), (moves,) = load_script().recorded_states(game, 1, 0)
    assert len(states) == len(moves) + 1 and game.result(states[-1]) is not None
    assert CHANCE in game.to_act(states[0]) or game.legal_moves(states[0])


def test_unknown_game_exits_2() -> None:
    assert load_script().main(["--game", "nope"], io.StringIO()) == 2


def test_the_by_kind_table_keeps_each_kind_of_move_apart() -> None:
    """Each step's time lands in its own kind's row and in its step-index bucket."""
    script = load_script()
    row = script.by_length(GAMES["zombie_run"], 3, 0)
    kinds = row["kinds"]
    game = GAMES["zombie_run"]
    played = {
        script.step_kind(move, game.events(before, move, after), before.phase, after.phase)
        for states, moves in zip(*script.recorded_states(game, 3, 0), strict=True)
        for before, move, after in zip(states, moves, states[1:], strict=False)
    }
    assert set(kinds) == played
    for values in kinds.values():
        assert len(values) == len(script.BUCKETS)
    assert script.late_over_early([None, 2.0, None, 3.0]) == 1.5
    assert script.late_over_early([None, 2.0, None]) is None
    table = script.by_kind_table([row])
    assert "late/early" in table and "zombie_run" in table


def test_a_kind_that_works_through_a_bounded_part_of_the_state_says_how_much() -> None:
    """An X-Ray take is tagged with the seats that remember the target's hand, a Quarantine Z
    combat step with the zombies in the fight; other steps and titles are not tagged."""
    script = load_script()
    tags: dict[str, set[str]] = {}
    for name in ("zombie_doctor", "quarantine_z", "zombie_run"):
        row = script.by_length(GAMES[name], 6, 1)
        tags[name] = {kind.partition(" [")[2] for kind in row["kinds"]}
    doctor = tags["zombie_doctor"] - {""}
    assert doctor and all(tag.startswith("hand remembered by") for tag in doctor)
    assert any(tag.startswith(("hand remembered by 2", "hand remembered by 3")) for tag in doctor)
    combat = tags["quarantine_z"] - {""}
    assert combat and all("zombies in the fight" in tag for tag in combat)
    assert tags["zombie_run"] == {""}
    zd = GAMES["zombie_doctor"]
    states, _ = script.recorded_states(zd, 2, 0)
    for state in states[0]:
        tagged = script.WORKLOADS["zombie_doctor"](state)
        assert bool(tagged) == (state.xray_target >= 0)


def test_a_steps_kind_names_the_phase_it_led_to_when_it_changed_it() -> None:
    """The last Survivor's Sneak roll, after which the Zombie Player draws, is kept apart."""
    script = load_script()
    (moves,) = script.recorded_states(GAMES["texas_zombies"], 1, 0)[1]
    phase = GAMES["texas_zombies"].new_game(None).phase
    other = next(p for p in type(phase) if p != phase)
    assert script.step_kind(moves[0], (), phase, phase) == script.step_kind(moves[0], (), phase)
    assert script.step_kind(moves[0], ("story",), phase, other) == (
        f"{moves[0].action.value} @{phase.name.lower()} >{other.name.lower()} +story"
    )


def test_a_moves_kind_is_its_action_or_its_type() -> None:
    script = load_script()
    (moves,) = script.recorded_states(GAMES["texas_zombies"], 1, 0)[1]
    assert moves and all(script.step_kind(m) == m.action.value for m in moves)
    assert script.step_kind(3) == "int"


def test_a_steps_kind_names_the_events_it_caused() -> None:
    """A play that also ends the turn is kept apart from one that does not."""
    script = load_script()
    (moves,) = script.recorded_states(GAMES["texas_zombies"], 1, 0)[1]
    assert (
        script.step_kind(moves[0], ("story", "turn_end"))
        == f"{moves[0].action.value} +story+turn_end"
    )
    assert script.step_kind(moves[0], ()) == moves[0].action.value


def test_a_steps_kind_names_the_phase_it_was_played_in() -> None:
    """An item drawn at set-up is kept apart from one drawn as loot."""
    script = load_script()
    (moves,) = script.recorded_states(GAMES["texas_zombies"], 1, 0)[1]
    phase = GAMES["texas_zombies"].new_game(None).phase
    assert script.step_kind(moves[0], ("story",), phase) == (
        f"{moves[0].action.value} @{phase.name.lower()} +story"
    )
