"""One game at the terminal: bots move, people are asked, every move is told as each seat knows it.

The screen belongs to one person at a time (the *viewer*). Every move is told to the
viewer in the words ``describe`` gives the viewer's seat, and each person keeps a
cursor into the game's moves, so when the screen is passed to another person (hot
seat) they are first told, in their own seat's words, everything since their last
look. The game itself is a :class:`~zombie_rules.match.Match`, the driver every front
end shares: it picks who acts, moves the bots, reads and checks a typed move (applied
once), keeps each seat's account, takes a person's decision back while nothing since
showed them anything (``undo``; refused with the reason once a card was drawn or seen,
a vote counted or another seat moved) and, for a person who asks (``--auto-forced``
or the ``auto`` command), plays a forced single move without asking.
The session adds the screen: who has it, what they were told, pauses and hand-overs.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

from zombie_rules.core.errors import EncodeError
from zombie_rules.core.presentation import Guide
from zombie_rules.core.validation import short
from zombie_rules.core.wording import count
from zombie_rules.match import PERSON, CannotUndo, Match
from zombie_rules.play import Agent, Record
from zombie_rules.serialize import to_json
from zombie_rules.terminal import commands, screen
from zombie_rules.terminal.console import Console
from zombie_rules.terminal.screen import AnyGame
from zombie_rules.terminal.seating import Seating, SetupError

#: Exit status of a game left unfinished because its input ended (Ctrl-D).
ABANDONED = 1


class Quit(Exception):
    """Leave the game now with ``status`` (0: the person chose to stop)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class Session:
    """A game of ``game`` at ``config`` between the people and bots of ``seating``."""

    def __init__(
        self,
        game: AnyGame,
        config: Any,
        seating: Seating,
        console: Console,
        *,
        seed: int = 0,
        record: str | None = None,
        guide: Guide | None = None,
        auto_forced: bool = False,
    ) -> None:
        self.game = game
        self.config = config
        self.humans = seating.humans
        self.bot_names = seating.bots
        self.bots: dict[int, Agent] = seating.agents(game)
        self.console = console
        self.guide = guide or game.guide
        players = game.players(config)
        self.match: Match[Any, Any, Any, Any] = Match(
            game,
            config,
            [self.bots.get(s, PERSON) for s in range(players)],
            seed,
            auto_forced=auto_forced,
        )
        self.told = dict.fromkeys(self.humans, 0)
        # In a hot-seat game nobody has the screen until the first person's turn.
        self.viewer: int | None = None if len(self.humans) > 1 else self.humans[0]
        self.out: dict[int, str] = {}
        self.mode = "play"  # "watch" or "skip" once every person is out
        self.record_path = record
        if record is not None:
            self._check_writable(record)

    # ------------------------------------------------------------- the game

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def states(self) -> list[Any]:
        return self.match.states

    @property
    def moves(self) -> list[Any]:
        return self.match.moves

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def run(self) -> int:
        """Play to the end (or until the person stops); the exit status."""
        try:
            self._intro()
            match = self.match
            while True:
                if match.over:
                    return self._finish()
                if match.advance(1):
                    self._moved()
                    self._note_forced()
                    continue
                assert match.waiting is not None  # advance stops only for a person
                self._turn(match.waiting)
        except Quit as stop:
            self.console.write(stop.message)
            return stop.status
        finally:
            self.save()
            self.console.close()

    def advance(self, move: Any) -> None:
        """Make a person's ``move`` (read and checked already), tell it, see who is out."""
        self.match.play(move)
        self._moved()

    def _moved(self) -> None:
        """Tell the last move to the viewer, and see who is now out of the game."""
        before = self.states[-2]
        if self.mode != "skip":
            self.tell()
        self._check_out()
        over = not self.game.to_act(self.state)
        if (
            self.guide.pause_after_round
            and not over
            and self.mode != "skip"
            and self.game.rounds_played(self.state) > self.game.rounds_played(before)
        ):
            # Every hand and the scoring are on screen: let them be read before the deal.
            self.console.pause(self.console.dim("-- Press Enter for the next round --"))
            self.console.write()

    def tell(self) -> None:
        """Tell the viewer every move they have not been told yet."""
        seat = self.viewer
        if seat is None:
            return
        for index in range(self.told[seat], len(self.moves)):
            self.console.write("\n".join(self._account(index, seat)))
        self.told[seat] = len(self.moves)

    def _account(self, index: int, seat: int | None) -> list[str]:
        text = self.match.account(index, seat)
        mine = seat is not None and self.moves[index].seat == seat
        return screen.account(text, self.console.width, self.console.bold if mine else None)

    def told_lines(self, seat: int, moves: int) -> list[str]:
        """The accounts of the last ``moves`` moves, as ``seat`` was told them."""
        start = max(0, len(self.moves) - moves)
        lines: list[str] = []
        for index in range(start, len(self.moves)):
            lines += self._account(index, seat)
        return lines

    # ------------------------------------------------------- a person's turn

    def _turn(self, seat: int) -> None:
        """Ask ``seat`` until it moves (or takes a move back)."""
        if seat != self.viewer:
            self._hand_over(seat)
        self.console.complete_with(lambda: commands.candidates(self, seat))
        self.show(seat)
        while True:
            try:
                text = self.console.ask(f"{self.prompt(seat)}> ").strip()
            except EOFError:
                raise Quit(ABANDONED, "\nend of input; game abandoned") from None
            if commands.run(self, seat, text) is not commands.STAY:
                return

    def prompt(self, seat: int) -> str:
        return f"seat {seat}"

    def legal(self, seat: int) -> tuple[Any, ...]:
        return self.match.legal(seat)

    def show(self, seat: int) -> None:
        """The board as ``seat`` sees it, and the seat's moves."""
        console = self.console
        console.write()
        console.write(self.game.render(self.game.view(self.state, seat)))
        console.write()
        for line in screen.menu(self.game, self.state, self.legal(seat), seat, console.width):
            console.write(line)

    def parse(self, seat: int, text: str) -> Any:
        """The move ``text`` names for ``seat``, checked (not applied); raises if it is none.

        Raises :class:`DecodeError` (not notation) or :class:`IllegalMove` (not allowed
        now); a line that does not parse as typed is tried in the title's other
        readings (a story without quotes) before giving up.
        """
        return self.match.read(seat, text)

    def _hand_over(self, seat: int) -> None:
        """Clear the screen and wait until the next person has it (hot seat)."""
        console = self.console
        if self.viewer is not None:
            # The one who has the screen reads what their move set off before it goes.
            console.pause(
                console.dim(
                    f"Seat {self.viewer}: press Enter, then pass the screen to seat {seat}."
                )
            )
        console.clear()
        console.pause(
            console.banner(f"Pass the screen to seat {seat}{self._role(seat)}")
            + f"\nSeat {seat}: press Enter when only you can see the screen."
        )
        console.clear()
        console.use_history(seat)
        self.viewer = seat
        console.write(
            console.bold(f"Seat {seat}{self._role(seat)}, your turn. Since you last looked:")
        )
        self.tell()

    def _note_forced(self) -> None:
        """Say so when the viewer's only move was just played for them (``auto``).

        Called after :meth:`Match.advance` made a move: a person's move made there is
        one the match played for them, since people are otherwise asked.
        """
        seat = getattr(self.moves[-1], "seat", None)
        if seat is None or seat != self.viewer or seat not in self.humans or self.mode == "skip":
            return
        self.console.write(
            self.console.dim("  (your only move, played for you; 'auto off' to play it yourself)")
        )

    def set_auto(self, seat: int, on: bool) -> str:
        """Play ``seat``'s forced moves for it from now on (or stop); what the person is told."""
        if on:
            self.match.auto_forced.add(seat)
            return "From now on, a move that is your only one is played for you ('auto off' stops)."
        self.match.auto_forced.discard(seat)
        return "From now on, you are asked even when you have only one move ('auto on' to change)."

    # --------------------------------------------------------------- undo

    def undo(self, seat: int) -> str:
        """Go back to ``seat``'s previous decision; what was taken back, or why not."""
        try:
            taken = self.match.undo(seat)
        except CannotUndo as refused:
            return str(refused)
        yours = screen.notation(taken[0])
        back_to = len(self.moves)
        for human in self.told:
            self.told[human] = min(self.told[human], back_to)
        self.told[seat] = back_to
        self.out = {s: why for s, why in self.out.items() if self._out_reason(s)}
        if self.mode != "play" and len(self.out) < len(self.humans):
            self.mode = "play"
        after = len(taken) - 1
        rest = {0: "", 1: " and the move after it"}.get(after, f" and the {after} moves after it")
        return f"Taken back: your move '{yours}'{rest}."

    # ------------------------------------------------------ out of the game

    def _out_reason(self, seat: int) -> str | None:
        return self.guide.out_of_game(self.game.view(self.state, seat), seat)

    def _check_out(self) -> None:
        for seat in self.humans:
            if seat in self.out:
                continue
            why = self._out_reason(seat)
            if why is None:
                continue
            self.out[seat] = why
            if not self.game.to_act(self.state) or self.mode == "skip":
                continue
            console = self.console
            if seat == self.viewer:
                console.write(console.banner(why))
            else:
                console.write(console.banner(f"Seat {seat} is out of the game."))
            if len(self.out) == len(self.humans):
                self._offer_watch()

    def _offer_watch(self) -> None:
        console = self.console
        console.write("The game goes on without you.")
        while True:
            try:
                answer = (
                    console.ask(
                        "w: watch the rest, s: skip to the result, u: undo your last move,"
                        " q: quit [w/s/u/q]> "
                    )
                    .strip()
                    .lower()
                )
            except EOFError:
                raise Quit(ABANDONED, "\nend of input; game abandoned") from None
            if answer in ("w", "watch", ""):
                self.mode = "watch"
                return
            if answer in ("s", "skip"):
                self.mode = "skip"
                console.write("Skipping to the end...")
                return
            if answer in ("q", "quit", "exit"):
                raise Quit(0, "game abandoned")
            if answer in ("u", "undo") and self.viewer is not None:
                message = self.undo(self.viewer)
                console.write(message)
                if message.startswith("Taken back"):
                    return
                continue
            console.write("Type w, s, u or q.")

    # --------------------------------------------------------- start, end

    def _role(self, seat: int) -> str:
        role = screen.role(self.game, self.config, seat)
        return f" ({'the ' if role == 'Zombie Player' else 'a '}{role})" if role else ""

    def _intro(self) -> None:
        console = self.console
        players = self.game.players(self.config)
        if self.hot_seat:
            people = "people at seats " + ", ".join(f"{s}{self._role(s)}" for s in self.humans)
        else:
            people = f"you are seat {self.humans[0]}{self._role(self.humans[0])}"
        bots = ", ".join(f"seat {s} {name}" for s, name in sorted(self.bot_names.items()))
        changed = screen.changed_settings(self.config)
        console.write(console.bold(f"{self.guide.title}: {players} players; {people}."))
        if bots:
            console.write(f"Bots: {bots}.")
        console.write(
            "Settings: "
            + (", ".join(changed) + "; the rest as the rulebook." if changed else "the rulebook's.")
        )
        tab = "; TAB completes" if console.completes else ""
        console.write(
            f"Type a move as listed, or its number{tab}. 'help' lists the moves and commands,"
            " 'rules' sums up the game, 'quit' stops."
        )
        if self.hot_seat:
            console.write(
                "Hot seat: the screen is cleared before each person's turn, and each is told"
                " only what their seat may know."
            )
        console.write()

    def _finish(self) -> int:
        console = self.console
        if self.mode == "skip" and self.moves and self.viewer is not None:
            self.told[self.viewer] = len(self.moves) - 1
            self.tell()
        board_seat = None if self.hot_seat else self.viewer
        console.write()
        console.write(self.game.render(self.game.view(self.state, board_seat)))
        console.write()
        result = self.game.result(self.state)
        if result is None:  # pragma: no cover - to_act is empty only when the game is over
            console.write("Game over.")
            return 0
        me = None if self.hot_seat else self.viewer
        lines = screen.result_lines(self.game, self.config, result, self.humans, me)
        console.write(console.banner(lines[0]))
        for line in lines[1:]:
            console.write(line)
        return 0

    # ------------------------------------------------------------- record

    def record(self) -> Record[Any, Any]:
        """The game so far: title, config and every move (chance included)."""
        return self.match.record()

    def _check_writable(self, path: str) -> None:
        try:
            text = to_json(self.record())
        except EncodeError as exc:
            raise SetupError(f"--record: this game cannot be saved as JSON ({exc})") from None
        try:
            _write(path, text)
        except OSError as exc:
            raise SetupError(f"--record {short(path)}: cannot write it ({exc.strerror})") from None

    def save(self) -> None:
        """Write the record to ``--record``'s file, if any (at the end, on quit, on Ctrl-C)."""
        if self.record_path is None:
            return
        try:
            _write(self.record_path, to_json(self.record()))
        except (OSError, EncodeError) as exc:
            self.console.write(f"zombie-rules: could not save the game: {exc}")
            return
        self.console.write(
            f"The game's record is in {self.record_path} ({count(len(self.moves), 'move')})."
        )


def _write(path: str, text: str) -> None:
    """Replace ``path`` with ``text`` at once, so a crash never leaves half a record."""
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".zombie-rules-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def play(
    game: AnyGame,
    config: Any,
    seating: Seating,
    console: Console,
    *,
    seed: int = 0,
    record: str | None = None,
    auto_forced: bool = False,
) -> int:
    """Play one game at the terminal; the exit status (0 done or quit, 1 input ended).

    ``auto_forced`` plays every person's forced single move without asking (each
    person may change it in the game with ``auto on`` / ``auto off``).
    """
    try:
        session = Session(
            game, config, seating, console, seed=seed, record=record, auto_forced=auto_forced
        )
    except BaseException:
        console.close()
        raise
    return session.run()
