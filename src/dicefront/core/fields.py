"""A state's fields, declared once in its ``__slots__``, and a hashable identity of
their values (``State.key()``): no JSON inside the process."""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any

_ATOMS = (int, str, float, bool, type(None))


@cache
def key_fields(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases that holds game state: not ``game`` (the
    definition, the same for every state of a game) and not ``_``-prefixed caches."""
    return tuple(name for name in stored_fields(cls) if name != "game" and not name.startswith("_"))


@cache
def stored_fields(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, ``game`` and caches included, pure or compiled:
    the attributes to copy for a field-by-field copy of a state."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ()) or _compiled_slots(klass)
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in names:
                names.append(name)
    return tuple(names)


def _compiled_slots(klass: type) -> tuple[str, ...]:
    """The fields of a class compiled by mypyc (scripts/build-native.sh), which drops
    ``__slots__`` and lists the attributes in ``__mypyc_attrs__`` instead: sorted, the
    order ruff (RUF023) keeps ``__slots__`` in, so a key does not change when compiled."""
    attrs = klass.__dict__.get("__mypyc_attrs__", ())
    return tuple(sorted(name for name in attrs if not name.startswith("__")))


def freeze(value: Any) -> Hashable:
    """A hashable value equal for equal containers: lists and tuples become tuples,
    dicts and sets frozensets; frozen dataclasses and other hashables stay as they are."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list or kind is tuple:
        return tuple(map(freeze, value))
    if kind is dict:
        return frozenset(zip(value, map(freeze, value.values()), strict=True))
    if kind is set or kind is frozenset:
        return frozenset(map(freeze, value))
    hash(value)  # a TypeError here names a field type this function must learn
    return value
