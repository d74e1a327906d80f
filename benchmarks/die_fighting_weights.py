"""Screen the weights of Die Fighting's evaluation: one agent spec playing on a variant
evaluation against the same spec on the shipped one, game ``i`` of a series as
``dicefront match`` plays it (``dicefront.lab.series.game_seed``, seats swapped on odd
``i``). The variant changes the module weights of ``games/die_fighting/heuristics.py``
(``THREAT_NOW``, ``THREAT_MOVE``, ``TEMPO``, ``FLOOR``). Each agent's turn runs with
its own weights and its own caches of the unit table.

    PYTHONPATH=src python benchmarks/die_fighting_weights.py '{"THREAT_NOW": 0.75}' -n 100 --seed 11
    PYTHONPATH=src python benchmarks/die_fighting_weights.py '{}' -n 4 --seed 1   (a control: the
        shipped weights on both sides replay ``dicefront match die_fighting --agents greedy,greedy``)

Prints one JSON line: the variant's W-D-L and the exact one-sided binomial p (decisive
games) of at least that many wins if both played alike."""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from typing import Any

from dicefront.agents import make_agent
from dicefront.agents.base import Agent
from dicefront.core import State
from dicefront.core.match import play_match
from dicefront.core.registry import load
from dicefront.games.die_fighting import heuristics
from dicefront.games.die_fighting.tables import UnitTable
from dicefront.lab.series import game_seed

SHIPPED: dict[str, float] = {"THREAT_NOW": heuristics.THREAT_NOW, "THREAT_MOVE": heuristics.THREAT_MOVE,
                             "TEMPO": heuristics.TEMPO, "FLOOR": heuristics.FLOOR}
CACHES = ("values", "threats", "positions")


class Weighted:
    """An agent that plays every decision with its own weights and caches."""

    def __init__(self, agent: Agent, weights: dict[str, float], table: UnitTable) -> None:
        self.agent, self.weights, self.table = agent, weights, table
        self.caches: tuple[dict[Any, Any], ...] = ({}, {}, {})
        self.name = agent.name
        self.spec = getattr(agent, "spec", None)

    def choose(self, state: State, player: int, rng: random.Random) -> Any:
        for name, weight in self.weights.items():
            setattr(heuristics, name, weight)
        for name, cache in zip(CACHES, self.caches, strict=True):
            object.__setattr__(self.table, name, cache)  # the table is frozen; its caches are not shared here
        return self.agent.choose(state, player, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variant", help="JSON object of weights to change, e.g. '{\"TEMPO\": 1.0}'")
    parser.add_argument("--agent", default="greedy")
    parser.add_argument("-n", "--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    change = json.loads(args.variant)
    unknown = set(change) - set(SHIPPED)
    if unknown:
        raise SystemExit(f"error: unknown weight(s) {sorted(unknown)}; known: {sorted(SHIPPED)}")
    variant = {**SHIPPED, **{k: float(v) for k, v in change.items()}}
    won = drawn = lost = 0
    start = time.time()
    for i in range(args.games):
        game = load("die_fighting")
        table: UnitTable = getattr(game, "table")  # noqa: B009 (Die Fighting's own attribute)
        ours = Weighted(make_agent(args.agent, game), variant, table)
        theirs = Weighted(make_agent(args.agent, game), SHIPPED, table)
        seat = i % 2
        record = play_match(game, [ours, theirs] if seat == 0 else [theirs, ours], seed=game_seed(args.seed, i))
        result = record.returns[seat]
        won, drawn, lost = won + (result > 0), drawn + (result == 0), lost + (result < 0)
    decided = won + lost
    p = sum(math.comb(decided, k) for k in range(won, decided + 1)) / 2**decided if decided else 1.0
    print(json.dumps({"agent": args.agent, "variant": variant, "games": args.games, "seed": args.seed,
                      "W": won, "D": drawn, "L": lost, "p_one_sided": round(p, 4), "seconds": round(time.time() - start)}))


if __name__ == "__main__":
    main()
