"""A special card drawn on the turn that reaches the turn limit leaves the Draw Pile.

Found by Hypothesis: the round ended on the special's discard, but the final state still
counted the card in the Draw Pile as well, so the cards were one more than the deck
("Shuffle the deck": every card is in exactly one place).
"""

from __future__ import annotations

import random

from zombie_rules.core.actors import CHANCE
from zombie_rules.play import sample_chance
from zombie_rules.testing import check_invariants
from zombie_rules.zombie_run import GAME, Config, SpecialCard
from zombie_rules.zombie_run.cards import SPECIAL_BASE


def test_a_special_drawn_on_the_last_turn_is_counted_once() -> None:
    config = Config(
        players=2, rounds=1, hand_size=5, peek_count=0, turn_limit=3,
        deck=((0, 6), (1, 6), (5, 6), (15, 6)),
        specials=(SpecialCard("Flare", "reveal_discard", 5, 6),),
    )  # fmt: skip
    ended_on_special = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_game(config)
        while GAME.result(state) is None:
            if CHANCE in GAME.to_act(state):
                move = sample_chance(GAME, state, rng)
            else:
                move = rng.choice(GAME.legal_moves(state))
            state = GAME.apply(state, move)
        check_invariants(GAME, state, rng, thorough=False)
        ended_on_special += state.discard_pile[-1] >= SPECIAL_BASE
    assert ended_on_special > 0  # the case did come up
