"""Single-observer information-set MCTS (Cowling, Powley and Whitehouse 2012) over any title.

One search builds a tree of the *searching seat's* information sets. Each
iteration:

1. draws a fresh determinization, a full state consistent with what the seat
   knows (``worlds(rng)``: the title's ``determinize``, a re-deal of every card
   it cannot see), optionally resampled by a belief (``world_weight``, below);
2. walks down the tree in that world: chance is sampled with its real
   probabilities; at a decision a node is looked up by the searching seat's
   ``view`` of the world, and a move is picked by UCB among the moves legal *in
   this world*, with availability counts (how often a move was legal when its
   node was visited) in place of the parent's visits;
3. adds the first node it reaches that is not in the tree, then plays on with a
   rollout policy and scores where the rollout stops;
4. backs the score up: each move on the path is credited with its mover's share.

Why nodes are keyed by the searching seat's view, not by the move that led there:
the view is exactly what that seat knows, so two worlds, two chance outcomes or
two secret commitments of another seat that it cannot tell apart (a vote cast
face down, a card drawn unseen) reach the *same* node, and nothing below can
depend on what it could not have seen. Keying edges by move alone would split
the tree on another seat's hidden vote and let the searcher plan as if it had
seen it. The table is a transposition table: paths that end in the same
knowledge share statistics. A node's edges are still moves (the mover chooses
among moves), so its statistics are per move.

Rollouts, and why they are cut off: a whole game of these titles is 100-300
moves, and a full rollout with random moves says almost nothing about one
decision (random players lose every title in the same few ways), while a full
rollout with the heuristic bots costs 10-60 ms, a handful per move at this
budget. So rollouts follow the title's heuristic bot, each seat choosing from
its own view of the world, for at most ``rollout_moves`` moves (the other seats'
moves on the way down the tree count too), or until ``stop`` says a natural break
is reached (the end of a Zombie Run! round), and that position is scored by the
title's evaluation (``Game.search.evaluate``): an estimated chance
that each seat wins. A game that ends inside the rollout is scored by its
result. Without an evaluation the rollouts run to the end. ``epsilon`` mixes in
random moves; it is 0 by default, because the worlds, the chance events and the
bots' own draws already vary, and a random move is often one no player makes (a
Zombie Run! shout on the first turn ends the round for everyone).

The bot as policy improvement: at a few hundred iterations the value of one
move of a long game is measured with an error of a few percent, about the size
of the differences between sensible moves. Two things keep that noise from
turning into worse play than the heuristic's. The heuristic's move gets a
progressive bias (Chaslot et al. 2008): ``prior / (visits + 1)`` added to its
score at the searcher's nodes, so it is measured best; and the root keeps the
heuristic's move unless another move's mean beats it by ``confidence`` standard
errors. So the bot plays the heuristic where the search cannot tell, and
departs from it where the search sees that it is wrong.

Beliefs: ``determinize`` deals the unseen cards uniformly among the consistent
deals, so it knows nothing of how the others have played. A title may say how
likely a world is given the play seen (``world_weight``); each iteration then
keeps one of ``candidates`` worlds in proportion (sampling-importance-resampling).
Texas Zombies reads the public votes with its bot's voter model (who backs whom
says who is on which team); Zombie Run! weighs the cards opponents know in their
hands, which are low more often than unseen cards are.

Paired comparison at the root (``paired=True``): in a long game the value of one
move is a small difference between two noisy outcomes, and most of the noise is
the world and the dice, which both moves share. So iterations come in rounds:
each round draws one world and one seed, and plays every root candidate in it,
each from a generator seeded alike (common random numbers). The root then keeps
the policy's move unless another's *paired* differences (its value minus the
policy's move's, round by round) have a mean above ``confidence`` standard errors:
the world's luck cancels out of each difference. Below the root the tree is as
before. Every candidate gets the same share of the budget, so it suits titles
with a few moves a decision (or a ``shortlist``).

Shortlists (``shortlist(view, legal_moves)``): at the searcher's own decisions the
search considers only these moves, with the policy's move always added, so a
title with many near-identical moves (free actions, the same card to either of
two places) can group them and spend the budget on the distinct choices. The
searcher's legal moves are the same in every world of one information set (the
determinization guarantees it), so the list is made once per node.

Other seats: with ``opponents="search"`` (pure SO-ISMCTS) every seat's moves
are chosen in the tree by the same bandit, from the searcher's information sets.
With ``opponents="policy"`` (the default) the other seats play the rollout policy
from their own view of the world, inside the tree too, so the tree branches
only on the searcher's own decisions: at a few hundred iterations that spends
the whole budget on the decisions that are ours to make, and models the other
seats as the table's bots play. Either way every seat, the searcher included,
chooses from information it could have, never from the world's hidden cards.

The agent never sees the true state: it gets the view, its legal moves and the
sampler of worlds. Its own randomness comes from a private generator seeded by
where the driver's ``rng`` stands, without advancing it; only the policy's move
is drawn from the driver's stream. So the stream moves on exactly as it would
with the policy bot in the seat, whatever the budget: a seeded game with the
search in one seat deals the same cards as the same seed with the heuristic
there, until the search first departs from the heuristic's move (which makes a
benchmark's pair of games a paired comparison), and the choice still depends on
the seed. A decision whose shortlist leaves only the policy's move is played
without a search (in Zombie Run! four decisions in five).

World pools (``world_pool=N`` with a ``world_weight``): instead of re-dealing
``candidates`` worlds per iteration and keeping one, a search draws ``N`` worlds
once, weighs them all, and each iteration (or paired round) resamples one in
proportion to its weight. The whole pool approximates the belief better than a
handful of candidates, and the re-deals are paid once per search, not per
iteration (in Zombie Run! they were 40% of a search's time).
"""

