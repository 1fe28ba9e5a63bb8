"""JSON for configs, states, moves, views, results and records (via cattrs).

Decoding is strict: wrong types are not coerced (``"3"`` is not an int, a string
is not a tuple of its characters, ``{}`` is not an empty tuple), unknown keys and
duplicate keys are refused, enums must name a known value, a config must
validate, a state must pass its title's ``check_state`` and a view its
``check_view``. Every failure is a :class:`DecodeError` that names the path of the
bad field, never a bare ``KeyError``, ``TypeError`` or ``RecursionError``.

Decoding is also safe on hostile input: it stops at the first bad item of a list
instead of collecting one error per item, nesting deeper than :data:`MAX_DEPTH`
is refused before parsing, integers longer than :data:`MAX_DIGITS` digits are
refused without being converted, and the error message is cut to
:data:`MAX_MESSAGE` characters. So refusing a large document costs time and
memory in proportion to its size, with a short message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from enum import Enum
from itertools import accumulate
from typing import Any, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.v import format_exception

from zombie_rules.core.errors import DecodeError, EncodeError, InvalidConfig, RegistrationError
from zombie_rules.core.validation import short
from zombie_rules.play import Record
from zombie_rules.registry import GAMES, get_game

T = TypeVar("T")

#: Deepest nesting of lists and objects accepted; the deepest real document (a
#: Quarantine Z state's zombie mutations) is 6 deep.
MAX_DEPTH = 64
#: Longest integer accepted, in digits: Python's own limit for converting text.
MAX_DIGITS = 4300
#: Longest error message; a refused document is never repeated in full.
MAX_MESSAGE = 1000
#: How many of the field errors of one document the message lists.
MAX_ERRORS = 3


class _Refused(ValueError):
    """A value our hooks refuse; its message is the whole description."""


class _LongInt:
    """A JSON integer too long to convert, kept so the decoder can name its field."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


class _DuplicateKeys(dict[str, Any]):
    """A JSON object that names a key twice, kept so the decoder can name its path."""

    duplicate: str = ""


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    marked = _DuplicateKeys(obj)
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            marked.duplicate = key
            break
        seen.add(key)
    return marked


def _json_int(text: str) -> int | _LongInt:
    digits = len(text) - text.startswith("-")
    return _LongInt(digits) if digits > MAX_DIGITS else int(text)


def _json_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


# Strings (which may hold brackets) and then every bracket, outside strings.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _too_deep(text: str) -> bool:
    """Whether ``text`` nests lists and objects deeper than :data:`MAX_DEPTH`.

    Checked before parsing, because the parser recurses once per level and a
    deep document would otherwise end in a ``RecursionError``.
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    brackets = _BRACKETS.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


def _load(text: str | bytes) -> Any:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode(json.detect_encoding(text))
        except UnicodeDecodeError as exc:
            raise DecodeError(f"not valid JSON: {exc}") from None
    if _too_deep(text):
        raise DecodeError(f"not valid JSON here: lists and objects nest more than {MAX_DEPTH} deep")
    try:
        return json.loads(
            text,
            object_pairs_hook=_json_object,
            parse_int=_json_int,
            parse_constant=_json_constant,
        )
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise DecodeError(f"not valid JSON: {str(exc)[:200]}") from None


def _what(value: Any) -> str:
    """A JSON value as the message names it: its JSON kind and a short excerpt."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, _LongInt):
        return f"an integer of {value.digits} digits"
    kind = {int: "an integer", float: "a number", str: "a string", list: "a list"}.get(
        type(value), "an object"
    )
    return f"{kind} {short(value, 40)}"


def _structure_enum(value: Any, target: type[Enum]) -> Enum:
    # By value and by the value's exact type: true is not 1, 1.0 is not 1.
    for member in target:
        if type(member.value) is type(value) and member.value == value:
            return member
    choices = ", ".join(repr(member.value) for member in target)
    raise _Refused(f"expected one of {choices}; got {_what(value)}")


def _strict(kind: type, name: str) -> Callable[[Any, Any], Any]:
    """A structure hook that refuses coercion ("3" is not 3, true is not 1)."""

    def structure(value: Any, target: Any) -> Any:
        if target is not kind:
            # A subclass such as an IntEnum: dispatched here by its base class.
            return _structure_enum(value, target)
        if type(value) is not kind:
            if isinstance(value, _LongInt):
                raise _Refused(f"an integer of {value.digits} digits (at most {MAX_DIGITS})")
            raise _Refused(f"expected {name}, got {_what(value)}")
        return value

    return structure


def _first_error(exc: Exception, index: int, item_type: Any, whole: Any) -> IterableValidationError:
    """The error of a collection, holding only the first bad item so it stays small."""
    note = IterableValidationNote(f"Structuring @ index {index}", index, item_type)
    exc.__notes__ = [*getattr(exc, "__notes__", []), note]
    return IterableValidationError("While structuring a collection", [exc], whole)


