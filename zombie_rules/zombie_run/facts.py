"""How to read a Zombie Run! result: the score is zombies taken, and the fewest wins.

The protocol's scores alone would be read the other way round (higher is better).
"""

from __future__ import annotations

from zombie_rules.core.facts import Facts

FACTS = Facts(
    score_text="zombies taken, lower is better",
    lower_is_better=True,
    margin_text="the best loser's zombies minus the winner's",
)
