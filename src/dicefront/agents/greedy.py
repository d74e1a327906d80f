"""The one-ply greedy agent: every legal action scored by its exact expected
evaluation over the dice that follow it, up to the next decision.

At a simultaneous step (``spec.simultaneous``: both sides write in secret, as in
Hell's Ditch plans) the next decision may be the other side's part of the same step,
and nothing of the step has happened yet. There each action is valued against
``guesses`` fresh guesses of what the other side cannot be seen to have written (its
plan re-sampled by ``determinize``, and where it has still to write, written at
random after the action), each played through to the dice, the same guesses for
every action. The seat that writes first then sees its plan's effects as the seat
that writes last does, and neither reads the other's plan."""

from __future__ import annotations

import random
from typing import Any

from ..core.game import State
from .common import after_action, check_player, expected_value
from .params import Param, check_values

TIE = 1e-9

COMPLETION_STEPS = 256
"""The most random actions a guess writes for the other side to finish its part of a
simultaneous step (a plan is a few orders; the bound only guards a faulty game)."""

GREEDY_PARAMS: tuple[Param, ...] = (
    Param("epsilon", "float", 0.0, "the chance of playing a random action instead (human-like slips)", low=0, high=1),
    Param("guesses", "int", 8, "at a simultaneous step: how many guesses of the other side's hidden plan each action "
          "is valued against", low=1, high=256),
)


class GreedyAgent:
    """Scores each action by ``E[evaluate]`` over the chance outcomes that follow it
    (exact probabilities) and plays the best; ties are broken with the RNG.

    ``epsilon``: the chance of playing a uniformly random action instead (used by the
    ``easy`` level to make human-like slips). ``guesses``: see the module docstring."""

    name = "greedy"

    def __init__(self, epsilon: float = 0.0, guesses: int = 8) -> None:
        values = check_values(GREEDY_PARAMS, "greedy", {"epsilon": epsilon, "guesses": guesses})
        self.epsilon = float(values["epsilon"])
        self.guesses = int(values["guesses"])
        shown = [f"epsilon={self.epsilon:g}"] if self.epsilon else []
        shown += [f"guesses={self.guesses}"] if self.guesses != 8 else []
        if shown:
            self.name = ":".join(["greedy", *shown])

    def scores(self, state: State, player: int, rng: random.Random | None = None) -> list[tuple[Any, float]]:
        """Every legal action of ``player`` with its expected evaluation (``rng``
        samples the dice only where they are too many to enumerate, and the guesses at
        a simultaneous step; without it, that step is valued as it stands)."""
        actions = check_player(state, player)
        if rng is None or not state.game.spec.simultaneous:
            return [(a, expected_value(after_action(state, a, player), player, rng)) for a in actions]
        return self._guessed(state, player, actions, rng)

    def _guessed(self, state: State, player: int, actions: list[Any], rng: random.Random) -> list[tuple[Any, float]]:
        """The scores at a simultaneous step: each action's mean value over the same
        ``guesses`` guesses (one seed each: the same re-sample, the same random
        completion and the same sampled dice for every action)."""
        other = 1 - player
        both = other in state.actors
        hidden = state.game.spec.hidden_information
        totals = [0.0] * len(actions)
        for seed in [rng.getrandbits(64) for _ in range(self.guesses)]:
            guess = state.determinize(player, random.Random(seed)) if hidden else state
            for i, action in enumerate(actions):
                child = after_action(guess, action, player)
                dice = random.Random(seed ^ 0x5EED)
                if both:
                    _complete(child, other, dice)
                totals[i] += expected_value(child, player, dice)
        return [(a, total / self.guesses) for a, total in zip(actions, totals, strict=True)]

    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        actions = check_player(state, player)
        if len(actions) == 1:
            return actions[0]
        if self.epsilon and rng.random() < self.epsilon:
            return actions[rng.randrange(len(actions))]
        scored = self.scores(state, player, rng)
        best = max(v for _, v in scored)
        top = [a for a, v in scored if v >= best - TIE]
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]


def _complete(state: State, other: int, rng: random.Random) -> None:
    """Let ``other`` finish its part of the simultaneous step at random (in place):
    while it alone is to act, a uniformly random legal action of its own."""
    for _ in range(COMPLETION_STEPS):
        if state.is_terminal or state.is_chance or state.actors != (other,):
            return
        actions = state.legal_actions(other)
        if not actions:
            return
        state.push(actions[rng.randrange(len(actions))], other)
