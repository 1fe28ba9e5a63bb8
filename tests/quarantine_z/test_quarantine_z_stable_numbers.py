"""A zombie keeps its number for as long as it is in play, in every text that names it.

The bug this holds off: "2 damage to zombie 0 (Horde + Claws), which dies. ... Zombie 0
(Horde) attacks" two lines apart, and a board reading "Survivor 2 fight -> zombie 0"
about a zombie nobody targeted, once the zombie ahead in line had died and the others
were renumbered. Zombies now carry the number they entered play with
(``State.next_zombie``). Over seeded games in which a zombie dies while others live in
the same combat, every later account, view, board and ``target-zombie N`` names each
surviving zombie by the number it had before, and a dead zombie's number never comes
back. The rulebook: "If any Survivors target a Zombie with the "Fight" command, that
Zombie must deal damage to one of them".
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from typing import Any

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.play import play_game, replay
from zombie_rules.quarantine_z import (
    Action,
    Commit,
    Config,
    Phase,
    State,
    apply,
    legal_moves,
    parse_move,
    render,
    view,
)
from zombie_rules.quarantine_z._base import combat_zombies, zombie_at
from zombie_rules.quarantine_z.combat import biter

GAME = GAMES["quarantine_z"]
#: Seeded heuristic games (3 and 4 players), the first of which have the deaths wanted.
SEEDS = range(12)
NAMED = re.compile(r"\bzombie (\d+)(?: \(([^)]*)\))?", re.IGNORECASE)
BITES = re.compile(r"\bzombie (\d+) \([^)]*\) bites (?:Seat (\d+)|you)", re.IGNORECASE)


@functools.cache
def _games() -> tuple[tuple[State, ...], ...]:
    games = []
    for seed in SEEDS:
        config = Config(players=3 + seed % 2)
        agents = [GAME.agents["heuristic"]() for _ in range(config.players)]
        record = play_game(GAME, config, agents, seed=seed, max_moves=3000)
        games.append(tuple(replay(record)))
    return tuple(games)


def _numbers(state: State) -> dict[int, int]:
    """Every zombie in play, anywhere: number -> card."""
    return {z.number: z.card for loc in state.area for z in loc.zombies}


def _deaths_among_the_living(states: tuple[State, ...]) -> list[int]:
    """Indices ``i`` where the move from ``states[i]`` kills a zombie while another of the
    same combat lives on."""
    found = []
    for i in range(len(states) - 1):
        b, a = states[i], states[i + 1]
        if b.combat is None or b.here < 0 or a.here != b.here:
            continue
        before = {z.number for z in b.area[b.here].zombies}
        after = {z.number for z in a.area[a.here].zombies}
        if before - after and before & after:
            found.append(i)
    return found


def _moves(states: tuple[State, ...]) -> list[Any]:
    """The move from each state to the next (one of its legal moves)."""
    moves = []
    for b, a in itertools.pairwise(states):
        moves.append(next(m for m in legal_moves(b) if apply(b, m) == a))
    return moves


def test_seeded_games_kill_a_zombie_while_others_live() -> None:
    assert sum(bool(_deaths_among_the_living(g)) for g in _games()) >= 2


def test_a_dead_zombies_number_never_comes_back_and_a_number_keeps_its_card() -> None:
    for states in _games():
        card_of: dict[int, int] = {}
        dead: set[int] = set()
        for b, a in itertools.pairwise(states):
            now, then = _numbers(b), _numbers(a)
            for n, card in then.items():
                assert n not in dead, f"zombie {n} died and its number came back"
                assert card_of.setdefault(n, card) == card, f"zombie {n} changed its card"
            dead |= set(now) - set(then)
            new = set(then) - set(now)
            if new:
                # A zombie enters play numbered after every zombie before it.
                assert new == set(range(b.next_zombie, a.next_zombie))


def test_after_a_death_every_text_names_the_survivors_by_their_old_numbers() -> None:
    checked = 0
    for states in _games():
        deaths = _deaths_among_the_living(states)
        if not deaths:
            continue
        moves = _moves(states)
        players = states[0].config.players
        for i in range(deaths[0], len(moves)):
            b, m, a = states[i], moves[i], states[i + 1]
            cards = {**_numbers(b), **_numbers(a)}
            names = {n: b.config.zombie_cards[c].name for n, c in cards.items()}
            for seat in (*range(players), None):
                told = GAME.describe(b, m, seat)
                for n, what in NAMED.findall(told):
                    assert int(n) in cards, f"{told!r} names zombie {n}, not in play"
                    kind = what.removeprefix("face down: ").split(" + ")[0]
                    if what and kind != "face down" and not kind.startswith("Life "):
                        assert kind == names[int(n)], told
                        checked += 1
            _check_view_and_board(a)
    assert checked > 10


def _check_view_and_board(state: State) -> None:
    """The view, its text and the board number each zombie as the state does."""
    numbers = _numbers(state)
    for seat in range(state.config.players):
        v = view(state, seat)
        for loc, seen in zip(state.area, v.area, strict=True):
            assert [z.number for z in seen.zombies] == [z.number for z in loc.zombies]
        text = render(v)
        board = json.dumps(GAME.board(v), default=str)
        for n, killed in re.findall(r"zombie (\d+)( \(killed\))?", board):
            # a target killed since it was declared says so
            assert int(n) in numbers or killed, f"the board names zombie {n}, not in play"
            assert not (killed and int(n) in numbers), f"zombie {n} is in play, not killed"
        for n, target in re.findall(r"-> zombie (\d+)( \(killed\))?", text):
            # a Fight or Shoot declared at a zombie killed since says so
            assert int(n) in numbers or target, text
        if state.here >= 0:
            for z in state.area[state.here].zombies:
                assert f"zombie {z.number}: " in text


def test_target_zombie_n_targets_the_zombie_the_view_calls_n() -> None:
    checked = 0
    for states in _games():
        deaths = _deaths_among_the_living(states)
        if not deaths:
            continue
        for state in states[deaths[0] :]:
            if state.phase is not Phase.DECLARE:
                continue
            for m in legal_moves(state):
                if m.action is not Action.TARGET_ZOMBIE:
                    continue
                n = m.args[0]
                assert parse_move(state, f"{m.seat}: target-zombie {n}") == m
                after = apply(state, m)
                assert after.combat is not None
                target = after.combat.targets[m.seat]
                assert target is not None and target.which == n
                seen = view(state, m.seat).area[state.here].zombies
                assert [z.card for z in seen if z.number == n] != [] or not seen
                at = zombie_at(combat_zombies(after), n)
                assert at is not None and combat_zombies(after)[at].number == n
                checked += 1
    assert checked > 0


def test_a_zombie_targeted_with_fight_bites_one_of_those_fighting_it() -> None:
    """ "If any Survivors target a Zombie with the "Fight" command, that Zombie must deal
    damage to one of them, otherwise, it is able to damage any Survivor who hasn't
    successfully escaped." """
    bites = 0
    for states in _games():
        moves = _moves(states)
        for b, m, a in zip(states, moves, states[1:], strict=False):
            combat = b.combat
            if combat is None:
                continue
            fighters: dict[int, set[int]] = {}
            for s, target in enumerate(combat.targets):
                fight = combat.commits[s] == Commit.FIGHT
                if target is not None and not target.survivor and fight:
                    fighters.setdefault(target.which, set()).add(s)
            if b.phase is Phase.BITE:
                number = biter(b)[0]
                if number in fighters:
                    assert {x.args[0] for x in legal_moves(b)} <= fighters[number]
            if m.seat == CHANCE or b.phase is Phase.BITE:
                told = GAME.describe(b, m, None)
                for n, seat in BITES.findall(told):
                    who = fighters.get(int(n))
                    if who and seat:
                        alive = {s for s in who if a.survivors[s].life > 0 or s == int(seat)}
                        assert int(seat) in who or not alive, told
                        bites += 1
    assert bites > 0
