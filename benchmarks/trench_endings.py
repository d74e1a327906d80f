"""How Trench Checkers games end, from replays saved by
``dicefront match trench_checkers ... --save DIR``: for one agent (by its spec as
recorded), per result, the rounds the games ended in, the pieces left on each side at
the end, and the position when the enemy was first down to its last piece (its
Commando, rule 7.5): our army there as ``(commando, veterans, soldiers)`` (commando 2
fresh, 1 wounded, 0 gone), and the siege model's value of it (``siege.siege_value``:
our chance to win minus our chance to lose by the battle dice).

    PYTHONPATH=src python benchmarks/trench_endings.py SPEC DIR [DIR ...]
    PYTHONPATH=src python benchmarks/trench_endings.py medium runs/med_rand_l120_s2
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from dicefront.core import MatchRecord, replay_states
from dicefront.games.trench_checkers.siege import Army, army_of, siege_value

DEFAULT_LIMIT = 60
"""The default round limit (rule 9.3): series run with ``-o round_limit=120`` show how
many games the longer limit decided."""


def side(state: Any, player: int) -> list[str]:
    """``player``'s stacks by their ranks, a wounded Commando marked ``*``."""
    out = []
    for cell, stack in state.board.items():
        if stack and state.owner_at(cell) == player:
            ranks = state.ranks_at(cell)
            out.append(ranks + ("*" if "C" in ranks and state.wounded[player] else ""))
    return sorted(out)


def army(state: Any, player: int) -> Army:
    stacks = [state.ranks_at(c) for c in state.board if state.board[c] and state.owner_at(c) == player]
    return army_of(stacks, state.wounded[player])


def ending(path: Path, spec: str) -> dict[str, Any]:
    record = MatchRecord.load(path)
    ours = 0 if record.agents[0] == spec else 1
    result = "draw" if record.winner is None else "win" if record.winner == ours else "loss"
    alone: tuple[int, Army, float] | None = None
    last: Any = None
    state: Any
    for _, state, _step in replay_states(record):
        last = state
        if alone is None and not state.is_chance and state.pieces_of(1 - ours) == 1:
            mine, theirs = army(state, ours), army(state, 1 - ours)
            alone = (state.round, mine, siege_value(mine, (theirs,)))
    return {"result": result, "round": last.round, "ours": side(last, ours), "theirs": side(last, 1 - ours), "alone": alone}


def main() -> None:
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    spec = sys.argv[1]
    rows = [ending(f, spec) for d in sys.argv[2:] for f in sorted(Path(d).glob("*.json"))]
    for result in ("win", "draw", "loss"):
        games = [r for r in rows if r["result"] == result]
        if not games:
            continue
        rounds = [r["round"] for r in games]
        reached = [r["alone"] for r in games if r["alone"] is not None]
        late = sum(r > DEFAULT_LIMIT for r in rounds)
        print(f"{result}: {len(games)} games; last round median {statistics.median(rounds)}, max {max(rounds)}; "
              f"{late} past round {DEFAULT_LIMIT}")
        if reached:
            mean = sum(a[2] for a in reached) / len(reached)
            alive = sum(a[1][0] > 0 for a in reached)
            print(f"  enemy down to its last piece in {len(reached)}: siege value there {mean:.3f} on average; "
                  f"our Commando alive in {alive} (fresh in {sum(a[1][0] == 2 for a in reached)})")
        if result == "draw":
            ends = Counter(f"{' '.join(r['ours'])} vs {' '.join(r['theirs'])}" for r in games)
            print("  pieces left at the end (ours vs theirs):")
            for text, n in ends.most_common():
                print(f"    {n:>3} x {text}")


if __name__ == "__main__":
    main()
