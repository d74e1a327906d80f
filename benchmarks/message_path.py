"""CPU per action of the server's message path, in one process and without sockets:
a person's move in seeded random Ditch games (human against human, as
``server_load.py`` plays them), planned, taken in, and both seats' updates built and
encoded (``LiveGame.message`` through each seat's ``Outbox``), the dice that follow at
once told with it. Storage is left out (``benchmarks/storage_steps.py`` measures it):
the plan is accepted without being written. Much less noisy than the load test, so a
change of a few percent shows; the load test says what it is worth through the server.

    python benchmarks/message_path.py                 # 3 runs of 4000 actions over 20 games
    PYTHONPATH=/other/checkout/src python benchmarks/message_path.py   # the same on other code

Prints the process CPU per action of each run and the time spent in the garbage collector."""

from __future__ import annotations

import argparse
import gc
import random
import secrets
import statistics
import time
from typing import Any

from dicefront.server.board_diff import Outbox
from dicefront.server.game_cache import validate_new_game
from dicefront.server.live import LiveGame
from dicefront.server.storage import GameRow, Seat, now

GC = {"start": 0.0, "spent": 0.0}


def _gc_clock(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        GC["start"] = time.process_time()
    else:
        GC["spent"] += time.process_time() - GC["start"]


class _NoStorage:
    """Nothing is written: this benchmark measures what the server does besides storage."""

    def add_steps(self, *args: Any) -> None:
        return None


def new_game(game: Any) -> tuple[LiveGame, list[Outbox]]:
    seats = [Seat("human", token=secrets.token_urlsafe(8), joined=True), Seat("human", token=secrets.token_urlsafe(8))]
    row = GameRow(id=secrets.token_hex(6), game=game.name, options=game.options_json(), seats=seats, created=now(), data_files=game.data_files)
    live = LiveGame(row, _NoStorage(), game)  # type: ignore[arg-type]
    while live.state.is_chance:
        live.step_automatic({}, True)
    boxes = [Outbox(), Outbox()]
    for seat, box in enumerate(boxes):
        box.encode(live.message(seat, None, {0, 1}))  # the greeting
    return live, boxes


def run(games: int, actions: int, seed: int) -> tuple[float, float]:
    """CPU seconds per action, and the garbage collector's share of them."""
    rng = random.Random(seed)
    game = validate_new_game("ditch", {}, None)
    table = [new_game(game) for _ in range(games)]
    GC["spent"] = 0.0
    start = time.process_time()
    done = 0
    while done < actions:
        i = rng.randrange(games)
        live, boxes = table[i]
        if live.finished:
            table[i] = new_game(game)
            continue
        seat = live.state.actors[0]
        text = rng.choice(live.board(seat)["actions"])["text"]  # as the page and the load test send it
        told = live.accept(live.plan_act(seat, text, follow=True))
        for s, box in enumerate(boxes):
            if told.get(s):
                box.encode(live.message(s, told[s], {0, 1}))
        done += 1
    spent = time.process_time() - start
    return spent / actions, GC["spent"] / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    gc.callbacks.append(_gc_clock)
    per: list[float] = []
    for r in range(args.runs):
        cpu, gc_share = run(args.games, args.actions, args.seed + r)
        per.append(cpu)
        print(f"run {r + 1}: {cpu * 1e6:.0f} us per action ({100 * gc_share:.1f}% in the garbage collector)")
    print(f"median {statistics.median(per) * 1e6:.0f} us per action")


if __name__ == "__main__":
    main()
