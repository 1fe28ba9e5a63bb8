"""Quarantine Z's state in named parts: step records, stable zombie numbers, format 3.

Each phase keeps one small step record (``quarantine_z.steps``) in place of four
all-purpose ints; each zombie in play keeps the number it entered play with, so an
account, a view and the moves never rename it when a zombie ahead of it dies.
"""

from __future__ import annotations

import json
import re

import pytest

from zombie_rules.core.errors import DecodeError
from zombie_rules.quarantine_z import (
    GAME,
    Action,
    Config,
    Phase,
    State,
    Zombie,
    describe,
    parse_move,
    render,
    view,
)
from zombie_rules.quarantine_z.checks import check_state
from zombie_rules.quarantine_z.wording import Teller
from zombie_rules.serialize import from_json, to_json
from zombie_rules.testing import Playthrough, random_playout

#: A seeded random game (default table) in which Seat 1 kills zombie 3 while zombie 4,
#: behind it in line, then bites: the case that renamed zombies when they were numbered
#: by their place at the location ("2 damage to zombie 0 ..., which dies. ... Zombie 0
#: (Horde) attacks").
KILL_SEED = 32
#: More seeded games for the properties that hold in every account and state.
SEEDS = (KILL_SEED, 0, 23, 39)
_NAMED = re.compile(r"[Zz]ombie (\d+) \(([^)]*)\)")


def _game(seed: int) -> Playthrough[Config, State, object]:
    return random_playout(GAME, Config(), seed)  # type: ignore[arg-type]


def _here(state: State) -> tuple[Zombie, ...]:
    return state.area[state.here].zombies if state.here >= 0 else ()


def test_a_zombie_killed_ahead_of_another_leaves_its_number_alone() -> None:
    """ "Any Zombies who are killed are removed from play at the end of this Step" and
    "The Zombie Player is able to deal damage for each Zombie still alive": the zombie
    that bites after another died is named by the number it had when it was targeted,
    not by its new place in line."""
    game = _game(KILL_SEED)
    found = False
    for before, move, after in zip(game.states, game.moves, game.states[1:], strict=False):
        text = describe(before, move, None)
        killed = re.findall(r"to zombie (\d+) \([^)]*\), which dies", text)
        biters = re.findall(r"Zombie (\d+) \([^)]*\) (?:bites|attacks)", text)
        if not killed or not biters or int(biters[0]) <= int(killed[0]):
            continue
        found = True
        dead, biter = int(killed[0]), int(biters[0])
        numbers_before = [z.number for z in _here(before)]
        assert numbers_before.index(dead) < numbers_before.index(biter)
        assert dead not in [z.number for z in _here(after)]
        # The biter is the same zombie in the view after the step, under the same number.
        seen = view(after, 1)
        assert biter in [z.number for z in seen.area[after.here].zombies]
        assert f"zombie {biter}:" in render(seen)
        break
    assert found, "the seeded game no longer has a kill followed by another zombie's bite"


@pytest.mark.parametrize("seed", SEEDS)
def test_an_account_names_each_zombie_as_it_lies(seed: int) -> None:
    """Every "zombie N (...)" of an account is the zombie numbered N in play when the move
    was made, worded as the reader sees it (the Zombie Player reads face-down cards)."""
    game = _game(seed)
    checked = 0
    for before, move in zip(game.states, game.moves, strict=False):
        zombies = {z.number: z for z in _here(before)}
        if not zombies:
            continue
        for seat in (None, 1, before.config.zombie_seat):
            teller = Teller(before.config, seat)
            for number, words in _NAMED.findall(describe(before, move, seat)):
                z = zombies.get(int(number))
                if z is None or words.startswith("Life "):  # a zombie entering play
                    continue
                assert teller.zombie(z) == f"zombie {number} ({words})", (move, seat)
                checked += 1
    assert checked > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_a_target_stays_the_zombie_targeted(seed: int) -> None:
    """'target-zombie N' names zombie N for the rest of the round: the combat's targets,
    the bites it owes ("that Zombie must deal damage to one of them") and the view's
    combat line all keep meaning the zombie the Survivor chose."""
    game = _game(seed)
    targeted: dict[int, int] = {}
    checked = 0
    for before, move, after in zip(game.states, game.moves, game.states[1:], strict=False):
        if before.phase is Phase.COMMIT:
            targeted.clear()
        if move.action is Action.TARGET_ZOMBIE:
            targeted[move.seat] = move.args[0]
        combat = after.combat
        if combat is None or after.phase not in (Phase.DECLARE, Phase.RESOLVE, Phase.BITE):
            continue
        text = render(view(after, None))
        for s, number in targeted.items():
            target = combat.targets[s]
            assert target is not None and target.which == number
            here = [z.number for z in _here(after)]
            gone = "" if number in here else " (killed)"
            assert f"-> zombie {number}{gone}" in text
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_moves_naming_zombies_read_back(seed: int) -> None:
    """The notation parses what it prints: 'target-zombie N' and 'mutate C N' by number."""
    game = _game(seed)
    seen = 0
    for state in game.states:
        for move in GAME.legal_moves(state):
            if move.action in (Action.TARGET_ZOMBIE, Action.MUTATE):
                assert parse_move(state, str(move)) == move
                numbers = [z.number for z in _here(state)]
                assert move.args[-1] in numbers
                seen += 1
    assert seen > 0


@pytest.mark.parametrize("seed", SEEDS)
def test_numbers_are_given_in_order_of_entry(seed: int) -> None:
    """Each zombie entering play takes the next number, which nobody in play holds."""
    game = _game(seed)
    for before, after in zip(game.states, game.states[1:], strict=False):
        old = {z.number for loc in before.area for z in loc.zombies}
        new = {z.number for loc in after.area for z in loc.zombies}
        entered = new - old
        assert entered <= {before.next_zombie}
        assert after.next_zombie == before.next_zombie + len(entered)


# ------------------------------------------------------------------ step records


def test_each_phase_holds_its_own_step_record() -> None:
    """The state keeps one step record per phase family; every state of a few games
    passes ``check_state``, which refuses a record of another phase."""
    game = _game(KILL_SEED)
    kinds: dict[Phase, set[type]] = {}
    for state in game.states:
        check_state(state)
        kinds.setdefault(state.phase, set()).add(type(state.step))
    assert all(len(found) == 1 for found in kinds.values()), kinds
    decide = next(s for s in game.states if s.phase is Phase.DECIDE)
    sneak = next(s for s in game.states if s.phase is Phase.SNEAK)
    broken = json.loads(to_json(decide))
    broken["step"] = json.loads(to_json(sneak))["step"]
    assert broken["step"] is not None
    with pytest.raises(DecodeError, match="step: the decide phase holds none"):
        from_json(State, json.dumps(broken))


# ------------------------------------------------------------------ saved formats


@pytest.mark.parametrize("old", [1, 2])
def test_a_save_of_an_older_format_is_refused_naming_both(old: int) -> None:
    """Format 3 saves ``step`` records and zombie numbers: a save of format 1 or 2 cannot be
    read as one, so it is refused, naming its format and the one read."""
    assert GAME.format_version == 3
    state = _game(7).states[-1]
    data = json.loads(to_json(state))
    assert data["format"] == 3
    data["format"] = old
    message = rf"quarantine_z state is in format {old}; .* reads format 3"
    with pytest.raises(DecodeError, match=message):
        from_json(State, json.dumps(data))
    assert from_json(State, to_json(state)) == state
