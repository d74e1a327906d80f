"""Stored runs: a directory with ``run.json`` (what the run is: game, options, designer
data files, agents, seed), ``records.jsonl`` (one compact game record a line, in
game-index order, appended as games finish) and ``summary.json`` (written at the end).

A run is extended by asking for more games, resumed after an interruption (a half-
written last line is dropped), and re-reported without simulating. Everything read
back is checked: a damaged or foreign file gives a one-line error naming the file and
the line."""

from __future__ import annotations

import json
import math
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.files import read_bounded, refuse_constant
from .backends import LabError

RUN_FORMAT = 1
KINDS = {"dicefront-lab-run": "balance", "dicefront-lab-tune": "tune", "dicefront-lab-compare": "compare"}
"""What a run directory holds, by the ``kind`` of its run.json."""
MAX_RUN_JSON = 4 << 20
MAX_LINE = 1 << 20
"""The longest record line read (a real one is a few kilobytes)."""
MAX_RECORDS = 10_000_000
MAX_SEAT = 200
"""The longest agent spec a record's 'seats' may name (run.json's limit too)."""
RECORD_KEYS: dict[str, type | tuple[type, ...]] = {
    "index": int, "seed": int, "seats": list, "winner": (int, type(None)), "truncated": bool, "limit_draw": bool,
    "steps": int, "turns": (int, type(None)), "decisions": int, "branching": (int, float), "branching_deciles": list,
    "lead_changes": int, "dice_counted": int, "dice_swings": int, "decisive_at": (int, float, type(None)), "stats": dict,
}


@dataclass
class RunSpec:
    game: str
    options: dict[str, Any]
    data_files: dict[str, str]
    agents: tuple[str, str]
    seed: int
    kind: str = "dicefront-lab-run"
    extra: dict[str, Any] = field(default_factory=dict)
    """What the command adds: tune's games and rounds, compare's two option sets."""

    def to_json(self) -> dict[str, Any]:
        out = {"format": RUN_FORMAT, "kind": self.kind, "game": self.game, "options": self.options,
               "data_files": self.data_files, "agents": list(self.agents), "seed": self.seed}
        return {**out, "extra": self.extra} if self.extra else out

    @property
    def command(self) -> str:
        return KINDS[self.kind]


