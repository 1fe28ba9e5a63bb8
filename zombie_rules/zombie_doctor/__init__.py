"""Zombie Doctor: cure yourself, amputate your opponents, keep the infection from your head.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``),
``GAME``, the record generic code uses, and ``CustomCard`` for tables that design
their own pain/gain cards (see ``examples/zombie_doctor_custom_card_test.py``).

Modules, one job each:

- ``cards``: the components as data (characters, body slots, the default deck);
- ``config``: ``Config``, ``CustomCard`` and per-config lookup tables;
- ``vocabulary``: the steps a custom card is written in (``Step``) and the
  registered effects (``register_card_effect``), with who learns what;
- ``state``: the immutable ``State`` and ``Move`` and their enums;
- ``usability``: when and how each card can be used (``card_uses``, ``flip_choices``,
  ``opponents``), the one place ``legal_moves`` and ``apply`` both ask;
- ``effects``: what each card, built-in or custom, does once used (a custom card's
  steps and follow-ups in ``custom_effects``);
- ``turns``: bookkeeping after every action (own flip, refill, next turn);
- ``knowledge``: what each seat (and the whole table) remembers of other hands,
  updated by ``turns`` and ``effects`` and kept by ``determinize``;
- ``foresight``: what a seat's move will certainly set off (who goes out, a forced
  flip of the head, the end of the game), told by its label before it is chosen;
- ``rules``: the protocol (``new_game``, ``legal_moves``, ``to_act``, chance,
  ``apply`` with its per-phase checks, ``result``);
- ``views``, ``notation``, ``describe``, ``agents``, ``checks``: views, move
  parsing, the per-seat account of a move (a custom card's words in
  ``describe_custom``), the heuristic agent, and the hooks the
  generic tests use.
- ``guide``, ``board``, ``facts``, ``search``: the title's face (help and card texts,
  the view as a page draws it, how to read results, what a search bot should know),
  here so that no front end or tool needs a table of titles.

``Config()`` is the rulebook game plus one house rule, a safety round cap
(``round_limit``; see the rulings).
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.builder import build_game
from zombie_rules.core.game import Game
from zombie_rules.zombie_doctor.agents import HeuristicAgent
from zombie_rules.zombie_doctor.board import board
from zombie_rules.zombie_doctor.cards import (
    BUILT_IN,
    CHARACTERS,
    DEFAULT_DECK,
    HEAD,
    LEFT_ARM,
    LEFT_LEG,
    LIMBS,
    MISSING,
    RIGHT_ARM,
    RIGHT_LEG,
    SLOT_NAMES,
    TORSO,
    card,
    character_of,
    is_healthy,
    is_infected,
)
from zombie_rules.zombie_doctor.checks import (
    candidate_moves,
    card_census,
    card_set,
    check_state,
    check_view,
    hidden_variant,
    rounds_played,
)
from zombie_rules.zombie_doctor.config import DEFAULT_ROUND_LIMIT, Config, CustomCard
from zombie_rules.zombie_doctor.describe import account, describe, label
from zombie_rules.zombie_doctor.determinize import determinize
from zombie_rules.zombie_doctor.events import EVENTS, events
from zombie_rules.zombie_doctor.facts import FACTS
from zombie_rules.zombie_doctor.guide import GUIDE
from zombie_rules.zombie_doctor.learning import learning as learning
from zombie_rules.zombie_doctor.notation import parse_move
from zombie_rules.zombie_doctor.rules import (
    apply,
    chance_outcomes,
    chance_weights,
    legal_moves,
    new_game,
    result,
    to_act,
)
from zombie_rules.zombie_doctor.search import SEARCH
from zombie_rules.zombie_doctor.state import Action, Move, Phase, State, Status
from zombie_rules.zombie_doctor.usability import card_uses, flip_choices, opponents
from zombie_rules.zombie_doctor.views import View, render, view
from zombie_rules.zombie_doctor.vocabulary import (
    STEPS,
    Step,
    known_card_effects,
    register_card_effect,
    unregister_card_effect,
)

#: What tests and walks vary, for each ``Config`` field worth varying.
CONFIG_SPACE = {
    "players": (2, 3, 4),
    "first_player": (0, 1),
    "hand_size": (2, 3, 4),
    "bonus_mode": (False, True),
    "round_limit": (None, 5, DEFAULT_ROUND_LIMIT),
}
AGENTS = {"heuristic": HeuristicAgent}

GAME: Game[Config, State, Move, View] = build_game(__name__)

__all__ = [
    "AGENTS",
    "BUILT_IN",
    "CHANCE",
    "CHARACTERS",
    "CONFIG_SPACE",
    "DEFAULT_DECK",
    "DEFAULT_ROUND_LIMIT",
    "EVENTS",
    "FACTS",
    "GAME",
    "GUIDE",
    "HEAD",
    "LEFT_ARM",
    "LEFT_LEG",
    "LIMBS",
    "MISSING",
    "RIGHT_ARM",
    "RIGHT_LEG",
    "SEARCH",
    "SLOT_NAMES",
    "STEPS",
    "TORSO",
    "Action",
    "Config",
    "CustomCard",
    "HeuristicAgent",
    "Move",
    "Phase",
    "State",
    "Status",
    "Step",
    "View",
    "account",
    "apply",
    "board",
    "candidate_moves",
    "card",
    "card_census",
    "card_set",
    "card_uses",
    "chance_outcomes",
    "chance_weights",
    "character_of",
    "check_state",
    "check_view",
    "describe",
    "determinize",
    "events",
    "flip_choices",
    "hidden_variant",
    "is_healthy",
    "is_infected",
    "known_card_effects",
    "label",
    "legal_moves",
    "new_game",
    "opponents",
    "parse_move",
    "register_card_effect",
    "render",
    "result",
    "rounds_played",
    "to_act",
    "unregister_card_effect",
    "view",
]
