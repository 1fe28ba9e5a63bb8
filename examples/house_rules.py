"""Two house rules, declared once each, published by name and played.

- Zombie Run! ``shout_under_20``: a filter. You may shout only while the cards you
  know in your hand (after your swap) total fewer than 20 zombies.
- Quarantine Z ``shelter_heal``: acts after an event. A Survivor who feeds a Supply
  to the Shelter heals 1 Life, up to the Life a Survivor starts with.

Nothing is registered at import time: call :func:`publish` (tests, the tutorial and
this script's ``main`` do), so importing the module for its rules changes nothing.
Run it: ``python examples/house_rules.py``.
"""

from __future__ import annotations

from typing import Any

import attrs

from zombie_rules import quarantine_z, registry, zombie_run
from zombie_rules.core.house_rules import HouseRule
from zombie_rules.zombie_run import Action

LIMIT = 20


def known_total(state: zombie_run.State, move: zombie_run.Move) -> int:
    """The zombies ``move``'s seat knows it will hold after ``move`` (its swap done).

    Only cards the seat has seen count: a rule that read the cards it has not seen
    would let the legal moves tell it what they are (the knowledge check catches that).
    """
    seat, me = move.seat, 1 << move.seat
    hand, seen = list(state.hands[seat]), list(state.seen[seat])
    if move.action is Action.SWAP and state.held is not None:
        hand[move.args[0]], seen[move.args[0]] = state.held, me
    return sum(card for card, mask in zip(hand, seen, strict=True) if mask & me)


def shout_forbidden(state: zombie_run.State, move: zombie_run.Move) -> str | None:
    """Why ``move`` may not shout under ``shout_under_20``; ``None`` if it may."""
    if not move.shout:
        return None
    total = known_total(state, move)
    if total < LIMIT:
        return None
    return f"you may shout only while the cards you know total under {LIMIT} (you know {total})"


SHOUT_UNDER_20 = HouseRule(
    name="shout_under_20",
    title="zombie_run",
    summary=f"Shout only while the cards you know in your hand total under {LIMIT} zombies.",
    forbids=shout_forbidden,
)


def heal_after_feeding(
    before: quarantine_z.State, move: quarantine_z.Move, after: quarantine_z.State
) -> quarantine_z.State:
    """The feeding Survivor heals 1 Life, up to its starting Life."""
    survivors = after.survivors
    fed = survivors[move.seat]
    life = min(fed.life + 1, after.config.survivor_life)
    if life == fed.life:
        return after
    healed = attrs.evolve(fed, life=life)
    return attrs.evolve(
        after, survivors=(*survivors[: move.seat], healed, *survivors[move.seat + 1 :])
    )


SHELTER_HEAL = HouseRule(
    name="shelter_heal",
    title="quarantine_z",
    summary="A Survivor who feeds the Shelter heals 1 Life (never above the starting Life).",
    after={"feed": heal_after_feeding},
)

#: Every rule this module declares.
RULES = (SHOUT_UNDER_20, SHELTER_HEAL)


def publish() -> tuple[str, ...]:
    """Register the rules (once) and return the variant names they make playable."""
    for rule in RULES:
        if rule.name not in registry.house_rules():
            registry.register_house_rule(rule, source="examples/house_rules.py")
    return ("zombie_run+shout_under_20", "quarantine_z+shelter_heal")


def main() -> None:
    from zombie_rules.play import RandomAgent, play_out, replay

    for name in publish():
        game: Any = registry.get_game(name)
        players = game.players(game.default_config())
        played = play_out(game, None, [RandomAgent() for _ in range(players)], seed=1)
        assert replay(played.record)[-1] == played.final
        print(f"{name}: {len(played.record.moves)} moves, result {game.result(played.final)}")


if __name__ == "__main__":
    main()
