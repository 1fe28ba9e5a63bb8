"""The match driver: one loop for every front end, checked on every title.

What a front end relies on: bots and chance move until a person must act; a typed
move is read and checked without being applied, then applied once; each seat's log
is its account of the game, told from the states the match holds; choices are
labelled once per state; undo takes a person's decision back with the random
generator, while nothing since showed them anything (more in ``test_undo.py``); a
record resumes as a match.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove, InvalidConfig, UnknownSeat
from zombie_rules.core.game import Game
from zombie_rules.match import PERSON, CannotUndo, Match
from zombie_rules.play import RandomAgent, Record, narrate, play_out, replay

TITLES = sorted(GAMES)
AnyGame = Game[Any, Any, Any, Any]


def counting(game: AnyGame, field: str) -> tuple[AnyGame, list[int]]:
    """``game`` with its ``field`` function counting its calls in the returned list."""
    calls = [0]
    inner: Callable[..., Any] = getattr(game, field)

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return inner(*args)

    changes: dict[str, Any] = {field: counted}
    return attrs.evolve(game, **changes), calls


def person_everywhere_but(game: AnyGame, person: int) -> list[Any]:
    players = game.players(game.config_type())
    return [PERSON if s == person else RandomAgent() for s in range(players)]


def play_persons_randomly(match: Match[Any, Any, Any, Any], rng: random.Random, steps: int) -> None:
    """Advance, and answer each person the match waits for with a random legal choice."""
    for _ in range(steps):
        match.advance()
        if match.over:
            return
        seat = match.waiting
        assert seat is not None
        choices = match.choices(seat)
        match.play(choices[rng.randrange(len(choices))].move)


@pytest.mark.parametrize("name", TITLES)
def test_a_match_of_bots_is_play_out(name: str) -> None:
    game = GAMES[name]
    config = game.config_type()
    players = game.players(config)
    for seed in range(3):
        played = play_out(game, config, [RandomAgent() for _ in range(players)], seed)
        match = Match(game, config, [RandomAgent() for _ in range(players)], seed)
        match.advance()
        assert match.over
        assert match.record() == played.record
        assert match.state == played.final
        assert match.states == list(replay(played.record))


@pytest.mark.parametrize("name", TITLES)
def test_advance_stops_for_a_person_and_waits(name: str) -> None:
    game = GAMES[name]
    match = Match(game, None, person_everywhere_but(game, 0), seed=4)
    match.advance()
    assert match.waiting == 0
    assert 0 in match.to_act()
    assert CHANCE not in match.to_act()
    before = (match.version, match.rng.getstate())
    assert match.advance() == 0  # waiting: nothing moves, no draw is spent
    assert (match.version, match.rng.getstate()) == before
    assert match.legal(0) == tuple(c.move for c in match.choices(0))
    assert all(m.seat == 0 for m in match.legal(0))


@pytest.mark.parametrize("name", TITLES)
def test_a_typed_move_is_checked_without_apply_and_applied_once(name: str) -> None:
    game, applied = counting(GAMES[name], "apply")
    described = counting(game, "describe")
    game, told = described
    match = Match(game, None, person_everywhere_but(game, 0), seed=1)
    match.advance()
    seat = match.waiting
    assert seat is not None
    move = match.legal(seat)[-1]
    applied[0] = told[0] = 0
    text = str(move)
    _, _, bare = text.partition(": ")
    assert match.read(seat, text) == move
    assert match.read(seat, bare) == move  # the actor prefix may be left out
    assert applied[0] == 0
    match.play(move)
    assert applied[0] == 1
    players = game.players(match.config)
    for who in (None, *range(players)):
        match.log(who)
    assert applied[0] == 1, "telling the move to every seat applied it again"
    assert told[0] == 0, "the log goes through account, not describe"


@pytest.mark.parametrize("name", TITLES)
def test_the_log_is_each_seats_account(name: str) -> None:
    game = GAMES[name]
    players = game.players(game.config_type())
    match = Match(game, None, [PERSON] * players, seed=2)
    play_persons_randomly(match, random.Random(2), 25)
    record = match.record()
    for seat in (None, *range(players)):
        early = match.log(seat)
        assert early == narrate(record, seat)
    play_persons_randomly(match, random.Random(3), 10)
    for seat in (None, *range(players)):  # told move by move, from where it stopped
        assert match.log(seat) == narrate(match.record(), seat)


@pytest.mark.parametrize("name", TITLES)
def test_choices_are_labelled_once_per_state(name: str) -> None:
    game, labelled = counting(GAMES[name], "label")
    match = Match(game, None, person_everywhere_but(game, 0), seed=3)
    match.advance()
    seat = match.waiting
    assert seat is not None
    first = match.choices(seat)
    count = labelled[0]
    assert count == len(first) > 0
    assert match.choices(seat) is first
    assert labelled[0] == count
    for choice in first:
        assert choice.label == GAMES[name].describe(match.state, choice.move, seat).split("\n")[0]
        assert choice.notation == str(choice.move)
        assert match.choice(seat, choice.index) == choice.move


def test_refused_input_changes_nothing_and_says_why() -> None:
    game = GAMES["zombie_run"]
    match = Match(game, game.config_type(players=2), [PERSON, RandomAgent()], seed=0)
    match.advance()
    seat = match.waiting
    assert seat is not None
    before = (match.version, match.state, match.rng.getstate())
    with pytest.raises(DecodeError):
        match.read(seat, "fly to the moon")
    with pytest.raises(IllegalMove, match="you are seat"):
        match.read(seat, str(match.legal(seat)[0]).replace(f"{seat}:", f"{1 - seat}:", 1))
    with pytest.raises(IllegalMove, match="has moves 0-"):
        match.choice(seat, len(match.legal(seat)))
    with pytest.raises(IllegalMove, match="not seat 1's move"):
        match.choice(1 - seat, 0)
    assert (match.version, match.state, match.rng.getstate()) == before


def test_seats_must_fit_the_title() -> None:
    game = GAMES["zombie_run"]
    two = game.config_type(players=2)
    with pytest.raises(InvalidConfig, match="2 seats, not 3"):
        Match(game, two, [PERSON] * 3)
    with pytest.raises(InvalidConfig, match="unknown agent"):
        Match(game, two, [PERSON, "grandmaster"])
    with pytest.raises(InvalidConfig):
        Match(game, GAMES["texas_zombies"].config_type())
    with pytest.raises(UnknownSeat):
        Match(game).log(7)
    # Bots by name, as every front end seats them.
    match = Match(game, two, ["random", "heuristic"], seed=5)
    match.advance()
    assert match.over


@pytest.mark.parametrize("name", TITLES)
def test_undo_takes_a_decision_back_with_the_random_generator(name: str) -> None:
    game = GAMES[name]
    match = Match(game, None, person_everywhere_but(game, 0), seed=6)
    with pytest.raises(CannotUndo, match="Nothing to undo"):
        match.undo(0)
    rng = random.Random(6)
    # Seat 0 plays until a move of its own that shows it nothing: one it may take back.
    for _ in range(200):
        match.advance()
        assert match.waiting == 0
        asked_at = match.version
        rng_then = match.rng.getstate()
        moves_then = list(match.moves)
        log_then = match.log(0)
        move = match.legal(0)[rng.randrange(len(match.legal(0)))]
        match.play(move)
        if match.can_undo(0) is None:
            break
    else:
        raise AssertionError(f"{name}: seat 0 made no move it could take back")
    taken = match.undo(0)
    assert taken == (move,)
    assert match.version == asked_at
    assert match.moves == moves_then
    assert match.log(0) == log_then
    match.advance()
    # The same seat is asked again, the generator where it stood after the pick.
    assert match.waiting == 0
    assert match.rng.getstate() == rng_then


def test_only_your_own_moves_are_taken_back() -> None:
    game = GAMES["zombie_run"]
    match = Match(game, game.config_type(players=2), [PERSON, PERSON], seed=0)
    rng = random.Random(0)
    movers: list[int] = []
    while len(set(movers)) < 2:
        match.advance()
        seat = match.waiting
        assert seat is not None
        movers.append(seat)
        match.play(match.legal(seat)[rng.randrange(len(match.legal(seat)))])
    first = movers[0]
    with pytest.raises(CannotUndo, match="has moved since your last move"):
        match.undo(first)
    # The last to move looked at two cards: that cannot be taken back either.
    with pytest.raises(CannotUndo, match="your move showed you something new"):
        match.undo(movers[-1])


@pytest.mark.parametrize("name", TITLES)
def test_a_record_resumes_as_a_match(name: str) -> None:
    game = GAMES[name]
    players = game.players(game.config_type())
    match = Match(game, None, [PERSON] * players, seed=7)
    play_persons_randomly(match, random.Random(7), 15)
    resumed = Match.from_record(game, match.record(), [PERSON] * players, seed=7)
    assert resumed.states == match.states
    assert resumed.log(0) == match.log(0)
    legal_at_3 = set(game.legal_moves(match.states[3]))
    wrong = next(m for m in match.moves[4:] if m not in legal_at_3)
    broken = Record(game.name, match.config, (*match.moves[:3], wrong))
    with pytest.raises(IllegalMove, match="move 3 of the record"):
        Match.from_record(game, broken)
    with pytest.raises(InvalidConfig, match="the record is of"):
        other = next(g for g in GAMES.values() if g.name != name)
        Match.from_record(other, match.record())


def test_a_match_without_history_plays_the_same_game() -> None:
    game = GAMES["texas_zombies"]
    players = game.players(game.config_type())
    full = Match(game, None, ["heuristic"] * players, seed=8)
    lean = Match(game, None, ["heuristic"] * players, seed=8, history=False)
    full.advance()
    lean.advance()
    assert lean.record() == full.record() and lean.state == full.state
    assert lean.states == [full.state]  # only the current state is kept
    with pytest.raises(ValueError, match="history=False"):
        lean.log(0)


def test_text_naming_another_seat_is_refused_before_it_meets_the_state() -> None:
    # Issue 22: a Texas Zombies tell by seat 1 in seat 0's name answered with seat 0's
    # hand, since the notation's error quotes the storyteller's Objects.
    from zombie_rules.web.store import Store

    game = GAMES["texas_zombies"]
    players = game.players(game.config_type())
    match = Match(game, None, [PERSON] * players, seed=1)
    match.advance()
    teller = match.waiting
    assert teller is not None
    hand = game.view(match.state, teller).hand  # the storyteller's Object ids
    names = [game.config_type().objects[i] for i in hand]
    other = (teller + 1) % players
    with pytest.raises(IllegalMove) as refused:
        match.read(other, f"{teller}: tell xyzzy")
    assert not any(name in str(refused.value) for name in names), refused.value
    table = Store().create("texas_zombies", {}, ["person"] * players, 1)
    teller = min(table.match.to_act())
    hand = game.view(table.state, teller).hand
    names = [game.config_type().objects[i] for i in hand]
    with pytest.raises(IllegalMove) as refused:
        table.play((teller + 1) % players, {"notation": f"{teller}: tell xyzzy"})
    assert "you are" in str(refused.value)
    assert not any(name in str(refused.value) for name in names), refused.value


@pytest.mark.parametrize("name", TITLES)
def test_forced_moves_are_played_for_the_people_who_ask(name: str) -> None:
    game = GAMES[name]
    players = game.players(game.config_type())
    match = Match(game, None, [PERSON] * players, seed=9, auto_forced={0})
    assert match.auto_forced == {0}
    rng = random.Random(9)
    asked = 0
    for _ in range(300):
        match.advance()
        if match.over:
            break
        seat = match.waiting
        assert seat is not None
        only = match.forced(seat)
        assert (only is not None) == (len(match.legal(seat)) == 1)
        assert seat != 0 or only is None, "seat 0 was asked for its only move"
        asked += seat == 0
        match.play(match.legal(seat)[rng.randrange(len(match.legal(seat)))])
    played_for_0 = sum(m.seat == 0 for m in match.moves) - asked
    assert played_for_0 >= 0
    if name == "zombie_doctor":  # a title with forced moves: some were played for seat 0
        assert played_for_0 > 0
    every = Match(game, None, [PERSON] * players, seed=9, auto_forced=True)
    assert every.auto_forced == set(range(players))
    assert Match(game, None, person_everywhere_but(game, 0), auto_forced=True).auto_forced == {0}
    assert Match(game, None, [PERSON] * players).auto_forced == set()
