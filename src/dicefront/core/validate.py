"""Reading a saved position from outside, field by field.

A position file is hostile input: every value is checked for its exact JSON type
(``true`` is not ``1``, ``2.0`` is not ``2``), its range and its place in the game,
and the first problem is a one-line :class:`StateFormatError` naming the field, as
in ``corrupt ditch position: state.pawns[3][1]: 7 is not a seat (0 or 1)``.

Games wrap their payload in a :class:`Field` and read it with the typed accessors;
:func:`require_canonical` then compares the input with the rebuilt state's payload,
so everything a loader accepts saves back to exactly the same JSON (derived and
redundant fields included)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, NoReturn, TypeVar

from .errors import StateFormatError
from .game import State
from .grid import Cell, Grid

T = TypeVar("T")

MAX_ITEMS = 10_000  # no list in any game's position is longer
MAX_TEXT = 64  # no string in any game's position is longer
_SQUARE = re.compile(r"[a-z][0-9]{1,3}")


def show(value: Any, limit: int = 30) -> str:
    """A short, safe rendering of a value for an error message."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        return "a huge number"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def kind_of(value: Any) -> str:
    """The JSON name of a value's type."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Field:
    """One value of a position with its path (``state.pawns[2]``), read strictly."""

    __slots__ = ("game", "path", "value")

    def __init__(self, value: Any, path: str, game: str) -> None:
        self.value = value
        self.path = path
        self.game = game

    # ----- failing ----------------------------------------------------------------
    def fail(self, message: str) -> NoReturn:
        raise StateFormatError(f"corrupt {self.game} position: {self.path}: {message}")

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            self.fail(message)

    def _expect(self, what: str) -> NoReturn:
        self.fail(f"expected {what}, got {kind_of(self.value)} {show(self.value)}")

    # ----- containers -------------------------------------------------------------
    def obj(self, keys: Iterable[str] | None = None) -> dict[str, Any]:
        """The value as an object; with ``keys``, exactly those fields."""
        if not isinstance(self.value, dict):
            self._expect("an object")
        if keys is not None:
            wanted = list(keys)
            for key in wanted:
                if key not in self.value:
                    self.fail(f"missing field {key!r}")
            extra = [k for k in self.value if k not in wanted]
            if extra:
                self.fail(f"unknown field {show(extra[0])}")
        return self.value

    def __getitem__(self, key: str) -> Field:
        data = self.obj()
        if key not in data:
            self.fail(f"missing field {key!r}")
        return Field(data[key], f"{self.path}.{key}", self.game)

    def items(self, low: int = 0, high: int = MAX_ITEMS) -> list[Field]:
        """The value as a list of ``low`` to ``high`` items."""
        if not isinstance(self.value, list):
            self._expect("a list")
        n = len(self.value)
        if n < low or n > high:
            size = f"exactly {low}" if low == high else f"{low} to {high}"
            self.fail(f"{n} items, expected {size}")
        return [Field(v, f"{self.path}[{i}]", self.game) for i, v in enumerate(self.value)]

    def pair(self) -> tuple[Field, Field]:
        a, b = self.items(2, 2)
        return a, b

    def each(self, read: Callable[[Field], T], low: int = 0, high: int = MAX_ITEMS) -> list[T]:
        return [read(f) for f in self.items(low, high)]

    def entries(self, high: int = MAX_ITEMS) -> list[tuple[str, Field]]:
        """The value as an object of any keys (a count table), in its order."""
        data = self.obj()
        if len(data) > high:
            self.fail(f"{len(data)} entries, at most {high}")
        return [(k, Field(v, f"{self.path}.{k}", self.game)) for k, v in data.items()]

    # ----- scalars ----------------------------------------------------------------
    @property
    def is_null(self) -> bool:
        return self.value is None

    def integer(self, low: int, high: int) -> int:
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            self._expect("an integer")
        if not low <= v <= high:
            self.fail(f"{show(v)} is out of range {low}..{high}")
        return v

    def seat(self) -> int:
        v = self.value
        if isinstance(v, bool) or v not in (0, 1) or not isinstance(v, int):
            self.fail(f"{show(v)} is not a seat (0 or 1)")
        return int(v)

    def flag(self) -> bool:
        if not isinstance(self.value, bool):
            self._expect("true or false")
        return self.value

    def text(self, choices: Iterable[str] | None = None, high: int = MAX_TEXT) -> str:
        v = self.value
        if not isinstance(v, str):
            self._expect("a string")
        if len(v) > high:
            self.fail(f"a string of {len(v)} characters, at most {high}")
        if choices is not None:
            allowed = list(choices)
            if v not in allowed:
                listed = ", ".join(allowed[:12]) + (", ..." if len(allowed) > 12 else "")
                self.fail(f"{show(v)} is not one of: {listed}")
        return v

    def optional(self, read: Callable[[Field], T]) -> T | None:
        return None if self.value is None else read(self)

    def opt_seat(self) -> int | None:
        return self.optional(Field.seat)


def unique(fields: Sequence[Field], values: Sequence[Any], what: str) -> None:
    """Fail on the first value that repeats an earlier one."""
    seen: set[Any] = set()
    for f, v in zip(fields, values, strict=True):
        if v in seen:
            f.fail(f"{what} {show(v)} appears twice")
        seen.add(v)


def first_difference(given: Any, expected: Any, path: str) -> str | None:
    """The path of the first place where two JSON values differ, types included
    (``1`` differs from ``true`` and from ``1.0``), or None."""
    if type(given) is not type(expected):
        return path
    if isinstance(expected, dict):
        if list(given) != list(expected):
            for key in expected:
                if key not in given:
                    return f"{path}.{key}"
            return path
        for key in expected:
            found = first_difference(given[key], expected[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if len(given) != len(expected):
            return path
        for i, (a, b) in enumerate(zip(given, expected, strict=True)):
            found = first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if given == expected else path


def require_canonical(root: Field, rebuilt: dict[str, Any]) -> None:
    """Fail unless ``root`` is exactly the payload the loaded state saves: redundant
    fields must agree with the rest and lists must be in their saved order."""
    where = first_difference(root.value, rebuilt, root.path)
    if where is not None:
        value = _lookup(rebuilt, where[len(root.path):])
        raise StateFormatError(
            f"corrupt {root.game} position: {where}: does not match the rest of the position "
            f"(expected {show(value)})"
        )


def _lookup(data: Any, rest: str) -> Any:
    """Follow a ``.key[3].other`` path suffix into ``data`` (best effort)."""
    for name, index in re.findall(r"\.([^.\[]+)|\[(\d+)\]", rest):
        try:
            data = data[name] if name else data[int(index)]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def cell(field: Field, grid: Grid) -> Cell:
    """A square of ``grid`` written as saved (``b3``)."""
    text = field.text(high=8)
    found = grid.parse(text) if _SQUARE.fullmatch(text) else None
    if found is None or grid.name(found) != text:
        field.fail(f"{show(text)} is not a square of this board")
    return found


def count_table(field: Field, keys: Sequence[str], high: int, *, sparse: bool = False) -> dict[str, int]:
    """An object of counts 0..``high`` whose keys are among ``keys`` (all of them
    unless ``sparse``), in the order given."""
    out: dict[str, int] = {}
    for key, f in field.entries(len(keys)):
        field.check(key in keys, f"unknown entry {show(key)}")
        out[key] = f.integer(0, high)
    if not sparse:
        for key in keys:
            field.check(key in out, f"missing entry {key!r}")
    return out


def require_playable(root: Field, state: State) -> None:
    """Fail unless the game can go on from ``state``: at a chance node the outcomes
    are a distribution, and every player to act has a legal action."""
    if state.is_terminal:
        return
    if state.is_chance:
        outcomes = state.chance_outcomes()
        total = sum((p for _, p in outcomes), Fraction(0))
        root.check(bool(outcomes) and total == 1, "the dice to roll next do not form a distribution")
        return
    root.check(bool(state.actors), "nobody is to act in an unfinished game")
    for player in state.actors:
        root.check(bool(state.legal_actions(player)), f"player {player} is to act but has no legal action")
