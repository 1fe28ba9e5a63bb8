"""The test kit: Hypothesis strategies and the conformance checks every title passes.

Public so that users can check their own rule variants and custom cards with the
same checks the library runs on itself. Needs the ``test`` extra (Hypothesis).

The checks follow OpenSpiel's basic API tests: walk games by legal moves and
chance outcomes, and at every state check that the protocol's functions agree
with each other, that cards are conserved, that views leak nothing, and that
everything survives a JSON round trip.
"""

from __future__ import annotations

try:
    import hypothesis  # noqa: F401
except ImportError as missing:  # name the extra that brings it, not just "no module named"
    raise ImportError(
        "zombie_rules.testing needs Hypothesis: pip install 'zombie-rules[testing]'"
    ) from missing

import array
import enum
import functools
import random
import time
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar

import attrs
from hypothesis import strategies as st

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import (
    DecodeError,
    EncodeError,
    IllegalMove,
    InvalidConfig,
    UnknownGame,
)
from zombie_rules.core.game import Game
from zombie_rules.fuzzing import (  # noqa: F401  (re-exported: the decoder fuzz is part of the kit)
    FuzzSummary,
    check_decoder_fuzz,
    decode,
    smoke_test_state,
)
from zombie_rules.play import Record
from zombie_rules.serialize import from_json, to_json

AnyGame = Game[Any, Any, Any, Any]
C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


@attrs.frozen
class Playthrough(Generic[C, S, M]):
    """A walk from ``new_game(config)``: ``states[i + 1] == apply(states[i], moves[i])``.

    Typed by the title (``Playthrough[zombie_run.Config, zombie_run.State,
    zombie_run.Move]``), as are the strategies and checks that take a ``Game``.
    """

    config: C
    moves: tuple[M, ...]
    states: tuple[S, ...]


def configs(
    game: Game[C, Any, Any, Any], space: Mapping[str, Any] | None = None
) -> st.SearchStrategy[C]:
    """Valid configs of ``game``: its ``default_config`` with the fields of ``space`` varied.

    ``space`` maps a ``Config`` field to the values to try (a sequence) or to a
    Hypothesis strategy; the default is the title's own ``config_space``. Combinations
    the title refuses with :class:`InvalidConfig` are filtered out by that refusal, not
    by a rule copied here, so the strategy follows the title's validation as it changes.
    Failures shrink towards each field's first value (or its strategy's simplest).
    """
    space = game.config_space if space is None else space
    known = [f.name for f in attrs.fields(game.config_type)]  # type: ignore[arg-type]
    unknown = sorted(set(space) - set(known))
    if unknown:
        raise InvalidConfig(
            unknown[0],
            f"{game.config_type.__qualname__} of {game.name} has no field"
            f" {', '.join(unknown)}; its fields: {', '.join(known)}",
        )
    fields = st.fixed_dictionaries(
        {name: _values(game, name, values) for name, values in space.items()}
    )

    def build(kwargs: dict[str, Any]) -> Any:
        try:
            default: Any = game.default_config()
            return attrs.evolve(default, **kwargs)
        except InvalidConfig:
            return None

    return fields.map(build).filter(lambda config: config is not None)


@st.composite
def _playthroughs(
    draw: st.DrawFn, game: AnyGame, config: Any, max_moves: int
) -> Playthrough[Any, Any, Any]:
    if config is None:
        config = draw(configs(game))
    state = game.new_game(config)
    states = [state]
    moves: list[Any] = []
    for _ in range(max_moves):
        legal = game.legal_moves(state)
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return Playthrough(config, tuple(moves), tuple(states))


def playthroughs(
    game: Game[C, S, M, Any], config: C | None = None, max_moves: int = 80
) -> st.SearchStrategy[Playthrough[C, S, M]]:
    """Games walked from the start by Hypothesis-chosen legal moves and chance outcomes.

    Choices are indices into ``legal_moves``, so failures shrink to short games
    made of early moves.
    """
    return _playthroughs(game, config, max_moves)


def states(
    game: Game[C, S, Any, Any], config: C | None = None, max_moves: int = 80
) -> st.SearchStrategy[S]:
    """The last state of a :func:`playthroughs` walk."""
    return playthroughs(game, config, max_moves).map(lambda walk: walk.states[-1])


# ----------------------------------------------------------------- the checks


def check_invariants(
    game: Game[Any, S, Any, Any],
    state: S,
    rng: random.Random | None = None,
    *,
    thorough: bool = True,
    serializable: bool = True,
    redeals: int = 2,
) -> None:
    """Assert every protocol invariant at ``state`` (``AssertionError`` says which).

    ``thorough`` also describes and labels every legal move to every seat and applies every
    candidate and malformed move (legal ones must apply, others must raise
    :class:`IllegalMove`), which costs the most. Pass
    ``serializable=False`` for configs that hold code (custom cards), which
    cannot be written as JSON; every other check still runs. ``redeals`` is how many
    times, per seat, the cards hidden from it are dealt again to show its view, who is
    to act and its legal moves unchanged (:func:`check_views`).
    """
    rng = random.Random(0) if rng is None else rng
    try:
        config = game.config_of(state)
        legal = game.legal_moves(state)
        actors = game.to_act(state)
        check_state_consistency(game, state, legal, actors)
        check_conservation(game, state)
        check_chance(game, state, legal, actors)
        if serializable:
            check_serialization(game, state, legal)
        check_notation(game, state, legal)
        players = game.players(config)
        check_views(game, state, rng, players, serializable=serializable, redeals=redeals)
        if thorough:
            check_descriptions(game, state, legal, players)
            check_labels(game, state, legal)
            check_moves(game, state, legal)
            check_malformed_moves(game, state)
    except AssertionError:
        raise
    except Exception as exc:  # a title's own error is a failed invariant, said as one
        raise AssertionError(
            f"{game.name}: {type(exc).__name__} escaped the checks: {exc}"
        ) from exc


def check_state_consistency(
    game: AnyGame, state: Any, legal: Sequence[Any], actors: frozenset[int]
) -> None:
    """``to_act``, ``legal_moves`` and ``result`` agree; the state passes its own check."""
    game.check_state(state)
    assert {m.seat for m in legal} == set(actors), (
        f"to_act {sorted(actors)} disagrees with the actors of legal_moves"
        f" {sorted({m.seat for m in legal})}"
    )
    assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
    over = game.result(state) is not None
    assert over == (not legal), (
        "a game is over exactly when it has a result and no legal moves"
        f" (result {'set' if over else 'None'}, {len(legal)} legal moves)"
    )
    assert game.legal_moves(state) == legal, "legal_moves is not stable"
    assert hash(state) == hash(game.state_type(*attrs.astuple(state, recurse=False))), (
        "equal states must hash equally"
    )


def check_conservation(game: AnyGame, state: Any) -> None:
    """Every card of the config's set is in exactly one place."""
    expected = game.card_set(game.config_of(state))
    actual = game.card_census(state)
    assert actual == expected, (
        f"cards not conserved: missing {dict(expected - actual)}, extra {dict(actual - expected)}"
    )


def check_chance(game: AnyGame, state: Any, legal: Sequence[Any], actors: frozenset[int]) -> None:
    """Chance outcomes are legal, distinct and sum to exactly 1, and only at chance nodes."""
    outcomes = game.chance_outcomes(state)
    if CHANCE not in actors:
        assert not outcomes, "chance outcomes outside a chance node"
        return
    assert actors == {CHANCE}, "a chance node cannot also wait for seats"
    moves = [move for move, _ in outcomes]
    assert len(set(moves)) == len(moves), "chance outcomes are not distinct"
    assert set(moves) == set(legal), "chance outcomes differ from the legal moves"
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes), "bad probability"
    assert sum(p for _, p in outcomes) == 1, "chance probabilities do not sum to 1"
    weights_moves, weights = game.chance_weights(state)
    total = sum(weights)
    exact = {m: Fraction(w, total) for m, w in zip(weights_moves, weights, strict=True) if w}
    assert exact == dict(outcomes), "chance_weights and chance_outcomes disagree"


def check_moves(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """Legal moves apply, deterministically, leaving the input unchanged; others raise."""
    before = attrs.astuple(state)
    legal_set = set(legal)
    for move in legal:
        after = game.apply(state, move)
        again = game.apply(state, move)
        assert after == again and hash(after) == hash(again), f"{move}: apply is not deterministic"
    for move in game.candidate_moves(state):
        if move in legal_set:
            continue
        if game.without_annotation(move) in legal_set:
            # A legal move carrying free text (a story): it must apply like its plain form.
            plain = game.apply(state, game.without_annotation(move))
            assert game.apply(state, move) is not None and plain is not None
            continue
        try:
            game.apply(state, move)
        except IllegalMove as exc:
            assert str(exc), f"{move}: IllegalMove without a message"
        else:
            raise AssertionError(f"{move}: not in legal_moves, yet apply accepted it")
        try:
            game.describe(state, move, None)
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"{move}: not in legal_moves, yet describe accepted it")
    assert attrs.astuple(state) == before, "apply changed its input state"


