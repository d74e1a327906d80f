"""The wire never writes NaN or Infinity, which are not JSON (a browser's JSON.parse
refuses them): the standard-library fallback writes null for a float that is not
finite, as orjson does, so both give the same values."""

from __future__ import annotations

import json
import math
import os
from typing import Any

import pytest

from dicefront.core.files import NotJsonNumber, refuse_constant
from dicefront.server import wire

ODD: dict[Any, Any] = {"nan": math.nan, "inf": [math.inf, 1.5, (-math.inf, 2)], "deep": {"x": {"y": [math.nan]}}, 3: "int key"}
FINITE = {"nan": None, "inf": [None, 1.5, [None, 2]], "deep": {"x": {"y": [None]}}, "3": "int key"}


def _strict(text: str) -> Any:
    return json.loads(text, parse_constant=refuse_constant)


def test_the_standard_library_fallback_writes_null_for_floats_that_are_not_finite(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wire, "orjson", None)
    assert _strict(wire.dumps(ODD)) == FINITE
    assert _strict(wire.dumps({"a": 1.5, "b": [1, None]})) == {"a": 1.5, "b": [1, None]}  # finite values as they are


def test_orjson_writes_the_same_values() -> None:
    if wire.orjson is None:
        missing = "orjson (the fast extra, which scripts/test.sh installs) is not installed"
        if os.environ.get("CI") == "true":
            pytest.fail(missing)
        pytest.skip(missing)
    assert _strict(wire.dumps(ODD)) == FINITE


def test_strict_reading_refuses_the_constants() -> None:
    for text in ("NaN", "[Infinity]", '{"a": -Infinity}'):
        with pytest.raises(NotJsonNumber, match="is not a JSON number"):
            _strict(text)
