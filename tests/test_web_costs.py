"""What a web request costs in rule calls: a move is applied once, labels and logs apply none.

The server used to describe, and so apply, every legal move of the seat on every
request, and to apply a typed move three times. These tests count the calls of each
title's own ``apply`` (a profile hook sees every call, whoever makes it: the match
driver, ``describe`` or a label) while a seat's requests are served: reading a move,
playing it, and building the seat's answer (view, labelled moves, log). The answer
also says whether an undo would be granted, which tries the moves since the seat's
own in a few worlds the seat cannot tell apart: those calls are counted apart, bounded,
and made once per move.
"""

from __future__ import annotations

import importlib
import random
import sys
from types import FrameType, TracebackType
from typing import Any

import pytest

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.match import UNDO_WORLDS, reveals
from zombie_rules.web.store import Store
from zombie_rules.web.table import Table

TITLES = sorted(GAMES)
#: The undo check's code: the title's ``apply`` calls made inside it are imagined.
REVEALS = reveals.__code__


class AppliedCount:
    """Counts the calls of a title's ``apply`` made in this thread while it is open.

    ``calls`` are those of the game itself; ``imagined`` those made inside the undo
    check (:func:`~zombie_rules.match.reveals`), in worlds the seat cannot tell from
    the true one, to find out whether its move showed it something.
    """

    def __init__(self, title: str) -> None:
        self.code = importlib.import_module(f"zombie_rules.{title}").apply.__code__
        self.calls = 0
        self.imagined = 0
        self._depth = 0

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if frame.f_code is REVEALS:
            self._depth += {"call": 1, "return": -1}.get(event, 0)
        elif event == "call" and frame.f_code is self.code:
            if self._depth:
                self.imagined += 1
            else:
                self.calls += 1

    def __enter__(self) -> AppliedCount:
        self.previous = sys.getprofile()
        sys.setprofile(self._hook)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        sys.setprofile(self.previous)


def people_table(title: str, seed: int) -> Table:
    game = GAMES[title]
    players = game.players(game.config_type())
    return Store().create(title, {}, ["person"] * players, seed)


@pytest.mark.parametrize("title", TITLES)
def test_a_move_request_applies_the_move_once_and_labels_apply_nothing(title: str) -> None:
    rng = random.Random(1)
    table = people_table(title, seed=3)
    game = GAMES[title]
    widest = imagined = 0
    for _ in range(30):
        if table.match.over:
            break
        seat = next(iter(sorted(a for a in table.match.to_act())))
        choices = table.payload(seat)["moves"]
        widest = max(widest, len(choices))
        pick = rng.randrange(len(choices))
        before = table.match.version
        with AppliedCount(title) as counted:
            table.play(seat, {"index": pick, "version": before})
            answer = table.payload(seat)
        made = table.match.version - before  # the move, then chance until a person acts
        assert counted.calls == made, (title, counted.calls, made)
        # Whether the answer may offer an undo: each move since the seat's own tried in
        # a few imagined worlds, once per move (each world with every chance outcome).
        outcomes = [
            len(game.chance_weights(s)[0]) for s in table.match.states if CHANCE in game.to_act(s)
        ]
        worlds = UNDO_WORLDS * max(outcomes, default=1)
        assert counted.imagined <= made * worlds, (title, counted.imagined, made)
        imagined += counted.imagined
        with AppliedCount(title) as again:
            assert table.payload(seat) == answer
            table.payload(None)
        assert again.calls == again.imagined == 0, "answering again applied moves"
    assert widest >= 3  # positions with a choice of several moves were served
    assert imagined > 0, "no answer asked whether the seat's move could be taken back"


@pytest.mark.parametrize("title", TITLES)
def test_a_typed_move_is_read_without_being_applied(title: str) -> None:
    table = people_table(title, seed=5)
    seat = min(table.match.to_act())
    legal = table.match.legal(seat)
    with AppliedCount(title) as counted:
        move = table._read_move(seat, {"notation": str(legal[-1]), "version": table.match.version})
    assert move == legal[-1]
    assert counted.calls == 0
