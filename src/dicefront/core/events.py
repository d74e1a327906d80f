"""Events: small typed records of what happened, each saying who may see it.

Logs, the terminal UI, replays and the lab's statistics are built from events,
filtered through :meth:`Event.visible_to`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """One thing that happened.

    ``kind`` is a short machine name ("roll", "attack", "eliminated", ...), ``text``
    the sentence a person reads, ``data`` JSON-safe details for statistics, and
    ``audience`` the seats that may see it (``None``: everyone, spectators too)."""

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)
    audience: tuple[int, ...] | None = None

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
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        audience = data.get("audience")
        return cls(
            kind=str(data["kind"]),
            text=str(data["text"]),
            data=dict(data.get("data", {})),
            audience=None if audience is None else tuple(int(p) for p in audience),
        )


def visible(events: Iterable[Event], player: int | None) -> list[Event]:
    """The events that ``player`` (``None``: a spectator) may see."""
    return [e for e in events if e.visible_to(player)]
