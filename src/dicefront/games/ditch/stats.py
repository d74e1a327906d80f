"""Ditch statistics for the lab: what its designer tracked by hand over playtests.

Action choices (the first word of each action), the modified die results of every
combat (die + modifier), who beats whom by pawn kind, and turns per game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.stats import Collector as _Base
from ...core.stats import Counts, frequency_rows, share, table, verb
from .actions import KIND_ORDER, KINDS
from .constants import EventKind

if TYPE_CHECKING:
    from ...core.record import Step
    from . import DitchGame
    from .rules import DitchState


class Collector(_Base):
    def __init__(self, game: DitchGame) -> None:
        super().__init__()
        self.before: dict[str, str] = {}
        """Pawn kind by cell name in the position before the step."""

    def _kinds(self, state: DitchState) -> dict[str, str]:
        names = state.game.tables.name
        return {names[cell]: pawn[1] for cell, pawn in state.pawns.items()}

    def step(self, state: DitchState, step: Step) -> None:
        t = self.tally
        if step.player is not None:
            t.add("actions", verb(step.action), "chosen")
        now: dict[str, str] | None = None
        for e in step.events:
            if e.kind == EventKind.TURN:
                self.turns += 1
            elif e.kind == EventKind.COMBAT:
                now = now or self._kinds(state)
                ak = self.before.get(e.data["attacker"]) or now.get(e.data["attacker"], "?")
                dk = self.before.get(e.data["defender"]) or now.get(e.data["defender"], "?")
                ta, td = e.data["totals"]
                t.add("totals", ta, "attacker")
                t.add("totals", td, "defender")
                t.add("fights", KINDS.get(ak, ak), KINDS.get(dk, dk))
                loser = e.data["loser"]
                if loser == "defender":
                    t.add("attacker_wins", KINDS.get(ak, ak), KINDS.get(dk, dk))
                elif loser == "attacker":
                    t.add("defender_wins", KINDS.get(ak, ak), KINDS.get(dk, dk))
        self.before = now or self._kinds(state)


def summarise(counts: Counts, games: int) -> list[dict[str, Any]]:
    kinds = [KINDS[k] for k in KIND_ORDER]
    fights, wins, losses = counts.get("fights", {}), counts.get("attacker_wins", {}), counts.get("defender_wins", {})
    beats = {a: {d: share(wins.get(a, {}).get(d, 0), fights.get(a, {}).get(d, 0)) for d in kinds} for a in kinds}
    lost = {a: {d: share(losses.get(a, {}).get(d, 0), fights.get(a, {}).get(d, 0)) for d in kinds} for a in kinds}
    totals = counts.get("totals", {})
    return [
        table("Action choices", frequency_rows(counts.get("actions", {}), "chosen", games),
              "first word of each action chosen, both seats"),
        table("Modified die results in combat", {k: totals[k] for k in sorted(totals, key=int)},
              "die + kind modifier (rule 5.3), counted per side", ["attacker", "defender"]),
        table("Who beats whom: attacker wins", beats, "share of combats the attacking kind (row) won against the defending kind (column)", kinds),
        table("Who beats whom: attacker eliminated", lost, "share of combats the attacker lost; the rest changed nothing", kinds),
        table("Combats", {a: {d: fights.get(a, {}).get(d, 0) for d in kinds} for a in kinds}, "combats by attacker (row) and defender (column)", kinds),
    ]
