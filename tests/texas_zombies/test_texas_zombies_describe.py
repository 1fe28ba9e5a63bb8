"""Texas Zombies' ``describe``: every move told to the mover, another seat and a spectator.

The information rule is checked two ways: exact texts for each kind of move (names for
the seat that may know them, "face down" for the others), and on whole seeded games
that two moves read the same to a seat exactly when they leave it the same view.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict

import pytest

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.errors import IllegalMove, UnknownSeat
from zombie_rules.play import RandomAgent, narrate, play_game
from zombie_rules.testing import check_knowledge
from zombie_rules.texas_zombies import (
    DEFAULT_OBJECTS,
    GAME,
    TEAMS,
    Action,
    Config,
    Move,
    Phase,
    State,
    apply,
    chance_weights,
    describe,
    legal_moves,
    new_game,
    parse_move,
    spread_events,
    to_act,
    view,
)
from zombie_rules.texas_zombies.checks import candidate_moves, without_story

OBJECTS = DEFAULT_OBJECTS
EVENTS = spread_events((10, 10, 10))  # 0-9 show 1, 10-19 show 2, 20-29 show 3


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def tell(state: State, *texts: str) -> list[str]:
    """``describe`` of the next move (``texts[0]``) for every seat and the spectator."""
    move = parse_move(state, texts[0])
    return [describe(state, move, seat) for seat in (*range(state.config.players), None)]


def set_up(config: Config, teams: tuple[int, ...] | None = None) -> State:
    """Objects dealt 0, 1, 2, ... round-robin from seat 0; ``teams[i]`` is seat i's team."""
    n = config.players
    state = play(new_game(config), "chance: back 2")
    for card in range(3 * n):
        state = play(state, f"chance: object {card}")
    teams = teams if teams is not None else tuple(i % 2 for i in range(n))
    if n % 2:
        bigger = 0 if teams.count(0) > teams.count(1) else 1
        state = play(state, f"chance: split {('beta', 'darwin')[bigger]}")
    for team in teams:
        state = play(state, f"chance: team {('beta', 'darwin')[team]}")
    assert state.phase is Phase.DRAW_EVENT
    return state


def turn(state: State, won: bool, speechless: bool = False) -> State:
    """One whole turn with the first possible chance outcomes; all vote Yes if ``won``."""
    while CHANCE in to_act(state):
        state = apply(state, chance_weights(state)[0][0])
    if speechless:
        state = play(state, "speechless")
    else:
        state = apply(state, legal_moves(state)[0])
        for seat in sorted(to_act(state)):
            state = play(state, f"{seat}: vote {'yes' if won else 'no'}")
    while state.phase is Phase.DRAW_OBJECT:
        state = apply(state, chance_weights(state)[0][0])
    return state


# ---------------------------------------------------------------- set-up


def test_the_event_pile_and_its_top_back_are_public() -> None:
    """A: the Event cards go "face down in a pile"; "the remaining cards are returned
    to the box, face down" - only the back of the top card shows."""
    state = new_game(Config())
    texts = tell(state, "chance: back 2")
    assert set(texts) == {
        "The Event pile is laid out face down (12 cards; the other 18 Events go back to the"
        " box unseen); the back of its top card shows 2."
    }
    one_left = new_game(Config(players=3, events=EVENTS[:10]))
    assert describe(one_left, Move(CHANCE, Action.BACK, (1,)), 0) == (
        "The Event pile is laid out face down (9 cards; the other 1 Event goes back to the"
        " box unseen); the back of its top card shows 1."
    )
    full = new_game(Config(players=6, events_per_player=5))
    assert describe(full, Move(CHANCE, Action.BACK, (3,)), None) == (
        "The Event pile is laid out face down (30 cards); the back of its top card shows 3."
    )


