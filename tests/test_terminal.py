"""The terminal front end, in process: guides, completion, seating, undo, records, hot seat.

A scripted player reads the transcript (input that is not a terminal is echoed, so
the output reads like the screen) and types what a person would. The same front end
driven through a real pseudo-terminal is in ``test_terminal_pty.py``.
"""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, cast

import attrs
import pytest

from zombie_rules import GAMES, cli
from zombie_rules.core.actors import CHANCE
from zombie_rules.core.game import Game
from zombie_rules.core.presentation import find_cards, normal
from zombie_rules.play import RandomAgent, Record, narrate, play_game, replay
from zombie_rules.serialize import from_json, to_json
from zombie_rules.terminal.completion import Completer, next_words
from zombie_rules.terminal.replay import steps
from zombie_rules.terminal.screen import account, menu, notation
from zombie_rules.terminal.seating import SetupError, seating

TITLES = sorted(GAMES)

#: Small tables, so that whole games are quick.
SMALL = {
    "zombie_run": ["--set", "players=3", "--set", "rounds=2", "--set", "turn_limit=12"],
    "texas_zombies": ["--set", "players=3"],
    "zombie_doctor": ["--set", "players=3"],
    "quarantine_z": ["--set", "players=3"],
}


def listed_moves(text: str) -> list[str]:
    """The moves of the last menu on screen: numbered with labels, or grouped by kind."""
    lines = text[text.rindex("Your moves") :].split("\n")
    if lines[0] == "Your moves:":
        found = (re.match(r"^\s*\d+\) (.+?)(?:  |$)", line) for line in lines[1:])
        return [m[1].strip() for m in found if m]
    moves: list[str] = []
    keyword = ""
    for line in lines[1:]:
        if not line.startswith("  "):
            break
        if line.startswith("    "):
            rest = line
        else:
            keyword, _, rest = line.strip().partition(" ")
        choices = [c.strip() for c in rest.split("|") if c.strip()]
        moves += [f"{keyword} {c}" for c in choices] or [keyword]
    return moves


Policy = Callable[[str, random.Random], str | None]


class Player:
    """A stdin that answers each prompt: ``script``, then ``policy``, else a move on the menu."""

    def __init__(
        self,
        out: io.StringIO,
        seed: int,
        script: tuple[str, ...] = (),
        policy: Policy | None = None,
        offers: tuple[str, ...] = (),
    ) -> None:
        self.out = out
        self.rng = random.Random(seed)
        self.script = list(script)
        self.policy = policy
        self.offers = list(offers)  # answers when offered to watch (default: watch)
        self.prompts = 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        self.prompts += 1
        if self.prompts > 3000:  # a runaway session must fail, not hang
            return ""
        text = self.out.getvalue()
        if text.endswith("[w/s/u/q]> "):
            return (self.offers.pop(0) if self.offers else "w") + "\n"
        if self.script:
            line = self.script.pop(0)
            return "" if line == "<EOF>" else line + "\n"
        if self.policy is not None:
            answer = self.policy(text, self.rng)
            if answer is not None:
                return answer + "\n"
        return self.rng.choice(listed_moves(text)) + "\n"


def play(
    title: str,
    *argv: str,
    seed: int = 0,
    script: tuple[str, ...] = (),
    policy: Policy | None = None,
    offers: tuple[str, ...] = (),
) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    player = Player(out, seed, script, policy, offers)
    code = cli.main(["play", title, *argv], stdin=cast(IO[str], player), stdout=out, stderr=err)
    assert player.prompts < 3000, "the session did not end"
    return code, out.getvalue(), err.getvalue()


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def _person_keywords(name: str) -> set[str]:
    """The keywords of every move a seat (not chance) made in a few seeded random games."""
    game = GAMES[name]
    config = game.config_type()
    keywords = set()
    for seed in range(3):
        agents = [RandomAgent()] * game.players(config)
        record = play_game(game, config, agents, seed=seed, max_moves=3000)
        keywords |= {notation(m).split()[0] for m in record.moves if m.seat != CHANCE}
    return keywords


# ----------------------------------------------------------------- guides


