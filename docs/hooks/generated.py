"""MkDocs hook: the parts of the docs site that are read off the package itself.

A page asks for a generated block with an HTML comment on a line of its own, such as
``<!-- generated: moves zombie_run -->`` (moves from seeded games, as ``str(move)``
writes them and as ``describe`` tells them) or ``<!-- generated: cards texas_zombies -->``
(the default card set, from the title's data). The tables are built at every
``mkdocs build``, so they cannot drift from the code; an unknown request fails the build.

The hook also drops the Sphinx roles (``:class:``, ``:func:`` ...) that some docstrings
use, which Markdown would otherwise print literally.
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Callable
from typing import Any

from zombie_rules import CHANCE, GAMES
from zombie_rules.play import RandomAgent, choose_move, pick_actor, sample_chance
from zombie_rules.texas_zombies import cards as tz_cards
from zombie_rules.zombie_doctor import cards as zd_cards
from zombie_rules.zombie_run import cards as zr_cards

_MARKER = re.compile(r"^<!-- generated: (\w+) (\w+) -->$", re.MULTILINE)
_ROLE = re.compile(r":(?:class|func|meth|attr|data|mod|exc|obj):(<code>)(?:~(?:\w+\.)*)?")

#: Seeded games per title that the move examples are taken from: heuristic bots,
#: then random ones (which try the moves a bot avoids), each capped so the build stays fast.
_SEEDS = range(6)
_MAX_MOVES = 1500


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return _MARKER.sub(lambda m: _generate(m.group(1), m.group(2)), markdown)


def on_page_content(content: str, page: Any, config: Any, files: Any) -> str:
    return _ROLE.sub(r"\1", content)


def _generate(kind: str, title: str) -> str:
    makers: dict[str, Callable[[str], str]] = {"moves": _moves, "cards": _cards}
    if kind not in makers:
        raise ValueError(f"unknown generated block {kind!r}; known: {sorted(makers)}")
    return makers[kind](title)


def _cell(text: str) -> str:
    """Text as one Markdown table cell: escaped, pipes kept, line breaks as <br>."""
    return html.escape(text).replace("|", "&#124;").replace("\n", "<br>")


def _code(text: str) -> str:
    return f"<code>{_cell(text)}</code>"


# ------------------------------------------------------------- move examples


def _moves(title: str) -> str:
    """One move of each kind seen in seeded games, with what the mover and a spectator are told."""
    if title not in GAMES:
        raise ValueError(f"unknown title {title!r}; known: {sorted(GAMES)}")
    game = GAMES[title]
    config = game.config_type()
    players = game.players(config)
    found: dict[Any, tuple[Any, Any]] = {}
    for seed in _SEEDS:
        bots = seed % 2 == 0 and "heuristic" in game.agents
        agents = [game.agents["heuristic"]() if bots else RandomAgent() for _ in range(players)]
        rng = random.Random(seed)
        state = game.new_game(config)
        for _ in range(_MAX_MOVES):
            actors = game.to_act(state)
            if not actors:
                break
            for move in game.legal_moves(state):
                found.setdefault(move.action, (state, move))
            if CHANCE in actors:
                move = sample_chance(game, state, rng)
            else:
                seat = pick_actor(actors, rng)
                move = choose_move(game, agents[seat], state, seat, rng)
            state = game.apply(state, move)
    rows = [
        "| `str(move)` | the mover is told | everyone else is told |",
        "| --- | --- | --- |",
    ]
    order = {action: i for i, action in enumerate(type(next(iter(found))))}
    for action in sorted(found, key=order.__getitem__):
        state, move = found[action]
        mine = "(chance)" if move.seat == CHANCE else _cell(game.describe(state, move, move.seat))
        rows.append(f"| {_code(str(move))} | {mine} | {_cell(game.describe(state, move, None))} |")
    return "\n".join(rows) + "\n"


# ---------------------------------------------------------------- card sets


def _cards(title: str) -> str:
    makers: dict[str, Callable[[], str]] = {
        "zombie_run": _zombie_run_cards,
        "texas_zombies": _texas_zombies_cards,
        "zombie_doctor": _zombie_doctor_cards,
    }
    if title not in makers:
        raise ValueError(f"no generated card table for {title!r}; known: {sorted(makers)}")
    return makers[title]()


def _zombie_run_cards() -> str:
    rows = ["| card | zombies | copies |", "| --- | --- | --- |"]
    for zombies, copies in zr_cards.DEFAULT_DECK:
        rows.append(f"| {_cell(zr_cards.card_name(zombies))} | {zombies} | {copies} |")
    total = sum(copies for _, copies in zr_cards.DEFAULT_DECK)
    rows.append(f"| **all** | | **{total}** |")
    return "\n".join(rows) + "\n"


def _texas_zombies_cards() -> str:
    lines = ["Events (`DEFAULT_EVENTS`): the number on the back is how many Objects the", ""]
    lines[0] += " story of the player *before* must use."
    lines += ["| Event | back |", "| --- | --- |"]
    lines += [f"| {_cell(name)} | {back} |" for name, back in tz_cards.DEFAULT_EVENTS]
    lines += ["", "Objects (`DEFAULT_OBJECTS`), by the id that moves and views use:", ""]
    lines += ["| id | Object |", "| --- | --- |"]
    lines += [f"| {i} | {_cell(name)} |" for i, name in enumerate(tz_cards.DEFAULT_OBJECTS)]
    teams = ", ".join(f"{tz_cards.TEAM_CARDS_EACH} {t.value}" for t in tz_cards.TEAMS)
    lines += ["", f"Team cards: {_cell(teams)}."]
    return "\n".join(lines) + "\n"


def _zombie_doctor_cards() -> str:
    lines = ["| seat | character |", "| --- | --- |"]
    lines += [f"| {seat} | {_cell(name)} |" for seat, name in enumerate(zd_cards.CHARACTERS)]
    lines += ["", "Pain/gain deck (`DEFAULT_DECK`), by the card id that moves use:", ""]
    lines += ["| card | copies |", "| --- | --- |"]
    lines += [f"| `{name}` | {copies} |" for name, copies in zd_cards.DEFAULT_DECK]
    total = sum(copies for _, copies in zd_cards.DEFAULT_DECK)
    lines.append(f"| **all** | **{total}** |")
    slots = ", ".join(f"`{name}`" for name in zd_cards.SLOT_NAMES)
    lines += ["", f"Body slots, in index order: {slots}."]
    return "\n".join(lines) + "\n"
