"""Notation declared once per action type: ``str()`` and parsing come from the same
templates, and so does the help text.

A game's actions module makes one :class:`Notation` (with the token kinds its actions
use) and decorates each action class with its template(s)::

    NOTATION = Notation(cell=cell_kind(lambda game: game.board.grid))

    @NOTATION.declare("attack {attacker:cell} {target:cell}")
    @dataclass(frozen=True)
    class Attack(Action):
        attacker: Cell
        target: Cell

A template is words separated by single spaces. ``{field:kind}`` is one token read by
that kind; ``{field:kind+}`` one or more tokens (a tuple); a bracketed tail ``[ ...]``
is optional (its fields are ``None`` when absent). A class may have several templates:
``str()`` uses the first whose fields are all present (``"cover {cell:cell}"`` and
``"no-cover"`` for ``Cover(None)``). Parsing is case-insensitive, accepts only ASCII
digits, bounds the text's length and never raises: it returns None for anything that
is not an action of the game.

Notation text is hostile input. Python's ``str.isdigit`` accepts superscripts (``²``),
Arabic-Indic and fullwidth digits, and ``int()`` then fails or accepts them; ``int()``
also refuses more than 4300 digits. Every number is therefore read with
:func:`ascii_int`: plain ASCII decimal digits only, with a bound on their count."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .grid import Cell, Grid


MAX_NOTATION_CHARS = 200
"""Longer text is not an action of any game; parsers do no work on it."""

MAX_DIGITS = 6
"""Default bound on the digits of one number in notation."""

_DIGITS = frozenset("0123456789")

T = TypeVar("T")
_SLOT = re.compile(r"\{(\w+):(\w+)(\+?)\}")


@dataclass(frozen=True)
class Kind:
    """One kind of token: the text it may be (a regex), how it is read in a game
    (``read(text, game)``: the value, or None when it is not valid there), how a value
    is written, and its name in help texts."""

    pattern: str
    label: str
    read: Callable[[str, Any], Any] = lambda text, game: text
    write: Callable[[Any], str] = str
    generic: bool = False
    """Help names a generic token (a number, a word) by its field: ``mine ROW``."""
    domain: Callable[[Any], tuple[Any, ...]] | None = None
    """Every value the kind can read in a game, in a fixed order (``domain(game)``);
    None for open-ended kinds. The integer action encoding (``core/encoding.py``) is
    built from it."""


def ascii_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The non-negative integer written as 1 to ``max_digits`` ASCII digits, else None."""
    if not 0 < len(text) <= max_digits or not _DIGITS.issuperset(text):
        return None
    return int(text)


def ascii_signed_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """Like :func:`ascii_int`, with one optional leading ``-``."""
    if text.startswith("-"):
        value = ascii_int(text[1:], max_digits)
        return None if value is None else -value
    return ascii_int(text, max_digits)


def notation_words(text: str) -> list[str]:
    """The whitespace-separated words of ``text``; no words for text too long to be
    an action, so every parser refuses it without further work."""
    if len(text) > MAX_NOTATION_CHARS:
        return []
    return text.split()


def ascii_word(word: str) -> str | None:
    """``word`` if it is plain ASCII, else None. Use before ``upper()``/``lower()``
    when the result is compared with ASCII notation: ``'\\u017f'.upper()`` (long s) is
    ``'S'`` and ``'\\u212a'.lower()`` (the Kelvin sign) is ``'k'``."""
    return word if word.isascii() else None


INT = Kind(r"[0-9]{1,6}", "N", lambda text, game: ascii_int(text), generic=True)
PLAYER = Kind(r"[01]", "P", lambda text, game: int(text), domain=lambda game: (0, 1))
WORD = Kind(r"[a-z0-9][a-z0-9_\-]*", "NAME", lambda text, game: text.lower(), generic=True)


