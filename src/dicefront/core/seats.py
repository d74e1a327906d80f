"""The name people are shown for a seat when nothing better names it (the game gives
its sides no names and the player gave none): 1-based, as the server's lobby and
banner count seats. Engine code keeps 0-based seat numbers; event texts keep the
0-based "Player 0" that stored records hold (``Game.player_name``), and whatever
shows an event to a person maps those names to the shown ones (``shown_text``), so
stored replays still re-run to the identical events."""

from __future__ import annotations

import re
from collections.abc import Callable


def default_seat_name(seat: int) -> str:
    """"Player 1" for seat 0, "Player 2" for seat 1."""
    return f"Player {seat + 1}"


class SeatNames:
    """Rewrites a text made with the ``recorded`` seat names (event texts: "Player 0")
    to the ``shown`` ones ("Player 1"), both seats in one pass (so a "Player 1" made
    from "Player 0" is not rewritten again); no change when the names agree (a game
    whose sides have names). Picklable, like the game that keeps one."""

    def __init__(self, recorded: Callable[[int], str], shown: Callable[[int], str]) -> None:
        self.pairs = {recorded(p): shown(p) for p in (0, 1) if recorded(p) != shown(p)}
        names = "|".join(re.escape(name) for name in self.pairs)
        self.pattern = re.compile(r"\b(?:" + names + r")\b") if self.pairs else None

    def __call__(self, text: str) -> str:
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda m: self.pairs[m.group(0)], text)
