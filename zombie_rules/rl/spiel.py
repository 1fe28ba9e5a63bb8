"""Any title with learning records as an OpenSpiel game, ``python_zombie_rules_<title>``.

A sequential game with explicit chance: a chance node lists the title's exact
outcomes under their chance-space numbers; a decision node belongs to the lowest seat
that may act (seats who decide at once, as in a vote, are served one at a time:
nothing one commits is visible to another before all have, so the order informs
nobody). Actions are the title's action indices and read as their names.

Observation tensors and strings are the title's observation encoding (a string lists
each slice's non-zero entries, exactly); information-state tensors and strings are
the perfect-recall records of :class:`~zombie_rules.core.learning.Learning` (the
tokens each seat was told, in order). Returns follow the title's convention, so the
utility is zero-sum when the returns always sum to zero.

The config travels in the game's one parameter, ``config``: the config's JSON
(:mod:`zombie_rules.serialize`) in URL-safe base64, empty for the title's default,
so ``pyspiel.serialize_game_and_state`` and ``deserialize_game_and_state`` round-trip
any table. ``resample_from_infostate`` draws a world with the title's
``determinize``: the player keeps its memory; the other seats, whose histories a
world does not carry, remember from what they see in that world on (their keys say
so), and the resampled state has no action history to serialize.
"""

from __future__ import annotations

import base64
import functools
import random
import types
from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.learning import Learning, Memory
from zombie_rules.registry import GAMES
from zombie_rules.rl._common import AnyGame, Title, needs_extra, next_seat, title
from zombie_rules.serialize import from_json, to_json

PREFIX = "python_zombie_rules_"
#: The most entries an information-state tensor may have for OpenSpiel to be offered it.
#: A perfect-recall tensor is sized by the game's bound, which for a long title's full
#: table (Quarantine Z's, some millions of steps) cannot be allocated per state; such a
#: config offers the information-state string alone (``provides_information_state_tensor``).
INFO_TENSOR_LIMIT = 2**20


class _Shared:
    """A title's records, copied as themselves: a cloned state shares them.

    OpenSpiel serializes a Python state by pickling its attributes; the records are
    pickled as the title and config they are rebuilt from.
    """

    __slots__ = ("value",)

    def __init__(self, value: Title) -> None:
        self.value = value

    def __reduce__(self) -> tuple[Any, ...]:
        return _shared, (self.value.game, self.value.config)

    def __deepcopy__(self, memo: Any) -> _Shared:
        return self

    def __copy__(self) -> _Shared:
        return self


def _shared(game: AnyGame, config: Any) -> _Shared:
    return _Shared(title(game, config))


def _config_text(found: Title) -> str:
    if found.config == found.game.default_config():
        return ""
    return base64.urlsafe_b64encode(to_json(found.config).encode()).decode().rstrip("=")


def _config_from(game: AnyGame, text: str) -> Any:
    if not text:
        return None
    padded = text + "=" * (-len(text) % 4)
    return from_json(game.config_type, base64.urlsafe_b64decode(padded.encode()))


