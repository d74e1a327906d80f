"""What a research tool pays per decision for the integer encoding, as a ratio to a
random step of the same game (issue #17):

    PYTHONPATH=$PWD/src python benchmarks/encoding_cost.py [games...]

Two seeded random games per game are recorded; then, over the same positions,
``observation_tensor + legal_action_ids`` of the player to act is timed against a
random step (``legal_actions``, a uniform choice, ``push``). CPU time of this process
(``time.process_time``), the best of ``--reps`` repetitions, so other work on the
machine moves the figure little.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import dicefront
from dicefront.core.chance import sample


def positions(game: Any, seed: int, games: int = 2) -> list[tuple[Any, int]]:
    """Every decision of ``games`` seeded random games: (state, player to act)."""
    out = []
    for k in range(games):
        rng = random.Random(f"{seed}:{k}")
        state = game.new_state()
        while not state.is_terminal:
            if state.is_chance:
                state.push_chance(sample(state.chance_outcomes(), rng))
                continue
            player = state.actors[0]
            out.append((state.clone(), player))
            state.push(rng.choice(list(state.legal_actions(player))), player)
    return out


def ratio(name: str, seed: int, reps: int) -> tuple[int, float]:
    game = dicefront.load(name)
    recorded = positions(game, seed)
    best_step = best_encode = float("inf")
    for _ in range(reps):
        copies = [(s.clone(), p) for s, p in recorded]
        rng = random.Random(seed)
        start = time.process_time()
        for state, player in copies:
            state.push(rng.choice(list(state.legal_actions(player))), player)
        best_step = min(best_step, time.process_time() - start)
        copies = [(s.clone(), p) for s, p in recorded]
        start = time.process_time()
        for state, player in copies:
            game.observation_tensor(state, player)
            game.legal_action_ids(state, player)
        best_encode = min(best_encode, time.process_time() - start)
    return len(recorded), best_encode / max(best_step, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("games", nargs="*", help="games (default: all)")
    args = parser.parse_args()
    print(f"{'game':18} {'decisions':>9} {'(tensor + ids) / random step':>29}")
    for name in args.games or dicefront.names():
        n, r = ratio(name, args.seed, args.reps)
        print(f"{name:18} {n:9} {r:29.2f}", flush=True)


if __name__ == "__main__":
    main()
