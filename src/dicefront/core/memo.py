"""A bounded memo that keeps what is in use: two generations of dicts.

Safe to share between threads without a lock: every operation is a single dict
operation or a swap of the two generations, never an iteration over one, so a race
can at worst lose an entry (it is made again), never raise."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

T = TypeVar("T")


class Kept(Generic[T]):
    """A bounded memo of two generations: when the newer holds ``size`` entries it
    becomes the older and the older is dropped; an entry found in the older moves to
    the newer. What the games in play keep using stays; nothing is kept past ``2 * size``."""

    __slots__ = ("newer", "older", "size")

    def __init__(self, size: int) -> None:
        self.size = size
        self.newer: dict[Hashable, T] = {}
        self.older: dict[Hashable, T] = {}

    def get(self, key: Hashable) -> T | None:
        found = self.newer.get(key)
        if found is None:
            found = self.older.pop(key, None)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: Hashable, value: T) -> T:
        if len(self.newer) >= self.size:
            self.older, self.newer = self.newer, {}
        self.newer[key] = value
        return value

    def __len__(self) -> int:
        return len(self.newer) + len(self.older)

    def values(self) -> list[T]:
        return [*self.newer.copy().values(), *self.older.copy().values()]  # copied at once: no iteration races a writer

    def keys(self) -> list[Hashable]:
        return [*self.newer.copy(), *self.older.copy()]


__all__ = ["Kept"]
