"""Decoder fuzzing: corrupt saved JSON field by field and check that decoding holds.

A saved state is input like any other: a front end reloads it, a user edits it, a
network peer sends it. The decoder's promise is that a document either is refused
with a :class:`~zombie_rules.core.errors.DecodeError` or decodes to a state from
which every protocol function works. :func:`check_decoder_fuzz` tests that promise
on any :class:`~zombie_rules.core.game.Game` (so on user variants too): it takes
``to_json`` of an object, mutates it one field at a time (other JSON types,
off-by-one and out-of-range numbers, dropped, duplicated and moved list items,
values swapped between fields, ...), decodes each mutant and smoke-tests what
is accepted with :func:`smoke_test_state`.

Mutations are generic: they know JSON, not the title. They also borrow the
title's enum values (found from the state type's annotations) so a phase can be
swapped for another phase, which is where most missing checks hide.
"""

from __future__ import annotations

import copy
import enum
import json
import random
import typing
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import DecodeError
from zombie_rules.core.game import Game
from zombie_rules.serialize import from_json, to_json

AnyGame = Game[Any, Any, Any, Any]
Path = tuple[str | int, ...]

#: Values any field may be replaced with: every JSON type, and numbers at the
#: edges (negative, a seat past the table, a 5-bit mask's overflow, 64 bits, huge).
_ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0, 1, -1, 2, 3, 7, 31, 32, 99, 100, 2**63, -(2**63), 10**40,
    1.5, "", "x", [], {}, [0], [-1], [[0]], {"x": 1},
)  # fmt: skip


@attrs.frozen
class FuzzSummary:
    """How the decoder treated the mutants: ``refused`` + ``accepted`` == ``tried``."""

    tried: int
    refused: int
    accepted: int


def _fail(what: str) -> AssertionError:
    return AssertionError(what)


def _census(game: AnyGame, state: Any, expected: Counter[Hashable], where: str) -> None:
    actual = game.card_census(state)
    if actual != expected:
        raise _fail(
            f"cards not conserved {where}: missing {dict(expected - actual)},"
            f" extra {dict(actual - expected)}"
        )


def smoke_test_state(game: AnyGame, state: Any, *, describe: bool = True) -> None:
    """Call every protocol function at ``state``; raise if one fails or they disagree.

    ``legal_moves``, ``to_act``, ``result``, ``view`` and ``render`` for every seat
    and the spectator, ``chance_outcomes``, ``parse_move`` of each legal move, and
    ``apply`` of each legal move, after which the cards must still be conserved and
    the game must not be stuck (no legal move and no result). With ``describe``,
    also ``describe`` of each legal move for every seat and the spectator. Any
    exception propagates; a disagreement is an ``AssertionError`` saying which.
    """
    config = game.config_of(state)
    players = game.players(config)
    seats: tuple[int | None, ...] = (*range(players), None)
    expected = game.card_set(config)
    legal = game.legal_moves(state)
    actors = game.to_act(state)
    outcome = game.result(state)
    if {m.seat for m in legal} != set(actors):
        raise _fail(f"to_act {sorted(actors)} disagrees with the actors of legal_moves")
    if (outcome is None) != bool(legal):
        raise _fail(f"stuck: result {'set' if outcome else 'None'} with {len(legal)} legal moves")
    if outcome is not None and not outcome.winners <= set(range(players)):
        raise _fail(f"result names winners {sorted(outcome.winners)} not at the table")
    _census(game, state, expected, "at the state")
    for seat in seats:
        game.render(game.view(state, seat))
    if CHANCE in actors:
        total = sum(p for _, p in game.chance_outcomes(state))
        if total != 1:
            raise _fail(f"chance probabilities sum to {total}, not 1")
    for move in legal:
        if game.parse_move(state, str(move)) != move:
            raise _fail(f"{move}: notation does not parse back")
        after = game.apply(state, move)
        _census(game, after, expected, f"after {move}")
        if not game.legal_moves(after) and game.result(after) is None:
            raise _fail(f"stuck after {move}: no legal move and no result")
        if describe:
            for seat in seats:
                game.describe(state, move, seat)


def _playout(game: AnyGame, state: Any, rng: random.Random, moves: int) -> None:
    """A few random moves on: a bad field may only bite later (at the round's end)."""
    expected = game.card_set(game.config_of(state))
    for step in range(moves):
        legal = game.legal_moves(state)
        if not legal:
            if game.result(state) is None:
                raise _fail(f"stuck {step} moves on: no legal move and no result")
            return
        move = legal[rng.randrange(len(legal))]
        state = game.apply(state, move)
        _census(game, state, expected, f"{step + 1} moves on, after {move}")


# ------------------------------------------------------------------ mutations


