"""Any title with learning records as a PettingZoo AEC environment, masks as the classic envs do.

Agents are ``player_0 .. player_{n-1}``; each observation is a dict of
``"observation"`` (the title's observation encoding, ``float32``) and ``"action_mask"``
(``int8``, 1 for each legal action), like PettingZoo's classic card games. Chance
steps are drawn inside the environment with their exact weights, from the
``random.Random`` that ``reset(seed=...)`` seeds. When several seats may act at once
(a peek, a vote) they are served one at a time, lowest seat first: nothing one
commits is visible to another before all have, so the order informs nobody.

Rewards come at the end only: the title's returns (:class:`~zombie_rules.core.learning.Returns`).
An action the mask forbids ends the game, as PettingZoo's ``TerminateIllegalWrapper``
does for the classic envs: the offender gets the lowest return, the others 0, and
``infos[agent]["illegal_move"]`` says what was wrong and what was legal.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from zombie_rules.core.errors import IllegalMove
from zombie_rules.rl._common import AnyGame, needs_extra, next_seat, settle, title


@functools.cache
def _classes() -> Any:
    """The environment class, defined once PettingZoo, Gymnasium and NumPy import."""
    try:
        import numpy as np
        from gymnasium import spaces
        from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]
    except ImportError as missing:
        raise needs_extra("the PettingZoo environment", "rl", missing) from missing

    class ZombieRulesEnv(AECEnv):  # type: ignore[misc]
        """One title under one config as an AEC environment (see the module docstring)."""

        def __init__(
            self, name: str | AnyGame, config: Any = None, render_mode: str | None = None
        ) -> None:
            super().__init__()
            found = title(name, config)
            modes = ["human", "ansi"]
            self.metadata = {
                "render_modes": modes,
                "name": f"zombie_rules_{found.game.name}_v0",
                "is_parallelizable": False,
                "render_fps": 1,
            }
            if render_mode is not None and render_mode not in modes:
                raise ValueError(f"render_mode must be one of {modes}, not {render_mode!r}")
            self.title = found
            self.game = found.game
            self.config = found.config
            self.render_mode = render_mode
            learning = found.learning
            n = found.players
            self.possible_agents = [f"player_{s}" for s in range(n)]
            self.agents = self.possible_agents[:]
            self._seat_of = {agent: s for s, agent in enumerate(self.possible_agents)}
            obs = learning.observation
            size = learning.actions.size
            self._low = np.array(obs.lows(), dtype=np.float32)
            self._high = np.array(obs.highs(), dtype=np.float32)
            self.observation_spaces = {
                agent: spaces.Dict(
                    {
                        "observation": spaces.Box(self._low, self._high, dtype=np.float32),
                        "action_mask": spaces.Box(0, 1, shape=(size,), dtype=np.int8),
                    }
                )
                for agent in self.possible_agents
            }
            self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
            self._observation = _observer(np, obs.size, obs.encode, obs.nonzero, obs.packed)
            self._legal = learning.actions.legal
            self._move = learning.actions.move
            self._returns = learning.returns.returns
            self._worst = learning.returns.low
            self._size = size
            self._apply = found.game.apply
            self._masks: dict[tuple[int, ...], np.ndarray[Any, Any]] = {}
            self._serve: dict[frozenset[int], str] = {}
            self._rng = random.Random()
            self.state: Any = None
            self.reset()

        # ------------------------------------------------------------ the AEC API

        def observation_space(self, agent: str) -> spaces.Space[Any]:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> spaces.Space[Any]:
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            if seed is not None:
                self._rng = random.Random(seed)
            self.agents = self.possible_agents[:]
            self.rewards = {agent: 0.0 for agent in self.agents}
            self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
            self.terminations = {agent: False for agent in self.agents}
            self.truncations = {agent: False for agent in self.agents}
            self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
            self.state, actors = settle(self.game, self.game.new_game(self.config), self._rng)
            self._select(actors)

        def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
            seat = self._seat_of[agent]
            state = self.state
            return {
                "observation": self._observation(state, seat),
                "action_mask": self._mask(self._legal(state, seat)),
            }

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            seat = self._seat_of[agent]
            state = self.state
            try:
                move = self._move(state, seat, int(action))
            except (IllegalMove, TypeError, ValueError) as refused:
                self._end_illegal(agent, str(refused))
                return
            self.state, actors = settle(self.game, self._apply(state, move), self._rng)
            self._cumulative_rewards[agent] = 0.0
            if not actors:
                returns = self._returns(self.state)
                self.rewards = {a: float(returns[self._seat_of[a]]) for a in self.agents}
                self.terminations = {a: True for a in self.agents}
                self._accumulate_rewards()
                self._deads_step_first()
            else:
                self._select(actors)
            if self.render_mode == "human":
                print(self.render())

        def render(self) -> str | None:
            """The state as the spectator sees it (``ansi`` returns it, ``human`` prints it)."""
            if self.render_mode is None:
                return None
            return self.game.render(self.game.view(self.state, None))

        def close(self) -> None:
            pass

        # ------------------------------------------------------------- helpers

        def _select(self, actors: frozenset[int]) -> None:
            """Serve the next seat; rewards stay 0 until the game ends, so none are reset."""
            agent = self._serve.get(actors)
            if agent is None:
                seat = next_seat(actors)
                assert seat is not None
                agent = self._serve[actors] = self.possible_agents[seat]
            self.agent_selection = agent

        def _mask(self, legal: tuple[int, ...]) -> np.ndarray[Any, Any]:
            """The mask of ``legal`` (a new array each time: callers may write to it)."""
            mask = self._masks.get(legal)
            if mask is None:
                mask = np.zeros(self._size, dtype=np.int8)
                mask[list(legal)] = 1
                if len(self._masks) < 4096:
                    self._masks[legal] = mask
            return mask.copy()

        def _end_illegal(self, agent: str, why: str) -> None:
            self.rewards = {a: (self._worst if a == agent else 0.0) for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.infos[agent] = {"illegal_move": why}
            self._cumulative_rewards[agent] = 0.0
            self._accumulate_rewards()
            self._deads_step_first()

    ZombieRulesEnv.__module__, ZombieRulesEnv.__qualname__ = __name__, "ZombieRulesEnv"
    return ZombieRulesEnv


def _observer(
    np: Any,
    size: int,
    encode: Callable[[Any, int], tuple[float, ...]],
    nonzero: Callable[[Any, int], tuple[Sequence[int], Sequence[float]]] | None,
    packed: Callable[[Any, int], bytes] | None = None,
) -> Callable[[Any, int], Any]:
    """``observation(state, seat)``: a new ``float32`` array of the seat's encoding.

    From the packed bytes when the encoding gives them (one copy into a new array),
    else from the non-zero entries (an array of zeros filled by one fancy-index
    assignment), else from ``encode`` by one ``np.fromiter``, which converts a flat
    tuple without building a list of NumPy scalars first. A new array every time:
    PettingZoo forbids an observation to change after it was returned.

    The positions and values are turned into arrays of the right types first, by
    ``np.fromiter`` with their count (``intp``, ``float32``): assigning the lists
    themselves makes NumPy guess their types, which costs more (3.9 against 3.1
    microseconds at Quarantine Z's sixty entries, 3.0 against 2.4 at Texas Zombies'
    forty-five, measured side by side).
    """
    zeros, float32, fromiter, intp = np.zeros, np.float32, np.fromiter, np.intp
    if packed is not None:
        frombuffer = np.frombuffer

        def unpack(state: Any, seat: int) -> Any:
            return frombuffer(bytearray(packed(state, seat)), float32, count=size)

        return unpack
    if nonzero is None:

        def dense(state: Any, seat: int) -> Any:
            return fromiter(encode(state, seat), float32, count=size)

        return dense

    def sparse(state: Any, seat: int) -> Any:
        out = zeros(size, float32)
        where, values = nonzero(state, seat)
        out[fromiter(where, intp, len(where))] = fromiter(values, float32, len(values))
        return out

    return sparse


def __getattr__(name: str) -> Any:
    # The class exists once the extra imports: built on first use, so that importing
    # this module needs only the core library.
    if name == "ZombieRulesEnv":
        return _classes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def pettingzoo_env(name: str | AnyGame, config: Any = None, render_mode: str | None = None) -> Any:
    """The AEC environment of the title called ``name`` (or a ``Game``) under ``config``.

    A ``ZombieRulesEnv`` (``pettingzoo.AECEnv``); ``render_mode`` is ``None``, ``"ansi"``
    (``render()`` returns the spectator's view as text) or ``"human"`` (printed).
    """
    return _classes()(name, config, render_mode)