def test_an_object_deal_is_named_to_its_owner_only() -> None:
    """B: "deal 3 to each player": a dealt card is seen by its owner alone."""
    state = play(new_game(Config()), "chance: back 2", "chance: object 0")
    mover, other, spectator = 1, 2, None
    move = Move(CHANCE, Action.OBJECT, (3,))
    assert describe(state, move, mover) == "You are dealt an Object card: cat."
    assert describe(state, move, other) == "Seat 1 is dealt an Object card face down."
    assert describe(state, move, spectator) == "Seat 1 is dealt an Object card face down."
    # Every other card reads the same to those who do not get it.
    for card in range(1, 50):
        alternative = Move(CHANCE, Action.OBJECT, (card,))
        assert describe(state, alternative, other) == describe(state, move, other)


def test_the_last_object_deal_says_the_hands_are_full() -> None:
    state = play(new_game(Config()), "chance: back 2")
    for card in range(11):
        state = play(state, f"chance: object {card}")
    assert describe(state, Move(CHANCE, Action.OBJECT, (11,)), 0) == (
        "Seat 3 is dealt an Object card face down.\n"
        "Every player holds 3 Objects; the other 38 Objects form the draw pile."
    )


def test_the_secret_split_reads_the_same_either_way() -> None:
    """C: "In case of an odd number of players, one of the two teams will have one more
    member than the other" - which one stays secret (docs/rulings/texas_zombies.md)."""
    state = new_game(Config(players=3))
    state = play(state, "chance: back 1", *(f"chance: object {c}" for c in range(9)))
    assert state.phase is Phase.SPLIT
    for seat in (0, 1, 2, None):
        beta, darwin = (describe(state, m, seat) for m in legal_moves(state))
        assert (
            beta
            == darwin
            == (
                "The 3 Team cards are taken out face down: one team has 2 members and the other"
                " 1, and nobody is told which."
            )
        )


def test_a_public_split_names_the_team_sizes() -> None:
    state = new_game(Config(players=5, split_public=True))
    state = play(state, "chance: back 1", *(f"chance: object {c}" for c in range(15)))
    move = Move(CHANCE, Action.SPLIT, (1,))
    assert describe(state, move, None) == (
        "The 5 Team cards are taken out: 2 Beta Lambda and 3 Darwin & Dragons."
    )


def test_a_team_card_is_named_to_its_owner_only() -> None:
    """C: "Randomly deal to each player a Team card, face down. The players must not
    reveal their team before the end of the game." D: the first player starts."""
    state = play(new_game(Config()), "chance: back 2", *(f"chance: object {c}" for c in range(12)))
    state = play(state, "chance: team beta")
    beta, darwin = Move(CHANCE, Action.TEAM, (0,)), Move(CHANCE, Action.TEAM, (1,))
    assert describe(state, beta, 1) == "You are dealt a Team card: Beta Lambda."
    assert describe(state, darwin, 1) == "You are dealt a Team card: Darwin & Dragons."
    for seat in (0, 2, 3, None):
        assert describe(state, beta, seat) == "Seat 1 is dealt a Team card face down."
        assert describe(state, darwin, seat) == describe(state, beta, seat)
    state = play(state, "chance: team darwin", "chance: team beta")
    last = Move(CHANCE, Action.TEAM, (1,))
    assert describe(state, last, 3) == (
        "You are dealt a Team card: Darwin & Dragons.\nSeat 0 is the first player."
    )
    assert describe(state, last, 0) == (
        "Seat 3 is dealt a Team card face down.\nYou are the first player."
    )


# ------------------------------------------------------------------ a turn


def test_an_event_and_the_next_back_are_public() -> None:
    """E: the active player "draws the first Event card ... reads it to the other
    players and places it, face up". F: "The number of cards he MUST use is shown on
    the back of the next Event card of the pile"."""
    state = set_up(Config())
    mover, _, other, _, spectator = tell(state, "chance: event 12")
    assert mover == (
        'You draw the Event "Your car will not start in the drive-in" and read it out'
        " (11 Events left in the pile)."
    )
    assert (
        other
        == spectator
        == (
            'Seat 0 draws the Event "Your car will not start in the drive-in" and reads it out'
            " (11 Events left in the pile)."
        )
    )
    state = play(state, "chance: event 12")
    back = Move(CHANCE, Action.BACK, (1,))
    assert describe(state, back, 0) == (
        "The back of the next Event shows 1: your story must use 1 Object."
    )
    assert describe(state, back, 2) == (
        "The back of the next Event shows 1: Seat 0's story must use 1 Object."
    )


