"""Playing games: agents, chance sampling, records and replays.

This is the only place randomness enters: the rules expose chance nodes and
their probabilities, and these helpers draw from them with a ``random.Random``
the caller owns, so a seed reproduces a game exactly and nothing here reads a
clock or global random state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.core.validation import expect_seat, short

C = TypeVar("C")
S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")


class Agent(Protocol):
    """Anything that picks a move for one seat from what that seat can see."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal_moves`` (all of which belong to the seat of ``view``)."""
        ...


class SearchAgent(Agent, Protocol):
    """An agent that also reasons about the worlds its seat might be in (a search bot).

    Drivers call :meth:`choose_in_worlds` instead of ``choose``. The agent gets its
    view, its legal moves and ``worlds``, a sampler of full states drawn among those
    consistent with what its seat knows; it never gets the true state.
    """

    def choose_in_worlds(
        self,
        view: Any,
        legal_moves: Sequence[Any],
        rng: random.Random,
        worlds: WorldSampler,
    ) -> Any:
        """One of ``legal_moves``."""
        ...


@attrs.frozen
class WorldSampler:
    """Full states consistent with what ``seat`` knows, one per call (a determinization).

    The hidden cards are re-dealt over the places they could be by the title's
    ``determinize`` hook, so what a search agent sees of a sample depends only on
    the seat's information and the ``rng`` it passes, never on the true deal.
    """

    game: Game[Any, Any, Any, Any]
    seat: int
    _state: Any = attrs.field(repr=False, alias="state")

    def __call__(self, rng: random.Random) -> Any:
        return self.game.determinize(self._state, self.seat, rng)


def choose_move(
    game: Game[Any, S, M, Any], agent: Agent, state: S, seat: int, rng: random.Random
) -> M:
    """The move ``agent`` picks for ``seat`` at ``state``, given only what the seat may know.

    Every driver goes through here, so every agent gets the same information: its
    view and legal moves, plus a :class:`WorldSampler` for a :class:`SearchAgent`.
    """
    every: tuple[Any, ...] = game.legal_moves(state)
    legal = tuple(m for m in every if m.seat == seat)
    view = game.view(state, seat)
    search = getattr(agent, "choose_in_worlds", None)
    move: M
    if search is not None:
        move = search(view, legal, rng, WorldSampler(game, seat, state))
    else:
        move = agent.choose(view, legal, rng)
    return move


