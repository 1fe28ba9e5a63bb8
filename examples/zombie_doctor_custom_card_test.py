"""Designing a new Zombie Doctor card: "Have an idea for a card? Customise your set".

A custom pain/gain card is data, a :class:`~zombie_rules.zombie_doctor.CustomCard`:

``steps``
    vocabulary steps carried out in order (flip, cure, swap, to the morgue, from the
    morgue, reveal a hand, a new hand, look at the top of the deck), each telling who
    learns what; no code at all.
``effect``
    the name of an effect registered with
    :func:`~zombie_rules.zombie_doctor.register_card_effect`: two pure functions,
    ``targets(state, user, params)`` (the seats the card may be used on now) and
    ``effect(state, user, target, params)`` (the new ``state.bodies``; only the user's
    and the target's bodies may change, every body card staying on the table in its
    own slot), for what the vocabulary cannot say.

Put the card in the deck by name with a number of copies. The config is plain data,
so it is saved as JSON and replayed like any other; a process that reads it must
have registered the effect's name (an import of the module that defines it).

This file defines "Sneeze" (infect an opponent's first healthy limb, in body
order) as a registered effect and "Crystal Ball" (look at the top 2 cards and put
them back in any order) as vocabulary, plays a game with them, and carries a
property test (``python -m pytest examples/zombie_doctor_custom_card_test.py``).
Registering happens in :func:`publish`, not at import, so that collecting this
file changes nothing for other tests.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Mapping

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zombie_rules.core.errors import UnknownGame
from zombie_rules.play import RandomAgent, Record, play_game, replay
from zombie_rules.registry import get_game, register, unregister
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import Playthrough, check_invariants, check_playthrough, playthroughs
from zombie_rules.zombie_doctor import (
    DEFAULT_DECK,
    GAME,
    LIMBS,
    Action,
    Config,
    CustomCard,
    State,
    Step,
    is_healthy,
    new_game,
    opponents,
    register_card_effect,
    unregister_card_effect,
)


def sneeze_targets(state: State, user: int, params: Mapping[str, int]) -> tuple[int, ...]:
    """Usable on any opponent who still has a healthy arm or leg."""
    return tuple(
        o for o in opponents(state, user) if any(is_healthy(state.bodies[o][p]) for p in LIMBS)
    )


def sneeze_effect(
    state: State, user: int, target: int, params: Mapping[str, int]
) -> tuple[tuple[int, ...], ...]:
    """Flip the target's first healthy limb to its infected side."""
    body = state.bodies[target]
    slot = next(p for p in LIMBS if is_healthy(body[p]))
    new_body = body[:slot] + (body[slot] | 1,) + body[slot + 1 :]
    return state.bodies[:target] + (new_body,) + state.bodies[target + 1 :]


#: "Crystal Ball": vocabulary only, so it needs no registration.
CRYSTAL_BALL = CustomCard(
    name="crystal_ball",
    steps=(Step("look_top", count=2),),
    description="Look at the top 2 cards of the deck and put them back in any order.",
)


def sneeze_config() -> Config:
    """The rulebook deck with 3 Sneezes and 2 Crystal Balls (Sneeze must be registered)."""
    sneeze = CustomCard(
        name="sneeze", effect="sneeze", description="Infect an opponent's first healthy limb."
    )
    return Config(
        deck=(*DEFAULT_DECK, ("sneeze", 3), ("crystal_ball", 2)),
        custom_cards=(sneeze, CRYSTAL_BALL),
    )


#: A Game record for generic tools whose default game includes the new cards.
#: Drivers ask a game for ``default_config()`` (not ``new_game(None)``), so that is
#: where the new deck must be. ``replay`` and ``Match.from_record`` find a game by
#: the name its record carries: :func:`publish` registers it under that name (a
#: package would publish it through the ``zombie_rules.games`` entry point instead).
SNEEZE_GAME = attrs.evolve(
    GAME,
    name="zombie_doctor_sneeze",
    new_game=lambda config: new_game(sneeze_config() if config is None else config),
    default_config=sneeze_config,
    config_space={"players": (2, 3, 4)},
)


def publish() -> None:
    """Register the Sneeze effect and the Sneeze game under their names, once."""
    register_card_effect("sneeze", sneeze_targets, sneeze_effect)
    try:
        get_game(SNEEZE_GAME.name)
    except UnknownGame:
        register(SNEEZE_GAME, source=__name__)


def withdraw() -> None:
    """Undo :func:`publish`."""
    with contextlib.suppress(UnknownGame):  # withdrawn already
        unregister(SNEEZE_GAME.name)
    unregister_card_effect("sneeze")


@pytest.fixture(scope="module", autouse=True)
def _published() -> Iterator[None]:
    """The Sneeze effect and game, registered while this file's tests run."""
    publish()
    yield
    withdraw()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walk=st.deferred(lambda: playthroughs(SNEEZE_GAME, config=sneeze_config(), max_moves=250)))
def test_sneeze_games_keep_every_invariant(walk: Playthrough) -> None:
    """Games with the new cards keep the kit's invariants, and every sneeze infects one limb."""
    rng = random.Random(0)
    for state, move, after in zip(walk.states, walk.moves, walk.states[1:], strict=False):
        check_invariants(SNEEZE_GAME, state, rng, thorough=False)
        if move.card == "sneeze" and move.action is Action.USE:
            (target,) = move.args
            before, now = state.bodies[target], after.bodies[target]
            changed = [p for p in range(6) if before[p] != now[p]]
            assert len(changed) == 1 and changed[0] in LIMBS and now[changed[0]] & 1
    check_invariants(SNEEZE_GAME, walk.states[-1], rng, thorough=True)
    check_playthrough(SNEEZE_GAME, walk)


def test_sneeze_games_deal_sneezes_and_replay_by_name() -> None:
    """The default game holds the new cards, and its record replays (from JSON too)."""
    record = play_game(SNEEZE_GAME, None, [RandomAgent() for _ in range(4)], seed=7)
    assert record.game == "zombie_doctor_sneeze" and record.config == sneeze_config()
    unregister(SNEEZE_GAME.name)
    try:
        with pytest.raises(UnknownGame):
            replay(record)  # not published: the registry does not know the name
    finally:
        publish()
    states = replay(record)
    assert from_json(Record, to_json(record)) == record
    used = [m for m in record.moves if m.card == "sneeze" and m.action is Action.USE]
    assert used, "the default Sneeze game was played without a sneeze"
    assert len(states) == len(record.moves) + 1
    assert SNEEZE_GAME.result(states[-1]) is not None


if __name__ == "__main__":
    publish()
    record = play_game(SNEEZE_GAME, sneeze_config(), [RandomAgent() for _ in range(4)], seed=7)
    sneezes = [str(m) for m in record.moves if m.card == "sneeze" and m.action is Action.USE]
    print(f"{len(record.moves)} moves, {len(sneezes)} sneezes: {sneezes[:5]}")
    withdraw()
