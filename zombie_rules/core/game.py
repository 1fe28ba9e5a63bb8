"""The record that bundles one title's functions for generic code.

Each title is a self-contained module exporting ``Config``, ``new_game``,
``legal_moves``, ``apply``, ``chance_outcomes``, ``to_act``, ``view``, ``result``,
``parse_move`` and ``describe``. Generic code (the test kit, the CLI, the serializer, play
loops) should not import titles by name, so each title also publishes one
:class:`Game` that points at those functions plus the few hooks that only generic
checks need (card census, hidden re-deals, candidate moves).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

import attrs

from zombie_rules.core.result import Result

C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


def _plain(move: Any) -> Any:
    return move


def _accept(view: Any) -> None:
    return None


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
