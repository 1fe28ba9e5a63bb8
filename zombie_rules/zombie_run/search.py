"""What the search bot knows of Zombie Run!: an evaluation, a natural break, a belief, settings.

``SEARCH`` is the title's ``Game.search``: ``evaluate``, and as its settings
``SETTINGS``, the :class:`~zombie_rules.search.ISMCTSAgent` options ``make_ismcts``
starts from for this title (``benchmarks/search_strength.py`` measures them).

Where the strength comes from: the decisions that decide games are the shouts.
One in three of the heuristic bot's shouts is doubled (someone was lower), and
a shout missed while the others are still high (above all in the last round,
when a leader's shout ends the game) gives them turns to catch up. So the search
asks one question, on common worlds and seeds (``paired``): the heuristic's move
with or without a shout (``shortlist``). Its worlds are weighed by how the table
plays (``world_weight``): an opponent keeps the low cards it knows and would
have shouted with a low hand. The rollout ends with the round (``round_over``),
and the round's scores are turned into chances of winning the game
(``evaluate``) from how the bots score in the rounds still to come; the last
round is scored by the game's result, all or nothing.

Measured (decision studies: where the search departs from the heuristic, the
difference in the chance of winning, by 300 rollouts on the true deal with
common random numbers): a one-step gain of about 4 points of winning chance per
game, nine tenths of it in shouts made or held back; weighing the other ways of
taking the card in, or the draw, added nothing. Worlds re-dealt uniformly, with
no belief, gain a seventh as much.

The belief is a pool of 1,024 re-deals weighed once per search
(``world_pool``): measured, it gains about a third more per game than keeping
one of 8 re-deals per round, at the same steps.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, overload

import attrs

from zombie_rules.core.scoring import softmax, winner_values
from zombie_rules.core.search_hints import SearchHints
from zombie_rules.core.seats import has_seat
from zombie_rules.zombie_run.agents import HeuristicAgent
from zombie_rules.zombie_run.cards import special_card
from zombie_rules.zombie_run.config import Config as RunConfig
from zombie_rules.zombie_run.config import TieBreak, card_score
from zombie_rules.zombie_run.rules import result as run_result
from zombie_rules.zombie_run.state import Action, Move, Phase
from zombie_rules.zombie_run.state import State as RunState
from zombie_rules.zombie_run.views import View as RunView

# ------------------------------------------------------------------ evaluation

#: A round's score (the shouter's doubled) by seat position after the dealer (the first to
#: play first), as ``(mean, standard deviation)``, per player count, for the rulebook deck
#: and hands: 6,000 rounds of heuristic bots each. The first to play scores lowest: it
#: gets the most turns before a shout.
_ROUND_SCORES: Mapping[int, tuple[tuple[float, float], ...]] = MappingProxyType(
    {
        2: ((11.74, 7.77), (14.38, 9.21)),
        3: ((13.5, 8.63), (15.69, 9.46), (16.64, 9.83)),
        4: ((14.37, 8.8), (16.32, 9.55), (17.17, 9.74), (17.83, 9.87)),
        5: ((14.98, 8.97), (16.68, 9.51), (17.33, 9.68), (18.16, 9.94), (18.64, 10.15)),
        6: ((15.86, 9.13), (17.27, 9.64), (17.8, 9.8), (18.65, 10.02), (18.97, 10.06),
            (19.17, 9.99)),
        7: ((15.96, 9.26), (17.51, 9.68), (18.1, 9.58), (18.65, 9.91), (19.37, 10.14),
            (19.73, 10.21), (19.82, 10.2)),
    }
)  # fmt: skip

#: A round cut off before its end (a rollout's move cap): the hands as they stand, with
#: about this spread still to come.
_ROUND_LEFT_SD = 6.0

#: The integral over one seat's total is a midpoint sum over +-4 standard deviations:
#: 8 points are within 0.0003 of the exact chance (checked against 200).
_NODES = tuple(-4.0 + (k + 0.5) for k in range(8))
_WEIGHTS = tuple(math.exp(-z * z / 2) for z in _NODES)
_WEIGHT_SUM = sum(_WEIGHTS)


@functools.lru_cache(maxsize=64)
def _modelled(config: RunConfig) -> bool:
    """Whether ``_ROUND_SCORES`` was measured for this table.

    The number of rounds, the first dealer and the tie-break do not change how a
    round is played, so they may be anything.
    """
    if config.players not in _ROUND_SCORES:
        return False
    plain = attrs.evolve(config, rounds=1, first_dealer=0, tie_break=TieBreak.SHARED)
    return plain == RunConfig(players=config.players, rounds=1)


class WinChances(Sequence[float]):
    """Each seat's chance of the lowest final total, its scores so far plus normal rounds to come.

    Worked out per seat only when asked (a search reads its own seat's value): each
    chance is one integral over that seat's total of the chance that every other
    seat ends at least as high (a shared lowest total wins, as the rulebook's tie is
    played by default).
    """

    __slots__ = ("_known", "_means", "_spreads")

    def __init__(self, means: Sequence[float], spreads: Sequence[float]) -> None:
        self._means = tuple(means)
        self._spreads = tuple(spreads)
        self._known: dict[int, float] = {}

    def __len__(self) -> int:
        return len(self._means)

    @overload
    def __getitem__(self, index: int) -> float: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[float]: ...

    def __getitem__(self, index: int | slice) -> float | Sequence[float]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(len(self))[index])
        seat = range(len(self))[index]
        known = self._known.get(seat)
        if known is None:
            known = self._known[seat] = self._chance(seat)
        return known

    def __repr__(self) -> str:
        return f"WinChances({', '.join(f'{v:.3f}' for v in self)})"

    def _chance(self, seat: int) -> float:
        means, spreads = self._means, self._spreads
        mine, spread = means[seat], spreads[seat]
        others = [(means[s], spreads[s]) for s in range(len(means)) if s != seat]
        total = 0.0
        for z, weight in zip(_NODES, _WEIGHTS, strict=True):
            x = mine + spread * z
            for mean, sd in others:
                # The chance that this seat ends at least at x.
                weight *= 0.5 * math.erfc((x - mean) / (sd * math.sqrt(2.0)))
            total += weight
        return total / _WEIGHT_SUM


def evaluate(state: RunState) -> Sequence[float]:
    """Each seat's chance of winning: its total so far plus the rounds still to come.

    A finished game is scored by its result. For the tables ``_ROUND_SCORES`` was
    measured on, each round to come adds a normal score with the mean and spread
    of the seat's position after that round's dealer: 6,000 heuristic games'
    positions are predicted as well as by replaying their rounds (and better than
    by a softmax: the chance a round's 8 zombies cost is off by half as much).
    Other tables fall back to :func:`projected_softmax`.
    """
    config = state.config
    final = run_result(state)
    if final is not None:
        return winner_values(final, config.players)
    if not _modelled(config):
        return projected_softmax(state)
    players = config.players
    table = _ROUND_SCORES[players]
    means = [float(score) for score in state.scores]
    variances = [0.0] * players
    first = state.round
    if any(state.hands):
        # Cut off inside a round: its hands as they stand, some spread still to come.
        size = config.hand_size
        for seat, hand in enumerate(state.hands):
            means[seat] += _worth(config, hand) + (size - len(hand)) * _deck_mean(config)
            variances[seat] += _ROUND_LEFT_SD**2
        first += 1
    for round_ in range(first, config.rounds):
        dealer = (state.dealer + round_ - state.round) % players
        for seat in range(players):
            mean, sd = table[(seat - dealer - 1) % players]
            means[seat] += mean
            variances[seat] += sd * sd
    if not any(variances):
        low = min(means)
        return tuple(1.0 if m == low else 0.0 for m in means)
    return WinChances(means, [math.sqrt(v) for v in variances])


def _deck_mean(config: RunConfig) -> float:
    deck = _scored_deck(config)
    return sum(z * c for z, c in deck) / sum(c for _, c in deck)


def _scored_deck(config: RunConfig) -> tuple[tuple[int, int], ...]:
    """``(counts as, copies)`` per card kind, special cards at their zombies."""
    if not config.specials:
        return config.deck
    return config.deck + tuple((s.zombies, s.copies) for s in config.specials)


def _worth(config: RunConfig, hand: tuple[int, ...]) -> int:
    """What a hand's cards count as, each on its own (kept effects left to the round's end)."""
    if not config.specials:
        return sum(hand)
    return sum(card_score(config, card) for card in hand)


def projected_softmax(state: RunState) -> tuple[float, ...]:
    """Lowest projected total wins: the scores so far plus each hand now.

    Cards not dealt yet count at the deck's mean. The chance of winning is a
    softmax of the negated projections with a temperature of 7 zombies times the
    square root of the rounds still to come (this one included), fitted on 300
    heuristic games: the evaluation for tables without measured round scores.
    """
    config = state.config
    final = run_result(state)
    if final is not None:
        return winner_values(final, config.players)
    mean = _deck_mean(config)
    size = config.hand_size
    projected = [
        score + _worth(config, hand) + (size - len(hand)) * mean
        for score, hand in zip(state.scores, state.hands, strict=True)
    ]
    temperature = 7.0 * math.sqrt(config.rounds - state.round)
    return softmax([-p / temperature for p in projected], [True] * config.players)


def round_over(origin: RunState, state: RunState) -> bool:
    """A Zombie Run! rollout stops when the round it started in is scored.

    Round scores are what the game is won with; a rollout that plays into the next
    round only adds the noise of a fresh deal.
    """
    return state.round != origin.round


# ---------------------------------------------------------------------- belief

#: Zombie Run!: how much likelier each card is to be one an opponent knows in its hand
#: (and the searching seat does not) than to be any unseen card, by zombies on it, for
#: turns 0-3, 4-7, 8-11 and 12 on of the round. Bots and people keep the low cards they
#: look at and swap out the high ones, so a card its owner has known for a while is
#: rarely a Horde; a re-deal uniform over the unseen cards ignores that. Measured on 300
#: heuristic games; a card of another count (a custom deck) weighs 1.
_RUN_KNOWN_CARD: tuple[dict[int, float], ...] = (
    {0: 1.1, 1: 1.12, 2: 1.17, 3: 1.17, 4: 1.21, 5: 1.23, 6: 1.08, 7: 0.93, 8: 0.85, 9: 0.82,
     15: 0.69},
    {0: 1.25, 1: 1.31, 2: 1.43, 3: 1.44, 4: 1.52, 5: 1.62, 6: 1.03, 7: 0.78, 8: 0.67, 9: 0.43,
     15: 0.19},
    {0: 1.24, 1: 1.35, 2: 1.55, 3: 1.54, 4: 1.76, 5: 1.96, 6: 0.78, 7: 0.57, 8: 0.38, 9: 0.19,
     15: 0.05},
    {0: 1.08, 1: 1.34, 2: 1.98, 3: 1.43, 4: 2.08, 5: 2.31, 6: 0.45, 7: 0.18, 8: 0.11, 9: 0.03,
     15: 0.02},
)  # fmt: skip

#: The table's bots shout once their hand looks this low per card (the heuristic's rule).
_SHOUT_PER_CARD = HeuristicAgent().shout_per_card

#: How much less likely a world is where an opponent stayed quiet with a hand it would
#: have shouted with. Not zero: people (and other bots) do not all shout by one rule.
_QUIET_WITH_LOW_HAND = 0.05


def world_weight(view: RunView, world: RunState) -> float:
    """How plausible ``world``'s hidden cards are, given how the table has played.

    Two things the play tells: the cards an opponent knows in its hand are low
    more often than unseen cards (``_RUN_KNOWN_CARD``); and an opponent that has
    had a turn this round and did not shout did not think its hand low (the
    table's bots shout at 2.5 zombies a card, counting the cards they have not
    seen at the mean of what they have not seen). Its hand has not changed since
    its last turn, so a world that gives it a hand it would have shouted with is
    unlikely.
    """
    seat = view.seat
    table = _RUN_KNOWN_CARD[min(view.turns_taken // 4, len(_RUN_KNOWN_CARD) - 1)]
    players = world.config.players
    first = (world.dealer + 1) % players
    weight = 1.0
    unseen: list[float] | None = None
    for s, (seen, knows, cards) in enumerate(
        zip(view.hands, view.owner_knows, world.hands, strict=True)
    ):
        if s == seat:
            continue
        estimate = 0.0
        blind = 0
        for card, owner, shown in zip(cards, knows, seen, strict=True):
            if owner:
                estimate += card
                if shown is None:
                    weight *= table.get(card, 1.0)
            else:
                blind += 1
        if not cards or view.turns_taken <= (s - first) % players:
            continue  # no turn yet this round: its silence tells nothing
        if blind:
            if unseen is None:
                unseen = _unseen_means(world)
            estimate += blind * unseen[s]
        if estimate <= _SHOUT_PER_CARD * len(cards):
            weight *= _QUIET_WITH_LOW_HAND
    return weight


def _unseen_means(world: RunState) -> list[float]:
    """Per seat, the mean of the cards it has not seen in ``world``, as the heuristic bot counts.

    Sums rather than the bot's per-kind tally: the two agree wherever the cards seen
    are cards of the deck, which they always are in a consistent world.
    """
    players = world.config.players
    config = world.config
    deck = _scored_deck(config)
    public = _worth(config, world.discard_pile)
    count = len(world.discard_pile)
    sums = [float(public)] * players
    counts = [count] * players
    for hand, row in zip(world.hands, world.seen, strict=True):
        for card, mask in zip(hand, row, strict=True):
            for s in range(players):
                if has_seat(mask, s):
                    sums[s] += card_score(config, card)
                    counts[s] += 1
    held = world.held
    if held is not None:
        for s in range(players):
            if world.held_public or world.turn == s:
                sums[s] += card_score(config, held)
                counts[s] += 1
    total = sum(z * c for z, c in deck)
    size = sum(c for _, c in deck)
    return [
        (total - x) / (size - n) if size > n else 0.0 for x, n in zip(sums, counts, strict=True)
    ]


# ------------------------------------------------------------------- shortlist

#: A shout is weighed only with a hand expected at most this many zombies a card: above
#: it the shouter is all but sure to be doubled (the bots shout at 2.5 a card).
_SHOUT_CAP_PER_CARD = 4.5

#: The table's bot, whose way of taking the card in the shortlist keeps.
_HEURISTIC = HeuristicAgent()


def shortlist(view: RunView, legal_moves: Sequence[Move]) -> list[Move]:
    """Whether to shout: the heuristic's move with and without the shout.

    The shout is what decides games (one in three of the bots' shouts is
    doubled), and it is a yes or no the search measures well on common worlds.
    Weighing the other ways of taking the card in too (``wide_shortlist``)
    spread the same budget over twice the moves and won nothing: the heuristic
    already keeps the lowest cards it knows. The draw is the heuristic's (an empty
    list: the search adds the policy's move). A shout with a hand expected above
    4.5 zombies a card is not weighed.
    """
    if view.phase is not Phase.DECIDE or view.seat is None or view.held is None:
        return []
    move = _HEURISTIC.choose(view, legal_moves, _NO_RANDOMNESS)
    hand = view.hands[view.seat]
    after = _after(view, move)
    return [
        m
        for m in legal_moves
        if m.action is move.action
        and m.args == move.args
        and (not m.shout or after <= _SHOUT_CAP_PER_CARD * len(hand))
    ]


def wide_shortlist(view: RunView, legal_moves: Sequence[Move]) -> list[Move]:
    """The distinct choices of a turn, as this seat knows them (an alternative shortlist).

    The draw is the heuristic's (comparing the two piles never paid: the draw's
    value is in the decision that follows). With a card in hand: discard it, swap
    it for a known card that is higher, or swap it into one unseen place (the
    unseen places are alike to this seat, and to every other, which knows them no
    better), each with and without a shout unless the hand after it would be too
    high to shout with.
    """
    if view.phase is not Phase.DECIDE or view.seat is None or view.held is None:
        return []
    hand = view.hands[view.seat]
    held = view.held
    cap = _SHOUT_CAP_PER_CARD * len(hand)
    blind = next((p for p, card in enumerate(hand) if card is None), None)
    moves = []
    for move in legal_moves:
        if move.action is Action.SWAP:
            card = hand[move.args[0]]
            if card is None and move.args[0] != blind:
                continue
            if card is not None and card <= held:
                continue
        if move.shout and _after(view, move) > cap:
            continue
        moves.append(move)
    return moves


def _after(view: RunView, move: Move) -> float:
    """The hand the seat expects to hold after ``move``, unseen cards at the unseen mean."""
    assert view.seat is not None and view.held is not None
    unknown = _mean_of_unseen(view)
    config = view.config
    hand = view.hands[view.seat]
    estimates = [unknown if card is None else float(card_score(config, card)) for card in hand]
    if move.action is Action.SWAP:
        estimates[move.args[0]] = card_score(config, view.held)
    return sum(estimates)


def _mean_of_unseen(view: RunView) -> float:
    config = view.config
    remaining = dict(config.deck)
    remaining.update({special_card(k): s.copies for k, s in enumerate(config.specials)})
    seen = [card for hand in view.hands for card in hand if card is not None]
    seen += view.discard_pile
    if view.held is not None:
        seen.append(view.held)
    for card in seen:
        if remaining.get(card, 0) > 0:
            remaining[card] -= 1
    total = sum(remaining.values())
    worth = sum(card_score(config, card) * n for card, n in remaining.items())
    return worth / total if total else 0.0


#: The heuristic bot never draws from its generator; the shortlist hands it this one.
_NO_RANDOMNESS = random.Random(0)

#: The search bot's options for Zombie Run!.
SETTINGS: Mapping[str, Any] = MappingProxyType(
    {
        "iterations": None,
        "steps": 6000,
        "rollout_moves": 150,
        "stop": round_over,
        "world_weight": world_weight,
        "world_pool": 1024,
        "paired": True,
        "shortlist": shortlist,
        # Measured: 0.5 departs more often for the same gain; 2.0 gains a seventh less.
        "confidence": 1.0,
    }
)

#: The hints ``make_ismcts`` reads through ``Game.search``.
SEARCH = SearchHints(evaluate=evaluate, settings=SETTINGS)