@pytest.mark.parametrize("name", TITLES)
def test_every_move_a_person_makes_has_help_with_examples(name: str) -> None:
    guide = GAMES[name].guide
    for keyword in _person_keywords(name):
        entry = guide.move_help(keyword)
        assert entry is not None, f"{name}: no help for {keyword!r}"
        assert entry.examples and entry.text.endswith(".")


@pytest.mark.parametrize("name", TITLES)
def test_every_help_example_is_notation_of_the_title(name: str) -> None:
    game = GAMES[name]
    guide = game.guide
    state = game.new_game(game.config_type())
    for entry in guide.moves:
        for example in entry.examples:
            readings = (example, *guide.rewrites(example))
            parsed = []
            for text in readings:
                try:
                    parsed.append(game.parse_move(state, f"1: {text}"))
                except ValueError:
                    continue
            assert parsed, f"{name}: help example {example!r} is not a move"
            assert notation(parsed[0]).split()[0] == example.split()[0]


@pytest.mark.parametrize("name", TITLES)
def test_every_card_of_the_set_is_found_by_name_and_by_number(name: str) -> None:
    config = GAMES[name].config_type()
    cards = GAMES[name].guide.cards(config)
    assert len(cards) >= 10
    for card in cards:
        assert card in find_cards(cards, card.name), card
        assert card in find_cards(cards, card.number), card
        assert card.text


def test_card_texts_come_from_the_card_data() -> None:
    from zombie_rules.quarantine_z.cards import BUILDINGS, ITEMS, ZOMBIE_CARDS
    from zombie_rules.zombie_run.cards import DEFAULT_DECK

    qz = GAMES["quarantine_z"].guide.cards(GAMES["quarantine_z"].config_type())
    for item in ITEMS:
        (card,) = [c for c in find_cards(qz, item.name) if c.kind.endswith(" card")]
        assert item.text in card.text and f"{item.copies} in the deck" in card.text
    runner = find_cards(qz, "Runner")[0]
    assert "Life 2, Damage 1, Escape +3" in runner.text and ZOMBIE_CARDS[0].text in runner.text
    assert "Shelter" in find_cards(qz, "Church")[0].text and BUILDINGS[11].name == "Church"
    zr = GAMES["zombie_run"].guide.cards(GAMES["zombie_run"].config_type(deck=((0, 20), (3, 40))))
    assert [(c.number, c.name) for c in zr] == [("0", "Empty Streets"), ("3", "3 zombies")]
    assert "40 in the deck" in zr[1].text and DEFAULT_DECK[0] == (0, 15)


def test_card_names_are_typed_loosely_but_never_guessed() -> None:
    cards = GAMES["quarantine_z"].guide.cards(GAMES["quarantine_z"].config_type())
    assert normal("first-aid_kit") == normal("First Aid Kit") == "first aid kit"
    assert [c.name for c in find_cards(cards, "first-aid-kit")] == ["First Aid Kit"]
    assert [c.name for c in find_cards(cards, "baseb")] == ["Baseball Bat"]  # a unique start
    twelve = {c.kind for c in find_cards(cards, "12")}  # an id several kinds share: all
    assert twelve == {"Zombie card", "Munition card", "Building"}
    assert find_cards(cards, "chainsaw") == ()


def test_a_title_without_a_guide_gets_a_generic_one() -> None:
    built_in = GAMES["zombie_run"]
    protocol = {f.name: getattr(built_in, f.name) for f in attrs.fields(Game) if f.name != "guide"}
    guide = Game(**{**protocol, "name": "no_such_title"}).guide
    assert guide.moves == () and "no_such_title" in guide.rules


def test_texas_stories_may_be_typed_without_quotes() -> None:
    rewrites = GAMES["texas_zombies"].guide.rewrites
    # Most words as Objects first: the terminal takes the first that is a legal tell.
    assert rewrites("tell 3 17 we hid") == (
        'tell 3 17 we "hid"',
        'tell 3 17 "we hid"',
        'tell 3 "17 we hid"',
    )
    assert rewrites('tell 3 "quoted"') == ()
    assert rewrites("vote yes") == ()


