"""``core.records``: its fast builds and copies are what ``__init__`` and ``evolve`` build."""

from __future__ import annotations

import weakref
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from zombie_rules.core.records import builder, is_plain, open_twin, replacer


@attrs.frozen(cache_hash=True)
class _Hashed:
    a: int
    b: tuple[int, ...]
    c: str = "x"


@attrs.frozen
class _WithWeakref:
    a: int
    b: frozenset[int]


@attrs.frozen
class _Checked:
    a: int = attrs.field(validator=attrs.validators.ge(0))
    b: str = attrs.field(converter=str)


VALUES = st.tuples(st.integers(), st.tuples(st.integers()), st.text(max_size=3))


def _is_frozen(record: object) -> bool:
    try:
        record.a = 7  # type: ignore[attr-defined]
    except attrs.exceptions.FrozenInstanceError:
        return True
    return False


@given(VALUES)
def test_a_built_record_is_the_record_init_builds(values: tuple[int, tuple[int, ...], str]) -> None:
    built = builder(_Hashed)(*values)
    assert type(built) is _Hashed and built == _Hashed(*values)
    assert hash(built) == hash(_Hashed(*values))
    assert _is_frozen(built)


@given(VALUES, st.integers(), st.text(max_size=3))
def test_a_copy_is_the_record_evolve_builds(
    values: tuple[int, tuple[int, ...], str], a: int, c: str
) -> None:
    replace = replacer(_Hashed)
    old = _Hashed(*values)
    hash(old)  # the old record's cached hash must not travel to the copy
    for changes in ({}, {"a": a}, {"c": c, "a": a}):
        new = replace(old, **changes)
        assert type(new) is _Hashed and new == attrs.evolve(old, **changes)
        assert hash(new) == hash(attrs.evolve(old, **changes)) and _is_frozen(new)
    assert replace.make(("c", "a"))(old, c, a) == attrs.evolve(old, a=a, c=c)  # type: ignore[attr-defined]
    assert replace(old) is not old


def test_a_record_with_a_weakref_slot_is_built_and_copied_too() -> None:
    record = builder(_WithWeakref)(1, frozenset({2}))
    assert type(record) is _WithWeakref and record == _WithWeakref(1, frozenset({2}))
    assert weakref.ref(record)() is record
    assert replacer(_WithWeakref)(record, a=3) == _WithWeakref(3, frozenset({2}))


def test_an_unknown_field_is_refused_by_name() -> None:
    for cls, record in ((_Hashed, _Hashed(1, ())), (_Checked, _Checked(1, "y"))):
        replace = replacer(cls)
        with pytest.raises(TypeError, match="no field 'z'"):
            replace(record, z=3)
        with pytest.raises(TypeError, match="no field 'z'"):
            replace.make(("a", "z"))  # type: ignore[attr-defined]


def test_a_record_that_checks_or_converts_runs_its_init() -> None:
    assert not is_plain(_Checked) and is_plain(_Hashed) and is_plain(_WithWeakref)
    assert builder(_Checked) is _Checked
    replace = replacer(_Checked)
    record = _Checked(1, "y")
    assert replace(record, b=5) == _Checked(1, "5")  # the converter ran
    assert replace.make(("b",))(record, 6) == _Checked(1, "6")  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        replace(record, a=-1)  # the validator ran


def test_an_open_twin_becomes_its_record() -> None:
    twin = open_twin(_Hashed)
    assert issubclass(twin, _Hashed) and twin.__dict__["__slots__"] == ()
    draft: Any = object.__new__(twin)
    draft.a, draft.b, draft.c, draft._attrs_cached_hash = 1, (2,), "z", None
    draft.__class__ = _Hashed
    assert draft == _Hashed(1, (2,), "z") and _is_frozen(draft)


@pytest.mark.parametrize("title", ["texas_zombies", "zombie_doctor", "quarantine_z"])
def test_every_state_of_a_played_game_is_a_frozen_state(title: str) -> None:
    """The titles build their states with these functions; what they build is a real ``State``."""
    from zombie_rules.registry import GAMES
    from zombie_rules.testing import random_playout

    game = GAMES[title]
    states = random_playout(game, game.default_config(), 3).states
    state_type = type(states[0])
    for state in states[1:]:
        assert type(state) is state_type
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.phase = None
