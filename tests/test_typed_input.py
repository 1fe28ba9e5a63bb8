"""What a person types: one matcher for names, guesses for typos, errors in the person's words.

Every title reads a card's name the same way (``core.notation.pick_name``): the whole
name, a unique start of it, or whole words of it, as the terminal's ``card`` command
finds card texts; an ambiguous name lists what it could be. A first word that is no
move of the person's gets a guess among their own moves, and an error never quotes the
seat prefix the driver added, nor offers chance's notation, which nobody types.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from zombie_rules import GAMES
from zombie_rules import quarantine_z as qz
from zombie_rules import texas_zombies as tz
from zombie_rules import zombie_doctor as zd
from zombie_rules import zombie_run as zr
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError, IllegalMove
from zombie_rules.core.notation import name_matches, name_words, suggest, typed_actor
from zombie_rules.core.presentation import find_cards
from zombie_rules.match import PERSON, Match
from zombie_rules.play import RandomAgent, play_game

TITLES = sorted(GAMES)
AnyMatch = Match[Any, Any, Any, Any]
OBJECTS = tz.Config().objects


def test_a_name_is_found_whole_by_its_start_or_by_whole_words() -> None:
    def found(typed: str) -> list[str]:
        return [OBJECTS[i] for i in name_matches(name_words(typed), OBJECTS)]

    assert found("cat") == ["cat"]  # a whole name beats the cattle prod it starts
    assert found("cattle") == ["cattle prod"]
    assert found("marbles") == ["bag of marbles"]  # a whole word inside the name
    assert found("bag of m") == ["bag of marbles"]  # a start of the name
    assert found("Cast Iron") == ["cast-iron skillet"]  # punctuation does not matter
    assert sorted(found("bag")) == ["bag of flour", "bag of marbles"]
    assert found("arbles") == []  # the middle of a word names nothing
    assert found("zebra") == []


def test_a_tell_names_objects_as_the_card_command_finds_cards() -> None:
    state = _texas_teller()
    hand = state.hands[state.turn]
    words = [OBJECTS[i].split()[-1] for i in hand]  # "marbles", "racket", "spurs"...
    text = f'{state.turn}: tell {" ".join(words)} "We ran."'
    move = tz.parse_move(state, text)
    assert move.args == tuple(sorted(hand)) and move.story == "We ran."
    cards = tz.GAME.guide.cards(state.config)
    for word, index in zip(words, hand, strict=True):
        # the terminal's 'card WORD' finds the same Object the tell took
        assert [c.name for c in find_cards(cards, word) if c.kind == "Object"] == [OBJECTS[index]]


def _texas_teller(seed: int = 0) -> tz.State:
    match: AnyMatch = Match(tz.GAME, None, [PERSON] * 4, seed)
    match.advance()
    state: tz.State = match.state
    assert state.phase is tz.Phase.TELL
    return state


def test_an_ambiguous_name_lists_what_it_could_be() -> None:
    state = _texas_teller()
    with pytest.raises(DecodeError, match="'bag' could be bag of flour or bag of marbles;"):
        tz.parse_move(state, f"{state.turn}: tell bag")
    with pytest.raises(DecodeError, match="'m' could be mad_scientist, medicine or morgue"):
        zd.parse_move(zd.new_game(zd.Config(players=4)), "0: use m")
    with pytest.raises(DecodeError, match=r"'r' could be rarm or rleg"):
        zd.parse_move(zd.new_game(zd.Config(players=4)), "0: flip r")


def test_every_title_reads_names_and_words_by_their_start() -> None:
    zr_state = zr.new_game(zr.Config(players=3))
    assert zr.parse_move(zr_state, "chance: card horde").args == (15,)
    assert zr.parse_move(zr_state, "0: draw d") == zr.parse_move(zr_state, "0: draw discard")
    zd_state = zd.new_game(zd.Config(players=4))
    assert str(zd.parse_move(zd_state, "0: use amp 2 la")) == "0: use amputate 2 larm"
    assert str(zd.parse_move(zd_state, "0: use scientist 1 h")) == "0: use mad_scientist 1 head"
    assert str(zd.parse_move(zd_state, "chance: limb 1 larm inf")) == "chance: limb 1 larm infected"
    tz_state = _texas_teller()
    assert str(tz.parse_move(tz_state, "chance: event tornado")) == "chance: event 22"
    assert str(tz.parse_move(tz_state, "chance: team lambda")) == "chance: team beta"


def test_a_typo_gets_a_guess_among_the_persons_own_moves() -> None:
    match = _zombie_run_at_the_draw()
    with pytest.raises(DecodeError) as refused:
        match.read(0, "drow pile")
    assert str(refused.value).startswith("unknown move 'drow'; did you mean 'draw pile'?")
    assert "0:" not in str(refused.value)  # nobody typed the seat prefix
    with pytest.raises(DecodeError, match=r"^unknown move 'swop'; did you mean 'swap N'"):
        match.read(0, "swop")


def _zombie_run_at_the_draw() -> AnyMatch:
    match: AnyMatch = Match(zr.GAME, None, [PERSON, "heuristic", "heuristic", "heuristic"], 0)
    match.advance()
    match.play(match.legal(0)[0])
    match.advance()
    assert "0: draw pile" in map(str, match.legal(0))
    return match


def test_an_error_quotes_what_was_typed_not_the_prefix_the_driver_added() -> None:
    match = _zombie_run_at_the_draw()
    for typed, kind in (("swap x", DecodeError), ("peek 0 1", IllegalMove), ("draw", DecodeError)):
        with pytest.raises(kind) as refused:
            match.read(0, typed)
        message = str(refused.value)
        quoted = f"'{typed}'" in message or message.startswith(f"{typed}: ")
        assert quoted and "0: " not in message, message
    with pytest.raises(IllegalMove, match=r"^0: peek 0 1: "):  # typed with it: quoted with it
        match.read(0, "0: peek 0 1")


def _chance_keywords(name: str) -> set[str]:
    """Keywords only chance's moves have, from a few seeded games."""
    game = GAMES[name]
    config = game.config_type()
    chance: set[str] = set()
    seats: set[str] = {entry.keyword for entry in game.guide.moves}
    for seed in range(2):
        agents = [RandomAgent()] * game.players(config)
        record = play_game(game, config, agents, seed=seed, max_moves=1500)
        for move in record.moves:
            word = str(move).partition(": ")[2].split(" ")[0]
            (chance if move.seat == CHANCE else seats).add(word)
    return chance - seats


