"""Random-playout steps per CPU second of games over OpenSpiel backgammon's, both
driven from the same Python loop, in interleaved rounds: `dicefront bench`'s
`cpu_ratio_to_openspiel_backgammon` alone (no clones, MCTS or odds), so it is quick.

CPU time (`time.process_time`) instead of the wall clock, so the ratio holds on a
machine shared with other work, where the wall-clock ratio swings by a factor of two.
The measuring is `dicefront.lab.bench.run_bench`; see benchmarks/README.md. Needs the
`openspiel` extra.

    python benchmarks/cpu_ratio.py trench_checkers               # 3 rounds, median
    python benchmarks/cpu_ratio.py ditch --seconds 6 --rounds 5
"""

from __future__ import annotations

import argparse
import sys

import dicefront
from dicefront.lab.bench import run_bench


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="+", choices=dicefront.names(), metavar="game")
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per game, split over the rounds")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if not 0.1 <= args.seconds <= 600 or not 1 <= args.rounds <= 20:
        parser.error("--seconds must be 0.1-600 and --rounds 1-20")
    data = run_bench(args.games, args.seconds, rounds=args.rounds, odds=False, extras=False)
    if data["openspiel_backgammon"] is None:
        sys.exit("cpu_ratio: OpenSpiel is not installed (pip install -e '.[openspiel]')")
    for name, row in data["games"].items():
        print(f"{name}: {row['cpu_ratio_to_openspiel_backgammon']:.3f} x OpenSpiel backgammon (CPU steps/s, "
              f"median of {args.rounds} rounds; wall clock: {row['ratio_to_openspiel_backgammon']:.3f})")


if __name__ == "__main__":
    main()
