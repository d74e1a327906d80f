"""CPU per step stored through ``Storage.add_steps_soon`` (SQLite, the writer thread's
group commit): the steps of seeded random Ditch games written to 40 games at once, at
most ``--group`` waiting together (the server's groups are small: a few moves at once).

    python benchmarks/storage_steps.py --group 4

Prints the process's CPU time (both threads; user and system, the system part mostly
the fsync of each commit) and wall time per step stored. ``--playing``: each write also
stores what the lobby shows of the game (``InPlay``, as the server does for a game it
leaves in play)."""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from concurrent.futures import Future

import dicefront
from dicefront.core.match import roll
from dicefront.core.record import Step
from dicefront.server.storage import GameRow, InPlay, Seat, Storage, now


def sample_steps(seed: int, count: int) -> list[Step]:
    rng = random.Random(seed)
    game = dicefront.load("ditch")
    out: list[Step] = []
    state = game.new_state()
    while len(out) < count:
        if state.is_terminal:
            state = game.new_state()
        elif state.is_chance:
            out.append(roll(state, rng))
        else:
            seat = state.actors[0]
            action = rng.choice(state.legal_actions(seat))
            out.append(Step(seat, action=str(action), events=state.apply(action, seat)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--group", type=int, default=4, help="most writes waiting together")
    parser.add_argument("--steps", type=int, default=300, help="steps per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playing", action="store_true", help="store what the lobby shows with each step")
    args = parser.parse_args()
    steps = sample_steps(args.seed, args.steps)
    with tempfile.TemporaryDirectory() as folder:
        store = Storage(folder + "/g.sqlite3")
        ids = [f"g{i}" for i in range(40)]
        for game_id in ids:
            store.create_game(GameRow(game_id, "ditch", {}, [Seat("human"), Seat("human")], now()))
        wall, cpu = time.perf_counter(), os.times()
        waiting: list[Future[None]] = []
        for index, step in enumerate(steps):
            for game_id in ids:
                playing = InPlay(index + 1, f"move {index + 1}", False) if args.playing else None
                done = store.add_steps_soon(game_id, index, [step], playing=playing)
                if done is None:
                    raise SystemExit("this store has no writer thread")
                waiting.append(done)
                if len(waiting) >= args.group:
                    for f in waiting:
                        f.result()
                    waiting = []
        for f in waiting:
            f.result()
        n = len(steps) * len(ids)
        end = os.times()
        user, system = (end.user - cpu.user) / n * 1e6, (end.system - cpu.system) / n * 1e6
        print(f"{n} steps: CPU {user + system:.1f} us/step (user {user:.1f}, system {system:.1f}), wall {(time.perf_counter() - wall) / n * 1e6:.1f} us/step")
        store.close()


if __name__ == "__main__":
    main()
