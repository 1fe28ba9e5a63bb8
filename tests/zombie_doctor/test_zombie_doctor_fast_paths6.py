"""An X-Ray's take looks its small multiset sums up, and agrees with the plain rule.

Later in a game nearly every hand is partly known to the table and to two or
three seats, so ``knowledge.xray_taken`` mostly takes its general path; its work
on the small multisets (a hand's few cards) goes through bounded lookups, and it
rebuilds both listings in seat order without sorting them. Each
lookup is held here to the plain definition over every small multiset, and the
whole update to the plain rule (``_plain_xray_taken``, as it was first written) on
every X-Ray of many seeded games and on random memories that reach its rare
branches: a hand everyone knew whole and all of one kind, or one seat did.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, pairwise

import pytest

from tests.zombie_doctor.test_zombie_doctor_fast_paths4 import _calls_of, _plain_xray_taken
from zombie_rules.zombie_doctor import Config, effects, knowledge
from zombie_rules.zombie_doctor.knowledge import (
    UNKNOWN_HAND,
    Cards,
    Known,
    _knower_loses_one,
    _one_more,
    _set_aside,
    _table_loses_one,
    without,
)

CONFIGS = [
    Config(),
    Config(players=3),
    Config(players=2, hand_size=4),
    Config(hand_size=2),
    Config(hand_size=4),
    Config(bonus_mode=True),
]

#: Every sorted multiset of up to four cards of four kinds.
SMALL = [kinds for n in range(5) for kinds in combinations_with_replacement(range(4), n)]


def _fewer_of_each(kinds: Cards) -> Cards:
    return tuple([b for a, b in pairwise(kinds) if a == b])


def _holds(kinds: Cards, part: Cards) -> bool:
    return not Counter(part) - Counter(kinds)


def test_the_lookups_are_the_plain_sums() -> None:
    for kinds in SMALL:
        for kind in range(4):
            assert _one_more(kinds, kind) == tuple(sorted((*kinds, kind)))
        for part in SMALL:
            if _holds(kinds, part):
                assert _set_aside(kinds, part) == tuple(without(kinds, part))
        for size in range(len(kinds), 6):
            if kinds:
                whole = len(kinds) == size and len(set(kinds)) == 1
                assert _table_loses_one(kinds, size) == (_fewer_of_each(kinds), whole)


def test_a_knower_loses_one_as_its_whole_memory_does() -> None:
    for shared in SMALL:
        for extra in SMALL:
            saw = tuple(sorted(shared + extra))
            if not saw:
                continue
            rest = tuple(without(_fewer_of_each(saw), _fewer_of_each(shared)))
            for size in range(len(saw), 6):
                whole = len(saw) == size and len(set(saw)) == 1
                assert _knower_loses_one(shared, extra, size) == (rest, whole)


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
def test_xray_taken_is_the_plain_rule_over_many_games(config: Config) -> None:
    general = table_knew = 0
    for seed in range(20, 40):
        for args in _calls_of("xray_taken", effects, config, seed):
            assert knowledge.xray_taken(*args) == _plain_xray_taken(*args)
            known, user, target = args[:3]
            if known and (known[target] != UNKNOWN_HAND or known[user][1]):
                general += 1
                table_knew += bool(known[target][0])
    assert general > 20 and table_knew > 10  # the general path, the table's part too


def _memory(rng: random.Random, hands: list[Cards]) -> Known:
    """A random sound memory of ``hands``: each bound a part of the hand it is about."""
    rows = []
    for holder, hand in enumerate(hands):
        shared = tuple(sorted(rng.sample(hand, rng.randrange(len(hand) + 1))))
        rest = list(without(hand, shared))
        own = []
        for knower in range(len(hands)):
            if knower != holder and rng.random() < 0.6:
                own.append((knower, tuple(sorted(rng.sample(rest, rng.randrange(len(rest) + 1))))))
        rows.append((shared, tuple(own)))
    return tuple(rows)


def test_xray_taken_is_the_plain_rule_on_random_memories() -> None:
    rng = random.Random(6)
    branches: Counter[str] = Counter()
    for _ in range(3000):
        players = rng.randrange(2, 5)
        size = rng.randrange(1, 5)
        kinds = rng.randrange(1, 4)  # few kinds: hands all of one kind are common
        hands: list[Cards] = [
            tuple(sorted(rng.randrange(kinds) for _ in range(size))) for _ in range(players)
        ]
        known = _memory(rng, hands) if rng.random() < 0.9 else ()
        user, target = rng.sample(range(players), 2)
        hand = hands[target]
        kind = rng.choice(hand)
        assert knowledge.xray_taken(known, user, target, kind, hand, players) == (
            _plain_xray_taken(known, user, target, kind, hand, players)
        )
        if known:
            shared, own = known[target]
            branches["everyone"] += len(shared) == size and len(set(shared)) == 1
            for who, extra in own:
                saw = shared + extra
                branches["whole"] += who != user and len(saw) == size and len(set(saw)) == 1
    assert branches["everyone"] > 50 and branches["whole"] > 50
