"""Each connection's allowance for the messages that make the server do real work: a
whole board (``sync``), the move list (``moves``), the board after an earlier move
(``frame``, a replay from the start) and outcome odds (``odds``).

A token bucket: a connection starts with ``CAPACITY`` tokens and earns ``RATE`` a
second, up to ``CAPACITY``; each such message spends its cost, which grows with the
length of the game for the two that walk the whole record. A message it cannot pay for
is refused with a one-line error (odds: a "busy" answer, which the browser asks again
after), so one socket cannot keep the server busy for everyone else. The browser's own
use (a move list per greeting, a frame per click, odds per hovered piece, a sync when a
patch does not fit) stays inside it in ordinary play; a keyboard user tabbing past
dozens of pieces can outrun it, and those odds come back "busy" and are asked again.

An ``act`` costs nothing when it is played, and ``REFUSED_ACT`` when it is refused (not
legal, not the sender's turn), from a second bucket of the same size kept for refusals
alone (``Connection.refusals``): a stream of refused actions, each of which takes the
game's lock, is cut off like the others, a connection that spent its budget on odds
can still move, while a player or a program making legal
moves as fast as it likes never meets the budget."""

from __future__ import annotations

from dataclasses import dataclass

CAPACITY = 30.0  # tokens: the burst a connection may spend at once
RATE = 6.0  # tokens earned a second
LONG_GAME = 250  # record steps that add one token to a 'moves' or 'frame' request
COSTS = {"sync": 3.0, "moves": 1.0, "frame": 1.0, "odds": 1.0}
REFUSED_ACT = 1.0  # tokens an 'act' costs when it is refused (a legal one costs nothing)


def cost(kind: str, steps: int = 0) -> float:
    """What a ``kind`` message costs when it walks ``steps`` steps of the record."""
    return COSTS[kind] + (steps / LONG_GAME if kind in ("moves", "frame") else 0.0)


@dataclass
class Budget:
    tokens: float = CAPACITY
    at: float | None = None  # the clock reading tokens were last counted at

    def level(self, now: float) -> float:
        """The tokens held at clock ``now``."""
        if self.at is not None:
            self.tokens = min(CAPACITY, self.tokens + max(0.0, now - self.at) * RATE)
        self.at = now
        return self.tokens

    def take(self, now: float, price: float) -> bool:
        """Spend ``price`` tokens at clock ``now`` if there are enough; whether it did."""
        if self.level(now) < price:
            return False
        self.tokens -= price
        return True

    def wait(self, price: float) -> float:
        """Seconds until ``price`` tokens are earned (as last counted)."""
        return max(0.0, (price - self.tokens) / RATE)