def test_the_last_event_demands_all_three_objects() -> None:
    """L: "When the last Event card of the pile is drawn, the active player must use all
    three of his Object cards to complete this last game turn."""
    state = set_up(Config(players=3, events_per_player=1))
    state = turn(turn(state, won=True), won=False)
    last = chance_weights(state)[0][0]
    name = EVENTS[last.args[0]][0]
    assert describe(state, last, 2) == (
        f'You draw the last Event, "{name}", and read it out: your story must use all 3'
        " Objects (rule L)."
    )
    assert describe(state, last, None) == (
        f'Seat 2 draws the last Event, "{name}", and reads it out: the story must use all 3'
        " Objects (rule L)."
    )


def test_a_tell_names_its_objects_and_its_story() -> None:
    """F: the story uses the required number of Objects from the hand; they are laid
    down face up. G: "the other players will vote"."""
    state = play(set_up(Config()), "chance: event 12", "chance: back 2")
    # Seat 0 holds 0 cucumber, 4 chopsticks, 8 metal coat hanger.
    texts = tell(state, 'tell 8 cucumber "I speared them,\\nthen \\"ran\\"."')
    used = "cucumber and metal coat hanger (they are discarded whatever the vote, rules I-J)"
    assert texts[0] == (
        f'You tell a story using {used}: "I speared them,\\nthen'
        ' \\"ran\\".".\nSeats 1, 2 and 3 now vote, each in secret (rule H).'
    )
    assert texts[1] == (
        f'Seat 0 tells a story using {used}: "I speared them,\\nthen'
        ' \\"ran\\".".\nSeats 1 (you), 2 and 3 now vote, each in secret (rule H).'
    )
    assert texts[4] == texts[1].replace(" (you)", "")
    assert describe(state, Move(0, Action.TELL, (0, 8)), 2) == (
        f"Seat 0 tells a story using {used}.\n"
        "Seats 1, 2 (you) and 3 now vote, each in secret (rule H)."
    )


def test_a_tells_label_says_its_objects_go_and_on_the_last_turn_that_the_game_ends() -> None:
    """I: "The Object cards he used are discarded and he draws ..."; J: "The Object cards
    used are discarded as well": the label says so before the choice, whatever the vote.
    L: "to complete this last game turn. Then the game is over." The last story's label
    says the game ends; an earlier one's does not."""
    state = play(set_up(Config()), "chance: event 12", "chance: back 1")
    assert GAME.label(state, Move(0, Action.TELL, (4,)), 0) == (
        "You tell a story using chopsticks (it is discarded whatever the vote, rules I-J)."
    )
    last = set_up(Config(players=3, events_per_player=1))
    last = turn(turn(last, won=True), won=False)
    last = apply(last, chance_weights(last)[0][0])  # the last Event: all three Objects
    (tell_all,) = [m for m in legal_moves(last) if m.action is Action.TELL]
    assert GAME.label(last, tell_all, 2).endswith(
        "(they are discarded whatever the vote, rules I-J; the last story: the game ends"
        " after the vote, rule L)."
    )
    assert "game ends" not in GAME.label(state, legal_moves(state)[0], 0)


def test_a_speechless_label_on_the_last_turn_says_the_game_ends() -> None:
    """G, note: "his challenge is automatically considered as failed"; L: "Then the game is
    over." On the last Event, being speechless ends the game at once."""
    last = set_up(Config(players=3, events_per_player=1))
    last = turn(turn(last, won=True), won=False)
    last = apply(last, chance_weights(last)[0][0])
    speechless = Move(2, Action.SPEECHLESS)
    assert GAME.label(last, speechless, 2) == (
        "You are speechless: the challenge fails without a vote (rule G), and the game ends"
        " with this last Event (rule L)."
    )
    assert describe(last, speechless, None).splitlines()[0] == (
        "Seat 2 is speechless: the challenge fails without a vote (rule G), and the game ends"
        " with this last Event (rule L)."
    )


