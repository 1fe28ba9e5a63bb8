"""What a web request costs in rule calls: a move is applied once, labels and logs apply none.

The server used to describe, and so apply, every legal move of the seat on every
request, and to apply a typed move three times. These tests count the calls of each
title's own ``apply`` (a profile hook sees every call, whoever makes it: the match
driver, ``describe`` or a label) while a seat's requests are served: reading a move,
playing it, and building the seat's answer (view, labelled moves, log).
"""

from __future__ import annotations

import importlib
import random
import sys
from types import FrameType, TracebackType
from typing import Any

import pytest

from zombie_rules import GAMES
from zombie_rules.web.store import Store
from zombie_rules.web.table import Table

TITLES = sorted(GAMES)


class AppliedCount:
    """Counts the calls of a title's ``apply`` made in this thread while it is open."""

    def __init__(self, title: str) -> None:
        self.code = importlib.import_module(f"zombie_rules.{title}").apply.__code__
        self.calls = 0

    def _hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is self.code:
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
    widest = 0
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
        with AppliedCount(title) as again:
            assert table.payload(seat) == answer
            table.payload(None)
        assert again.calls == 0, "answering again applied moves"
    assert widest >= 3  # positions with a choice of several moves were served


@pytest.mark.parametrize("title", TITLES)
def test_a_typed_move_is_read_without_being_applied(title: str) -> None:
    table = people_table(title, seed=5)
    seat = min(table.match.to_act())
    legal = table.match.legal(seat)
    with AppliedCount(title) as counted:
        move = table._read_move(seat, {"notation": str(legal[-1]), "version": table.match.version})
    assert move == legal[-1]
    assert counted.calls == 0
