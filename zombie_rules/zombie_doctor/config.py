"""Every rule variant and card-set choice of Zombie Doctor.

``Config()`` is the rulebook game plus one house rule of ours, a safety round cap
(``round_limit``, Ruling 28), because the rulebook game can loop for ever.
"""

from __future__ import annotations

import functools

import attrs

from zombie_rules.core.codes import CodeLayout
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.memo import remember_last
from zombie_rules.core.seats import every_seat
from zombie_rules.core.validation import require_type, short
from zombie_rules.zombie_doctor.cards import BUILT_IN, CHARACTERS, DEFAULT_DECK
from zombie_rules.zombie_doctor.vocabulary import Step, validate_effect

MIN_PLAYERS = 2
MAX_PLAYERS = len(CHARACTERS)
#: Copies of one card kind a deck may hold: far above any table's deck, low enough
#: that a hostile config cannot make every re-deal build a huge list.
MAX_COPIES = 100
#: The default round cap (see "Termination" in docs/rulings/zombie_doctor.md).
DEFAULT_ROUND_LIMIT = 200


@attrs.frozen
class CustomCard:
    """A pain/gain card kind designed by the table ("Have an idea for a card?").

    A card is data: ``steps`` is a tuple of vocabulary :class:`Step` records
    carried out in order (hands, deck, morgue and bodies, each with who learns
    what: :mod:`zombie_rules.zombie_doctor.vocabulary`), or ``effect`` names an
    effect registered with ``vocabulary.register_card_effect`` (a ``targets`` and an
    ``effect`` function over bodies, for what the vocabulary cannot say), which
    receives ``params`` as a mapping. So a ``Config`` holding custom cards goes
    through JSON, records and replays; an unknown effect name is refused with
    ``InvalidConfig`` naming it and the registered ones.

    ``self_flip`` makes the user flip one of their own cards at the end of the
    turn, like Amputate and X-Ray. ``description`` is the card's text.
    """

    name: str
    effect: str = ""
    steps: tuple[Step, ...] = ()
    params: tuple[tuple[str, int], ...] = ()
    self_flip: bool = False
    description: str = ""

    def __attrs_post_init__(self) -> None:
        require_type("custom_cards", self.name, str)
        if not isinstance(self.self_flip, bool) or not isinstance(self.description, str):
            raise InvalidConfig(
                "custom_cards",
                f"custom card {short(self.name)}: 'self_flip' must be true or false and"
                " 'description' a string",
            )
        validate_effect(self.name, self.effect, self.steps, self.params)


@attrs.frozen(cache_hash=True)
class Config:
    """A Zombie Doctor table; ``Config()`` is the rulebook game with a safety round cap.

    The cap is a house rule of ours, not the rulebook's: the rulebook game can
    loop for ever (Ruling 28), so after ``round_limit`` rounds (default 200; the
    longest game measured that did not loop lasted 154) the game ends with the
    health tiebreak;
    ``round_limit=None`` is the rulebook game exactly. ``players`` is 2-4; the
    rulebook's "designed for more than two players" for the Bonus Game Mode is a
    recommendation, so two players may play it too (Ruling 23).

    ``deck`` lists ``(card name, copies)`` per pain/gain card kind; a name is a
    built-in card or one of ``custom_cards``. ``bonus_mode`` is the rulebook's
    Bonus Game Mode (turned players stay in and roll a die to bite).
    ``round_limit`` ends a game after that many rounds with the health
    tiebreak; ``None`` plays without a cap (games can then go on for ever).
    """

    players: int = 4
    first_player: int = 0
    hand_size: int = 3
    deck: tuple[tuple[str, int], ...] = DEFAULT_DECK
    bonus_mode: bool = False
    round_limit: int | None = DEFAULT_ROUND_LIMIT
    custom_cards: tuple[CustomCard, ...] = ()

    def __attrs_post_init__(self) -> None:
        validate(self)


