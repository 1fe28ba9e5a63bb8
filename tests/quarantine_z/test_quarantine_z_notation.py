"""Quarantine Z's notation and terminal rendering, as a person at the terminal reads them.

Enumerated choices are words (``choose supply``, ``commit escape``, ``ambush 2 shoot``);
ids stay numbers, the rendered view prints each number next to its name, and a card's
name may be typed instead of its number.
"""

from __future__ import annotations

import random

import pytest

from tests.quarantine_z.qz_helpers import (
    building,
    chance,
    item,
    loot,
    move,
    start,
    travel,
    zcard,
)
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.quarantine_z import (
    Action,
    Commit,
    Config,
    Move,
    Phase,
    State,
    apply,
    legal_moves,
    new_game,
    parse_move,
    render,
    view,
)
from zombie_rules.quarantine_z.checks import candidate_moves
from zombie_rules.serialize import to_json

A = Action
GUN_SHOP = 1  # start() deals Buildings 0-9 in order: location i is Building i


def at_gun_shop() -> State:
    """The Survivors at the Gun Shop, looted, no zombie there (the Zombie Player drew)."""
    state = travel(start(), GUN_SHOP)
    state = apply(state, move(0, A.DRAW))
    state = apply(state, chance(A.ZCARD, zcard(state.config, "Swarm")))
    state = loot(state, ("Bullets", "Shells", "Rifle"))
    assert state.phase is Phase.LOCATION
    return state


def in_combat() -> State:
    """A Runner played face up at the Gun Shop: every Survivor commits."""
    state = travel(start(), GUN_SHOP)
    state = apply(state, move(0, A.PLAY, zcard(state.config, "Runner")))
    while state.phase is not Phase.COMMIT:
        state = apply(state, legal_moves(state)[0])
    return state


# ------------------------------------------------------------------ words


def test_deck_choice_is_written_supply_or_munition() -> None:
    state = new_game()
    while state.phase is not Phase.SETUP_CHOOSE:
        state = apply(state, legal_moves(state)[0])
    assert [str(m) for m in legal_moves(state)] == ["1: choose supply", "1: choose munition"]
    assert parse_move(state, "choose munition") == Move(1, A.CHOOSE, (1,))
    assert parse_move(state, "1: Choose SUPPLY") == Move(1, A.CHOOSE, (0,))


def test_commitments_are_written_as_the_action_cards() -> None:
    state = in_combat()
    texts = {str(m) for m in legal_moves(state) if m.seat == 1}
    assert {"1: commit fight", "1: commit escape", "1: commit pass"} <= texts
    for c in Commit:
        assert parse_move(state, f"2: commit {c.name.lower()}") == Move(2, A.COMMIT, (int(c),))


def test_ambush_names_the_seat_and_the_card() -> None:
    state = at_gun_shop()
    state = apply(state, move(1, A.EQUIP, item(state.config, "Pistol")))
    texts = {str(m) for m in legal_moves(state)}
    assert {"1: ambush 2 fight", "1: ambush 2 shoot", "2: ambush 1 fight"} <= texts
    assert parse_move(state, "1: ambush 3 shoot") == Move(1, A.AMBUSH, (3, 1))


def test_the_old_numbers_are_still_read() -> None:
    state = in_combat()
    assert parse_move(state, "2: commit 2") == parse_move(state, "2: commit escape")
    assert parse_move(state, "1: ambush 2 1") == Move(1, A.AMBUSH, (2, 1))


def test_the_json_form_of_a_move_is_unchanged() -> None:
    assert to_json(Move(1, A.COMMIT, (2,))) == '{"seat":1,"action":"commit","args":[2]}'
    assert to_json(Move(1, A.CHOOSE, (0,))) == '{"seat":1,"action":"choose","args":[0]}'


def test_ill_formed_moves_print_numbers_and_still_round_trip() -> None:
    """Out-of-range values have no word: error messages print them as numbers."""
    state = in_combat()
    for m in (Move(1, A.COMMIT, (7,)), Move(1, A.AMBUSH, (2, -1)), Move(1, A.CHOOSE, ())):
        assert parse_move(state, str(m)) == m
    assert str(Move(1, A.COMMIT, (7,))) == "1: commit 7"