# -------------------------------------------------------- the screen


def test_an_account_wraps_under_itself_and_keeps_its_indentation() -> None:
    text = "You swap " + "very " * 20 + "much.\nRound 1 is over:\n  You: 3 zombies"
    lines = account(text, width=50)
    assert lines[0].startswith("- You swap") and all(len(line) < 50 for line in lines)
    assert lines[1].startswith("  very")  # the move's own line wraps under itself
    assert "    Round 1 is over:" in lines and "      You: 3 zombies" in lines


def test_many_moves_are_grouped_by_kind_and_few_have_labels() -> None:
    game = GAMES["zombie_run"]
    state = game.new_game(game.config_type(players=2))
    while CHANCE in game.to_act(state):
        state = game.apply(state, game.legal_moves(state)[0])
    legal = [m for m in game.legal_moves(state) if m.seat == 0]
    few = menu(game, state, legal, 0, 100)
    assert few[0] == "Your moves:" and few[1].startswith("   1) peek 0 1  You look at")
    many = menu(game, state, legal * 3, 0, 100)  # more than the menu labels
    assert many[0].startswith("Your moves (18;") and many[1].split()[:2] == ["peek", "0"]


# --------------------------------------------------------- completion


def test_completion_offers_the_next_word_of_the_lines_that_fit() -> None:
    lines = ["draw pile", "draw discard", "swap 2 shout", "swap 2", "card Baseball Bat", "help"]
    assert next_words("", "dr", lines) == ["draw"]
    assert next_words("draw ", "", lines) == ["pile", "discard"]
    assert next_words("swap 2 ", "", lines) == ["shout"]
    assert next_words("card ", "bas", lines) == ["Baseball"]
    assert next_words("CARD baseball ", "", lines) == ["Bat"]
    assert next_words("", "x", lines) == []


def test_the_completer_adds_the_space_readline_leaves_out() -> None:
    completer = Completer(lambda: ["draw pile", "draw discard"], lambda: "draw ")
    assert [completer("", i) for i in range(3)] == ["pile ", "discard ", None]


# ------------------------------------------------------------ seating


def test_agents_mean_one_name_for_every_bot_or_one_per_seat() -> None:
    game = GAMES["zombie_run"]
    assert seating(game, 3).bots == {1: "heuristic", 2: "heuristic"}
    assert seating(game, 3, agents="random").bots == {1: "random", 2: "random"}
    mixed = seating(game, 3, agents="human,random,heuristic")
    assert mixed.humans == (0,) and mixed.bots == {1: "random", 2: "heuristic"}
    hot = seating(game, 4, agents="human,random,human,heuristic")
    assert hot.humans == (0, 2) and hot.bots == {1: "random", 3: "heuristic"}
    assert seating(game, 3, seat=2, agents="random,random,heuristic").bots == {
        0: "random",
        1: "random",
    }
    assert seating(game, 4, humans="3,1").humans == (1, 3)


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"agents": "random,random"}, "one per seat"),  # 2 names for 3 seats
        ({"agents": "human"}, "--humans"),
        ({"agents": "genius"}, "known agents"),
        ({"agents": "random,,random"}, "empty"),
        ({"seat": 3}, "seats are 0-2"),
        ({"humans": "0,0"}, "twice"),
        ({"humans": "0,x"}, "seat numbers"),
        ({"humans": "1", "agents": "human,random,random"}, "seat 0 human"),
    ],
)
def test_a_seating_that_cannot_be_played_says_why(kwargs: dict[str, Any], says: str) -> None:
    with pytest.raises(SetupError, match=says):
        seating(GAMES["zombie_run"], 3, **kwargs)


# ------------------------------------------------------ whole sessions


@pytest.mark.parametrize("name", TITLES)
def test_a_whole_game_of_every_title_is_told_and_scored(name: str) -> None:
    code, out, err = play(name, *SMALL[name], "--seat", "1", seed=3)
    assert code == 0 and err == ""
    assert re.search(r"^=== Game over: ", out, re.MULTILINE)
    assert re.search(r"^Scores \(.*better\): seat 0 ", out, re.MULTILINE)
    assert re.search(r"^You (win!|lose\.)$", out, re.MULTILINE)
    assert re.search(r"^- You ", out, re.MULTILINE)  # this seat's own moves, told
    assert re.search(r"^- Seat [02] ", out, re.MULTILINE)  # the bots' moves, told
    assert not re.search(r"^- *\d+: ", out, re.MULTILINE)  # never bare notation