def test_a_speechless_player_fails_without_a_vote() -> None:
    """G, note: "If the active player is so astounded that he cannot utter a word to
    share his experience, his challenge is automatically considered as failed."""
    state = play(set_up(Config()), "chance: event 12", "chance: back 2")
    mover, other, _, _, spectator = tell(state, "speechless")
    assert mover == (
        "You are speechless: the challenge fails without a vote (rule G).\n"
        'The Event "Your car will not start in the drive-in" is discarded.\n'
        "Seat 1's turn begins."
    )
    assert other == (
        "Seat 0 is speechless: the challenge fails without a vote (rule G).\n"
        'The Event "Your car will not start in the drive-in" is discarded.\n'
        "Your turn begins."
    )
    assert spectator == mover.replace("You are", "Seat 0 is")


def test_votes_are_secret_until_the_last_is_in() -> None:
    """H: "on the count of three, they all at once cast their vote": until every vote
    is in, the others know only who has voted."""
    state = play(set_up(Config()), "chance: event 12", "chance: back 2", "tell 0 4")
    yes, no = Move(2, Action.VOTE, (1,)), Move(2, Action.VOTE, (0,))
    assert describe(state, yes, 2) == "You vote Yes."
    assert describe(state, no, 2) == "You vote No."
    for seat in (0, 1, 3, None):
        assert describe(state, yes, seat) == describe(state, no, seat) == "Seat 2 votes."


def test_the_last_vote_of_the_last_turn_says_the_game_ends() -> None:
    """H: "they all at once cast their vote"; L: "Then the game is over." The label of the
    vote that completes the last turn's count says the game ends (who has voted is public);
    an earlier vote of that turn, and the last vote of an earlier turn, say nothing more."""
    state, last = finish(Config(players=3, events_per_player=1), (0, 1, 0), [True, True, True])
    ending_vote = ": the last vote of the last turn, so the game ends once it is counted (rule L)."
    assert GAME.label(state, last, last.seat) == f"You vote Yes{ending_vote}"
    others = [s for s in range(3) if s != last.seat]
    assert GAME.label(state, last, others[0]) == f"Seat {last.seat} votes{ending_vote}"
    earlier = play(set_up(Config()), "chance: event 12", "chance: back 2", "tell 0 4")
    assert GAME.label(earlier, Move(2, Action.VOTE, (1,)), 2) == "You vote Yes."
    earlier = play(earlier, "1: vote yes", "3: vote no")
    assert GAME.label(earlier, Move(2, Action.VOTE, (1,)), 2) == "You vote Yes."


def test_the_last_vote_reveals_every_vote_and_the_outcome() -> None:
    """I: "If at least half of the votes are a Yes, then the active player has
    successfully passed the test and earns the Event card as a reward. The Object cards
    he used are discarded and he draws ... as many new Object cards as necessary to
    have 3 in hand." J: "If more than half of the votes are a No, the challenge is
    failed and the Event card is discarded."""
    state = play(set_up(Config()), "chance: event 12", "chance: back 2", "tell 0 4")
    state = play(state, "1: vote yes", "3: vote no")
    won = Move(2, Action.VOTE, (1,))
    assert describe(state, won, 2) == (
        "You vote Yes.\n"
        "All votes are in: 2 Yes, 1 No (Seat 1 Yes, Seat 2 (you) Yes, Seat 3 No).\n"
        'At least half are Yes: Seat 0 wins the Event "Your car will not start in the'
        ' drive-in" (rule I) and now has 1 Event.\n'
        "Seat 0 discards the Objects used: cucumber and chopsticks.\n"
        "Seat 0 draws 2 new Objects to hold 3 again."
    )
    assert describe(state, won, 0) == (
        "Seat 2 votes.\n"
        "All votes are in: 2 Yes, 1 No (Seat 1 Yes, Seat 2 Yes, Seat 3 No).\n"
        'At least half are Yes: you win the Event "Your car will not start in the'
        ' drive-in" (rule I) and now have 1 Event.\n'
        "You discard the Objects used: cucumber and chopsticks.\n"
        "You draw 2 new Objects to hold 3 again."
    )
    lost = describe(state, Move(2, Action.VOTE, (0,)), None)
    assert lost.splitlines()[1:3] == [
        "All votes are in: 1 Yes, 2 No (Seat 1 Yes, Seat 2 No, Seat 3 No).",
        'More than half are No: the Event "Your car will not start in the drive-in" is'
        " discarded (rule J).",
    ]


