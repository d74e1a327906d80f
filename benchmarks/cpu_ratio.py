"""Random-playout steps per CPU second of one game over OpenSpiel backgammon's, both
driven from the same Python loop as `dicefront bench`, in alternating rounds.

CPU time (`time.process_time`) instead of the wall clock, so the ratio holds on a
machine shared with other work, where `dicefront bench`'s wall-clock ratio swings by
a factor of two. Needs the `openspiel` extra.

    python benchmarks/cpu_ratio.py trench_checkers            # 3 rounds, median
    python benchmarks/cpu_ratio.py ditch --games 80 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dicefront import load
from dicefront.lab.bench import random_playout


def openspiel_steps(games: int, rng: random.Random) -> int:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("backgammon")
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=40, help="playouts of the game a round (OpenSpiel: 150)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    game = load(args.game)
    ratios = []
    for round_ in range(args.rounds):
        start = time.process_time()
        reference = openspiel_steps(150, random.Random(round_)) / (time.process_time() - start)
        rng = random.Random(round_)
        start = time.process_time()
        steps = sum(random_playout(game, rng) for _ in range(args.games))
        ratios.append(steps / (time.process_time() - start) / reference)
    print(f"{args.game}: {statistics.median(ratios):.3f} x OpenSpiel backgammon (CPU steps/s; rounds {', '.join(f'{r:.3f}' for r in ratios)})")


if __name__ == "__main__":
    main()
