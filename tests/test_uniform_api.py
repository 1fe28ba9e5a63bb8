"""One uniform API: every title exports the same protocol names, typed the same way."""

from __future__ import annotations

import importlib

import pytest

from zombie_rules import CHANCE, GAMES

#: The names every title module exports (docs/architecture.md lists what each is).
PROTOCOL = (
    "CHANCE",
    "GAME",
    "Config",
    "State",
    "Move",
    "View",
    "new_game",
    "legal_moves",
    "apply",
    "chance_outcomes",
    "to_act",
    "view",
    "result",
    "parse_move",
    "describe",
    "determinize",
    "render",
)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_title_exports_the_protocol(name: str) -> None:
    module = importlib.import_module(f"zombie_rules.{name}")
    missing = [n for n in PROTOCOL if not hasattr(module, n)]
    assert not missing, f"{name} lacks {missing}"
    unlisted = [n for n in PROTOCOL if n not in module.__all__]
    assert not unlisted, f"{name}.__all__ lacks {unlisted}"
    assert module.CHANCE == CHANCE
    game = module.GAME
    assert game is GAMES[name]
    for field in ("new_game", "legal_moves", "apply", "chance_outcomes", "to_act", "view"):
        assert getattr(game, field) is getattr(module, field), f"{name}.GAME.{field}"
    for field in ("result", "parse_move", "describe", "determinize"):
        assert getattr(game, field) is getattr(module, field), f"{name}.GAME.{field}"
    assert game.config_type is module.Config and game.state_type is module.State
    assert game.move_type is module.Move and game.view_type is module.View
