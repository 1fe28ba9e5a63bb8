"""Quarantine Z's board: a click on a location, a card, a zombie or a Survivor plays a move.

Seeded games are played out with random legal moves; at every position each seat to
act gets its board as the web sends it (:func:`~zombie_rules.core.board.with_moves`).
Every legal move of the kinds the board draws must be found on some element, so a
person can make it by a click; the acts may name only what the seat's view shows, and
the board is the same in states the seat cannot tell apart. Claims, objections and
proposals appear on the board, drawn from the view.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from zombie_rules import GAMES
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.board import with_moves
from zombie_rules.match import Choice
from zombie_rules.quarantine_z.state import Phase, State
from zombie_rules.quarantine_z.views import ClaimedCard, ClaimView, View

GAME = GAMES["quarantine_z"]
SEEDS = range(5)
STEPS = 500
#: The moves no element stands for: they end a step, so they stay in the menu.
MENU_ONLY = frozenset({"ready", "leave", "done"})
#: What each number of an act names, by the act's keyword (the notation's letters:
#: L location, S seat, I item, C Zombie card, Z zombie number).
ARGUMENTS = {
    "propose": "L", "use": "I", "equip": "I", "stash": "I", "feed": "I", "give": "SI",
    "snatch": "SI", "steal": "S", "ambush": "S", "target-survivor": "S", "bite": "S",
    "target-zombie": "Z", "claim": "I", "claim-use": "I", "play": "C", "hide": "C",
    "event": "C", "mutate": "CZ", "discard": "C",
}  # fmt: skip
#: Acts made of words only (no number to check against the view).
WORDS_ONLY = frozenset(
    {"choose supply", "choose munition", "draw", "burn", "claim-hidden", "allow", "object",
     "withdraw", "concede", "commit fight", "commit shoot", "commit escape", "commit pass"}
)  # fmt: skip


def elements(board: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every element of a board that may carry acts or moves."""
    for holder in board["players"] + board["places"]:
        yield holder
        for g in holder.get("groups", []):
            yield from g["cards"]
    for p in board["piles"]:
        yield p
        if p.get("top") is not None:
            yield p["top"]


def positions() -> Iterator[tuple[State, int]]:
    """(state, seat to act) along seeded games of random legal moves."""
    config = GAME.default_config()
    for seed in SEEDS:
        rng = random.Random(seed)
        state = GAME.new_game(config)
        for _ in range(STEPS):
            if GAME.result(state) is not None:
                break
            actors = GAME.to_act(state)
            if CHANCE in actors:
                outcomes, weights = GAME.chance_weights(state)
                move = rng.choices(outcomes, weights)[0]
            else:
                for seat in sorted(actors):
                    yield state, seat
                move = rng.choice(GAME.legal_moves(state))
            state = GAME.apply(state, move)


_POSITIONS: list[tuple[State, int]] = []


@pytest.fixture(scope="module")
def seen() -> list[tuple[State, int]]:
    if not _POSITIONS:
        _POSITIONS.extend(positions())
    return _POSITIONS


def sent_board(state: State, seat: int) -> tuple[dict[str, Any], list[Choice[Any]]]:
    """The board as the web sends it to ``seat``, and the seat's choices."""
    mine = [m for m in GAME.legal_moves(state) if m.seat == seat]
    choices = [Choice(i, m, str(m), str(m)) for i, m in enumerate(mine)]
    return with_moves(GAME.board(GAME.view(state, seat)), choices), choices


def test_every_legal_move_the_board_draws_is_one_click_away(
    seen: list[tuple[State, int]],
) -> None:
    clicked: dict[str, int] = {}
    for state, seat in seen:
        board, choices = sent_board(state, seat)
        on_board = {m["index"] for e in elements(board) for m in e.get("moves", [])}
        for choice in choices:
            keyword = choice.notation.partition(": ")[2].split()[0]
            if keyword in MENU_ONLY:
                assert choice.index not in on_board, choice.notation
                continue
            assert choice.index in on_board, (state.phase, choice.notation)
            clicked[keyword] = clicked.get(keyword, 0) + 1
    # The games reached every kind of move the brief lists for the board.
    assert {
        "propose", "use", "equip", "give", "steal", "snatch", "ambush", "claim", "claim-hidden",
        "stash", "feed", "commit", "target-zombie", "target-survivor", "play", "hide", "mutate",
        "bite", "choose", "allow", "object",
    } <= set(clicked), sorted(clicked)  # fmt: skip


def test_an_element_offers_only_its_seats_legal_moves(seen: list[tuple[State, int]]) -> None:
    for state, seat in seen[::7]:
        board, choices = sent_board(state, seat)
        legal = {c.index: c.label for c in choices}
        for e in elements(board):
            assert "acts" not in e
            for m in e.get("moves", []):
                assert legal[m["index"]] == m["label"]


def _known_numbers(view: View) -> dict[str, set[int]]:
    """The numbers of each kind that the seat's view shows."""
    items: set[int] = set()
    for sv in view.survivors:
        items |= set(sv.known) | set(sv.equipment)
    for loc in view.area:
        items |= set(loc.known)
    return {
        "L": set(range(len(view.area))),
        "S": set(range(len(view.survivors))),
        "I": items,
        "C": set(view.zombie_hand),
        "Z": {z.number for loc in view.area for z in loc.zombies},
    }


