"""Quarantine Z's bot reads the rules' numbers instead of copying the rule arithmetic.

"The Escape Value is calculated by adding all Escape Value modifiers. These modifiers
come from the location of Combat, Zombies and other various items or effects."
The bot's estimate of an escape once used its own copy of that sum, with a different
condition for the location's modifier (issue 20); now both call
``combat.escape_modifiers``, and in every combat state the bot weighs an escape in,
what it computes from its view is what the rules compute from the state.
"""

from __future__ import annotations

from zombie_rules.play import play_game, replay
from zombie_rules.quarantine_z import GAME, Config, Phase, State, view
from zombie_rules.quarantine_z import agents as bot
from zombie_rules.quarantine_z._base import active
from zombie_rules.quarantine_z.agents import HeuristicAgent
from zombie_rules.quarantine_z.combat import escape_value


def _combat_states() -> list[State]:
    states = []
    for seed in range(12):
        config = Config(players=3 + seed % 3)
        agents = [HeuristicAgent() for _ in range(config.players)]
        record = play_game(GAME, config, agents, seed=seed, max_moves=600)
        states += [
            s
            for s in replay(record)
            if s.phase is Phase.COMMIT
            and s.combat is not None
            and s.combat.origin is not Phase.DECIDE
            and s.area[s.here].zombies
        ]
    return states


def test_the_bot_escape_value_is_the_rules() -> None:
    checked = 0
    for state in _combat_states():
        for s in active(state):
            seen = view(state, s)
            assert bot._escape_value(seen, s) == escape_value(state, s)
            checked += 1
    assert checked > 50
