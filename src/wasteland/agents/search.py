"""Search bots for every game: flat Monte Carlo and information-set MCTS.

Both see only what their seat sees. To look ahead they draw full tables that
agree with the view (``game.determinize(view, player, seed)``) and play on
those, never on the referee's table. Both are generic over the contract and
reproducible: the same seed, view and legal actions give the same choice
(with an iteration budget; a budget in seconds depends on the machine).

* :class:`FlatMonteCarlo` plays rounds: each round draws one determinization
  and one playout stream and plays every legal action on them (common random
  numbers, so the actions are compared on the same luck); the action with the
  best total return wins, ties drawn with the bot's Rng.
* :class:`ISMCTS` is single-observer information-set MCTS (Cowling, Powley and
  Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).
  Each iteration determinizes the root view, then walks one tree whose edges
  are actions, the observer's and the opponents' alike: at each node it
  expands a legal action that has no child yet, or else picks among the
  children that are legal in this determinization by UCB1, counting a child's
  *availability* (the number of times it was legal when its parent was
  visited) in place of the parent's visits, as SO-ISMCTS does. A playout
  ends the iteration, and each node on the path adds the playout's return of
  the player who chose the action leading to it. The answer is the root's
  most visited action.

Playouts are uniformly random, or the game's heuristic bot
(``wasteland.agents.<key>.HeuristicBot``, one per seat, fed views of the
determinized table as in a real game). With heuristic playouts, ISMCTS also
lets the heuristic guide the tree: at each node the heuristic's choice is
expanded first, and UCB1 gives it a progressive bias ``bias / (visits + 1)``
(Chaslot et al., "Progressive strategies for Monte-Carlo tree search", 2008),
so that with few iterations the search keeps the heuristic's move unless the
playouts say otherwise.

Returns are the contract's ``returns(state)``: 1.0 for each winner, 0.0 for the
others. ``score_weight`` w > 0 mixes in the outcome's scores where a game keeps
them: ``(1 - w) * return + w * score / sum of scores`` (only when every score
is at least 0 and the sum is positive; otherwise the return alone), a
smoother signal than a win or a loss (in Arctic Scavengers, the tribe's share
of all people). A playout cut short at ``rollout_depth`` decisions has no
returns; it is scored by an evaluation (a tuple of numbers in [0, 1], one per
player, from the determinized table): by default the game's own
(``wasteland.agents.<key>.evaluate``, see :func:`game_evaluate`), or the one
given as ``evaluate``; with ``evaluate=None``, or for a game without one, by
the mean value of the playouts of this search that did reach the end, so that
a cut playout counts as "as good as the average" and moves the statistics
neither way (before any playout has finished, 1/n for each of n players, and
0.5 in a game of one player).

:class:`Oracle` is ISMCTS on the referee's table instead of determinizations
of a view: it sees the hidden cards, the order of the decks and the generator
that will shuffle them and roll the dice. It is not a fair player; it gives an
upper bound of how winnable a deal is.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Literal, Sequence

from wasteland.core.game import Game
from wasteland.core.rng import Rng
from wasteland.registry import bots_of

__all__ = ["FlatMonteCarlo", "ISMCTS", "Oracle", "ROLLOUTS", "Evaluator", "GAME", "game_evaluate", "tuned_settings",
           "share"]

#: The playout policies: uniformly random, or the game's heuristic bot (``wasteland.agents.<key>``).
ROLLOUTS: tuple[str, ...] = ("random", "heuristic")

#: A value for a table whose game is not over: one number in [0, 1] per player.
Evaluator = Callable[[Any], Sequence[float]]

#: ``evaluate=GAME``: score cut playouts with the game's own ``evaluate`` (the default).
GAME: Literal["game"] = "game"

#: The exploration constant of UCB1 for returns in [0, 1] (Cowling et al. use 0.7).
EXPLORATION = 0.7
#: The progressive bias toward the heuristic's choice, with heuristic playouts.
BIAS = 1.0


class _Budget:
    """An iteration count, or a time in seconds (checked between iterations; at least one runs)."""

    def __init__(self, iterations: int | None, seconds: float | None, default: int) -> None:
        if iterations is None and seconds is None:
            iterations = default
        if seconds is not None:
            if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds > 0):
                raise ValueError(f"seconds must be a positive number, got {seconds!r}")
            if iterations is not None:
                raise ValueError("give a budget in iterations or in seconds, not both")
        elif type(iterations) is not int or iterations < 1:
            raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
        self.iterations = iterations
        self.seconds = seconds

    def more(self, done: int, started: float) -> bool:
        if self.seconds is not None:
            return done == 0 or time.perf_counter() - started < self.seconds
        assert self.iterations is not None
        return done < self.iterations


class _Playout:
    """Plays a determinized table on for a search: the policy, the depth limit and the fallback score."""

    def __init__(self, game: Game[Any, Any], rollout: str, depth: int | None,
                 evaluate: Evaluator | Literal["game"] | None, players: int, score_weight: float = 0.0) -> None:
        self.game = game
        self.score_weight = score_weight
        self.depth = depth
        self.evaluate = game_evaluate(game.key) if evaluate == GAME else evaluate
        self.players = players
        self.heuristic: type | None = None
        if rollout == "heuristic":
            self.heuristic = heuristic_class(game.key)
        # The mean return of the playouts that reached the end: the score of one cut short.
        self.finished = 0
        self.totals = [0.0] * players

    def run(self, state: Any, rng: Rng) -> tuple[tuple[float, ...], Rng]:
        game = self.game
        current, listed_moves = game.current_player, game.moves
        limit = self.depth
        steps = 0
        bots: dict[int, Any] = {}
        while True:
            listed = listed_moves(state)
            legal = listed.actions
            if not legal:  # over: the legal actions are never empty while a game runs
                values = tuple(game.returns(state))
                if self.score_weight:
                    values = self._shaped(state, values)
                self.finished += 1
                for i, v in enumerate(values):
                    self.totals[i] += v
                return values, rng
            if limit is not None and steps >= limit:
                return self._cut(state), rng
            if len(legal) == 1:
                state = listed.play_at(0)
            elif self.heuristic is None:
                index, rng = rng.below(len(legal))
                state = listed.play_at(index)
            else:
                player = current(state)
                assert player is not None, "a game that lists actions has somebody to decide"
                bot = bots.get(player)
                if bot is None:
                    seed, rng = rng.next64()
                    bot = bots[player] = self.heuristic(seed)
                state = listed.play(bot.choose(game, game.view(state, player), legal))
            steps += 1

    def _shaped(self, state: Any, values: tuple[float, ...]) -> tuple[float, ...]:
        outcome = self.game.outcome(state)
        scores = outcome.scores if outcome is not None else ()
        total = sum(scores)
        if len(scores) != len(values) or total <= 0 or min(scores) < 0:
            return values
        w = self.score_weight
        return tuple((1.0 - w) * v + w * s / total for v, s in zip(values, scores))

    def _cut(self, state: Any) -> tuple[float, ...]:
        if self.evaluate is not None:
            return tuple(float(v) for v in self.evaluate(state))
        if self.finished:
            return tuple(t / self.finished for t in self.totals)
        return (0.5,) if self.players == 1 else (1.0 / self.players,) * self.players


def game_evaluate(key: str) -> Evaluator | None:
    """Game ``key``'s evaluation of an unfinished table (the ``evaluate`` of its bots' module,
    ``registry.bots_of``), or None."""
    module = bots_of(key)
    found: Evaluator | None = getattr(module, "evaluate", None) if module is not None else None
    return found


def tuned_settings(key: str) -> dict[str, Any]:
    """The search settings found best for game ``key`` (``SEARCH`` of its bots' module: ``rollout``,
    ``depth``, ``score_weight``); empty for a game without them."""
    module = bots_of(key)
    found: dict[str, Any] = dict(getattr(module, "SEARCH", {}) if module is not None else {})
    return found


def share(strength: Sequence[float], scale: float, alive: Sequence[bool] | None = None) -> tuple[float, ...]:
    """One win shared out softly by strength: ``exp(strength / scale)`` over the sum of those of the
    players still ``alive`` (the others get 0); a lead of ``scale`` makes a player about e times
    likelier than another. Every number is in [0, 1] and they add up to 1."""
    live = [True] * len(strength) if alive is None else list(alive)
    if not any(live):
        live = [True] * len(strength)
    top = max(x for x, a in zip(strength, live) if a)
    weights = [math.exp((x - top) / scale) if a else 0.0 for x, a in zip(strength, live)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def heuristic_class(key: str) -> type:
    """The ``HeuristicBot`` class of game ``key``; ValueError if the game has none."""
    module = bots_of(key)
    if module is None or not hasattr(module, "HeuristicBot"):
        raise ValueError(f"no heuristic bot for {key!r} to play out with; use rollout='random'")
    cls: type = module.HeuristicBot
    return cls


def _check_rollout(rollout: str, depth: int | None) -> None:
    if rollout not in ROLLOUTS:
        raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
    if depth is not None and (type(depth) is not int or depth < 0):
        raise ValueError(f"rollout_depth must be a whole number of at least 0 or None, got {depth!r}")


def _check_weight(weight: float) -> float:
    if not (isinstance(weight, (int, float)) and math.isfinite(weight) and 0 <= weight <= 1):
        raise ValueError(f"score_weight must be a number from 0 to 1, got {weight!r}")
    return float(weight)


class FlatMonteCarlo:
    """Rounds of playouts, each round every legal action on one determinization; the best total wins.

    ``iterations`` (100 by default) playouts in all per decision, in whole
    rounds of one playout per legal action (at least one round); or as many
    rounds as fit in ``seconds``. See the module's text.
    """

    name = "flat"
    reads_view = True

    def __init__(self, seed: int = 0, iterations: int | None = None, *, seconds: float | None = None,
                 rollout: str = "random", rollout_depth: int | None = None,
                 evaluate: Evaluator | Literal["game"] | None = GAME, score_weight: float = 0.0) -> None:
        _check_rollout(rollout, rollout_depth)
        self.score_weight = _check_weight(score_weight)
        self.budget = _Budget(iterations, seconds, 100)
        self.rng = Rng.from_seed(seed)
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        #: The rounds of the last decision (0 when it needed none).
        self.last_rounds = 0

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        self.last_rounds = 0
        if len(legal) == 1:
            return legal[0]
        me = game.current_player(view)
        assert me is not None, "nobody decides in a finished game"
        seed, self.rng = self.rng.next64()
        rng = Rng.from_seed(seed)
        playout = _Playout(game, self.rollout, self.rollout_depth, self.evaluate, game.num_players(view),
                           self.score_weight)
        totals = [0.0] * len(legal)
        started = time.perf_counter()
        done = rounds = 0
        # Each round plays every action on the same determinization with the same playout stream
        # (common random numbers), so the actions are compared on equal luck.
        while rounds == 0 or self.budget.more(done, started):
            key, rng = rng.next64()
            stream, rng = rng.next64()
            table = game.determinize(view, me, key)
            for i, action in enumerate(legal):
                values, _ = playout.run(game.apply(table, action), Rng.from_seed(stream))
                totals[i] += values[me]
            done += len(legal)
            rounds += 1
        self.last_rounds = rounds
        top = max(totals)
        tied = [a for a, t in zip(legal, totals) if t == top]
        choice, self.rng = self.rng.choice(tied)  # equal results: drawn, not the first listed
        return choice


class _Node:
    """An edge of the tree and the node it leads to: the statistics of one action after a history."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0  # the summed returns of the player who chose the action leading here
        self.available = 0  # how often the action was legal when its parent was visited


