"""The knowledge updates written out for speed, and the turn's plays read in place.

Later in a game most moves update what seats remember of other hands, so
``knowledge.xray_taken`` and ``knowledge.seen_played`` do their small set
operations inline, and ``_one_fewer_of_each`` counts a three-card hand without a
loop. Each is held here to the plain rule it replaced (written out below as it
was) on every call seeded games make. ``apply`` reads the plays ``legal_moves``
listed for the very same state from ``rules._last_plays``; a state asked about
out of turn must still be checked against its own plays.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement, pairwise
from typing import Any

import pytest

from zombie_rules.core.errors import IllegalMove
from zombie_rules.testing import random_playout
from zombie_rules.zombie_doctor import (
    GAME,
    Config,
    Move,
    Phase,
    State,
    effects,
    knowledge,
    legal_moves,
    turns,
)
from zombie_rules.zombie_doctor.knowledge import (
    NO_CARDS,
    UNKNOWN_HAND,
    Cards,
    Known,
    _one_fewer_of_each,
    without,
)
from zombie_rules.zombie_doctor.rules import _hand_plays
from zombie_rules.zombie_doctor.usability import turn_plays

CONFIGS = [Config(), Config(players=3), Config(players=2, hand_size=4), Config(hand_size=2)]


def _plain_fewer_of_each(kinds: Cards) -> Cards:
    return tuple([b for a, b in pairwise(kinds) if a == b])


def _merged(a: Cards, b: Cards) -> Cards:
    return tuple(sorted(a + b)) if a and b else a or b


def _one_more(kinds: Cards, kind: int) -> Cards:
    return tuple(sorted((*kinds, kind)))


def _less(kinds: Cards, shared: Cards) -> Cards:
    return tuple(without(kinds, shared)) if shared else kinds


def _rows(known: Known, players: int, changes: dict[int, Any]) -> Known:
    rows = list(known) if known else [UNKNOWN_HAND] * players
    for seat, row in changes.items():
        rows[seat] = row
    return tuple(rows)


def _plain_xray_taken(
    known: Known, user: int, target: int, kind: int, hand_before: Cards, players: int
) -> Known:
    """``knowledge.xray_taken`` as it was written before its helpers were inlined."""
    size = len(hand_before)
    target_shared, target_own = known[target] if known else UNKNOWN_HAND
    user_shared, user_own = known[user] if known else UNKNOWN_HAND
    rest = list(hand_before)
    rest.remove(kind)
    if not (target_shared or target_own or user_own):
        changes = {user: (user_shared, ((target, (kind,)),)), target: ((), ((user, tuple(rest)),))}
        return _rows(known, players, changes)
    everyone = len(target_shared) == size and target_shared[0] == target_shared[-1]
    target_after = _plain_fewer_of_each(target_shared)
    of_user = dict(user_own)
    mine = of_user.pop(target, NO_CARDS)
    on_user = {target: mine if everyone else _one_more(mine, kind)}
    on_target = [(user, _less(tuple(rest), target_after))]
    for who, extra in target_own:
        if who == user:
            continue
        saw = _merged(target_shared, extra)
        mine = of_user.pop(who, NO_CARDS)
        if not everyone and len(saw) == size and saw[0] == saw[-1]:
            mine = _one_more(mine, kind)
        on_user[who] = mine
        on_target.append((who, _less(_plain_fewer_of_each(saw), target_after)))
    on_user.update(of_user)
    on_target.sort()
    user_row = (
        _one_more(user_shared, kind) if everyone else user_shared,
        tuple(sorted(on_user.items())),
    )
    return _rows(known, players, {user: user_row, target: (target_after, tuple(on_target))})


def _plain_seen_played(known: Known, holder: int, kind: int) -> Known:
    """``knowledge.seen_played`` by the rule: one copy fewer for every knower that knew one."""
    if not known:
        return known
    shared, own = known[holder]
    if kind in shared:
        shared = tuple(without(shared, (kind,)))
        if not shared and not own:
            changed = _rows(known, len(known), {holder: UNKNOWN_HAND})
            return () if all(r == UNKNOWN_HAND for r in changed) else changed
        return _rows(known, len(known), {holder: (shared, own)})
    if not any(kind in extra for _, extra in own):
        return known
    own = tuple((w, tuple(without(x, (kind,))) if kind in x else x) for w, x in own)
    return _rows(known, len(known), {holder: (shared, own)})


def test_one_fewer_of_each_is_the_plain_count() -> None:
    for n in range(7):
        for kinds in combinations_with_replacement(range(4), n):
            assert _one_fewer_of_each(kinds) == _plain_fewer_of_each(kinds), kinds


def _calls_of(name: str, module: Any, config: Config, seed: int) -> list[tuple[Any, ...]]:
    """The arguments of every call to ``module.name`` in one seeded random game."""
    calls: list[tuple[Any, ...]] = []
    real: Callable[..., Known] = getattr(module, name)

    def spy(*args: Any) -> Known:
        calls.append(args)
        return real(*args)

    setattr(module, name, spy)
    try:
        random_playout(GAME, config, seed)
    finally:
        setattr(module, name, real)
    return calls


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_xray_taken_is_the_plain_rule(config: Config) -> None:
    general = 0
    for seed in range(6):
        for args in _calls_of("xray_taken", effects, config, seed):
            assert knowledge.xray_taken(*args) == _plain_xray_taken(*args)
            known, user, target = args[:3]
            general += bool(known and (known[target] != UNKNOWN_HAND or known[user][1]))
    assert general > 5  # the general branch, not only the first X-Ray of a hand


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_seen_played_is_the_plain_rule(config: Config) -> None:
    asked = 0
    for seed in range(4):
        for args in _calls_of("seen_played", turns, config, seed):
            assert knowledge.seen_played(*args) == _plain_seen_played(*args)
            asked += 1
    assert asked > 20


def _play_states(config: Config, seed: int) -> list[tuple[State, Move]]:
    game = random_playout(GAME, config, seed)
    return [
        (state, move)
        for state, move in zip(game.states, game.moves, strict=False)
        if state.phase is Phase.PLAY
    ]


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_apply_checks_a_play_against_its_own_state(config: Config) -> None:
    """The plays remembered for one state never decide a move on another."""
    pairs = _play_states(config, 3)
    for (state, move), (other, _) in pairwise(pairs):
        expected = GAME.apply(state, move)
        legal_moves(other)  # the remembered plays are now another state's
        assert GAME.apply(state, move) == expected
        assert _hand_plays(state) == turn_plays(state)  # asked afresh for this state
        for wrong in legal_moves(other):
            if wrong not in legal_moves(state):
                legal_moves(other)
                with pytest.raises(IllegalMove):
                    GAME.apply(state, wrong)
