"""Balance of the default card set with the heuristic bots on every side.

Issue: "Report the Survivors' and the Zombie Player's win rates with heuristic agents
on every side, for 3, 4 and 5 players"; the table is in docs/rulings/quarantine_z.md
(Balance). This seeded check keeps the 4-player game fair: a card or bot change that
swings it back towards one side fails here.
"""

from __future__ import annotations

from zombie_rules.play import play_out
from zombie_rules.quarantine_z import GAME, Config, HeuristicAgent, result

GAMES = 150
#: The Zombie Player won 49.3% of seeds 1-150 (45.3% under the fair driver before the
#: rules fixes of issue 9; 53.3% when the lowest seat always acted; 58.7% before the bots
#: shared items, 76% before the 2nd balance pass).
BAND = (0.36, 0.72)


def test_heuristic_four_player_games_are_fair() -> None:
    """Every seeded 4-player game of heuristic bots ends, and the Zombie Player wins
    a fair share of them (the measured rate lies well inside ``BAND``)."""
    config = Config(players=4)
    zombie_wins = 0
    for seed in range(1, GAMES + 1):
        played = play_out(GAME, config, [HeuristicAgent() for _ in range(4)], seed)
        outcome = result(played.final)
        assert outcome is not None, f"seed {seed}: the game did not end"
        zombie_wins += config.zombie_seat in outcome.winners
    rate = zombie_wins / GAMES
    assert BAND[0] <= rate <= BAND[1], f"Zombie Player won {rate:.1%} of {GAMES} games"
