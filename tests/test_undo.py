"""Undo that cannot reveal: a move is taken back only while nothing since showed anything.

As on Board Game Arena, a move can be taken back until something hidden is revealed:
a card drawn or looked at, a vote counted, another seat's choice. Checked generically
on every title by the kit (``testing.check_undo``), and on the cases players found:
looking at two cards, taking it back and looking at two others; drawing from the Draw
Pile, taking it back and taking the Discard Pile instead; voting last in Texas Zombies,
seeing every vote, and voting again.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from zombie_rules import GAMES
from zombie_rules import match as match_module
from zombie_rules.match import PERSON, CannotUndo, Match, reveals
from zombie_rules.testing import check_undo

TITLES = sorted(GAMES)
AnyMatch = Match[Any, Any, Any, Any]


@pytest.mark.parametrize("name", TITLES)
def test_every_title_undoes_only_what_showed_nothing(name: str) -> None:
    undone = check_undo(GAMES[name], seeds=range(2), steps=120)
    assert undone > 0, "no undo was ever allowed: the check checked nothing"


def test_the_kit_catches_an_undo_that_reveals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(match_module, "reveals", lambda *args: False)
    with pytest.raises(AssertionError, match="differs between worlds"):
        check_undo(GAMES["zombie_run"], seeds=range(2), steps=120)


def _zombie_run(seed: int = 0) -> AnyMatch:
    game = GAMES["zombie_run"]
    players = game.players(game.config_type())
    match: AnyMatch = Match(game, None, [PERSON] + ["heuristic"] * (players - 1), seed)
    match.advance()
    assert match.waiting == 0
    return match


def _unchanged(match: AnyMatch) -> tuple[Any, ...]:
    return (match.version, match.state, match.rng.getstate(), match.log(0))


def test_a_look_at_two_cards_cannot_be_taken_back() -> None:
    # "Each player can look at two, and only two, of the cards in their hand."
    match = _zombie_run(seed=0)
    match.play(match.read(0, "peek 0 3"))
    reason = match.can_undo(0)  # asked at once, before any other seat has looked
    assert reason is not None and reason.startswith("Cannot undo: your move showed you")
    assert "You see the" in reason  # the account the seat was given, nothing more
    kept = _unchanged(match)
    with pytest.raises(CannotUndo) as refused:
        match.undo(0)
    assert str(refused.value) == reason
    assert _unchanged(match) == kept  # so 'peek 1 2' can never follow


def _to_the_draw(match: AnyMatch) -> None:
    """Play seat 0's first choice until it may choose between the two piles."""
    while "0: draw pile" not in map(str, match.legal(0)):
        match.play(match.legal(0)[0])
        match.advance()
        assert match.waiting == 0


def test_a_card_drawn_from_the_draw_pile_cannot_be_put_back() -> None:
    # "On your turn, you take turns either drawing a card from the Draw Pile or the
    # Discard Pile, looking at it, and choosing whether or not to exchange it": the
    # drawn card is seen, so the choice of pile is made.
    match = _zombie_run(seed=0)
    _to_the_draw(match)
    match.play(match.read(0, "draw pile"))
    assert match.can_undo(0) is None  # nothing drawn yet: chance has not moved
    match.advance()
    reason = match.can_undo(0)
    assert reason is not None
    assert reason.startswith("Cannot undo: what followed your move showed you something new")
    assert "You draw the" in reason
    with pytest.raises(CannotUndo):
        match.undo(0)


def test_taking_the_face_up_discard_can_be_taken_back() -> None:
    # "The dealer also places one card face up next to the Draw Pile. This is the
    # 'Discard Pile'": taking it shows nothing new, so the choice may be made again.
    match = _zombie_run(seed=0)
    _to_the_draw(match)
    asked = match.version
    view = match.game.view(match.state, 0)
    match.play(match.read(0, "draw discard"))
    match.advance()
    assert match.can_undo(0) is None
    assert [str(m) for m in match.undo(0)] == ["0: draw discard"]
    assert match.version == asked and match.game.view(match.state, 0) == view
    match.advance()
    match.play(match.read(0, "draw pile"))  # the other pile after all
    assert match.moves[-1].action.value == "draw pile"


