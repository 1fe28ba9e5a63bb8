"""Texas Zombies: tell how you escaped, using the Objects the next card demands.

The story itself happens between people; the engine models everything around it
(the decks, the hidden teams, how many Objects a story must use, the secret vote,
the rewards and the team scoring) and lets a front end attach the story text.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``),
``scoring`` (the revealed teams and team totals) and ``GAME``, the record generic
code uses.
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.game import Game
from zombie_rules.texas_zombies import checks
from zombie_rules.texas_zombies.agents import HeuristicAgent
from zombie_rules.texas_zombies.cards import (
    DEFAULT_EVENTS,
    DEFAULT_OBJECTS,
    HAND_SIZE,
    TEAMS,
    Team,
    spread_events,
)
from zombie_rules.texas_zombies.config import Config
from zombie_rules.texas_zombies.describe import describe
from zombie_rules.texas_zombies.determinize import determinize
from zombie_rules.texas_zombies.notation import parse_move
from zombie_rules.texas_zombies.rules import (
    apply,
    chance_outcomes,
    chance_weights,
    legal_moves,
    new_game,
    result,
    scoring,
    to_act,
)
from zombie_rules.texas_zombies.state import Action, Move, Phase, Scoring, State, TurnRecord
from zombie_rules.texas_zombies.views import View, render, view

GAME: Game[Config, State, Move, View] = Game(
    name="texas_zombies",
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
        "players": (3, 4, 5, 6),
        "first_player": (0, 1, 2),
        "events": (DEFAULT_EVENTS, spread_events((30, 0, 0)), spread_events((4, 6, 20))),
        "objects": (DEFAULT_OBJECTS, DEFAULT_OBJECTS[:18]),
        "events_per_player": (1, 3, 5),
        "split_public": (False, True),
    },
    rounds_played=checks.rounds_played,
    render=render,
    agents={"heuristic": HeuristicAgent},
    without_annotation=checks.without_story,
)

__all__ = [
    "CHANCE",
    "DEFAULT_EVENTS",
    "DEFAULT_OBJECTS",
    "GAME",
    "HAND_SIZE",
    "TEAMS",
    "Action",
    "Config",
    "HeuristicAgent",
    "Move",
    "Phase",
    "Scoring",
    "State",
    "Team",
    "TurnRecord",
    "View",
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
    "scoring",
    "spread_events",
    "to_act",
    "view",
]
