"""Rollout-based policy improvement (Tesauro and Galperin, 1996), for every game,
through the contract only.

A decision is made in three steps:

1. every legal action is scored one ply deep, as ``greedy`` scores it (its exact
   expected evaluation over the dice that follow), and the best ``candidates`` are
   kept, ``greedy``'s own choice first;
2. each candidate is valued by ``rollouts`` play-outs: the action is applied, then
   both sides play on with a base ``policy`` for ``depth`` decisions (or to the end of
   the game), and the position reached is valued by its expected evaluation over the
   dice pending there (the result itself at the end);
3. the candidate with the best mean is played; ``greedy``'s choice is kept unless
   another is better by more than ``margin`` standard errors of the paired difference.

**Common random numbers.** Play-out ``i`` of every candidate draws its dice from the
same seeded stream, and its base policy's choices from a second one, both derived from
the agent's RNG: the k-th roll of play-out ``i`` is the same draw whatever the
candidate, so the luck of the dice largely cancels between candidates and the
comparison is made on the same rolls.

**Luck** (``luck=N``, a control variate). Each run of rolls met in a play-out adds its
outcome's value minus its expected value (over up to N outcomes, sampled beyond with an
RNG of its own) to a luck total taken off the play-out's value: a roll's luck averages
zero, so the mean is unchanged while most of the dice noise goes.

**Bounds.** A decision costs at most ``candidates`` x ``rollouts`` play-outs of
``depth`` decisions, and a play-out stops after the game's ``max_length`` steps (dice
included) whatever happens.

**Hidden information.** Where the game hides anything (``determinize=auto``), every
play-out starts from ``state.determinize(player, rng)``, a fresh sample of what the
player cannot see (the same sample for every candidate of play-out ``i``), and the
one-ply scores are taken on such a sample too: the choice depends only on what the
player may know. **Simultaneous decisions** (``actors == (0, 1)``): in a play-out the
base policy plays each actor in turn, as it plays any other decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ..core.game import State
from .common import after_action, check_player, expected_value, game_policy, rollout_step, sample_outcome, value_for
from .greedy import GreedyAgent
from .params import Param, check_values

TIE = 1e-9
SEED_BITS = 64

ROLLOUT_PARAMS: tuple[Param, ...] = (
    Param("candidates", "int", 4, "actions (the best by greedy's one-ply scores) valued by play-outs", low=1, high=16),
    Param("rollouts", "int", 16, "play-outs per candidate (play-out i of every candidate rolls the same dice)",
          low=1, high=256),
    Param("depth", "int", 40, "decisions played on after the candidate before evaluating (0: none)",
          low=0, high=1000),
    Param("policy", "choice", "game",
          "who plays on: game (the game's rollout_action, random where it has none), static (one ply, the "
          "evaluation right after the action, dice pending), greedy (one ply, exact dice; costly) or random",
          choices=("game", "static", "greedy", "random")),
    Param("margin", "float", 0.0,
          "another candidate replaces greedy's choice only if better by more than this many standard errors "
          "of the paired difference", low=0, high=10),
    Param("luck", "int", 0,
          "N > 0: the luck of each run of rolls in a play-out is taken off (its outcome's value minus its "
          "expected value over up to N dice outcomes, sampled beyond): the same mean, less noise; 0: off",
          low=0, high=1024),
    Param("determinize", "choice", "auto", "re-sample hidden information per play-out (auto: if the game hides any)",
          choices=("auto", "true", "false")),
)
"""The parameters of ``rollout`` and their published bounds: a decision costs at most
``candidates`` x ``rollouts`` play-outs of ``depth`` decisions each."""

Policy = Callable[[State, int, random.Random], Any]
"""A base policy: ``(state, mover, rng) -> action`` (None: the mover has no legal action)."""


class RolloutAgent:
    """Greedy's best candidates, each valued by play-outs of a base policy with common
    random numbers (see the module's doc). Parameters are declared with their bounds
    in ``ROLLOUT_PARAMS`` (``dicefront agents`` lists them)."""

    def __init__(
        self,
        candidates: int = 4,
        rollouts: int = 16,
        depth: int = 40,
        policy: str = "game",
        margin: float = 0.0,
        luck: int = 0,
        determinize: str = "auto",
    ) -> None:
        v = check_values(ROLLOUT_PARAMS, "rollout", {"candidates": candidates, "rollouts": rollouts, "depth": depth,
                                                   "policy": policy, "margin": margin, "luck": luck,
                                                   "determinize": determinize})
        self.candidates = int(v["candidates"])
        self.rollouts = int(v["rollouts"])
        self.depth = int(v["depth"])
        self.policy = str(v["policy"])
        self.margin = float(v["margin"])
        self.luck = int(v["luck"])
        self.determinize: bool | None = {"auto": None, "true": True, "false": False}[v["determinize"]]
        self.name = "rollout"
        self._greedy = GreedyAgent()

    # ----- the decision ---------------------------------------------------------------
    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        actions = check_player(state, player)
        if len(actions) == 1:
            return actions[0]
        hidden = self._hidden(state)
        scored = self.shortlist(state, player, rng, hidden)
        if len(scored) == 1:
            return scored[0]
        values = self.values(state, player, scored, rng, hidden)
        return self.pick(scored, values)

    def shortlist(self, state: State, player: int, rng: random.Random, hidden: bool | None = None) -> list[Any]:
        """The ``candidates`` best actions by greedy's one-ply scores, best first (on a
        determinized sample when the game hides information); equal scores in an order
        drawn from ``rng``."""
        if hidden is None:
            hidden = self._hidden(state)
        base = state.determinize(player, rng) if hidden else state
        scored = self._greedy.scores(base, player, rng)
        order = list(range(len(scored)))
        rng.shuffle(order)  # equal scores in random order, as greedy breaks ties (not the first few listed)
        order.sort(key=lambda i: -scored[i][1])
        return [scored[i][0] for i in order[: self.candidates]]

    def values(self, state: State, player: int, candidates: list[Any], rng: random.Random,
               hidden: bool | None = None) -> list[list[float]]:
        """For each candidate, the value for ``player`` of every play-out, play-out ``i``
        on the ``i``-th seeds (sample, dice, policy) drawn from ``rng`` for all."""
        if hidden is None:
            hidden = self._hidden(state)
        seeds = [tuple(rng.getrandbits(SEED_BITS) for _ in range(3)) for _ in range(self.rollouts)]
        policy = self._policy(state)
        out: list[list[float]] = [[] for _ in candidates]
        for sample_seed, dice_seed, policy_seed in seeds:
            root = state.determinize(player, random.Random(sample_seed)) if hidden else state
            for j, action in enumerate(candidates):
                dice, moves = random.Random(dice_seed), random.Random(policy_seed)
                st = root.clone()
                st.push(action, player)
                out[j].append(self.play_on(st, player, policy, moves, dice))
        return out

    def pick(self, candidates: list[Any], values: list[list[float]]) -> Any:
        """The candidate with the best mean; the first (greedy's choice) unless another
        beats it by more than ``margin`` standard errors of the paired difference."""
        n = len(values[0])
        means = [sum(v) / n for v in values]
        best = max(range(len(candidates)), key=lambda j: (means[j], -j))
        if best == 0 or means[best] <= means[0] + TIE:
            return candidates[0]
        if self.margin and n > 1:
            diffs = [b - a for a, b in zip(values[0], values[best], strict=True)]
            mean = means[best] - means[0]
            spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            if mean <= self.margin * spread:
                return candidates[0]
        return candidates[best]

    # ----- one play-out ---------------------------------------------------------------
    def play_on(self, st: State, player: int, policy: Policy, moves: random.Random, dice: random.Random) -> float:
        """Play ``st`` on for ``depth`` decisions with ``policy`` (dice from ``dice``),
        then its expected evaluation for ``player`` over the dice pending there; with
        ``luck``, less the luck of every run of rolls on the way (see the module's doc)."""
        left = self.depth
        steps = st.game.spec.max_length  # dice included: a run of re-rolls cannot go on for ever
        luck = 0.0
        spare = random.Random(dice.getrandbits(SEED_BITS)) if self.luck else dice
        while not st.is_terminal and steps > 0:
            steps -= 1
            if st.is_chance:
                if left <= 0:
                    break
                if self.luck:  # the rolls' value minus what they were worth on average
                    before = expected_value(st, player, spare, self.luck)
                    while st.is_chance and steps > 0:
                        steps -= 1
                        st.push_chance(sample_outcome(st, dice))
                    luck += value_for(st, player) - before
                else:
                    st.push_chance(sample_outcome(st, dice))
                continue
            if left <= 0:
                break
            mover = st.actors[0]
            action = policy(st, mover, moves)
            if action is None:  # the mover has no legal action here: evaluate as it stands
                break
            st.push(action, mover)
            left -= 1
        return expected_value(st, player, spare) - luck

    def _policy(self, state: State) -> Policy:
        if self.policy == "greedy":
            greedy = self._greedy

            def by_greedy(st: State, mover: int, moves: random.Random) -> Any:
                if not st.legal_actions(mover):
                    return None
                return greedy.choose(st, mover, moves)
            return by_greedy
        if self.policy == "static":
            return by_static
        chosen = game_policy(state) if self.policy == "game" else None

        def by_rule(st: State, mover: int, moves: random.Random) -> Any:
            return rollout_step(st, mover, moves, chosen)
        return by_rule

    def _hidden(self, state: State) -> bool:
        return bool(state.game.spec.hidden_information if self.determinize is None else self.determinize)


def by_static(st: State, mover: int, moves: random.Random) -> Any:
    """One ply without the dice: the action whose position, as it stands right after
    it (dice still pending), the evaluation likes best; ties broken by ``moves``."""
    actions = st.legal_actions(mover)
    if len(actions) <= 1:
        return actions[0] if actions else None
    best: list[Any] = []
    top = -math.inf
    for action in actions:
        v = value_for(after_action(st, action, mover), mover)
        if v > top + TIE:
            best, top = [action], v
        elif v >= top - TIE:
            best.append(action)
    return best[0] if len(best) == 1 else best[moves.randrange(len(best))]