def test_no_act_names_what_the_seats_view_does_not_show(seen: list[tuple[State, int]]) -> None:
    for state, seat in seen[::3]:
        view = GAME.view(state, seat)
        known = _known_numbers(view)
        for e in elements(GAME.board(view)):
            for act in e.get("acts", []):
                if act in WORDS_ONLY:
                    continue
                keyword, *numbers = act.split()
                letters = ARGUMENTS[keyword]
                assert len(numbers) <= len(letters), act
                for letter, number in zip(letters, numbers, strict=False):
                    assert int(number) in known[letter], (act, letter, state.phase)


def test_the_board_is_the_same_in_states_the_seat_cannot_tell_apart(
    seen: list[tuple[State, int]],
) -> None:
    rng = random.Random(3)
    for state, seat in seen[::11]:
        variant = GAME.hidden_variant(state, seat, rng)
        assert GAME.view(variant, seat) == GAME.view(state, seat)
        assert sent_board(variant, seat)[0] == sent_board(state, seat)[0]


def _place_of(board: dict[str, Any], index: int) -> dict[str, Any]:
    return next(p for p in board["places"] if p["name"].startswith(f"[{index}] "))


def test_proposals_are_drawn_at_the_location_and_on_the_survivor(
    seen: list[tuple[State, int]],
) -> None:
    """ "All the Survivors must decide on a location to travel to."""
    drawn = 0
    for state, seat in seen:
        view = GAME.view(state, seat)
        if state.phase is not Phase.DECIDE or all(p < 0 for p in view.proposals):
            continue
        board = GAME.board(view)
        for s, proposed in enumerate(view.proposals):
            if proposed < 0:
                continue
            place = _place_of(board, proposed)
            tag = next(t for t in place["tags"] if t.startswith("proposed by "))
            assert f"Seat {s}" in tag.removeprefix("proposed by ").split(", "), tag
            survivor = next(p for p in board["players"] if p["seat"] == s)
            assert f"proposes [{proposed}] " in " ".join(survivor["tags"])
            drawn += 1
        unproposed = set(range(len(view.area))) - set(view.proposals)
        for i in unproposed:
            assert not any(t.startswith("proposed by") for t in _place_of(board, i)["tags"])
    assert drawn > 10


def test_a_claim_shows_who_claims_what_and_who_objects(seen: list[tuple[State, int]]) -> None:
    """ "If no other Survivor objects, they get to take the card into their hand." """
    claims = objections = 0
    for state, seat in seen:
        view = GAME.view(state, seat)
        claim = view.step
        if not isinstance(claim, ClaimView):
            continue
        board = GAME.board(view)
        here = _place_of(board, view.here)
        tags = " | ".join(here["tags"])
        assert re.search(rf"Seat {claim.claimant} claims ", tags), tags
        shown = next(g for g in here["groups"] if g["label"] == "Claimed")["cards"][0]
        if claim.card is ClaimedCard.NAMED:
            assert claim.item is not None
            assert shown["name"] == view.config.items[claim.item].name and not shown["hidden"]
        else:
            assert shown["hidden"]  # a card this seat has not seen keeps its face down
        objectors = [s for s in range(len(view.survivors)) if claim.objectors >> s & 1]
        if objectors:
            assert "objected: " + ", ".join(f"Seat {s}" for s in objectors) in tags
            objections += 1
        waiting = ", ".join(
            f"Seat {s}" for s in range(len(view.survivors)) if view.waiting >> s & 1
        )
        if view.phase is Phase.CLAIM:
            assert f"still to answer: {waiting}" in tags
        elif view.phase is Phase.DISPUTE:  # the objectors still standing
            assert f"still objecting: {waiting}" in tags
            objections += 1
        claims += 1
    assert claims > 5 and objections > 0


def test_zombies_carry_their_numbers_on_the_board(seen: list[tuple[State, int]]) -> None:
    marked = 0
    for state, seat in seen[::5]:
        view = GAME.view(state, seat)
        board = GAME.board(view)
        for i, loc in enumerate(view.area):
            place = _place_of(board, i)
            drawn = next((g["cards"] for g in place["groups"] if g["label"] == "Zombies"), [])
            assert [c["mark"] for c in drawn] == [f"zombie {z.number}" for z in loc.zombies]
            marked += len(drawn)
    assert marked > 0


def test_the_combat_offers_its_members_the_four_action_cards(
    seen: list[tuple[State, int]],
) -> None:
    offered = 0
    for state, seat in seen:
        if state.phase is not Phase.COMMIT:
            continue
        board, choices = sent_board(state, seat)
        combat = next(p for p in board["places"] if p["name"] == "Combat")
        cards = [c for g in combat["groups"] for c in g["cards"]]
        commits = [c.notation.partition(": ")[2] for c in choices if " commit " in f" {c.notation}"]
        if not commits:
            assert cards == [] or all(not c["moves"] for c in cards)
            continue
        assert [c["name"] for c in cards] == ["Fight", "Shoot", "Escape", "Pass"]
        found = {choices[m["index"]].notation.partition(": ")[2] for c in cards for m in c["moves"]}
        assert found == set(commits)
        offered += 1
    assert offered > 5