from __future__ import annotations

import bisect
import hashlib
import math
import random
import struct
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Literal

from zombie_rules.core.actors import CHANCE
from zombie_rules.core.chance import pick_weighted
from zombie_rules.core.errors import InvalidConfig
from zombie_rules.core.game import Game
from zombie_rules.core.result import Result
from zombie_rules.play import Agent, RandomAgent, WorldSampler, pick_actor

#: An evaluation: a position's value for each seat, each in [0, 1] (a chance of winning).
Evaluation = Callable[[Any], Sequence[float]]

#: ``stop(origin, state)``: whether a rollout from the iteration's world ``origin`` is
#: done at ``state`` (a natural break where the evaluation is at its most accurate).
Stop = Callable[[Any, Any], bool]

#: ``shortlist(view, legal_moves)``: the moves worth searching at one of the searcher's decisions.
Shortlist = Callable[[Any, Sequence[Any]], Sequence[Any]]

#: What the other seats do inside the search (see the module docstring).
Opponents = Literal["policy", "search"]

#: The longest walk down the tree in one iteration: a transposition table can hold a
#: cycle (a proposal made and withdrawn), and a walk must end.
_MAX_TREE_DEPTH = 400

#: Edge statistics, one list per move of a node (lists: the hot loop indexes them).
_VISITS, _TOTAL, _AVAILABLE, _SQUARES = 0, 1, 2, 3


def result_values(result: Result, players: int) -> tuple[float, ...]:
    """A finished game's score per seat: 1 for every winner, 0 for the others.

    Titles where the whole table can win (a Texas Zombies tie) give every seat 1,
    which is what each seat's chance of being among the winners should count.
    """
    winners = result.winners
    return tuple(1.0 if s in winners else 0.0 for s in range(players))


class _Node:
    """One information set of the searching seat: per move, visits, score, availability.

    ``hint`` is the policy's move here (for the progressive bias), once asked;
    ``moves`` the searcher's shortlisted moves here, once made.
    """

    __slots__ = ("edges", "hint", "moves")

    def __init__(self, hint: Any = None) -> None:
        # move -> [visits, total score of the mover, times available, total of squares]
        self.edges: dict[Hashable, list[float]] = {}
        self.hint = hint
        self.moves: list[Any] | None = None


