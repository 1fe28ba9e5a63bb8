"""Every rule variant and card-set choice of Zombie Run!; ``Config()`` is the rulebook game."""

from __future__ import annotations

import enum
import functools

import attrs

from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import every_seat
from zombie_rules.core.validation import require_int_pairs, require_type, short
from zombie_rules.zombie_run.cards import (
    DEFAULT_DECK,
    card_name,
    is_special,
    special_card,
    special_index,
)
from zombie_rules.zombie_run.specials import (
    DRAWN_EFFECTS,
    KeptEffect,
    SpecialCard,
    effect_text,
    kept_effect,
    validate_specials,
)
from zombie_rules.zombie_run.wording import counted

MIN_PLAYERS = 2
MAX_PLAYERS = 7
#: Engine limits, far above any table's game, that keep hostile configs cheap: the
#: rulebook's hands hold four to six cards (twelve allows at most 924 ways to pick
#: the cards to look at), its deck 75 cards and its worst card 15 zombies.
MAX_HAND_SIZE = 12
MAX_DECK_SIZE = 1000
MAX_ZOMBIES = 999
#: Turns after which a round nobody ends is scored as it stands (ruling 10). Bots
#: shout within 25 turns; the cap is there so that players who never shout still
#: finish the game.
DEFAULT_TURN_LIMIT = 100


class TieBreak(enum.Enum):
    """How a tie for the lowest game score is settled (see docs/rulings/zombie_run.md)."""

    #: Everyone tied for the lowest total wins.
    SHARED = "shared"
    #: Among the tied, the lowest score in the last round wins, then the round before, ...
    LAST_ROUND = "last_round"


@attrs.frozen(cache_hash=True)
class Config:
    """A Zombie Run! table.

    ``deck`` lists ``(zombies, copies)`` per card kind. ``discard_taken_card``
    allows throwing a card taken from the Discard Pile straight back, which the
    rulebook's "There is no passing" forbids by default. ``turn_limit`` ends a round
    with no shouter after that many turns, so that every game ends whatever the
    players do; ``None`` is the rulebook read literally, where a round lasts until
    someone shouts and players who never shout play for ever. ``specials`` adds
    special cards to the deck (:mod:`zombie_rules.zombie_run.specials`), each acting
    when drawn or when kept, its effect named by registered name.
    """

    players: int = 4
    rounds: int = 5
    hand_size: int = 4
    peek_count: int = 2
    first_dealer: int = 0
    deck: tuple[tuple[int, int], ...] = DEFAULT_DECK
    discard_taken_card: bool = False
    reshuffle_keeps_top: bool = True
    tie_break: TieBreak = TieBreak.SHARED
    turn_limit: int | None = DEFAULT_TURN_LIMIT
    specials: tuple[SpecialCard, ...] = ()

    def __attrs_post_init__(self) -> None:
        validate(self)


def validate(config: Config) -> None:
    """Raise :class:`InvalidConfig` naming the first field that cannot be played."""
    for name in ("players", "rounds", "hand_size", "peek_count", "first_dealer"):
        require_type(name, getattr(config, name), int)
    for name in ("discard_taken_card", "reshuffle_keeps_top"):
        require_type(name, getattr(config, name), bool)
    require_type("tie_break", config.tie_break, TieBreak)
    require_type("turn_limit", config.turn_limit, (int, type(None)))
    require_int_pairs("deck", config.deck)
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig(
            "players",
            f"Zombie Run! is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {short(config.players)}",
        )
    if config.rounds < 1:
        raise InvalidConfig("rounds", f"need at least one round, not {short(config.rounds)}")
    if not 1 <= config.hand_size <= MAX_HAND_SIZE:
        raise InvalidConfig(
            "hand_size",
            f"must be 1-{MAX_HAND_SIZE} cards each, not {short(config.hand_size)}",
        )
    if not 0 <= config.peek_count <= config.hand_size:
        raise InvalidConfig(
            "peek_count",
            f"must be between 0 and hand_size ({short(config.hand_size)}),"
            f" not {short(config.peek_count)}",
        )
    if not 0 <= config.first_dealer < config.players:
        raise InvalidConfig(
            "first_dealer",
            f"must be a seat 0-{config.players - 1}, not {short(config.first_dealer)}",
        )
    if config.turn_limit is not None and config.turn_limit < 1:
        raise InvalidConfig(
            "turn_limit", f"must be None or at least 1, not {short(config.turn_limit)}"
        )
    values = [zombies for zombies, _ in config.deck]
    if len(set(values)) != len(values):
        raise InvalidConfig("deck", "each card kind (zombie count) may be listed only once")
    if any(not 0 <= zombies <= MAX_ZOMBIES for zombies in values):
        raise InvalidConfig("deck", f"zombie counts must be 0-{MAX_ZOMBIES}")
    if any(copies < 1 for _, copies in config.deck):
        raise InvalidConfig("deck", "every listed card kind needs at least one copy")
    validate_specials(config.specials, tuple(card_name(z).lower() for z in values))
    size = sum(copies for _, copies in config.deck) + sum(c.copies for c in config.specials)
    if size > MAX_DECK_SIZE:
        raise InvalidConfig("deck", f"at most {MAX_DECK_SIZE} cards in all, not {short(size)}")
    needed = config.players * config.hand_size + 2
    if size < needed:
        raise InvalidConfig(
            "deck",
            f"{counted(size, 'card')} cannot deal {counted(config.players, 'hand')} of"
            f" {counted(config.hand_size, 'card')} plus a Discard Pile and a Draw Pile card"
            f" ({short(needed)} needed)",
        )


