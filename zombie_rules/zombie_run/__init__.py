"""Zombie Run!: swap low cards in, shout when your hand holds the fewest zombies.

The module exports the shared protocol (``Config``, ``new_game``, ``legal_moves``,
``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``, ``parse_move``)
and ``GAME``, the record generic code uses.
"""

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.game import Game
from zombie_rules.zombie_run import checks
from zombie_rules.zombie_run.agents import HeuristicAgent
from zombie_rules.zombie_run.cards import DEFAULT_DECK, EMPTY_STREETS, ZOMBIE_HORDE, card_name
from zombie_rules.zombie_run.config import Config, TieBreak
from zombie_rules.zombie_run.describe import describe
from zombie_rules.zombie_run.determinize import determinize
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
from zombie_rules.zombie_run.state import Action, Move, Phase, Reshuffle, RoundResult, State
from zombie_rules.zombie_run.views import View, render, view

GAME: Game[Config, State, Move, View] = Game(
    name="zombie_run",
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
    config_space={
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
    },
    rounds_played=checks.rounds_played,
    render=render,
    agents={"heuristic": HeuristicAgent},
)

__all__ = [
    "CHANCE",
    "DEFAULT_DECK",
    "EMPTY_STREETS",
    "GAME",
    "ZOMBIE_HORDE",
    "Action",
    "Config",
    "HeuristicAgent",
    "Move",
    "Phase",
    "Reshuffle",
    "RoundResult",
    "State",
    "TieBreak",
    "View",
    "apply",
    "card_name",
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
