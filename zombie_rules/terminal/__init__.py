"""The terminal front end: ``zombie-rules play`` and ``zombie-rules replay``.

Built only on the protocol (``view``/``render``, ``legal_moves``, ``describe``,
``parse_move``), the title's face (``Game.guide`` for help, rules and card texts,
``Game.facts`` for the result lines) and :mod:`zombie_rules.play`; the rules never
import it, and it names no title. Modules:

``session``
    one game: bots move, people are asked, every move is told to each person as
    their seat knows it; undo, hot-seat hand-overs, the record.
``commands``
    what may be typed besides a move (help, rules, card, legend, undo, ...).
``console``
    reading and writing: readline editing, history and completion at a terminal,
    an echoed transcript otherwise.
``completion``, ``screen``, ``seating``, ``replay``
    tab completion of whole lines; the layout of menus and results; who sits
    where; stepping through a saved game.
"""

from zombie_rules.terminal.console import Console
from zombie_rules.terminal.replay import run_replay
from zombie_rules.terminal.seating import HUMAN, Seating, SetupError, seating
from zombie_rules.terminal.session import ABANDONED, Session, play

__all__ = [
    "ABANDONED",
    "HUMAN",
    "Console",
    "Seating",
    "Session",
    "SetupError",
    "play",
    "run_replay",
    "seating",
]