def test_an_object_draw_is_named_to_the_drawer_only() -> None:
    """I/J: the active player "draws from the draw pile as many new Object cards as
    necessary to have 3 in hand"."""
    state = play(set_up(Config()), "chance: event 12", "chance: back 1", "tell 0")
    state = play(state, "1: vote yes", "2: vote yes", "3: vote yes")
    draw = Move(CHANCE, Action.OBJECT, (40,))
    assert describe(state, draw, 0) == "You draw an Object: megaphone.\nSeat 1's turn begins."
    assert describe(state, draw, 1) == (
        "Seat 0 draws an Object from the draw pile.\nYour turn begins."
    )
    assert describe(state, draw, None) == (
        "Seat 0 draws an Object from the draw pile.\nSeat 1's turn begins."
    )
    other = Move(CHANCE, Action.OBJECT, (41,))
    assert describe(state, other, 1) == describe(state, draw, 1)


def test_a_reshuffle_of_the_object_discards_is_told() -> None:
    """Ruling (rulebook silent): an empty Object draw pile is refilled from the
    shuffled discards."""
    state = play(set_up(Config(objects=OBJECTS[:12])), "chance: event 12", "chance: back 3")
    state = play(state, "tell 0 4 8", "1: vote no", "2: vote no")
    text = describe(state, Move(3, Action.VOTE, (0,)), None)
    assert text.splitlines()[3:] == [
        "Seat 0 discards the Objects used: cucumber, chopsticks and metal coat hanger.",
        "The Object draw pile is empty: the discards are shuffled into a new draw pile"
        " (see docs/rulings/texas_zombies.md).",
        "Seat 0 draws 3 new Objects to hold 3 again.",
    ]


# ------------------------------------------------------------------ the end


def finish(config: Config, teams: tuple[int, ...], wins: list[bool]) -> tuple[State, Move]:
    """A game one move from its end: turn ``i`` is won iff ``wins[i]``; the last move
    is the last vote (Yes iff ``wins[-1]``)."""
    state = set_up(config, teams)
    for won in wins[:-1]:
        state = turn(state, won)
    while CHANCE in to_act(state):
        state = apply(state, chance_weights(state)[0][0])
    state = apply(state, legal_moves(state)[0])
    voters = sorted(to_act(state))
    for seat in voters[:-1]:
        state = play(state, f"{seat}: vote {'yes' if wins[-1] else 'no'}")
    return state, Move(voters[-1], Action.VOTE, (1 if wins[-1] else 0,))


def ending(text: str) -> list[str]:
    lines = text.splitlines()
    return lines[lines.index("That was the last Event: the game is over (rule L).") :]


def test_an_even_table_reveals_the_teams_and_sums_every_member() -> None:
    """L: "Then the game is over." M: "All players reveal their team." N: "Each team sums
    up the number of Event cards obtained by its members. The team with the most Event
    cards wins the game."""
    state, last = finish(Config(events_per_player=1), (0, 1, 0, 1), [True, True, True, False])
    assert ending(describe(state, last, 1)) == [
        "That was the last Event: the game is over (rule L).",
        "The Team cards are turned face up (rule M): Seat 0 Beta Lambda, Seat 1 (you) Darwin"
        " & Dragons, Seat 2 Beta Lambda, Seat 3 Darwin & Dragons.",
        "Beta Lambda (Seats 0 and 2): 1 + 1 = 2 Events (rule N).",
        "Darwin & Dragons (Seats 1 (you) and 3): 1 + 0 = 1 Event (rule N).",
        "Beta Lambda has the most Events (rule N): Seats 0 and 2 win.",
    ]