class ISMCTS:
    """Single-observer information-set MCTS with UCB1 (see the module's text).

    ``iterations`` (the default budget, 200) or ``seconds`` per decision;
    ``rollout`` "random" or "heuristic"; ``rollout_depth`` cuts playouts after
    that many decisions (None: play to the end), scored then by ``evaluate``
    or the fallback; ``exploration`` is UCB1's constant for values in [0, 1];
    ``score_weight`` mixes the outcome's score share into the value; ``bias``
    is the progressive bias toward the heuristic's choice (default 1.0 with
    heuristic playouts, and only allowed with them). A decision with one legal
    action is taken without a search. ``last_iterations`` and ``last_root``
    keep the last search's size and tree, for a look inside.
    """

    name = "ismcts"
    reads_view = True

    def __init__(self, seed: int = 0, iterations: int | None = None, *, seconds: float | None = None,
                 rollout: str = "random", rollout_depth: int | None = None,
                 evaluate: Evaluator | Literal["game"] | None = GAME, exploration: float = EXPLORATION,
                 score_weight: float = 0.0, bias: float | None = None) -> None:
        _check_rollout(rollout, rollout_depth)
        self.score_weight = _check_weight(score_weight)
        if bias is None:
            bias = BIAS if rollout == "heuristic" else 0.0
        if not (isinstance(bias, (int, float)) and math.isfinite(bias) and bias >= 0):
            raise ValueError(f"bias must be a number of at least 0, got {bias!r}")
        if bias and rollout != "heuristic":
            raise ValueError("a bias toward the heuristic's choice needs rollout='heuristic'")
        self.bias = float(bias)
        if not (isinstance(exploration, (int, float)) and math.isfinite(exploration) and exploration >= 0):
            raise ValueError(f"exploration must be a number of at least 0, got {exploration!r}")
        self.budget = _Budget(iterations, seconds, 200)
        self.rng = Rng.from_seed(seed)
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.exploration = float(exploration)
        #: The iterations of the last search (0 when the decision needed none).
        self.last_iterations = 0
        self.last_root: _Node | None = None

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        self.last_iterations = 0
        if len(legal) == 1:
            return legal[0]
        me = game.current_player(view)
        assert me is not None, "nobody decides in a finished game"
        seed, self.rng = self.rng.next64()
        root = self.search(game, view, me, Rng.from_seed(seed))
        self.last_root = root
        order = {a: i for i, a in enumerate(legal)}
        ranked = [(a, n) for a, n in root.children.items() if a in order]
        if not ranked:  # cannot happen when the game lists the same actions on the view's tables
            return legal[0]
        best, _ = max(ranked, key=lambda an: (an[1].visits, an[1].total, -order[an[0]]))
        return best

    def search(self, game: Game[Any, Any], view: Any, me: int, rng: Rng) -> _Node:
        """The tree of one decision: ``self.budget`` iterations from ``view`` for player ``me``."""
        current, listed_moves = game.current_player, game.moves
        determinize = self._tables(game)
        playout = _Playout(game, self.rollout, self.rollout_depth, self.evaluate, game.num_players(view),
                           self.score_weight)
        c = self.exploration
        bias = self.bias
        guide = playout.heuristic if bias else None
        log = math.log
        sqrt = math.sqrt
        root = _Node()
        started = time.perf_counter()
        done = 0
        while self.budget.more(done, started):
            key, rng = rng.next64()
            state = determinize(view, me, key)
            node = root
            path: list[tuple[_Node, int]] = []
            guides: dict[int, Any] = {}
            # Selection and expansion: down the tree while every legal action has a child.
            while True:
                player = current(state)
                if player is None:
                    break
                listed = listed_moves(state)
                legal = listed.actions
                favourite: Any = None
                if guide is not None and len(legal) > 1:
                    bot = guides.get(player)
                    if bot is None:
                        seed, rng = rng.next64()
                        bot = guides[player] = guide(seed)
                    favourite = bot.choose(game, game.view(state, player), legal)
                children = node.children
                untried = []
                best: _Node | None = None
                best_action: Any = None
                best_score = -1.0
                for action in legal:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                        continue
                    child.available += 1
                    if untried:
                        continue
                    visits = child.visits
                    score = child.total / visits + c * sqrt(log(child.available) / visits)
                    if action == favourite:
                        score += bias / (visits + 1)
                    if score > best_score:
                        best, best_action, best_score = child, action, score
                if untried:
                    if favourite is not None and favourite in untried:
                        action = favourite
                    else:
                        index, rng = rng.below(len(untried)) if len(untried) > 1 else (0, rng)
                        action = untried[index]
                    child = children[action] = _Node()
                    child.available = 1
                    state = listed.play(action)
                    path.append((child, player))
                    break
                assert best is not None
                state = listed.play(best_action)
                path.append((best, player))
                node = best
            # Playout and backpropagation.
            values, rng = playout.run(state, rng)
            for child, player in path:
                child.visits += 1
                child.total += values[player]
            root.visits += 1
            done += 1
        self.last_iterations = done
        return root

    def _tables(self, game: Game[Any, Any]) -> Callable[[Any, int, int], Any]:
        """Where the iterations start: a fresh determinization of the view each time."""
        return game.determinize


class Oracle(ISMCTS):
    """ISMCTS on the referee's table: **not a fair player** (see the module's text).

    It is handed the whole table in place of a view (``sees_table``: the drivers check it) and
    starts every iteration from that table as it is (hidden cards, deck order and the table's
    generator, so the shuffles and dice to come as well); otherwise it searches as ISMCTS does.
    """

    name = "oracle"
    #: Given the referee's table instead of its seat's view.
    sees_table = True
    #: Not a fair player: ``tournament`` and ``simulate`` keep it out of a ranking with fair bots unless told.
    fair = False

    def _tables(self, game: Game[Any, Any]) -> Callable[[Any, int, int], Any]:
        def table(state: Any, player: int, key: int) -> Any:
            return state
        return table
