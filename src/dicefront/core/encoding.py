"""Integer actions and numeric observations for research tools (DESIGN.md "Integer
actions and tensors for research").

**Actions.** Every action class of a game gets a block of ids: ``offset`` (the sum of
the sizes of the classes declared before it in the game's actions module) plus a code
below the block's size. By default the code is mixed-radix over the class's fields,
each field's values being the finite ``domain`` of its notation kind (cells of the
grid, the words of a ``choice``, the two players; a field that may be absent adds
``None`` as value 0). So a game whose notation uses only finite kinds gets its
encoding for free, and the ids depend only on the options and on the order of
declarations (never on ``hash()`` or set order): stable across runs and versions.

A game's ``encoding`` role module adjusts this where the product is too large or a kind
is open-ended:

- ``DOMAINS``: ``{kind name: domain(game) -> sequence of values}`` for its own kinds;
- ``action_codecs(game) -> {action class: ActionCodec}``: a codec replacing the
  product for a class (for example :class:`LegalIndexCodec`, the index of the action
  among the legal actions of its class, bounded);
- ``max_chance_outcomes(game)``, ``observation_layout(game)`` and
  ``observation(game, view) -> list[float]`` (built from a view only, see
  :class:`Features`).

Chance outcome ids are indexes into ``state.chance_outcomes()``, whose order every game
keeps deterministic."""

from __future__ import annotations

import bisect
import math
import operator
import weakref
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .errors import DicefrontError

if TYPE_CHECKING:
    from .game import Action, Game, State

MAX_ACTIONS = 1 << 20
"""A game's action space larger than this is a design mistake, refused when built."""

Legal = Callable[[], Sequence["Action"]]

KING_STEPS = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
"""The eight steps to a neighbouring square (with diagonals), in a fixed order."""
"""The legal actions of the state's actors (computed once, on demand)."""


class ActionIdError(DicefrontError):
    """An action id that is not an integer, out of range, or names no action of this state."""


class ActionCodec(ABC):
    """The codes (``0 <= code < size``) of one action class."""

    cls: type
    size: int

    @abstractmethod
    def encode(self, state: State[Any], action: Any, legal: Legal) -> int | None:
        """The code of ``action``, or None when it has none."""

    @abstractmethod
    def decode(self, state: State[Any], code: int, legal: Legal) -> Any | None:
        """The action with this code, or None when no action has it."""


class ProductCodec(ActionCodec):
    """Mixed radix over the fields' finite domains (the first field most significant)."""

    def __init__(self, cls: type, domains: Sequence[tuple[str, Sequence[Any]]]) -> None:
        self.cls = cls
        self.names = tuple(name for name, _ in domains)
        self.values = tuple(tuple(values) for _, values in domains)
        self.index = tuple({v: i for i, v in enumerate(values)} for values in self.values)
        for name, values, index in zip(self.names, self.values, self.index, strict=True):
            if not values or len(index) != len(values):
                raise ValueError(f"{cls.__name__}.{name}: a domain must be non-empty without repeats")
        self.radices = tuple(len(v) for v in self.values)
        self.size = math.prod(self.radices)

    def encode(self, state: State[Any], action: Any, legal: Legal) -> int | None:
        code = 0
        for name, index, radix in zip(self.names, self.index, self.radices, strict=True):
            digit = index.get(getattr(action, name))
            if digit is None:
                return None
            code = code * radix + digit
        return code

    def digits(self, code: int) -> dict[str, Any]:
        """The field values of ``code``."""
        digits = []
        for radix in reversed(self.radices):
            code, digit = divmod(code, radix)
            digits.append(digit)
        digits.reverse()
        return {n: v[d] for n, v, d in zip(self.names, self.values, digits, strict=True)}

    def decode(self, state: State[Any], code: int, legal: Legal) -> Any | None:
        return self.cls(**self.digits(code))