def test_an_odd_table_counts_the_most_and_the_fewest() -> None:
    """O: "If the number of players is odd, only sum up for each team the number of
    Event cards won by the player having the most and by the one having the less."""
    # Seats 0, 2, 4 are Beta Lambda; over two rounds seat 0 wins 2, seat 2 wins 1, seat 4 0.
    wins = [True, False, True, False, False] + [True, True, False, False, False]
    state, last = finish(Config(players=5, events_per_player=2), (0, 1, 0, 1, 0), wins)
    assert ending(describe(state, last, None))[2:] == [
        "Beta Lambda (Seats 0, 2 and 4): only the most and the fewest count (rule O): Seat"
        " 0's 2 + Seat 4's 0 = 2 Events; Seat 2's 1 does not count.",
        "Darwin & Dragons (Seats 1 and 3): the most and the fewest, here both, count"
        " (rule O): 1 + 0 = 1 Event.",
        "Beta Lambda has the most Events (rule N): Seats 0, 2 and 4 win.",
    ]


def test_a_lone_member_counts_double_and_a_tie_makes_everyone_win() -> None:
    """P: "In a 3-player game, one team has a single member. In this case, his grand
    total is twice the number of Event cards he won." Q: "If the two teams are tied,
    then all players win as they have proved that they are real survivors!"""
    state, last = finish(Config(players=3, events_per_player=1), (0, 1, 0), [False, True, True])
    assert ending(describe(state, last, 1))[2:] == [
        "Beta Lambda (Seats 0 and 2): the most and the fewest, here both, count (rule O):"
        " 0 + 1 = 1 Event.",
        "Darwin & Dragons (Seat 1 (you)), a team of one: twice 1 is 2 Events (rule P).",
        "Darwin & Dragons has the most Events (rule N): Seat 1 (you) wins.",
    ]
    state, last = finish(Config(players=4, events_per_player=1), (0, 1, 0, 1), [True] * 4)
    assert ending(describe(state, last, 0))[-1] == (
        "The teams are tied at 2 Events: everyone wins (rule Q)."
    )


# ------------------------------------------------------- the information rule


def walk(config: Config, seed: int, stories: bool = True) -> list[tuple[State, Move]]:
    """A seeded random game as (state, move) pairs; some tells carry a story."""
    rng = random.Random(seed)
    state = new_game(config)
    steps = []
    while legal := legal_moves(state):
        if CHANCE in to_act(state):
            moves, weights = chance_weights(state)
            move = rng.choices(moves, weights)[0]
        else:
            move = rng.choice(legal)
            if stories and move.action is Action.TELL and rng.random() < 0.5:
                move = Move(move.seat, move.action, move.args, f"story {rng.random()}")
        steps.append((state, move))
        state = apply(state, move)
    return steps


@pytest.mark.parametrize(
    ("players", "split_public", "seed"), [(3, False, 1), (4, False, 2), (5, True, 3)]
)
def test_two_moves_read_the_same_exactly_when_they_leave_the_same_view(
    players: int, split_public: bool, seed: int
) -> None:
    """For every seat and every state of a game, the legal moves (chance outcomes
    included) that a seat is told identically leave it identical views, and moves that
    leave it identical views are told identically: the account says neither more nor
    less than the seat may know."""
    config = Config(players=players, split_public=split_public, events_per_player=2)
    for state, _ in walk(config, seed):
        legal = legal_moves(state)
        for seat in (*range(players), None):
            views_by_text = defaultdict(set)
            texts_by_view = defaultdict(set)
            for move in legal:
                text = describe(state, move, seat)
                seen = view(apply(state, move), seat)
                views_by_text[text].add(seen)
                texts_by_view[seen].add(text)
            vague = [t for t, vs in views_by_text.items() if len(vs) > 1]
            telling = [ts for ts in texts_by_view.values() if len(ts) > 1]
            assert not vague, f"seat {seat}: one text, different views: {vague[0]!r}"
            assert not telling, f"seat {seat}: same view, different texts: {telling[0]}"


