"""The record that bundles one title's functions for generic code.

Each title is a self-contained package exporting ``Config``, ``new_game``,
``legal_moves``, ``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``,
``parse_move`` and ``describe``. Generic code (the test kit, the CLI, the serializer,
the match driver, front ends) never imports titles by name: each title publishes one
:class:`Game`, made by :func:`zombie_rules.core.builder.build_game` from the
package's names, that points at those functions, the hooks that generic checks need
(card census, hidden re-deals, candidate moves) and the title's face (guide, board,
facts, search hints). Every face field has a generic default, so a title that
supplies none still plays everywhere.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

import attrs

from zombie_rules.core.board import Board, generic_board
from zombie_rules.core.facts import GENERIC, Facts
from zombie_rules.core.learning import Learning
from zombie_rules.core.presentation import Guide, generic_guide
from zombie_rules.core.result import Result
from zombie_rules.core.search_hints import NO_HINTS, SearchHints

C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


def _plain(move: Any) -> Any:
    return move


def _accept(view: Any) -> None:
    return None


def _no_events(before: Any, move: Any, after: Any) -> tuple[str, ...]:
    return ()


@attrs.frozen
class _ToldBy:
    """An ``account`` for a title that has only ``describe`` (which applies the move again)."""

    describe: Callable[[Any, Any, int | None], str]

    def __call__(self, before: Any, move: Any, after: Any, seat: int | None) -> str:
        return self.describe(before, move, seat)


@attrs.frozen
class _FirstLineOf:
    """A ``label`` for a title that has only ``describe`` (which applies the move to tell it)."""

    describe: Callable[[Any, Any, int | None], str]

    def __call__(self, state: Any, move: Any, seat: int | None) -> str:
        return self.describe(state, move, seat).split("\n", 1)[0]


@attrs.frozen
class Game(Generic[C, S, M, V]):
    """One title, as seen by generic code.

    The first block of fields is the public protocol (the same functions the
    title's module exports). ``describe(state, move, seat)`` is the account of
    ``move`` at ``state`` as ``seat`` (``None``: a spectator) may know it: the
    label of a move a seat may choose and the log line of a move just made. It
    is for people and never on the ``apply`` path. The second block is what generic tools need and a
    title must be able to say about itself:

    ``chance_weights``
        the current chance node as moves and integer weights; ``chance_outcomes``
        is the exact-probability view of the same thing, this is the fast one.
    ``card_set`` / ``card_census``
        every card the config puts in the game, and every card a state holds,
        wherever it lies; equal at every step (card conservation).
    ``hidden_variant``
        a state that differs from the given one only in cards the seat has not
        seen (re-dealt at random); the seat's view must not change.
    ``determinize``
        a full state drawn at random among those consistent with what the seat
        knows, the cards it cannot see dealt again over the places they could
        be: the worlds a search bot samples. For a given ``rng`` it depends only
        on the seat's knowledge, never on where the hidden cards truly are, so it
        cannot leak them; each title's docstring says what distribution it draws.
    ``candidate_moves``
        well-formed moves for the current actors, legal or not, so tests can
        check that every illegal one is refused.
    ``check_state``
        raises ``ValueError`` naming the broken field when a decoded state breaks
        an invariant.
    ``config_space``
        for each ``Config`` field worth varying, the values to try.
    ``rounds_played``
        a per-title measure of game length for summaries.
    ``render``
        the view as text for terminal front ends (pure: returns a string).
    ``agents``
        named agent factories for this title beyond the generic ones.
    ``without_annotation``
        the move with any free text removed. A move may carry text the rules only
        pass along (a Texas Zombies story); ``legal_moves`` lists such moves with
        no text, and ``apply`` accepts a move whenever its plain form is legal.
    ``check_view``
        raises ``ValueError`` naming the broken field when a decoded view could
        not be rendered (``render`` trusts the views ``view`` builds); the default
        accepts every well-typed view.
    ``account``
        ``account(before, move, after, seat)``: what ``describe(before, move, seat)``
        says, given the state the move led to, so a driver that holds it (the match
        driver) tells every seat of a move without applying it again.
    ``default_config``
        the config generic code plays when none is given (``config_type()``: the
        rulebook's); a variant published under its own name sets its own, such as
        a Zombie Run! with a smaller deck.
    ``label``
        ``label(state, move, seat)``: the first line of ``describe``, what a menu
        shows for a move ``seat`` may choose, written from ``state`` alone (a label
        is read before the move is made), so labelling every choice applies none.

    The last block is the title's face, each with a generic default:

    ``guide``
        help texts, the rules summary, card texts and the board's legend
        (:class:`~zombie_rules.core.presentation.Guide`).
    ``board``
        the view as a board a page draws (:mod:`zombie_rules.core.board`).
    ``facts``
        score words and direction, sides, roles (:class:`~zombie_rules.core.facts.Facts`).
    ``search``
        an evaluation and search settings
        (:class:`~zombie_rules.core.search_hints.SearchHints`).
    ``learning``
        ``learning(config)``: action and chance spaces, observation and
        information-state encodings, returns and bounds for reinforcement learning
        (:class:`~zombie_rules.core.learning.Learning`); ``None`` for a title without
        them, since no generic encoding of an arbitrary view would be of fixed size.

    ``events`` and ``event_names`` are the title's extension points for house rules
    (:mod:`zombie_rules.core.house_rules`): ``events(before, move, after)`` names the
    events ``move`` caused, each one of ``event_names`` (a draw, a round's end); the
    default names none. ``house_rules`` are the rules a variant was composed with,
    in order (empty: the rulebook's rules).

    ``format_version`` numbers the shape of the title's saved states and records: a
    title that changes it bumps the number, and decoding a save of another version
    says so instead of misreading it.
    """

    name: str
    config_type: type[C]
    state_type: type[S]
    move_type: type[M]
    view_type: type[V]
    new_game: Callable[[C | None], S]
    legal_moves: Callable[[S], tuple[M, ...]]
    apply: Callable[[S, M], S]
    chance_outcomes: Callable[[S], tuple[tuple[M, Fraction], ...]]
    to_act: Callable[[S], frozenset[int]]
    view: Callable[[S, int | None], V]
    result: Callable[[S], Result | None]
    parse_move: Callable[[S, str], M]
    describe: Callable[[S, M, int | None], str]

    chance_weights: Callable[[S], tuple[Sequence[M], Sequence[int]]]
    config_of: Callable[[S], C]
    players: Callable[[C], int]
    card_set: Callable[[C], Counter[Hashable]]
    card_census: Callable[[S], Counter[Hashable]]
    hidden_variant: Callable[[S, int | None, random.Random], S]
    determinize: Callable[[S, int | None, random.Random], S]
    candidate_moves: Callable[[S], tuple[M, ...]]
    check_state: Callable[[S], None]
    config_space: Mapping[str, tuple[Any, ...]]
    rounds_played: Callable[[S], int]
    render: Callable[[V], str]
    agents: Mapping[str, Callable[[], Any]] = attrs.field(factory=dict)
    without_annotation: Callable[[M], M] = attrs.field(default=_plain)
    check_view: Callable[[V], None] = attrs.field(default=_accept)
    account: Callable[[S, M, S, int | None], str] = attrs.field(
        default=attrs.Factory(lambda self: _ToldBy(self.describe), takes_self=True)
    )
    default_config: Callable[[], C] = attrs.field(
        default=attrs.Factory(lambda self: self.config_type, takes_self=True)
    )
    label: Callable[[S, M, int | None], str] = attrs.field(
        default=attrs.Factory(lambda self: _FirstLineOf(self.describe), takes_self=True)
    )
    guide: Guide = attrs.field(
        default=attrs.Factory(lambda self: generic_guide(self.name), takes_self=True)
    )
    board: Callable[[V], Board] = attrs.field(default=generic_board)
    facts: Facts = GENERIC
    search: SearchHints = NO_HINTS
    learning: Callable[[C], Learning] | None = None
    format_version: int = 1
    events: Callable[[S, M, S], tuple[str, ...]] = attrs.field(default=_no_events)
    event_names: tuple[str, ...] = ()
    house_rules: tuple[Any, ...] = ()
