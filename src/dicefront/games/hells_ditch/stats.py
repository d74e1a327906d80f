"""Hell's Ditch statistics for the lab: order counters and fight results.

Which counter each side reveals and how many orders it carried, the orders written
and the ones that could not be carried out, fight outcomes, and the fight dice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.stats import Collector as _Base
from ...core.stats import Counts, frequency_rows, rate_rows, table
from .constants import Kind

if TYPE_CHECKING:
    from ...core.record import Step
    from . import HellsDitchGame
    from .rules import HellsDitchState

FIGHT_EVENTS = {Kind.FIGHT: "fights", Kind.BACK_OUT: "back-outs", Kind.ELIMINATED: "warbands eliminated",
                Kind.COLLIDE: "collisions while slipping away", Kind.FIGHT_ON: "both fight on", Kind.RAZE: "villages razed",
                Kind.CLASH: "clashes"}


def _order_word(order: object) -> str:
    words = str(order).split()
    return words[1] if len(words) > 1 else "?"


class Collector(_Base):
    """Orders are counted as they are written (each writer's own event), so the counts
    are the same whether the reveal shows the whole plan or none of it (rule 2.4)."""

    def __init__(self, game: HellsDitchGame) -> None:
        super().__init__()
        self._writing = [0, 0]
        """Orders each side has written since its last reveal."""

    def step(self, state: HellsDitchState, step: Step) -> None:
        t = self.tally
        for e in step.events:
            kind = e.kind
            if kind == Kind.TURN:
                self.turns += 1
            elif kind == Kind.ORDER:
                t.add("orders", _order_word(e.data.get("order")), "written")
                if step.player is not None:  # the writer: an order is an action, never a roll
                    self._writing[step.player] += 1
            elif kind == Kind.REVEAL:
                p = e.data["player"]
                t.add("counters", e.data["counter"], "revealed")
                t.add("counters", e.data["counter"], "orders", self._writing[p])
                self._writing[p] = 0
            elif kind == Kind.SKIPPED:
                t.add("orders", _order_word(e.data.get("order")), "not carried out")
            elif kind == Kind.ROLL and "hits" in e.data:
                for dice, hits in zip(e.data.get("dice", []), e.data["hits"], strict=False):
                    t.add("fight dice", "all fights", "dice", dice)
                    t.add("fight dice", "all fights", "hits", hits)
            elif kind in FIGHT_EVENTS:
                t.add("fights", FIGHT_EVENTS[kind], "count")
            elif kind == Kind.GAME_OVER and e.data.get("winner") is None and state.round >= state.game.options.round_limit:
                self.limit_draw = True


def summarise(counts: Counts, games: int) -> list[dict[str, Any]]:
    counters = {k: {**v, "orders per reveal": round(v.get("orders", 0) / v["revealed"], 3) if v.get("revealed") else 0}
                for k, v in sorted(counts.get("counters", {}).items(), key=lambda kv: int(kv[0]))}
    return [
        table("Order counters", counters, "counter value revealed, and the orders it carried",
              ["revealed", "orders", "orders per reveal"]),
        table("Orders", rate_rows(counts.get("orders", {}), "not carried out", "written", "not carried out share"),
              "orders by kind", ["written", "not carried out", "not carried out share"]),
        table("Fight results", frequency_rows(counts.get("fights", {}), "count", games), "fight events over all games"),
        table("Fight dice", rate_rows(counts.get("fight dice", {}), "hits", "dice", "hit rate"), "dice rolled in fights and the hits they scored",
              ["dice", "hits", "hit rate"]),
    ]
