"""The registry's two lookups, games and house rules, fail alike: one shape, one helper.

A name nobody published is an ``UnknownGame`` (a ``KeyError``) naming it and listing
the known names of its kind; a name whose published entry point failed to load raises
that entry point's ``RegistrationError``, which says why; a name that is not a string
(a decoder's input) is an ``UnknownGame`` too, never a ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from zombie_rules import registry, zombie_run
from zombie_rules.core.errors import RegistrationError, UnknownGame
from zombie_rules.core.house_rules import HouseRule

LOOKUPS: list[tuple[str, Callable[[Any], Any], str, str]] = [
    ("game", registry.get_game, "_problems", "zombie_run"),
    ("house rule", registry.get_house_rule, "_rule_problems", ""),
]


@pytest.mark.parametrize(("kind", "lookup", "problems", "known"), LOOKUPS, ids=["game", "rule"])
def test_an_unknown_name_is_named_with_the_known_ones(
    kind: str, lookup: Callable[[Any], Any], problems: str, known: str
) -> None:
    with pytest.raises(UnknownGame) as failed:
        lookup("chess")
    message = str(failed.value.args[0])
    assert message.startswith(f"no {kind} called 'chess'; known {kind}s: ")
    assert known in message
    assert isinstance(failed.value, KeyError)


@pytest.mark.parametrize(("kind", "lookup", "problems", "known"), LOOKUPS, ids=["game", "rule"])
@pytest.mark.parametrize("name", [["zombie_run"], None, 3])
def test_a_name_that_is_not_a_string_is_unknown_not_a_type_error(
    kind: str, lookup: Callable[[Any], Any], problems: str, known: str, name: object
) -> None:
    with pytest.raises(UnknownGame, match=f"no {kind} called"):
        lookup(name)


@pytest.mark.parametrize(("kind", "lookup", "problems", "known"), LOOKUPS, ids=["game", "rule"])
def test_a_published_name_that_failed_to_load_says_why(
    kind: str,
    lookup: Callable[[Any], Any],
    problems: str,
    known: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    why = RegistrationError(f"entry point 'broken' of a {kind} failed to load: RuntimeError")
    registry.get_game("zombie_run")  # loads every source first, so the patch below stays
    registry.house_rules()
    monkeypatch.setattr(registry, problems, {"broken": why})
    with pytest.raises(RegistrationError) as failed:
        lookup("broken")
    assert failed.value is why
    with pytest.raises(UnknownGame):  # other names are still just unknown
        lookup("chess")


def test_a_variant_name_is_composed_before_it_is_called_unknown() -> None:
    """``title+rule`` resolves through the games' fallback; an unknown rule in it is
    the house rules' own error, naming the rule."""
    with pytest.raises(UnknownGame, match="no house rule called 'no_such_rule'"):
        registry.get_game("zombie_run+no_such_rule")
    with pytest.raises(UnknownGame, match="no game called 'chess\\+no_such_rule'; known games"):
        registry.get_game("chess+no_such_rule")


def test_removing_a_rule_or_a_title_removes_the_variants_composed_of_it() -> None:
    """A variant composed from its name goes when any part of it goes, so a removed rule
    or title never plays on under the old name; the other variants stay."""
    copy = registry.register(attrs.evolve(zombie_run.GAME, name="zr_copy"))
    quiet = registry.register_house_rule(HouseRule("quiet_copy", "zr_copy", "Nothing changes."))
    calm = registry.register_house_rule(HouseRule("calm_copy", "zr_copy", "Nothing at all."))
    try:
        assert registry.get_game("zr_copy+quiet_copy").house_rules == (quiet,)
        assert registry.get_game("zr_copy+calm_copy").house_rules == (calm,)
        registry.unregister_house_rule("quiet_copy")
        assert "zr_copy+quiet_copy" not in registry.GAMES
        assert "zr_copy+calm_copy" in registry.GAMES
        registry.unregister(copy.name)
        assert "zr_copy+calm_copy" not in registry.GAMES
    finally:
        registry.unregister_house_rule("calm_copy")
        if "zr_copy" in registry.GAMES:
            registry.unregister("zr_copy")
