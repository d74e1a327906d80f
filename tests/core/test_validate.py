"""The strict readers games use to load saved positions (core/validate.py)."""

from __future__ import annotations

import pytest

from dicefront.core import StateFormatError
from dicefront.core.grid import Grid
from dicefront.core.validate import Field, cell, count_table, first_difference, require_canonical


def root(value: object) -> Field:
    return Field(value, "state", "somegame")


def error(read: object) -> str:
    with pytest.raises(StateFormatError) as info:
        read()  # type: ignore[operator]
    return str(info.value)


def test_integers_are_strict() -> None:
    assert root(3).integer(0, 5) == 3
    assert error(lambda: root(True).integer(0, 5)) == "corrupt somegame position: state: expected an integer, got true/false True"
    assert "got a number 3.0" in error(lambda: root(3.0).integer(0, 5))
    assert error(lambda: root(-1).integer(0, 5)).endswith("state: -1 is out of range 0..5")
    assert error(lambda: root(10**30).integer(0, 5)).endswith("is out of range 0..5")
    assert error(lambda: root(10**5000).integer(0, 5)).endswith("state: a huge number is out of range 0..5")


def test_paths_name_the_field() -> None:
    data = root({"hands": [{"a": 1}, {"a": "x"}]})
    text = error(lambda: data["hands"].items(2, 2)[1]["a"].integer(0, 9))
    assert text == "corrupt somegame position: state.hands[1].a: expected an integer, got a string 'x'"
    assert error(lambda: data["deck"]).endswith("state: missing field 'deck'")
    assert error(lambda: data.obj(["hands", "x"])).endswith("state: missing field 'x'")
    assert error(lambda: root({"a": 1, "b": 2}).obj(["a"])).endswith("state: unknown field 'b'")


def test_long_values_are_cut_short() -> None:
    text = error(lambda: root("x" * 10_000).text(("a", "b")))
    assert "a string of 10000 characters, at most 64" in text and len(text) < 120
    text = error(lambda: root(["y" * 10_000]).integer(0, 1))
    assert len(text) < 120 and "\n" not in text


def test_squares_are_ascii_and_as_saved() -> None:
    grid = Grid(8, 8)
    assert cell(root("b3"), grid) == (1, 2)
    for bad in ("d²", "B3", " b3", "b03", "z9", "b9"):
        assert error(lambda bad=bad: cell(root(bad), grid)).endswith(f"state: {bad!r} is not a square of this board")
    assert "expected a string" in error(lambda: cell(root(3), grid))


def test_count_tables() -> None:
    assert count_table(root({"A": 1, "K": 0, "S": 2}), "AKS", 2) == {"A": 1, "K": 0, "S": 2}
    assert error(lambda: count_table(root({"A": 1, "K": 0}), "AKS", 2)).endswith("state: missing entry 'S'")
    assert error(lambda: count_table(root({"Q": 1}), "AKS", 2, sparse=True)).endswith("state: unknown entry 'Q'")
    assert error(lambda: count_table(root({"A": 50}), "AKS", 7, sparse=True)).endswith("state.A: 50 is out of range 0..7")


def test_first_difference_sees_types() -> None:
    assert first_difference({"a": [1, 2]}, {"a": [1, 2]}, "state") is None
    assert first_difference({"a": [1, True]}, {"a": [1, 1]}, "state") == "state.a[1]"
    assert first_difference({"a": 1.0}, {"a": 1}, "state") == "state.a"
    assert first_difference({"b": 1, "a": 1}, {"a": 1, "b": 1}, "state") == "state"
    text = error(lambda: require_canonical(root({"a": [3, 1]}), {"a": [1, 3]}))
    assert text == "corrupt somegame position: state.a[0]: does not match the rest of the position (expected 1)"
