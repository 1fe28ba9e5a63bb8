"""One seat of a title as a Gymnasium environment, every other seat played by a bot.

The observation is the title's observation encoding (a ``float32`` ``Box``), the action
its action index (``Discrete``); ``info["action_mask"]`` and :meth:`action_masks` give
the legal actions (the form maskable policy-gradient trainers read). Chance is drawn
with its exact weights from a ``random.Random`` that ``reset(seed=...)`` seeds; the
other seats choose through :func:`zombie_rules.play.choose_move`, from their own view
only, like any bot at any table. The reward is the seat's return at the end (the
title's :class:`~zombie_rules.core.learning.Returns`), 0 before.

An action the mask forbids ends the episode with the lowest return, and
``info["illegal_move"]`` says what was wrong and what was legal (Gymnasium's checker
steps with unmasked random actions, and an episode cannot be left half-applied).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from typing import Any

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.errors import IllegalMove, InvalidConfig
from zombie_rules.play import Agent, choose_move, make_agent
from zombie_rules.rl._common import AnyGame, needs_extra, title


@functools.cache
def _classes() -> Any:
    """The environment class, defined once Gymnasium and NumPy import."""
    try:
        import gymnasium
        import numpy as np
        from gymnasium import spaces
    except ImportError as missing:
        raise needs_extra("the Gymnasium environment", "rl", missing) from missing

    class ZombieRulesGymEnv(gymnasium.Env[np.ndarray[Any, Any], np.int64]):
        """Seat ``seat`` of one title under one config (see the module docstring)."""

        def __init__(
            self,
            name: str | AnyGame,
            seat: int = 0,
            opponents: str | Agent | Sequence[Any] | Mapping[int, Any] = "heuristic",
            config: Any = None,
            render_mode: str | None = None,
        ) -> None:
            self.metadata = {"render_modes": ["ansi"]}
            found = title(name, config)
            if type(seat) is not int or not 0 <= seat < found.players:
                raise InvalidConfig("seat", f"must be a seat 0-{found.players - 1}, not {seat!r}")
            if render_mode is not None and render_mode not in self.metadata["render_modes"]:
                raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
            self.title = found
            self.game = found.game
            self.config = found.config
            self.seat = seat
            self.render_mode = render_mode
            self.opponents = _seat_agents(found.game, found.players, seat, opponents)
            learning = found.learning
            obs = learning.observation
            self.observation_space = spaces.Box(
                np.array(obs.lows(), dtype=np.float32),
                np.array(obs.highs(), dtype=np.float32),
                dtype=np.float32,
            )
            self.action_space = spaces.Discrete(learning.actions.size)
            self._learning = learning
            self._rng = random.Random()
            self.state: Any = None

        def reset(
            self, *, seed: int | None = None, options: dict[str, Any] | None = None
        ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
            super().reset(seed=seed)
            # One source of randomness, seeded by Gymnasium's own generator.
            self._rng = random.Random(int(self.np_random.integers(2**63)))
            self.state = self._advance(self.game.new_game(self.config))
            return self._observe(), self._info()

        def step(
            self, action: Any
        ) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
            if self.state is None:
                raise RuntimeError("call reset() before step()")
            if not self.game.to_act(self.state):
                raise RuntimeError("the episode is over: call reset()")
            try:
                move = self._learning.actions.move(self.state, self.seat, int(action))
            except (IllegalMove, TypeError, ValueError) as refused:
                info = {**self._info(), "illegal_move": str(refused)}
                return self._observe(), float(self._learning.returns.low), True, False, info
            self.state = self._advance(self.game.apply(self.state, move))
            over = not self.game.to_act(self.state)
            reward = float(self._learning.returns.returns(self.state)[self.seat]) if over else 0.0
            return self._observe(), reward, over, False, self._info()

        def action_masks(self) -> np.ndarray[Any, Any]:
            """The legal actions now, as booleans (what maskable trainers ask for)."""
            return self._mask().astype(bool)

        def render(self) -> str | None:
            """The seat's view as text (``render_mode="ansi"``)."""
            if self.render_mode is None:
                return None
            return self.game.render(self.game.view(self.state, self.seat))

        # ------------------------------------------------------------- helpers

        def _advance(self, state: Any) -> Any:
            """Chance and the other seats play until this seat may act or the game ends."""
            game, rng = self.game, self._rng
            while True:
                actors = game.to_act(state)
                if not actors or self.seat in actors:
                    return state
                if CHANCE in actors:
                    moves, weights = game.chance_weights(state)
                    state = game.apply(state, pick_weighted(moves, weights, rng))
                    continue
                other = min(actors)
                state = game.apply(
                    state, choose_move(game, self.opponents[other], state, other, rng)
                )

        def _observe(self) -> np.ndarray[Any, Any]:
            return np.array(
                self._learning.observation.encode(self.state, self.seat), dtype=np.float32
            )

        def _mask(self) -> np.ndarray[Any, Any]:
            mask = np.zeros(self._learning.actions.size, dtype=np.int8)
            mask[list(self._learning.actions.legal(self.state, self.seat))] = 1
            return mask

        def _info(self) -> dict[str, Any]:
            return {"action_mask": self._mask()}

    ZombieRulesGymEnv.__module__, ZombieRulesGymEnv.__qualname__ = __name__, "ZombieRulesGymEnv"
    return ZombieRulesGymEnv


def __getattr__(name: str) -> Any:
    # The class exists once the extra imports: built on first use, so that importing
    # this module needs only the core library.
    if name == "ZombieRulesGymEnv":
        return _classes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _seat_agents(game: AnyGame, players: int, seat: int, opponents: Any) -> dict[int, Agent]:
    """An agent for every other seat: one name or agent for all, or one per seat."""
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, Mapping):
        chosen = {s: opponents.get(s) for s in others}
    elif isinstance(opponents, Sequence) and not isinstance(opponents, str):
        if len(opponents) != len(others):
            raise InvalidConfig(
                "opponents", f"need {len(others)} opponents (seats {others}), not {len(opponents)}"
            )
        chosen = dict(zip(others, opponents, strict=True))
    else:
        chosen = dict.fromkeys(others, opponents)
    agents: dict[int, Agent] = {}
    for s, which in chosen.items():
        if which is None:
            raise InvalidConfig("opponents", f"no agent given for seat {s}")
        agents[s] = make_agent(game, which) if isinstance(which, str) else which
    return agents


def gymnasium_env(
    name: str | AnyGame,
    seat: int = 0,
    opponents: str | Agent | Sequence[Any] | Mapping[int, Any] = "heuristic",
    config: Any = None,
    render_mode: str | None = None,
) -> Any:
    """Seat ``seat`` of the title ``name`` (or a ``Game``), the others played by ``opponents``.

    ``opponents`` is an agent name every front end knows (``"heuristic"``, ``"random"``,
    ``"ismcts"``), an agent object, or one of those per other seat (a sequence in seat
    order, or a mapping from seat).
    """
    return _classes()(name, seat, opponents, config, render_mode)
