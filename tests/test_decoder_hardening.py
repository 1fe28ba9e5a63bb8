"""Hostile and malformed JSON: every refusal is a short DecodeError naming the field.

The decoder is an input boundary (saved games, CLI ``--set``, network peers), so
it must refuse quickly and in proportion to what it was given: no ``RecursionError``
from deep nesting, no conversion of a 5,000-digit number, no coercion of a string
or an object into a tuple, no silently merged duplicate keys, and no error message
that repeats a megabyte of input.
"""

from __future__ import annotations

import json
import re
import sys
import tracemalloc
from typing import Any

import attrs
import pytest

from zombie_rules import DecodeError, Result
from zombie_rules import quarantine_z as qz
from zombie_rules import texas_zombies as tz
from zombie_rules import zombie_doctor as zd
from zombie_rules import zombie_run as zr
from zombie_rules.core.game import Game
from zombie_rules.play import Record
from zombie_rules.registry import GAMES
from zombie_rules.serialize import MAX_DEPTH, MAX_MESSAGE, from_json, to_json
from zombie_rules.testing import random_playout

AnyGame = Game[Any, Any, Any, Any]
TITLES = sorted(GAMES)


def refused(type_: type, text: str | bytes, *fragments: str) -> str:
    """The DecodeError message for ``text``, checked to contain each fragment."""
    with pytest.raises(DecodeError) as info:
        from_json(type_, text)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def state_data(game: AnyGame, seed: int = 3, moves: int = 60) -> dict[str, Any]:
    state = random_playout(game, game.config_type(), seed, max_moves=moves).states[-1]
    data = json.loads(to_json(state))
    assert isinstance(data, dict)
    return data


# ------------------------------------------------------------------ nesting and numbers


@pytest.mark.parametrize("type_", [zr.State, zr.Config, zr.Move, Record, Result])
def test_nesting_a_thousand_deep_is_a_decode_error_not_a_recursion_error(type_: type) -> None:
    refused(type_, "[" * 1000 + "]" * 1000, "nest more than")
    refused(type_, '{"a":' * 1000 + "1" + "}" * 1000, "nest more than")


def test_nesting_is_measured_outside_strings() -> None:
    """Brackets inside a story are text: a tell may quote a thousand of them."""
    story = "[{" * 1000
    move = tz.Move(0, tz.Action.TELL, (1, 2), story)
    assert from_json(tz.Move, to_json(move)) == move
    deep = '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)
    refused(tz.Move, deep, "nest more than")


def test_an_integer_over_4300_digits_is_refused_naming_its_field() -> None:
    digits = "9" * 5000
    refused(zr.Move, '{"seat": 0, "action": "swap", "args": [' + digits + "]}", "$.args[0]")
    refused(zr.Move, '{"seat": -' + digits + ', "action": "swap"}', "5000 digits", "$.seat")
    data = state_data(zr.GAME)
    text = json.dumps(data).replace('"turn":', '"turn": ' + digits + ', "x":', 1)
    refused(zr.State, text.replace(', "x":', ', "zz":', 1), "$.turn")


def test_a_long_but_legal_integer_is_refused_by_range_not_by_a_crash() -> None:
    data = state_data(zr.GAME)
    data["turn"] = int("9" * 4000)
    refused(zr.State, json.dumps(data), "turn:")


def test_nan_and_infinity_are_not_json() -> None:
    refused(zr.Config, '{"players": NaN}', "not valid JSON")
    refused(zr.Config, '{"players": -Infinity}', "not valid JSON")
    refused(zr.Config, '{"players": 1e999}', "$.players")


# ------------------------------------------------------------------ no coercion


@pytest.mark.parametrize("args", ['"01"', "{}", '{"0": 1}', "true", "null", "7"])
def test_only_a_json_list_is_a_tuple(args: str) -> None:
    """A string is not a tuple of its characters, and ``{}`` is not an empty tuple."""
    refused(zr.Move, '{"seat": 0, "action": "peek", "args": ' + args + "}", "$.args")


def test_a_string_is_not_a_tuple_of_names() -> None:
    refused(tz.Config, '{"objects": "' + "abcdefghijklmnopqrstuvwxyz" * 4 + '"}', "$.objects")


def test_an_object_is_not_a_record_and_a_list_is_not_an_object() -> None:
    refused(zr.Move, "[0, 1]", "expected an object")
    data = state_data(zr.GAME)
    data["config"] = list(data["config"].values())
    refused(zr.State, json.dumps(data), "$.config")


def test_a_set_lists_each_item_once() -> None:
    refused(Result, '{"winners": [1, 1], "scores": [], "reason": ""}', "twice", "$.winners")


def test_enum_values_keep_their_json_type() -> None:
    """Texas Zombies phases are numbered: ``true`` and ``4.0`` equal 1 and 4, but are not."""
    data = state_data(tz.GAME)
    for bad in (True, 4.0, "4"):
        data["phase"] = bad
        refused(tz.State, json.dumps(data), "$.phase", "one of")


# ------------------------------------------------------------------ duplicate keys


def test_duplicate_keys_are_refused_naming_the_key() -> None:
    refused(zr.Move, '{"seat": 0, "seat": 1, "action": "swap"}', "'seat' appears twice")


