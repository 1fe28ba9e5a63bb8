"""What the search bot knows of Quarantine Z: an evaluation, a shortlist and settings.

``SEARCH`` is the title's ``Game.search``: ``evaluate``, and as its settings
``SETTINGS``, the :class:`~zombie_rules.search.ISMCTSAgent` options ``make_ismcts``
starts from for this title (``benchmarks/search_strength.py`` measures them).

A Survivor wins only if the group does *and* it is alive at the end ("the living
Survivors win"), and the Zombie Player's bot bites the weakest. So a Survivor's
chance is not the group's: under the heuristic bots one Survivor in three of a
winning group is dead by the end, and which one depends on its own Life and Armor
far more than on its teammates'. The evaluation estimates each Survivor's own
chance, and the search finds the moves that raise it (taking the Kevlar Vest off
a teammate, running from a fight the others can finish), which a group-level
estimate scores as a wash.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from zombie_rules.core.scoring import winner_values
from zombie_rules.core.search_hints import SearchHints
from zombie_rules.quarantine_z._base import best_melee, living, zombie_deck_size, zombie_stats
from zombie_rules.quarantine_z.cards import Kind
from zombie_rules.quarantine_z.rules import result as quarantine_result
from zombie_rules.quarantine_z.state import Action, Move
from zombie_rules.quarantine_z.state import State as QuarantineState
from zombie_rules.quarantine_z.views import View as QuarantineView

#: Logistic weights of two chances, fitted by maximum likelihood on every sixth position of
#: 7,000 games between the heuristic bots (2,000 at 3 players, 3,000 at 4, 2,000 at 5; the
#: rulebook config with ruling 38), held-out log-loss per position in brackets:
#: the group's (the Zombie Player's value is the rest; 0.53 / 0.44 / 0.50 nats at 3 / 4 / 5
#: players, where the estimate fitted before ru 38 scored 0.62 / 0.50 / 0.59), and each
#: living Survivor's own (0.56 / 0.51 / 0.56, where the group's chance scored 0.57 at 4).
#: Features, in order: 1, living Survivors, dead ones, their Life, their Armor points, their
#: best melee bonuses, cards in the Zombie deck, in the Zombie Player's hand, Life left and
#: Damage of the zombies where the Survivors are, a combat going on, Shelters in the area.
_GROUP = (-0.724, -0.629, -0.237, 0.407, 0.235, 0.368, -0.045, -0.214, -0.131, -0.251, 0.234, 0.587)
_SURVIVOR = (
    -1.142, -0.666, -0.154, 0.262, 0.081, 0.247, -0.042, -0.164, -0.102, -0.201, 0.203, 0.382,
)  # fmt: skip
#: A Survivor's own Life, Armor points, best melee bonus and cards in hand, on top of the above.
_OWN_LIFE, _OWN_ARMOR, _OWN_MELEE, _OWN_HAND = 0.439, 0.292, 0.116, 0.031


def _logistic(score: float) -> float:
    return 1.0 / (1.0 + math.exp(-score))


def evaluate(state: QuarantineState) -> tuple[float, ...]:
    """The Zombie Player's chance of winning, and each living Survivor's own (the dead score 0)."""
    config = state.config
    final = quarantine_result(state)
    if final is not None:
        return winner_values(final, config.players)
    alive = living(state)
    life = armor = melee = 0
    own: dict[int, float] = {}
    for seat in alive:
        survivor = state.survivors[seat]
        bonus = best_melee(config, survivor)[0]
        life += survivor.life
        armor += survivor.armor
        melee += bonus
        own[seat] = (
            _OWN_LIFE * survivor.life
            + _OWN_ARMOR * survivor.armor
            + _OWN_MELEE * bonus
            + _OWN_HAND * len(survivor.hand)
        )
    zombie_life = zombie_damage = 0
    if state.here >= 0:
        for zombie in state.area[state.here].zombies:
            stats = zombie_stats(config, zombie)
            zombie_life += stats[0] - zombie.damage
            zombie_damage += stats[1]
    shelters = sum(1 for loc in state.area if config.buildings[loc.building].shelter)
    features = (
        1.0,
        len(alive),
        config.players - 1 - len(alive),
        life,
        armor,
        melee,
        zombie_deck_size(state),
        len(state.zombie_hand),
        zombie_life,
        zombie_damage,
        state.combat is not None,
        shelters,
    )
    group = sum(w * f for w, f in zip(_GROUP, features, strict=True))
    shared = sum(w * f for w, f in zip(_SURVIVOR, features, strict=True))
    values = [0.0] * config.players
    values[config.zombie_seat] = 1.0 - _logistic(group)
    for seat, mine in own.items():
        values[seat] = _logistic(shared + mine)
    return tuple(values)


#: Moves a Survivor's search leaves out: turning on the group (an ambush, a Survivor as a
#: combat target), handing its own cards away and stashing them. The policy's move is
#: always searched besides, so the bot still makes the gifts its heuristic makes.
_LEFT_OUT = frozenset({Action.AMBUSH, Action.TARGET_SURVIVOR, Action.GIVE, Action.STASH})


def shortlist(view: QuarantineView, legal_moves: Sequence[Move]) -> Sequence[Move]:
    """The moves worth a Survivor's search: no gifts or attacks on the group, one Shelter feed.

    Free actions are most of a Survivor's moves (a gift of each card to each
    teammate, an ambush of each with Fight or Shoot) and at a few hundred
    iterations each gets a handful of visits: measured on 212 decisions of
    heuristic games against full-game rollouts, searching them all found a third
    less of the gain than this list (the noise of the many gives the search false
    departures). Which card feeds a Shelter matters little beside whether to feed:
    one feed is kept, food first. The Zombie Player's moves are all kept.
    """
    if view.seat == view.config.zombie_seat:
        return legal_moves
    items = view.config.items
    kept: list[Move] = []
    feed: Move | None = None
    for move in legal_moves:
        action = move.action
        if action in _LEFT_OUT:
            continue
        if action is Action.FEED:
            if feed is None or (
                items[move.args[0]].kind is Kind.FOOD and items[feed.args[0]].kind is not Kind.FOOD
            ):
                feed = move
            continue
        kept.append(move)
    if feed is not None:
        kept.append(feed)
    return kept


#: The search bot's options for Quarantine Z. 3,000 steps is about 100 iterations, 0.17 s a
#: move on one core here (4,000 steps reached 0.59 s). Near the end of a game an iteration can
#: be a step or two, and the world drawn for each then costs more than the steps: at most
#: 1,000 iterations (plenty for a position that close to its result) bounds those moves too.
SETTINGS: Mapping[str, Any] = MappingProxyType(
    {"iterations": 1000, "steps": 3000, "rollout_moves": 30, "shortlist": shortlist}
)

#: The hints ``make_ismcts`` reads through ``Game.search``.
SEARCH = SearchHints(evaluate=evaluate, settings=SETTINGS)
