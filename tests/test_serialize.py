"""JSON round trips and the errors bad input gets (DecodeError naming the field)."""

from __future__ import annotations

import json

import pytest

from zombie_rules import DecodeError, Result
from zombie_rules import zombie_run as zr
from zombie_rules.play import RandomAgent, Record, play_game, replay
from zombie_rules.serialize import from_json, to_json


@pytest.fixture(scope="module")
def record() -> Record:
    return play_game(zr.GAME, zr.Config(players=3, rounds=2), [RandomAgent()] * 3, seed=4)


def test_every_kind_of_object_round_trips(record: Record) -> None:
    states = replay(record)
    final = states[-1]
    outcome = zr.result(final)
    assert outcome is not None
    for obj, type_ in [
        (record.config, zr.Config),
        (final, zr.State),
        (record.moves[0], zr.Move),
        (zr.view(states[20], 1), zr.View),
        (zr.view(states[20], None), zr.View),
        (outcome, Result),
        (record, Record),
    ]:
        assert from_json(type_, to_json(obj)) == obj


def test_encoding_is_canonical(record: Record) -> None:
    """Equal objects encode to equal text, so JSON can be diffed and hashed."""
    states = replay(record)
    assert to_json(states[-1]) == to_json(from_json(zr.State, to_json(states[-1])))


@pytest.mark.parametrize(
    ("text", "type_", "message"),
    [
        ("{", zr.Config, "not valid JSON"),
        ("[]", zr.Config, "not a valid Config"),
        ('{"players": "3"}', zr.Config, r"expected an integer.*\$\.players"),
        ('{"players": true}', zr.Config, r"\$\.players"),
        ('{"players": 9}', zr.Config, "players: Zombie Run! is for 2-7 players"),
        ('{"colour": 1}', zr.Config, "extra fields found"),
        ('{"tie_break": "coin"}', zr.Config, r"\$\.tie_break"),
        ('{"seat": 1, "action": "fly"}', zr.Move, r"\$\.action"),
        ('{"seat": 1}', zr.Move, "action"),
        ('{"game": "chess", "config": {}, "moves": []}', Record, "known games: .*zombie_run"),
        ('{"game": "zombie_run", "config": {}}', Record, "exactly 'game', 'config' and 'moves'"),
    ],
)
def test_malformed_input_gets_a_decode_error_naming_the_problem(
    text: str, type_: type, message: str
) -> None:
    with pytest.raises(DecodeError, match=message):
        from_json(type_, text)


@pytest.mark.parametrize(
    ("field", "corrupt", "message"),
    [
        ("round", lambda d: 9, "round: 9 is outside"),
        ("dealer", lambda d: -2, "dealer"),
        ("turn", lambda d: 3, "turn"),
        ("discard_pile", lambda d: [*d, 4], "cards: the state does not hold exactly"),
        ("hands", lambda d: d[:2], "hands/seen/scores"),
        ("held", lambda d: 15, "held"),
        ("draw_pile", lambda d: d[:3], "draw_pile"),
    ],
)
def test_a_decoded_state_is_checked_for_consistency(
    record: Record, field: str, corrupt: object, message: str
) -> None:
    state = next(s for s in replay(record)[30:] if s.phase is zr.Phase.DRAW)
    data = json.loads(to_json(state))
    assert callable(corrupt)
    data[field] = corrupt(data[field])
    with pytest.raises(DecodeError, match=message):
        from_json(zr.State, json.dumps(data))


def test_decode_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        from_json(zr.Config, "nonsense")


def test_saves_carry_their_format_and_another_format_is_refused_naming_both() -> None:
    import attrs as _attrs

    from zombie_rules import registry
    from zombie_rules import zombie_run as zr
    from zombie_rules.play import RandomAgent, play_game

    state = zr.new_game(zr.Config(players=2))
    data = json.loads(to_json(state))
    assert data["format"] == zr.GAME.format_version == 1
    assert from_json(zr.State, json.dumps(data)) == state
    del data["format"]  # a save from before formats were written is format 1
    assert from_json(zr.State, json.dumps(data)) == state
    data["format"] = 2
    with pytest.raises(DecodeError, match=r"zombie_run state is in format 2; .* reads format 1"):
        from_json(zr.State, json.dumps(data))
    data["format"] = "1"
    with pytest.raises(DecodeError, match="'format': expected an integer"):
        from_json(zr.State, json.dumps(data))

    newer = _attrs.evolve(zr.GAME, name="zombie_run_v2", format_version=2)
    registry.register(newer, source="tests/test_serialize.py")
    try:
        record = play_game(newer, zr.Config(players=2), [RandomAgent()] * 2, seed=1)
        saved = json.loads(to_json(record))
        assert saved["format"] == 2
        assert from_json(type(record), json.dumps(saved)) == record
        saved["format"] = 1
        with pytest.raises(DecodeError, match=r"zombie_run_v2 record is in format 1; .* format 2"):
            from_json(type(record), json.dumps(saved))
    finally:
        registry.unregister("zombie_run_v2")