class StepCodec(ActionCodec):
    """An action from cell ``src`` to cell ``dst`` a short step away: the source
    square, the step (one of ``deltas``, (dx, dy)) and any other fields' domains,
    mixed radix. Far smaller than source x destination on a big board."""

    def __init__(self, cls: type, src: str, dst: str, cells: Sequence[tuple[int, int]],
                 deltas: Sequence[tuple[int, int]], extra: Sequence[tuple[str, Sequence[Any]]] = ()) -> None:
        self.cls = cls
        self.src, self.dst = src, dst
        self.cells = frozenset(cells)
        self.product = ProductCodec(cls, [(src, tuple(cells)), ("_step", tuple(deltas)), *extra])
        self.size = self.product.size

    def encode(self, state: State[Any], action: Any, legal: Legal) -> int | None:
        (x0, y0), (x1, y1) = getattr(action, self.src), getattr(action, self.dst)
        return self.product.encode(state, _Fields(action, _step=(x1 - x0, y1 - y0)), legal)

    def decode(self, state: State[Any], code: int, legal: Legal) -> Any | None:
        values = self.product.digits(code)
        (x, y), (dx, dy) = values[self.src], values.pop("_step")
        target = (x + dx, y + dy)
        if target not in self.cells:
            return None
        return self.cls(**values, **{self.dst: target})


class _Fields:
    """An action's attributes with some added or replaced (for a codec's own fields)."""

    def __init__(self, action: Any, **extra: Any) -> None:
        self._action, self._extra = action, extra

    def __getattr__(self, name: str) -> Any:
        return self._extra[name] if name in self._extra else getattr(self._action, name)


class LegalIndexCodec(ActionCodec):
    """State-relative: the position of the action among the legal actions of its class
    (in ``legal_actions`` order), below ``bound``. For classes whose product of field
    domains is far too large (several targets, say) but whose legal ones are few."""

    def __init__(self, cls: type, bound: int) -> None:
        self.cls = cls
        self.size = bound

    def _mine(self, legal: Legal) -> list[Any]:
        return [a for a in legal() if type(a) is self.cls]

    def encode(self, state: State[Any], action: Any, legal: Legal) -> int | None:
        mine = self._mine(legal)
        if action not in mine:
            return None
        code = mine.index(action)
        if code >= self.size:
            raise ValueError(f"{self.cls.__name__}: more than {self.size} legal actions of this class (raise the bound)")
        return code

    def decode(self, state: State[Any], code: int, legal: Legal) -> Any | None:
        mine = self._mine(legal)
        return mine[code] if code < len(mine) else None


def product_codec(game: Game[Any, Any], cls: type, domains: dict[str, Callable[[Any], Sequence[Any]]]) -> ProductCodec:
    """The default codec of ``cls``: the finite domains of the kinds its templates read."""
    slots: dict[str, list[Any]] = {}
    for template in game.notation.templates:
        if template.cls is cls:
            for name in template.names:
                slots.setdefault(name, [])
            for slot in template.slots:
                slots[slot.field].append(slot)
    out: list[tuple[str, Sequence[Any]]] = []
    for f in fields(cls):
        found = slots.get(f.name, [])
        kinds = {s.kind for s in found}
        if len(kinds) > 1:
            raise TypeError(f"{cls.__name__}.{f.name}: read by several kinds; give the class a codec")
        optional = not found or any(s.optional for s in found) or len(found) < _templates_of(game, cls)
        if not found:
            out.append((f.name, (None,)))
            continue
        slot = found[0]
        name = next(k for k, v in game.notation.kinds.items() if v is slot.kind)
        domain = domains.get(name) or slot.kind.domain
        if domain is None or slot.many:
            raise TypeError(f"{cls.__name__}.{f.name}: kind {name!r} has no finite domain; give the class a codec")
        values = tuple(domain(game))
        out.append((f.name, (None, *values) if optional else values))
    return ProductCodec(cls, out)


def _templates_of(game: Game[Any, Any], cls: type) -> int:
    return sum(1 for t in game.notation.templates if t.cls is cls)


