"""One builder from a title's names to its :class:`~zombie_rules.core.game.Game`.

A title (ours, or one published from another package) is a module or package that
defines the protocol under fixed names; ``GAME = build_game(__name__)`` at the bottom
of its ``__init__.py`` turns them into the record generic code uses. Nothing is wired
by hand, so a title cannot forget a hook or point one at the wrong function, and a
missing name is an error that lists every missing name at import time.

Required names: ``Config``, ``State``, ``Move``, ``View`` and the functions
``new_game``, ``legal_moves``, ``apply``, ``chance_outcomes``, ``to_act``, ``view``,
``result``, ``parse_move``, ``describe``, ``determinize`` and ``hidden_variant``.

Optional names, each with a default derived from the protocol (:data:`OPTIONAL`):
``NAME`` (the module's last name), ``chance_weights`` (from ``chance_outcomes``),
``config_of`` (``state.config``), ``players`` (``config.players``), ``card_set`` and
``card_census`` (no cards counted), ``candidate_moves`` (the legal moves),
``check_state`` and ``check_view`` (accept), ``CONFIG_SPACE`` (nothing to vary),
``rounds_played`` (0), ``render`` (the view's fields as text), ``AGENTS`` (none),
``without_annotation`` (the move itself), ``account`` (``describe`` again), ``label``
(the first line of ``describe``), ``default_config`` (``Config``), and the
face: ``GUIDE``, ``board``, ``FACTS``, ``SEARCH``, ``learning`` (none: see
:mod:`zombie_rules.core.learning`); ``FORMAT_VERSION`` (1) numbers the shape of its
saved states and records; ``events`` and ``EVENTS`` (none) name the events house
rules may act after (:mod:`zombie_rules.core.house_rules`).

The builder also makes ``copy.copy`` and ``copy.deepcopy`` of the title's frozen
states, moves, views and configs return the object itself (:func:`share_on_copy`):
they are immutable, and OpenSpiel clones Python states with ``deepcopy``.
"""

from __future__ import annotations

import importlib
import math
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from types import ModuleType
from typing import Any

import attrs

from zombie_rules.core.board import generic_text
from zombie_rules.core.errors import RegistrationError
from zombie_rules.core.game import Game

#: The names every title must define: ``Game`` field -> module name.
REQUIRED: dict[str, str] = {
    "config_type": "Config",
    "state_type": "State",
    "move_type": "Move",
    "view_type": "View",
    "new_game": "new_game",
    "legal_moves": "legal_moves",
    "apply": "apply",
    "chance_outcomes": "chance_outcomes",
    "to_act": "to_act",
    "view": "view",
    "result": "result",
    "parse_move": "parse_move",
    "describe": "describe",
    "determinize": "determinize",
    "hidden_variant": "hidden_variant",
}

#: The names a title may define: ``Game`` field -> module name.
OPTIONAL: dict[str, str] = {
    "chance_weights": "chance_weights",
    "config_of": "config_of",
    "players": "players",
    "card_set": "card_set",
    "card_census": "card_census",
    "candidate_moves": "candidate_moves",
    "check_state": "check_state",
    "config_space": "CONFIG_SPACE",
    "rounds_played": "rounds_played",
    "render": "render",
    "agents": "AGENTS",
    "without_annotation": "without_annotation",
    "check_view": "check_view",
    "account": "account",
    "label": "label",
    "default_config": "default_config",
    "guide": "GUIDE",
    "board": "board",
    "facts": "FACTS",
    "search": "SEARCH",
    "format_version": "FORMAT_VERSION",
    "learning": "learning",
    "events": "events",
    "event_names": "EVENTS",
}


def _config_of(state: Any) -> Any:
    return state.config


def _players(config: Any) -> int:
    players: int = config.players
    return players


def _no_cards(_: Any) -> Counter[Hashable]:
    return Counter()


def _accept(_: Any) -> None:
    return None


def _no_rounds(_: Any) -> int:
    return 0


@attrs.frozen
class WeightsFrom:
    """``chance_weights`` for a title that gives only exact probabilities.

    The probabilities over their common denominator are integer weights with the same
    ratios, so a sampler draws exactly what ``chance_outcomes`` says. (A record, not a
    closure, so the ``Game`` pickles.)
    """

    chance_outcomes: Callable[[Any], Sequence[tuple[Any, Fraction]]]

    def __call__(self, state: Any) -> tuple[tuple[Any, ...], tuple[int, ...]]:
        outcomes = self.chance_outcomes(state)
        if not outcomes:
            return (), ()
        denominator = math.lcm(*(p.denominator for _, p in outcomes))
        moves = tuple(m for m, _ in outcomes)
        weights = tuple(int(p * denominator) for _, p in outcomes)
        return moves, weights


