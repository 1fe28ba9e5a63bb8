"""A card used in play refills only its user's hand, and rows are replaced through lists.

``turns.refill`` walks the table from the seat whose turn it is to find the short
hands; a card used in ``PLAY`` (or a penalty flip) tells it the one seat that may
be short (``short=``), since every hand still in was full. Every move of every
``PLAY`` state of seeded games is applied both ways here: with the hint, and with
the walk round the table it stands for. The list-based row replacements are held
to the rules' own results by the golden files and the fingerprint of seeded games.
"""

from __future__ import annotations

from typing import Any

import pytest

from zombie_rules.testing import random_playout
from zombie_rules.zombie_doctor import GAME, Config, Phase, State, turns

CONFIGS = [
    Config(),
    Config(players=3),
    Config(players=2, hand_size=4),
    Config(hand_size=2),
    Config(bonus_mode=True),
]


def _play_states(config: Config, seed: int) -> list[State]:
    return [
        state
        for game in range(3)
        for state in random_playout(GAME, config, 3 * seed + game).states
        if state.phase is Phase.PLAY
    ]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_a_play_refills_as_the_walk_round_the_table_does(
    config: Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = _play_states(config, seed=17)
    hinted = [[GAME.apply(s, m) for m in GAME.legal_moves(s)] for s in states]
    hints: list[int] = []
    refill = turns.refill

    def walk(w: Any, dealing: bool, short: int = -1) -> State:
        hints.append(short)
        return refill(w, dealing)

    monkeypatch.setattr(turns, "refill", walk)
    walked = [[GAME.apply(s, m) for m in GAME.legal_moves(s)] for s in states]
    assert walked == hinted
    assert any(h >= 0 for h in hints)  # the hint was given, and ignored, here
