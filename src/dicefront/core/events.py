"""Events: small typed records of what happened, each saying who may see it.

Logs, the terminal UI, replays and the lab's statistics are built from events,
filtered through :meth:`Event.visible_to`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a short machine name ("roll", "attack", "eliminated", ...), ``text``
    the sentence a person reads, ``data`` JSON-safe details for statistics,
    ``audience`` the seats that may see it (``None``: everyone, spectators too) and
    ``dice`` the faces rolled that this event shows (what a client draws as dice).

    Events are never changed once made (logs, records and the lab share them). The
    class is not frozen only because a frozen dataclass costs four times as much to
    create, and games create events on every step of every playout."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None
    dice: tuple[int, ...] = ()

    def visible_to(self, player: int | None) -> bool:
        if self.audience is None:
            return True
        return player is not None and player in self.audience

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.data:
            out["data"] = self.data
        if self.audience is not None:
            out["audience"] = list(self.audience)
        if self.dice:
            out["dice"] = list(self.dice)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        audience = data.get("audience")
        dice = data.get("dice", [])
        if not isinstance(dice, list) or len(dice) > 64 or not all(type(d) is int and 0 <= d <= 1000 for d in dice):
            raise ValueError("an event's 'dice' must be a short list of die faces")
        return cls(
            kind=str(data["kind"]),
            text=str(data["text"]),
            data=dict(data.get("data", {})),
            audience=None if audience is None else tuple(int(p) for p in audience),
            dice=tuple(dice),
        )


def visible(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events that ``player`` (``None``: a spectator) may see."""
    return [e for e in events if e.visible_to(player)]
