"""Stored runs of `lab tune` and `lab compare` (a `lab balance` run is store.py alone).

A tune run plays phases whose games depend on the results of the phases before, so
its directory keeps every game record in the order the games were asked for, each with
the fingerprint of its task (game, options, data files, agents, seed, index). Running
the same command again replays the stored records where the tasks match and plays the
rest: an interrupted tune resumes with the very numbers of an uninterrupted one, more
``--rounds`` extend it, and `lab report DIR` replays it without playing at all. A
compare run keeps its two variants as two balance runs, ``DIR/a`` and ``DIR/b``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from .backends import LabError, Progress, run_tasks
from .store import Appender, RunSpec, check_record, read_lines, read_spec, write_spec
from .tasks import GameTask

TUNE_KIND = "dicefront-lab-tune"
COMPARE_KIND = "dicefront-lab-compare"


def task_key(task: GameTask) -> str:
    """A short fingerprint of everything that decides a task's game."""
    text = json.dumps([task.game, task.options, task.data_files, list(task.agents), task.run_seed, task.index], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


class TaskCache:
    """Runs lists of tasks as ``tune``'s ``play`` does, through the records stored in
    ``directory``: the n-th task asked for is the n-th stored line. ``offline``: never
    play (re-reporting); a missing game is then an error."""

    def __init__(self, directory: Path, backend: str = "local", workers: int | None = None, address: str | None = None,
                 offline: bool = False) -> None:
        self.directory, self.backend, self.workers, self.address, self.offline = directory, backend, workers, address, offline
        self.stored = read_lines(directory)
        self.position = 0
        self.played = 0

    def __call__(self, tasks: list[GameTask], progress: Progress | None) -> list[dict[str, Any]]:
        start = self.position
        self.position += len(tasks)
        have = [self._check(task, where, data) for task, (where, data) in zip(tasks, self.stored[start:start + len(tasks)], strict=False)]
        if have and progress is not None:
            progress(len(have))
        rest = tasks[len(have):]
        if not rest:
            return have
        if self.offline:
            raise LabError(f"{self.directory} holds {len(self.stored)} games of this run, it needs more: "
                           "run the same command with --run to finish it")
        keys = {t.index: task_key(t) for t in rest}
        appender = Appender(self.directory)
        try:
            played = run_tasks(rest, self.backend, self.workers, self.address, progress,
                               lambda records: appender([{**r, "task": keys[r["index"]]} for r in records]))
        finally:
            appender.close()
        self.played += len(played)
        return have + played

    @staticmethod
    def _check(task: GameTask, where: str, data: Any) -> dict[str, Any]:
        record = check_record(data, where, task.index)
        if record.get("task") != task_key(task):
            raise LabError(f"{where}: the stored game was played with other settings than this run's game {task.index}")
        return {k: v for k, v in record.items() if k != "task"}


def _differ(stored: RunSpec, spec: RunSpec, keys: tuple[str, ...]) -> list[str]:
    old, new = stored.to_json(), spec.to_json()
    out = [k for k in ("kind", "game", "options", "data_files", "agents", "seed") if old.get(k) != new.get(k)]
    return out + [k for k in keys if old.get("extra", {}).get(k) != new.get("extra", {}).get(k)]


def open_run(directory: Path, spec: RunSpec, fixed: tuple[str, ...]) -> None:
    """Check that ``directory`` holds no other run (``fixed``: the extra settings that
    must match) and write ``spec`` as its run.json (the other extras are the latest)."""
    stored = read_spec(directory)
    if stored is not None:
        differ = _differ(stored, spec, fixed)
        if differ:
            raise LabError(f"{directory} holds another run ({', '.join(differ)} differ); give the same settings or another directory")
    write_spec(directory, spec)


def stored_int(spec: RunSpec, key: str, low: int, high: int, where: str = "run file") -> int:
    """An integer setting of a stored run; ``where`` names the file in the error."""
    value = spec.extra.get(key)
    if type(value) is not int or not low <= value <= high:
        raise LabError(f"{where}: {key!r} must be an integer from {low} to {high}")
    return value


def stored_options(spec: RunSpec, key: str, where: str = "run file") -> dict[str, Any]:
    """An object of options stored with a run; ``where`` names the file in the error."""
    value = spec.extra.get(key)
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise LabError(f"{where}: {key!r} must be an object of options")
    return value