@attrs.frozen
class Tables:
    """Per-config lookups the hot path needs, computed once per config."""

    values: tuple[int, ...]  # zombies per kind index, ascending
    copies: tuple[int, ...]  # copies per kind index
    index: dict[int, int]  # zombies -> kind index
    everyone: int  # bitmask of all seats
    plain: bool  # no special cards: a hand's total is its sum
    score: dict[int, int]  # card -> what it counts as in a hand, before kept effects
    kept: tuple[tuple[int, KeptEffect], ...]  # special card -> its kept effect
    drawn: dict[int, str]  # special card -> its drawn effect


@functools.lru_cache(maxsize=64)
def _tables(config: Config) -> Tables:
    deck = sorted(config.deck)
    specials = [(special_card(k), s) for k, s in enumerate(config.specials)]
    values = tuple(zombies for zombies, _ in deck) + tuple(card for card, _ in specials)
    kept = [(card, kept_effect(s.effect)) for card, s in specials]
    return Tables(
        values=values,
        copies=tuple(copies for _, copies in deck) + tuple(s.copies for _, s in specials),
        index={zombies: i for i, zombies in enumerate(values)},
        everyone=every_seat(config.players),
        plain=not specials,
        score={**{z: z for z, _ in deck}, **{card: s.zombies for card, s in specials}},
        kept=tuple((card, fn) for card, fn in kept if fn is not None),
        drawn={card: s.effect for card, s in specials if s.effect in DRAWN_EFFECTS},
    )


#: The lookups of a config. Every move asks several times about the same config, and
#: even a cached hash is a Python call, so the config asked about last is answered by
#: identity first (``core.memo.remember_last``), the others from ``_tables``' cache.
tables = remember_last(_tables)


def hand_total(config: Config, hand: tuple[int, ...]) -> int:
    """The zombies a turned-over hand counts: its cards' sum, after kept effects act.

    Kept effects act left to right, each on the scores the ones before it left.
    """
    t = tables(config)
    if t.plain:
        return sum(hand)
    scores = tuple(t.score[card] for card in hand)
    effects = dict(t.kept)
    for position, card in enumerate(hand):
        effect = effects.get(card)
        if effect is not None:
            scores = effect(scores, position)
    return sum(scores)


def card_score(config: Config, card: int) -> int:
    """What ``card`` counts as in a hand before any kept effect: a bot's estimate of it."""
    return card if not is_special(card) else tables(config).score[card]


def special_of(config: Config, card: int) -> SpecialCard:
    """The special card kind ``card`` is (``card`` must be one of the config's specials)."""
    return config.specials[special_index(card)]


def card_label(config: Config, card: int) -> str:
    """A card's name: the printed name of a numbered card, a special card's own."""
    return special_of(config, card).name if is_special(card) else card_name(card)


def card_text(config: Config, card: int) -> str:
    """What a special card does, as its text says; ``""`` for a numbered card."""
    return effect_text(special_of(config, card)) if is_special(card) else ""
