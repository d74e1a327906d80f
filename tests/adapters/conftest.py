"""Shared helpers of the adapter tests: the frameworks come from the ``adapters``
extra, which the test command installs; without it these tests skip locally and FAIL
under CI=true (a missing framework must never pass silently)."""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import Any

import pytest

import dicefront


def require(module: str) -> ModuleType:
    """Import ``module`` or skip (fail when CI=true) naming the extra to install."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        message = f"{module} is missing ({exc}): pip install -e '.[adapters]'"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)


def other_presets() -> list[tuple[str, dict[str, Any]]]:
    """For every game, its first preset other than the default (if it has one)."""
    out = []
    for name in dicefront.names():
        presets = {k: dict(v) for k, v in dicefront.load(name).spec.presets.items() if k != "default" and v}
        if presets:
            out.append((name, next(iter(presets.values()))))
    return out


@contextmanager
def strict_warnings(*harmless: str) -> Iterator[None]:
    """Turn every warning into an error, except those whose message matches one of
    the ``harmless`` regular expressions (each caller says why it is harmless)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for pattern in harmless:
            warnings.filterwarnings("ignore", message=pattern)
        yield