def build_game(module: ModuleType | str, **overrides: Any) -> Game[Any, Any, Any, Any]:
    """The :class:`Game` of the title defined by ``module`` (a module or its import name).

    ``overrides`` set ``Game`` fields directly (``name="my_variant"``), before the
    module's names are read. Raises :class:`RegistrationError` naming the module and
    every missing or non-callable protocol name.
    """
    if isinstance(module, str):
        module = importlib.import_module(module)
    where = module.__name__
    fields: dict[str, Any] = {"name": getattr(module, "NAME", where.rsplit(".", 1)[-1])}
    missing = []
    for field, name in REQUIRED.items():
        if field in overrides:
            continue
        value = getattr(module, name, None)
        if value is None:
            missing.append(name)
        else:
            fields[field] = value
    if missing:
        raise RegistrationError(
            f"title module {where}: missing protocol name(s) {', '.join(missing)}"
        )
    for field, name in OPTIONAL.items():
        value = getattr(module, name, None)
        if value is not None:
            fields[field] = value
    fields.update(overrides)
    fields.setdefault("chance_weights", WeightsFrom(fields["chance_outcomes"]))
    fields.setdefault("config_of", _config_of)
    fields.setdefault("players", _players)
    fields.setdefault("card_set", _no_cards)
    fields.setdefault("card_census", _no_cards)
    fields.setdefault("candidate_moves", fields["legal_moves"])
    fields.setdefault("check_state", _accept)
    fields.setdefault("config_space", {})
    fields.setdefault("rounds_played", _no_rounds)
    fields.setdefault("render", generic_text)
    game: Game[Any, Any, Any, Any] = Game(**fields)
    check_game(game, f"title module {where}")
    for cls in (game.config_type, game.state_type, game.move_type, game.view_type):
        share_on_copy(cls)
    return game


def _itself(obj: Any, memo: Any = None) -> Any:
    return obj


def share_on_copy(cls: type) -> bool:
    """Make copies of ``cls``'s objects the objects themselves, if ``cls`` is a frozen attrs class.

    A frozen record of tuples, frozensets and other frozen records (what the library's
    rules require of states, moves, views and configs) cannot change, so a copy is
    never needed; ``copy.deepcopy`` of a state late in a game otherwise rebuilds every
    nested tuple (tens of microseconds, on every clone an OpenSpiel search makes). A
    class that defines its own ``__copy__`` or ``__deepcopy__``, or is not frozen, is
    left alone. Returns whether the class was changed.
    """
    frozen = attrs.has(cls) and getattr(cls.__setattr__, "__name__", "") == "_frozen_setattrs"
    if not frozen or "__copy__" in vars(cls) or "__deepcopy__" in vars(cls):
        return False
    cls.__copy__ = _itself  # type: ignore[attr-defined]
    cls.__deepcopy__ = _itself  # type: ignore[attr-defined]
    return True


#: The ``Game`` fields that must be callable.
CALLABLE_FIELDS = (
    "new_game",
    "legal_moves",
    "apply",
    "chance_outcomes",
    "to_act",
    "view",
    "result",
    "parse_move",
    "describe",
    "chance_weights",
    "config_of",
    "players",
    "card_set",
    "card_census",
    "hidden_variant",
    "determinize",
    "candidate_moves",
    "check_state",
    "rounds_played",
    "render",
    "without_annotation",
    "check_view",
    "account",
    "label",
    "default_config",
    "board",
    "events",
)


def _good_name(game: Game[Any, Any, Any, Any]) -> bool:
    name = game.name
    if not isinstance(name, str):
        return False
    if game.house_rules and "+" in name:
        return all(part.isidentifier() for part in name.split("+"))
    return name.isidentifier()


def check_game(game: object, where: str) -> None:
    """:class:`RegistrationError` unless ``game`` is a :class:`Game` whose hooks can be called.

    ``where`` names the source (a module, an entry point) in the message.
    """
    if not isinstance(game, Game):
        raise RegistrationError(f"{where}: expected a zombie_rules Game, got {type(game).__name__}")
    if not _good_name(game):
        raise RegistrationError(
            f"{where}: a game's name must be an identifier such as my_variant (a variant"
            " with house rules may also be its title's name and its rules' names joined"
            f" by '+', such as zombie_run+shout_under_20), not {game.name!r}"
        )
    broken = [f for f in CALLABLE_FIELDS if not callable(getattr(game, f))]
    if game.learning is not None and not callable(game.learning):
        broken.append("learning")
    if broken:
        raise RegistrationError(f"{where}: game {game.name!r} has no callable {', '.join(broken)}")
    for field in ("config_type", "state_type", "move_type", "view_type"):
        if not isinstance(getattr(game, field), type):
            raise RegistrationError(f"{where}: game {game.name!r}: {field} is not a class")
