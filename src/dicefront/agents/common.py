"""Helpers shared by the searching agents: sampling chance outcomes with the agent's
own RNG, exact expectations over the dice up to the next decision, and budgets.

Everything here goes through the game contract only (``is_chance``,
``chance_outcomes``, ``_apply``, ``_apply_chance``, ``Game.evaluate``)."""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from typing import Any

from ..core.chance import Outcomes, Roll
from ..core.errors import AgentError
from ..core.game import State
from .params import Param, check_named

MAX_CHANCE_DEPTH = 8
"""Chance nodes in a row that an expectation follows before it evaluates the state as
it stands (a tied roll-off that is rolled again would otherwise recurse forever)."""

LEAF_BUDGET = 256
"""How many chance leaves an expectation may visit per action: within it the
expectation is exact; beyond it, outcomes are sampled (see ``expected_value``)."""


CUMULATIVE_MEMO = 256
"""Outcome lists whose running probability sums ``sample_outcome`` keeps (then forgets
them all at once): games hand out the same few lists (2d6, a d8) again and again."""

_CUMULATIVE: dict[int, tuple[Outcomes, list[float]]] = {}


def cumulative(outcomes: Outcomes) -> list[float]:
    """The running sums of the outcomes' probabilities, as floats, remembered per list
    (the list is kept with its sums, so its ``id`` cannot be reused while remembered)."""
    found = _CUMULATIVE.get(id(outcomes))
    if found is not None and found[0] is outcomes and len(found[1]) == len(outcomes):
        return found[1]
    acc = 0.0
    sums: list[float] = []
    for _, p in outcomes:
        acc += p.numerator / p.denominator
        sums.append(acc)
    if len(_CUMULATIVE) >= CUMULATIVE_MEMO:
        _CUMULATIVE.clear()
    _CUMULATIVE[id(outcomes)] = (outcomes, sums)
    return sums


def sample_outcome(state: State, rng: random.Random) -> Roll:
    """One chance outcome picked by its exact probability, with floats for speed
    (``rng.random()`` is the same on every machine): the first outcome whose running
    sum of probabilities exceeds the ticket drawn, the last if rounding leaves none."""
    outcomes = state.chance_outcomes()
    i = bisect_right(cumulative(outcomes), rng.random())
    return outcomes[i][0] if i < len(outcomes) else outcomes[-1][0]


def value_for(state: State, player: int) -> float:
    """The game's evaluation of ``state`` for ``player`` (exact at the end)."""
    if state.is_terminal:
        return float(state.returns()[player])
    return float(state.game.evaluate(state, player))


def expected_value(
    state: State, player: int, rng: random.Random | None = None, budget: int = LEAF_BUDGET, depth: int = 0
) -> float:
    """The expected evaluation for ``player`` over the chance outcomes from ``state``
    up to the next decision (or the end of the game).

    Exact (every outcome weighted by its probability) while the chance tree has at
    most ``budget`` leaves, which covers a roll of up to three dice. A chance node
    with more outcomes than its share of the budget is estimated instead from that
    many outcomes drawn with ``rng`` (without an RNG, the state is evaluated as it
    stands). Chains longer than ``MAX_CHANCE_DEPTH`` are cut the same way."""
    if not state.is_chance or depth >= MAX_CHANCE_DEPTH:
        return value_for(state, player)
    outcomes = state.chance_outcomes()
    if len(outcomes) <= budget:
        share = budget // len(outcomes)
        total = 0.0
        for outcome, p in outcomes:
            child = state.clone()
            child.push_chance(outcome)
            total += (p.numerator / p.denominator) * expected_value(child, player, rng, share, depth + 1)
        return total
    if rng is None:
        return value_for(state, player)
    draws = max(budget, 1)
    total = 0.0
    for _ in range(draws):
        child = state.clone()
        child.push_chance(sample_outcome(child, rng))
        total += expected_value(child, player, rng, 1, depth + 1)
    return total / draws


def after_action(state: State, action: Any, player: int) -> State:
    """A copy of ``state`` with ``player``'s known-legal ``action`` applied."""
    child = state.clone()
    child.push(action, player)
    return child


