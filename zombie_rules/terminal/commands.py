"""What a person may type at the prompt besides a move: help, rules, cards, undo, auto, quit...

A line is a command when its first word is a command's name (no title has a move
keyword of that name); a number picks a move from the menu; anything else is read
as a move in the title's notation.
"""

from __future__ import annotations

import enum
import textwrap
from collections.abc import Callable
from typing import TYPE_CHECKING

import attrs

from zombie_rules.core.errors import DecodeError, IllegalMove
from zombie_rules.core.presentation import find_cards
from zombie_rules.core.wording import count
from zombie_rules.terminal import screen

if TYPE_CHECKING:
    from zombie_rules.terminal.session import Session


class Outcome(enum.Enum):
    """What a typed line did: nothing to the game, a move, or a move taken back."""

    STAY = "stay"
    MOVED = "moved"
    UNDONE = "undone"


STAY, MOVED, UNDONE = Outcome.STAY, Outcome.MOVED, Outcome.UNDONE


@attrs.frozen
class Command:
    names: tuple[str, ...]
    usage: str
    text: str
    run: Callable[[Session, int, str], Outcome]


def _write(session: Session, text: str) -> None:
    session.console.write(text)


def _wrap(text: str, width: int, indent: str = "") -> str:
    return "\n".join(
        textwrap.wrap(
            text, width=width - 1, initial_indent=indent, subsequent_indent=indent,
            break_on_hyphens=False,
        )
    )  # fmt: skip


# ------------------------------------------------------------------- help


def _help(session: Session, seat: int, topic: str) -> Outcome:
    width = session.console.width
    if topic:
        _write(session, _topic(session, seat, topic, width))
        return STAY
    guide = session.guide
    lines = [f"{guide.title} moves (type one as listed, or its number in the list):"]
    column = 24
    for entry in guide.moves:
        first = entry.text.split(". ")[0].rstrip(".") + "."
        head = " | ".join(entry.forms)
        body = textwrap.wrap(first, width=max(width - column - 1, 30), break_on_hyphens=False)
        if len(head) + 2 > column - 1:
            lines.append(f"  {head}")
            body_start = 0
        else:
            lines.append(f"  {head:<{column - 2}}" + (body[0] if body else ""))
            body_start = 1
        lines += [" " * column + more for more in body[body_start:]]
    if not guide.moves:
        lines.append("  (see 'moves' for the moves you may make now)")
    lines.append("Commands:")
    for command in COMMANDS:
        lines.append(f"  {command.usage:<14}{command.text}")
    lines.append(
        "'help MOVE' says more about a move (e.g. 'help " + _example_keyword(session) + "')."
    )
    _write(session, "\n".join(lines))
    return STAY


def _example_keyword(session: Session) -> str:
    return session.guide.moves[0].keyword if session.guide.moves else "undo"


def _topic(session: Session, seat: int, topic: str, width: int) -> str:
    command = _lookup(topic.split()[0])
    if command is not None and len(topic.split()) == 1:
        return f"{command.usage}: {command.text}"
    entry = session.guide.move_help(topic.split()[0])
    lines = []
    if entry is not None:
        lines.append(", ".join(entry.forms))
        lines.append(_wrap(entry.text, width, "  "))
        if entry.examples:
            lines.append("  Examples: " + ", ".join(entry.examples))
        words = {f.split(" ")[0] for f in entry.forms}
        legal = session.legal(seat)
        now = [i for i, m in enumerate(legal, start=1) if screen.notation(m).split(" ")[0] in words]
        if now:
            lines.append("  Now you may (by number or as written):")
            lines += screen.numbered(
                session.game, session.state, [legal[i - 1] for i in now], seat, width, now
            )
    if len(topic.split()) > 1 or entry is None:
        try:
            move = session.parse(seat, topic)
        except (DecodeError, IllegalMove) as exc:
            if entry is None:
                known = ", ".join(m.keyword for m in session.guide.moves)
                return f"No help on {topic!r}. Moves: {known}. Commands: {_command_names()}."
            lines.append(f"  {topic!r} is not a move you may make now: {exc}")
        else:
            what = screen.label(session.game, session.state, move, seat)
            lines.append(f"  {screen.notation(move)}: {what}")
    return "\n".join(lines)


def _command_names() -> str:
    return ", ".join(c.names[0] for c in COMMANDS)


# ------------------------------------------------------------ the others


def _moves(session: Session, seat: int, arg: str) -> Outcome:
    legal = session.legal(seat)
    width = session.console.width
    _write(session, "\n".join(screen.numbered(session.game, session.state, legal, seat, width)))
    return STAY


def _board(session: Session, seat: int, arg: str) -> Outcome:
    session.show(seat)
    return STAY


def _log(session: Session, seat: int, arg: str) -> Outcome:
    count = int(arg) if arg.isdigit() and arg.isascii() else 10
    lines = session.told_lines(seat, count)
    _write(session, "\n".join(lines) if lines else "Nothing has happened yet.")
    return STAY


