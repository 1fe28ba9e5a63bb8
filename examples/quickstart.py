"""Play one game of Zombie Run! with random moves (run: python examples/quickstart.py)."""

import random

from zombie_rules import CHANCE
from zombie_rules.play import sample_chance
from zombie_rules.zombie_run import GAME, Config, apply, legal_moves, new_game, result, to_act

rng = random.Random(2024)
state = new_game(Config(players=3))
while legal_moves(state):  # empty exactly when the game is over
    if CHANCE in to_act(state):  # a card comes off the face-down Draw Pile
        move = sample_chance(GAME, state, rng)
    else:
        move = rng.choice(legal_moves(state))
    state = apply(state, move)

outcome = result(state)
assert outcome is not None
print("scores:", outcome.scores)
print("winner(s):", sorted(outcome.winners), "-", outcome.reason)
