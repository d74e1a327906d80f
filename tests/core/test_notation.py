"""Notation declared once: templates give str(), parsing and help."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicefront.core.game import Action
from dicefront.core.grid import Cell, Grid
from dicefront.core.notation import MAX_NOTATION_CHARS, Notation, ascii_int, cell_kind, choice


class _Game:
    grid = Grid(5, 5)


GAME = _Game()
N = Notation(cell=cell_kind(lambda game: game.grid), rank=choice("S", "V", upper=True))


@N.declare("move {src:cell} {dst:cell}[ {rank:rank}]")
@dataclass(frozen=True)
class Move(Action):
    src: Cell
    dst: Cell
    rank: str | None = None


@N.declare("cover {cell:cell}", "no-cover")
@dataclass(frozen=True)
class Cover(Action):
    cell: Cell | None


@N.declare("shoot {targets:cell+}")
@dataclass(frozen=True)
class Shoot(Action):
    targets: tuple[Cell, ...]


@N.declare("w{band:int} go {to:word}")
@dataclass(frozen=True)
class Go(Action):
    band: int
    to: str


@N.declare("first {player:player}")
@dataclass(frozen=True)
class First(Action):
    player: int


EXAMPLES: list[tuple[Action, str]] = [
    (Move((0, 0), (1, 1)), "move a1 b2"),
    (Move((0, 0), (1, 1), "V"), "move a1 b2 V"),
    (Cover((2, 2)), "cover c3"),
    (Cover(None), "no-cover"),
    (Shoot(((0, 0),)), "shoot a1"),
    (Shoot(((0, 0), (4, 4), (1, 0))), "shoot a1 e5 b1"),
    (Go(2, "hogjaw"), "w2 go hogjaw"),
    (First(1), "first 1"),
]


@pytest.mark.parametrize(("action", "text"), EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_str_and_parse_round_trip(action: Action, text: str) -> None:
    assert str(action) == text
    assert N.parse(text, GAME) == action


def test_parsing_is_case_and_space_insensitive() -> None:
    assert N.parse("  MOVE   A1 b2  v ", GAME) == Move((0, 0), (1, 1), "V")
    assert N.parse("No-Cover", GAME) == Cover(None)


@pytest.mark.parametrize(
    "text",
    ["", "move a1", "move a1 b2 X", "move a1 z9", "move a1 b2 V V", "cover", "shoot", "first 2", "w² go x",
     "move a² b2", "move a١ b2", "first １", "w99999999 go x", "no-cover a1", "x" * (MAX_NOTATION_CHARS + 1)],
)
def test_text_that_is_no_action_gives_none(text: str) -> None:
    assert N.parse(text, GAME) is None


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_arbitrary_text_never_raises(text: str) -> None:
    result = N.parse(text, GAME)
    assert result is None or N.parse(str(result), GAME) == result, f"text {text!r}"


def test_help_lists_every_template_with_token_names() -> None:
    assert N.help() == "move CELL CELL [S|V] | cover CELL | no-cover | shoot CELL [CELL...] | wBAND go TO | first P"


def test_declaring_bad_templates_fails_at_import_time() -> None:
    with pytest.raises(ValueError, match="unknown token kind"):

        @N.declare("hop {cell:square}")
        @dataclass(frozen=True)
        class Hop(Action):
            cell: Cell

    with pytest.raises(ValueError, match="unknown fields"):

        @N.declare("hop {where:cell}")
        @dataclass(frozen=True)
        class Hop2(Action):
            cell: Cell


def test_ascii_int_refuses_other_digits_and_huge_numbers() -> None:
    assert ascii_int("42") == 42
    for text in ("²", "١", "１", "-1", "", "1234567", " 1"):
        assert ascii_int(text) is None


def test_an_empty_variadic_field_does_not_parse_back() -> None:
    empty: Any = Shoot(())
    assert N.parse(str(empty), GAME) is None  # "shoot " needs at least one cell
