"""Where Trench Checkers games are won or drawn: read replays saved by
``dicefront match trench_checkers ... --save DIR`` and print, per game, the rounds in
which each side attacked and each side's material (pieces, value) at rounds 20, 40
and 60 (or the end).

    PYTHONPATH=src python benchmarks/trench_profile.py DIR [DIR ...]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from dicefront.core import MatchRecord, replay_states
from dicefront.games.trench_checkers.heuristics import _material

CHECKPOINTS = (20, 40, 60)


def profile(path: Path) -> str:
    """One game's summary line(s)."""
    record = MatchRecord.load(path)
    attacks: list[list[int]] = [[], []]
    seen: dict[int, str] = {}
    last: Any = None
    for _, state, step in replay_states(record):
        last = state
        rnd = int(getattr(state, "round", 0))
        for cp in CHECKPOINTS:
            if rnd >= cp and cp not in seen:
                seen[cp] = _side_text(state)
        if step is not None and step.player is not None and str(step.action).startswith("attack"):
            attacks[step.player].append(rnd)
    end = _side_text(last)
    result = {None: "draw"}.get(record.winner, f"P{(record.winner or 0) + 1} wins")
    lines = [f"{path.name}: {record.agents[0]} vs {record.agents[1]}: {result} at round {getattr(last, 'round', '?')}"]
    for p in (0, 1):
        lines.append(f"  P{p + 1} {record.agents[p]:<8} attacks {len(attacks[p]):>2}: {' '.join(map(str, attacks[p]))}")
    lines.append("  material (pieces/value P1 | P2): " + "  ".join(f"r{cp} {seen.get(cp, end)}" for cp in CHECKPOINTS))
    return "\n".join(lines)


def _side_text(state: Any) -> str:
    material, pieces = _material(state)
    return f"{pieces[0]}/{material[0]:.1f}|{pieces[1]}/{material[1]:.1f}"


def main(argv: list[str]) -> None:
    for folder in argv:
        for path in sorted(Path(folder).glob("*.json")):
            print(profile(path))


if __name__ == "__main__":
    main(sys.argv[1:])