def choice(*values: str, upper: bool = False, label: str | None = None) -> Kind:
    """A token that is one of ``values`` (matched case-insensitively)."""
    norm = str.upper if upper else str.lower
    allowed = {norm(v) for v in values}
    ordered = tuple(dict.fromkeys(norm(v) for v in values))
    return Kind(
        "|".join(re.escape(v) for v in values),
        label or "|".join(values),
        lambda text, game: norm(text) if norm(text) in allowed else None,
        domain=lambda game: ordered,
    )


def cell_kind(grid_of: Callable[[Any], Grid]) -> Kind:
    """Board squares named like ``c4``, checked against the game's grid."""
    return Kind(
        r"[a-z][0-9]{1,2}", "CELL", lambda text, game: grid_of(game).parse(text), _cell_name,
        domain=lambda game: tuple(grid_of(game).cells()),
    )


def _cell_name(cell: Cell) -> str:
    return f"{chr(97 + cell[0])}{cell[1] + 1}"  # Grid.name, without importing the grid module


@dataclass(frozen=True)
class _Slot:
    field: str
    kind: Kind
    many: bool
    optional: bool

    @property
    def write(self) -> Callable[[Any], str]:
        if self.many:
            one = self.kind.write
            return lambda values: " ".join(map(one, values))
        return self.kind.write


@dataclass(frozen=True, eq=False)
class _Template:
    cls: type
    text: str
    regex: re.Pattern[str]
    slots: tuple[_Slot, ...]
    parts: tuple[str | _Slot, ...]
    """Literal text and slots in order; an optional tail's parts are its slots' own
    (``optional=True``) and the literal text just before each of them."""
    names: tuple[str, ...]
    head: str | None

    @cached_property
    def required(self) -> tuple[str, ...]:
        return tuple(s.field for s in self.slots if not s.optional)

    @cached_property
    def unused(self) -> tuple[str, ...]:
        used = {s.field for s in self.slots}
        return tuple(n for n in self.names if n not in used)

    def source(self, prefix: str, namespace: dict[str, Any]) -> tuple[str, str]:
        """This template as Python source over an action ``a``: (the condition under
        which it applies, the expression writing it); the slots' writers go into
        ``namespace`` under names starting with ``prefix``."""
        terms: list[str] = []
        pending = ""  # literal text written only with the optional slot that follows
        for i, part in enumerate(self.parts):
            if isinstance(part, str):
                nxt = self.parts[i + 1] if i + 1 < len(self.parts) else None
                if isinstance(nxt, _Slot) and nxt.optional:
                    pending += part
                else:
                    terms.append(repr(part))
                continue
            namespace[f"{prefix}{i}"] = part.write
            value = f"{prefix}{i}(a.{part.field})"
            terms.append(f"('' if a.{part.field} is None else {pending!r} + {value})" if part.optional else value)
            pending = ""
        tests = [f"a.{n} is not None" for n in self.required] + [f"a.{n} is None" for n in self.unused]
        return " and ".join(tests) or "True", " + ".join(terms) or "''"

    def read(self, text: str, game: Any) -> object | None:
        m = self.regex.fullmatch(text)
        if m is None:
            return None
        values: dict[str, Any] = dict.fromkeys(self.names)
        for slot in self.slots:
            raw = m.group(slot.field)
            if raw is None:
                continue
            parts = [slot.kind.read(t, game) for t in raw.split(" ")] if slot.many else [slot.kind.read(raw, game)]
            if any(p is None for p in parts):
                return None
            values[slot.field] = tuple(parts) if slot.many else parts[0]
        return self.cls(**values)

    def help(self) -> str:
        def label(m: re.Match[str]) -> str:
            slot = next(s for s in self.slots if s.field == m.group(1))
            name = slot.field.upper() if slot.kind.generic else slot.kind.label
            return name + (f" [{name}...]" if slot.many else "")

        return _SLOT.sub(label, self.text).replace("[ ", " [")