class ActionEncoding:
    """The integer action space of one game (options fixed): every declared action
    class in declaration order, each with its codec and offset."""

    def __init__(self, game: Game[Any, Any], role: Any) -> None:
        domains = dict(getattr(role, "DOMAINS", {}))
        custom_fn = getattr(role, "action_codecs", None)
        custom: dict[type, ActionCodec] = dict(custom_fn(game)) if custom_fn else {}
        classes = list(dict.fromkeys(t.cls for t in game.notation.templates))
        unknown = [c.__name__ for c in custom if c not in classes]
        if unknown:
            raise TypeError(f"{game.name}: codecs for undeclared action classes {unknown}")
        self.codecs = [custom.get(c) or product_codec(game, c, domains) for c in classes]
        self.by_class = {c.cls: (i, c) for i, c in enumerate(self.codecs)}
        self.offsets: list[int] = []
        total = 0
        for codec in self.codecs:
            self.offsets.append(total)
            total += codec.size
        if total > MAX_ACTIONS:
            raise ValueError(f"{game.name}: {total} distinct actions (over {MAX_ACTIONS})")
        self.size = total

    @staticmethod
    def legal_of(state: State[Any]) -> Legal:
        cache: list[Sequence[Action]] = []

        def legal() -> Sequence[Action]:
            if not cache:
                actors = state.actors
                if len(actors) == 1:
                    cache.append(state.legal_actions(actors[0]))
                else:
                    cache.append(list(dict.fromkeys(a for p in actors for a in state.legal_actions(p))))
            return cache[0]

        return legal

    def encode(self, state: State[Any], action: Action, legal: Legal | None = None) -> int:
        entry = self.by_class.get(type(action))
        code = None
        if entry is not None:
            code = entry[1].encode(state, action, legal or self.legal_of(state))
        if code is None:
            raise ActionIdError(f"action {str(action)[:80]!r} has no id in this state")
        return self.offsets[entry[0]] + code  # type: ignore[index]

    def legal_ids(self, state: State[Any], player: int) -> list[int]:
        actions = state.legal_actions(player)
        legal: Legal = lambda: actions  # noqa: E731 - one player's list, computed once
        return sorted(self.encode(state, a, legal) for a in actions)

    def codecs_decode(self, state: State[Any], action_id: Any, legal: Legal | None = None) -> Action:
        """The action an id names in ``state``, legal or not (ActionIdError for an id
        that is not an integer, out of range, or names nothing)."""
        number = _as_int(action_id)
        if not 0 <= number < self.size:
            raise ActionIdError(f"action id {number} out of range (0 to {self.size - 1})")
        k = bisect.bisect_right(self.offsets, number) - 1
        action = self.codecs[k].decode(state, number - self.offsets[k], legal or self.legal_of(state))
        if action is None:
            raise ActionIdError(f"action id {number} names no action in this state")
        return action

    def decode(self, state: State[Any], action_id: Any) -> Action:
        legal = self.legal_of(state)
        action = self.codecs_decode(state, action_id, legal)
        number = operator.index(action_id)
        if action not in legal():
            raise ActionIdError(f"action id {number} ({str(action)[:80]}) is not legal in this state")
        return action


def _as_int(action_id: Any) -> int:
    if isinstance(action_id, (bool, str, bytes)):
        raise ActionIdError(f"an action id must be an integer, not {type(action_id).__name__}")
    try:
        return operator.index(action_id)
    except TypeError:
        raise ActionIdError(f"an action id must be an integer, not {type(action_id).__name__}") from None


