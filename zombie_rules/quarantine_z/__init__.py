"""Quarantine Z: one Zombie Player against the Survivors.

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
from zombie_rules.quarantine_z.agents import HeuristicAgent
from zombie_rules.quarantine_z.board import board
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
from zombie_rules.quarantine_z.checks import (
    candidate_moves,
    card_census,
    card_set,
    check_state,
    check_view,
    hidden_variant,
    rounds_played,
)
from zombie_rules.quarantine_z.config import Config
from zombie_rules.quarantine_z.custom import (
    CardEffect,
    Played,
    Point,
    Who,
    known_effects,
    register_effect,
    unregister_effect,
)
from zombie_rules.quarantine_z.describe import account, describe, label
from zombie_rules.quarantine_z.determinize import determinize
from zombie_rules.quarantine_z.events import EVENTS, events
from zombie_rules.quarantine_z.facts import FACTS
from zombie_rules.quarantine_z.guide import GUIDE
from zombie_rules.quarantine_z.learning import learning as learning
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
from zombie_rules.quarantine_z.search import SEARCH
from zombie_rules.quarantine_z.state import (
    NOWHERE,
    Action,
    Combat,
    Commit,
    Location,
    Move,
    Phase,
    State,
    Survivor,
    Target,
    TargetKind,
    Zombie,
)
from zombie_rules.quarantine_z.steps import (
    Ambush,
    Bite,
    Claim,
    LootDraw,
    SetupDraw,
    ShelterDiscards,
    Steal,
    Step,
    Turn,
    ZombieDraws,
    ZombiesStep,
)
from zombie_rules.quarantine_z.views import ClaimedCard, ClaimView, StepView, View, render, view

#: The shape of saved states and records: 2 since combat targets are tagged records
#: (``Target``) instead of ``100 + seat`` ints; 3 since each phase keeps a step record
#: (``State.step``) instead of ``turn``/``pick``/``count``/``resume``/``claim``, and
#: zombies keep a number for as long as they are in play (moves name them by it).
FORMAT_VERSION = 3

#: What tests and walks vary, for each ``Config`` field worth varying.
CONFIG_SPACE = {
    "players": (3, 4, 5),
    "zombie_seat": (0, 1, 2),
    "zombies_per_step": (1, 2),
    "zombie_may_pass": (False, True),
    "free_actions": (0, 2, 6),
    "allow_steal": (True, False),
    "survivor_life": (1, 3),
    "give_way": (True, False),
    "player_scaling": (True, False),
}
AGENTS = {"heuristic": HeuristicAgent}

GAME: Game[Config, State, Move, View] = build_game(__name__)

__all__ = [
    "AGENTS",
    "BUILDINGS",
    "CHANCE",
    "CONFIG_SPACE",
    "EVENTS",
    "FACTS",
    "GAME",
    "GUIDE",
    "ITEMS",
    "NOWHERE",
    "SEARCH",
    "VARIABLE_LOOT",
    "ZOMBIE_CARDS",
    "Action",
    "Ambush",
    "Bite",
    "Building",
    "CardEffect",
    "Claim",
    "ClaimView",
    "ClaimedCard",
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
    "LootDraw",
    "Move",
    "Phase",
    "Played",
    "Point",
    "SetupDraw",
    "ShelterDiscards",
    "State",
    "Steal",
    "Step",
    "StepView",
    "Survivor",
    "Target",
    "TargetKind",
    "Turn",
    "View",
    "Who",
    "Zombie",
    "ZombieCard",
    "ZombieDraws",
    "ZombiesStep",
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
    "to_act",
    "unregister_effect",
    "view",
]