# ------------------------------------------------------------------ names


def test_a_card_or_location_may_be_named_instead_of_numbered() -> None:
    state = at_gun_shop()
    config = state.config
    pistol, bat = item(config, "Pistol"), item(config, "Baseball Bat")
    assert parse_move(state, "1: equip pistol") == Move(1, A.EQUIP, (pistol,))
    assert parse_move(state, "2: give 3 Baseball Bat") == Move(2, A.GIVE, (3, bat))
    assert parse_move(state, "2: give 3 baseball-bat") == Move(2, A.GIVE, (3, bat))
    rifle = item(config, "Rifle")
    assert parse_move(state, "1: claim-use RIFLE") == Move(1, A.CLAIM_USE, (rifle,))
    kit = item(config, "First Aid Kit")
    assert parse_move(state, "1: stash first aid kit") == Move(1, A.STASH, (kit,))
    # A location by its Building's name; a Zombie card by its name, before a number.
    assert parse_move(start(), "1: propose gun shop") == Move(1, A.PROPOSE, (GUN_SHOP,))
    claws, runner = zcard(config, "Claws"), zcard(config, "Runner")
    assert parse_move(state, "0: mutate claws 0") == Move(0, A.MUTATE, (claws, 0))
    assert parse_move(state, "0: hide Runner") == Move(0, A.HIDE, (runner,))
    church = Move(CHANCE, A.BUILDING, (building(config, "Church"),))
    assert parse_move(new_game(), "chance: building church") == church


def test_a_name_of_the_wrong_kind_is_not_read() -> None:
    state = at_gun_shop()
    with pytest.raises(DecodeError, match="'runner' is not an item"):
        parse_move(state, "1: use runner")
    with pytest.raises(DecodeError, match="is not a location"):
        parse_move(state, "1: propose church")  # Building 11 is not in this area


# ------------------------------------------------------------------ junk


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("1: commit run", "'run' is not fight or shoot or escape or pass; 'commit' takes"
         " 'commit fight|shoot|escape|pass'"),
        ("1: choose both", "'choose' takes 'choose supply|munition'"),
        ("1: ambush 2 kick", "'ambush' takes 'ambush SEAT fight|shoot'"),
        ("1: ambush two fight", "'two' is not a seat"),
        ("1: give 2 sandwich", "'sandwich' is not an item; 'give' takes 'give SEAT ITEM'"),
        ("0: mutate claws zero", "'zero' is not a zombie number"),
    ],
)  # fmt: skip
def test_wrong_words_say_what_belongs_in_their_place(text: str, said: str) -> None:
    with pytest.raises(DecodeError) as caught:
        parse_move(in_combat(), text)
    assert said in str(caught.value)


CHANCE_WORDS = ("building", "item", "zcard", "roll")


@pytest.mark.parametrize(
    "text", ["1: fly 3", "1: commit run", "1: give 2 sandwich", "1: equp pistol", "1: rol 3", ""]
)
def test_no_error_offers_a_seat_chance_notation(text: str) -> None:
    with pytest.raises(DecodeError) as caught:
        parse_move(in_combat(), text)
    message = str(caught.value)
    assert "chance" not in message and "BUILDING" not in message, message
    offered = message.split(": ", 1)[-1].split(";", 1)[-1]
    assert not {w for w in CHANCE_WORDS if f"{w} " in offered or f"{w}," in offered}, message


def test_an_unknown_keyword_gets_a_guess_among_the_movers_own_moves() -> None:
    state = in_combat()
    with pytest.raises(DecodeError, match=r"unknown move 'equp'; did you mean 'equip ITEM'\?"):
        parse_move(state, "1: equp pistol")
    with pytest.raises(DecodeError, match=r"unknown move 'comit'; did you mean 'commit fight"):
        parse_move(state, "1: comit fight")
    # chance is told chance's forms, and a seat never is
    with pytest.raises(DecodeError, match=r"did you mean 'roll N'\?"):
        parse_move(state, "chance: rol 3")
    with pytest.raises(DecodeError) as caught:
        parse_move(state, "1: fly 3")
    assert str(caught.value).startswith("'1: fly 3': unknown move 'fly'; moves: choose, propose")
    assert "zcard" not in str(caught.value)