class Budget:
    """A search budget: a number of iterations, or (``seconds > 0``) a wall-clock
    time. Only iteration budgets give the same moves on every run. ``floor``: at
    least this many iterations whatever the clock says (a loaded machine cannot
    starve a time-bounded search below it)."""

    __slots__ = ("deadline", "done", "floor", "iterations", "seconds")

    def __init__(self, iterations: int, seconds: float = 0.0, floor: int = 0) -> None:
        if iterations < 1:
            raise AgentError(f"iterations must be at least 1, got {iterations}")
        if seconds < 0:
            raise AgentError(f"seconds must not be negative, got {seconds}")
        self.iterations = iterations
        self.seconds = seconds
        self.floor = min(max(floor, 0), iterations)
        self.done = 0
        self.deadline = time.perf_counter() + seconds if seconds > 0 else 0.0

    def more(self) -> bool:
        if self.done >= self.iterations:
            return False
        if self.done < self.floor:
            return True
        return not (self.seconds > 0 and self.done and time.perf_counter() >= self.deadline)


BOOK = Param(
    "book", "name", "game",
    "game: play the game's book_action where it gives one (its known technique, e.g. an end game) instead of "
    "searching, and search only the actions its book_allowed keeps; a name from the game's BOOKS: the same with "
    "that book (a style of play the game offers); off: always search every legal action",
    choices=("game", "off"), named_by="BOOKS")
"""The ``book`` parameter of the searches: which of the game's books they play, if any."""


def book_choice(state: State, player: int, actions: list[Any], book: str = "game", agent: str = "mcts") -> Any:
    """The action the game's heuristics role plays outright here, ``book_action(state,
    player)`` (a known technique, such as converting an end game; for a ``book`` other
    than ``game``, one of the role's ``BOOKS``: ``book_action(state, player, book)``),
    when it declares one and it names a legal action; else None (search). AgentError
    for a book the game does not declare."""
    game = state.game
    fn = game.role_function("heuristics", "book_action", required=False)
    if book != "game":
        check_named(BOOK, book, game.role_function("heuristics", BOOK.named_by, required=False), agent, game.name)
    if fn is None:
        return None
    chosen = fn(state, player) if book == "game" else fn(state, player, book)
    return chosen if chosen is not None and chosen in actions else None


def book_filter(state: State, player: int, actions: list[Any], book: str = "game") -> list[Any]:
    """The actions the game's heuristics role lets a search consider here,
    ``book_allowed(state, player, actions)`` (a known technique ruling out unsound
    choices; for a ``book`` other than ``game``: ``book_allowed(state, player, actions,
    book)``), in the order given; all of ``actions`` where the game declares none or it
    allows nothing legal."""
    allowed = state.game.role_function("heuristics", "book_allowed", required=False)
    if allowed is None:
        return actions
    kept = allowed(state, player, actions) if book == "game" else allowed(state, player, actions, book)
    if kept is None:
        return actions
    keep = set(kept)
    chosen = [a for a in actions if a in keep]
    return chosen or actions


def game_policy(state: State) -> Any:
    """The game's optional rollout policy, ``rollout_action(state, player, rng)`` of its
    heuristics role (None where it declares none): a cheap action for playing on."""
    return state.game.role_function("heuristics", "rollout_action", required=False)


def rollout_step(st: State, mover: int, rng: random.Random, policy: Any = None) -> Any:
    """The action ``mover`` plays in a rollout: ``policy(st, mover, rng)`` (a game's
    ``rollout_action``) when it names a legal action, else a uniform legal one; None
    when ``mover`` has no legal action."""
    actions = st.legal_actions(mover)
    if not actions:
        return None
    if policy is not None:
        chosen = policy(st, mover, rng)
        if chosen is not None and chosen in actions:
            return chosen
    return actions[rng.randrange(len(actions))]


def check_player(state: State, player: int) -> list[Any]:
    """The legal actions of ``player``, or a clear error when it may not act."""
    actions = state.legal_actions(player)
    if not actions:
        raise AgentError(f"player {player} has no legal action in this position ({state.status_text()})")
    return actions