class RandomAgent:
    """Picks uniformly among the legal moves: the baseline every bot must beat."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        return legal_moves[rng.randrange(len(legal_moves))]


#: Agents every title has: the uniform baseline and the information-set MCTS bot.
GENERIC_AGENTS = ("random", "ismcts")


def agent_names(game: Game[Any, Any, Any, Any]) -> tuple[str, ...]:
    """The agent names every front end accepts for ``game``: the generic ones, then its bots."""
    return (*GENERIC_AGENTS, *sorted(game.agents))


def make_agent(game: Game[Any, Any, Any, Any], name: str) -> Agent:
    """A fresh agent called ``name``; :class:`InvalidConfig` listing the known names.

    The one agent factory: the terminal, the web server, simulations and
    :class:`~zombie_rules.match.Match` all seat bots through it, so every front end
    offers the same bots, the search bot (``ismcts``, from the title's search hints)
    included.
    """
    if name == "random":
        return RandomAgent()
    if name == "ismcts":
        from zombie_rules.search import make_ismcts  # the search bot is not needed otherwise

        return make_ismcts(game)
    factory = game.agents.get(name) if isinstance(name, str) else None
    if factory is None:
        known = ", ".join(agent_names(game))
        raise InvalidConfig(
            "agents", f"unknown agent {short(name)} for {game.name}; known agents: {known}"
        )
    agent: Agent = factory()
    return agent


def sample_chance(game: Game[Any, S, M, Any], state: S, rng: random.Random) -> M:
    """One chance outcome of ``state``, drawn with its exact probability."""
    moves, weights = game.chance_weights(state)
    if not moves:
        raise IllegalMove("not a chance node: a seat is to act, or the game is over")
    return pick_weighted(moves, weights, rng)


def resolve_chance(game: Game[Any, S, Any, Any], state: S, rng: random.Random) -> S:
    """The first state from ``state`` on where a seat must act (or the game is over)."""
    while CHANCE in game.to_act(state):
        state = game.apply(state, sample_chance(game, state, rng))
    return state


@attrs.frozen
class Record(Generic[C, M]):
    """A played game: its title, config and every move, chance outcomes included.

    That is all it takes to reproduce every state, so a record is the save file,
    the log and the bug report.
    """

    game: str
    config: C
    moves: tuple[M, ...]


def replay(record: Record[Any, Any]) -> tuple[Any, ...]:
    """Every state of the recorded game, starting with ``new_game(config)``.

    Raises :class:`IllegalMove` naming the move number if the record does not
    describe a legal game.
    """
    from zombie_rules.registry import get_game

    game = get_game(record.game)
    state = game.new_game(record.config)
    states = [state]
    for number, move in enumerate(record.moves):
        try:
            state = game.apply(state, move)
        except IllegalMove as exc:
            raise IllegalMove(f"move {number} of the record: {exc}") from exc
        states.append(state)
    return tuple(states)


@attrs.frozen
class Played(Generic[C, S, M]):
    """A finished (or move-capped) game: its record and the state it ended in."""

    record: Record[C, M]
    final: S


def play_out(
    game: Game[C, S, M, V],
    config: C | None,
    agents: Sequence[Agent],
    seed: int,
    max_moves: int | None = None,
) -> Played[C, S, M]:
    """Play one game with one agent per seat, seeded; stops early after ``max_moves``.

    It is a :class:`~zombie_rules.match.Match` with a bot in every seat: when several
    seats may act, the seeded ``rng`` picks which one moves next, uniformly among
    them (always taking the lowest seat let one agent that keeps changing its mind,
    a proposal On the Move, starve the others for ever).
    """
    from zombie_rules.match import Match  # the driver builds on this module

    config = expect_config(game, config)
    players = game.players(config)
    if len(agents) != players:
        raise ValueError(f"{game.name} with this config needs {players} agents, got {len(agents)}")
    match = Match(game, config, agents, seed, history=False)
    match.advance(max_moves)
    return Played(match.record(), match.state)


def pick_actor(actors: frozenset[int], rng: random.Random) -> int:
    """The seat that moves next when several may: uniform among them, seeded.

    Drivers (``play_out``, the terminal, servers) use it so that every seat that
    may act gets its turn, whatever the agents do.
    """
    if len(actors) == 1:
        return next(iter(actors))
    seats = sorted(actors)
    return seats[rng.randrange(len(seats))]


def expect_config(game: Game[C, Any, Any, Any], config: C | None) -> C:
    """``config``, or the title's default for ``None``; :class:`InvalidConfig` for another title's.

    The static types already refuse ``play_game(zombie_doctor.GAME, zombie_run.Config(), ...)``;
    this says the same at run time instead of failing later on a missing attribute.
    """
    if config is None:
        return game.default_config()
    if type(config) is not game.config_type:
        raise InvalidConfig(
            "config",
            f"{game.name} needs a {game.config_type.__module__}.{game.config_type.__qualname__},"
            f" not a {type(config).__module__}.{type(config).__qualname__}",
        )
    return config


def narrate(record: Record[Any, Any], seat: int | None) -> tuple[str, ...]:
    """The recorded game as ``seat`` was told it (``None``: a spectator), one entry per move.

    Each entry is the title's ``describe`` of that move at the state it was made
    in: chance outcomes the seat did not see stay unnamed, secret commitments stay
    face down until their reveal. An entry may hold several lines (a round's end).
    """
    from zombie_rules.registry import get_game

    game = get_game(record.game)
    expect_seat(seat, game.players(record.config))
    states = replay(record)
    account = game.account
    return tuple(
        account(states[i], move, states[i + 1], seat) for i, move in enumerate(record.moves)
    )


def play_game(
    game: Game[C, S, M, V],
    config: C | None,
    agents: Sequence[Agent],
    seed: int,
    max_moves: int | None = None,
) -> Record[C, M]:
    """The record of :func:`play_out`: a seeded game is its config and its moves."""
    return play_out(game, config, agents, seed, max_moves).record
