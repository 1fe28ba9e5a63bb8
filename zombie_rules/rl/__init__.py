"""Reinforcement-learning adapters: PettingZoo, Gymnasium and OpenSpiel over any title.

Needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy); :func:`openspiel_game` needs
OpenSpiel too (the ``bench`` extra). Every adapter reads a title only through its
``Game`` record and the :class:`~zombie_rules.core.learning.Learning` records its
``learning(config)`` gives: fixed action indices, observation and information-state
encodings, returns and bounds. A title without them is refused with the list of
titles that have them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env", "register_openspiel"]


def pettingzoo_env(name: Any, config: Any = None, render_mode: str | None = None) -> Any:
    """The title ``name`` (or a ``Game``) as a PettingZoo AEC env, masks in the observation."""
    from zombie_rules.rl.aec import pettingzoo_env as make

    return make(name, config, render_mode)


def gymnasium_env(
    name: Any,
    seat: int = 0,
    opponents: Any = "heuristic",
    config: Any = None,
    render_mode: str | None = None,
) -> Any:
    """One seat of the title ``name`` as a Gymnasium environment, the others played by bots."""
    from zombie_rules.rl.single import gymnasium_env as make

    return make(name, seat, opponents, config, render_mode)


def openspiel_game(name: Any, config: Any = None) -> Any:
    """The title ``name`` (or a ``Game``) as an OpenSpiel game (``pyspiel.Game``)."""
    from zombie_rules.rl.spiel import openspiel_game as make

    return make(name, config)


def register_openspiel() -> tuple[str, ...]:
    """Register every title with learning records as ``python_zombie_rules_<title>``."""
    from zombie_rules.rl.spiel import register_openspiel as register

    return register()
