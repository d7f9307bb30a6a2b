"""Search bots for every game: flat Monte Carlo and information-set MCTS.

Both see only what their seat sees. To look ahead they draw full tables that
agree with the view (``game.determinize(view, player, seed)``) and play on
those, never on the referee's table. Both are generic over the contract and
reproducible: the same seed, view and legal actions give the same choice
(with an iteration budget; a budget in seconds depends on the machine).

* :class:`FlatMonteCarlo` plays rounds: each round draws one determinization
  and one playout stream and plays every legal action on them (common random
  numbers, so the actions are compared on the same luck); the action with the
  best total return wins, ties drawn with the bot's Rng. With a ``guard`` z
  (heuristic playouts only) it keeps the heuristic's own choice instead,
  unless another action beats it over the rounds with confidence: its mean
  difference of returns, round by round, less z standard errors of that
  mean, is above zero (the one with the largest such lower bound wins). A
  few noisy playouts then no longer overrule a good heuristic, and more
  rounds let the search overrule it more often where the playouts agree.
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
  most visited action. With ``observe``, an action leads to one node for
  each thing the searching seat is then shown (keyed by its view of the
  table), as the information sets of the seat are, instead of one node for
  every determinization alike: the choices after a look, a draw or a roll
  are learned for what it revealed, so a look is worth what it tells.

Playouts are uniformly random, or the game's heuristic bot
(``wasteland.agents.<key>.HeuristicBot``, one per seat, fed views of the
determinized table as in a real game; or the determinized table itself where
the game's bots module says, with ``PLAYOUT_ON_TABLE = True``, that its heuristic
chooses the same on a table as on the seat's view of it, which saves building a
view at every decision of a playout). With heuristic playouts, ISMCTS also
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

from wasteland.core.game import Game, RulesError
from wasteland.core.rng import Rng
from wasteland.parallel import Workers
from wasteland.registry import bots_of, get_game

__all__ = ["FlatMonteCarlo", "ISMCTS", "Oracle", "ROLLOUTS", "Evaluator", "GAME", "Budget", "game_evaluate",
           "tuned_settings", "share", "playout_on_table", "guarded_choice", "mean_and_error"]

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
#: Reuse: how many determinizations of the last view are tried to find the new one in the kept tree.
FOLLOW_TRIES = 4
#: Reuse: how many edges of the kept tree are played, at most, on each of those tables.
FOLLOW_STEPS = 400
#: Root parallelism: the most searches (and processes) one decision may run.
MAX_PROCESSES = 64
#: The largest fixed pool of determinizations.
MAX_DETERMINIZATIONS = 100_000


class Budget:
    """An iteration count, a time in seconds (checked between iterations; at least one runs), or
    both (the search ends at whichever comes first): the budget of every search bot's decision."""

    def __init__(self, iterations: int | None, seconds: float | None, default: int) -> None:
        if iterations is None and seconds is None:
            iterations = default
        if seconds is not None and not (isinstance(seconds, (int, float)) and not isinstance(seconds, bool)
                                        and math.isfinite(seconds) and seconds > 0):
            raise ValueError(f"seconds must be a positive number, got {seconds!r}")
        if iterations is not None and (type(iterations) is not int or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
        self.iterations = iterations
        self.seconds = seconds

    def more(self, done: int, started: float) -> bool:
        if self.iterations is not None and done >= self.iterations:
            return False
        return self.seconds is None or done == 0 or time.perf_counter() - started < self.seconds


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
        #: Whether the heuristic is handed the table itself instead of the deciding seat's view of it.
        self.on_table = False
        if rollout == "heuristic":
            self.heuristic = heuristic_class(game.key)
            self.on_table = playout_on_table(game.key)
        # The mean return of the playouts that reached the end: the score of one cut short.
        self.finished = 0
        self.totals = [0.0] * players

    def run(self, state: Any, rng: Rng) -> tuple[tuple[float, ...], Rng]:
        game = self.game
        current, listed_moves, view = game.current_player, game.moves, game.view
        on_table = self.on_table
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
                state = listed.play(bot.choose(game, state if on_table else view(state, player), legal))
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


def tuned_settings(key: str, players: int | None = None) -> dict[str, Any]:
    """The search settings found best for game ``key`` (``SEARCH`` of its bots' module: ``rollout``,
    ``depth``, ``score_weight``, for flat Monte Carlo ``guard``, and for ISMCTS and the oracle
    ``iterations``, the most a budget in seconds alone runs), at ``players`` seats where the
    module names other settings for that many (``SEARCH_BY_PLAYERS``, a player count's settings over
    ``SEARCH``'s); empty for a game without them."""
    module = bots_of(key)
    found: dict[str, Any] = dict(getattr(module, "SEARCH", {}) if module is not None else {})
    if players is not None and module is not None:
        found.update(getattr(module, "SEARCH_BY_PLAYERS", {}).get(players, {}))
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


def playout_on_table(key: str) -> bool:
    """Whether game ``key``'s heuristic may be handed a determinized table in place of the deciding
    seat's view of it (``PLAYOUT_ON_TABLE`` of its bots' module: True where its choice is the same on
    both, as a test checks; False by default)."""
    module = bots_of(key)
    return bool(getattr(module, "PLAYOUT_ON_TABLE", False)) if module is not None else False


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


def _at_least_zero(name: str, value: float) -> float:
    """``value`` as a float when it is a finite number of at least 0 (not True or False); ValueError
    naming the setting ``name`` otherwise."""
    if isinstance(value, bool) or not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
        raise ValueError(f"{name} must be a number of at least 0, got {value!r}")
    return float(value)


def _check_weight(weight: float) -> float:
    if not (isinstance(weight, (int, float)) and math.isfinite(weight) and 0 <= weight <= 1):
        raise ValueError(f"score_weight must be a number from 0 to 1, got {weight!r}")
    return float(weight)


class FlatMonteCarlo:
    """Rounds of playouts, each round every legal action on one determinization; the best total wins.

    ``iterations`` (100 by default) playouts in all per decision, in whole
    rounds of one playout per legal action (at least one round); or as many
    rounds as fit in ``seconds``. ``guard`` z (heuristic playouts only): keep
    the heuristic's choice unless another action beats it with confidence
    (module's text). ``last_rounds`` and ``last_favourite`` (the heuristic's
    choice, with a guard) keep the last decision's, for a look inside.
    """

    name = "flat"
    reads_view = True

    def __init__(self, seed: int = 0, iterations: int | None = None, *, seconds: float | None = None,
                 rollout: str = "random", rollout_depth: int | None = None,
                 evaluate: Evaluator | Literal["game"] | None = GAME, score_weight: float = 0.0,
                 guard: float | None = None) -> None:
        _check_rollout(rollout, rollout_depth)
        self.score_weight = _check_weight(score_weight)
        self.guard = None if guard is None else _at_least_zero("guard", guard)
        if self.guard is not None and rollout != "heuristic":
            raise ValueError("a guard keeps the heuristic's choice and needs rollout='heuristic'")
        self.budget = Budget(iterations, seconds, 100)
        self.rng = Rng.from_seed(seed)
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        #: The rounds of the last decision (0 when it needed none).
        self.last_rounds = 0
        #: With a guard, the heuristic's choice at the last decision that needed a search (else None).
        self.last_favourite: Any = None
        # With a guard: the heuristic that names the choice to keep (made at the first decision) and
        # the game it plays.
        self._guide: Any = None
        self._guide_key = ""
        self._guide_seed = 0
        if self.guard is not None:
            self._guide_seed, self.rng = self.rng.next64()

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        self.last_rounds = 0
        self.last_favourite = None
        if len(legal) == 1:
            return legal[0]
        me = game.current_player(view)
        assert me is not None, "nobody decides in a finished game"
        favourite: Any = None
        if self.guard is not None:
            favourite = self.last_favourite = self.heuristic_choice(game, view, legal)
        seed, self.rng = self.rng.next64()
        rng = Rng.from_seed(seed)
        playout = _Playout(game, self.rollout, self.rollout_depth, self.evaluate, game.num_players(view),
                           self.score_weight)
        rows: list[list[float]] = []
        started = time.perf_counter()
        done = 0
        # Each round plays every action on the same determinization with the same playout stream
        # (common random numbers), so the actions are compared on equal luck.
        while not rows or self.budget.more(done, started):
            key, rng = rng.next64()
            stream, rng = rng.next64()
            table = game.determinize(view, me, key)
            rows.append([playout.run(game.apply(table, action), Rng.from_seed(stream))[0][me] for action in legal])
            done += len(legal)
        self.last_rounds = len(rows)
        if favourite is not None:
            return legal[guarded_choice(rows, legal.index(favourite), self.guard or 0.0)]
        totals = [sum(column) for column in zip(*rows)]
        top = max(totals)
        tied = [a for a, t in zip(legal, totals) if t == top]
        choice, self.rng = self.rng.choice(tied)  # equal results: drawn, not the first listed
        return choice

    def heuristic_choice(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        """The choice the guard keeps: the game's heuristic's, from one heuristic made at the first
        decision of the game (seeded from this bot's seed when it has a guard)."""
        if self._guide is None or self._guide_key != game.key:
            self._guide, self._guide_key = heuristic_class(game.key)(self._guide_seed), game.key
        return self._guide.choose(game, view, legal)


def guarded_choice(rows: Sequence[Sequence[float]], kept: int, z: float) -> int:
    """Which action a guarded flat search takes: ``kept`` (the heuristic's), unless another beats it
    with confidence. ``rows`` holds one value per action for each round. Of the actions whose mean
    difference of values to the kept one over the rounds, less ``z`` standard errors of that mean, is
    above zero, the one with the largest; the first listed on a tie. With fewer than two rounds there
    is no spread to judge by, and the kept action stays."""
    if len(rows) < 2:
        return kept
    best, best_low = kept, 0.0
    for i in range(len(rows[0])):
        if i == kept:
            continue
        mean, error = mean_and_error([row[i] - row[kept] for row in rows])
        low = mean - z * error
        if low > best_low:
            best, best_low = i, low
    return best


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` (at least one) and its standard error (the sample's standard deviation
    over the square root of their number; infinite for a single value, which has no spread): what
    the guard of flat Monte Carlo and the tournaments' paired differences judge by."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) / math.sqrt(n)


class _Node:
    """An edge of the tree and the node it leads to: the statistics of one action after a history.

    With ``observe``, an edge leads to one node for each thing the observer was shown after it
    (``outcomes``, keyed by the observer's view), and those nodes hold the children."""

    __slots__ = ("children", "visits", "total", "available", "outcomes")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0  # the summed returns of the player who chose the action leading here
        self.available = 0  # how often the action was legal when its parent was visited
        self.outcomes: dict[Any, _Node] | None = None

    def after(self, shown: Any) -> _Node:
        """The node this edge leads to when the observer is shown ``shown`` (made the first time)."""
        outcomes = self.outcomes
        if outcomes is None:
            outcomes = self.outcomes = {}
        node = outcomes.get(shown)
        if node is None:
            node = outcomes[shown] = _Node()
        return node


class ISMCTS:
    """Single-observer information-set MCTS with UCB1 (see the module's text).

    ``iterations`` (the default budget, 200) or ``seconds`` per decision;
    ``rollout`` "random" or "heuristic"; ``rollout_depth`` cuts playouts after
    that many decisions (None: play to the end), scored then by ``evaluate``
    or the fallback; ``exploration`` is UCB1's constant for values in [0, 1];
    ``score_weight`` mixes the outcome's score share into the value; ``bias``
    is the progressive bias toward the heuristic's choice (default 1.0 with
    heuristic playouts, and only allowed with them); ``observe`` splits the
    tree after each action by the seat's view of the table (see the module's
    text; not with ``reuse``). A decision with one legal
    action is taken without a search. ``last_iterations`` and ``last_root``
    keep the last search's size and tree, for a look inside.
    """

    name = "ismcts"
    reads_view = True

    def __init__(self, seed: int = 0, iterations: int | None = None, *, seconds: float | None = None,
                 rollout: str = "random", rollout_depth: int | None = None,
                 evaluate: Evaluator | Literal["game"] | None = GAME, exploration: float = EXPLORATION,
                 score_weight: float = 0.0, bias: float | None = None, reuse: bool = False,
                 processes: int = 1, determinizations: int | None = None, observe: bool = False) -> None:
        _check_rollout(rollout, rollout_depth)
        self.score_weight = _check_weight(score_weight)
        if not isinstance(reuse, bool):
            raise ValueError(f"reuse is True or False, got {reuse!r}")
        if type(processes) is not int or not 1 <= processes <= MAX_PROCESSES:
            raise ValueError(f"processes must be a whole number from 1 to {MAX_PROCESSES}, got {processes!r}")
        if reuse and processes > 1:
            raise ValueError("reuse keeps one tree and root parallelism builds several: give one or the other")
        if not isinstance(observe, bool):
            raise ValueError(f"observe is True or False, got {observe!r}")
        if reuse and observe:
            raise ValueError("reuse follows a tree of actions alone and observe splits it by what is seen: "
                             "give one or the other")
        if determinizations is not None and (type(determinizations) is not int
                                             or not 1 <= determinizations <= MAX_DETERMINIZATIONS):
            raise ValueError(f"determinizations must be a whole number from 1 to {MAX_DETERMINIZATIONS} or None, "
                             f"got {determinizations!r}")
        self.reuse = reuse
        self.observe = observe
        self.processes = processes
        self.determinizations = determinizations
        if bias is None:
            bias = BIAS if rollout == "heuristic" else 0.0
        self.bias = _at_least_zero("bias", bias)
        if self.bias and rollout != "heuristic":
            raise ValueError("a bias toward the heuristic's choice needs rollout='heuristic'")
        exploration = _at_least_zero("exploration", exploration)
        self.budget = Budget(iterations, seconds, 200)
        self.rng = Rng.from_seed(seed)
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.exploration = float(exploration)
        #: The iterations of the last search (0 when the decision needed none; summed over the processes).
        self.last_iterations = 0
        #: The iterations that the last search found in the tree kept from the decision before (reuse).
        self.last_reused = 0
        self.last_root: _Node | None = None
        # Reuse: the game, the view, the seat and the action of the last decision, and the subtree below it.
        self._kept: tuple[Game[Any, Any], Any, int, Any, _Node] | None = None
        # Root parallelism: the processes, started at the first search that needs them.
        self._workers: Workers | None = None

    def close(self) -> None:
        """Stop the processes of root parallelism (they also stop when the bot is dropped)."""
        if self._workers is not None:
            self._workers.close()

    def choose(self, game: Game[Any, Any], view: Any, legal: tuple[Any, ...]) -> Any:
        self.last_iterations = 0
        self.last_reused = 0
        found: _Node | None = None
        me: int | None = None
        if self.reuse:
            me = game.current_player(view)
            assert me is not None, "nobody decides in a finished game"
            found = self._follow(game, view, me)
        if len(legal) == 1:
            if self.reuse:
                assert me is not None
                self._keep(game, view, me, legal[0], found)
            return legal[0]
        if me is None:
            me = game.current_player(view)
            assert me is not None, "nobody decides in a finished game"
        seed, self.rng = self.rng.next64()
        if self.processes > 1:
            root = self._root_parallel(game, view, me, seed)
        else:
            if found is not None:
                self.last_reused = sum(child.visits for child in found.children.values())
            root = self.search(game, view, me, Rng.from_seed(seed), found)
        self.last_root = root
        order = {a: i for i, a in enumerate(legal)}
        ranked = [(a, n) for a, n in root.children.items() if a in order]
        if not ranked:  # cannot happen when the game lists the same actions on the view's tables
            best = legal[0]
        else:
            best, _ = max(ranked, key=lambda an: (an[1].visits, an[1].total, -order[an[0]]))
        if self.reuse:
            self._keep(game, view, me, best, root)
        return best

    # -- reuse of the tree between decisions ------------------------------------------------------

    def _keep(self, game: Game[Any, Any], view: Any, me: int, action: Any, node: _Node | None) -> None:
        """After deciding ``action`` at ``view``: keep the subtree below it for the next decision."""
        child = node.children.get(action) if node is not None else None
        self._kept = (game, view, me, action, child) if child is not None and child.children else None

    def _follow(self, game: Game[Any, Any], view: Any, me: int) -> _Node | None:
        """The kept subtree's node for ``view``, or None (start afresh).

        The last decision's view is determinized (``FOLLOW_TRIES`` times at most, keys from the
        bot's Rng), the action taken is played on it, and the kept tree is walked down, every
        edge played on that table where it is legal, to the next table where this seat decides;
        a node whose table shows this seat exactly ``view`` is the new root. What the seat could
        not see (another seat's hidden cards, a shuffle or a roll between) makes the drawn table
        show something else, and the tree is dropped. A game or a seat that is not the last
        decision's, or a view that does not follow it, finds nothing.
        """
        kept, self._kept = self._kept, None
        if kept is None:
            return None
        was_game, before, was_me, action, node = kept
        if was_game is not game or was_me != me:
            return None
        for _ in range(FOLLOW_TRIES):
            key, self.rng = self.rng.next64()
            try:
                table = game.apply(self._tables(game)(before, me, key), action)
            except RulesError:  # the view is not the last one's game: nothing follows
                return None
            found = _match(game, table, node, me, view, self._shown)
            if found is not None:
                return found
        return None

    # -- root parallelism ----------------------------------------------------------------------

    def _root_parallel(self, game: Game[Any, Any], view: Any, me: int, seed: int) -> _Node:
        """``self.processes`` independent searches, seeded from ``seed``, their root statistics summed."""
        base = Rng.from_seed(seed)
        settings = self._settings()
        jobs = [(game.key, view, me, base.fork(i + 1).key, settings) for i in range(self.processes)]
        here = _registered(game) is not game or not (self.evaluate is None or self.evaluate == GAME)
        if here:  # a game or an evaluation another process cannot look up: one after another, here
            results = [_root_statistics(job, game) for job in jobs]
        else:  # (in a process that may not have children, Workers runs them here too)
            if self._workers is None:
                self._workers = Workers(self.processes)
            results = self._workers.map(_root_job, jobs)
        root = _Node()
        for stats, iterations in results:
            self.last_iterations += iterations
            root.visits += iterations
            for action, visits, total, available in stats:
                child = root.children.get(action)
                if child is None:
                    child = root.children[action] = _Node()
                child.visits += visits
                child.total += total
                child.available += available
        return root

    def _settings(self) -> dict[str, Any]:
        """What a process needs to run the same search as this bot (the budget and the settings)."""
        return {"oracle": isinstance(self, Oracle), "iterations": self.budget.iterations,
                "seconds": self.budget.seconds, "rollout": self.rollout, "rollout_depth": self.rollout_depth,
                "evaluate": self.evaluate, "exploration": self.exploration, "score_weight": self.score_weight,
                "bias": self.bias, "determinizations": self.determinizations, "observe": self.observe}

    def search(self, game: Game[Any, Any], view: Any, me: int, rng: Rng, root: _Node | None = None) -> _Node:
        """The tree of one decision: ``self.budget`` iterations from ``view`` for player ``me``, added
        to ``root`` (a tree kept from the last decision) or to a new one."""
        current, listed_moves = game.current_player, game.moves
        draw = self._draws(game, view, me)
        playout = _Playout(game, self.rollout, self.rollout_depth, self.evaluate, game.num_players(view),
                           self.score_weight)
        c = self.exploration
        bias = self.bias
        guide = playout.heuristic if bias else None
        on_table = playout.on_table
        shown = self._shown if self.observe else None
        log = math.log
        sqrt = math.sqrt
        if root is None:
            root = _Node()
        started = time.perf_counter()
        done = 0
        while self.budget.more(done, started):
            key, rng = rng.next64()
            state = draw(key, done)
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
                    favourite = bot.choose(game, state if on_table else game.view(state, player), legal)
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
                node = best if shown is None else best.after(shown(game, state, me))
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

    def _draws(self, game: Game[Any, Any], view: Any, me: int) -> Callable[[int, int], Any]:
        """The table an iteration starts from, given its key and the iterations done: a fresh one
        each time, or with ``determinizations`` a fixed pool (the first tables drawn, then each in
        turn)."""
        determinize = self._tables(game)
        pool = self.determinizations
        if pool is None:
            return lambda key, done: determinize(view, me, key)
        tables: list[Any] = []

        def draw(key: int, done: int) -> Any:
            if len(tables) < pool:
                tables.append(determinize(view, me, key))
                return tables[-1]
            return tables[done % pool]
        return draw

    @staticmethod
    def _shown(game: Game[Any, Any], table: Any, me: int) -> Any:
        """What this bot is handed at ``table`` when seat ``me`` decides: the seat's view."""
        return game.view(table, me)


def _match(game: Game[Any, Any], table: Any, node: _Node, me: int, view: Any,
           shown: Callable[[Game[Any, Any], Any, int], Any]) -> _Node | None:
    """The node below ``node`` (``table`` being one of its tables) where seat ``me`` is shown
    ``view`` next, walking the tree's edges that are legal on the way (``FOLLOW_STEPS`` at most,
    depth first in the tree's order), or None."""
    steps = FOLLOW_STEPS
    stack = [(table, node)]
    while stack:
        table, node = stack.pop()
        player = game.current_player(table)
        if player is None:
            continue
        if player == me:  # the seat's next decision: this one, or a line that did not happen
            if shown(game, table, me) == view:
                return node
            continue
        for action, child in reversed(node.children.items()):
            if steps <= 0:
                return None
            steps -= 1
            try:
                stack.append((game.apply(table, action), child))
            except RulesError:  # not legal on this table
                continue
    return None


def _registered(game: Game[Any, Any]) -> Game[Any, Any] | None:
    """The game the registry knows by ``game``'s key, or None."""
    try:
        return get_game(game.key)
    except ValueError:
        return None


#: One root search of root parallelism: game key, view, seat, seed, the bot's settings.
_RootJob = tuple[str, Any, int, int, dict[str, Any]]
#: What it gives back: (action, visits, total, availability) of each child of the root, and its iterations.
_RootStats = tuple[list[tuple[Any, int, float, int]], int]


def _root_statistics(job: _RootJob, game: Game[Any, Any]) -> _RootStats:
    """One root search of :meth:`ISMCTS._root_parallel`, on ``game``."""
    _, view, me, seed, settings = job
    options = dict(settings)
    cls = Oracle if options.pop("oracle") else ISMCTS
    bot = cls(0, **options)
    root = bot.search(game, view, me, Rng.from_seed(seed))
    return [(a, n.visits, n.total, n.available) for a, n in root.children.items()], bot.last_iterations


def _root_job(job: _RootJob) -> _RootStats:
    """What a process of root parallelism runs: one root search, the game looked up by its key."""
    return _root_statistics(job, get_game(job[0]))


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

    @staticmethod
    def _shown(game: Game[Any, Any], table: Any, me: int) -> Any:
        """The oracle is handed the whole table."""
        return table