def validate(config: Config) -> None:
    """Raise :class:`InvalidConfig` naming the first field that cannot be played.

    Types first: attrs checks none, and ``players="4"`` or ``bonus_mode="no"``
    would otherwise play a different game or fail deep inside the rules.
    """
    require_type("players", config.players, int)
    require_type("first_player", config.first_player, int)
    require_type("hand_size", config.hand_size, int)
    require_type("bonus_mode", config.bonus_mode, bool)
    require_type("round_limit", config.round_limit, (int, type(None)))
    require_type("deck", config.deck, tuple)
    for entry in config.deck:
        if not (
            type(entry) is tuple
            and len(entry) == 2
            and type(entry[0]) is str
            and type(entry[1]) is int
        ):
            raise InvalidConfig(
                "deck", f"each entry must be a (card name, copies) pair, not {short(entry)}"
            )
    require_type("custom_cards", config.custom_cards, tuple)
    for custom in config.custom_cards:
        if type(custom) is not CustomCard:
            raise InvalidConfig(
                "custom_cards", f"must hold CustomCard records, not {short(custom)}"
            )
    if not MIN_PLAYERS <= config.players <= MAX_PLAYERS:
        raise InvalidConfig(
            "players",
            f"Zombie Doctor is for {MIN_PLAYERS}-{MAX_PLAYERS} players,"
            f" not {short(config.players)}",
        )
    if not 0 <= config.first_player < config.players:
        raise InvalidConfig(
            "first_player",
            f"must be a seat 0-{config.players - 1}, not {short(config.first_player)}",
        )
    if config.hand_size < 1:
        raise InvalidConfig(
            "hand_size", f"need at least one card each, not {short(config.hand_size)}"
        )
    if config.round_limit is not None and config.round_limit < 1:
        raise InvalidConfig(
            "round_limit", f"must be None or at least 1, not {short(config.round_limit)}"
        )
    custom_names = [c.name for c in config.custom_cards]
    for name in custom_names:
        if not name.isidentifier() or name != name.lower() or name in BUILT_IN:
            raise InvalidConfig(
                "custom_cards",
                f"{short(name)}: a custom card needs a new lower-case one-word name"
                " (not a built-in)",
            )
    if len(set(custom_names)) != len(custom_names):
        raise InvalidConfig("custom_cards", "each custom card name may be used only once")
    names = [name for name, _ in config.deck]
    if len(set(names)) != len(names):
        raise InvalidConfig("deck", "each card kind may be listed only once")
    known = set(BUILT_IN) | set(custom_names)
    for name, copies in config.deck:
        if name not in known:
            raise InvalidConfig(
                "deck", f"{short(name)} is neither a built-in card nor one of custom_cards"
            )
        if not 1 <= copies <= MAX_COPIES:
            raise InvalidConfig(
                "deck", f"{short(name)}: between 1 and {MAX_COPIES} copies, not {short(copies)}"
            )
    size = sum(copies for _, copies in config.deck)
    needed = config.players * config.hand_size
    if size < needed:
        raise InvalidConfig(
            "deck", f"{size} cards cannot deal {config.players} hands of {config.hand_size}"
        )


@attrs.frozen
class Tables:
    """Per-config lookups the hot path needs, computed once per config."""

    names: tuple[str, ...]  # card name per kind index (the deck's order)
    copies: tuple[int, ...]  # copies per kind index
    index: dict[str, int]  # card name -> kind index
    custom: dict[int, CustomCard]  # kind index -> custom card
    morgue_kinds: int  # characters in play * 4 limbs * 2 sides
    everyone: int  # bitmask of all seats


@functools.lru_cache(maxsize=64)
def _tables(config: Config) -> Tables:
    names = tuple(name for name, _ in config.deck)
    by_name = {c.name: c for c in config.custom_cards}
    return Tables(
        names=names,
        copies=tuple(copies for _, copies in config.deck),
        index={name: i for i, name in enumerate(names)},
        custom={i: by_name[name] for i, name in enumerate(names) if name in by_name},
        morgue_kinds=config.players * 8,
        everyone=every_seat(config.players),
    )


def morgue_kind(character: int, slot: int, infected: bool) -> int:
    """The morgue pile's kind index of a limb card (slots 2-5 only)."""
    return _MORGUE_CODE.pack(character * 4 + slot - 2, infected)


def morgue_limb(kind: int) -> tuple[int, int, bool]:
    """``(character, slot, infected)`` of a morgue kind index."""
    rest = _MORGUE_CODE.high(kind)
    return rest // 4, rest % 4 + 2, bool(_MORGUE_CODE.low(kind))


#: A morgue kind: the limb (``character * 4 + limb``) high, its side up (1: infected) low.
_MORGUE_CODE = CodeLayout(1)


#: The lookups of a config. Every move asks several times about the same config, and
#: even a cached hash is a Python call, so the config asked about last is answered by
#: identity first (``core.memo.remember_last``), the others from ``_tables``' cache.
tables = remember_last(_tables)
