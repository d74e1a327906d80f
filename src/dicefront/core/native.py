"""Support for the opt-in native build (``scripts/build-native.sh``, mypyc).

A plain install runs every module as pure Python; the build compiles the modules a
package lists in its ``native.txt`` into extension modules that sit next to the
``.py`` files and take precedence on import. Nothing here needs mypy at run time."""

from __future__ import annotations

import importlib.machinery
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*_args: Any, **_kwargs: Any) -> Callable[[T], T]:
        """Pure Python: the class as written. Compiled, mypyc reads the decorator itself."""
        return lambda cls: cls


__all__ = ["compiled_files", "is_compiled", "mypyc_attr", "native_modules", "stale_files"]


def is_compiled(obj: type | ModuleType) -> bool:
    """Whether the module defining ``obj`` (a class or a module) was loaded compiled."""
    name = obj.__name__ if isinstance(obj, ModuleType) else obj.__module__
    origin = getattr(sys.modules.get(name), "__file__", None) or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def native_modules(root: Path) -> list[Path]:
    """The ``.py`` files the ``native.txt`` lists under ``root`` name, as the build reads them."""
    found = []
    for listing in sorted(root.rglob("native.txt")):
        for line in listing.read_text(encoding="utf-8").splitlines():
            name = line.split("#", 1)[0].strip()
            if name:
                found.append(listing.parent / name)
    return found


def compiled_files(root: Path) -> list[Path]:
    """The extension modules under ``root`` (a source tree) that shadow a ``.py`` file."""
    found = []
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in root.rglob(f"*{suffix}"):
            if path.with_name(path.name[: -len(suffix)] + ".py").exists():
                found.append(path)
    return sorted(found)


def stale_files(root: Path) -> list[Path]:
    """Compiled modules older than the ``.py`` they shadow: edits that would not run."""
    stale = []
    for path in compiled_files(root):
        suffix = next(s for s in importlib.machinery.EXTENSION_SUFFIXES if path.name.endswith(s))
        source = path.with_name(path.name[: -len(suffix)] + ".py")
        if source.stat().st_mtime > path.stat().st_mtime:
            stale.append(path)
    return stale
