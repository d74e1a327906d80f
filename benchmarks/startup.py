"""Server start-up with many games in play: the time from starting `dicefront serve` to
its first HTTP 200 (``GET /api/games``), for one or more source trees, as a ratio.

    python benchmarks/startup.py fill games.sqlite3 --games 2000 --moves 20
    python benchmarks/startup.py time games.sqlite3 --src /old/src --src src --rounds 5

``fill`` stores ``--games`` games between two people, each left in play after
``--moves`` random legal moves (seeded), through the server's own hub, so they are
stored as the server stores them; the games cycle through every registered game. Run it
with the oldest source tree to compare (``PYTHONPATH=/old/src``): a newer one upgrades
the database in place. ``time`` copies the database for each source tree, starts the
server once on it untimed (a schema upgrade happens then), then times ``--rounds``
starts (median): wall-clock time to the first 200 and the server's CPU time up to then
(its ``/proc`` counters). Ratios are against the first ``--src``."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import dicefront


async def _fill(db: str, games: int, moves: int, seed: int) -> None:
    from dicefront.server.hub import Connection, Hub
    from dicefront.server.storage import Storage

    async def nothing(_: dict[str, Any]) -> None:
        return None

    rng = random.Random(seed)
    names = sorted(dicefront.names())
    hub = Hub(Storage(db), step_delay=0)

    async def one(index: int, game_rng: random.Random) -> None:
        room, _, _ = await hub.create(names[index % len(names)], {}, "friend", 0)
        room.live.dice = random.Random(game_rng.randrange(1 << 30))  # type: ignore[assignment]  # seeded dice
        seats = [Connection(nothing, 0), Connection(nothing, 1)]
        for _ in range(moves):
            if room.driver is not None:
                await room.driver
            state = room.live.state
            if room.live.finished or not state.actors:
                return
            seat = state.actors[0]
            await hub.act(room, seats[seat], str(game_rng.choice(state.legal_actions(seat))))

    try:
        for first in range(0, games, 50):  # 50 at once: their commits share the writer's groups
            await asyncio.gather(*(one(i, random.Random(rng.randrange(1 << 30))) for i in range(first, min(games, first + 50))))
    finally:
        await hub.close()
        hub.storage.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a running process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_once(src: str, db: str) -> tuple[float, float]:
    """Seconds from starting the server to its first 200, and its CPU seconds by then."""
    port = _free_port()
    env = dict(os.environ, PYTHONPATH=src)
    code = "from dicefront.cli import main; main()"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--db", db, "--step-delay", "0"]
    began = time.perf_counter()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - began, _cpu_seconds(proc.pid)
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if proc.poll() is not None:
                raise SystemExit(f"the server stopped: {proc.stderr.read().decode()[-500:] if proc.stderr else ''}")
            time.sleep(0.01)
    finally:
        proc.terminate()
        proc.wait(30)


def _time(db: str, sources: list[str], rounds: int) -> list[dict[str, Any]]:
    out = []
    with tempfile.TemporaryDirectory() as folder:
        copies = {}
        for i, src in enumerate(sources):
            copies[src] = f"{folder}/games-{i}.sqlite3"
            shutil.copy(db, copies[src])
            _start_once(src, copies[src])  # untimed: a schema upgrade (and its one replay) happens here
        walls: dict[str, list[float]] = {src: [] for src in sources}
        cpus: dict[str, list[float]] = {src: [] for src in sources}
        for _ in range(rounds):  # interleaved, so that a change in the machine's load hits every tree alike
            for src in sources:
                wall, cpu = _start_once(src, copies[src])
                walls[src].append(wall)
                cpus[src].append(cpu)
    base = sources[0]
    for src in sources:
        wall, cpu = statistics.median(walls[src]), statistics.median(cpus[src])
        out.append({
            "src": src, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
            "wall_ratio": round(wall / statistics.median(walls[base]), 3), "cpu_ratio": round(cpu / statistics.median(cpus[base]), 3),
        })
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    fill = sub.add_parser("fill", help="store games in play")
    fill.add_argument("db")
    fill.add_argument("--games", type=int, default=2000)
    fill.add_argument("--moves", type=int, default=20, help="random legal moves per game")
    fill.add_argument("--seed", type=int, default=1)
    timing = sub.add_parser("time", help="time start-up to the first HTTP 200")
    timing.add_argument("db")
    timing.add_argument("--src", action="append", required=True, help="a source tree (PYTHONPATH); the first is the reference")
    timing.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.command == "fill":
        began = time.perf_counter()
        asyncio.run(_fill(args.db, args.games, args.moves, args.seed))
        print(f"stored {args.games} games in play in {time.perf_counter() - began:.1f} s")
    else:
        for row in _time(args.db, args.src, args.rounds):
            print(json.dumps(row))


if __name__ == "__main__":
    main()