def test_a_nested_duplicate_key_names_its_path() -> None:
    text = to_json(zr.new_game(zr.Config()))
    doubled = text.replace('"players":4', '"players":4,"players":5', 1)
    refused(zr.State, doubled, "'players' appears twice", "$.config")


# ------------------------------------------------------------------ large hostile documents


def _hostile_documents(game: AnyGame) -> list[tuple[str, str]]:
    """(label, 1 MB document): a long list of wrong values, a huge object, a wide list."""
    data = state_data(game)
    lists = [k for k, v in data.items() if isinstance(v, list)]
    wrong = dict(data, **{lists[0]: ["x"] * 200_000})
    extra = dict(data, **{f"k{i}": i for i in range(90_000)})
    wide = dict(data, **{lists[-1]: [[0]] * 200_000})
    return [
        ("wrong values", json.dumps(wrong)),
        ("extra keys", json.dumps(extra)),
        ("wide list", json.dumps(wide)),
        ("deep nesting", "[" * 500_000 + "]" * 500_000),
    ]


@pytest.mark.parametrize("title", TITLES)
def test_a_megabyte_of_hostile_json_is_refused_quickly_with_a_short_message(title: str) -> None:
    """Refusal stops at the first bad item: work in proportion to the input, not per item.

    The work is counted in Python-level function calls (a profile hook), not seconds,
    so the check means the same on a busy machine. Reading the JSON costs a call per
    integer (the parser's bounded ``parse_int``); refusing must add a bounded number
    more (the state's own fields), where collecting an error per item (as the decoder
    once did: 5.5 s and 533 MB) makes several calls per item.
    """
    game = GAMES[title]
    for label, text in _hostile_documents(game):
        assert len(text) >= 900_000, label
        calls = [0]

        def count(frame: Any, event: str, arg: Any, calls: list[int] = calls) -> None:
            if event == "call":
                calls[0] += 1

        sys.setprofile(count)
        try:
            message = refused(game.state_type, text)
        finally:
            sys.setprofile(None)
        numbers = len(re.findall(r"\d+", text))
        assert calls[0] < numbers + 20_000, f"{label}: {calls[0]} Python calls, {numbers} numbers"
        assert len(message) <= MAX_MESSAGE, f"{label}: a message of {len(message)} characters"


@pytest.mark.parametrize("title", TITLES)
def test_refusing_a_megabyte_costs_memory_in_proportion(title: str) -> None:
    game = GAMES[title]
    text = _hostile_documents(game)[0][1]
    tracemalloc.start()
    try:
        refused(game.state_type, text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 40 * len(text), f"{peak / 1e6:.0f} MB to refuse {len(text) / 1e6:.1f} MB"


def test_extra_keys_are_listed_only_in_part() -> None:
    data = state_data(zr.GAME)
    data.update({f"key_{i}": i for i in range(1000)})
    message = refused(zr.State, json.dumps(data), "extra fields found", "and 995 more")
    assert len(message) < 300


def test_at_most_a_few_field_errors_are_listed() -> None:
    """A document wrong everywhere lists three problems and counts the rest."""
    data = state_data(zr.GAME)
    broken = {key: "?" for key in data if key != "format"}  # the save's format is read first
    message = refused(zr.State, json.dumps(broken), "and ")
    assert message.count(" @ $") == 3


# ------------------------------------------------------------------ decoded states and views


def test_every_title_checks_its_views() -> None:
    """Views of the titles whose ``render`` indexes cards have a ``check_view``."""
    for name in ("texas_zombies", "zombie_doctor", "quarantine_z"):
        assert GAMES[name].check_view is not GAMES["zombie_run"].check_view, name


def test_a_decoded_view_naming_a_card_not_in_the_config_is_refused() -> None:
    state = random_playout(tz.GAME, tz.Config(), 1, max_moves=40).states[-1]
    seen = tz.view(state, 0)
    assert seen.hand
    bad = attrs.evolve(seen, hand=(len(seen.config.objects),))
    refused(tz.View, to_json(bad), "hand")


def test_a_decoded_quarantine_z_view_with_a_broken_claim_is_refused() -> None:
    state = random_playout(qz.GAME, qz.Config(), 2, max_moves=120).states[-1]
    # A claim that says its card is named but names no item of the config.
    claim = qz.ClaimView(0, qz.ClaimedCard.NAMED, None, False, 0)
    seen = attrs.evolve(qz.view(state, None), step=claim)
    refused(qz.View, to_json(seen), "step")


def test_a_decoded_zombie_doctor_view_with_a_body_of_another_table_is_refused() -> None:
    state = random_playout(zd.GAME, zd.Config(), 1, max_moves=20).states[-1]
    seen = zd.view(state, 0)
    body = (99, *seen.bodies[0][1:])
    bad = attrs.evolve(seen, bodies=(body, *seen.bodies[1:]))
    refused(zd.View, to_json(bad), "bodies[0]")


def test_views_default_to_accepting_every_well_typed_view() -> None:
    state = random_playout(zr.GAME, zr.Config(), 1, max_moves=40).states[-1]
    seen = zr.view(state, 1)
    zr.GAME.check_view(seen)
    assert from_json(zr.View, to_json(seen)) == seen