def _paths(data: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every value in the document with its path (the root excluded), depth first."""
    stack: list[tuple[Path, Any]] = [(path, data)]
    while stack:
        here, value = stack.pop()
        if here:
            yield here, value
        if isinstance(value, dict):
            stack.extend(((*here, k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*here, i), v) for i, v in reversed(list(enumerate(value))))


def path_text(path: Path) -> str:
    """A path as the decoder's messages write it: ``$.area[2].cards[0]``."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _get(data: Any, path: Path) -> Any:
    for part in path:
        data = data[part]
    return data


def _set(data: Any, path: Path, value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _enum_values(type_: Any) -> tuple[Any, ...]:
    """The values of every enum reachable from ``type_``'s annotations."""
    found: dict[Any, None] = {}
    seen: set[Any] = set()
    todo = [type_]
    while todo:
        t = todo.pop()
        if t in seen:
            continue
        seen.add(t)
        if isinstance(t, type) and issubclass(t, enum.Enum):
            found.update((member.value, None) for member in t)
        elif isinstance(t, type) and attrs.has(t):
            attrs.resolve_types(t)
            todo.extend(field.type for field in attrs.fields(t))
        else:
            todo.extend(typing.get_args(t))
    return tuple(found)


class _Nodes:
    """Values of a document, picked field by field.

    A pick first chooses a top-level field, then a value within it, so a lone
    counter such as ``turn`` is tried as often as a long history is.
    """

    def __init__(self, nodes: list[tuple[Path, Any]]) -> None:
        self.all = nodes
        groups: dict[str | int, list[tuple[Path, Any]]] = {}
        for path, value in nodes:
            groups.setdefault(path[0], []).append((path, value))
        self.groups = list(groups.values())

    def __bool__(self) -> bool:
        return bool(self.all)

    def pick(self, rng: random.Random) -> tuple[Path, Any]:
        return rng.choice(rng.choice(self.groups))


class _Mutator:
    """Makes one random mutant of a document at a time, and says what it changed."""

    def __init__(self, text: str, extra_values: tuple[Any, ...]) -> None:
        self.text = text
        data = self.data = json.loads(text)
        self.nodes = _Nodes(list(_paths(data)))
        self.lists = _Nodes([(p, v) for p, v in self.nodes.all if isinstance(v, list)])
        self.ints = _Nodes([(p, v) for p, v in self.nodes.all if type(v) is int])
        leaves = [v for _, v in self.nodes.all if not isinstance(v, (list, dict))]
        # Keyed by their JSON text: true and 1 are different values here.
        pool = {json.dumps(v): v for v in (*_ODD_VALUES, *extra_values, *leaves[:200])}
        self.pool = tuple(pool.values())

    def mutant(self, rng: random.Random) -> tuple[Any, str]:
        """A mutated deep copy of the document and a description of the change."""
        kinds: list[Callable[[Any, random.Random], str | None]] = [
            self._replace, self._nudge, self._nudge, self._nudge, self._list_edit,
            self._list_edit, self._swap, self._move_item, self._move_count,
        ]  # fmt: skip
        for _ in range(20):
            data = json.loads(self.text)  # a fresh copy, faster than deepcopy
            said = rng.choice(kinds)(data, rng)
            if said is not None:
                return data, said
        data = json.loads(self.text)
        return data, self._replace(data, rng) or "no change"

    def _replace(self, data: Any, rng: random.Random) -> str | None:
        if not self.nodes:
            return None
        path, old = self.nodes.pick(rng)
        new = rng.choice(self.pool)
        _set(data, path, copy.deepcopy(new))
        return f"{path_text(path)}: {_brief(old)} -> {_brief(new)}"

    def _nudge(self, data: Any, rng: random.Random) -> str | None:
        """An int one off, negated, a bit over, or another int of the document."""
        if not self.ints:
            return None
        path, old = self.ints.pick(rng)
        _, other = self.ints.pick(rng)
        new = rng.choice((old + 1, old - 1, -old - 1, old * 2 + 1, old + 32, old ^ 1, other))
        if new == old:
            return None
        _set(data, path, new)
        return f"{path_text(path)}: {old} -> {new}"

    def _list_edit(self, data: Any, rng: random.Random) -> str | None:
        """Drop, duplicate, swap, move or insert list items."""
        if not self.lists:
            return None
        path, _ = self.lists.pick(rng)
        items = _get(data, path)
        where = path_text(path)
        if not items:
            items.append(rng.choice(self.pool))
            return f"{where}: [] -> [{_brief(items[0])}]"
        i = rng.randrange(len(items))
        j = rng.randrange(len(items))
        edit = rng.randrange(7)
        if edit == 0:
            del items[i]
            return f"{where}: drop item {i}"
        if edit == 1:
            items.insert(i, copy.deepcopy(items[i]))
            return f"{where}: duplicate item {i}"
        if edit == 2 and items[i] != items[j]:
            items[i], items[j] = items[j], items[i]
            return f"{where}: swap items {i} and {j}"
        if edit == 3:
            items.append(copy.deepcopy(items[i]))
            return f"{where}: append a copy of item {i}"
        if edit == 4:
            del items[len(items) // 2 :]
            return f"{where}: keep the first {len(items)} items"
        if edit == 5:
            value = rng.choice(self.pool)
            items.insert(i, copy.deepcopy(value))
            return f"{where}: insert {_brief(value)} at {i}"
        if items != items[::-1]:
            items.reverse()
            return f"{where}: reverse"
        return None

    def _swap(self, data: Any, rng: random.Random) -> str | None:
        """Exchange the values of two fields (siblings half of the time)."""
        if not self.nodes:
            return None
        (a, va), (b, vb) = self.nodes.pick(rng), self.nodes.pick(rng)
        if rng.random() < 0.5 and len(a) > 0:
            parent = _get(self.data, a[:-1])
            keys = list(parent) if isinstance(parent, dict) else list(range(len(parent)))
            b = (*a[:-1], rng.choice(keys))
            vb = _get(self.data, b)
        if va == vb or a[: len(b)] == b or b[: len(a)] == a:
            return None
        _set(data, a, copy.deepcopy(vb))
        _set(data, b, copy.deepcopy(va))
        return f"swap {path_text(a)} ({_brief(va)}) and {path_text(b)} ({_brief(vb)})"

    def _move_item(self, data: Any, rng: random.Random) -> str | None:
        """Take an item from one list and add it to another: a card moved, none lost."""
        source, items = self.lists.pick(rng)
        target, _ = self.lists.pick(rng)
        if not items:
            return None
        if source == target or source[: len(target)] == target or target[: len(source)] == source:
            return None
        i = rng.randrange(len(items))
        moved = _get(data, source).pop(i)
        into = _get(data, target)
        into.insert(rng.randrange(len(into) + 1), moved)
        return f"move {path_text(source)}[{i}] ({_brief(moved)}) into {path_text(target)}"

    def _move_count(self, data: Any, rng: random.Random) -> str | None:
        """One less in one count, one more in another: a card moved between piles."""
        if not self.ints:
            return None
        (a, va), (b, vb) = self.ints.pick(rng), self.ints.pick(rng)
        if a == b:
            return None
        _set(data, a, va - 1)
        _set(data, b, vb + 1)
        return f"{path_text(a)} {va} -> {va - 1} and {path_text(b)} {vb} -> {vb + 1}"


def _brief(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def check_decoder_fuzz(
    game: AnyGame,
    obj: Any,
    rng: random.Random,
    mutations: int = 200,
    *,
    playout: int = 20,
    describe: bool = True,
) -> FuzzSummary:
    """Decode ``mutations`` mutants of ``to_json(obj)``; each is refused or works.

    ``obj`` is a state, a view or a config of ``game`` (any other type is only
    checked to round-trip). A mutant must either raise ``DecodeError`` or decode to
    an object that re-encodes to the same text and passes the smoke test: for a
    state, :func:`smoke_test_state` and ``playout`` random moves on; for a view,
    ``render``; for a config, a new game that passes the smoke test. Anything else
    raises ``AssertionError`` naming the mutation (the JSON path and the change)
    and the exception, which is chained.
    """
    type_ = type(obj)
    text = to_json(obj)
    mutator = _Mutator(text, _enum_values(type_))
    refused = 0
    for _ in range(mutations):
        data, said = mutator.mutant(rng)
        mutant = json.dumps(data)
        try:
            decoded = decode(game, type_, mutant)
        except DecodeError:
            refused += 1
            continue
        except Exception as exc:
            raise _fail(
                f"decoding the mutant {said} raised {type(exc).__name__}, not DecodeError: {exc}"
            ) from exc
        try:
            _accepted(game, decoded, rng, playout=playout, describe=describe)
        except Exception as exc:
            raise _fail(
                f"the decoder accepted the mutant {said}, and then"
                f" {type(exc).__name__}: {str(exc)[:500]}"
            ) from exc
    return FuzzSummary(mutations, refused, mutations - refused)


def decode(game: AnyGame, type_: type, text: str) -> Any:
    """``from_json``, and the game's own ``check_state`` or ``check_view`` on what it gives.

    ``from_json`` knows the checks of the registered titles by type; this also
    applies those of ``game``, so a variant with a check of its own (or a title not
    in the registry) is fuzzed against the check it will be decoded with.
    """
    obj: Any = from_json(type_, text)
    check = {game.state_type: game.check_state, game.view_type: game.check_view}.get(type_)
    if check is not None:
        try:
            check(obj)
        except ValueError as exc:
            raise DecodeError(f"inconsistent {type_.__name__}: {str(exc)[:500]}") from None
    return obj


def _accepted(
    game: AnyGame, decoded: Any, rng: random.Random, *, playout: int, describe: bool
) -> None:
    again = to_json(decoded)
    if decode(game, type(decoded), again) != decoded:
        raise _fail("it does not survive a second JSON round trip")
    if isinstance(decoded, game.state_type):
        smoke_test_state(game, decoded, describe=describe)
        _playout(game, decoded, rng, playout)
    elif isinstance(decoded, game.view_type):
        game.render(decoded)
    elif isinstance(decoded, game.config_type):
        smoke_test_state(game, game.new_game(decoded), describe=describe)