def _writer(cls: type, templates: list[_Template]) -> Callable[[object], str]:
    """The ``__str__`` of a class with these templates: the first whose fields are
    present writes it. Compiled once into one expression (``str()`` runs in every
    event text and record, so it must be cheap; dataclasses builds its ``__init__``
    the same way). Field names are the dataclass's own identifiers, checked when the
    template was declared."""
    namespace: dict[str, Any] = {"_fits_none": _fits_none}
    body = "_fits_none(a)"
    for k, template in reversed(list(enumerate(templates))):
        test, expr = template.source(f"w{k}_", namespace)
        body = expr if test == "True" else f"({expr} if {test} else {body})"
    fn: Callable[[object], str] = eval(f"lambda a: {body}", namespace)
    fn.__qualname__ = f"{cls.__qualname__}.__str__"
    return fn


def _fits_none(action: object) -> str:
    raise ValueError(f"{action!r} fits none of its notation templates")


class Notation:
    """The notation of one game: every action class with its templates."""

    def __init__(self, **kinds: Kind) -> None:
        self.kinds: dict[str, Kind] = {"int": INT, "player": PLAYER, "word": WORD, **kinds}
        self.templates: list[_Template] = []
        self._by_class: dict[type, list[_Template]] = {}
        self._by_head: dict[str | None, list[_Template]] = {}

    def declare(self, *templates: str) -> Callable[[type[T]], type[T]]:
        """Class decorator: the action's templates; sets its ``__str__``."""
        if not templates:
            raise ValueError("an action needs at least one notation template")

        def register(cls: type[T]) -> type[T]:
            compiled = [self._compile(cls, t) for t in templates]
            self._by_class[cls] = compiled
            self.templates.extend(compiled)
            for t in compiled:
                self._by_head.setdefault(t.head, []).append(t)
            cls.__str__ = _writer(cls, compiled)  # type: ignore[method-assign]
            return cls

        return register

    def _compile(self, cls: type, text: str) -> _Template:
        slots: list[_Slot] = []
        parts: list[str | _Slot] = []
        pattern = ""
        pos = 0
        optional = False
        for m in re.finditer(r"\{(\w+):(\w+)(\+?)\}|\[|\]", text):
            literal = text[pos : m.start()]
            pattern += re.escape(literal)
            if literal:
                parts.append(literal)
            pos = m.end()
            if m.group(0) in "[]":
                optional = m.group(0) == "["
                pattern += "(?:" if optional else ")?"
                continue
            name, kind_name, plus = m.group(1), m.group(2), m.group(3)
            if kind_name not in self.kinds:
                raise ValueError(f"{cls.__name__}: unknown token kind {kind_name!r} in {text!r}")
            kind = self.kinds[kind_name]
            one = f"(?:{kind.pattern})"
            pattern += f"(?P<{name}>{one}(?: {one})*)" if plus else f"(?P<{name}>{one})"
            slot = _Slot(name, kind, bool(plus), optional)
            slots.append(slot)
            parts.append(slot)
        pattern += re.escape(text[pos:])
        if text[pos:]:
            parts.append(text[pos:])
        names = tuple(f.name for f in fields(cls))
        missing = {s.field for s in slots} - set(names)
        if missing:
            raise ValueError(f"{cls.__name__}: template {text!r} names unknown fields {sorted(missing)}")
        first = text.split(" ", 1)[0]
        head = None if "{" in first or "[" in first else first.lower()
        regex = re.compile(pattern, re.IGNORECASE | re.ASCII)
        return _Template(cls, text, regex, tuple(slots), tuple(parts), names, head)

    def parse(self, text: str, game: Any) -> Any | None:
        """The action written as ``text`` in ``game`` (its grid, map...), or None."""
        if len(text) > MAX_NOTATION_CHARS or not text.isascii():
            return None
        cleaned = " ".join(text.split())
        head = cleaned.split(" ", 1)[0].lower() if cleaned else ""
        for template in self._by_head.get(head, []) + self._by_head.get(None, []):
            action = template.read(cleaned, game)
            if action is not None:
                return action
        return None

    def help(self) -> str:
        """Every template with its token kinds, for error messages and `rules`."""
        seen: list[str] = []
        for template in self.templates:
            line = template.help()
            if line not in seen:
                seen.append(line)
        return " | ".join(seen)
