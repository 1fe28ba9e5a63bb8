"""House rules: a designer's change to a title, declared once, composed into a new ``Game``.

A :class:`HouseRule` acts only at a title's named extension points: it may add moves
(``adds``, with ``do`` saying what each does), forbid moves the rulebook allows
(``forbids``, saying why), act after a named event (``after``: a draw, a round's
end, a feed; the title lists its events in ``Game.event_names``), and bring its own
words (``words``), notation (``parse``) and what it lets each seat know (``view``).
Every hook defaults to "does nothing".

:func:`with_house_rules` derives every function of the variant from those hooks, so
a rule cannot change ``legal_moves`` and forget ``apply``: the variant's ``apply``
takes a move only if its ``legal_moves`` would list it (a move a rule adds goes to
that rule's ``do``, a move a rule forbids is an :class:`IllegalMove` giving the
rule's reason and the legal moves, every other move goes to the title's ``apply``,
which refuses what the title's ``legal_moves`` does not list), and
``candidate_moves``, ``describe``, ``label``, ``account``, ``parse_move`` and
``view`` follow. The title's own ``Game`` is untouched, so its hot path does not
pay for the composition.

Moves a rule adds are of the title's own move type (a Zombie Run! ``Move``), so
records, JSON and notation carry them with no new code. A variant is named after its
title and rules (``zombie_run+shout_under_20``): :mod:`zombie_rules.registry` rebuilds
it from that name alone, in any process that knows the rules, so a record of it
replays under the rules it was played with.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.game import Game

AnyGame = Game[Any, Any, Any, Any]

#: How many legal moves a refusal lists before "and N more".
LISTED = 8


def _adds_nothing(state: Any) -> tuple[Any, ...]:
    return ()


def _forbids_nothing(state: Any, move: Any) -> str | None:
    return None


def _no_words(state: Any, move: Any, seat: int | None) -> str | None:
    return None


def _no_notation(state: Any, text: str) -> Any:
    return None


def _same_view(state: Any, seat: int | None, view: Any) -> Any:
    return view


def _hooks(value: Mapping[str, Callable[[Any, Any, Any], Any]] | Sequence[Any]) -> tuple[Any, ...]:
    """``after`` as a sorted tuple of (event, hook) pairs, so a rule stays hashable."""
    pairs = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted((tuple(pair) for pair in pairs), key=lambda pair: str(pair[0])))


@attrs.frozen
class HouseRule:
    """One house rule of the title called ``title``; ``summary`` is its one line for guides.

    ``adds(state)``
        moves the rule makes legal at ``state`` (the title's move type, not already legal);
    ``do(state, move)``
        the state after a move ``adds`` listed (required when ``adds`` is given);
    ``forbids(state, move)``
        why the rulebook's legal ``move`` is not allowed under this rule, or ``None``;
    ``after``
        event name -> ``hook(before, move, after) -> state``, run after each move that
        caused that event (``Game.event_names`` lists the title's events);
    ``words(state, move, seat)``
        the account of ``move`` (its first line is the menu label), or ``None`` to
        leave it to the title; required for the moves the rule adds;
    ``parse(state, text)``
        the move ``text`` names in the rule's own notation, or ``None``;
    ``view(state, seat, view)``
        the view ``seat`` gets under the rule (what it lets the seat know).
    """

    name: str
    title: str
    summary: str
    adds: Callable[[Any], tuple[Any, ...]] = _adds_nothing
    do: Callable[[Any, Any], Any] | None = None
    forbids: Callable[[Any, Any], str | None] = _forbids_nothing
    after: tuple[tuple[str, Callable[[Any, Any, Any], Any]], ...] = attrs.field(
        default=(), converter=_hooks
    )
    words: Callable[[Any, Any, int | None], str | None] = _no_words
    parse: Callable[[Any, str], Any] = _no_notation
    view: Callable[[Any, int | None, Any], Any] = _same_view

    def __attrs_post_init__(self) -> None:
        for field in ("name", "title"):
            value = getattr(self, field)
            if not isinstance(value, str) or not value.isidentifier():
                raise InvalidConfig(
                    field, f"must be an identifier such as shout_under_20, not {value!r}"
                )
        if not isinstance(self.summary, str) or not self.summary.strip() or "\n" in self.summary:
            raise InvalidConfig("summary", f"must be one non-empty line, not {self.summary!r}")
        for field in ("adds", "forbids", "words", "parse", "view"):
            if not callable(getattr(self, field)):
                raise InvalidConfig(field, f"house rule {self.name}: must be callable")
        if self.adds is not _adds_nothing and not callable(self.do):
            raise InvalidConfig(
                "do", f"house rule {self.name} adds moves, so it must say what they do (do=...)"
            )
        for event, hook in self.after:
            if not isinstance(event, str) or not callable(hook):
                raise InvalidConfig("after", f"house rule {self.name}: expected event name -> hook")

    @property
    def events(self) -> tuple[str, ...]:
        """The events this rule acts after."""
        return tuple(event for event, _ in self.after)


def _listing(moves: Sequence[Any]) -> str:
    shown = ", ".join(f"'{m}'" for m in moves[:LISTED])
    more = f" and {len(moves) - LISTED} more" if len(moves) > LISTED else ""
    return f"{shown}{more}" if moves else "none"


@attrs.frozen
class Composition:
    """The functions of a variant: the title's ``base`` game with ``rules`` applied in order.

    A record of the base ``Game`` and the rules (not closures), so the variant pickles
    and reaches worker processes.
    """

    base: AnyGame
    rules: tuple[HouseRule, ...]
    # The rules that use each hook, so a variant pays only for the hooks it has.
    _adders: tuple[HouseRule, ...] = attrs.field(init=False, eq=False, repr=False)
    _forbidders: tuple[HouseRule, ...] = attrs.field(init=False, eq=False, repr=False)
    _acts_after: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        adders = tuple(r for r in self.rules if r.adds is not _adds_nothing)
        forbidders = tuple(r for r in self.rules if r.forbids is not _forbids_nothing)
        object.__setattr__(self, "_adders", adders)
        object.__setattr__(self, "_forbidders", forbidders)
        object.__setattr__(self, "_acts_after", any(r.after for r in self.rules))

    def _plain(self, move: Any) -> Any:
        """``move`` without its free text; anything else is left for the title to refuse."""
        if isinstance(move, self.base.move_type):
            return self.base.without_annotation(move)
        return move

    def _chance(self, state: Any) -> bool:
        return CHANCE in self.base.to_act(state)

    def _added(self, state: Any) -> tuple[tuple[Any, HouseRule], ...]:
        if not self._adders:
            return ()
        added: dict[Any, HouseRule] = {}
        for rule in self._adders:
            for move in rule.adds(state):
                added.setdefault(move, rule)
        return tuple(added.items())

    def _forbidden(self, state: Any, move: Any) -> str | None:
        for rule in self._forbidders:
            why = rule.forbids(state, move)
            if why is not None:
                return f"{why} (house rule {rule.name})"
        return None

    def legal_moves(self, state: Any) -> tuple[Any, ...]:
        base = self.base.legal_moves(state)
        if self._chance(state):
            return base
        kept = tuple(m for m in base if self._forbidden(state, m) is None)
        added = self._added(state)
        if not added:
            return kept
        known = set(kept)
        return kept + tuple(m for m, _ in added if m not in known)

    def candidate_moves(self, state: Any) -> tuple[Any, ...]:
        base = self.base.candidate_moves(state)
        if self._chance(state):
            return base
        known = set(base)
        return base + tuple(m for m, _ in self._added(state) if m not in known)

    def apply(self, state: Any, move: Any) -> Any:
        if self._chance(state):
            return self._after_events(state, move, self.base.apply(state, move))
        plain = self._plain(move)
        for added, rule in self._added(state):
            if added == plain:
                assert rule.do is not None  # HouseRule refuses adds without do
                return self._after_events(state, move, rule.do(state, move))
        # The title's apply first: it refuses what its legal_moves does not list, so
        # ``forbids`` is asked only about moves the rulebook allows, as it expects.
        after = self.base.apply(state, move)
        why = self._forbidden(state, plain)
        if why is not None:
            legal = _listing(self.legal_moves(state))
            raise IllegalMove(f"{move}: {why}; legal: {legal}")
        return self._after_events(state, move, after)

    def _after_events(self, before: Any, move: Any, after: Any) -> Any:
        if not self._acts_after:
            return after
        happened = self.base.events(before, move, after)
        if not happened:
            return after
        state = after
        for rule in self.rules:
            for event, hook in rule.after:
                if event in happened:
                    state = hook(before, move, state)
        return state

    def _words(self, state: Any, move: Any, seat: int | None) -> str | None:
        for rule in self.rules:
            said = rule.words(state, move, seat)
            if said is not None:
                return said
        for added, rule in self._added(state) if not self._chance(state) else ():
            if added == self._plain(move):
                return f"{move} (house rule {rule.name})"
        return None

    def describe(self, state: Any, move: Any, seat: int | None) -> str:
        said = self._words(state, move, seat)
        if self._chance(state) or not self._is_added(state, move):
            # Like ``apply``, ``describe`` refuses what ``legal_moves`` does not list:
            # the title's describe refuses its illegal moves, the rules the rest.
            told = self.base.describe(state, move, seat)
            plain = self._plain(move)
            why = None if self._chance(state) else self._forbidden(state, plain)
            if why is not None:
                raise IllegalMove(f"{move}: {why}")
            said = told if said is None else said
        assert said is not None  # an added move always has words (its own or generic)
        return said

    def _is_added(self, state: Any, move: Any) -> bool:
        plain = self._plain(move)
        return any(added == plain for added, _ in self._added(state))

    def label(self, state: Any, move: Any, seat: int | None) -> str:
        said = self._words(state, move, seat)
        return said.split("\n", 1)[0] if said is not None else self.base.label(state, move, seat)

    def account(self, before: Any, move: Any, after: Any, seat: int | None) -> str:
        said = self._words(before, move, seat)
        return said if said is not None else self.base.account(before, move, after, seat)

    def parse_move(self, state: Any, text: str) -> Any:
        for rule in self.rules:
            move = rule.parse(state, text)
            if move is not None:
                return move
        return self.base.parse_move(state, text)

    def view(self, state: Any, seat: int | None) -> Any:
        view = self.base.view(state, seat)
        for rule in self.rules:
            view = rule.view(state, seat, view)
        return view


def composition_of(game: AnyGame) -> Composition | None:
    """The :class:`Composition` behind a variant made by :func:`with_house_rules`, else ``None``."""
    owner = getattr(game.apply, "__self__", None)
    return owner if isinstance(owner, Composition) else None


def variant_name(title: str, rules: Sequence[HouseRule]) -> str:
    """The name a variant of ``title`` with ``rules`` is published and recorded under."""
    return "+".join((title, *(rule.name for rule in rules)))


def _check_rules(base: AnyGame, rules: tuple[HouseRule, ...]) -> None:
    names = [rule.name for rule in rules]
    for rule in rules:
        if not isinstance(rule, HouseRule):
            raise InvalidConfig("rules", f"expected HouseRule records, got {type(rule).__name__}")
        if rule.title != base.name:
            raise InvalidConfig(
                "rules", f"house rule {rule.name} is for {rule.title}, not {base.name}"
            )
        if names.count(rule.name) > 1:
            raise InvalidConfig("rules", f"house rule {rule.name} is given twice")
        unknown = [e for e in rule.events if e not in base.event_names]
        if unknown:
            known = ", ".join(base.event_names) or "none"
            raise InvalidConfig(
                "after",
                f"house rule {rule.name}: {base.name} has no event {', '.join(unknown)};"
                f" its events: {known}",
            )


def with_house_rules(
    game: AnyGame, rules: Sequence[HouseRule], *, name: str | None = None
) -> AnyGame:
    """``game`` played with ``rules`` (in order), as a new :class:`Game`.

    ``name`` defaults to :func:`variant_name` (``zombie_run+shout_under_20``), the
    name the registry resolves by itself; a variant published under a name of its
    own is registered with :func:`zombie_rules.registry.register`. A variant of a
    variant adds its rules after the first ones. Raises :class:`InvalidConfig` for a
    rule of another title, a rule given twice or an event the title does not have.
    """
    inner = composition_of(game)
    base, earlier = (inner.base, inner.rules) if inner is not None else (game, ())
    added = tuple(rules)
    if not added:
        raise InvalidConfig("rules", "give at least one house rule")
    every = earlier + added
    _check_rules(base, every)
    composed = Composition(base, every)
    summaries = "\n".join(f"- {rule.name}: {rule.summary}" for rule in every)
    guide = attrs.evolve(
        base.guide,
        title=f"{base.guide.title} (house rules: {', '.join(r.name for r in every)})",
        rules=f"{base.guide.rules}\n\nHouse rules:\n{summaries}",
    )
    adds_moves = any(rule.adds is not _adds_nothing for rule in every)
    return attrs.evolve(
        base,
        name=name if name is not None else variant_name(base.name, every),
        legal_moves=composed.legal_moves,
        apply=composed.apply,
        candidate_moves=composed.candidate_moves,
        describe=composed.describe,
        label=composed.label,
        account=composed.account,
        parse_move=composed.parse_move,
        view=composed.view,
        guide=guide,
        # The title's encodings index its own moves; a rule's new moves are not among them.
        learning=None if adds_moves else base.learning,
        house_rules=every,
    )
