"""Per-game cost, 1 -> 2 local workers, and Ray against local processes, on the same tasks.

Usage: PYTHONPATH=src python benchmarks/lab_backends.py GAME AGENT,AGENT GAMES  (needs the lab extra).
Prints one JSON line: seconds per backend, Ray's start-up, and whether the records are identical."""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

import dicefront
from dicefront.lab.backends import run_tasks
from dicefront.lab.tasks import make_tasks


def main() -> None:
    game = dicefront.load(sys.argv[1])
    a, b = sys.argv[2].split(",")
    tasks = make_tasks(game, (a, b), 7, 0, int(sys.argv[3]))
    out: dict[str, Any] = {"game": game.name, "agents": [a, b], "games": len(tasks), "load_before": os.getloadavg()[0]}

    def timed(label: str, *args: Any) -> str:
        start = time.perf_counter()
        records = run_tasks(tasks, *args)
        out[label] = round(time.perf_counter() - start, 2)
        return json.dumps(records)

    one, two = timed("local_1", "local", 1), timed("local_2", "local", 2)
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    out["ray_start"] = round(time.perf_counter() - start, 2)
    on_ray = timed("ray_2", "ray", 2)
    ray.shutdown()
    out["identical"] = one == two == on_ray
    out["load_after"] = os.getloadavg()[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
