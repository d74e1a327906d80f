"""Execution backends: they only run game tasks and hand back compact records.

``local`` runs tasks in this process (one worker) or in a process pool; ``ray`` sends
batches of tasks to a Ray cluster (a local one, or ``address`` to join one). Records
come back in game-index order whatever finished first, so a run's numbers do not
depend on the backend or the number of workers."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from ..core.errors import DicefrontError
from .tasks import GameTask, run_batch

BACKENDS = ("local", "ray")
MAX_WORKERS = 256
Progress = Callable[[int], None]
"""Called with the number of games just finished."""
Sink = Callable[[list[dict[str, Any]]], None]
"""Called with the next records in game-index order."""


class LabError(DicefrontError):
    """A lab run that cannot start: bad backend, worker count, run directory, ..."""


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def batches(tasks: list[GameTask], workers: int) -> list[list[GameTask]]:
    """Tasks cut into batches: several per worker (for balance and progress), none
    longer than 64 games."""
    size = max(1, min(64, len(tasks) // (workers * 8) or 1))
    return [tasks[i : i + size] for i in range(0, len(tasks), size)]


class _Merger:
    """Batches come back in any order; records leave in game-index order (to ``sink``
    as soon as every earlier game is in, e.g. to append them to a stored run)."""

    def __init__(self, parts: list[list[GameTask]], progress: Progress | None, sink: Sink | None) -> None:
        self.parts, self.progress, self.sink = parts, progress, sink
        self.waiting: dict[int, list[dict[str, Any]]] = {}
        self.next = 0
        self.records: list[dict[str, Any]] = []

    def add(self, i: int, records: list[dict[str, Any]]) -> None:
        self.waiting[i] = records
        while self.next in self.waiting:
            ready = self.waiting.pop(self.next)
            self.records.extend(ready)
            if self.sink is not None:
                self.sink(ready)
            self.next += 1
        if self.progress is not None:
            self.progress(len(self.parts[i]))


def run_local(tasks: list[GameTask], workers: int, progress: Progress | None = None, sink: Sink | None = None) -> list[dict[str, Any]]:
    parts = batches(tasks, workers)
    merger = _Merger(parts, progress, sink)
    if workers <= 1:
        for i, part in enumerate(parts):
            merger.add(i, run_batch(part))
        return merger.records
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: dict[Future[list[dict[str, Any]]], int] = {pool.submit(run_batch, p): i for i, p in enumerate(parts)}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                merger.add(pending.pop(future), future.result())
    return merger.records


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise LabError("the ray backend needs Ray: pip install 'dicefront[lab]'") from None
    return ray


AUTH_HINT = ("; a cluster with token authentication (Ray's default) also needs RAY_AUTH_MODE=token here, "
             "with its token in RAY_AUTH_TOKEN or ~/.ray/auth_token")


def join_error(address: str | None, exc: Exception) -> LabError:
    """One line: why joining failed, and (when this process is not set up for token
    authentication) the settings Ray needs. Ray only sends its token to an explicit
    address when RAY_AUTH_MODE=token is set, so the lab does not set it for the user."""
    first = (str(exc).splitlines() or [type(exc).__name__])[0][:120]
    if address is None:
        return LabError(f"cannot start a local Ray instance: {first}")
    hint = AUTH_HINT if os.environ.get("RAY_AUTH_MODE", "").lower() != "token" else ""
    return LabError(f"cannot join the Ray cluster at {address[:80]!r}: {first}{hint}")


def run_ray(tasks: list[GameTask], workers: int, address: str | None, progress: Progress | None = None,
            sink: Sink | None = None) -> list[dict[str, Any]]:
    """Run on Ray: the cluster at ``address``, the one this process already joined, or
    a new local one. ``workers`` sets how finely the games are cut into batches."""
    ray = _ray()
    if not ray.is_initialized():
        try:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise join_error(address, exc) from None
    remote = ray.remote(run_batch)
    parts = batches(tasks, workers)
    merger = _Merger(parts, progress, sink)
    refs = {remote.remote(p): i for i, p in enumerate(parts)}
    waiting = list(refs)
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for ref in ready:
            merger.add(refs[ref], ray.get(ref))
    return merger.records


def run_tasks(
    tasks: list[GameTask], backend: str = "local", workers: int | None = None, address: str | None = None,
    progress: Progress | None = None, sink: Sink | None = None,
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
        return run_ray(tasks, n, address, progress, sink)
    return run_local(tasks, n, progress, sink)
