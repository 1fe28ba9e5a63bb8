"""Text for the screen: accounts of moves, the menu of moves, the result, the settings.

Pure functions from game data to strings, so the session stays about flow and the
layout can be tested on its own.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from zombie_rules.core.game import Game
from zombie_rules.core.result import Result

AnyGame = Game[Any, Any, Any, Any]

#: Up to this many moves, the menu lists each with what it does; above, one line per kind.
MENU_LABELS = 12


def notation(move: Any) -> str:
    """A move as a person types it: the notation without the actor prefix."""
    text = str(move)
    _, sep, rest = text.partition(": ")
    return rest if sep else text


def account(text: str, width: int = 100, first: Callable[[str], str] | None = None) -> list[str]:
    """A move's account as screen lines: ``- `` and the move itself, then what it set off.

    Lines longer than ``width`` wrap under their own start, so a terminal never breaks
    a word in two; the account's own indentation (the hands of a round's end) is kept.
    ``first`` styles the screen lines of the move itself (bold for the viewer's own).
    """
    lines: list[str] = []
    for number, line in enumerate(text.split("\n")):
        body = line.lstrip()
        indent = "    " + " " * (len(line) - len(body))
        wrapped = textwrap.wrap(
            body,
            width=max(width - 1, 40),
            initial_indent="- " if number == 0 else indent,
            subsequent_indent="  " if number == 0 else indent + "  ",
            break_on_hyphens=False,
            break_long_words=False,
        )
        if number == 0 and first is not None:
            wrapped = [first(piece) for piece in wrapped]
        lines += wrapped or ["- " if number == 0 else indent]
    return lines


def label(game: AnyGame, state: Any, move: Any, seat: int) -> str:
    """What choosing ``move`` means to ``seat``: the first line of its account (not applied)."""
    return game.label(state, move, seat)


def menu(game: AnyGame, state: Any, legal: Sequence[Any], seat: int, width: int) -> list[str]:
    """The seat's moves: numbered, each with what it does; or grouped by kind when many."""
    if len(legal) <= MENU_LABELS:
        return ["Your moves:", *numbered(game, state, legal, seat, width)]
    lines = [
        f"Your moves ({len(legal)}; a word and one of its choices, e.g."
        f" '{notation(legal[0])}'; 'moves' says what each does):"
    ]
    kinds: dict[str, list[str]] = {}
    for move in legal:
        keyword, _, rest = notation(move).partition(" ")
        kinds.setdefault(keyword, []).append(rest)
    column = min(max(map(len, kinds)), 16) + 2
    for keyword, variants in kinds.items():
        shown = " | ".join(v for v in variants if v)
        lines += textwrap.wrap(
            f"{keyword:<{column}}{shown}" if shown else keyword,
            width=width - 1,
            initial_indent="  ",
            subsequent_indent=" " * (column + 2),
            break_on_hyphens=False,
        )
    return lines


def numbered(
    game: AnyGame,
    state: Any,
    legal: Sequence[Any],
    seat: int,
    width: int,
    numbers: Sequence[int] | None = None,
) -> list[str]:
    """``  1) swap 2     You swap the drawn 6 ...``: every move with its number and label.

    ``numbers`` are the moves' numbers in the whole menu when ``legal`` is part of it.
    """
    texts = [notation(m) for m in legal]
    column = min(max(map(len, texts), default=0), 24)
    lines = []
    numbers = range(1, len(legal) + 1) if numbers is None else numbers
    for number, move, text in zip(numbers, legal, texts, strict=True):
        head = f"  {number:>2}) {text:<{column}}  "
        wrapped = textwrap.wrap(
            label(game, state, move, seat),
            width=max(width - len(head) - 1, 30),
            break_on_hyphens=False,
        )
        lines.append(head + (wrapped[0] if wrapped else ""))
        lines += [" " * len(head) + more for more in wrapped[1:]]
    return lines


def seat_name(seat: int, me: int | None) -> str:
    return f"seat {seat} (you)" if seat == me else f"seat {seat}"


def role(game: AnyGame, config: Any, seat: int) -> str:
    """A seat's fixed role (``the Zombie Player``), or ``""`` when every seat is alike."""
    return game.facts.role(config, seat)


def result_lines(
    game: AnyGame, config: Any, result: Result, humans: Sequence[int], me: int | None
) -> list[str]:
    """Who won and why, every score with its unit and direction, and each person's verdict."""
    info = game.facts
    winners = sorted(result.winners)
    if not winners:
        who = "nobody wins"
    elif len(winners) == len(result.scores):
        who = "everyone wins"
    else:
        names = [seat_name(s, me) for s in winners]
        who = ("winners: " if len(names) > 1 else "winner: ") + ", ".join(names)
    better = "lower is better" if info.lower_is_better else "higher is better"
    unit = info.score_text if "better" in info.score_text else f"{info.score_text}; {better}"
    scores = ", ".join(f"{seat_name(s, me)} {score}" for s, score in enumerate(result.scores))
    lines = [
        f"Game over: {who} ({result.reason}).",
        f"Scores ({unit}): {scores}.",
    ]
    if len(humans) == 1:
        lines.append("You win!" if humans[0] in result.winners else "You lose.")
    else:
        lines += [f"Seat {s} {'wins' if s in result.winners else 'loses'}." for s in humans]
    return lines


def changed_settings(config: Any) -> list[str]:
    """``rounds=1``, ...: the fields where this table differs from the rulebook's ``Config()``."""
    default = type(config)()
    changed = []
    for field in attrs.fields(type(config)):
        value = getattr(config, field.name)
        if value == getattr(default, field.name):
            continue
        shown = getattr(value, "value", value)
        text = repr(shown) if isinstance(shown, str) else str(shown)
        changed.append(f"{field.name}={text if len(text) <= 30 else '(custom)'}")
    return changed