def test_a_vote_that_shows_every_vote_cannot_be_taken_back() -> None:
    # "And on the count of three, they all at once cast their vote": once the votes
    # are shown, a voter may not vote again knowing them.
    game = GAMES["texas_zombies"]
    players = game.players(game.config_type())
    rng = random.Random(0)
    for seed in range(20):
        match: AnyMatch = Match(game, None, [PERSON] * players, seed)
        while not match.over:
            match.advance()
            seat = match.waiting
            assert seat is not None
            last_vote = {m.seat for m in match.all_legal()} == {seat} and str(
                match.legal(seat)[0]
            ).endswith("vote yes")
            legal = match.legal(seat)
            match.play(match.read(seat, "vote no") if last_vote else rng.choice(legal))
            if not last_vote:
                continue
            match.advance()
            reason = match.can_undo(seat)
            assert reason is not None and "All votes are in" in reason, reason
            with pytest.raises(CannotUndo):
                match.undo(seat)
            return
    raise AssertionError("no game had a last vote")  # pragma: no cover


def _at_a_vote(seed: int) -> tuple[AnyMatch, int, set[int]]:
    """A Texas Zombies match of people at a vote: the seat awaited, and the other voters."""
    game = GAMES["texas_zombies"]
    players = game.players(game.config_type())
    match: AnyMatch = Match(game, None, [PERSON] * players, seed)
    rng = random.Random(seed)
    while True:
        match.advance()
        awaited = match.waiting
        assert awaited is not None
        voters = {m.seat for m in match.all_legal()} - {awaited}
        if voters and str(match.legal(awaited)[0]).endswith("vote yes"):
            return match, awaited, voters
        match.play(rng.choice(match.legal(awaited)))


def test_a_vote_before_the_others_may_be_taken_back_until_another_votes() -> None:
    match, seat, _ = _at_a_vote(3)
    match.play(match.read(seat, "vote yes"))
    assert match.can_undo(seat) is None  # a secret vote, and nobody has voted since
    match.undo(seat)
    match.advance()
    match.play(match.read(seat, "vote no"))
    match.advance()
    other = match.waiting
    assert other is not None and other != seat
    match.play(match.read(other, "vote yes"))
    reason = match.can_undo(seat)
    assert reason == (
        f"Cannot undo: seat {other} has moved since your last move, and only your own"
        " moves can be taken back."
    )


def test_a_seat_that_moves_while_another_is_awaited_may_take_it_back() -> None:
    """Several seats vote at once ("they all at once cast their vote"): any voter may vote
    while the match waits for another, and that vote is theirs to take back."""
    match, awaited, voters = _at_a_vote(3)
    early = min(voters)
    assert match.can_undo(early) == "Nothing to undo: you have not moved yet."
    match.play(match.read(early, "vote no"))
    assert match.can_undo(early) is None
    assert match.can_undo(awaited) == "Nothing to undo: you have not moved yet."
    assert [str(m) for m in match.undo(early)] == [f"{early}: vote no"]
    match.advance()
    assert match.waiting == awaited  # the same seat is asked again


def test_another_seats_move_always_counts_as_news() -> None:
    game = GAMES["zombie_run"]
    match = _zombie_run(seed=0)
    state = match.state
    theirs = next(m for m in game.legal_moves(state) if m.seat != 0)
    assert reveals(game, state, theirs, game.apply(state, theirs), 0)
    mine = next(m for m in game.legal_moves(state) if m.seat == 0)
    assert reveals(game, state, mine, game.apply(state, mine), 0)  # a look at two cards


def test_the_verdict_reads_only_what_the_seat_knew_and_saw() -> None:
    # Two states the seat cannot tell apart (its unseen cards dealt again), the same
    # look at two cards, the same cards seen: the same verdict, from the same worlds.
    game = GAMES["zombie_run"]
    match = _zombie_run(seed=0)
    state = match.state
    mine = next(m for m in game.legal_moves(state) if m.seat == 0)
    after = game.apply(state, mine)
    worlds = [game.hidden_variant(state, 0, random.Random(k)) for k in range(600)]
    twins = [w for w in worlds if game.view(game.apply(w, mine), 0) == game.view(after, 0)]
    assert twins and any(w != state for w in twins)
    verdicts = {reveals(game, w, mine, game.apply(w, mine), 0, seed=5) for w in twins}
    assert verdicts == {reveals(game, state, mine, after, 0, seed=5)}


def test_a_verdict_is_worked_out_once_per_move(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _zombie_run(seed=0)
    calls = []
    inner = match_module.reveals

    def counted(*args: Any) -> bool:
        calls.append(args[2])
        return inner(*args)

    monkeypatch.setattr(match_module, "reveals", counted)
    match.play(match.read(0, "peek 0 3"))
    for _ in range(3):
        assert match.can_undo(0) is not None
    assert len(calls) == 1