def test_commands_answer_and_leave_the_game_as_it_was() -> None:
    script = (
        "help", "help swap", "rules", "legend", "card horde", "card", "moves", "board",
        "log 3", "7", "undo", "quit",
    )  # fmt: skip
    code, out, _ = play("zombie_run", *SMALL["zombie_run"], script=script)
    assert code == 0
    assert "Zombie Run! moves (type one as listed" in out and "peek P Q" in out
    assert "Examples: swap 2, swap 0 shout" in out
    assert "Zombie Run! on one screen" in out and "This table differs from the rulebook:" in out
    assert "[2:??]" in out  # the legend explains the board's symbols
    assert "Card 15: Zombie Horde. 15 zombies chasing you; 15 in the deck." in out
    assert "There are 6 moves; type a number from 1 to 6." in out
    assert "Nothing to undo: you have not moved yet." in out
    assert "game abandoned" in out


def test_a_number_picks_from_the_menu_and_a_story_needs_no_quotes() -> None:
    def tell(text: str, rng: random.Random) -> str | None:
        moves = listed_moves(text)
        if moves[0].startswith("tell"):
            return f"{moves[0]} we ran for the silo"
        return "1"

    code, out, _ = play("texas_zombies", "--set", "players=3", policy=tell)
    assert code == 0
    assert '"we ran for the silo"' in out  # told, quoted, by describe
    assert re.search(r"^seat 0> 1$", out, re.MULTILINE)


def test_undo_takes_back_only_what_showed_nothing(tmp_path: Path) -> None:
    # "The dealer also places one card face up next to the Draw Pile": taking it
    # shows nothing new, so it may be taken back; a card drawn from the Draw Pile
    # has been seen ("drawing a card from the Draw Pile ..., looking at it").
    record = tmp_path / "game.json"
    script = ("peek 0 1", "draw discard", "undo", "draw pile", "undo", "quit")
    code, out, _ = play("zombie_run", *SMALL["zombie_run"], "--record", str(record), script=script)
    assert code == 0
    assert "Taken back: your move 'draw discard'." in out
    assert re.search(
        r"^Cannot undo: what followed your move showed you something new \(You draw the .+\)\."
        r" A move can only be taken back while nothing has been revealed\.$",
        out,
        re.MULTILINE,
    )
    saved = from_json(Record, record.read_text())
    # The record holds the game as played: the discard taken back, the draw kept.
    assert [str(m) for m in saved.moves if m.seat == 0] == ["0: peek 0 1", "0: draw pile"]
    assert GAMES["zombie_run"].legal_moves(replay(saved)[-1])  # quit mid-game: it stops there


def test_a_look_taken_back_after_the_others_looked_is_refused() -> None:
    code, out, _ = play("zombie_run", *SMALL["zombie_run"], script=("peek 0 1", "undo", "quit"))
    assert code == 0
    assert re.search(r"^Cannot undo: (seat \d has moved since|your move showed you)", out, re.M)
    assert "Taken back" not in out