class ISMCTSAgent:
    """An information-set MCTS bot for any title, through the ``Game`` protocol alone.

    ``iterations``, ``steps`` and ``seconds`` bound each search, whichever comes
    first: ``steps`` counts the moves applied in the tree and the rollouts, so it
    bounds a search's time as closely as a clock does (a move's cost varies with
    the rollouts' lengths, an iteration's much more) while a seeded game still
    reproduces on any machine; give ``seconds=None`` for a clock-free search. The
    budget is checked between iterations (between paired rounds), and one is
    always done. ``policy`` plays the
    rollouts and the other seats (default: the title's ``heuristic`` bot, else
    random moves); ``epsilon`` is how often a rollout move is random instead.
    ``evaluate`` scores a cut-off rollout; ``rollout_moves`` is how many moves a
    rollout plays before it is cut off (``None``: to the end) and ``stop`` ends it
    earlier at a natural break (see the module docstring). ``exploration`` is the
    UCB constant for scores in [0, 1]. ``prior`` is the progressive bias toward the
    policy's move and ``confidence`` how many standard errors another move must
    beat it by at the root (``None``: play the most visited move).
    ``opponents`` says who chooses the other seats' moves.
    ``world_weight(view, world)``, when given, is a relative likelihood of a world
    given what the seat has seen (the title's model of how others play): each
    iteration then draws ``candidates`` worlds and keeps one in proportion to it,
    so a re-deal that is uniform over the consistent deals becomes a belief.
    ``world_pool`` (with ``world_weight``) draws and weighs that many worlds once
    per search and resamples them instead. ``paired`` compares the root's moves on
    common worlds and seeds, and ``shortlist`` narrows the searcher's moves (see
    the module docstring).
    Bad options raise :class:`~zombie_rules.core.errors.InvalidConfig` naming them.
    """

    def __init__(
        self,
        game: Game[Any, Any, Any, Any],
        *,
        iterations: int | None = 200,
        seconds: float | None = None,
        steps: int | None = None,
        policy: Agent | None = None,
        evaluate: Evaluation | None = None,
        rollout_moves: int | None = None,
        stop: Stop | None = None,
        epsilon: float = 0.0,
        exploration: float = 0.7,
        prior: float = 0.5,
        confidence: float | None = 1.0,
        opponents: Opponents = "policy",
        world_weight: Callable[[Any, Any], float] | None = None,
        candidates: int = 4,
        world_pool: int | None = None,
        paired: bool = False,
        shortlist: Shortlist | None = None,
    ) -> None:
        _check_options(
            iterations,
            steps,
            seconds,
            evaluate,
            rollout_moves,
            opponents,
            candidates,
            confidence,
        )
        if world_pool is not None and (type(world_pool) is not int or world_pool < 1):
            raise InvalidConfig(
                "world_pool", f"must be an int of at least 1 or None, not {world_pool!r}"
            )
        if type(paired) is not bool:
            raise InvalidConfig("paired", f"must be True or False, not {paired!r}")
        if shortlist is not None and not callable(shortlist):
            raise InvalidConfig("shortlist", f"must be a function or None, not {shortlist!r}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.steps = steps
        if policy is None:
            factory = game.agents.get("heuristic")
            policy = factory() if factory is not None else RandomAgent()
        self.policy = policy
        self.evaluate = evaluate
        self.rollout_moves = rollout_moves
        self.stop = stop if evaluate is not None else None
        self.epsilon = epsilon
        self.exploration = exploration
        self.prior = prior
        self.confidence = confidence
        self.opponents = opponents
        self.world_weight = world_weight
        self.candidates = candidates
        self.world_pool = world_pool
        self.paired = paired
        self.shortlist = shortlist
        #: Iterations and seconds of the last search (for benchmarks), or ``None``.
        self.last_search: tuple[int, float] | None = None
        #: Moves applied in the last search (tree and rollouts), the unit of ``steps``.
        self.last_steps = 0
        self._work = 0
        #: This search's weighed worlds (drawn, running total of weights), with ``world_pool``.
        self._pool: tuple[list[Any], list[float]] | None = None

    # -------------------------------------------------------------- the protocol

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        """Without worlds to search there is nothing to search: play the policy's move."""
        return self.policy.choose(view, legal_moves, rng)

    def choose_in_worlds(
        self,
        view: Any,
        legal_moves: Sequence[Any],
        rng: random.Random,
        worlds: WorldSampler,
    ) -> Any:
        """One of ``legal_moves``, searched over worlds drawn from ``worlds``."""
        if len(legal_moves) == 1:
            self.last_search = (0, 0.0)
            self.last_steps = 0
            return legal_moves[0]
        own = private_generator(rng)
        hint = self.policy.choose(view, legal_moves, rng)
        if hint not in legal_moves:
            hint = legal_moves[0]
        if self.shortlist is not None and all(
            m == hint for m in self.shortlist(view, list(legal_moves))
        ):
            self.last_search = (0, 0.0)
            self.last_steps = 0
            return hint
        return self._search(view, legal_moves, own, worlds, worlds.seat, hint)

    # ------------------------------------------------------------------ search

    def _search(
        self,
        view: Any,
        legal_moves: Sequence[Any],
        rng: random.Random,
        worlds: Callable[[random.Random], Any],
        seat: int,
        hint: Any,
    ) -> Any:
        """Search from ``view`` with the private ``rng``; ``hint`` is the policy's move."""
        root = _Node(hint)
        self._pool = None
        root.moves = self._shortlisted(view, list(legal_moves), hint)
        self._work = 0
        table: dict[Hashable, _Node] = {view: root}
        start = time.perf_counter()
        if self.paired:
            move, done = self._paired(view, root, table, seat, worlds, rng, start)
        else:
            move, done = self._unpaired(view, root, table, seat, worlds, rng, start)
        self.last_search = (done, time.perf_counter() - start)
        self.last_steps = self._work
        return move

    def _out_of_budget(self, done: int, start: float) -> bool:
        if self.iterations is not None and done >= self.iterations:
            return True
        if self.steps is not None and self._work >= self.steps:
            return True
        return self.seconds is not None and done > 0 and time.perf_counter() >= start + self.seconds

    def _unpaired(
        self,
        view: Any,
        root: _Node,
        table: dict[Hashable, _Node],
        seat: int,
        worlds: Callable[[random.Random], Any],
        rng: random.Random,
        start: float,
    ) -> tuple[Any, int]:
        done = 0
        while not self._out_of_budget(done, start):
            self._iterate(self._world(view, worlds, rng), root, table, seat, rng)
            done += 1
        assert root.moves is not None
        return self._final(root, root.moves, root.hint), done

    def _paired(
        self,
        view: Any,
        root: _Node,
        table: dict[Hashable, _Node],
        seat: int,
        worlds: Callable[[random.Random], Any],
        rng: random.Random,
        start: float,
    ) -> tuple[Any, int]:
        """Rounds of every root candidate on one world and one seed; the paired choice."""
        candidates = root.moves
        assert candidates is not None
        hint = root.hint
        values: dict[Any, list[float]] = {move: [] for move in candidates}
        done = 0
        while not done or not self._out_of_budget(done + len(candidates) - 1, start):
            world = self._world(view, worlds, rng)
            seed = rng.getrandbits(64)
            for move in candidates:
                scored = self._iterate(world, root, table, seat, random.Random(seed), move)
                values[move].append(scored[seat])
            done += len(candidates)
        return _paired_choice(values, hint, self.confidence), done

    def _shortlisted(self, view: Any, legal: list[Any], hint: Any) -> list[Any]:
        """The searcher's moves worth searching at ``view``: the shortlist, the hint first."""
        if self.shortlist is None:
            moves = legal
        else:
            moves = [m for m in self.shortlist(view, legal) if m != hint]
            moves.insert(0, hint)
        if hint in moves and moves[0] != hint:
            moves = [hint, *(m for m in moves if m != hint)]
        return moves

    def _final(self, root: _Node, legal_moves: Sequence[Any], hint: Any) -> Any:
        """The move to play: the most visited, or the policy's unless one clearly beats it."""
        edges = root.edges
        visited = [m for m in legal_moves if m in edges and edges[m][_VISITS]]
        if not visited:
            return hint
        if self.confidence is None or hint not in visited:
            return max(visited, key=lambda m: (edges[m][_VISITS], _mean(edges[m])))
        base = edges[hint]
        base_mean, base_error = _mean(base), _error(base)
        best, best_mean = hint, base_mean
        for move in visited:
            edge = edges[move]
            mean = _mean(edge)
            spread = math.sqrt(base_error + _error(edge))
            if mean > best_mean and mean - base_mean > self.confidence * spread:
                best, best_mean = move, mean
        return best

    def _world(self, view: Any, worlds: Callable[[random.Random], Any], rng: random.Random) -> Any:
        """A fresh determinization, resampled by ``world_weight`` when given."""
        weigh = self.world_weight
        if weigh is None:
            return worlds(rng)
        if self.world_pool is not None:
            return self._pooled_world(view, worlds, rng, weigh)
        drawn = [worlds(rng) for _ in range(self.candidates)]
        weights = [weigh(view, world) for world in drawn]
        total = sum(weights)
        if not total > 0:
            return drawn[0]
        pick = rng.random() * total
        for world, weight in zip(drawn, weights, strict=True):
            pick -= weight
            if pick < 0:
                return world
        return drawn[-1]

    def _pooled_world(
        self,
        view: Any,
        worlds: Callable[[random.Random], Any],
        rng: random.Random,
        weigh: Callable[[Any, Any], float],
    ) -> Any:
        """One world of this search's pool, in proportion to its weight (the pool made once)."""
        if self._pool is None:
            assert self.world_pool is not None
            drawn = [worlds(rng) for _ in range(self.world_pool)]
            running: list[float] = []
            total = 0.0
            for world in drawn:
                total += weigh(view, world)
                running.append(total)
            self._pool = (drawn, running)
        drawn, running = self._pool
        if not running[-1] > 0:
            return drawn[rng.randrange(len(drawn))]
        index = bisect.bisect_right(running, rng.random() * running[-1])
        return drawn[min(index, len(drawn) - 1)]

    def _iterate(
        self,
        state: Any,
        root: _Node,
        table: dict[Hashable, _Node],
        seat: int,
        rng: random.Random,
        forced: Any = None,
    ) -> Sequence[float]:
        """One iteration in the world ``state``; its scores, backed up along the path.

        ``forced`` is the root move to play instead of the bandit's choice (a paired round).
        """
        game = self.game
        stop = self.stop
        origin = state
        search_all = self.opponents == "search"
        path: list[tuple[_Node, Any, int]] = []
        node: _Node | None = root
        first = True
        values: Sequence[float] | None = None
        # Chance and the other seats' moves on the way down count against the rollout's
        # length: between two of the searcher's decisions they are the rollout.
        limit = self.rollout_moves
        spent = 0
        for _ in range(_MAX_TREE_DEPTH):
            actors = game.to_act(state)
            if not actors:
                break
            if not first and (
                (limit is not None and spent >= limit) or (stop is not None and stop(origin, state))
            ):
                assert self.evaluate is not None
                values = self.evaluate(state)
                break
            if CHANCE in actors:
                moves, weights = game.chance_weights(state)
                state = game.apply(state, pick_weighted(moves, weights, rng))
                spent += 1
                continue
            actor = seat if first else pick_actor(actors, rng)
            if actor != seat and not search_all:
                state = game.apply(state, self._policy_move(state, actor, rng))
                spent += 1
                continue
            if first:
                node = root
                key = None
            else:
                key = game.view(state, seat)
                node = table.get(key)
                if node is None:
                    table[key] = _Node()
                    break
            if actor == seat:
                own_moves = node.moves
                if own_moves is None:
                    legal = [m for m in game.legal_moves(state) if m.seat == actor]
                    hint = node.hint
                    if hint is None:
                        hint = self._policy_move(state, actor, rng, legal, explore=False)
                        node.hint = hint
                    own_moves = node.moves = self._shortlisted(key, legal, hint)
                if first and forced is not None:
                    move = forced
                    edge = node.edges.get(move)
                    if edge is None:
                        node.edges[move] = [0, 0.0, 1, 0.0]
                    else:
                        edge[_AVAILABLE] += 1
                else:
                    move = self._select(node, own_moves, state, actor, True, rng)
            else:
                legal = [m for m in game.legal_moves(state) if m.seat == actor]
                move = self._select(node, legal, state, actor, False, rng)
            path.append((node, move, actor))
            state = game.apply(state, move)
            first = False
        if values is None:
            values, spent = self._rollout(origin, state, rng, spent)
        self._work += len(path) + spent
        for node, move, actor in path:
            edge = node.edges[move]
            value = values[actor]
            edge[_VISITS] += 1
            edge[_TOTAL] += value
            edge[_SQUARES] += value * value
        return values

    def _select(
        self,
        node: _Node,
        legal: Sequence[Any],
        state: Any,
        actor: int,
        own: bool,
        rng: random.Random,
    ) -> Any:
        """UCB over the moves legal in this world, the policy's move first and favoured."""
        edges = node.edges
        untried = []
        for move in legal:
            edge = edges.get(move)
            if edge is None:
                edge = edges[move] = [0, 0.0, 0, 0.0]
            edge[_AVAILABLE] += 1
            if not edge[_VISITS]:
                untried.append(move)
        hint = None
        if own and (self.prior or untried):
            hint = node.hint
            if hint is None or hint not in edges:
                hint = node.hint = self._policy_move(state, actor, rng, legal, explore=False)
        if untried:
            if hint in untried:
                return hint
            return untried[rng.randrange(len(untried))]
        c = self.exploration
        prior = self.prior
        best = legal[0]
        best_score = -math.inf
        for move in legal:
            visits, total, available, _ = edges[move]
            score = total / visits + c * math.sqrt(math.log(available) / visits)
            if move == hint:
                score += prior / (visits + 1)
            if score > best_score:
                best, best_score = move, score
        return best

    def _policy_move(
        self,
        state: Any,
        actor: int,
        rng: random.Random,
        legal: Sequence[Any] | None = None,
        *,
        explore: bool = True,
    ) -> Any:
        game = self.game
        if legal is None:
            legal = [m for m in game.legal_moves(state) if m.seat == actor]
        if len(legal) == 1:
            return legal[0]
        if explore and self.epsilon and rng.random() < self.epsilon:
            return legal[rng.randrange(len(legal))]
        return self.policy.choose(game.view(state, actor), legal, rng)

    def _rollout(
        self, origin: Any, state: Any, rng: random.Random, played: int = 0
    ) -> tuple[Sequence[float], int]:
        """Play on with the policy; score the end, the cut-off or the break for every seat.

        ``played`` is how many of the rollout's moves the walk down the tree already made;
        it is returned with the scores, plus the moves the rollout made.
        """
        game = self.game
        limit = self.rollout_moves
        stop = self.stop

        while True:
            actors = game.to_act(state)
            if not actors:
                result = game.result(state)
                assert result is not None
                return result_values(result, len(result.scores)), played
            if (limit is not None and played >= limit) or (
                stop is not None and stop(origin, state)
            ):
                assert self.evaluate is not None
                return self.evaluate(state), played
            if CHANCE in actors:
                moves, weights = game.chance_weights(state)
                move = pick_weighted(moves, weights, rng)
            else:
                move = self._policy_move(state, pick_actor(actors, rng), rng)
            state = game.apply(state, move)
            played += 1


def private_generator(rng: random.Random) -> random.Random:
    """A generator seeded by where ``rng`` stands, leaving ``rng`` where it was.

    The search's thousands of draws then do not move the driver's stream: the
    game's chance outcomes stay those of the same seed with the policy bot in the
    seat until the search plays a different move. The seed is a digest of the
    Mersenne Twister's state words, not ``hash()`` (which differs between builds
    and, for ``None``, between processes), so a seeded game plays the same on any
    machine; a generator without a state (``SystemRandom``) gives one draw instead.
    """
    try:
        _version, internal, gauss = rng.getstate()
        words = struct.pack(f"<{len(internal)}I", *internal)
    except (NotImplementedError, TypeError, ValueError, struct.error):
        return random.Random(rng.getrandbits(64))
    digest = hashlib.blake2b(words + repr(gauss).encode(), digest_size=8).digest()
    return random.Random(int.from_bytes(digest, "big"))


def _paired_choice(values: dict[Any, list[float]], hint: Any, confidence: float | None) -> Any:
    """The root move of a paired search: the policy's, unless another clearly beats it.

    ``values[move][r]`` is the searcher's score of ``move`` in round ``r``; a move
    departs from ``hint`` when its mean paired difference is above ``confidence``
    standard errors (``None``: the best mean). The variance has a small floor, so a
    handful of identical rounds is not taken as certainty.
    """
    base = values[hint]
    rounds = len(base)
    best, best_mean = hint, 0.0
    for move, scores in values.items():
        if move == hint:
            continue
        differences = [a - b for a, b in zip(scores, base, strict=True)]
        mean = sum(differences) / rounds
        if mean <= best_mean:
            continue
        if confidence is not None:
            variance = max(sum(d * d for d in differences) / rounds - mean * mean, 1e-4)
            if mean <= confidence * math.sqrt(variance / rounds):
                continue
        best, best_mean = move, mean
    return best


def _mean(edge: list[float]) -> float:
    return edge[_TOTAL] / edge[_VISITS]


def _error(edge: list[float]) -> float:
    """The squared standard error of an edge's mean (a floor keeps one lucky visit honest)."""
    visits = edge[_VISITS]
    mean = edge[_TOTAL] / visits
    variance = max(edge[_SQUARES] / visits - mean * mean, 0.01)
    return variance / visits


def _check_options(
    iterations: int | None,
    steps: int | None,
    seconds: float | None,
    evaluate: Evaluation | None,
    rollout_moves: int | None,
    opponents: str,
    candidates: int,
    confidence: float | None,
) -> None:
    """Refuse a budget or an option the search could not run with, naming it."""
    if iterations is None and steps is None and seconds is None:
        raise InvalidConfig("iterations", "give a budget: iterations, steps or seconds")
    if iterations is not None and (type(iterations) is not int or iterations < 1):
        raise InvalidConfig("iterations", f"must be an int of at least 1, not {iterations!r}")
    if steps is not None and (type(steps) is not int or steps < 1):
        raise InvalidConfig("steps", f"must be an int of at least 1 or None, not {steps!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not seconds > 0
    ):
        raise InvalidConfig("seconds", f"must be a positive number, not {seconds!r}")
    if rollout_moves is not None:
        if type(rollout_moves) is not int or rollout_moves < 0:
            raise InvalidConfig(
                "rollout_moves", f"must be a non-negative int, not {rollout_moves!r}"
            )
        if evaluate is None:
            raise InvalidConfig("rollout_moves", "a rollout cut off early needs an evaluation")
    if confidence is not None and not confidence >= 0:
        raise InvalidConfig("confidence", f"must be at least 0 or None, not {confidence!r}")
    if opponents not in ("policy", "search"):
        raise InvalidConfig("opponents", f"must be 'policy' or 'search', not {opponents!r}")
    if type(candidates) is not int or candidates < 1:
        raise InvalidConfig("candidates", f"must be an int of at least 1, not {candidates!r}")