def check_descriptions(game: AnyGame, state: Any, legal: Sequence[Any], players: int) -> None:
    """Every legal move has an account for every seat and the spectator: text, no ids in its place.

    That each account tells exactly what the seat may know is checked across
    branches of a recorded game by :func:`check_knowledge`.
    """
    for move in legal:
        for seat in (*range(players), None):
            text = game.describe(state, move, seat)
            assert isinstance(text, str) and text.strip(), f"describe({move}, seat {seat}) is empty"
            assert all(line.strip() for line in text.split("\n")), (
                f"describe({move}, seat {seat}) has an empty line: {text!r}"
            )


def check_labels(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """Every legal move's label is the first line of its account, for every seat and the spectator.

    A menu labels every choice with ``game.label``, which must not play them; the
    label it shows must still be what ``describe`` would say first, to the mover and
    to anyone else shown the move.
    """
    players = game.players(game.config_of(state))
    for move in legal:
        for seat in (*range(players), None):
            told = game.describe(state, move, seat).split("\n", 1)[0]
            shown = game.label(state, move, seat)
            assert shown == told, (
                f"{game.name}: label({move}, seat {seat}) is {shown!r}, but the first line"
                f" of describe is {told!r}"
            )


def malformed_moves(game: AnyGame, state: Any, limit: int = 4) -> tuple[Any, ...]:
    """Moves of the wrong shape: wrong field types, foreign objects, another title's move.

    Built from the title's ``Move`` fields alone, so a user's variant gets them too.
    attrs checks no types, so each of these can be constructed and must be refused
    with :class:`IllegalMove`, never a ``TypeError`` (and never stored in a state).
    """
    from zombie_rules.registry import GAMES

    wrong: dict[str, tuple[Any, ...]] = {
        "int": (1.0, True, "1", None, [1], 2**70 * 1.0),
        "bool": (1, 0, "yes", "False", None),
        "str": (5, None, b"story", ["a"]),
        "tuple": (None, "12", 3),
        "enum": (None, "swap", 0),
    }
    fields = attrs.fields(game.move_type)
    bases = list(game.legal_moves(state)[:limit]) or [_any_move(game, state)]
    moves: list[Any] = [None, "0: draw pile", 0, object(), (), {}]
    for base in bases:
        if base is None:
            continue
        for field in fields:
            value = getattr(base, field.name)
            if type(value) is tuple:
                kinds = wrong["tuple"] + (list(value), tuple(float(v) for v in value) or (1.0,))
                kinds += (tuple(True for _ in value) or (True,), ("1",))
            elif isinstance(value, enum.Enum):
                kinds = (*wrong["enum"], value.value)
            elif type(value) is bool:
                kinds = wrong["bool"]
            elif type(value) is int:
                kinds = wrong["int"]
            elif type(value) is str:
                kinds = wrong["str"]
            else:
                continue
            moves += [attrs.evolve(base, **{field.name: bad}) for bad in kinds]
    for other in GAMES.values():
        if other.move_type is not game.move_type:
            start = other.new_game(other.default_config())
            moves += other.legal_moves(start)[:1]
    return tuple(moves)


def _any_move(game: AnyGame, state: Any) -> Any:
    candidates = game.candidate_moves(state)
    return candidates[0] if candidates else None


def check_malformed_moves(game: AnyGame, state: Any) -> None:
    """``apply`` and ``describe`` refuse malformed moves with ``IllegalMove``; input unchanged."""
    before = attrs.astuple(state)
    for move in malformed_moves(game, state):
        for name, call in (
            ("apply", lambda m: game.apply(state, m)),
            ("describe", lambda m: game.describe(state, m, None)),
        ):
            try:
                call(move)
            except IllegalMove as exc:
                assert str(exc), f"{name}({move!r}): IllegalMove without a message"
                assert len(str(exc)) < 2_000, (
                    f"{name}({move!r}): a message of {len(str(exc))} chars"
                )
            except Exception as exc:  # the point: nothing but IllegalMove may escape
                raise AssertionError(
                    f"{name}({move!r}) raised {type(exc).__name__}: {exc}; expected IllegalMove"
                ) from exc
            else:
                raise AssertionError(f"{name}({move!r}): a malformed move was accepted")
    assert attrs.astuple(state) == before, "a malformed move changed the input state"


def check_serialization(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """State, views, moves and result survive a JSON round trip."""
    assert from_json(game.state_type, to_json(state)) == state, "state JSON round trip"
    for move in legal:
        assert from_json(game.move_type, to_json(move)) == move, f"{move}: JSON round trip"
    outcome = game.result(state)
    if outcome is not None:
        assert from_json(type(outcome), to_json(outcome)) == outcome, "result JSON round trip"


def check_notation(game: AnyGame, state: Any, legal: Sequence[Any]) -> None:
    """``parse_move(state, str(move)) == move`` for every legal move."""
    for move in legal:
        parsed = game.parse_move(state, str(move))
        assert parsed == move, f"notation {str(move)!r} parses to {parsed!r}, not {move!r}"


def check_views(
    game: AnyGame,
    state: Any,
    rng: random.Random,
    players: int,
    *,
    serializable: bool = True,
    redeals: int = 2,
) -> None:
    """Views round-trip, and neither a seat's view nor its options change when only cards
    hidden from it change (``redeals`` times per seat).

    A seat's options are a function of what it knows: who is to act, and the moves it
    may make, must be the same in every re-deal of what it cannot see (see
    :func:`check_options`), or the menu itself tells it where a hidden card lies.
    """
    for seat in (*range(players), None):
        seen = game.view(state, seat)
        if serializable:
            restored = from_json(game.view_type, to_json(seen))
            assert restored == seen, f"view {seat}: JSON round trip"
        options = _options(game, state, seat) if redeals else None
        for _ in range(redeals):
            variant = game.hidden_variant(state, seat, rng)
            check_conservation(game, variant)
            assert game.view(variant, seat) == seen, (
                f"seat {seat}'s view changed when only cards hidden from it changed: a leak"
            )
            check_options(game, state, variant, seat, options)


def check_options(
    game: AnyGame,
    state: Any,
    world: Any,
    seat: int | None,
    options: tuple[frozenset[int], tuple[Any, ...]] | None = None,
) -> None:
    """``seat``'s options are the same at ``state`` and at ``world``, a re-deal of its unknowns.

    Its options are who is to act (``to_act``, which every seat and the spectator are
    shown) and the seat's own legal moves, in order. Where they differ, the seat learns
    something about a hidden card from its menu alone (a move offered only when a
    face-down card is some kind, a turn that passes it by only when its hand holds
    another), which no ``view`` check sees. ``options`` is the seat's options at
    ``state`` (``to_act`` and its moves), for a caller comparing many worlds with one
    state. The ``AssertionError`` names the seat, the state (as JSON, or its repr), where
    the world differs from it and the moves that differ.
    """
    actors, mine = _options(game, state, seat) if options is None else options
    there_actors, there = _options(game, world, seat)
    if actors == there_actors and mine == there:
        return
    who = "the spectator" if seat is None else f"seat {seat}"
    if actors != there_actors:
        what = f"to_act is {sorted(actors)} here but {sorted(there_actors)} there"
    elif set(mine) == set(there):
        what = "its legal moves come in another order"
    else:
        only_here = sorted(map(str, set(mine) - set(there)))
        only_there = sorted(map(str, set(there) - set(mine)))
        what = f"its legal moves differ: only here {_few(only_here)}, only there {_few(only_there)}"
    raise AssertionError(
        f"{game.name}: {who}'s options changed when only cards hidden from it were dealt"
        f" again ({_paths_apart(state, world)}): {what}; a seat's options must depend only"
        f" on what it knows. The state: {_state_text(state)}"
    )


def _options(game: AnyGame, state: Any, seat: int | None) -> tuple[frozenset[int], tuple[Any, ...]]:
    """Who is to act, and ``seat``'s own legal moves (none for the spectator)."""
    actors = frozenset(game.to_act(state))
    if seat is None or seat not in actors:
        return actors, ()
    return actors, tuple(m for m in game.legal_moves(state) if m.seat == seat)


def _few(texts: Sequence[str], limit: int = 6) -> str:
    shown = ", ".join(texts[:limit]) or "none"
    return shown + (f" and {len(texts) - limit} more" if len(texts) > limit else "")


#: The most of a state's JSON a failure message quotes.
_STATE_TEXT = 4_000


def _state_text(state: Any) -> str:
    """The state as JSON (``from_json(game.state_type, ...)`` rebuilds it), else its repr."""
    try:
        text = to_json(state)
    except Exception:  # a state holding code (a custom card): its repr, at least
        text = repr(state)
    return text if len(text) <= _STATE_TEXT else text[: _STATE_TEXT - 3] + "..."


def check_playthrough(
    game: Game[C, S, M, Any], walk: Playthrough[C, S, M], *, serializable: bool = True
) -> None:
    """Replaying the moves reproduces every state, and the record round-trips as JSON."""
    state = game.new_game(walk.config)
    for number, move in enumerate(walk.moves):
        state = game.apply(state, move)
        assert state == walk.states[number + 1], f"replay differs after move {number}"
    if serializable:
        record = Record(game.name, walk.config, walk.moves)
        try:
            text = to_json(record)
            restored = from_json(Record, text)
        except (EncodeError, DecodeError, UnknownGame) as exc:
            raise AssertionError(
                f"a record of {game.name!r} cannot go through JSON ({exc}); a record names its"
                " game, so the game must be registered (zombie_rules.registry.register), or"
                " pass serializable=False"
            ) from exc
        assert restored == record, "record JSON round trip"


def random_playout(
    game: Game[C, S, M, Any], config: C, seed: int, max_moves: int = 1_000_000
) -> Playthrough[C, S, M]:
    """A uniformly random game (chance sampled with its real probabilities)."""
    from zombie_rules.play import sample_chance

    rng = random.Random(seed)
    state = game.new_game(config)
    states = [state]
    moves: list[M] = []
    while len(moves) < max_moves:
        actors = game.to_act(state)
        if not actors:
            break
        if CHANCE in actors:
            move = sample_chance(game, state, rng)
        else:
            legal = game.legal_moves(state)
            move = legal[rng.randrange(len(legal))]
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
    return Playthrough(config, tuple(moves), tuple(states))


# ------------------------------------------------------- the knowledge check


def check_knowledge(
    game: Game[C, Any, Any, Any],
    config: C | None,
    moves: Sequence[Any],
    seats: Sequence[int | None] | None = None,
    *,
    rng: random.Random | None = None,
    alternatives: int = 2,
    horizon: int | None = None,
    steps: int | None = None,
) -> int:
    """A seat's views depend only on what the seat has been told; returns the branches checked.

    Independent of the title's own ``hidden_variant``: it trusts nothing but
    ``describe``. For each seat, and each move of the game that the seat did not
    make (a chance outcome, another seat's choice), it takes up to
    ``alternatives`` other legal moves at that point whose ``describe`` line for
    the seat is identical, so the seat cannot tell them apart. It plays each
    alternative and then the recorded moves for as long as they stay legal
    (``horizon`` moves at most). While the seat's ``describe`` lines agree in
    both branches its views, and the legal moves it may make, must agree too: a
    difference is either a leak in ``view`` or an account that left something
    out, and the ``AssertionError`` names the step and the view fields. Right after
    the alternative, the texts and moves the seat might send must be refused in the
    same words in both branches too: an error message is told to the seat, so it may
    not quote what the seat was not told.
    ``steps`` caps how many moves per seat are branched from (sampled by ``rng``).
    """
    rng = random.Random(0) if rng is None else rng
    config = game.default_config() if config is None else config
    players = game.players(config)
    seats = (*range(players), None) if seats is None else seats
    states = [game.new_game(config)]
    for move in moves:
        states.append(game.apply(states[-1], move))
    branches = 0
    for seat in seats:
        told = [
            game.describe(state, move, seat) for state, move in zip(states, moves, strict=False)
        ]
        points = [i for i, move in enumerate(moves) if move.seat != seat]
        if steps is not None and len(points) > steps:
            points = sorted(rng.sample(points, steps))
        for i in points:
            move = moves[i]
            same = [
                other
                for other in game.legal_moves(states[i])
                if other.seat == move.seat
                and other != move
                and game.describe(states[i], other, seat) == told[i]
            ]
            for alt in rng.sample(same, min(alternatives, len(same))):
                _check_branch(game, states, moves, told, seat, i, alt, horizon)
                branches += 1
    return branches


def _check_branch(
    game: AnyGame,
    states: Sequence[Any],
    moves: Sequence[Any],
    told: Sequence[str],
    seat: int | None,
    start: int,
    alt: Any,
    horizon: int | None,
) -> None:
    who = "the spectator" if seat is None else f"seat {seat}"
    branch = game.apply(states[start], alt)
    origin = f"at step {start} {who} was told {told[start]!r} both for {moves[start]} and for {alt}"
    _same_knowledge(game, branch, states[start + 1], seat, origin, start, None)
    end = len(moves) if horizon is None else min(len(moves), start + 1 + horizon)
    for j in range(start + 1, end):
        move = moves[j]
        try:
            following = game.apply(branch, move)
        except IllegalMove:
            return  # the branches part ways: nothing more to compare
        if game.describe(branch, move, seat) != told[j]:
            return  # from here on the seat is told the difference
        _same_knowledge(game, following, states[j + 1], seat, origin, j, move)
        branch = following


def _same_knowledge(
    game: AnyGame,
    branch: Any,
    actual: Any,
    seat: int | None,
    origin: str,
    step: int,
    move: Any,
) -> None:
    seen, expected = game.view(branch, seat), game.view(actual, seat)
    after = "the alternative" if move is None else f"step {step} ({move})"
    if seen != expected:
        raise AssertionError(
            f"{game.name}: {origin}, yet after {after} its view differs in"
            f" {_differing_fields(seen, expected)}: either the view leaks what the seat was"
            " not told, or describe leaves out something the view shows"
        )
    if seat is not None:
        mine = [m for m in game.legal_moves(branch) if m.seat == seat]
        theirs = [m for m in game.legal_moves(actual) if m.seat == seat]
        if mine != theirs:
            raise AssertionError(
                f"{game.name}: {origin}, yet after {after} its legal moves differ"
                f" ({sorted(map(str, set(mine) ^ set(theirs)))[:6]}): the choices leak"
                " what the seat was not told"
            )
        if move is None:
            # Right after the alternative, where the two states differ in what the seat
            # was not told: refusals are compared there (at every later step the cost
            # would grow with the game, and the differences rarely do).
            _same_refusals(game, branch, actual, seat, f"{origin}, yet after {after}", mine)


#: Words a refusal probe adds to a seat's move keywords: an unknown name, a huge number.
_PROBE_WORDS = ("xyzzy", "99")
#: Refused moves compared per state, at most (the kit's walks check many states).
_PROBE_MOVES = 8


def _refusal(attempt: Callable[[], Any]) -> str | None:
    """The message of the ``DecodeError``/``IllegalMove`` ``attempt`` raises, or ``None``."""
    try:
        attempt()
    except (DecodeError, IllegalMove) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _same_refusals(
    game: AnyGame, branch: Any, actual: Any, seat: int, where: str, legal: Sequence[Any]
) -> None:
    """Texts and moves ``seat`` might send are refused in the same words in both states.

    An error message is told to the seat that sent the input, so it is part of what
    the seat may know: a notation error that lists another seat's hand, or a legality
    message that names a face-down card, differs between two states the seat cannot
    tell apart, and is caught here.
    """
    texts = {f"{seat}: xyzzy"}
    for move in legal:
        keyword = str(move).partition(": ")[2].split(" ", 1)[0]
        texts.update(f"{seat}: {keyword} {word}" for word in _PROBE_WORDS)
    for text in sorted(texts):
        told = _refusal(lambda text=text: game.parse_move(branch, text))  # type: ignore[misc]
        truth = _refusal(lambda text=text: game.parse_move(actual, text))  # type: ignore[misc]
        if told != truth:
            raise AssertionError(
                f"{game.name}: {where} the text {text!r} from seat {seat} is answered"
                f" {truth!r} in one state and {told!r} in the other: the message tells"
                " the seat what it may not know"
            )
    # The seat's near-miss moves (one title lists thousands): a spread of them, the
    # same ones in both states.
    candidates = [m for m in game.candidate_moves(actual) if getattr(m, "seat", None) == seat]
    stride = max(1, len(candidates) // _PROBE_MOVES)
    for move in candidates[::stride][:_PROBE_MOVES]:
        told = _refusal(lambda move=move: game.apply(branch, move))  # type: ignore[misc]
        truth = _refusal(lambda move=move: game.apply(actual, move))  # type: ignore[misc]
        if told != truth:
            raise AssertionError(
                f"{game.name}: {where} the move {move} from seat {seat} is answered"
                f" {truth!r} in one state and {told!r} in the other: the message tells"
                " the seat what it may not know"
            )


def _differing_fields(a: Any, b: Any) -> str:
    if attrs.has(type(a)) and type(a) is type(b):
        names = [f.name for f in attrs.fields(type(a)) if getattr(a, f.name) != getattr(b, f.name)]
        parts = [f"{n} ({_cut(getattr(a, n))} vs {_cut(getattr(b, n))})" for n in names]
        return ", ".join(parts) or "an unnamed part"
    return f"{_cut(a)} vs {_cut(b)}"


def _cut(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."


# ------------------------------------------------------------- termination


# ------------------------------------------------------------ the undo check


def check_undo(
    game: Game[C, Any, Any, Any],
    config: C | None = None,
    seeds: Sequence[int] = range(3),
    *,
    steps: int = 150,
    worlds: int = 8,
) -> int:
    """Undo never lets a person see what they could not; returns how many undos were made.

    Plays a match of people in every seat per seed (random legal choices, chance
    sampled), and after each person's move (and the chance it set off) asks every
    person to undo. Where :class:`~zombie_rules.match.Match` allows it, it checks,
    independently of the match's own test:

    (a) after the undo the seat is asked again at the same point: its view, its
        legal moves and its log are what they were before its move;
    (b) the undo was allowed only when each move taken back was the seat's own or
        chance, and the seat's view after it is the same in every world the seat
        could not tell from the true one: ``worlds`` states from ``hidden_variant``
        and from ``determinize`` (seeded apart from the match's), each with every
        chance outcome it allows there.

    A refusal must raise :class:`~zombie_rules.match.CannotUndo` with the reason
    ``can_undo`` gave, in words for a person, and change nothing.
    """
    from zombie_rules.match import PERSON, CannotUndo, Match

    config = game.default_config() if config is None else config
    players = game.players(config)
    undone = 0
    for seed in seeds:
        match: Match[Any, Any, Any, Any] = Match(game, config, [PERSON] * players, seed)
        rng = random.Random(seed)
        asked: dict[int, tuple[int, Any, tuple[Any, ...], tuple[str, ...]]] = {}
        for _ in range(steps):
            match.advance()
            if match.over:
                break
            seat = match.waiting
            assert seat is not None
            asked[seat] = (
                match.version,
                game.view(match.state, seat),
                match.legal(seat),
                match.log(seat),
            )
            legal = match.legal(seat)
            match.play(legal[rng.randrange(len(legal))])
            match.advance()
            for person in sorted(asked):
                if _try_undo(game, match, person, asked[person], worlds, CannotUndo):
                    undone += 1
                    del asked[person]
                    break
    return undone


def _try_undo(
    game: AnyGame,
    match: Any,
    seat: int,
    before: tuple[int, Any, tuple[Any, ...], tuple[str, ...]],
    worlds: int,
    refusal: type[Exception],
) -> bool:
    """Undo for ``seat`` if the match allows it, checking (a) and (b); whether it did."""
    version, view, legal, log = before
    reason = match.can_undo(seat)
    if reason is not None:
        assert reason.startswith(("Cannot undo: ", "Nothing to undo: ")), reason
        kept = (match.version, match.state, match.rng.getstate())
        try:
            match.undo(seat)
        except refusal as refused:
            assert str(refused) == reason, (str(refused), reason)
        else:
            raise AssertionError(f"{game.name}: can_undo refused ({reason}) but undo did not")
        assert (match.version, match.state, match.rng.getstate()) == kept, "a refusal changed it"
        return False
    start = max(d.index for d in match.decisions if d.seat == seat and d.index < match.version)
    assert start == version, f"{game.name}: seat {seat} would go back to {start}, not {version}"
    for index in range(start, match.version):
        _shows_nothing(game, match.states[index], match.moves[index], seat, worlds, index)
    taken = match.undo(seat)
    assert taken and getattr(taken[0], "seat", None) == seat
    assert match.version == version, f"{game.name}: the undo went back to {match.version}"
    assert game.view(match.state, seat) == view, f"{game.name}: the view after undo differs"
    assert match.log(seat) == log, f"{game.name}: the log after undo differs"
    match.advance()
    assert match.waiting == seat, f"{game.name}: after undo seat {match.waiting} is asked"
    assert match.legal(seat) == legal, f"{game.name}: the moves after undo differ"
    return True


def _shows_nothing(
    game: AnyGame, before: Any, move: Any, seat: int, worlds: int, index: int
) -> None:
    """(b): ``move`` at ``before`` shows ``seat`` one view in every world it cannot tell apart."""
    owner = getattr(move, "seat", None)
    assert owner in (seat, CHANCE), (
        f"{game.name}: undo by seat {seat} took back move {index} ({move}), another seat's"
    )
    rng = random.Random(10_000 + index)
    alike = [before]
    for _ in range(worlds):
        alike.append(game.hidden_variant(before, seat, rng))
        alike.append(game.determinize(before, seat, rng))
    shown: list[Any] = []
    for world in alike:
        assert game.view(world, seat) == game.view(before, seat), (
            f"{game.name}: a world of seat {seat} looks different before move {index}"
        )
        outcomes = [m for m, _ in game.chance_outcomes(world)] if owner == CHANCE else [move]
        for outcome in outcomes:
            try:
                after = game.apply(world, outcome)
            except IllegalMove as exc:
                raise AssertionError(
                    f"{game.name}: undo allowed past move {index} ({move}), which is illegal"
                    f" in a world seat {seat} cannot tell from the true one: {exc}"
                ) from None
            shown.append(game.view(after, seat))
    differs = next((v for v in shown if v != shown[0]), None)
    assert differs is None, (
        f"{game.name}: undo allowed past move {index} ({move}), though seat {seat}'s view"
        f" after it differs between worlds it could not tell apart, in"
        f" {_differing_fields(shown[0], differs)}"
    )


def stalling_playout(
    game: AnyGame,
    config: Any,
    seed: int,
    stallers: frozenset[int] | None = None,
    max_moves: int = 20_000,
) -> Playthrough[Any, Any, Any]:
    """A game in which the seats in ``stallers`` (default: all) try to make it last for ever.

    A staller is an adversary, not a player: it looks at the true state and
    prefers a move that leads back to a state already seen (a cycle), then one
    after which it may still act and no chance event follows (keeping a free
    phase open), then any move.
    The other seats and chance play at random, and when several seats may act
    the seeded driver picks one uniformly (:func:`zombie_rules.play.pick_actor`).
    The rules must end the game anyway; :func:`check_termination` asserts it.
    """
    from zombie_rules.play import pick_actor, sample_chance

    rng = random.Random(seed)
    config = game.default_config() if config is None else config
    stallers = frozenset(range(game.players(config))) if stallers is None else stallers
    state = game.new_game(config)
    states = [state]
    moves: list[Any] = []
    seen = {state}
    while len(moves) < max_moves:
        actors = game.to_act(state)
        if not actors:
            break
        if CHANCE in actors:
            move = sample_chance(game, state, rng)
        else:
            seat = pick_actor(actors, rng)
            mine = [m for m in game.legal_moves(state) if m.seat == seat]
            move = _stalling_choice(game, state, mine, seen, rng) if seat in stallers else None
            move = mine[rng.randrange(len(mine))] if move is None else move
        state = game.apply(state, move)
        seen.add(state)
        moves.append(move)
        states.append(state)
    return Playthrough(config, tuple(moves), tuple(states))


def _stalling_choice(
    game: AnyGame, state: Any, mine: Sequence[Any], seen: set[Any], rng: random.Random
) -> Any:
    cycles, open_phase = [], []
    for move in mine:
        after = game.apply(state, move)
        if after in seen:
            cycles.append(move)
        else:
            actors = game.to_act(after)
            if move.seat in actors and CHANCE not in actors:
                open_phase.append(move)
    for pool in (cycles, open_phase):
        if pool:
            return pool[rng.randrange(len(pool))]
    return None


def check_termination(
    game: AnyGame,
    config: Any,
    seeds: Sequence[int],
    stallers: frozenset[int] | None = None,
    max_moves: int = 20_000,
) -> None:
    """Every seeded stalling game ends by the rules within ``max_moves`` moves."""
    for seed in seeds:
        walk = stalling_playout(game, config, seed, stallers, max_moves)
        final = walk.states[-1]
        assert game.result(final) is not None, (
            f"{game.name} seed {seed}: stalling seats {sorted(stallers or ())} kept the game going"
            f" for {len(walk.moves)} moves (last: {walk.moves[-1]})"
        )


class FirstLegalAgent:
    """Always the first legal move: a stubborn agent that finds loops random play escapes."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[0]


# ---------------------------------------------------------- determinization


def check_determinize(
    game: AnyGame,
    config: Any,
    moves: Sequence[Any],
    seat: int | None,
    rng: random.Random | None = None,
    *,
    draws: int = 12,
    steps: int | None = None,
    alternatives: int = 1,
    horizon: int | None = 12,
) -> int:
    """``game.determinize`` samples worlds ``seat`` cannot tell from the truth; returns twins seen.

    At each state of the recorded game (``steps`` of them, sampled by ``rng``,
    when given), every one of ``draws`` determinized worlds must pass the title's
    own ``check_state``, hold exactly the config's cards, give ``seat`` the same
    view, legal moves, label for each of those moves (the first line of its
    ``describe``: the lines after it tell what the move reveals), actors and
    result, and be the same world again for the same seed. A world drawn from a
    world gives, seed for seed, the world drawn from the truth: the output may
    depend on what the seat knows, never on where the hidden cards truly lie.

    Independent of the title's own idea of what is hidden, twins come from the
    seat's account, as in :func:`check_knowledge`: another legal move at a point
    of the game, told to the seat in the same words as the recorded one, then the
    recorded moves while the seat is told them alike and sees the same view
    (``horizon`` moves at most). Twin states are equally consistent with what the
    seat knows, so they must give identical worlds for the same seed; and each
    part of the state in which they differ is a card (or a secret) the seat cannot
    place, so the worlds drawn from either must not always put its own value there
    (a stuck card, or a world fixed by what the seat knows rather than drawn). A
    part that keeps its value through ``draws`` worlds is drawn for ten times
    longer before the check fails, so a value that is merely likely does not.
    """
    rng = random.Random(0) if rng is None else rng
    config = game.default_config() if config is None else config
    states = [game.new_game(config)]
    for move in moves:
        states.append(game.apply(states[-1], move))
    seeds = [rng.randrange(2**32) for _ in range(draws)]
    points = list(range(len(states)))
    if steps is not None and len(points) > steps:
        points = sorted(rng.sample(points, steps))
    for i in points:
        _check_worlds(game, states[i], seat, seeds, f"state {i}")
    unplaced: dict[int, tuple[Any, set[tuple[Any, ...]]]] = {}
    twins = 0
    for k, twin in _twins(game, states, moves, seat, rng, steps, alternatives, horizon):
        twins += 1
        where = f"state {k} and a twin the seat cannot tell from it"
        for seed in seeds[:2]:
            mine = game.determinize(states[k], seat, random.Random(seed))
            theirs = game.determinize(twin, seat, random.Random(seed))
            assert mine == theirs, (
                f"{game.name}: {where} give different worlds for the same seed, in"
                f" {_paths_apart(mine, theirs)}: the world depends on where hidden"
                " cards truly lie, not only on what the seat knows"
            )
        unplaced.setdefault(k, (twin, set()))[1].update(_diff_paths(states[k], twin))
    for k, (twin, paths) in sorted(unplaced.items()):
        # A world fixed by what the seat knows, not drawn, is stuck in one of the two.
        _check_unstuck(game, states[k], seat, paths, seeds, f"state {k}")
        _check_unstuck(game, twin, seat, paths, seeds, f"a twin of state {k}")
    return twins


def _check_worlds(
    game: AnyGame, state: Any, seat: int | None, seeds: Sequence[int], where: str
) -> list[Any]:
    """The worlds of ``seeds`` at ``state``, each checked against what ``seat`` knows there."""
    who = "the spectator" if seat is None else f"seat {seat}"
    seen = game.view(state, seat)
    options = _options(game, state, seat)
    mine = options[1]
    # The label of a move to choose (the first line) is all the seat knows before it
    # moves; the lines after it tell what the move reveals, which may differ.
    told = [game.describe(state, m, seat).split("\n", 1)[0] for m in mine]
    expected = game.card_set(game.config_of(state))
    worlds = []
    for seed in seeds:
        world = game.determinize(state, seat, random.Random(seed))
        at = f"{game.name} {where}, {who}, seed {seed}"
        assert world == game.determinize(state, seat, random.Random(seed)), (
            f"{at}: determinize gives another world for the same seed"
        )
        try:
            game.check_state(world)
        except ValueError as exc:
            raise AssertionError(f"{at}: the world breaks an invariant: {exc}") from exc
        census = game.card_census(world)
        assert census == expected, (
            f"{at}: cards not conserved: missing {dict(expected - census)},"
            f" extra {dict(census - expected)}"
        )
        other = game.view(world, seat)
        assert other == seen, f"{at}: the world's view differs in {_differing_fields(other, seen)}"
        try:
            check_options(game, state, world, seat, options)
        except AssertionError as differ:
            raise AssertionError(f"{at}: {differ}") from None
        assert game.result(world) == game.result(state), f"{at}: another result in the world"
        for move, line in zip(mine, told, strict=True):
            again = game.describe(world, move, seat).split("\n", 1)[0]
            assert again == line, f"{at}: {move} is labelled {again!r}, not {line!r}"
        worlds.append(world)
    for seed, world in zip(seeds[1:], worlds, strict=False):
        # The first world as the truth: the same seed must give the same world.
        again = game.determinize(world, seat, random.Random(seed))
        first = game.determinize(state, seat, random.Random(seed))
        assert again == first, (
            f"{game.name} {where}, {who}, seed {seed}: a world drawn from a world differs"
            f" from the world drawn from the truth, in {_paths_apart(again, first)}:"
            " determinize reads where hidden cards lie"
        )
    return worlds


def _twins(
    game: AnyGame,
    states: Sequence[Any],
    moves: Sequence[Any],
    seat: int | None,
    rng: random.Random,
    steps: int | None,
    alternatives: int,
    horizon: int | None,
) -> Any:
    """(index, twin) pairs: states ``seat`` was told and shown alike to ``states[index]``."""
    told = [game.describe(state, move, seat) for state, move in zip(states, moves, strict=False)]
    points = [i for i, move in enumerate(moves) if move.seat != seat]
    if steps is not None and len(points) > steps:
        points = sorted(rng.sample(points, steps))
    for i in points:
        same = [
            other
            for other in game.legal_moves(states[i])
            if other.seat == moves[i].seat
            and other != moves[i]
            and game.describe(states[i], other, seat) == told[i]
        ]
        for alt in rng.sample(same, min(alternatives, len(same))):
            twin = game.apply(states[i], alt)
            end = len(moves) if horizon is None else min(len(moves), i + 1 + horizon)
            for k in range(i + 1, end + 1):
                if game.view(twin, seat) != game.view(states[k], seat):
                    break  # the seat can tell them apart (check_knowledge judges why)
                if twin != states[k]:
                    yield k, twin
                if k == end:
                    break
                try:
                    following = game.apply(twin, moves[k])
                except IllegalMove:
                    break
                if game.describe(twin, moves[k], seat) != told[k]:
                    break
                twin = following


def _diff_paths(a: Any, b: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Where two states differ: paths of field names and tuple indices to unequal parts."""
    if a == b:
        return []
    if type(a) is type(b) and attrs.has(type(a)):
        found = []
        for field in attrs.fields(type(a)):
            found += _diff_paths(
                getattr(a, field.name), getattr(b, field.name), (*path, field.name)
            )
        return found
    if type(a) is tuple and type(b) is tuple and len(a) == len(b):
        found = []
        for n, (x, y) in enumerate(zip(a, b, strict=True)):
            found += _diff_paths(x, y, (*path, n))
        return found
    return [path]


def _paths_apart(a: Any, b: Any) -> str:
    """The first few places where two states differ, with both values, for a message."""
    paths = _diff_paths(a, b)
    shown = [f"{'.'.join(map(str, p))} ({_cut(_at(a, p))} vs {_cut(_at(b, p))})" for p in paths[:4]]
    return ", ".join(shown) + (f" and {len(paths) - 4} more" if len(paths) > 4 else "")


_MISSING = object()


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        try:
            value = value[step] if isinstance(step, int) else getattr(value, step)
        except (AttributeError, IndexError, TypeError):
            return _MISSING
    return value


def _check_unstuck(
    game: AnyGame,
    state: Any,
    seat: int | None,
    paths: set[tuple[Any, ...]],
    seeds: Sequence[int],
    where: str,
) -> None:
    """Each part of ``state`` at ``paths`` takes another value than the true one in some world."""
    stuck = set(paths)
    extra = random.Random(seeds[0] if seeds else 0)
    more = [extra.randrange(2**32) for _ in range(10 * len(seeds))]
    for seed in (*seeds, *more):
        if not stuck:
            return
        world = game.determinize(state, seat, random.Random(seed))
        stuck = {p for p in stuck if _at(world, p) == _at(state, p)}
    who = "the spectator" if seat is None else f"seat {seat}"
    shown = ", ".join(".".join(map(str, p)) for p in sorted(stuck, key=str)[:6])
    raise AssertionError(
        f"{game.name} {where}: {who} cannot tell what lies at {shown} (a twin state"
        f" holds something else there), yet every one of {len(seeds) + len(more)} worlds"
        " keeps the true value: a hidden card stuck where it truly is"
    )


# ------------------------------------------------------------ learning records


def check_learning(
    game: AnyGame,
    config: Any = None,
    *,
    games: int = 3,
    seed: int = 0,
    max_moves: int = 400,
    worlds: int = 2,
    alternatives: int = 2,
    steps: int | None = 40,
    walks: Sequence[Playthrough[Any, Any, Any]] | None = None,
) -> int:
    """``game.learning(config)`` keeps every promise of :mod:`zombie_rules.core.learning`.

    Over ``games`` seeded random games (``max_moves`` moves at most each), or the
    given ``walks`` (games of ``config`` played some other way), at every
    state and for every seat: the legal indices are ascending, in range, within the
    bound, and ``move``/``index`` map them one to one onto the seat's legal moves; the
    mask agrees; an index that is not legal is refused with :class:`IllegalMove`;
    each chance outcome has an index that maps back to it; the observation has the
    declared size, every entry inside its slice's range, and is a function of the
    seat's view (two states with equal views, across all games, encode alike); every
    token told is in range, a step that tells nothing leaves the view unchanged, and
    the perfect-recall key determines the view; returns are zeros until the end, in
    range and summing to the declared total at the end; the game stays within its
    bounds. At ``steps`` sampled states per game (``None``: all), for each seat:
    ``worlds`` re-deals of what it cannot see (``hidden_variant`` and
    ``determinize``) give the same observation, legal indices and moves; and up to
    ``alternatives`` other moves of the same actor, told to the seat in the same words
    (``account``) with the same view after, tell the same tokens, while those told in
    other words or leaving another view tell other tokens; and the same move in a
    re-dealt world tells the same tokens exactly when it leaves the seat the same view
    and account (so a card a move shows is told, whatever it is). Where several seats may act
    at once, serving them one at a time is sound: a move that tells another seat nothing
    (a hidden commitment) commutes with that seat's moves and leaves its legal actions as
    they were; a move it sees is a race it watches (see ``_check_served_one_at_a_time``).
    An observation that also comes ``packed`` packs exactly what ``encode`` gives.
    Returns the states checked.
    """
    from zombie_rules.core.learning import Learning, Memory

    config = game.default_config() if config is None else config
    if game.learning is None:
        raise AssertionError(f"{game.name} has no learning records (Game.learning is None)")
    learning: Learning = game.learning(config)
    players = game.players(config)
    obs = learning.observation
    assert len(learning.info_slices) == len(obs.slices) + 1
    lows, highs = obs.lows(), obs.highs()
    assert len(lows) == obs.size
    seen_obs: dict[Any, tuple[float, ...]] = {}
    seen_keys: dict[tuple[int, Any], Any] = {}
    rng = random.Random(seed)
    checked = 0
    if walks is None:
        walks = [random_playout(game, config, seed + k, max_moves) for k in range(games)]
    for number, walk in enumerate(walks):
        memories = [Memory(s) for s in range(players)]
        decisions = chances = 0
        points = range(len(walk.states))
        if steps is not None and len(points) > steps:
            sampled = set(rng.sample(points, steps))
        else:
            sampled = set(points)
        for i, state in enumerate(walk.states):
            where = f"{game.name} game {number} state {i}"
            legal = game.legal_moves(state)
            views = [game.view(state, s) for s in range(players)]
            for s in range(players):
                _check_seat_actions(learning, state, s, legal, where)
                encoded = obs.encode(state, s)
                assert len(encoded) == obs.size, f"{where}: observation of {len(encoded)}"
                pairs = enumerate(zip(encoded, lows, highs, strict=True))
                bad = [k for k, (x, lo, hi) in pairs if not lo <= x <= hi]
                assert not bad, f"{where}: observation entries {bad[:5]} out of range"
                assert seen_obs.setdefault(views[s], encoded) == encoded, (
                    f"{where}: seat {s}'s observation differs between two states it sees alike"
                )
                if obs.packed is not None:
                    _check_packed(obs.packed(state, s), encoded, f"{where} seat {s}")
                key = (s, learning.key(memories[s]))
                assert seen_keys.setdefault(key, views[s]) == views[s], (
                    f"{where}: seat {s}'s perfect-recall key does not determine its view"
                )
                if i in sampled:
                    _check_learning_worlds(game, learning, state, s, rng, worlds, where)
            if CHANCE in game.to_act(state):
                _check_chance_space(learning, state, game.chance_weights(state)[0], where)
            elif i in sampled:
                _check_served_one_at_a_time(game, learning, state, legal, rng, where)
            returns = learning.returns.returns(state)
            _check_returns(learning, returns, game.result(state) is not None, players, where)
            if i == len(walk.moves):
                break
            move, after = walk.moves[i], walk.states[i + 1]
            if move.seat == CHANCE:
                chances += 1
            else:
                decisions += 1
            for s in range(players):
                tokens = learning.recall.told(state, move, after, s)
                _check_tokens(learning, tokens, where)
                if not tokens:
                    assert views[s] == game.view(after, s), (
                        f"{where}: {move} tells seat {s} nothing, yet its view changes"
                    )
                memories[s] = learning.remember(memories[s], state, move, after)
                if i in sampled:
                    _check_told_in_worlds(game, learning, state, move, after, s, rng, worlds)
                    if move.seat != s:
                        _check_told_alike(game, learning, state, move, after, s, rng, alternatives)
            checked += 1
        bounds = learning.bounds
        assert decisions <= bounds.max_decisions, f"{game.name}: {decisions} decisions > bound"
        assert chances <= bounds.max_chance_nodes, f"{game.name}: {chances} chance nodes > bound"
        for s in range(players):
            assert len(memories[s].told) <= learning.recall.max_told, (
                f"{game.name}: seat {s} was told {len(memories[s].told)} tokens, more than"
                f" max_told ({learning.recall.max_told})"
            )
            if learning.info_size <= _TENSOR_BUILT_UP_TO:
                tensor = learning.tensor(memories[s], walk.states[-1])
                assert len(tensor) == learning.info_size, f"{game.name}: information tensor size"
    return checked


#: The largest information-state tensor ``check_learning`` builds. A true ``max_told`` can
#: be far larger than any game reaches (Quarantine Z's default table: billions), and
#: then the tensor is not built, only the bound on the tokens checked.
_TENSOR_BUILT_UP_TO = 1 << 20


def _check_packed(packed: bytes, encoded: Sequence[float], where: str) -> None:
    """A title's ``packed`` observation must be its ``encode``, as ``float32`` bytes.

    A title that gives both keeps two implementations of one encoding; this is what
    catches a change made to one and not the other.
    """
    expected = array.array("f", encoded).tobytes()
    if packed != expected:
        got = array.array("f", packed)
        want = array.array("f", expected)
        if len(got) != len(want):
            raise AssertionError(f"{where}: packed observation of {len(got)}, not {len(want)}")
        wrong = [k for k, (a, b) in enumerate(zip(got, want, strict=True)) if a != b]
        raise AssertionError(
            f"{where}: packed observation differs from encode at entries {wrong[:5]}"
        )


def _check_seat_actions(learning: Any, state: Any, seat: int, legal: Any, where: str) -> None:
    actions = learning.actions
    indices = actions.legal(state, seat)
    mine = [m for m in legal if m.seat == seat]
    assert list(indices) == sorted(set(indices)), f"{where}: seat {seat}'s indices not ascending"
    assert all(0 <= i < actions.size for i in indices), f"{where}: index out of range"
    assert len(indices) == len(mine), (
        f"{where}: seat {seat} has {len(mine)} legal moves but {len(indices)} legal indices"
    )
    assert len(indices) <= learning.bounds.max_legal_moves, f"{where}: more legal moves than bound"
    moves = [actions.move(state, seat, i) for i in indices]
    assert set(moves) == set(mine), f"{where}: seat {seat}'s indices name other moves"
    for i, move in zip(indices, moves, strict=True):
        assert actions.index(state, move) == i, f"{where}: {move} indexes to another number"
    mask = actions.mask(state, seat)
    assert mask == tuple(int(i in indices) for i in range(actions.size)), f"{where}: mask"
    free = next((i for i in range(actions.size) if i not in indices), None)
    if free is not None:
        try:
            actions.move(state, seat, free)
        except IllegalMove:
            pass
        else:
            raise AssertionError(f"{where}: illegal action {free} for seat {seat} not refused")


def _check_chance_space(learning: Any, state: Any, outcomes: Sequence[Any], where: str) -> None:
    chance = learning.chance
    indices = [chance.index(state, m) for m in outcomes]
    assert len(set(indices)) == len(indices), f"{where}: two chance outcomes share an index"
    assert len(indices) <= learning.bounds.max_chance_outcomes, f"{where}: chance outcomes > bound"
    for i, move in zip(indices, outcomes, strict=True):
        assert 0 <= i < chance.size, f"{where}: chance index {i} out of range"
        assert chance.outcome(state, i) == move, f"{where}: chance index {i} is not {move}"


def _check_returns(learning: Any, returns: Any, over: bool, players: int, where: str) -> None:
    spec = learning.returns
    assert len(returns) == players, f"{where}: {len(returns)} returns for {players} seats"
    if not over:
        assert all(r == 0 for r in returns), f"{where}: non-zero returns before the end"
        return
    assert all(spec.low <= r <= spec.high for r in returns), f"{where}: returns out of range"
    if spec.total is not None:
        assert abs(sum(returns) - spec.total) < 1e-9, f"{where}: returns do not sum to the total"


def _check_tokens(learning: Any, tokens: Any, where: str) -> None:
    size = learning.recall.told_size
    assert type(tokens) is tuple, f"{where}: told gives {type(tokens).__name__}, not a tuple"
    assert all(type(t) is int and 0 <= t < size for t in tokens), f"{where}: token out of range"


def _check_learning_worlds(
    game: AnyGame, learning: Any, state: Any, seat: int, rng: random.Random, worlds: int, where: str
) -> None:
    actions, obs = learning.actions, learning.observation
    mine = obs.encode(state, seat)
    indices = actions.legal(state, seat)
    moves = [actions.move(state, seat, i) for i in indices]
    for _ in range(worlds):
        for make in (game.hidden_variant, game.determinize):
            world = make(state, seat, random.Random(rng.randrange(2**32)))
            assert obs.encode(world, seat) == mine, (
                f"{where}: seat {seat}'s observation changes in a world it cannot tell apart"
            )
            assert actions.legal(world, seat) == indices, (
                f"{where}: seat {seat}'s legal indices change in a world it cannot tell apart"
            )
            there = [actions.move(world, seat, i) for i in indices]
            assert there == moves, f"{where}: seat {seat}'s indices name other moves elsewhere"


def _check_told_alike(
    game: AnyGame,
    learning: Any,
    state: Any,
    move: Any,
    after: Any,
    seat: int,
    rng: random.Random,
    alternatives: int,
) -> None:
    """Moves the seat cannot tell from ``move`` tell it the same tokens; others tell others."""
    others = [m for m in game.legal_moves(state) if m.seat == move.seat and m != move]
    steps = [
        (state, other, game.apply(state, other))
        for other in rng.sample(others, min(alternatives, len(others)))
    ]
    _check_told_against(
        game, learning, (state, move, after), seat, steps,
        f"{move} and {{other}} read alike to seat {seat} but tell it different tokens:"
        " the tokens hold what the seat was not told",
        f"seat {seat} can tell {move} from {{other}}, yet is told the same tokens: its recall"
        " would forget the difference",
    )  # fmt: skip


def _check_served_one_at_a_time(
    game: AnyGame, learning: Any, state: Any, legal: Sequence[Any], rng: random.Random, where: str
) -> None:
    """Seats that may act at once may be served one at a time, in an order the driver picks.

    Two cases, for a pair of seats ``a`` and ``b`` that both have moves:

    - A move of ``a`` that tells ``b`` nothing (``b``'s view unchanged, ``recall.told``
      empty for ``b``) is a hidden commitment: ``b`` decides without knowing it, as if at
      the same moment. That is sound only when such moves commute (the same state in
      either order) and leave ``b``'s options as they were; both are checked here.
    - A move of ``a`` that ``b`` notices (a steal everyone sees, a vote known to be in) is
      a race: serving ``a`` first is the driver choosing who acts first, and ``b`` sees
      ``a``'s move before it decides, exactly as at a table where ``a`` was quicker. Such
      moves need not commute (a steal may take the card another seat meant to give), and
      nothing is checked.
    """
    seats = sorted({m.seat for m in legal})
    if len(seats) < 2:
        return
    a, b = rng.sample(seats, 2)
    mine = [m for m in legal if m.seat == a]
    theirs = [m for m in legal if m.seat == b]
    told = learning.recall.told
    sight = game.view(state, b)
    options = learning.actions.legal(state, b)
    hidden = []
    for move in mine:
        after = game.apply(state, move)
        if told(state, move, after, b) or game.view(after, b) != sight:
            continue  # a race: b sees the move before it decides
        assert learning.actions.legal(after, b) == options, (
            f"{where}: {move} tells seat {b} nothing, yet changes what it may do"
        )
        hidden.append((move, after))
    if not hidden:
        return
    first, after = rng.choice(hidden)
    second = rng.choice(theirs)
    one = game.apply(after, second)
    other = game.apply(game.apply(state, second), first)
    assert one == other, (
        f"{where}: {first}, which seat {b} does not see, and {second} give another state"
        " in the other order"
    )


def _check_told_in_worlds(
    game: AnyGame,
    learning: Any,
    state: Any,
    move: Any,
    after: Any,
    seat: int,
    rng: random.Random,
    worlds: int,
) -> None:
    """The move in worlds the seat cannot tell from ``state`` tells it what it shows there."""
    steps = []
    for _ in range(worlds):
        world = game.hidden_variant(state, seat, random.Random(rng.randrange(2**32)))
        try:
            steps.append((world, move, game.apply(world, move)))
        except IllegalMove:
            continue  # a chance outcome this world does not hold
    _check_told_against(
        game, learning, (state, move, after), seat, steps,
        f"{move} tells seat {seat} other tokens in a world it cannot tell from this one:"
        " the tokens hold what the seat was not told",
        f"{move} shows seat {seat} something else in another world, yet tells it the same"
        " tokens: its recall would forget what it saw",
    )  # fmt: skip


def _check_told_against(
    game: AnyGame,
    learning: Any,
    step: tuple[Any, Any, Any],
    seat: int,
    others: Sequence[tuple[Any, Any, Any]],
    differ: str,
    same: str,
) -> None:
    """Each of ``others`` (before, move, after) tells ``seat`` the tokens ``step`` does
    exactly when the seat reads the two alike (the same ``account``, the same view after).

    ``differ`` and ``same`` are the failures' words, ``{other}`` standing for the other
    move: the shared loop of :func:`_check_told_alike` (other moves from one state) and
    :func:`_check_told_in_worlds` (one move in other worlds).
    """
    told = learning.recall.told
    before, move, after = step
    tokens = told(before, move, after, seat)
    words = game.account(before, move, after, seat)
    sight = game.view(after, seat)
    for there_before, other, there in others:
        alike = (
            game.account(there_before, other, there, seat) == words
            and game.view(there, seat) == sight
        )
        theirs = told(there_before, other, there, seat)
        if alike:
            assert theirs == tokens, f"{game.name}: " + differ.replace("{other}", str(other))
        else:
            assert theirs != tokens, f"{game.name}: " + same.replace("{other}", str(other))


# ------------------------------------------------------------ one call per variant


@attrs.frozen
class VariantReport:
    """What :func:`check_variant` did: a line for the caller to print (``str(report)``).

    ``games`` counts the stalling game too; ``states`` the states checked with
    :func:`check_invariants`; ``moves`` every move played, chance outcomes included.
    """

    game: str
    games: int
    states: int
    moves: int
    seconds: float

    def __str__(self) -> str:
        return (
            f"{self.game}: {self.games} games, {self.moves} moves, {self.states} states"
            f" checked in {self.seconds:.1f} s"
        )


#: The moves a game may take before :func:`check_variant` calls it endless, when the
#: title states no tighter bound (its learning records' ``max_game_length``).
ENDLESS_AFTER = 20_000


def check_variant(
    game: Game[C, Any, Any, Any],
    config: C | None = None,
    *,
    games: int = 2,
    seed: int = 0,
    max_moves: int | None = None,
    thorough: int = 4,
    serializable: bool = True,
) -> VariantReport:
    """Run every check of the kit on one variant: ``game`` played under ``config``.

    One call, so a house rule or a custom deck is checked as thoroughly as a built-in
    title. Deterministic for a ``seed``; the defaults take a few seconds. It plays
    ``games`` seeded games (alternately uniformly random seats and the title's
    ``heuristic`` bot, chance sampled with its real probabilities) and one game in which
    every seat tries to stall, and checks:

    - ``config``: the config survives a JSON round trip and starts a game;
    - ``termination``: every game ends within ``max_moves`` moves (default: the title's
      learning bound on a game's length, at most :data:`ENDLESS_AFTER`);
    - ``invariants``: :func:`check_invariants` at every state reached; the costly parts
      (every legal move applied, described and labelled to every seat, every near-miss
      and malformed move refused with :class:`IllegalMove`, the input unchanged) at
      ``thorough`` states per game, the JSON round trips of state, views and moves at
      every fourth state and those, one re-deal of each seat's hidden cards elsewhere
      (in which the seat's view, who is to act and the seat's legal moves must stay the
      same: :func:`check_options`);
    - ``account``: what ``account`` tells each seat of each move played is what
      ``describe`` tells it, so the knowledge check's trust in ``describe`` covers it;
      and at every third move, in a world where only cards hidden from the seat were
      dealt again, a move that leaves the seat the same view is told in the same words;
    - ``replay``: replaying the moves reproduces every state, and the record survives a
      JSON round trip (pass ``serializable=False`` for configs that hold code);
    - ``knowledge``: :func:`check_knowledge` on the first game (views and legal moves
      depend only on what each seat was told);
    - ``determinize``: :func:`check_determinize` for every seat on the first game, at a
      sample of its states.

    A failure raises one ``AssertionError`` naming the check, the game's seed, the move
    number and the record (JSON) that reproduces it: the moves up to the failing state
    (for ``knowledge`` and ``determinize``, the whole game, the message naming the
    step). An exception the title raises is wrapped the same way, never let out raw.
    Returns a :class:`VariantReport`.
    """
    started = time.perf_counter()
    config = game.default_config() if config is None else config
    case = _Case(game, config, serializable)
    case.run("config", seed, [], lambda: _check_config(game, config, serializable))
    limit = case.run("config", seed, [], lambda: _move_limit(game, config))
    limit = limit if max_moves is None else max_moves
    states = moves = 0
    walks: list[Playthrough[Any, Any, Any]] = []
    for k in range(games):
        kind = "random" if k % 2 == 0 else "bot"
        walk = case.play(kind, seed + k, limit)
        walks.append(walk)
        states += case.check_walk(walk, seed + k, thorough)
        moves += len(walk.moves)
    stalled = case.play("stalling", seed + games, limit)
    moves += len(stalled.moves)
    if walks:
        first = walks[0]
        record = list(first.moves)
        case.run(
            "knowledge", seed, record,
            lambda: check_knowledge(game, config, first.moves, steps=6, horizon=12),
        )  # fmt: skip
        for seat in (*range(game.players(config)), None):
            case.run(
                "determinize", seed, record,
                lambda seat=seat: check_determinize(  # type: ignore[misc]
                    game, config, first.moves, seat, steps=4, horizon=8
                ),
            )  # fmt: skip
    return VariantReport(game.name, games + 1, states, moves, time.perf_counter() - started)


def _move_limit(game: AnyGame, config: Any) -> int:
    """The title's own bound on a game's length under ``config``, at most ``ENDLESS_AFTER``.

    A config the learning records refuse (one with no bound, such as no turn limit)
    is still a config to check: it gets ``ENDLESS_AFTER``.
    """
    if game.learning is None:
        return ENDLESS_AFTER
    try:
        return min(ENDLESS_AFTER, game.learning(config).bounds.max_game_length)
    except InvalidConfig:
        return ENDLESS_AFTER


def _check_config(game: AnyGame, config: Any, serializable: bool) -> None:
    if serializable:
        restored = from_json(game.config_type, to_json(config))
        assert restored == config, (
            f"config JSON round trip gives {_differing_fields(restored, config)}"
            f" (read as {game.config_type.__qualname__}, written from"
            f" {type(config).__qualname__})"
        )
    game.new_game(config)


#: :func:`check_variant` writes every this many states (and the thoroughly checked ones)
#: and their views through JSON: the round trips cost more than all the other cheap
#: checks together, and a field that does not survive one fails at many states.
_JSON_EVERY = 4
#: ... and checks every this many moves' accounts in a re-dealt world.
_WORLDS_EVERY = 3
#: Re-deals tried per seat for a world in which the move shows the seat the same view
#: (a move that turns up a hidden card does so only where the same card lies there).
_WORLD_TRIES = 4


@attrs.define
class _Case:
    """One variant under check: runs each check so that a failure says how to reproduce it."""

    game: AnyGame
    config: Any
    serializable: bool

    def run(self, check: str, seed: int, moves: Sequence[Any], call: Callable[[], Any]) -> Any:
        """``call()``; any failure or title exception becomes one ``AssertionError``.

        ``moves`` is the record so far (a list the call may still be growing), read
        only once it has failed, so the record reaches the state that failed.
        """
        try:
            return call()
        except Exception as exc:  # AssertionError included: every failure says the same
            raise AssertionError(self.failure(check, seed, moves, exc)) from exc

    def failure(self, check: str, seed: int, moves: Sequence[Any], exc: BaseException) -> str:
        what = str(exc) if isinstance(exc, AssertionError) else f"{type(exc).__name__}: {exc}"
        return (
            f"check_variant({self.game.name}): the {check} check failed, seed {seed},"
            f" move {len(moves)}: {what}\nThe record up to that move (JSON, for"
            f" zombie_rules.play.replay):\n{self.record(moves)}"
        )

    def record(self, moves: Sequence[Any]) -> str:
        record = Record(self.game.name, self.config, tuple(moves))
        try:
            return to_json(record)
        except Exception:  # a config holding code: the moves as text, at least
            return repr(record)

    def play(self, kind: str, seed: int, limit: int) -> Playthrough[Any, Any, Any]:
        """A seeded game of ``kind`` (random, bot, stalling); it must end within ``limit``."""
        moves: list[Any] = []
        walk = functools.partial(_walk, self.game, self.config, kind, seed, limit, moves)
        states = self.run(kind + " playthrough", seed, moves, walk)
        if self.game.result(states[-1]) is None:
            raise AssertionError(self.failure(
                "termination", seed, moves,
                AssertionError(
                    f"a {kind} game did not end within {limit} moves (the last: {moves[-1]});"
                    " pass max_moves for a longer bound"
                ),
            ))  # fmt: skip
        return Playthrough(self.config, tuple(moves), tuple(states))

    def check_walk(self, walk: Playthrough[Any, Any, Any], seed: int, thorough: int) -> int:
        """Invariants at every state, accounts of every move, then the replay; states checked."""
        game, rng = self.game, random.Random(seed)
        players = game.players(self.config)
        costly = set(range(0, len(walk.states), max(1, len(walk.states) // max(1, thorough))))
        for i, state in enumerate(walk.states):
            so_far = walk.moves[:i]
            invariants = functools.partial(
                check_invariants, game, state, rng,
                thorough=i in costly,
                serializable=self.serializable and (i in costly or i % _JSON_EVERY == 0),
                redeals=2 if i in costly else 1,
            )  # fmt: skip
            self.run("invariants", seed, so_far, invariants)
            if i < len(walk.moves):
                accounts = functools.partial(
                    _check_accounts, game, state, walk.moves[i], walk.states[i + 1], players,
                    rng if i in costly or i % _WORLDS_EVERY == 0 else None,
                )  # fmt: skip
                self.run("account", seed, so_far, accounts)
        self.run("replay", seed, walk.moves,
                 lambda: check_playthrough(game, walk, serializable=self.serializable))  # fmt: skip
        return len(walk.states)


def _walk(
    game: AnyGame, config: Any, kind: str, seed: int, limit: int, moves: list[Any]
) -> list[Any]:
    """The states of one seeded game, appending its moves to ``moves`` as they are made."""
    from zombie_rules.play import RandomAgent, pick_actor, sample_chance

    rng = random.Random(seed)
    state = game.new_game(config)
    states, seen = [state], {state}
    bot = game.agents.get("heuristic", RandomAgent)
    agents = [bot() if kind == "bot" else RandomAgent() for _ in range(game.players(config))]
    while len(moves) < limit and game.to_act(state):
        actors = game.to_act(state)
        if CHANCE in actors:
            move = sample_chance(game, state, rng)
        else:
            seat = pick_actor(actors, rng)
            mine = tuple(m for m in game.legal_moves(state) if m.seat == seat)
            move = _stalling_choice(game, state, mine, seen, rng) if kind == "stalling" else None
            if move is None:
                move = agents[seat].choose(game.view(state, seat), mine, rng)
        state = game.apply(state, move)
        moves.append(move)
        states.append(state)
        seen.add(state)
    return states


def _check_accounts(
    game: AnyGame, before: Any, move: Any, after: Any, players: int, rng: random.Random | None
) -> None:
    """Each seat's account of ``move`` is ``describe``'s, and tells nothing its view won't.

    With ``rng``, the cards hidden from the seat are dealt again (``hidden_variant``, up
    to ``_WORLD_TRIES`` times): in the first world where ``move`` still applies and
    leaves the seat the same view, the seat cannot tell the two worlds apart, so it
    must be told the move in the same words.
    """
    for seat in (*range(players), None):
        told, said = game.account(before, move, after, seat), game.describe(before, move, seat)
        assert told == said, (
            f"account of {move} to seat {seat} is {told!r}, but describe says {said!r}"
        )
        if rng is None:
            continue
        sight = None
        for _ in range(_WORLD_TRIES):
            world = game.hidden_variant(before, seat, rng)
            try:
                there = game.apply(world, move)
            except IllegalMove:
                continue  # a chance outcome this world does not hold
            sight = game.view(after, seat) if sight is None else sight
            if game.view(there, seat) != sight:
                continue  # the move shows the seat a card that differs here
            elsewhere = game.describe(world, move, seat)
            assert elsewhere == said, (
                f"seat {seat} is told {said!r} of {move}, but {elsewhere!r} in a world where"
                " only cards hidden from it differ and its view after is the same:"
                " describe tells what the view does not show"
            )
            break


# -------------------------------------------------- strategies over a variant's knobs


def _values(game: AnyGame, name: str, values: Any) -> st.SearchStrategy[Any]:
    if isinstance(values, st.SearchStrategy):
        return values
    options = tuple(values)
    if not options:
        raise InvalidConfig(name, f"no values to draw {game.name}'s {name} from")
    return st.sampled_from(options)


def variant_playthroughs(
    game: Game[C, S, M, Any],
    config_strategy: st.SearchStrategy[C] | None = None,
    max_moves: int = 80,
) -> st.SearchStrategy[Playthrough[C, S, M]]:
    """Walks like :func:`playthroughs`, each under a config drawn from ``config_strategy``
    (default: :func:`configs` of ``game``). The config is drawn first, so a failure
    shrinks to the simplest config, then to the shortest game."""
    drawn = configs(game) if config_strategy is None else config_strategy
    return drawn.flatmap(lambda config: _playthroughs(game, config, max_moves))


def variant_states(
    game: Game[C, S, Any, Any],
    config_strategy: st.SearchStrategy[C] | None = None,
    max_moves: int = 80,
) -> st.SearchStrategy[S]:
    """The last state of a :func:`variant_playthroughs` walk."""
    return variant_playthroughs(game, config_strategy, max_moves).map(lambda w: w.states[-1])