def test_a_recorded_game_replays_as_each_seat_was_told_it(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, _ = play("zombie_run", *SMALL["zombie_run"], "--record", str(record), seed=2)
    assert code == 0 and f"The game's record is in {record}" in out
    saved = from_json(Record, record.read_text())
    assert replay(saved)[-1] is not None and GAMES["zombie_run"].result(replay(saved)[-1])
    code, told, _ = run("replay", str(record), "--seat", "1")
    assert code == 0
    for entry in narrate(saved, 1):
        assert account(entry)[0] in told
    assert "Game over: winner" in told
    code, spectator, _ = run("replay", str(record))
    assert code == 0 and "as a spectator was told it" in spectator
    assert "You see the" not in spectator  # nobody's looked-at cards


def test_replay_of_a_bad_file_or_seat_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read it" in err
    junk = tmp_path / "junk.json"
    junk.write_text('{"game": "zombie_run"}')
    code, _, err = run("replay", str(junk))
    assert code == 2 and "not a saved game" in err
    game = GAMES["zombie_run"]
    saved = play_game(game, game.config_type(players=2), [RandomAgent()] * 2, seed=1)
    good = tmp_path / "good.json"
    good.write_text(to_json(saved))
    code, _, err = run("replay", str(good), "--seat", "5")
    assert code == 2 and "--seat 5: this game's seats are 0-1" in err
    cut = json.loads(good.read_text())
    cut["moves"] = cut["moves"][:1] + cut["moves"][2:]  # a move left out: not a legal game
    good.write_text(json.dumps(cut))
    code, _, err = run("replay", str(good))
    assert code == 2 and "not a legal game" in err


def test_a_record_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path) -> None:
    code, out, err = run("play", "zombie_run", "--record", str(tmp_path / "no" / "dir.json"))
    assert code == 2 and "--record" in err and "cannot write it" in err
    assert out == ""


