"""The lab's unit of work: one game task, played anywhere, giving one compact record.

A run is a list of independent :class:`GameTask`. Each task carries everything its
game needs (game, options, designer data files, agents by seat, its own seed derived
from the run seed and the game index), so a backend only has to call
:func:`run_task` somewhere and hand back the result. The compact record holds what
the statistics need: the outcome, lengths, the per-position quantities of the
Ludii-style metrics and the game's own counters (its ``stats`` role), all read from
the match's states and events as it is played, never from a second copy of the rules."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..core.game import Game, State
from ..core.match import play_match
from ..core.record import MatchRecord
from ..core.registry import build
from ..core.roles import role_module
from ..core.stats import Counts, StatsCollector

LEAD_MARGIN = 0.05
"""A side leads when the evaluation (in [-1, 1]) favours it by more than this."""
DECILES = 10


def task_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: the same on every machine and Python run."""
    digest = hashlib.sha256(f"dicefront-lab:{run_seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class GameTask:
    game: str
    options: dict[str, Any]
    agents: tuple[str, str]
    """The agent specs of the run: agent 0 sits in seat 0 on even games, seat 1 on odd ones."""
    run_seed: int
    index: int
    data_files: dict[str, str] = field(default_factory=dict)

    @property
    def seats(self) -> tuple[str, str]:
        """The agent spec in each seat."""
        a, b = self.agents
        return (a, b) if self.index % 2 == 0 else (b, a)

    @property
    def seed(self) -> int:
        return task_seed(self.run_seed, self.index)


def make_tasks(game: Game[Any, Any], agents: tuple[str, str], seed: int, start: int, stop: int) -> list[GameTask]:
    """Tasks ``start`` .. ``stop - 1`` of the run with ``seed``."""
    options = game.options_json()
    return [GameTask(game.name, options, agents, seed, i, game.data_files) for i in range(start, stop)]


_GAMES: dict[str, Game[Any, Any]] = {}


def _game(task: GameTask) -> Game[Any, Any]:
    """The task's game, built once per process (a game is immutable rules and tables)."""
    key = json.dumps([task.game, task.options, task.data_files], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) > 16:
            _GAMES.clear()
        game = _GAMES[key] = build(task.game, task.options, data_files=task.data_files)
    return game


class _Observer:
    """Follows a match position by position: evaluation for seat 0, branching, the
    game's own counters."""

    def __init__(self, game: Game[Any, Any], state: State) -> None:
        self.game = game
        module = role_module(type(game), "stats")
        self.collector: StatsCollector | None = None if module is None else module.Collector(game)
        self.values: list[float] = []
        self.branching: list[int] = []
        self.chance_before: list[int] = []
        """Indexes into ``values`` of the positions where chance acted next."""
        self.position(state)

    def position(self, state: State) -> None:
        if state.is_chance:
            self.chance_before.append(len(self.values))
        elif not state.is_terminal and state.actors:
            self.branching.append(len(state.legal_actions(state.actors[0])))
        self.values.append(self.game.evaluate(state, 0))

    def __call__(self, state: State, record: MatchRecord) -> None:
        if self.collector is not None:
            self.collector.step(state, record.steps[-1])
        self.position(state)


def _leader(value: float) -> int | None:
    if value > LEAD_MARGIN:
        return 0
    if value < -LEAD_MARGIN:
        return 1
    return None


def lead_changes(values: list[float]) -> int:
    """How often the leading side changes (positions where nobody leads are skipped)."""
    changes, last = 0, None
    for v in values:
        now = _leader(v)
        if now is not None:
            changes += int(last is not None and now != last)
            last = now
    return changes


def dice_swings(values: list[float], chance_before: list[int]) -> tuple[int, int]:
    """(rolls with a favoured side before them, rolls after which that side is behind)."""
    counted = swings = 0
    for i in chance_before:
        if i + 1 >= len(values):
            continue
        before, after = _leader(values[i]), _leader(values[i + 1])
        if before is None:
            continue
        counted += 1
        swings += int(after is not None and after != before)
    return counted, swings


def decisive_at(values: list[float], winner: int | None) -> float | None:
    """Ludii's decisiveness moment: the fraction of the game after which the winner's
    evaluation stays above the best the loser ever reached (None for a draw)."""
    if winner is None or len(values) < 2:
        return None
    mine = [v if winner == 0 else -v for v in values[:-1]]
    threshold = max(-v for v in mine)
    for i, v in enumerate(mine):
        if v > threshold:
            return i / len(mine)
    return 1.0


def deciles(series: list[int]) -> list[float]:
    """The mean of ``series`` over each tenth of the game (empty tenths repeat the last)."""
    if not series:
        return []
    out: list[float] = []
    n = len(series)
    for d in range(DECILES):
        part = series[d * n // DECILES : (d + 1) * n // DECILES]
        out.append(round(sum(part) / len(part), 4) if part else (out[-1] if out else float(series[0])))
    return out


def run_task(task: GameTask) -> dict[str, Any]:
    """Play the task's game and return its compact record (JSON-safe)."""
    game = _game(task)
    state = game.new_state()
    observer = _Observer(game, state)
    players = [make_agent(spec, game) for spec in task.seats]
    record = play_match(game, players, seed=task.seed, state=state, on_step=observer)
    values = observer.values
    counted, swings = dice_swings(values, observer.chance_before)
    collector = observer.collector
    stats: Counts = {} if collector is None else collector.counts()
    return {
        "index": task.index,
        "seed": task.seed,
        "seats": list(task.seats),
        "winner": record.winner,
        "truncated": record.truncated,
        "limit_draw": bool(collector is not None and collector.limit_draw and record.winner is None),
        "steps": record.length,
        "turns": None if collector is None else collector.turns,
        "decisions": len(observer.branching),
        "branching": round(sum(observer.branching) / len(observer.branching), 4) if observer.branching else 0.0,
        "branching_deciles": deciles(observer.branching),
        "lead_changes": lead_changes(values),
        "dice_counted": counted,
        "dice_swings": swings,
        "decisive_at": decisive_at(values, record.winner),
        "stats": stats,
    }


def run_batch(tasks: list[GameTask]) -> list[dict[str, Any]]:
    return [run_task(t) for t in tasks]
