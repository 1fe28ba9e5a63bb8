"""How to read a Zombie Doctor result: the score is how many players a seat outlasted.

The last healthy head wins, so the margin worth reporting is places, not points.
"""

from __future__ import annotations

from zombie_rules.core.facts import Facts

FACTS = Facts(
    score_text="players outlasted",
    margin_text="places between the winner and the next player",
)
