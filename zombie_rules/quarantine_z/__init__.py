"""Quarantine Z: one Zombie Player against the Survivors.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``)
and ``GAME``, the record generic code uses.
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.game import Game
from zombie_rules.quarantine_z import checks
from zombie_rules.quarantine_z.agents import HeuristicAgent
from zombie_rules.quarantine_z.cards import (
    BUILDINGS,
    ITEMS,
    VARIABLE_LOOT,
    ZOMBIE_CARDS,
    Building,
    Deck,
    Event,
    Face,
    Item,
    Kind,
    ZombieCard,
)
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.describe import describe
from zombie_rules.quarantine_z.determinize import determinize
from zombie_rules.quarantine_z.notation import parse_move
from zombie_rules.quarantine_z.rules import (
    apply,
    chance_outcomes,
    chance_weights,
    legal_moves,
    new_game,
    result,
    to_act,
)
from zombie_rules.quarantine_z.state import (
    Action,
    Combat,
    Commit,
    Location,
    Move,
    Phase,
    State,
    Survivor,
    Zombie,
)
from zombie_rules.quarantine_z.views import View, render, view

GAME: Game[Config, State, Move, View] = Game(
    name="quarantine_z",
    config_type=Config,
    state_type=State,
    move_type=Move,
    view_type=View,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    chance_outcomes=chance_outcomes,
    to_act=to_act,
    view=view,
    result=result,
    parse_move=parse_move,
    describe=describe,
    chance_weights=chance_weights,
    config_of=lambda state: state.config,
    players=lambda config: config.players,
    card_set=checks.card_set,
    card_census=checks.card_census,
    hidden_variant=checks.hidden_variant,
    determinize=determinize,
    candidate_moves=checks.candidate_moves,
    check_state=checks.check_state,
    check_view=checks.check_view,
    config_space={
        "players": (3, 4, 5),
        "zombie_seat": (0, 1, 2),
        "zombies_per_step": (1, 2),
        "zombie_may_pass": (False, True),
        "free_actions": (0, 2, 6),
        "allow_steal": (True, False),
        "survivor_life": (1, 3),
        "give_way": (True, False),
        "player_scaling": (True, False),
    },
    rounds_played=checks.rounds_played,
    render=render,
    agents={"heuristic": HeuristicAgent},
)

__all__ = [
    "BUILDINGS",
    "CHANCE",
    "GAME",
    "ITEMS",
    "VARIABLE_LOOT",
    "ZOMBIE_CARDS",
    "Action",
    "Building",
    "Combat",
    "Commit",
    "Config",
    "Deck",
    "Event",
    "Face",
    "HeuristicAgent",
    "Item",
    "Kind",
    "Location",
    "Move",
    "Phase",
    "State",
    "Survivor",
    "View",
    "Zombie",
    "ZombieCard",
    "apply",
    "chance_outcomes",
    "chance_weights",
    "describe",
    "determinize",
    "legal_moves",
    "new_game",
    "parse_move",
    "render",
    "result",
    "to_act",
    "view",
]
