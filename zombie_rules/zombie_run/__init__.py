"""Zombie Run!: swap low cards in, shout when your hand holds the fewest zombies.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``)
and ``GAME``, the record generic code uses.

Its face lives here too, so no front end or tool needs a table of titles:
``guide`` (help, rules and card texts), ``board`` (the view as a page draws it),
``facts`` (how to read its results) and ``search`` (what a search bot should know).
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.builder import build_game
from zombie_rules.core.game import Game
from zombie_rules.zombie_run.agents import HeuristicAgent
from zombie_rules.zombie_run.board import board
from zombie_rules.zombie_run.cards import DEFAULT_DECK, EMPTY_STREETS, ZOMBIE_HORDE, card_name
from zombie_rules.zombie_run.checks import (
    candidate_moves,
    card_census,
    card_set,
    check_state,
    hidden_variant,
    rounds_played,
)
from zombie_rules.zombie_run.config import Config, TieBreak, hand_total
from zombie_rules.zombie_run.describe import account, describe, label
from zombie_rules.zombie_run.determinize import determinize
from zombie_rules.zombie_run.events import EVENTS, events
from zombie_rules.zombie_run.facts import FACTS
from zombie_rules.zombie_run.guide import GUIDE
from zombie_rules.zombie_run.learning import learning as learning
from zombie_rules.zombie_run.notation import parse_move
from zombie_rules.zombie_run.rules import (
    apply,
    chance_outcomes,
    chance_weights,
    legal_moves,
    new_game,
    result,
    to_act,
)
from zombie_rules.zombie_run.search import SEARCH
from zombie_rules.zombie_run.specials import SpecialCard, known_card_effects, register_card_effect
from zombie_rules.zombie_run.state import Action, Move, Phase, Reshuffle, RoundResult, State
from zombie_rules.zombie_run.views import View, render, view

#: What tests and walks vary, for each ``Config`` field worth varying.
CONFIG_SPACE = {
    "players": (2, 3, 4, 5, 6, 7),
    "rounds": (1, 2, 5),
    "hand_size": (4, 5, 6),
    "peek_count": (0, 2),
    "discard_taken_card": (False, True),
    "reshuffle_keeps_top": (True, False),
    "tie_break": tuple(TieBreak),
    "turn_limit": (None, 3, 40),
    # A small deck runs out within a few turns, so walks reach reshuffled Draw Piles.
    "deck": (DEFAULT_DECK, ((0, 6), (1, 6), (5, 6), (15, 6))),
    # Special cards of every effect: walks reach drawn reveals and kept effects.
    "specials": (
        (),
        (
            SpecialCard("Flare", "reveal_discard", 5, 2),
            SpecialCard("Lookout", "peek_one", 0, 2),
            SpecialCard("Medkit", "counts_as", -5, 2),
            SpecialCard("Shotgun", "cancels_highest", 2, 1),
        ),
    ),
}
AGENTS = {"heuristic": HeuristicAgent}

GAME: Game[Config, State, Move, View] = build_game(__name__)

__all__ = [
    "AGENTS",
    "CHANCE",
    "CONFIG_SPACE",
    "DEFAULT_DECK",
    "EMPTY_STREETS",
    "EVENTS",
    "FACTS",
    "GAME",
    "GUIDE",
    "SEARCH",
    "ZOMBIE_HORDE",
    "Action",
    "Config",
    "HeuristicAgent",
    "Move",
    "Phase",
    "Reshuffle",
    "RoundResult",
    "SpecialCard",
    "State",
    "TieBreak",
    "View",
    "account",
    "apply",
    "board",
    "candidate_moves",
    "card_census",
    "card_name",
    "card_set",
    "chance_outcomes",
    "chance_weights",
    "check_state",
    "describe",
    "determinize",
    "events",
    "hand_total",
    "hidden_variant",
    "known_card_effects",
    "label",
    "legal_moves",
    "new_game",
    "parse_move",
    "register_card_effect",
    "render",
    "result",
    "rounds_played",
    "to_act",
    "view",
]