class Features:
    """A flat observation filled by named groups of the layout, each a shape in
    row-major order: ``f.set("pawns", (plane, row, col), 1.0)``, ``f.one_hot("phase", i)``.
    An index outside its group's shape raises IndexError (never writes elsewhere)."""

    def __init__(self, layout: Sequence[tuple[str, tuple[int, ...]]], base: Sequence[float] | None = None) -> None:
        compiled = _compiled(layout)
        self.groups, self._flat = compiled.groups, compiled.flat
        self.values = [0.0] * compiled.total if base is None else list(base)
        if len(self.values) != compiled.total:
            raise ValueError(f"a base of {len(self.values)} values for a layout of {compiled.total}")

    @classmethod
    def start(cls, game: Game[Any, Any], key: Hashable, static: Callable[[Features], None]) -> Features:
        """Features for ``game`` beginning from its static part for ``key`` (terrain,
        zones: what depends only on the options and ``key``), which ``static`` fills
        once and which is then copied for every observation."""
        bases = _BASES.setdefault(game, {})
        base = bases.get(key)
        if base is None:
            if len(bases) >= MAX_BASES:
                bases.clear()
            first = cls(game.observation_layout)
            static(first)
            base = bases[key] = first.values
        return cls(game.observation_layout, base)

    def index(self, name: str, at: tuple[int, ...] | int) -> int:
        if not isinstance(at, (int, tuple)):
            return self._index(name, at)
        key = (name, at)
        flat = self._flat.get(key)
        if flat is None:
            flat = self._flat[key] = self._index(name, at)
        return flat

    def _index(self, name: str, at: tuple[int, ...] | int) -> int:
        start, shape, strides = self.groups[name]
        if isinstance(at, int):
            at = (at,)
        if len(at) != len(shape):
            raise IndexError(f"{name}: index {at} outside {shape}")
        flat = start
        for i, n, stride in zip(at, shape, strides, strict=True):
            if not 0 <= i < n:
                raise IndexError(f"{name}: index {at} outside {shape}")
            flat += i * stride
        return flat

    def set(self, name: str, at: tuple[int, ...] | int, value: float = 1.0) -> None:
        self.values[self.index(name, at)] = float(value)

    def add(self, name: str, at: tuple[int, ...] | int, value: float = 1.0) -> None:
        self.values[self.index(name, at)] += float(value)

    def one_hot(self, name: str, choice: int | None) -> None:
        if choice is not None:
            self.set(name, choice)

    def fill(self, name: str, values: Iterable[float]) -> None:
        start, shape, _ = self.groups[name]
        seq = [float(v) for v in values]
        if len(seq) != math.prod(shape):
            raise ValueError(f"{name}: {len(seq)} values for shape {shape}")
        self.values[start : start + len(seq)] = seq

    def plane(self, name: str, lead: tuple[int, ...], cells: Iterable[tuple[int, int]], value: float = 1.0) -> None:
        """Set ``value`` at (*lead, row, col) for every (col, row) in ``cells`` (a
        board plane: static terrain, zones)."""
        for col, row in cells:
            self.values[self.index(name, (*lead, row, col))] = value


class _Layout:
    """A layout's groups (start, shape, strides), its size, and the flat index of every
    (group, position) asked so far: at most one entry per value of the tensor, as
    only valid positions are kept."""

    def __init__(self, layout: Sequence[tuple[str, tuple[int, ...]]]) -> None:
        self.layout = layout  # kept alive, so its id() names it while it is cached
        self.groups: dict[str, tuple[int, tuple[int, ...], tuple[int, ...]]] = {}
        total = 0
        for name, shape in layout:
            strides = tuple(math.prod(shape[k + 1 :]) for k in range(len(shape)))
            self.groups[name] = (total, shape, strides)
            total += math.prod(shape)
        self.total = total
        self.flat: dict[tuple[str, Any], int] = {}


_LAYOUTS: dict[int, _Layout] = {}


def _compiled(layout: Sequence[tuple[str, tuple[int, ...]]]) -> _Layout:
    """The compiled form of ``layout``, shared by every Features of the same layout
    object (a game's ``observation_layout`` is built once per game)."""
    compiled = _LAYOUTS.get(id(layout))
    if compiled is None or compiled.layout is not layout:
        if len(_LAYOUTS) >= MAX_BASES:
            _LAYOUTS.clear()
        compiled = _LAYOUTS[id(layout)] = _Layout(layout)
    return compiled


_BASES: weakref.WeakKeyDictionary[Any, dict[Hashable, list[float]]] = weakref.WeakKeyDictionary()
MAX_BASES = 64
"""Static observation parts kept per game (then the cache starts afresh)."""


def layout_size(layout: Sequence[tuple[str, tuple[int, ...]]]) -> int:
    return sum(math.prod(shape) for _, shape in layout)


def ratio(value: float, top: float) -> float:
    """``value / top`` clamped to [0, 1] (0 when ``top`` is not positive)."""
    if top <= 0:
        return 0.0
    return min(1.0, max(0.0, value / top))


def renderable_text(renderable: Any, width: int = 100) -> str:
    """Plain text (no colour codes) of a Rich renderable or a string."""
    if isinstance(renderable, str):
        return renderable
    from io import StringIO

    from rich.console import Console

    out = StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False, highlight=False).print(renderable)
    return out.getvalue()
