"""Execution backends: they only run game tasks and hand back compact records.

``local`` runs tasks in this process (one worker) or in a process pool; ``ray`` sends
batches of tasks to a Ray cluster (a local one, or ``address`` to join one). Records
come back in game-index order whatever finished first, so a run's numbers do not
depend on the backend or the number of workers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from ..core.errors import DicefrontError
from .tasks import GameTask, run_batch

BACKENDS = ("local", "ray")
MAX_WORKERS = 256
Progress = Callable[[int], None]
"""Called with the number of games just finished."""


class LabError(DicefrontError):
    """A lab run that cannot start: bad backend, worker count, run directory, ..."""


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def batches(tasks: list[GameTask], workers: int) -> list[list[GameTask]]:
    """Tasks cut into batches: several per worker (for balance and progress), none
    longer than 64 games."""
    size = max(1, min(64, len(tasks) // (workers * 8) or 1))
    return [tasks[i : i + size] for i in range(0, len(tasks), size)]


def _in_order(results: dict[int, list[dict[str, Any]]], count: int) -> list[dict[str, Any]]:
    return [record for i in range(count) for record in results[i]]


def run_local(tasks: list[GameTask], workers: int, progress: Progress | None = None) -> list[dict[str, Any]]:
    parts = batches(tasks, workers)
    done: dict[int, list[dict[str, Any]]] = {}
    if workers <= 1:
        for i, part in enumerate(parts):
            done[i] = run_batch(part)
            if progress is not None:
                progress(len(part))
        return _in_order(done, len(parts))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[list[dict[str, Any]]], int] = {pool.submit(run_batch, p): i for i, p in enumerate(parts)}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                i = pending.pop(future)
                done[i] = future.result()
                if progress is not None:
                    progress(len(parts[i]))
    return _in_order(done, len(parts))


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LabError("the ray backend needs Ray: pip install 'dicefront[lab]'") from None
    return ray


def run_ray(tasks: list[GameTask], workers: int, address: str | None, progress: Progress | None = None) -> list[dict[str, Any]]:
    """Run on Ray: the cluster at ``address``, the one this process already joined, or
    a new local one. ``workers`` sets how many batches are cut per round of the cluster."""
    ray = _ray()
    if not ray.is_initialized():
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise LabError(f"cannot join the Ray cluster at {address!r}: {str(exc).splitlines()[0][:120]}") from None
    remote = ray.remote(run_batch)
    parts = batches(tasks, workers)
    refs = {remote.remote(p): i for i, p in enumerate(parts)}
    done: dict[int, list[dict[str, Any]]] = {}
    waiting = list(refs)
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for ref in ready:
            i = refs[ref]
            done[i] = ray.get(ref)
            if progress is not None:
                progress(len(parts[i]))
    return _in_order(done, len(parts))


def run_tasks(
    tasks: list[GameTask], backend: str = "local", workers: int | None = None, address: str | None = None,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """The compact records of ``tasks``, in task order."""
    if backend not in BACKENDS:
        raise LabError(f"unknown backend {backend[:40]!r}; backends: {', '.join(BACKENDS)}")
    n = default_workers() if workers is None else workers
    if not 1 <= n <= MAX_WORKERS:
        raise LabError(f"workers must be between 1 and {MAX_WORKERS}, got {n}")
    if address is not None and backend != "ray":
        raise LabError("--address joins a Ray cluster: use it with --backend ray")
    if not tasks:
        return []
    if backend == "ray":
        return run_ray(tasks, n, address, progress)
    return run_local(tasks, n, progress)


def iter_indexes(records: list[dict[str, Any]]) -> Iterator[int]:
    return (int(r["index"]) for r in records)