def _expect_object(value: Any) -> None:
    if type(value) is not dict:
        if isinstance(value, _DuplicateKeys):
            raise _Refused(f"the key {short(value.duplicate, 40)} appears twice")
        raise _Refused(f"expected an object, got {_what(value)}")


def _is_collection(type_: Any) -> bool:
    return get_origin(type_) in (tuple, list, frozenset, set)


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
    converter.register_structure_hook(Enum, _structure_enum)

    def collection(type_: Any) -> Callable[[Any, Any], Any]:
        # Only a JSON list is a tuple or a set, and a bad item stops the decoding.
        origin, args = get_origin(type_), get_args(type_)
        homogeneous = origin is not tuple or (len(args) == 2 and args[1] is Ellipsis)
        item_types = args[:1] if homogeneous else args
        hooks = [converter.get_structure_hook(t) for t in item_types]
        build: Callable[[list[Any]], Any] = frozenset if origin in (frozenset, set) else tuple
        if origin is list:
            build = list

        def structure(value: Any, _: Any) -> Any:
            if type(value) is not list:
                raise _Refused(f"expected a list, got {_what(value)}")
            if not homogeneous and len(value) != len(item_types):
                raise _Refused(f"expected a list of {len(item_types)}, got {len(value)} items")
            items = []
            for index, item in enumerate(value):
                at = 0 if homogeneous else index
                try:
                    items.append(hooks[at](item, item_types[at]))
                except Exception as exc:  # re-raised with its path
                    raise _first_error(exc, index, item_types[at], type_) from None
            result = build(items)
            if build is frozenset and len(result) != len(items):
                raise _Refused("a set lists an item twice")
            return result

        return structure

    def record_class(cls: Any) -> Callable[[Any, Any], Any]:
        # Only a JSON object (with each key once) is an attrs record.
        inner = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)

        def structure(value: Any, _: Any) -> Any:
            _expect_object(value)
            return inner(value, cls)

        return structure

    converter.register_structure_hook_factory(_is_collection, collection)
    converter.register_structure_hook_factory(attrs.has, record_class)

    def unstructure_record(record: Record[Any, Any]) -> dict[str, Any]:
        game = get_game(record.game)
        return {
            FORMAT_KEY: game.format_version,
            "game": record.game,
            "config": converter.unstructure(record.config, game.config_type),
            "moves": [converter.unstructure(m, game.move_type) for m in record.moves],
        }

    def structure_record(data: Any, _: Any) -> Record[Any, Any]:
        _expect_object(data)
        if set(data) - {FORMAT_KEY} != {"game", "config", "moves"}:
            raise _Refused(
                "a record is an object with exactly 'game', 'config' and 'moves'"
                f" (and its '{FORMAT_KEY}')"
            )

        def field(name: str, type_: Any) -> Any:
            try:
                return converter.structure(data[name], type_)
            except Exception as exc:  # re-raised with its path
                exc.__notes__ = [
                    *getattr(exc, "__notes__", []),
                    AttributeValidationNote(f"Structuring field {name}", name, type_),
                ]
                raise ClassValidationError("While structuring Record", [exc], Record) from None

        name = field("game", str)
        try:
            game = get_game(name)
        except (KeyError, RegistrationError) as exc:  # unknown, or published but broken
            raise _Refused(short(str(exc), 200)) from None
        _expect_format(data.get(FORMAT_KEY, 1), game, "record")
        config = field("config", game.config_type)
        moves = field("moves", tuple.__class_getitem__((game.move_type, ...)))
        return Record(name, config, moves)

    converter.register_unstructure_hook(Record, unstructure_record)
    converter.register_structure_hook(Record, structure_record)

    def state_unstructure(cls: Any) -> Callable[[Any], Any]:
        inner = make_dict_unstructure_fn(cls, converter)
        game = _game_of_state(cls)
        assert game is not None

        def unstructure(state: Any) -> dict[str, Any]:
            return {FORMAT_KEY: game.format_version, **inner(state)}

        return unstructure

    def state_structure(cls: Any) -> Callable[[Any, Any], Any]:
        inner = make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
        game = _game_of_state(cls)
        assert game is not None

        def structure(value: Any, _: Any) -> Any:
            _expect_object(value)
            if FORMAT_KEY in value:
                value = dict(value)
                _expect_format(value.pop(FORMAT_KEY), game, "state")
            return inner(value, cls)

        return structure

    def is_state(cls: Any) -> bool:
        return _game_of_state(cls) is not None

    converter.register_unstructure_hook_factory(is_state, state_unstructure)
    converter.register_structure_hook_factory(is_state, state_structure)
    return converter


#: The key of the format version in a saved state or record.
FORMAT_KEY = "format"


def _game_of_state(cls: Any) -> Any:
    """The registered game whose ``State`` is ``cls``, or ``None``."""
    for game in GAMES.values():
        if cls is game.state_type:
            return game
    return None


