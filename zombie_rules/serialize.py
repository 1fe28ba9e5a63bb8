"""JSON for configs, states, moves, views, results and records (via cattrs).

Decoding is strict: wrong types are not coerced (``"3"`` is not an int), unknown
keys are refused, enums must name a known value, a config must validate, and a
state must pass its title's invariant check (card conservation, seat ranges,
phase consistency). Every failure is a :class:`DecodeError` that names the path
of the bad field, never a bare ``KeyError`` or ``TypeError``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from enum import Enum
from typing import Any, TypeVar

import cattrs
from cattrs.v import format_exception

from zombie_rules.core.errors import DecodeError, EncodeError, InvalidConfig
from zombie_rules.play import Record
from zombie_rules.registry import GAMES, get_game

T = TypeVar("T")


def _strict(kind: type, name: str) -> Any:
    """A structure hook that refuses coercion ("3" is not 3, true is not 1)."""

    def structure(value: Any, target: Any) -> Any:
        if target is not kind:
            # A subclass such as an IntEnum or StrEnum: its constructor validates.
            return target(value)
        if type(value) is not kind:
            raise TypeError(f"expected {name}, got {type(value).__name__} {value!r}")
        return value

    return structure


def _sorted_list(items: Iterable[Any]) -> list[Any]:
    # Sets have no order; sorting makes equal objects encode to equal text.
    listed = list(items)
    try:
        return sorted(listed)
    except TypeError:
        return listed


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(
        forbid_extra_keys=True, unstruct_collection_overrides={AbstractSet: _sorted_list}
    )
    for kind, name in ((int, "an integer"), (bool, "true or false"), (str, "a string")):
        converter.register_structure_hook(kind, _strict(kind, name))

    def unstructure_record(record: Record) -> dict[str, Any]:
        game = get_game(record.game)
        return {
            "game": record.game,
            "config": converter.unstructure(record.config, game.config_type),
            "moves": [converter.unstructure(m, game.move_type) for m in record.moves],
        }

    def structure_record(data: Any, _: Any) -> Record:
        if not isinstance(data, dict) or set(data) != {"game", "config", "moves"}:
            raise TypeError("a record is an object with exactly 'game', 'config' and 'moves'")
        name = converter.structure(data["game"], str)
        try:
            game = get_game(name)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        config = converter.structure(data["config"], game.config_type)
        if not isinstance(data["moves"], list):
            raise TypeError("'moves' must be a list")
        moves = tuple(converter.structure(m, game.move_type) for m in data["moves"])
        return Record(name, config, moves)

    converter.register_unstructure_hook(Record, unstructure_record)
    converter.register_structure_hook(Record, structure_record)
    return converter


def _describe(exc: BaseException, type_: type | None) -> str:
    # cattrs' own wording names the path; our hooks' and validators' messages say why.
    general = format_exception(exc, type_)
    if isinstance(exc, InvalidConfig):
        return f"invalid config, {exc}"
    if isinstance(type_, type) and issubclass(type_, Enum):
        choices = ", ".join(repr(member.value) for member in type_)
        return f"{general} (one of {choices})"
    if isinstance(exc, (TypeError, ValueError)) and str(exc):
        return f"{general} ({exc})"
    return general


_CONVERTER = _make_converter()
_STATE_CHECKS = {game.state_type: game.check_state for game in GAMES.values()}


def to_json(obj: Any) -> str:
    """Compact JSON for any config, state, move, view, result or record.

    Raises :class:`EncodeError` for objects that hold code (custom cards).
    """
    try:
        return json.dumps(_CONVERTER.unstructure(obj), separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise EncodeError(
            f"cannot write {type(obj).__name__} as JSON ({exc}); configs with custom"
            " cards hold code, so save them as code and their games as moves"
        ) from None


def from_json(type_: type[T], text: str | bytes) -> T:
    """The ``type_`` object ``text`` encodes, or a :class:`DecodeError` saying what is wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DecodeError(f"not valid JSON: {exc}") from None
    try:
        obj = _CONVERTER.structure(data, type_)
    except InvalidConfig as exc:
        raise DecodeError(f"invalid config: {exc}") from None
    except cattrs.BaseValidationError as exc:
        raise DecodeError(
            f"not a valid {getattr(type_, '__name__', type_)}: "
            + "; ".join(cattrs.transform_error(exc, format_exception=_describe))
        ) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise DecodeError(f"not a valid {getattr(type_, '__name__', type_)}: {exc}") from None
    check = _STATE_CHECKS.get(type_)
    if check is not None:
        try:
            check(obj)
        except ValueError as exc:
            raise DecodeError(f"inconsistent {type_.__name__}: {exc}") from None
    return obj