@pytest.mark.parametrize("name", TITLES)
def test_no_title_offers_a_person_chance_notation_or_quotes_a_prefix(name: str) -> None:
    game = GAMES[name]
    players = game.players(game.config_type())
    chance = _chance_keywords(name)
    assert chance, "the title's chance keywords were not found"
    rng = random.Random(1)
    match: AnyMatch = Match(game, None, [PERSON] * players, 1)
    for _ in range(40):
        match.advance()
        if match.over:
            break
        seat = match.waiting
        assert seat is not None
        keyword = str(rng.choice(match.legal(seat))).partition(": ")[2].split(" ")[0]
        typo = keyword[0] + "x" + keyword[2:] if len(keyword) > 2 else keyword + "x"
        for typed in (f"{typo} 1", "xyzzy", *sorted(chance)):
            with pytest.raises(DecodeError) as refused:
                match.read(seat, typed)
            message = str(refused.value)
            assert message.startswith(f"unknown move {typed.split()[0]!r}"), message
            assert f"'{seat}: " not in message, message
            offered = set(re.findall(r"'([a-z-]+)", message.split(";", 1)[1]))
            offered |= set(message.rpartition("moves now: ")[2].rstrip(".").split(", "))
            assert not offered & chance, f"{message} offers chance's {offered & chance}"
        match.play(rng.choice(match.legal(seat)))