def _expect_format(version: Any, game: Any, what: str) -> None:
    """:class:`_Refused` unless a save's format ``version`` is the one ``game`` reads now."""
    if type(version) is not int:
        raise _Refused(f"'{FORMAT_KEY}': expected an integer, got {_what(version)}")
    if version != game.format_version:
        raise _Refused(
            f"this {game.name} {what} is in format {version}; this version of zombie_rules"
            f" reads format {game.format_version} (an older or newer save: play it with"
            " the version that wrote it)"
        )


def _describe(exc: BaseException, type_: type | None) -> str:
    # cattrs' own wording names the path; our hooks' and validators' messages say why.
    if isinstance(exc, ForbiddenExtraKeysError):
        extra = sorted(exc.extra_fields)
        listed = ", ".join(short(key, 40) for key in extra[:5])
        more = f" and {len(extra) - 5} more" if len(extra) > 5 else ""
        return f"extra fields found ({listed}{more})"
    if isinstance(exc, _Refused):
        return str(exc)
    general = format_exception(exc, type_)
    if isinstance(exc, InvalidConfig):
        return f"invalid config, {short(str(exc), 300)}"
    if isinstance(type_, type) and issubclass(type_, Enum):
        choices = ", ".join(repr(member.value) for member in type_)
        return f"{general} (one of {choices})"
    if isinstance(exc, (TypeError, ValueError)) and str(exc):
        return f"{general} ({short(str(exc), 300)})"
    return general


def _bounded(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else f"{message[: MAX_MESSAGE - 3]}..."


def _structure_errors(exc: cattrs.BaseValidationError) -> str:
    errors = cattrs.transform_error(exc, format_exception=_describe)
    listed = "; ".join(errors[:MAX_ERRORS])
    if len(errors) > MAX_ERRORS:
        listed += f"; and {len(errors) - MAX_ERRORS} more"
    return listed


_CONVERTER = _make_converter()


def _check_of(type_: Any) -> Callable[[Any], None] | None:
    """The title check for a decoded state or view; looked up each time, since titles may be
    registered after this module is imported."""
    for game in GAMES.values():
        if type_ is game.state_type:
            return game.check_state
        if type_ is game.view_type:
            return game.check_view
    return None


def to_data(obj: Any) -> Any:
    """Plain JSON data (dicts, lists, strings, numbers) for any config, state, move, view,
    result or record: what ``json.dumps`` writes. A server that sends several objects in one
    document encodes each once this way and writes the document once.

    Raises :class:`EncodeError` for objects that hold code (a function in a config field).
    """
    try:
        data = _CONVERTER.unstructure(obj)
        _expect_plain(data)
    except (TypeError, ValueError) as exc:
        raise EncodeError(
            f"cannot write {type(obj).__name__} as JSON ({exc}); a config that holds"
            " code cannot be JSON, so save it as code and its games as moves"
        ) from None
    return data


def _expect_plain(data: Any) -> None:
    # What json.dumps would refuse, refused here too, so to_data and to_json agree.
    kind = type(data)
    if kind is dict:
        for key, value in data.items():
            if type(key) is not str:
                raise TypeError(f"keys must be str, not {type(key).__name__}")
            _expect_plain(value)
    elif kind is list or kind is tuple:
        for item in data:
            _expect_plain(item)
    elif data is not None and kind not in (str, int, float, bool):
        raise TypeError(f"Object of type {kind.__name__} is not JSON serializable")


def to_json(obj: Any) -> str:
    """Compact JSON for any config, state, move, view, result or record: ``to_data`` as text.

    Raises :class:`EncodeError` for objects that hold code (a function in a config field).
    """
    return json.dumps(to_data(obj), separators=(",", ":"))


def from_data(type_: type[T], data: Any) -> T:
    """The ``type_`` object plain JSON ``data`` encodes, or a :class:`DecodeError` saying what
    is wrong. ``data`` must be what ``json.loads`` gives: lists, not tuples."""
    name = getattr(type_, "__name__", str(type_))
    try:
        obj = _CONVERTER.structure(data, type_)
    except InvalidConfig as exc:
        raise DecodeError(_bounded(f"invalid config: {exc}")) from None
    except cattrs.BaseValidationError as exc:
        raise DecodeError(_bounded(f"not a valid {name}: {_structure_errors(exc)}")) from None
    except _Refused as exc:
        raise DecodeError(_bounded(f"not a valid {name}: {exc} @ $")) from None
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError) as exc:
        raise DecodeError(_bounded(f"not a valid {name}: {exc}")) from None
    check = _check_of(type_)
    if check is not None:
        try:
            check(obj)
        except ValueError as exc:
            raise DecodeError(_bounded(f"inconsistent {name}: {exc}")) from None
    return obj


def from_json(type_: type[T], text: str | bytes) -> T:
    """The ``type_`` object ``text`` encodes, or a :class:`DecodeError` saying what is wrong.

    The text is parsed safely first (depth, integer length, duplicate keys), then read
    by :func:`from_data`.
    """
    return from_data(type_, _load(text))
