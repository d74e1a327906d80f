"""Monte Carlo tree search for every game, through the contract only.

One search serves three needs:

* **Chance.** At a chance node the search samples an outcome by its exact probability
  and keeps one child per outcome seen, so a node's value is an average over the dice
  weighted as the dice fall. With ``chance_key=state`` and no determinization, a run
  of rolls is sampled to the next decision at once and its child keyed by the position
  reached, so roll sequences that end alike share one node.
* **Hidden information** (information-set MCTS, "single observer"). With
  ``determinize`` on, every iteration starts from ``state.determinize(player, rng)``:
  a fresh sample of everything the searching player cannot see. Tree nodes are keyed
  by the history of actions and outcomes from the root, not by hidden state, and UCB
  counts how often an action was *available* (it may be legal in some samples only).
  The root decision therefore depends only on what the player may know.
* **Simultaneous decisions** (``actors == (0, 1)``, as in Hell's Ditch plans). Such a
  node is searched with decoupled UCT: each player has its own tree of plan entries
  keyed by *its own* actions only, chosen by UCB on its own statistics. Neither side's
  choices depend on the other's plan; the search continues below the node once both
  plans are in, keyed by the pair of plans (which the reveal makes public).

Leaves are valued with ``Game.evaluate`` (optionally after a short random rollout).
Values are stored from player 0's side; games are zero-sum.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Any

from ..core.fields import key_fields
from ..core.game import State
from .common import BOOK, Budget, book_choice, book_filter, check_player, expected_value, game_policy, sample_outcome, value_for
from .common import rollout_step as rollout_step  # re-exported: it lived here first
from .params import Param, check_values

NO_LIMIT = 10**9


class _Edge:
    """Statistics of one action at a node: visits, summed value (player 0's side),
    times available, and the node it leads to."""

    __slots__ = ("avail", "child", "n", "w", "x")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.child: _Node | None = None
        self.x: float | None = None  # the exact first value, kept for ``correct``


class _Node:
    """A node of the search tree (an information set for single-observer ISMCTS).

    Decision statistics are kept by position in the legal-action list first seen at
    the node (``acts``, aligned with ``elist``): a later visit whose list is equal
    reuses them by index, without hashing an action. Only when a determinized sample
    offers a different list (hidden information can change the opponent's options)
    does the node key its edges by action (``by_action``), extended as new actions
    appear. ``edges`` is the mapping action -> statistics either way. While every
    visit has offered the same list, each action was available at each visit, so the
    availability count is the node's ``visits`` (one logarithm a visit, not one per
    action); the per-edge ``avail`` counts take over from the first different list.

    ``outcomes``: children keyed by chance outcome; ``plans``: one plan-entry tree per
    player at a simultaneous node; ``joint``: children keyed by the pair of entered
    plans."""

    __slots__ = ("acts", "by_action", "elist", "expanded", "joint", "mover", "outcomes", "plans", "static", "visits")

    def __init__(self) -> None:
        self.expanded = False
        self.mover = -1  # who decides here (-1: not known yet)
        self.visits = 0
        self.static: float | None = None  # the evaluation seen on the first arrival
        self.acts: list[Any] | None = None
        self.elist: list[_Edge] = []
        self.by_action: dict[Any, _Edge] | None = None
        self.outcomes: dict[Any, _Node] | None = None
        self.plans: tuple[_Node, _Node] | None = None
        self.joint: dict[tuple[tuple[Any, ...], tuple[Any, ...]], _Node] | None = None

    @property
    def edges(self) -> dict[Any, _Edge]:
        """Every action seen at this node and its statistics."""
        if self.by_action is not None:
            return self.by_action
        return dict(zip(self.acts or (), self.elist, strict=True))

    def edges_for(self, actions: list[Any], trusted: bool) -> list[_Edge]:
        """The statistics of ``actions`` (this visit's legal list), in its order.
        ``trusted``: the list is known to be the one first seen here (a search
        without determinization reaches a node from one state only)."""
        acts = self.acts
        if acts is None:
            self.acts = list(actions)
            self.elist = elist = [_Edge() for _ in actions]
            return elist
        if trusted or actions == acts:
            return self.elist
        table = self.by_action
        if table is None:
            table = self.by_action = dict(zip(acts, self.elist, strict=True))
            for old in self.elist:
                old.avail = self.visits
        out: list[_Edge] = []
        for a in actions:
            e = table.get(a)
            if e is None:
                e = table[a] = _Edge()
            out.append(e)
        return out


def _chained(edge: _Edge, mover: int) -> float:
    """``edge``'s value (player 0's side) for ``chain=max``: when the node it leads to is
    another decision of ``mover`` (an activation and then its move, the moves of one
    turn), the best mean among that node's visited actions, from ``mover``'s side;
    else its own mean. A plain mean there would average the follow-ups, good and bad,
    and rank a choice by how many poor ones come with it."""
    child = edge.child
    if child is None or child.mover != mover:
        return edge.w / edge.n
    best = -math.inf
    for e in child.by_action.values() if child.by_action is not None else child.elist:
        if e.n:
            v = e.w / e.n if mover == 0 else -e.w / e.n
            if v > best:
                best = v
    if best == -math.inf:
        return edge.w / edge.n
    return best if mover == 0 else -best


MAX_ITERATIONS = 100_000
MAX_SECONDS = 60.0

MCTS_PARAMS: tuple[Param, ...] = (
    Param("iterations", "int", 1000, "iterations per decision (with seconds: a cap, none by default)",
          low=1, high=MAX_ITERATIONS),
    Param("seconds", "float", None, "a wall-clock budget per decision instead (not reproducible)",
          low=0, high=MAX_SECONDS, low_open=True, clock=True),
    Param("c", "float", 0.25, "the UCB exploration constant (values lie in [-1, 1])", low=0, high=10),
    Param("rollout", "int", 0, "random steps played from a new leaf before evaluating it", low=0, high=200),
    Param("rollout_policy", "choice", "random",
          "how rollout steps are chosen: random, or game (the game's rollout_action, random where it has none)",
          choices=("random", "game")),
    Param("determinize", "choice", "auto", "re-sample hidden information every iteration (auto: if the game hides any)",
          choices=("auto", "true", "false")),
    Param("exact", "int", 64, "an action's first visit is valued exactly over up to this many dice outcomes",
          low=0, high=1024),
    Param("prior", "int", 1, "visits an action's exact first value counts for (more: less noise from sampled dice)",
          low=1, high=1000),
    Param("min_iterations", "int", 0, "with seconds: at least this many iterations, however long they take",
          low=0, high=MAX_ITERATIONS),
    Param("correct", "int", 0, "1: later visits correct an action's exact value by what was found below the dice",
          low=0, high=1),
    Param("chance_key", "choice", "outcome",
          "what a node below dice is keyed by: outcome (each roll) or state (the position the rolls lead to; "
          "by roll when determinizing)", choices=("outcome", "state")),
    Param("chain", "choice", "mean",
          "what an action followed by another decision of the same player is worth in UCB: mean (the average "
          "of its visits, plain UCT) or max (its best follow-up's mean)", choices=("mean", "max")),
    BOOK,
)
"""The parameters of ``mcts`` and ``ismcts`` and their published bounds (a decision
costs at most ``iterations`` iterations or ``seconds`` seconds)."""


ISMCTS_PARAMS: tuple[Param, ...] = tuple(
    dataclasses.replace(p, default="true") if p.name == "determinize" else p for p in MCTS_PARAMS
)
"""``ismcts`` takes the parameters of ``mcts``; it determinizes by default."""


def _parse_flag(value: Any) -> bool | None:
    return {"auto": None, "true": True, "false": False}[value]


class MCTSAgent:
    """UCT with chance nodes, information sets and decoupled simultaneous nodes.

    Parameters (all settable in an agent spec, e.g. ``mcts:iterations=400:c=0.8``):

    Every parameter is declared with its bounds in ``MCTS_PARAMS``; values outside them
    are refused (``dicefront agents`` lists them).

    * ``iterations``: iterations per decision (default 1000; the cap when ``seconds``
      is set, unlimited if not given then);
    * ``seconds``: a wall-clock budget per decision instead (not reproducible);
    * ``min_iterations``: with ``seconds``, an iteration floor: at least this many
      iterations however long they take (``hard`` never searches less than
      ``medium`` on a loaded machine);
    * ``c``: the UCB exploration constant (values are in [-1, 1]);
    * ``rollout``: random steps played from a new leaf before evaluating it (0: the
      evaluation alone);
    * ``rollout_policy``: ``random`` (uniform legal actions) or ``game``: each rollout
      step asks the game's heuristics role for ``rollout_action(state, player, rng)``
      (for instance, take a favourable attack), a uniform legal action where the game
      declares none or it returns None;
    * ``determinize``: re-sample hidden information at every iteration (``auto``: when
      the game hides information);
    * ``prior``: how many visits that exact first value counts for (1: one, as any
      visit; more: the sampled single-outcome values of later visits move the
      action's mean less, so a long search does not trade an exact expectation for
      dice noise);
    * ``exact``: on an action's first visit, value it by its expected evaluation over
      the dice that follow (exact up to this many chance leaves, sampled beyond; 0:
      one sampled outcome, as plain UCT does);
    * ``correct`` (0 or 1): with 1, a later visit of an action followed by dice backs
      up its exact first value plus what the search found below the sampled outcome
      (the value found there minus that position's own evaluation), a control
      variate: the dice noise of a single roll cancels, the deeper information stays.
      With 0 (as before), a later visit backs up the sampled outcome's value itself.
    * ``chance_key``: ``outcome`` (default, as before) keys the node below dice by
      each roll; ``state`` keys the node below a run of rolls by the position they
      lead to (``State.key()``), when the search does not determinize and the state
      class has a key (opt-in: not yet shown to strengthen play, see
      docs/agent-strength.md).
    * ``chain``: ``mean`` (default, plain UCT) or ``max``: where a decision follows
      another of the same player with no dice between (a Die Fighting activation and
      then its move, the moves of a Trench Checkers turn), the first choice is worth
      its best follow-up's mean in UCB, and on the first visit there every follow-up
      gets its exact first value at once, so a choice is not ranked by how many poor
      follow-ups come with it;
    * ``book``: ``game`` (default) plays the game's ``book_action(state, player)`` (its
      heuristics role) outright wherever it names a legal action, a known technique
      such as converting an end game, and searches elsewhere, the root considering only
      the actions the role's optional ``book_allowed(state, player, actions)`` keeps;
      a name from the role's ``BOOKS`` plays that book instead
      (``book_action(state, player, book)``: a style of play the game offers) and
      considers the actions of ``book_allowed(state, player, actions, book)``;
      ``off`` always searches every legal action.
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 0.25,
        rollout: int = 0,
        rollout_policy: str = "random",
        determinize: Any = "auto",
        exact: int = 64,
        name: str = "mcts",
        min_iterations: int = 0,
        prior: int = 1,
        correct: int = 0,
        chance_key: str = "outcome",
        book: str = "game",
        chain: str = "mean",
    ) -> None:
        v = check_values(MCTS_PARAMS, name, {"iterations": iterations, "seconds": seconds,
                                             "min_iterations": min_iterations, "c": c,
                                             "rollout": rollout, "rollout_policy": rollout_policy,
                                             "determinize": determinize, "exact": exact,
                                             "prior": prior, "correct": correct, "chance_key": chance_key,
                                             "book": book, "chain": chain})
        if v["iterations"] is None:
            v["iterations"] = NO_LIMIT if v["seconds"] else 1000
        self.iterations = int(v["iterations"])
        self.seconds = float(v["seconds"] or 0.0)
        self.min_iterations = min(int(v["min_iterations"]), self.iterations)
        self.c = float(v["c"])
        self.rollout = int(v["rollout"])
        self.rollout_policy = str(v["rollout_policy"])
        self.determinize = _parse_flag(v["determinize"])
        self.exact = int(v["exact"])
        self.prior = int(v["prior"])
        self.correct = bool(v["correct"])
        self.by_state = v["chance_key"] == "state"
        self.chain_max = v["chain"] == "max"
        self.style = str(v["book"] or "game")  # None: not set, the game's own book
        self.book = self.style != "off"
        self.name = name
        self.last_iterations = 0

    # ----- the decision ---------------------------------------------------------------
    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        actions = check_player(state, player)
        allowed: list[Any] | None = None
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        if self.book:
            known = book_choice(state, player, actions, self.style, self.name)
            if known is not None:
                self.last_iterations = 0
                return known
            kept = book_filter(state, player, actions, self.style)
            if len(kept) == 1:
                self.last_iterations = 0
                return kept[0]
            if len(kept) < len(actions):  # only then: the root check costs a hash per action
                allowed, actions = kept, kept
        root = self.search(state, player, rng, allowed=allowed)
        return self._best(root, actions, player, state)

    def search(
        self, state: State, player: int, rng: random.Random, budget: Budget | None = None,
        allowed: list[Any] | None = None,
    ) -> _Node:
        """Run the search from ``state`` for ``player``; return the root node. With
        ``allowed``, the root's mover only considers those actions (the game's book
        ruled the others out)."""
        budget = budget or Budget(self.iterations, self.seconds, self.min_iterations)
        det = self.determinize
        if det is None:
            det = state.game.spec.hidden_information
        root = _Node()
        root.expanded = True
        keep = frozenset(allowed) if allowed is not None and len(state.actors) == 1 else None
        while budget.more():
            sample = state.determinize(player, rng) if det else state.clone()
            self._iterate(sample, root, player, rng, not det, keep)
            budget.done += 1
        self.last_iterations = budget.done
        return root

    def _best(self, root: _Node, actions: list[Any], player: int, state: State) -> Any:
        edges = root.edges
        if len(state.actors) > 1 and root.plans is not None:
            edges = root.plans[player].edges
        sign = 1.0 if player == 0 else -1.0
        best, key = actions[0], (-1, -math.inf)
        for a in actions:
            e = edges.get(a)
            if e is None or e.n == 0:
                continue
            k = (e.n, sign * e.w / e.n)
            if k > key:
                best, key = a, k
        return best

    # ----- one iteration ----------------------------------------------------------------
    def _iterate(
        self, st: State, root: _Node, player: int, rng: random.Random, trusted: bool = False,
        keep: frozenset[Any] | None = None,
    ) -> None:
        """One iteration from ``st``. ``trusted``: ``st`` is the root state itself (no
        determinization), so a node's legal actions are always the ones first seen.
        ``keep``: the only actions considered at the root."""
        node = root
        path: list[_Edge] = []
        waiting: list[int] = []  # path positions of actions whose dice are being sampled
        landed: list[tuple[int, _Node]] = []  # ... and the node the dice led to
        last = -1  # who took the decision just before, if no dice fell since (chain=max)
        while True:
            if waiting and not st.is_chance:
                landed.extend((i, node) for i in waiting)
                waiting.clear()
            if st.is_terminal:
                value0 = float(st.returns()[0])
                break
            if st.is_chance:
                node = self._roll(st, node, rng, trusted)
                last = -1
                continue
            if not node.expanded:
                node.expanded = True
                value0 = self._leaf(st, player, rng)
                break
            actors = st.actors
            if len(actors) > 1:
                node = self._simultaneous(st, node, path, rng)
                last = -1
                continue
            mover = actors[0]
            legal = st.legal_actions(mover)
            if keep is not None and node is root:
                legal = [a for a in legal if a in keep] or legal
            node.mover = mover
            if last == mover and self.chain_max and node.acts is None:
                self._value_all(st, node, legal, player, rng, trusted)
            last = mover
            action, edge = self._select(node, legal, mover, rng, trusted)
            path.append(edge)
            st.push(action, mover)
            if edge.n == 0 and self.exact:
                # first visit: the action's exact expected value over the dice that
                # follow it (as greedy sees it) instead of one sampled outcome
                value0 = self._expected(st, player, rng)
                edge.x = value0
                if self.prior > 1:
                    path.pop()
                    edge.n += self.prior
                    edge.w += self.prior * value0
                break
            if self.correct and edge.x is not None and st.is_chance:
                waiting.append(len(path) - 1)
            if edge.child is None:
                edge.child = _Node()
            node = edge.child
        self._backup(path, landed, value0)

    def _value_all(self, st: State, node: _Node, legal: list[Any], player: int, rng: random.Random, trusted: bool) -> None:
        """``chain=max``, at a decision that follows one of the same player's: give every
        action its exact first value now (a visit each), so the choice that led here is
        worth its best follow-up from the start, not the best of those tried so far."""
        mover = st.actors[0]
        for action, edge in zip(legal, node.edges_for(legal, trusted), strict=True):
            child = st.clone()
            child.push(action, mover)
            edge.x = value = self._expected(child, player, rng)
            edge.n, edge.w = 1, value

    def _roll(self, st: State, node: _Node, rng: random.Random, trusted: bool) -> _Node:
        """Sample the dice at a chance node; return the node they lead to. With
        ``chance_key=state`` and no determinization, the whole run of rolls up to the
        next decision is sampled and the child is keyed by the position reached, so
        the many roll sequences that end in one position (every miss; a hit for the
        same damage) share one node that the search can revisit and deepen. Keyed by
        roll, a node below a three-roll attack (about 1,400 sequences) is almost never
        reached twice and is only ever a one-roll sample of a leaf. A determinized
        search keys by roll: the position holds the sample's secrets; so does a state
        class without a key of its own (``State.key`` reads the ``__slots__``)."""
        if not (self.by_state and trusted and has_key(st)):
            outcome = sample_outcome(st, rng)
            st.push_chance(outcome)
            return _child_by(node, "outcomes", outcome)
        while st.is_chance:
            st.push_chance(sample_outcome(st, rng))
        return _child_by(node, "outcomes", st.key())

    @staticmethod
    def _backup(path: list[_Edge], landed: list[tuple[int, _Node]], value0: float) -> None:
        """Add ``value0`` to every edge of ``path``; an edge in ``landed`` (``correct``)
        gets its exact first value plus what was found below its dice instead."""
        if landed:
            fixed: dict[int, float] = {}
            for i, node in landed:
                if node.static is None:  # first arrival: the leaf (or the end) itself
                    node.static = value0
                fixed[i] = (path[i].x or 0.0) + (value0 - node.static)
            for i, edge in enumerate(path):
                edge.n += 1
                edge.w += fixed.get(i, value0)
            return
        for edge in path:
            edge.n += 1
            edge.w += value0

    def _select(
        self, node: _Node, actions: list[Any], mover: int, rng: random.Random, trusted: bool = False
    ) -> tuple[Any, _Edge]:
        """UCB1 over the actions available now (availability counts, for ISMCTS)."""
        elist = node.edges_for(actions, trusted)
        c = self.c
        chain = self.chain_max
        sqrt = math.sqrt
        best = -1
        best_score = -math.inf
        fresh: list[int] = []
        i = 0
        if node.by_action is None:
            # the same list at every visit: every action was available every time
            node.visits += 1
            log_n = math.log(node.visits)
            for e in elist:
                n = e.n
                if n == 0:
                    fresh.append(i)
                elif not fresh:
                    w = _chained(e, mover) * n if chain else e.w
                    score = (w if mover == 0 else -w) / n + c * sqrt(log_n / n)
                    if score > best_score:
                        best, best_score = i, score
                i += 1
        else:
            log = math.log
            for e in elist:
                e.avail += 1
                n = e.n
                if n == 0:
                    fresh.append(i)
                elif not fresh:
                    w = _chained(e, mover) * n if chain else e.w
                    score = (w if mover == 0 else -w) / n + c * sqrt(log(e.avail) / n)
                    if score > best_score:
                        best, best_score = i, score
                i += 1
        if fresh:
            best = fresh[rng.randrange(len(fresh))] if len(fresh) > 1 else fresh[0]
        return actions[best], elist[best]

    def _simultaneous(self, st: State, node: _Node, path: list[_Edge], rng: random.Random) -> _Node:
        """Decoupled UCT: each player enters a plan from its own tree, blind to the
        other's; the node below is keyed by both plans."""
        if node.plans is None:
            node.plans = (_Node(), _Node())
        entered: list[tuple[Any, ...]] = []
        for p in (0, 1):
            trie = node.plans[p]
            plan: list[Any] = []
            while p in st.actors and not st.is_chance and not st.is_terminal:
                action, edge = self._select(trie, st.legal_actions(p), p, rng)
                path.append(edge)
                st.push(action, p)
                plan.append(action)
                if edge.child is None:
                    edge.child = _Node()
                trie = edge.child
            entered.append(tuple(plan))
        if node.joint is None:
            node.joint = {}
        key = (entered[0], entered[1])
        child = node.joint.get(key)
        if child is None:
            child = node.joint[key] = _Node()
        return child

    def _expected(self, st: State, player: int, rng: random.Random) -> float:
        v = expected_value(st, player, rng, self.exact)
        return v if player == 0 else -v

    def _leaf(self, st: State, player: int, rng: random.Random) -> float:
        """The value (player 0's side) of a new leaf: evaluation, after an optional
        short rollout. Evaluated for the searching player, who may see it."""
        policy = None
        if self.rollout and self.rollout_policy == "game":
            policy = game_policy(st)
        for _ in range(self.rollout):
            if st.is_terminal:
                break
            if st.is_chance:
                st.push_chance(sample_outcome(st, rng))
                continue
            mover = st.actors[0]
            action = rollout_step(st, mover, rng, policy)
            if action is None:  # the mover has no legal action here: evaluate as it stands
                break
            st.push(action, mover)
        v = value_for(st, player)
        return v if player == 0 else -v


def has_key(st: State) -> bool:
    """Whether ``st.key()`` tells positions apart: the class overrides it or declares
    its fields in ``__slots__`` (without either, every position has the same key)."""
    cls = type(st)
    return cls.key is not State.key or bool(key_fields(cls))


def _child_by(node: _Node, attr: str, key: Any) -> _Node:
    table = getattr(node, attr)
    if table is None:
        table = {}
        setattr(node, attr, table)
    child = table.get(key)
    if child is None:
        child = table[key] = _Node()
        child.expanded = False
    return child


def make_ismcts(**kwargs: Any) -> MCTSAgent:
    """Information-set MCTS: ``mcts`` with a fresh determinization every iteration."""
    kwargs.setdefault("determinize", True)
    kwargs.setdefault("name", "ismcts")
    return MCTSAgent(**kwargs)