def test_a_name_is_read_by_its_start_or_whole_words() -> None:
    state = at_gun_shop()
    config = state.config
    pistol, bat = item(config, "Pistol"), item(config, "Baseball Bat")
    assert parse_move(state, "1: equip pist") == Move(1, A.EQUIP, (pistol,))
    assert parse_move(state, "2: give 3 bat") == Move(2, A.GIVE, (3, bat))
    kit = item(config, "First Aid Kit")
    assert parse_move(state, "1: use first aid") == Move(1, A.USE, (kit,))
    assert parse_move(state, "1: use aid kit") == Move(1, A.USE, (kit,))
    assert parse_move(start(), "1: propose gun") == Move(1, A.PROPOSE, (GUN_SHOP,))
    assert parse_move(start(), "1: propose mall") == Move(1, A.PROPOSE, (9,))  # Shopping Mall
    claws = zcard(config, "Claws")
    assert parse_move(state, "0: mutate cla 0") == Move(0, A.MUTATE, (claws, 0))
    assert parse_move(state, "1: commit esc") == parse_move(state, "1: commit escape")
    assert parse_move(state, "1: ambush 2 sh") == Move(1, A.AMBUSH, (2, 1))


def test_an_ambiguous_name_lists_what_it_could_be() -> None:
    state = at_gun_shop()
    with pytest.raises(DecodeError, match="'fire' could be Fire Axe or Firecrackers; type more"):
        parse_move(state, "1: equip fire")
    with pytest.raises(
        DecodeError, match="'store' could be Grocery Store or Hardware Store; type more"
    ):
        parse_move(start(), "1: propose store")
    with pytest.raises(DecodeError, match="'house' could be House on Elm Street, House on Maple"):
        parse_move(new_game(), "chance: building house")


def test_a_hyphenated_keyword_may_be_typed_with_a_space() -> None:
    state = at_gun_shop()
    rifle = item(state.config, "Rifle")
    assert parse_move(state, "1: claim use rifle") == Move(1, A.CLAIM_USE, (rifle,))
    assert parse_move(in_combat(), "2: target zombie 0") == Move(2, A.TARGET_ZOMBIE, (0,))
    assert parse_move(state, "1: claim hidden") == Move(1, A.CLAIM_HIDDEN)


def test_every_legal_and_candidate_move_round_trips_over_random_games() -> None:
    rng = random.Random(5)
    for seed in range(3):
        state = new_game(Config(players=3 + seed % 3))
        steps = 0
        while legal_moves(state) and steps < 400:
            legal = legal_moves(state)
            moves = candidate_moves(state) if steps % 25 == 0 else legal
            for m in moves:
                assert parse_move(state, str(m)) == m, str(m)
            state = apply(state, rng.choice(legal))
            steps += 1


# ------------------------------------------------------------------ render


def test_render_puts_each_number_next_to_its_name() -> None:
    state = at_gun_shop()
    config = state.config
    text = render(view(state, 1))
    pistol, bullets = item(config, "Pistol"), item(config, "Bullets")
    assert f"{pistol} Pistol" in text and f"{bullets} Bullets" in text
    assert "[1] Gun Shop" in text and "<- here" in text
    assert "free actions left this visit: Survivor 1 6" in text
    zombie = render(view(state, 0))
    assert f"{zcard(config, 'Runner')} Runner (zombie)" in zombie
    assert f"{zcard(config, 'Claws')} Claws (mutation)" in zombie


def test_render_numbers_zombies_and_spells_out_commitments_and_targets() -> None:
    state = in_combat()
    text = render(view(state, 1))
    assert "zombie 0: Runner" in text
    assert "Survivor 1 not committed" in text
    assert "commits fight|shoot|escape|pass" in text
    state = apply(state, move(1, A.COMMIT, int(Commit.FIGHT)))
    assert "Survivor 1 fight" in render(view(state, 1))
    assert "Survivor 1 face down" in render(view(state, 2))


def test_render_counts_alike_cards_once() -> None:
    state = start(zombie_hand=("Runner", "Runner", "Claws", "Brute"))
    runner = zcard(state.config, "Runner")
    assert f"{runner} Runner x2 (zombie)" in render(view(state, 0))