def test_secrets_are_never_named_to_those_who_may_not_know_them() -> None:
    """Hands, Team cards before the end (C, M), unrevealed votes (H) and the faces of
    undrawn Events (A) never appear in another seat's or a spectator's account."""
    events = tuple((f"Event{i:02d}", back) for i, (_, back) in enumerate(EVENTS))
    objects = tuple(f"Object{i:02d}" for i in range(50))
    for players in (3, 4, 6):
        config = Config(players=players, events=events, objects=objects)
        for state, move in walk(config, seed=players):
            after = apply(state, move)
            drawn = {e for w in after.won for e in w} | set(after.event_discard)
            drawn |= {r.event for r in after.history} | {after.current_event}
            public = set(after.object_discard) | set(after.told) | set(state.told)
            public |= {o for r in after.history for o in r.used}
            for seat in (*range(players), None):
                text = describe(state, move, seat)
                own = set() if seat is None else set(state.hands[seat]) | set(after.hands[seat])
                named = {int(n) for n in re.findall(r"Object(\d\d)", text)}
                assert named <= own | public, f"{move} told to {seat}: {text}"
                assert {int(n) for n in re.findall(r"Event(\d\d)", text)} <= drawn
                if after.phase is not Phase.OVER:
                    teams = [t.value for t in TEAMS if t.value in text]
                    may = move.action is Action.SPLIT and config.split_public
                    may |= move.action is Action.TEAM and seat == state.turn
                    assert not teams or may, f"{move} told to {seat}: {text}"
                if after.phase is Phase.VOTE and move.action is Action.VOTE and seat != move.seat:
                    assert text == f"Seat {move.seat} votes."


def test_every_account_is_plain_text_with_card_names() -> None:
    """No bare ids: every Object and Event in an account is named, and no line is
    empty or the move's notation."""
    for state, move in walk(Config(players=4), seed=9):
        for seat in (0, None):
            text = describe(state, move, seat)
            assert text and all(line.strip() for line in text.split("\n"))
            assert str(move) not in text
            assert not re.search(r"\b(event|object) \d", text, re.IGNORECASE)


def test_describe_is_pure_and_refuses_what_apply_refuses() -> None:
    """describe raises IllegalMove for every move that is not legal, and never changes
    the state it is given."""
    steps = walk(Config(players=5), seed=4)
    for state, _ in steps[::7]:
        legal = set(legal_moves(state))
        before = (state, hash(state))
        for move in candidate_moves(state):
            if without_story(move) in legal:
                assert describe(state, move, None) == describe(state, move, None)
            else:
                with pytest.raises(IllegalMove):
                    describe(state, move, 0)
        assert (state, hash(state)) == before
    final = apply(*steps[-1])
    with pytest.raises(IllegalMove, match="game is over"):
        describe(final, Move(0, Action.SPEECHLESS), 0)


@pytest.mark.parametrize("seat", [-1, 4, 99, True, 1.0, "0"])
def test_describe_refuses_a_seat_not_at_the_table(seat: object) -> None:
    state = new_game(Config())
    with pytest.raises(UnknownSeat):
        describe(state, Move(CHANCE, Action.BACK, (1,)), seat)  # type: ignore[arg-type]


def test_a_recorded_game_narrates_for_each_seat() -> None:
    """The play helper's narration uses describe: each seat hears its own cards named
    and everyone else's dealt face down."""
    record = play_game(GAME, Config(players=3), [RandomAgent()] * 3, seed=5)
    for seat in (0, 1, 2):
        lines = "\n".join(narrate(record, seat)).splitlines()
        assert sum(line.startswith("You are dealt a Team card: ") for line in lines) == 1
        assert sum(line.startswith("You are dealt an Object card: ") for line in lines) == 3
        assert sum(line.endswith("is dealt a Team card face down.") for line in lines) == 2
    spectator = "\n".join(narrate(record, None))
    assert "You " not in spectator and "(you)" not in spectator


@pytest.mark.parametrize(
    ("players", "split_public", "seed"),
    [(3, False, 7), (4, False, 8), (5, False, 9), (6, True, 10)],
)
def test_the_kits_knowledge_check_passes(players: int, split_public: bool, seed: int) -> None:
    """The generic check: for moves a seat was told identically, replaying the rest of
    the game keeps its views and its legal moves equal while its accounts agree."""
    config = Config(players=players, split_public=split_public)
    moves = [move for _, move in walk(config, seed)]
    branches = check_knowledge(GAME, config, moves, rng=random.Random(seed), steps=40)
    assert branches > 0
