"""Execution backends: they only run game tasks and hand back compact records.

``local`` runs tasks in this process (one worker) or in a process pool; ``ray`` sends
batches of tasks to a Ray cluster (a local one, or ``address`` to join one). Records
come back in game-index order whatever finished first, so a run's numbers do not
depend on the backend or the number of workers.

Joining a cluster ships this process's own ``dicefront`` package to the cluster's
workers (Ray's ``py_modules`` runtime environment): every node runs the same code as
the designer's machine, edited rules included, and only needs Ray itself. Where each
batch ran is logged (logger ``dicefront.lab.backends``: a summary per run at INFO, each
batch at DEBUG; ``DICEFRONT_LOG=info dicefront lab ...`` shows it on stderr), never in
the lab's output."""

from __future__ import annotations

import logging
import os
from collections import Counter
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

import dicefront

from ..core.errors import DicefrontError
from .tasks import GameTask, run_batch

BACKENDS = ("local", "ray")
MAX_WORKERS = 256
Progress = Callable[[int], None]
"""Called with the number of games just finished."""
Sink = Callable[[list[dict[str, Any]]], None]
"""Called with the next records in game-index order."""
log = logging.getLogger(__name__)


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


def runtime_env(address: str | None) -> dict[str, Any] | None:
    """What Ray ships to a joined cluster's workers: this process's ``dicefront``
    package (a content-hashed copy, uploaded once per change) without NOT_SHIPPED. A local instance shares
    this machine's files and needs nothing."""
    if address is None:
        return None
    return {"py_modules": [os.path.dirname(dicefront.__file__)], "excludes": list(NOT_SHIPPED)}


NOT_SHIPPED = ("*.so", "*.pyd", "__pycache__", "*.pyc", "*.sqlite", "*.sqlite3", "*.db", "build.log")
"""Left out of the shipped package: compiled modules (scripts/build-native.sh puts them
beside the .py files, but mypyc's runtime library outside the package, so a node
would fail to import them; the pure-Python modules give the same games), byte code,
and any database or build log lying in the source tree."""


def _on_node(tasks: list[GameTask]) -> tuple[str, str, list[dict[str, Any]]]:
    """A batch's records, with the Ray node that ran it and where its dicefront came from."""
    import ray

    return ray.get_runtime_context().get_node_id(), os.path.dirname(dicefront.__file__), run_batch(tasks)


def _join(ray: Any, address: str | None) -> None:
    try:
        ray.init(address=address, include_dashboard=False, log_to_driver=False, runtime_env=runtime_env(address))
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise join_error(address, exc) from None


def run_ray(tasks: list[GameTask], workers: int, address: str | None, progress: Progress | None = None,
            sink: Sink | None = None) -> list[dict[str, Any]]:
    """Run on Ray: the cluster at ``address``, the one this process already joined, or
    a new local one. ``workers`` sets how finely the games are cut into batches, which
    are spread over the cluster's nodes."""
    ray = _ray()
    if not ray.is_initialized():
        _join(ray, address)
    remote = ray.remote(_on_node).options(scheduling_strategy="SPREAD")
    parts = batches(tasks, workers)
    merger = _Merger(parts, progress, sink)
    refs = {remote.remote(p): i for i, p in enumerate(parts)}
    waiting, games_on = list(refs), Counter[tuple[str, str]]()
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for ref in ready:
            node, package, records = ray.get(ref)
            log.debug("batch %d (%d games) ran on Ray node %s", refs[ref], len(records), node)
            games_on[node, package] += len(records)
            merger.add(refs[ref], records)
    nodes = "; ".join(f"{node}: {n} (dicefront from {package})" for (node, package), n in sorted(games_on.items()))
    log.info("%d games on %d Ray nodes: %s", len(tasks), len({node for node, _ in games_on}), nodes)
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
