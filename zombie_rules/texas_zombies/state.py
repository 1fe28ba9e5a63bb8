"""Texas Zombies' immutable state and moves.

Cards are stored as indices into the config's ``events`` and ``objects``. Face-down
piles nobody has seen are counts per card (see :mod:`zombie_rules.core.piles`):

* ``event_pool`` holds every Event not yet drawn, the Event pile and the box
  together. Rule A puts a random ``3 x players`` of the 30 in the pile; drawing
  the pile's cards one by one is the same as drawing from all unseen Events, so
  one pool and the pile's size (``events_left``) describe it exactly.
* The back of the pile's top card is public (``top_back``) and its face is not:
  a draw is a chance event over the unseen Events *with that back*, and a second
  chance event reveals the back of the new top card (over all unseen Events).
* ``object_pile`` is the face-down Object draw pile; the Object discard pile is
  face up, so its order is kept.

Team cards taken out for this table and not yet dealt are ``team_deck``; the rest
stay in ``team_box``. Both are counts per team (index into ``TEAMS``).
"""

from __future__ import annotations

import enum
import json
from typing import TYPE_CHECKING

import attrs

from zombie_rules.core.actors import seat_name
from zombie_rules.core.records import builder
from zombie_rules.texas_zombies.cards import Team
from zombie_rules.texas_zombies.config import Config


class Phase(enum.IntEnum):
    """Where the game is; the actor of each phase is fixed."""

    TOP_BACK = 0  # chance: the back of the Event pile's top card shows (set-up, rule A)
    DEAL_OBJECT = 1  # chance: the next Object card to seat ``turn`` (rule B)
    SPLIT = 2  # chance, odd tables only: which team gets the extra member (rule C)
    DEAL_TEAM = 3  # chance: seat ``turn``'s Team card (rule C)
    DRAW_EVENT = 4  # chance: the face of the top Event, given its back (rule E)
    NEXT_BACK = 5  # chance: the back of the new top Event (rule F)
    TELL = 6  # seat ``turn`` tells a story with the required Objects, or is speechless
    VOTE = 7  # every other seat commits a secret yes/no (rules G-H)
    DRAW_OBJECT = 8  # chance: seat ``turn`` draws back up to 3 Objects (rules I-J)
    OVER = 9


class Action(enum.Enum):
    """The kinds of move; the value is the notation's keyword."""

    BACK = "back"  # chance: the number on the back of the top Event
    EVENT = "event"  # chance: the Event drawn
    OBJECT = "object"  # chance: the Object dealt or drawn
    SPLIT = "split"  # chance: the team with the extra member
    TEAM = "team"  # chance: the Team card dealt
    TELL = "tell"
    SPEECHLESS = "speechless"
    VOTE = "vote"


#: Notation words for a team index (``SPLIT`` / ``TEAM`` moves).
TEAM_WORDS: tuple[str, str] = ("beta", "darwin")
#: Notation words for a vote (``VOTE`` moves): index 0 is No, 1 is Yes.
VOTE_WORDS: tuple[str, str] = ("no", "yes")

_WORDED = {Action.SPLIT: TEAM_WORDS, Action.TEAM: TEAM_WORDS, Action.VOTE: VOTE_WORDS}


@attrs.frozen
class Move:
    """One move.

    ``args`` holds the back number (``BACK``), the Event or Object index
    (``EVENT``, ``OBJECT``), a team index (``SPLIT``, ``TEAM``), the Objects a story
    uses in increasing order (``TELL``) or ``1`` for Yes / ``0`` for No (``VOTE``).
    ``story`` is optional text a front end may attach to a ``TELL``; the story
    itself happens between people, so the rules only carry it along.
    """

    seat: int
    action: Action
    args: tuple[int, ...] = ()
    story: str = ""

    def __str__(self) -> str:
        words = _WORDED.get(self.action)
        if words is not None and len(self.args) == 1 and 0 <= self.args[0] < 2:
            shown = [words[self.args[0]]]
        else:
            shown = [str(a) for a in self.args]
        text = " ".join([self.action.value, *shown])
        if self.story:
            text += " " + json.dumps(self.story, ensure_ascii=False)
        return f"{seat_name(self.seat)}: {text}"


@attrs.frozen
class TurnRecord:
    """A finished turn, public from then on: the Event, the story and the vote.

    ``votes[s]`` is seat ``s``'s vote (``None`` for the active seat, and for
    everyone when the player was speechless and there was no vote).
    """

    seat: int
    event: int
    required: int
    used: tuple[int, ...]
    story: str
    speechless: bool
    votes: tuple[bool | None, ...]
    won: bool


@attrs.frozen
class State:
    """A Texas Zombies game at one moment.

    ``turn`` is the active seat (during the deals, the seat receiving the next
    card). ``top_back`` is the number on the back of the Event pile's top card once
    it shows (``None`` while it is being revealed or when the pile is empty).
    ``current_event`` is the Event drawn this turn and ``required`` the number of
    Objects its story must use. ``told`` are the Objects laid down for the story
    being voted on, with its ``story`` text; ``votes[s]`` is seat ``s``'s secret vote
    (``None`` until cast). ``to_draw`` is how many Objects the active seat still
    draws. ``won[s]`` are the Events seat ``s`` earned.
    """

    config: Config
    phase: Phase
    turn: int
    event_pool: tuple[int, ...]
    events_left: int
    top_back: int | None
    current_event: int | None
    required: int
    hands: tuple[tuple[int, ...], ...]
    object_pile: tuple[int, ...]
    object_discard: tuple[int, ...]
    team_deck: tuple[int, ...]
    team_box: tuple[int, ...]
    teams: tuple[Team | None, ...]
    told: tuple[int, ...]
    story: str
    votes: tuple[bool | None, ...]
    to_draw: int
    won: tuple[tuple[int, ...], ...]
    event_discard: tuple[int, ...]
    history: tuple[TurnRecord, ...]


@attrs.frozen
class Scoring:
    """The end of the game (rules M-Q), all Team cards face up.

    ``counted[s]`` is how many times seat ``s``'s Events count for its team: 1
    normally; with an odd number of players 1 for the member with the most and
    the member with the fewest and 0 for anyone between (rule O), and 2 for the
    lone member of a 3-player team (rule P). ``totals`` is per team index.
    ``events_won[s]`` counts seat ``s``'s Events at their worth: one card each as
    printed, another number for an Event a config's ``event_effects`` rescore.
    """

    teams: tuple[Team, ...]
    events_won: tuple[int, ...]
    counted: tuple[int, ...]
    totals: tuple[int, int]
    winning_teams: frozenset[Team]


if TYPE_CHECKING:
    #: ``State(...)`` for the hot path: the same fields in the same order, built by
    #: slot stores (``core.records.builder``: ``apply`` builds one state per move).
    make_state = State
else:
    make_state = builder(State)
