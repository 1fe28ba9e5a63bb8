"""Who sits where: which seats are people, and which bot plays each other seat.

``--agents`` means the same in ``play`` as in ``simulate``: one name for every bot, or
one name per seat. In ``play`` a seat's entry may be ``human`` (a person plays it);
the entries of seats given to people by ``--humans``/``--seat`` are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.play import Agent, make_agent
from zombie_rules.terminal.screen import AnyGame

#: The ``--agents`` entry of a seat a person plays.
HUMAN = "human"


class SetupError(ValueError):
    """A play or replay command line that names something that cannot be played."""


@attrs.frozen
class Seating:
    """The people's seats (in seat order) and each bot seat's agent name."""

    humans: tuple[int, ...]
    bots: Mapping[int, str]

    def agents(self, game: AnyGame) -> dict[int, Agent]:
        """A fresh agent for every bot seat."""
        return {seat: make_agent(game, name) for seat, name in self.bots.items()}


def _seat_list(text: str, players: int) -> tuple[int, ...]:
    seats = []
    for word in text.split(","):
        word = word.strip()
        if not word.isdigit() or not word.isascii():
            raise SetupError(f"--humans {text!r}: write seat numbers such as 0,2")
        seat = int(word)
        if seat >= players:
            raise SetupError(f"--humans {text!r}: seats are 0-{players - 1}")
        if seat in seats:
            raise SetupError(f"--humans {text!r}: seat {seat} is listed twice")
        seats.append(seat)
    return tuple(sorted(seats))


def seating(
    game: AnyGame,
    players: int,
    *,
    agents: str | None = None,
    humans: str | None = None,
    seat: int | None = None,
) -> Seating:
    """The seating a command line asks for; :class:`SetupError` saying what is wrong.

    With neither ``humans`` nor ``seat``, the people are the seats ``agents`` names
    ``human``, or seat 0.
    """
    default = "heuristic" if "heuristic" in game.agents else "random"
    names = [n.strip() for n in (agents or default).split(",")]
    if not all(names):
        raise SetupError(f"--agents {agents!r}: empty agent name")
    if len(names) == 1:
        if names[0] == HUMAN:
            raise SetupError("--agents human: name the bots' agent, or use --humans for people")
        names *= players
    elif len(names) != players:
        raise SetupError(
            f"--agents lists {len(names)} agents; give one name for all bots or one per seat"
            f" ({players}, '{HUMAN}' for a person)"
        )
    named = tuple(s for s, name in enumerate(names) if name == HUMAN)
    if seat is not None:
        if not 0 <= seat < players:
            raise SetupError(f"--seat {seat}: seats are 0-{players - 1}")
        people: tuple[int, ...] = (seat,)
    elif humans is not None:
        people = _seat_list(humans, players)
    else:
        people = named or (0,)
    stray = [s for s in named if s not in people]
    if stray:
        raise SetupError(
            f"--agents names seat {stray[0]} {HUMAN}, but the people play seats"
            f" {', '.join(map(str, people))}"
        )
    bots = {s: names[s] for s in range(players) if s not in people}
    for name in dict.fromkeys(bots.values()):
        try:
            make_agent(game, name)
        except InvalidConfig as exc:
            raise SetupError(f"--agents: {exc.why}") from None
    return Seating(people, bots)