@pytest.mark.parametrize(
    ("game", "text"),
    [
        (zr.GAME, "0: swap"),
        (zr.GAME, "0: draw"),
        (zd.GAME, "0: stuck"),
        (zd.GAME, "0: use"),
        (tz.GAME, '0: vote yes "story"'),
        (tz.GAME, "0: vote maybe"),
    ],
)
def test_a_known_keyword_with_wrong_words_lists_no_chance_notation(game: Any, text: str) -> None:
    state = game.new_game(None)
    with pytest.raises(DecodeError) as refused:
        game.parse_move(state, text)
    message = str(refused.value)
    assert "chance" not in message.lower() and "card N" not in message, message


def test_a_keyword_typo_is_told_in_the_actors_own_forms() -> None:
    state = zr.new_game(zr.Config(players=3))
    with pytest.raises(DecodeError, match="did you mean 'draw pile'"):
        zr.parse_move(state, "0: drow pile")
    with pytest.raises(DecodeError, match="did you mean 'card N'"):
        zr.parse_move(state, "chance: crad 3")
    with pytest.raises(DecodeError) as refused:
        zr.parse_move(state, "0: crad 3")
    assert not re.search(r"\bcard\b", str(refused.value))  # a seat is never offered it


def test_a_guess_is_made_only_when_something_is_close() -> None:
    forms = ("draw pile", "draw discard", "swap N", "peek N M")
    assert suggest("drow pile", forms) == "draw pile"
    assert suggest("drow", forms) == "draw pile"
    assert suggest("peak 1 2", forms) == "peek N M"
    assert suggest("xyzzy", forms) is None


def test_only_a_seat_number_or_chance_is_a_prefix() -> None:
    assert typed_actor("2: swap 1") == (2, "swap 1")
    assert typed_actor("chance: card 7") == (CHANCE, "card 7")
    assert typed_actor('tell 1 2 3 "Note: run"') == (None, 'tell 1 2 3 "Note: run"')


def test_a_story_may_hold_a_colon() -> None:
    match: AnyMatch = Match(tz.GAME, None, [PERSON] * 4, 0)
    match.advance()
    seat = match.waiting
    assert seat is not None
    tell = next(m for m in match.legal(seat) if m.action is tz.Action.TELL)
    bare = str(tell).partition(": ")[2]
    move = match.read(seat, f'{bare} "Note: we ran."')
    assert move.story == "Note: we ran." and move.args == tell.args


def _quarantine_z_at_the_decide_step() -> AnyMatch:
    """Every seat a person, played by the first legal move until the Survivors decide."""
    match: AnyMatch = Match(qz.GAME, None, [PERSON] * 4, 0)
    for _ in range(200):
        match.advance()
        if match.state.phase is qz.Phase.DECIDE:
            return match
        seat = match.waiting
        assert seat is not None
        match.play(match.legal(seat)[0])
    raise AssertionError("no Decide step")


def test_quarantine_z_reads_names_by_their_start_and_guesses_typos() -> None:
    match = _quarantine_z_at_the_decide_step()
    state = match.state
    names = [state.config.buildings[loc.building].name for loc in state.area]
    gun_shop = names.index("Gun Shop")
    assert match.read(1, "propose gun") == qz.Move(1, qz.Action.PROPOSE, (gun_shop,))
    with pytest.raises(DecodeError) as refused:
        match.read(1, "propse gun")
    message = str(refused.value)
    assert message.startswith("unknown move 'propse'; did you mean 'propose "), message
    assert "1:" not in message and "zcard" not in message and "BUILDING" not in message
    with pytest.raises(DecodeError, match="'fire' could be Fire Axe or Firecrackers"):
        qz.parse_move(state, "1: equip fire")