@functools.cache
def _classes() -> Any:
    """The game, state and observer classes, defined once OpenSpiel and NumPy import."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError as missing:
        raise needs_extra("the OpenSpiel game", "bench", missing) from missing

    def _utility(learning: Learning) -> Any:
        total = learning.returns.total
        if total is None:
            return pyspiel.GameType.Utility.GENERAL_SUM
        if total == 0:
            return pyspiel.GameType.Utility.ZERO_SUM
        return pyspiel.GameType.Utility.CONSTANT_SUM

    def _game_type(found: Title) -> Any:
        learning = found.learning
        return pyspiel.GameType(
            short_name=PREFIX + found.game.name,
            long_name=f"zombie_rules {found.game.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=_utility(learning),
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=found.players,
            min_num_players=found.players,
            provides_information_state_string=True,
            provides_information_state_tensor=learning.info_size <= INFO_TENSOR_LIMIT,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={"config": ""},
        )

    def _game_info(found: Title) -> Any:
        learning = found.learning
        return pyspiel.GameInfo(
            num_distinct_actions=learning.actions.size,
            max_chance_outcomes=learning.chance.size,
            num_players=found.players,
            min_utility=float(learning.returns.low),
            max_utility=float(learning.returns.high),
            utility_sum=None if learning.returns.total is None else float(learning.returns.total),
            max_game_length=learning.bounds.max_decisions,
        )

    class ZombieRulesGame(pyspiel.Game):  # type: ignore[misc]
        """One title under one config as a ``pyspiel.Game``."""

        def __init__(self, found: Title, params: dict[str, Any] | None = None) -> None:
            super().__init__(_game_type(found), _game_info(found), params or {})
            self.title = found

        def new_initial_state(self, *_: Any) -> ZombieRulesState:
            return ZombieRulesState(self)

        def max_chance_nodes_in_history(self) -> int:
            return int(self.title.learning.bounds.max_chance_nodes)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> Observer:
            if params:
                raise ValueError(f"observer parameters are not supported, got {params}")
            if iig_obs_type is None:
                return Observer(self.title, perfect_recall=False)
            private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if not (iig_obs_type.public_info and private):
                raise ValueError(
                    "only a player's own observation is supported (public_info=True,"
                    " private_info=SINGLE_PLAYER), with or without perfect recall"
                )
            return Observer(self.title, perfect_recall=bool(iig_obs_type.perfect_recall))

    class ZombieRulesState(pyspiel.State):  # type: ignore[misc]
        """A game in progress: the title's immutable state and each seat's memory."""

        def __init__(self, game: ZombieRulesGame) -> None:
            super().__init__(game)
            found = game.title
            self._title = _Shared(found)
            self.state = found.game.new_game(found.config)
            self.memories = tuple(found.learning.start(s) for s in range(found.players))

        # ----------------------------------------------------------- the State API

        def current_player(self) -> int:
            actors = self._title.value.game.to_act(self.state)
            if not actors:
                return int(pyspiel.PlayerId.TERMINAL)
            if CHANCE in actors:
                return int(pyspiel.PlayerId.CHANCE)
            seat = next_seat(actors)
            assert seat is not None
            return seat

        def _legal_actions(self, player: int) -> list[int]:
            return list(self._title.value.learning.actions.legal(self.state, player))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            found = self._title.value
            moves, weights = found.game.chance_weights(self.state)
            total = sum(weights)
            index = found.learning.chance.index
            return sorted(
                (index(self.state, move), weight / total)
                for move, weight in zip(moves, weights, strict=True)
            )

        def _apply_action(self, action: int) -> None:
            found = self._title.value
            learning = found.learning
            before = self.state
            if CHANCE in found.game.to_act(before):
                move = learning.chance.outcome(before, int(action))
            else:
                move = learning.actions.move(before, self.current_player(), int(action))
            after = found.game.apply(before, move)
            self.memories = tuple(learning.remember(m, before, move, after) for m in self.memories)
            self.state = after

        def _action_to_string(self, player: int, action: int) -> str:
            learning = self._title.value.learning
            if player == int(pyspiel.PlayerId.CHANCE):
                return str(learning.chance.names[action])
            return str(learning.actions.names[action])

        def is_terminal(self) -> bool:
            return not self._title.value.game.to_act(self.state)

        def returns(self) -> list[float]:
            return [float(r) for r in self._title.value.learning.returns.returns(self.state)]

        def resample_from_infostate(
            self, player_id: int, probability_sampler: Any
        ) -> ZombieRulesState:
            """A world ``player_id`` cannot tell from this one (the title's ``determinize``)."""
            found = self._title.value
            seed = int(probability_sampler() * 2**52) if callable(probability_sampler) else 0
            world = found.game.determinize(self.state, player_id, random.Random(seed))
            clone = ZombieRulesState(self.get_game())
            clone.state = world
            encode = found.learning.observation.encode
            clone.memories = tuple(
                memory if s == player_id else Memory(s, (), encode(world, s))
                for s, memory in enumerate(self.memories)
            )
            return clone

        def __str__(self) -> str:
            game = self._title.value.game
            moves = " ".join(map(str, self.history()))
            return f"{game.name} after [{moves}]\n{game.render(game.view(self.state, None))}"

    for cls in (ZombieRulesGame, ZombieRulesState):
        cls.__module__, cls.__qualname__ = __name__, cls.__name__
    return types.SimpleNamespace(
        pyspiel=pyspiel,
        game_type=_game_type,
        ZombieRulesGame=ZombieRulesGame,
        ZombieRulesState=ZombieRulesState,
    )


class Observer:
    """OpenSpiel's Python observer over a title's observation or information-state records."""

    def __init__(self, found: Title, perfect_recall: bool) -> None:
        import numpy as np

        self.perfect_recall = perfect_recall
        learning = found.learning
        size = learning.info_size if perfect_recall else learning.observation.size
        slices = learning.info_slices if perfect_recall else learning.observation.slices
        if size > INFO_TENSOR_LIMIT:  # strings only: the game type says so
            size, slices = 0, ()
        self.size = size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {part.name: self.tensor[part.start : part.stop] for part in slices}

    def set_from(self, state: Any, player: int) -> None:
        learning = state._title.value.learning
        if self.perfect_recall:
            if not self.size:
                raise ValueError(
                    f"the information-state tensor has {learning.info_size} entries, more than"
                    f" {INFO_TENSOR_LIMIT}: this config offers the information-state string only"
                )
            values = learning.tensor(state.memories[player], state.state)
        else:
            values = learning.observation.encode(state.state, player)
        self.tensor[:] = values

    def string_from(self, state: Any, player: int) -> str:
        learning = state._title.value.learning
        if self.perfect_recall:
            memory = state.memories[player]
            told = " ".join(map(str, memory.told))
            if memory.since is None:
                return f"p{player} told: {told}"
            return f"p{player} since {_entries(learning, memory.since)} told: {told}"
        return f"p{player} {_entries(learning, learning.observation.encode(state.state, player))}"


def __getattr__(name: str) -> Any:
    # The classes exist once OpenSpiel imports: built on first use, so that importing
    # this module needs only the core library.
    if name in ("ZombieRulesGame", "ZombieRulesState"):
        return getattr(_classes(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _entries(learning: Learning, values: Any) -> str:
    """Each slice's non-zero entries as ``name[i]=value``: exact, and short for sparse tensors."""
    parts = []
    for part in learning.observation.slices:
        for i in range(part.start, part.stop):
            if values[i]:
                parts.append(f"{part.name}[{i - part.start}]={values[i]!r}")
    return " ".join(parts)


def openspiel_game(name: str | AnyGame, config: Any = None) -> Any:
    """The title ``name`` (or a ``Game``) under ``config`` as a ``pyspiel.Game``.

    Registers the title with OpenSpiel first, so ``pyspiel.load_game`` and
    deserialization know it too.
    """
    found = title(name, config)
    _register(found.game)
    return _classes().ZombieRulesGame(found, {"config": _config_text(found)})


_makers: dict[str, type] = {}


def _register(game: AnyGame) -> str:
    """Register ``game`` with OpenSpiel (once), by a class of its own.

    OpenSpiel's registry outlives the interpreter and lets go of its factories only
    after Python has shut down. A class is never freed by that (it refers to itself),
    where a function would be, with no interpreter left to free it.
    """
    short_name = PREFIX + game.name
    if short_name not in _makers:
        classes = _classes()
        base = classes.ZombieRulesGame

        def __init__(self: Any, params: dict[str, Any] | None = None) -> None:
            text = str((params or {}).get("config", ""))
            base.__init__(self, title(game, _config_from(game, text)), {"config": text})

        maker = type(f"{base.__name__}_{game.name}", (base,), {"__init__": __init__})
        _makers[short_name] = maker
        classes.pyspiel.register_game(classes.game_type(title(game)), maker)
    return short_name


def register_openspiel() -> tuple[str, ...]:
    """Register every title that has learning records; returns their OpenSpiel names."""
    return tuple(_register(game) for game in GAMES.values() if game.learning is not None)
