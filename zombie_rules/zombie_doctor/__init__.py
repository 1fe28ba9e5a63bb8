"""Zombie Doctor: cure yourself, amputate your opponents, keep the infection from your head.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``),
``GAME``, the record generic code uses, and ``CustomCard`` for tables that design
their own pain/gain cards (see ``examples/zombie_doctor_custom_card_test.py``).

Modules, one job each:

- ``cards``: the components as data (characters, body slots, the default deck);
- ``config``: ``Config``, ``CustomCard`` and per-config lookup tables;
- ``state``: the immutable ``State`` and ``Move`` and their enums;
- ``usability``: when and how each card can be used (``card_uses``, ``flip_choices``,
  ``opponents``), the one place ``legal_moves`` and ``apply`` both ask;
- ``effects``: what each card, built-in or custom, does once used;
- ``turns``: bookkeeping after every action (own flip, refill, next turn);
- ``knowledge``: what each seat (and the whole table) remembers of other hands,
  updated by ``turns`` and ``effects`` and kept by ``determinize``;
- ``rules``: the protocol (``new_game``, ``legal_moves``, ``to_act``, chance,
  ``apply`` with its per-phase checks, ``result``);
- ``views``, ``notation``, ``describe``, ``agents``, ``checks``: views, move
  parsing, the per-seat account of a move, the heuristic agent, and the hooks the
  generic tests use.

``Config()`` is the rulebook game plus one house rule, a safety round cap
(``round_limit``; see the rulings).
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.game import Game
from zombie_rules.zombie_doctor import checks
from zombie_rules.zombie_doctor.agents import HeuristicAgent
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
from zombie_rules.zombie_doctor.config import DEFAULT_ROUND_LIMIT, Config, CustomCard
from zombie_rules.zombie_doctor.describe import describe
from zombie_rules.zombie_doctor.determinize import determinize
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
from zombie_rules.zombie_doctor.state import Action, Move, Phase, State, Status
from zombie_rules.zombie_doctor.usability import card_uses, flip_choices, opponents
from zombie_rules.zombie_doctor.views import View, render, view

GAME: Game[Config, State, Move, View] = Game(
    name="zombie_doctor",
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
        "players": (2, 3, 4),
        "first_player": (0, 1),
        "hand_size": (2, 3, 4),
        "bonus_mode": (False, True),
        "round_limit": (None, 5, DEFAULT_ROUND_LIMIT),
    },
    rounds_played=checks.rounds_played,
    render=render,
    agents={"heuristic": HeuristicAgent},
)

__all__ = [
    "BUILT_IN",
    "CHANCE",
    "CHARACTERS",
    "DEFAULT_DECK",
    "DEFAULT_ROUND_LIMIT",
    "GAME",
    "HEAD",
    "LEFT_ARM",
    "LEFT_LEG",
    "LIMBS",
    "MISSING",
    "RIGHT_ARM",
    "RIGHT_LEG",
    "SLOT_NAMES",
    "TORSO",
    "Action",
    "Config",
    "CustomCard",
    "HeuristicAgent",
    "Move",
    "Phase",
    "State",
    "Status",
    "View",
    "apply",
    "card",
    "card_uses",
    "chance_outcomes",
    "chance_weights",
    "character_of",
    "describe",
    "determinize",
    "flip_choices",
    "is_healthy",
    "is_infected",
    "legal_moves",
    "new_game",
    "opponents",
    "parse_move",
    "render",
    "result",
    "to_act",
    "view",
]