def _rules(session: Session, seat: int, arg: str) -> Outcome:
    text = session.guide.rules
    changed = screen.changed_settings(session.config)
    if changed:
        text += "\nThis table differs from the rulebook: " + ", ".join(changed) + "."
    _write(session, text)
    return STAY


def _card(session: Session, seat: int, arg: str) -> Outcome:
    cards = session.guide.cards(session.config)
    width = session.console.width
    if not cards:
        _write(session, f"{session.guide.title} has no card texts here.")
        return STAY
    if not arg:
        kinds: dict[str, list[str]] = {}
        for card in cards:
            named = card.name.startswith(card.number)  # Zombie Run!'s "7 zombies"
            kinds.setdefault(card.kind, []).append(
                card.name if named else f"{card.number} {card.name}"
            )
        lines = [_wrap(f"{kind}s: " + ", ".join(names), width) for kind, names in kinds.items()]
        lines.append("Type 'card NAME' (or its number) for a card's text.")
        _write(session, "\n".join(lines))
        return STAY
    found = find_cards(cards, arg)
    if not found:
        _write(session, f"No card called {arg!r}; 'card' lists them all.")
        return STAY
    _write(session, "\n".join(_wrap(card.line(), width) for card in found[:8]))
    if len(found) > 8:
        _write(session, f"... and {len(found) - 8} more; be more precise.")
    return STAY


def _legend(session: Session, seat: int, arg: str) -> Outcome:
    _write(session, session.guide.legend)
    return STAY


def _undo(session: Session, seat: int, arg: str) -> Outcome:
    message = session.undo(seat)
    _write(session, message)
    return UNDONE if message.startswith("Taken back") else STAY


def _auto(session: Session, seat: int, arg: str) -> Outcome:
    word = arg.lower()
    if word not in ("", "on", "off"):
        _write(session, "Type 'auto on' or 'auto off' (or 'auto' to switch).")
        return STAY
    on = seat not in session.match.auto_forced if not word else word == "on"
    _write(session, session.set_auto(seat, on))
    only = session.match.forced(seat)
    if on and only is not None:
        session.advance(only)  # the move it is waiting for is the only one: play it now
        return MOVED
    return STAY


def _quit(session: Session, seat: int, arg: str) -> Outcome:
    from zombie_rules.terminal.session import Quit

    raise Quit(0, "game abandoned")


COMMANDS: tuple[Command, ...] = (
    Command(("help", "?"), "help [MOVE]", "the moves of this game, or more on one", _help),
    Command(("moves",), "moves", "every move you may make now, with what it does", _moves),
    Command(("board", "look"), "board", "show the table again", _board),
    Command(("log",), "log [N]", "the last N moves again (default 10)", _log),
    Command(("rules",), "rules", "the rules on one screen", _rules),
    Command(("card", "cards"), "card [NAME]", "a card's text (or the list of cards)", _card),
    Command(("legend",), "legend", "what the symbols on the board mean", _legend),
    Command(
        ("undo",), "undo", "take back your last move, if nothing since showed you anything", _undo
    ),
    Command(("auto",), "auto [on|off]", "play a move for you when it is your only one", _auto),
    Command(("quit", "exit"), "quit", "stop the game", _quit),
)


def _lookup(word: str) -> Command | None:
    word = word.lower()
    for command in COMMANDS:
        if word in command.names:
            return command
    return None


def run(session: Session, seat: int, text: str) -> Outcome:
    """Do what ``text`` asks: a command, a move by number or notation, or say what is wrong."""
    legal = session.legal(seat)
    if not text:
        width = session.console.width
        _write(session, "\n".join(screen.menu(session.game, session.state, legal, seat, width)))
        return STAY
    word, _, arg = text.partition(" ")
    command = _lookup(word)
    if command is not None:
        return command.run(session, seat, arg.strip())
    if text.isdigit() and text.isascii():
        number = int(text)
        if not 1 <= number <= len(legal):
            _write(
                session,
                f"There {'is' if len(legal) == 1 else 'are'} {count(len(legal), 'move')};"
                f" type a number from 1 to {len(legal)}."
                if legal
                else "You have no move now.",
            )
            return STAY
        session.advance(legal[number - 1])
        return MOVED
    try:
        move = session.parse(seat, text)
    except DecodeError as exc:
        _write(session, f"{exc}\n(Type 'help' for the moves with examples, or a number.)")
        return STAY
    except IllegalMove as exc:
        _write(session, str(exc))
        return STAY
    session.advance(move)
    return MOVED


def candidates(session: Session, seat: int) -> list[str]:
    """Every line TAB may complete to now: the legal moves, the commands, help and card topics."""
    lines = [screen.notation(m) for m in session.legal(seat)]
    for command in COMMANDS:
        lines += command.names
    lines += [f"help {m.keyword}" for m in session.guide.moves]
    lines += [f"help {c.names[0]}" for c in COMMANDS]
    lines += ["auto on", "auto off"]
    lines += [f"card {card.name}" for card in session.guide.cards(session.config)]
    return lines
