"""Fuzzing the REST API from its own OpenAPI document (schemathesis, in process):
no request gives a 5xx, and every answer conforms to the documented responses.
Bounded and deterministic (derandomized Hypothesis; the seed is printed on failure)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from dicefront.server import create_app


@pytest.fixture
def api_schema(tmp_path: Path) -> Iterator[Any]:
    app = create_app(tmp_path / "fuzz.sqlite3", step_delay=0, computer_agents=("random",))
    yield schemathesis.openapi.from_asgi("/openapi.json", app)
    app.state.hub.storage.close()


schema = schemathesis.pytest.from_fixture("api_schema")
CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.status_code_conformance,
    schemathesis.checks.content_type_conformance,
    schemathesis.checks.response_schema_conformance,
]


@schema.parametrize()
@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_breaks_the_api(case: Any) -> None:
    # not "positive data acceptance": a body valid by the schema may still name an unknown game (400)
    case.call_and_validate(checks=CHECKS)
