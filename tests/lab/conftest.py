"""Lab fixtures: one local Ray instance for the session (starting one costs seconds)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest


def need(module: str) -> Any:
    """Import ``module``; a missing one fails the test under CI=true and skips it elsewhere."""
    try:
        return __import__(module)
    except ImportError:
        message = f"{module} is not installed: pip install -e '.[lab]' (scripts/test.sh does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture(scope="session")
def local_ray() -> Iterator[Any]:
    ray = need("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, object_store_memory=100 * 1024 * 1024)
    try:
        yield ray
    finally:
        ray.shutdown()


from tests.e2e.conftest import browser  # noqa: E402,F401  (Chromium for the report test)
