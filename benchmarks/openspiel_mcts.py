"""OpenSpiel's MCTSBot against Dicefront's ``mcts`` agent, through the OpenSpiel
adapter, at equal time per move, on every game.

    python benchmarks/openspiel_mcts.py --games-per-pair 4 --seconds 0.05 --seed 1

Every game is played through ``pyspiel`` states (``dicefront_<name>``): dice are
drawn by their exact probabilities from one seeded RNG, seats alternate, and each
side gets ``--seconds`` per move. OpenSpiel's ``MCTSBot`` (UCT with a random-rollout
evaluator, ``--rollouts`` rollouts per leaf) counts simulations, not seconds, so it
re-tunes its simulation count after every move to the time its last search took;
the mean seconds per move of both sides are printed beside the result, and the
95% Wilson interval of our score (a draw counts as half a win). In games with
hidden information MCTSBot searches a determinized copy of the position (the
player's own view, the rest re-sampled): it never sees what its seat may not.
Needs the ``adapters`` extra. The figures are wall-clock: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as spiel_mcts

import dicefront
from dicefront.adapters import openspiel as adapter
from dicefront.agents import make_agent
from dicefront.core.match import agent_copy
from dicefront.lab import wilson_interval


class TimedMCTSBot(spiel_mcts.MCTSBot):
    """MCTSBot whose simulation count follows a time budget per move."""

    def __init__(self, game: Any, seconds: float, rollouts: int, seed: int) -> None:
        rng = np.random.RandomState(seed)
        evaluator = spiel_mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=rng)
        super().__init__(game, uct_c=2.0, max_simulations=20, evaluator=evaluator, random_state=rng, solve=True)
        self.seconds = seconds
        self.spent: list[float] = []

    def step_with_policy(self, state: Any) -> Any:
        start = time.perf_counter()
        out = super().step_with_policy(state)
        took = max(time.perf_counter() - start, 1e-6)
        self.spent.append(took)
        self.max_simulations = max(2, min(100_000, int(self.max_simulations * self.seconds / took)))
        return out


def play(name: str, seed: int, ours_seat: int, seconds: float, rollouts: int) -> tuple[float, float, float]:
    """One game; returns (our return, our mean seconds a move, MCTSBot's)."""
    game = pyspiel.load_game(adapter.spiel_name(name))
    dice = random.Random(f"{seed}:dice")
    rng = random.Random(f"{seed}:ours")
    det = random.Random(f"{seed}:determinize")
    ours = make_agent(f"mcts:seconds={seconds}:iterations=100000")
    bot = TimedMCTSBot(game, seconds, rollouts, seed)
    ours_spent: list[float] = []
    state = game.new_initial_state()
    dgame = state.dgame
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(dice.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        player = state.current_player()
        if player == ours_seat:
            start = time.perf_counter()
            action = ours.choose(agent_copy(state.dstate, player, rng), player, rng)
            ours_spent.append(time.perf_counter() - start)
            state.apply_action(dgame.action_id(state.dstate, action))
        else:
            view = state.dstate.determinize(player, det) if dgame.hidden_information else state.dstate.clone()
            state.apply_action(bot.step(game.new_initial_state(view)))
    mean = lambda xs: sum(xs) / max(1, len(xs))  # noqa: E731
    return state.returns()[ours_seat], mean(ours_spent), mean(bot.spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games-per-pair", type=int, default=4, help="games per game type (seats alternate)")
    parser.add_argument("--seconds", type=float, default=0.05, help="seconds per move for each side")
    parser.add_argument("--rollouts", type=int, default=1, help="MCTSBot random rollouts per leaf")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("games", nargs="*", help="games (default: all)")
    args = parser.parse_args()
    names = args.games or dicefront.names()
    print(f"{'game':18} {'games':>5} {'ours W-D-L':>11} {'our score':>9} {'95% Wilson':>11} "
          f"{'s/move ours':>11} {'s/move MCTSBot':>14}", flush=True)
    for name in names:
        results, ours_t, bot_t = [], [], []
        for i in range(args.games_per_pair):
            r, a, b = play(name, args.seed * 1000 + i, i % 2, args.seconds, args.rollouts)
            results.append(r)
            ours_t.append(a)
            bot_t.append(b)
        w, d, l = (sum(r > 0 for r in results), sum(r == 0 for r in results), sum(r < 0 for r in results))
        score = (w + 0.5 * d) / len(results)
        lo, hi = wilson_interval(w + 0.5 * d, len(results))
        print(f"{name:18} {len(results):5} {f'{w}-{d}-{l}':>11} {score:9.0%} {f'{lo:.0%}-{hi:.0%}':>11} "
              f"{np.mean(ours_t):11.3f} {np.mean(bot_t):14.3f}", flush=True)


if __name__ == "__main__":
    main()
