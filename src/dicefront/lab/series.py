"""A series of matches between two agents with seats alternating, and its statistics.

Every game of a series has its own seed derived from the series seed and its index,
so a series gives the same results with any number of worker processes."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..agents import clock_warning, make_agent, resolved_spec
from ..core.errors import DicefrontError
from ..core.match import play_match
from ..core.record import MatchRecord
from ..core.registry import build


def reproducibility(agents: Sequence[str], game: Any) -> dict[str, Any]:
    """``reproducible`` (False when an agent stops by the wall clock) and the
    ``clock_warning`` that says which and why, for a lab or match summary. A spec that
    is no longer valid (a stored run of an older version) is not judged: None both."""
    try:
        warning = clock_warning(agents, game)
    except DicefrontError:
        return {"reproducible": None, "clock_warning": None}
    return {"reproducible": warning is None, "clock_warning": warning}


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def wilson_interval(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (draws may count as halves)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class SeriesResult:
    game: str
    options: dict[str, Any]
    agents: list[str]
    seed: int
    agent_specs: list[str] = field(default_factory=list)
    """The spec each agent stands for (a level resolved to the game's spec for it)."""
    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    seat_wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    truncated: int = 0
    lengths: list[int] = field(default_factory=list)
    seconds: float = 0.0
    clock_warning: str | None = None
    """Set when an agent stops searching by the wall clock (``agents.clock_warning``):
    then the seed does not reproduce the results."""

    def add(self, index: int, record: MatchRecord) -> None:
        self.games += 1
        self.lengths.append(record.length)
        self.truncated += int(record.truncated)
        seat = record.winner
        if seat is None:
            self.draws += 1
            return
        self.seat_wins[seat] += 1
        self.wins[seat if index % 2 == 0 else 1 - seat] += 1

    def score(self, agent: int) -> float:
        """Wins plus half the draws, as a fraction of the games."""
        return (self.wins[agent] + self.draws / 2) / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        n = self.games
        return {
            "game": self.game,
            "options": self.options,
            "games": n,
            "agents": self.agents,
            "agent_specs": self.agent_specs,
            "seed": self.seed,
            "wins": self.wins,
            "seat_wins": self.seat_wins,
            "draws": self.draws,
            "truncated": self.truncated,
            "win_rate": [self.wins[i] / n if n else 0.0 for i in (0, 1)],
            "win_rate_ci95": [list(wilson_interval(self.wins[i], n)) for i in (0, 1)],
            "score": [self.score(i) for i in (0, 1)],
            "first_seat_win_rate": self.seat_wins[0] / n if n else 0.0,
            "mean_length": sum(self.lengths) / n if n else 0.0,
            "max_length": max(self.lengths, default=0),
            "seconds": round(self.seconds, 3),
            "reproducible": self.clock_warning is None,
            "clock_warning": self.clock_warning,
        }


def play_one(
    game_name: str, options: dict[str, Any], agents: Sequence[str], seed: int, index: int, data_files: dict[str, str] | None = None
) -> MatchRecord:
    """Game ``index`` of a series: agent order swapped on odd indices. ``data_files``
    (the designer files read once at the start) keeps every game on the same rules."""
    game = build(game_name, options, data_files=data_files)
    order = list(agents) if index % 2 == 0 else [agents[1], agents[0]]
    players = [make_agent(a, game) for a in order]
    return play_match(game, players, seed=game_seed(seed, index))  # each seat named by its spec, with the spec it stands for


def _play_star(args: tuple[str, dict[str, Any], Sequence[str], int, int, dict[str, str]]) -> MatchRecord:
    return play_one(*args)


def run_series(
    game_name: str,
    options: dict[str, Any],
    agents: Sequence[str],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    save_dir: Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> SeriesResult:
    """Play ``games`` games, agent 0 in seat 0 on even games and seat 1 on odd ones."""
    game = build(game_name, options)  # validates the name and options up front
    for a in agents:
        make_agent(a, game)
    result = SeriesResult(game.name, game.options_json(), list(agents), seed, [resolved_spec(a, game) for a in agents])
    result.clock_warning = clock_warning(agents, game)
    start = time.perf_counter()
    jobs = [(game.name, game.options_json(), list(agents), seed, i, game.data_files) for i in range(games)]
    if save_dir is not None:
        save_dir.mkdir(parents=True, exist_ok=True)

    def collect(i: int, record: MatchRecord) -> None:
        result.add(i, record)
        if save_dir is not None:
            record.save(save_dir / f"{game.name}-{seed}-{i:05d}.json")
        if progress is not None:
            progress(i)

    if workers <= 1:
        for job in jobs:
            collect(job[4], _play_star(job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for job, record in zip(jobs, pool.map(_play_star, jobs, chunksize=max(1, games // (workers * 8))), strict=True):
                collect(job[4], record)
    result.seconds = time.perf_counter() - start
    return result
