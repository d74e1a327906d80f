"""The Trench Checkers end-game screen: how often an agent converts a won end game.

From replays saved by ``dicefront match trench_checkers --agents medium,random ...
--save DIR``, take in each game the first position where the opponent of the agent
under test (``--hunter``, default the label ``medium``) is down to ``--pieces`` pieces
or fewer, and play it out ``--plays`` times (seeds ``screen:<game>:<k>``) with the same
two agents; report wins / draws / losses of the hunter. With ``--trees A=PATH,B=PATH``
every position is played once per source tree (each run in a subprocess with that
tree first on ``PYTHONPATH``), the trees alternating in order from one position to the
next, so a slow spell of a shared machine hits both alike; with two trees, the
difference of their win rates is also given with its standard error, paired by
position (both trees play each position with the same seeds).

    PYTHONPATH=src python benchmarks/trench_endgame.py DIR --plays 4 --trees old=/tmp/old/src,new=src
    PYTHONPATH=src python benchmarks/trench_endgame.py DIR --plays 4   # this tree only
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any


def positions(folder: Path, hunter: str, pieces: int, only: list[str] | None = None) -> list[tuple[str, int, Any, list[str]]]:
    """(file name, hunter's seat, first position with the other side at ``pieces`` pieces
    or fewer, agent specs by seat) of every saved game that reached one."""
    from dicefront.core import MatchRecord, replay_states
    from dicefront.games.trench_checkers.heuristics import _material

    found = []
    for path in sorted(folder.glob("*.json")):
        if only and path.name not in only:
            continue
        record = MatchRecord.load(path)
        if hunter not in record.agents:
            continue
        seat = record.agents.index(hunter)
        for _, state, step in replay_states(record):
            if step is None or state.is_terminal or state.is_chance:
                continue
            if _material(state)[1][1 - seat] <= pieces:
                found.append((path.name, seat, state, list(record.agents)))
                break
    return found


def play(folder: Path, hunter: str, pieces: int, names: list[str], plays: int) -> dict[str, list[int]]:
    """W-D-L of the hunter from each named position (this process's source tree)."""
    from dicefront.agents.base import make_agent
    from dicefront.core.match import play_match

    out: dict[str, list[int]] = {}
    for name, seat, state, agents in positions(folder, hunter, pieces, names):
        wdl = [0, 0, 0]
        for k in range(plays):
            players = [make_agent(a, state.game) for a in agents]
            record = play_match(state.game, players, seed=f"screen:{name}:{k}", state=state.clone())
            wdl[0 if record.winner == seat else 1 if record.winner is None else 2] += 1
        out[name] = wdl
    return out


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--hunter", default="medium", help="the agent label whose conversions count")
    ap.add_argument("--pieces", type=int, default=3, help="the opponent's pieces at the screened position")
    ap.add_argument("--plays", type=int, default=4, help="play-outs per position and tree")
    ap.add_argument("--trees", default="", help="NAME=SRC,... source trees to compare (default: this one)")
    ap.add_argument("--jobs", type=int, default=1, help="play-outs run at once (subprocesses)")
    ap.add_argument("--only", default="", help="comma-separated file names to screen (default: all)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if not 1 <= args.plays <= 100 or not 0 <= args.pieces <= 40 or not 1 <= args.jobs <= 8:
        ap.error("--plays must be 1-100, --pieces 0-40, --jobs 1-8")
    if args.worker:
        print(json.dumps(play(args.folder, args.hunter, args.pieces, args.only.split(","), args.plays)))
        return
    names = [n for n, _, _, _ in positions(args.folder, args.hunter, args.pieces)]
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    trees = [t.split("=", 1) for t in args.trees.split(",")] if args.trees else [["this", os.pathsep.join(sys.path)]]
    jobs = []
    for i, name in enumerate(names):
        order = trees if i % 2 == 0 else trees[::-1]
        jobs.extend((label, src, name) for label, src in order)
    started = time.monotonic()

    def run(job: tuple[str, str, str]) -> tuple[str, str, list[int]]:
        label, src, name = job
        cmd = [sys.executable, __file__, str(args.folder), "--worker", "--hunter", args.hunter,
               "--pieces", str(args.pieces), "--plays", str(args.plays), "--only", name]
        env = dict(os.environ, PYTHONPATH=src)
        res = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        return label, name, json.loads(res.stdout)[name]

    totals = {label: [0, 0, 0] for label, _ in trees}
    wins: dict[str, dict[str, int]] = {label: {} for label, _ in trees}
    with ThreadPoolExecutor(args.jobs) as pool:
        for label, name, wdl in pool.map(run, jobs):
            for k in range(3):
                totals[label][k] += wdl[k]
            wins[label][name] = wdl[0]
            print(f"{name} {label}: {'-'.join(map(str, wdl))}", flush=True)
    print(f"{len(names)} positions x {args.plays} plays, {time.monotonic() - started:.0f} s")
    for label, wdl in totals.items():
        n = sum(wdl)
        print(f"{label}: W-D-L {'-'.join(map(str, wdl))}, conversion {wdl[0] / n:.1%}" if n else f"{label}: no plays")
    if len(trees) == 2 and len(names) > 1:
        (a, _), (b, _) = trees
        print(paired(a, b, [(wins[a][n] - wins[b][n]) / args.plays for n in names]))


def paired(a: str, b: str, diffs: list[float]) -> str:
    """The mean of per-position win-rate differences and its standard error."""
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return f"{a} - {b}: win rate {mean:+.1%}, standard error {se:.1%} ({n} positions)"


if __name__ == "__main__":
    main(sys.argv[1:])
