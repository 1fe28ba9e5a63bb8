"""Texas Zombies: tell how you escaped, using the Objects the next card demands.

The story itself happens between people; the engine models everything around it
(the decks, the hidden teams, how many Objects a story must use, the secret vote,
the rewards and the team scoring) and lets a front end attach the story text.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``),
``scoring`` (the revealed teams and team totals) and ``GAME``, the record generic
code uses.

Its face lives here too, so no front end or tool needs a table of titles:
``guide`` (help, rules and card texts), ``board`` (the view as a page draws it),
``facts`` (how to read its results) and ``search`` (what a search bot should know).
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.builder import build_game
from zombie_rules.core.game import Game
from zombie_rules.texas_zombies.agents import HeuristicAgent
from zombie_rules.texas_zombies.board import board
from zombie_rules.texas_zombies.cards import (
    DEFAULT_EVENTS,
    DEFAULT_OBJECTS,
    HAND_SIZE,
    TEAMS,
    Team,
    spread_events,
)
from zombie_rules.texas_zombies.checks import (
    candidate_moves,
    card_census,
    card_set,
    check_state,
    check_view,
    hidden_variant,
    rounds_played,
    without_story,
)
from zombie_rules.texas_zombies.config import Config, LastStory
from zombie_rules.texas_zombies.describe import account, describe, label
from zombie_rules.texas_zombies.determinize import determinize
from zombie_rules.texas_zombies.effects import EventEffect, known_effects, register_effect
from zombie_rules.texas_zombies.events import EVENTS, events
from zombie_rules.texas_zombies.facts import FACTS
from zombie_rules.texas_zombies.guide import GUIDE
from zombie_rules.texas_zombies.learning import learning as learning
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
from zombie_rules.texas_zombies.search import SEARCH
from zombie_rules.texas_zombies.state import Action, Move, Phase, Scoring, State, TurnRecord
from zombie_rules.texas_zombies.views import View, render, view

#: What tests and walks vary, for each ``Config`` field worth varying.
CONFIG_SPACE = {
    "players": (3, 4, 5, 6),
    "first_player": (0, 1, 2),
    "events": (DEFAULT_EVENTS, spread_events((30, 0, 0)), spread_events((4, 6, 20))),
    "objects": (DEFAULT_OBJECTS, DEFAULT_OBJECTS[:18]),
    "events_per_player": (1, 3, 5),
    "split_public": (False, True),
    "team_sizes": (None, (4, 1)),
    "hand_size": (3, 4),
    "last_story": tuple(LastStory),
}
AGENTS = {"heuristic": HeuristicAgent}
#: A tell carries its story as free text; its plain form is what the rules check.
without_annotation = without_story

GAME: Game[Config, State, Move, View] = build_game(__name__)

__all__ = [
    "AGENTS",
    "CHANCE",
    "CONFIG_SPACE",
    "DEFAULT_EVENTS",
    "DEFAULT_OBJECTS",
    "EVENTS",
    "FACTS",
    "GAME",
    "GUIDE",
    "HAND_SIZE",
    "SEARCH",
    "TEAMS",
    "Action",
    "Config",
    "EventEffect",
    "HeuristicAgent",
    "LastStory",
    "Move",
    "Phase",
    "Scoring",
    "State",
    "Team",
    "TurnRecord",
    "View",
    "account",
    "apply",
    "board",
    "candidate_moves",
    "card_census",
    "card_set",
    "chance_outcomes",
    "chance_weights",
    "check_state",
    "check_view",
    "describe",
    "determinize",
    "events",
    "hidden_variant",
    "known_effects",
    "label",
    "legal_moves",
    "new_game",
    "parse_move",
    "register_effect",
    "render",
    "result",
    "rounds_played",
    "scoring",
    "spread_events",
    "to_act",
    "view",
    "without_annotation",
]
