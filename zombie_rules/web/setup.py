"""The set-up form's fields and its errors in words, read from each title's ``Config``.

A page cannot know what a title's settings mean, and twenty raw field names help no
one. Each field is described here from what the title already declares: its type
(a number, yes or no, one of a few words, or something only an expert edits as
JSON), its rulebook default, the sentence of the ``Config`` docstring that explains
it, and whether the title lists it among the settings worth varying
(``Game.config_space``): the others are "more settings", folded away. An error in a
new game's config names the field in the form's words and says what it needs,
instead of a decoder's path such as ``@ $.players``.
"""

from __future__ import annotations

import enum
import re
import types
import typing
from typing import Any

import attrs

from zombie_rules.core.errors import DecodeError, InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.serialize import from_json, to_data

AnyGame = Game[Any, Any, Any, Any]

#: Field kinds a form draws: a whole number, yes or no, one of a few words, or JSON.
INT, BOOL, CHOICE, JSON = "int", "bool", "choice", "json"


def label(name: str) -> str:
    """``turn_limit`` as a form shows it: ``Turn limit``."""
    return name.replace("_", " ").capitalize()


def _sentences(doc: str) -> list[str]:
    text = " ".join(doc.split())
    return [s.strip() for s in re.split(r"(?<=[.;])\s+(?=[`A-Z(])", text) if s.strip()]


def _plain(text: str) -> str:
    """A docstring sentence for a person: fields named in words, no reStructuredText
    quotes, no file paths, a full stop at the end."""
    text = re.sub(
        r"``([a-z][a-z0-9]*(?:_[a-z0-9]+)+)``", lambda m: m.group(1).replace("_", " "), text
    )
    text = re.sub(r"``([^`]*)``", r"\1", text)
    text = re.sub(r":\w+:`~?([^`]*)`", r"\1", text)
    text = re.sub(r"\s*\((?:see )?[\w/.-]+\.md[^)]*\)", "", text)
    text = re.sub(r";?\s*see docs/[\w/.-]+\.md", "", text)
    text = text.strip().rstrip(";,")
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


def explanation(config_type: type, name: str) -> str:
    """The sentences of ``config_type``'s docstring that name ``name`` (empty if none)."""
    doc = config_type.__doc__ or ""
    quoted = f"``{name}``"
    return " ".join(_plain(s) for s in _sentences(doc) if quoted in s)


def _kind(hint: Any) -> tuple[str, bool, tuple[Any, ...]]:
    """A field's form kind, whether it may be left empty (``None``), and its choices."""
    optional = False
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        optional = True
        rest = [a for a in args if a is not type(None)]
        hint = rest[0] if len(rest) == 1 else Any
    if hint is bool:
        return BOOL, optional, ()
    if hint is int:
        return INT, optional, ()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return CHOICE, optional, tuple(m.value for m in hint)
    return JSON, optional, ()


def fields(game: AnyGame) -> list[dict[str, Any]]:
    """The set-up form's fields for ``game``, in the ``Config``'s order.

    Each: ``name``, ``label``, ``kind`` (``int``, ``bool``, ``choice``, ``json``),
    ``optional`` (may be left empty: ``None``), ``default`` (as JSON data),
    ``choices`` (for ``choice``), ``help`` (from the docstring), ``examples`` (the
    values the title's tests vary it over, as data) and ``more`` (folded away: not
    among the settings the title lists as worth varying, or JSON).
    """
    config_type = game.config_type
    default = to_data(game.default_config())
    hints = typing.get_type_hints(config_type)
    varied = set(game.config_space)
    out = []
    for f in attrs.fields(config_type):
        kind, optional, choices = _kind(hints.get(f.name, Any))
        out.append(
            {
                "name": f.name,
                "label": label(f.name),
                "kind": kind,
                "optional": optional,
                "default": default.get(f.name),
                "choices": list(choices),
                "help": explanation(config_type, f.name),
                "examples": [] if kind in (JSON, BOOL) else _examples(game, f.name),
                "more": kind == JSON or (f.name not in varied and f.name != "players"),
            }
        )
    return out


def _examples(game: AnyGame, name: str) -> list[Any]:
    values = game.config_space.get(name, ())
    return [v.value if isinstance(v, enum.Enum) else v for v in values]


_PATH = re.compile(r"\s*@ \$(?:\.(\w+))?.*$")
_WRAPPED = re.compile(r"^invalid config[,:]?\s*'?(.*?)'?$", re.S)


def _words(message: str) -> str:
    """A decoder's message without its prefix and path: what was wrong, plainly."""
    text = re.sub(r"^not a valid \w+:\s*", "", message)
    text = _PATH.sub("", text)
    match = _WRAPPED.match(text)
    if match:
        text = match.group(1)
    return text.strip().rstrip(".")


def _decode(game: AnyGame, data: dict[str, Any]) -> Any:
    import json

    merged = to_data(game.default_config())
    merged.update(data)
    return from_json(game.config_type, json.dumps(merged))


def decode(game: AnyGame, data: object) -> Any:
    """``game``'s config from the form's ``data`` (the fields given, defaults for the rest).

    Raises :class:`InvalidConfig` naming the field in the form's words: an unknown
    field, a value of the wrong kind, or one the title cannot play (each field is
    tried alone to find which); a combination of fields that will not go together is
    said as such.
    """
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise DecodeError(f"config: expected a JSON object of fields, not {type(data).__name__}")
    names = [f.name for f in attrs.fields(game.config_type)]
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise InvalidConfig(
            unknown[0],
            f"{game.name} has no setting of that name; its settings are {', '.join(names)}",
        )
    try:
        return _decode(game, data)
    except (DecodeError, InvalidConfig) as whole:
        for name in names:
            if name not in data:
                continue
            try:
                _decode(game, {name: data[name]})
            except (DecodeError, InvalidConfig) as one:
                why = _words(str(one))
                prefix = f"{name}: "
                why = why[len(prefix) :] if why.startswith(prefix) else why
                raise InvalidConfig(label(name), why) from None
        why = _words(str(whole))
        named, sep, rest = why.partition(": ")
        if sep and named in names:
            raise InvalidConfig(label(named), f"{rest} (with the other settings chosen)") from None
        raise InvalidConfig("These settings", f"do not go together: {why}") from None