def _str_map(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise LabError(f"{where} must be an object")
    return value


def read_spec(directory: Path) -> RunSpec | None:
    """The run stored in ``directory`` (None when it holds no run yet)."""
    path = directory / "run.json"
    if not path.exists():
        return None
    raw = read_bounded(path, MAX_RUN_JSON, LabError, f"run file {path}")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
    except (ValueError, RecursionError):  # ValueError: not UTF-8, not JSON, or an integer of thousands of digits
        raise LabError(f"run file {path} is not valid JSON") from None
    if not isinstance(data, dict) or data.get("kind") not in KINDS or data.get("format") != RUN_FORMAT:
        raise LabError(f"{path} is not a dicefront lab run (format {RUN_FORMAT})")
    agents, seed, game = data.get("agents"), data.get("seed"), data.get("game")
    if not (isinstance(agents, list) and len(agents) == 2 and all(isinstance(a, str) and len(a) < 200 for a in agents)):
        raise LabError(f"run file {path}: 'agents' must be two agent specs")
    if type(seed) is not int or not isinstance(game, str) or len(game) > 100:
        raise LabError(f"run file {path}: 'game' and 'seed' must be a name and an integer")
    files = _str_map(data.get("data_files", {}), f"run file {path}: 'data_files'")
    if not all(isinstance(v, str) for v in files.values()):
        raise LabError(f"run file {path}: 'data_files' must map options to text")
    extra = _str_map(data.get("extra", {}), f"run file {path}: 'extra'")
    return RunSpec(game, _str_map(data.get("options"), f"run file {path}: 'options'"), files, (agents[0], agents[1]), seed,
                   data["kind"], extra)


def write_spec(directory: Path, spec: RunSpec) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        (directory / "run.json").write_text(json.dumps(spec.to_json(), indent=1, allow_nan=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise LabError(f"cannot write the run in {directory}: {exc.strerror or 'error'}") from None


def _check_counts(value: Any, where: str) -> None:
    for table in _str_map(value, where).values():
        for row in _str_map(table, where).values():
            for cell in _str_map(row, where).values():
                if type(cell) not in (int, float) or not math.isfinite(cell):
                    raise LabError(f"{where}: a statistics cell is not a number")


_KIND_NAMES: dict[type, str] = {int: "an integer", float: "a number", bool: "true or false", list: "a list", dict: "an object", type(None): "null"}


def _fits(value: Any, kind: type | tuple[type, ...]) -> bool:
    """``isinstance`` as JSON means it: true/false is no number (Python's bool is an
    int), and a number must be finite."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool):
        return bool in kinds
    if isinstance(value, float) and not math.isfinite(value):
        return False
    return isinstance(value, kinds)


def _wanted(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if float in kinds:  # an int is a number too
        kinds = tuple(k for k in kinds if k is not int)
    return " or ".join(_KIND_NAMES[k] for k in kinds)


def _json_kind(value: Any) -> str:
    """What a JSON value is, never its content (true and false are shown)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and not math.isfinite(value):
        return "a value that is not a finite number"
    return {str: "text"}.get(type(value)) or _KIND_NAMES.get(type(value), "a value")


def check_record(data: Any, where: str, index: int) -> dict[str, Any]:
    """``data`` if it is a compact record of game ``index``; LabError naming ``where`` if not."""
    if not isinstance(data, dict):
        raise LabError(f"{where}: not a game record")
    for key, kind in RECORD_KEYS.items():
        if key not in data:
            raise LabError(f"{where}: missing {key!r}")
        if not _fits(data[key], kind):
            raise LabError(f"{where}: {key!r} must be {_wanted(kind)}, got {_json_kind(data[key])}")
    if data["index"] != index:
        raise LabError(f"{where}: game {data['index']} where game {index} belongs (records must be in order)")
    if data["winner"] not in (0, 1, None) or data["steps"] < 0 or data["decisions"] < 0 or len(data["branching_deciles"]) > 10:
        raise LabError(f"{where}: values out of range")
    if not 0 <= data["dice_swings"] <= data["dice_counted"] or len(data["seats"]) != 2:
        raise LabError(f"{where}: values out of range")
    if not all(_fits(v, (int, float)) for v in data["branching_deciles"]):
        raise LabError(f"{where}: 'branching_deciles' must be a list of numbers")
    if not all(isinstance(v, str) and len(v) <= MAX_SEAT for v in data["seats"]):
        raise LabError(f"{where}: 'seats' must be two agent specs")
    _check_counts(data["stats"], where)
    return data


def _lines(path: Path) -> Iterator[tuple[int, bytes, bool]]:
    """(line number, line, ends with a newline), each line at most MAX_LINE bytes."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise LabError(f"cannot read {path}: {exc.strerror or 'error'}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # before fdopen, which refuses a directory with its own error
        os.close(fd)
        raise LabError(f"cannot read {path}: not a regular file")
    with os.fdopen(fd, "rb") as handle:
        for number, line in enumerate(iter(lambda: handle.readline(MAX_LINE + 1), b""), start=1):
            if len(line) > MAX_LINE:
                raise LabError(f"{path} line {number}: longer than {MAX_LINE} bytes")
            yield number, line, line.endswith(b"\n")


def read_lines(directory: Path, limit: int = MAX_RECORDS) -> list[tuple[str, Any]]:
    """(where, parsed JSON) of the first ``limit`` lines of ``records.jsonl``. A last
    line cut short by an interruption (no newline) is dropped from the file."""
    path = directory / "records.jsonl"
    if not path.exists():
        return []
    out: list[tuple[str, Any]] = []
    good = 0
    for number, line, complete in _lines(path):
        if not complete:
            with open(path, "r+b") as handle:
                handle.truncate(good)
            break
        if len(out) >= limit:
            break
        where = f"{path} line {number}"
        try:
            out.append((where, json.loads(line.decode("utf-8"), parse_constant=refuse_constant)))
        except (ValueError, RecursionError):  # ValueError: not UTF-8, not JSON, or an integer of thousands of digits
            raise LabError(f"{where}: not valid JSON") from None
        good += len(line)
    return out


def read_records(directory: Path, limit: int = MAX_RECORDS) -> list[dict[str, Any]]:
    """The stored records of a balance run, checked, at most ``limit``."""
    return [check_record(data, where, i) for i, (where, data) in enumerate(read_lines(directory, limit))]


class Appender:
    """Appends records to a run's ``records.jsonl``, each flushed as it comes."""

    def __init__(self, directory: Path) -> None:
        try:
            self.handle = open(directory / "records.jsonl", "a", encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise LabError(f"cannot write the run in {directory}: {exc.strerror or 'error'}") from None

    def __call__(self, records: list[dict[str, Any]]) -> None:
        for r in records:
            self.handle.write(json.dumps(r, separators=(",", ":"), allow_nan=False) + "\n")
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()


def write_summary(directory: Path, summary: dict[str, Any]) -> None:
    try:
        (directory / "summary.json").write_text(json.dumps(summary, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise LabError(f"cannot write the summary in {directory}: {exc.strerror or 'error'}") from None
