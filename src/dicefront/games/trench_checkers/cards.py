"""The ability cards as data (rule 11): a TOML card list validated on load."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...core.chance import Outcomes, Roll
from ...core.data import DataFile, require
from ...core.errors import DataFileError

EFFECTS = (
    "save", "attack-again", "cancel-attack", "extra-moves", "airstrike", "promote",
    "five-rolls", "plus-two", "suicide", "revive", "reroll",
)
WINDOWS = ("before-move", "move", "attack", "after-attack", "defend", "after-roll")


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    count: int
    effect: str
    windows: frozenset[str]
    text: str


@dataclass(frozen=True)
class CardList:
    cards: tuple[Card, ...]
    # The caches below are fields (left out of ==, hash and repr), not cached_property:
    # a mypyc-compiled class has no instance __dict__, and there a cached_property
    # becomes a plain property that builds a fresh table on every use.
    _draws: dict[tuple[tuple[str, int], ...], Outcomes] = field(default_factory=dict, init=False, repr=False, compare=False)
    """``draw_outcomes`` by deck content (bounded: cleared past 4096)."""
    _rolls: dict[str, Roll] = field(default_factory=dict, init=False, repr=False, compare=False)
    """The outcome of drawing each card kind, made once (a Roll is slow to create)."""
    _odds: dict[tuple[int, int], Fraction] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Fraction(copies left, cards left): bounded by the deck's size squared."""
    _open: dict[frozenset[str], tuple[Card, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    """``open_in`` by window set (bounded: keys are sets of the six WINDOWS)."""

    def by_id(self, card_id: str) -> Card | None:
        for c in self.cards:
            if c.id == card_id:
                return c
        return None

    def open_in(self, windows: frozenset[str]) -> tuple[Card, ...]:
        """The cards, in list order, that may be played in one of ``windows``."""
        found = self._open.get(windows)
        if found is None:
            found = self._open[windows] = tuple(c for c in self.cards if c.windows & windows)
        return found

    def draw_outcomes(self, deck: dict[str, int]) -> Outcomes:
        """Rule 10.2: the card kinds drawable from ``deck``, in list order, each weighted
        by its copies left. Made once per deck content and shared (never change it:
        ``core.chance`` keeps sampling tables by identity); bounded: cleared past 4096."""
        key = tuple(deck.items())
        found = self._draws.get(key)
        if found is None:
            total = sum(deck.values())
            rolls, odds = self._rolls, self._odds
            if not rolls:
                rolls.update((c.id, Roll((c.id,))) for c in self.cards)
            found = []
            for k in self.ids():
                n = deck.get(k)
                if n:
                    p = odds.get((n, total))
                    if p is None:  # made once per pair (bounded: a copy count and a deck size)
                        p = odds[n, total] = Fraction(n, total)
                    found.append((rolls[k], p))
            if len(self._draws) >= 4096:
                self._draws.clear()
            self._draws[key] = found
        return found

    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    def with_effect(self, effect: str) -> list[str]:
        return [c.id for c in self.cards if c.effect == effect]

    def full_deck(self) -> dict[str, int]:
        return {c.id: c.count for c in self.cards if c.count}


def parse_cards(data: dict[str, Any], where: str) -> CardList:
    entries = require(data, "card", list, where)
    cards: list[Card] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        at = f"{where}: card {i + 1}"
        if not isinstance(entry, dict):
            raise DataFileError(f"{at}: expected a table")
        card_id = require(entry, "id", str, at)
        if not card_id or not all(ch.isalnum() or ch == "-" for ch in card_id):
            raise DataFileError(f"{at}: id {card_id!r} must be letters, digits and dashes")
        if card_id in seen:
            raise DataFileError(f"{at}: duplicate id {card_id!r}")
        seen.add(card_id)
        count = require(entry, "count", int, at)
        if not 0 <= count <= 20:
            raise DataFileError(f"{at} ({card_id}): count must be between 0 and 20, got {count}")
        effect = require(entry, "effect", str, at)
        if effect not in EFFECTS:
            raise DataFileError(f"{at} ({card_id}): unknown effect {effect!r}; known: {', '.join(EFFECTS)}")
        windows = require(entry, "windows", list, at)
        bad = [w for w in windows if w not in WINDOWS]
        if not windows or bad:
            raise DataFileError(f"{at} ({card_id}): windows must be a non-empty list of {', '.join(WINDOWS)}; bad: {bad}")
        cards.append(Card(card_id, require(entry, "name", str, at), count, effect, frozenset(windows), require(entry, "text", str, at)))
    if not cards:
        raise DataFileError(f"{where}: the card list is empty")
    return CardList(tuple(cards))


def load_cards(file: DataFile) -> CardList:
    """The card list in a loaded data file."""
    return parse_cards(file.table, file.where)
