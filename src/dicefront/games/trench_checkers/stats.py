"""Trench Checkers statistics for the lab: card plays and stack battles.

Cards drawn and played, battles by the size of the attacking and defending stacks
with their results, pieces lost in battle, and how often the round limit ends a game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.stats import Collector as _Base
from ...core.stats import Counts, frequency_rows, share, table
from .constants import Kind

if TYPE_CHECKING:
    from ...core.record import Step
    from . import TrenchCheckersGame
    from .rules import TrenchState

RESULTS = ["attacker", "defender", "tie"]


class Collector(_Base):
    def __init__(self, game: TrenchCheckersGame) -> None:
        super().__init__()
        self.grid = game.board.grid
        self.before: dict[tuple[int, int], int] = {}
        """Stack size by cell in the position before the step."""

    def _size(self, state: TrenchState, name: str | None) -> str:
        if name is None:
            return "card"
        cell = self.grid.parse(name)
        if cell is None:
            return "?"
        size = self.before.get(cell) or len(state.board.get(cell, ()))
        return str(size)

    def step(self, state: TrenchState, step: Step) -> None:
        t = self.tally
        for e in step.events:
            kind = e.kind
            if kind == Kind.ROUND:
                self.turns += 1
            elif kind == Kind.PLAY:
                t.add("cards", e.data.get("card", "?"), "played")
            elif kind == Kind.CARD:
                t.add("cards", e.data.get("card", "?"), "drawn")
            elif kind == Kind.BATTLE:
                stacks = f"{self._size(state, e.data.get('src'))} v {self._size(state, e.data.get('dst'))}"
                t.add("battles", stacks, e.data["result"])
                t.add("battles", stacks, "battles")
                removed = e.data.get("removed", [0, 0])
                attacker = e.data.get("attacker", 0)
                t.add("losses", "attacker", "pieces", removed[attacker])
                t.add("losses", "defender", "pieces", removed[1 - attacker])
            elif kind == Kind.GAME_OVER and e.data.get("winner") is None and state.round >= state.game.options.round_limit:
                self.limit_draw = True
        self.before = {cell: len(stack) for cell, stack in state.board.items()}


def summarise(counts: Counts, games: int) -> list[dict[str, Any]]:
    battles = counts.get("battles", {})
    rows = {k: {"battles": v["battles"], **{f"{r} wins" if r != "tie" else "ties": share(v.get(r, 0), v["battles"]) for r in RESULTS}}
            for k, v in sorted(battles.items())}
    cards = {k: {**v, "per game": share(v.get("played", 0), games)} for k, v in sorted(counts.get("cards", {}).items())}
    return [
        table("Card plays", cards, "cards drawn and played (all seats)", ["drawn", "played", "per game"]),
        table("Stack battles", rows, "attacking stack v defending stack (pieces; 'card' = an airstrike or other card attack)",
              ["battles", "attacker wins", "defender wins", "ties"]),
        table("Pieces lost in battle", frequency_rows(counts.get("losses", {}), "pieces", games), "by the side that lost them"),
    ]