def test_the_record_is_saved_when_input_ends(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code, out, _ = play("zombie_run", "--record", str(record), script=("peek 0 1", "<EOF>"))
    assert code == 1 and "end of input" in out
    saved = from_json(Record, record.read_text())
    assert "0: peek 0 1" in [str(m) for m in saved.moves]


def test_replay_steps_are_a_seats_move_and_what_it_set_off() -> None:
    game = GAMES["zombie_run"]
    saved = play_game(game, game.config_type(players=2), [RandomAgent()] * 2, seed=4)
    parts = steps(saved.moves)
    assert [i for part in parts for i in part] == list(range(len(saved.moves)))
    assert all(saved.moves[part.start].seat == CHANCE for part in parts[:1])  # the deal
    assert all(saved.moves[part.start].seat != CHANCE for part in parts[1:])


# ------------------------------------------------------------ hot seat


def test_hot_seat_clears_the_screen_and_tells_each_seat_only_its_own_account(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    code, out, _ = play(
        "zombie_run", "--set", "players=3", "--set", "rounds=1", "--set", "turn_limit=6",
        "--humans", "0,2", "--record", str(record), seed=5,
    )  # fmt: skip
    assert code == 0
    saved = from_json(Record, record.read_text())
    told = {seat: set(narrate(saved, seat)) for seat in (0, 1, 2)}
    secret = {seat: told[seat] - told[1] - told[2 - seat] for seat in (0, 2)}
    assert secret[0] and secret[2]  # each person saw cards the others did not
    screens = out.split("(screen cleared)")
    assert len(screens) > 4
    owners = []
    for part in screens:
        found = re.search(r"Seat (\d), your turn\. Since you last looked:", part)
        if found:
            owners.append(int(found[1]))
            theirs = 2 - int(found[1])
            assert not any(account(t)[0] in part for t in secret[theirs]), f"seat {theirs} leaked"
            assert "Pass the screen" not in part.split("Since you last looked:")[1]
    assert set(owners) == {0, 2}
    assert re.search(r"^Seat [02] (wins|loses)\.$", out, re.MULTILINE)


# -------------------------------------------------- out of the game


#: A game where the Survivor at seat 1 dies while two others play on (found by trying seeds).
DEAD = ("quarantine_z", "--seat", "1")
DEAD_SEED = 4


def test_a_dead_survivor_is_told_and_may_watch_the_rest() -> None:
    code, out, _ = play(*DEAD, seed=DEAD_SEED)
    assert code == 0
    assert "=== You are dead: the zombies got your Survivor. ===" in out
    assert "The game goes on without you." in out
    after = out.split("[w/s/u/q]> w")[1]
    assert re.search(r"^- Seat [23] ", after, re.MULTILINE)  # the rest is told
    assert "Your moves" not in after  # and nobody asks the dead for a move
    assert "=== Game over:" in after


def test_skipping_to_the_end_prints_only_the_result() -> None:
    code, out, _ = play(*DEAD, seed=DEAD_SEED, offers=("s",))
    assert code == 0
    after = out.split("[w/s/u/q]> s")[1]
    assert "Skipping to the end..." in after
    assert len(re.findall(r"^- ", after, re.MULTILINE)) == 1  # only the last move's account
    assert "=== Game over:" in after


def test_undo_at_the_offer_is_refused_once_the_others_moved_and_asked_again() -> None:
    code, out, _ = play(*DEAD, seed=DEAD_SEED, offers=("u", "q"))
    assert code == 0
    after = out.split("[w/s/u/q]> u")[1]
    assert after.lstrip().startswith("Cannot undo: seat ")  # the others moved since
    assert "[w/s/u/q]> q" in after and after.rstrip().endswith("game abandoned")


def test_quitting_at_the_offer_or_ending_input_there_says_so() -> None:
    code, out, _ = play(*DEAD, seed=DEAD_SEED, offers=("q",))
    assert code == 0 and out.rstrip().endswith("game abandoned")
    assert "=== Game over:" not in out


def test_a_closed_pipe_ends_play_quietly() -> None:
    command = [sys.executable, "-m", "zombie_rules", "play", "quarantine_z", "--seat", "1"]
    done = subprocess.run(
        f"yes 1 | {' '.join(command)} | head -c 300",
        shell=True, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    assert len(done.stdout) == 300


# ------------------------------------------------- forced moves, counting


def _play_auto(title: str, script: tuple[str, ...], *, auto: bool, seed: int = 0) -> str:
    """A game at seat 0 with ``auto_forced`` as the command line's flag would set it."""
    from zombie_rules.terminal import Console
    from zombie_rules.terminal.session import play as play_session

    game = GAMES[title]
    config = game.config_type(players=3)
    out = io.StringIO()
    player = Player(out, seed, script)
    seats = seating(game, 3, seat=0)
    code = play_session(
        game, config, seats, Console(out, cast(IO[str], player)), seed=seed, auto_forced=auto
    )
    assert code == 0 and player.prompts < 3000
    return out.getvalue()


def _single_menus(out: str) -> int:
    """How many times the person was shown a menu of one move."""
    singles = 0
    for menu_text in out.split("\nYour moves:\n")[1:]:
        numbered = 0
        for line in menu_text.split("\n"):
            if not line.startswith("  "):
                break
            numbered += bool(re.match(r"^\s+\d+\) ", line))
        singles += numbered == 1
    return singles


def test_forced_moves_are_played_for_a_person_who_asks() -> None:
    asked = _play_auto("zombie_doctor", (), auto=False)
    assert _single_menus(asked) > 0  # the game has forced moves, and they are asked
    played = _play_auto("zombie_doctor", (), auto=True)
    assert _single_menus(played) == 0
    assert "(your only move, played for you; 'auto off' to play it yourself)" in played


def test_the_auto_command_switches_it_during_the_game() -> None:
    def first_single(text: str, rng: random.Random) -> str | None:
        if len(listed_moves(text)) == 1 and "auto on" not in text:
            return "auto on"
        return None

    out = _play_auto("zombie_doctor", ("auto maybe", "auto off"), auto=False)
    assert "Type 'auto on' or 'auto off' (or 'auto' to switch)." in out
    assert "you are asked even when you have only one move" in out
    code, out, _ = play("zombie_doctor", *SMALL["zombie_doctor"], policy=first_single)
    assert code == 0
    assert "a move that is your only one is played for you" in out
    after = out.split("seat 0> auto on", 1)[1]
    assert after.split("\n")[2].startswith("- You ")  # the waiting move is played at once
    assert _single_menus(after) == 0


def test_a_number_out_of_range_counts_the_moves_in_agreement() -> None:
    def seven(text: str, rng: random.Random) -> str | None:
        if len(listed_moves(text)) == 1 and "There is 1 move" not in text:
            return "7"
        return "quit" if "There is 1 move" in text else None

    code, out, _ = play("zombie_doctor", *SMALL["zombie_doctor"], policy=seven)
    assert code == 0
    assert "There is 1 move; type a number from 1 to 1." in out
    assert "There are 1 moves" not in out
