"""The opt-in native build (scripts/build-native.sh): a plain install stays pure Python
and needs no mypy; when a developer has compiled, the compiled engine plays exactly as
the pure one and no compiled module hides a later edit of its .py."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import dicefront
from dicefront.core import random_steps
from dicefront.core.fields import key_fields, stored_fields
from dicefront.core.game import State
from dicefront.core.native import compiled_files, is_compiled, native_modules, stale_files
from dicefront.lab.bench import random_playout

SRC = Path(dicefront.__file__).resolve().parent.parent
SEED = 15

# Imports every listed module with compiled modules hidden and mypy absent (a plain
# install), plays seeded random playouts of each game that lists modules, and prints
# where the modules came from, the step counts and the key fields.
_PURE = """
import importlib, importlib.machinery as m, importlib.util, json, random, sys
sys.modules["mypy_extensions"] = None  # a plain install has no mypy

class Pure:
    def find_spec(self, name, path, target=None):
        if not name.startswith("dicefront"):
            return None
        spec = m.PathFinder.find_spec(name, path)
        suffix = next((s for s in m.EXTENSION_SUFFIXES if spec and (spec.origin or "").endswith(s)), None)
        if suffix:
            return importlib.util.spec_from_file_location(name, spec.origin[: -len(suffix)] + ".py")
        return spec

sys.meta_path.insert(0, Pure())
import dicefront
from dicefront.core.fields import key_fields
from dicefront.core.game import State
from dicefront.lab.bench import random_playout
out = {"files": [], "steps": {}, "fields": {}}
for module in json.loads(sys.argv[1]):
    out["files"].append(importlib.import_module(module).__file__)
for name in json.loads(sys.argv[2]):
    game = dicefront.load(name)
    rng = random.Random(int(sys.argv[3]))
    out["steps"][name] = [random_playout(game, rng) for _ in range(3)]
    out["fields"][name] = list(key_fields(type(game.new_state())))
print(json.dumps(out))
"""


def _listed() -> tuple[list[str], list[str]]:
    modules = [".".join(p.relative_to(SRC).with_suffix("").parts) for p in native_modules(SRC)]
    games = sorted({m.split(".")[2] for m in modules if m.startswith("dicefront.games.")})
    return modules, games


def test_every_listed_module_is_a_python_file() -> None:
    listed = native_modules(SRC)
    assert listed, "no native.txt lists a module"
    for path in listed:
        assert path.suffix == ".py" and path.is_file(), f"{path} is listed in a native.txt but is not a .py file"


def test_plain_install_runs_pure_python_without_mypy_and_plays_as_this_process() -> None:
    modules, games = _listed()
    run = subprocess.run(
        [sys.executable, "-c", _PURE, json.dumps(modules), json.dumps(games), str(SEED)],
        capture_output=True,
        text=True,
        timeout=600,
        env={"PYTHONPATH": str(SRC), "PATH": ""},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    pure = json.loads(run.stdout)
    assert all(f.endswith(".py") for f in pure["files"]), pure["files"]
    for name in games:  # this process may run compiled modules: same games, same keys
        game = dicefront.load(name)
        rng = random.Random(SEED)
        steps = [random_playout(game, rng) for _ in range(3)]
        assert steps == pure["steps"][name], f"{name} (seed {SEED}): {steps} here, {pure['steps'][name]} pure"
        state: State[Any] = game.new_state()
        assert list(key_fields(type(state))) == pure["fields"][name], name


def test_no_compiled_module_is_older_than_its_source() -> None:
    stale = stale_files(SRC)
    assert not stale, f"re-run bash scripts/build-native.sh (or --clean): {[str(p) for p in stale]} predate their .py"


def test_is_compiled_tells_where_a_module_was_loaded_from() -> None:
    assert is_compiled(dicefront) is False  # an __init__.py, never listed
    for path in compiled_files(SRC):
        name = ".".join((*path.relative_to(SRC).parent.parts, path.name.split(".")[0]))
        module = sys.modules.get(name)
        if module is not None:
            assert is_compiled(module), name


def test_a_copy_through_stored_fields_is_the_same_position_pure_or_compiled() -> None:
    # ``__slots__`` is empty on a compiled class: field-by-field copies use stored_fields
    for name in dicefront.names():
        game = dicefront.load(name)
        rng = random.Random(SEED)
        state: State[Any] = game.new_state()
        random_steps(state, 40, rng, checked=True)
        cls = type(state)
        copy = cls.__new__(cls)
        for field in stored_fields(cls):
            setattr(copy, field, getattr(state, field))
        assert set(key_fields(cls)) <= set(stored_fields(cls)) and "game" in stored_fields(cls), name
        assert copy.key() == state.key(), f"{name} (seed {SEED})"
        for player in state.actors:
            assert copy.legal_actions(player) == state.legal_actions(player), f"{name} (seed {SEED})"
