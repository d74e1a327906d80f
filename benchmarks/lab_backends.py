"""Per-game cost, 1 -> 2 local workers, and Ray against local processes, on the same tasks.

Usage: PYTHONPATH=src python benchmarks/lab_backends.py GAME AGENT,AGENT GAMES [local]  (needs the lab extra
unless ``local``: then Ray is left out). Prints one JSON line: wall seconds per backend, the CPU seconds of this
process and its finished children (the pool's workers) for the local runs, the 1-minute load average before each
run, Ray's start-up, and whether the records are identical. On a shared machine the wall-clock speedup says as much
about the load as about the lab: compare it with the CPU seconds and the load."""

from __future__ import annotations

import json
import os
import resource
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

    def cpu() -> float:
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime

    def timed(label: str, *args: Any) -> str:
        out[f"load_{label}"] = round(os.getloadavg()[0], 2)
        start, cpu_start = time.perf_counter(), cpu()
        records = run_tasks(tasks, *args)
        out[label] = round(time.perf_counter() - start, 2)
        out[f"cpu_{label}"] = round(cpu() - cpu_start, 2)
        return json.dumps(records)

    one, two = timed("local_1", "local", 1), timed("local_2", "local", 2)
    out["speedup_1_to_2"] = round(out["local_1"] / out["local_2"], 3)
    if sys.argv[4:] == ["local"]:
        out["identical"] = one == two
        out["load_after"] = os.getloadavg()[0]
        print(json.dumps(out))
        return
    import ray

    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    out["ray_start"] = round(time.perf_counter() - start, 2)
    on_ray = timed("ray_2", "ray", 2)
    del out["cpu_ray_2"]  # Ray's workers are not this process's children
    ray.shutdown()
    out["identical"] = one == two == on_ray
    out["load_after"] = os.getloadavg()[0]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
