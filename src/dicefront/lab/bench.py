"""Speed measurements for `dicefront bench` and `benchmarks/`.

Figures are reported as ratios against a reference measured in the same run: a fixed
pure-Python workload (so figures from different machines compare), and OpenSpiel's
backgammon where OpenSpiel is installed."""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import Any

from ..core.chance import sample
from ..core.game import Game, State
from ..core.registry import load


def _rate(fn: Callable[[], int], seconds: float) -> float:
    """Units per second of ``fn`` (which returns the units it did), run for ~seconds."""
    done = 0
    start = time.perf_counter()
    while True:
        done += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def reference_ops(seconds: float) -> float:
    """A fixed pure-Python workload (dict copies and RNG draws), in thousands of ops/s."""
    rng = random.Random(1)
    table = {i: (i, i * 2) for i in range(32)}

    def work() -> int:
        for _ in range(1000):
            copy = dict(table)
            copy[rng.randrange(32)] = (0, 0)
        return 1

    return _rate(work, seconds)


def random_playout(game: Game[Any, Any], rng: random.Random) -> int:
    state = game.new_state()
    steps = 0
    while not state.is_terminal:
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            p = state.actors[0]
            actions = state.legal_actions(p)
            state.push(actions[rng.randrange(len(actions))], p)
        steps += 1
    return steps


def _midgame_state(game: Game[Any, Any], rng: random.Random) -> State:
    state = game.new_state()
    for _ in range(60):
        if state.is_terminal:
            break
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            p = state.actors[0]
            actions = state.legal_actions(p)
            state.apply(actions[rng.randrange(len(actions))], p)
    return state


def bench_game(name: str, seconds: float, seed: int = 0) -> dict[str, float]:
    game = load(name)
    rng = random.Random(seed)
    games = 0
    steps = 0
    start = time.perf_counter()
    while True:
        steps += random_playout(game, rng)
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    mid = _midgame_state(game, rng)
    def hundred_clones() -> int:
        for _ in range(100):
            mid.clone()
        return 100

    clones = _rate(hundred_clones, seconds / 2)
    out = {"games_per_s": games / elapsed, "actions_per_s": steps / elapsed, "clones_per_s": clones}
    extra = _mcts_rate(game, seconds / 2, rng)
    if extra is not None:
        out["mcts_iterations_per_s"] = extra
    return out


def _mcts_rate(game: Game[Any, Any], seconds: float, rng: random.Random) -> float | None:
    try:
        module = importlib.import_module("dicefront.agents.mcts")
    except ImportError:
        return None
    rate = getattr(module, "mcts_iterations_per_second", None)
    return None if rate is None else float(rate(game, seconds, rng))


def openspiel_backgammon(seconds: float, seed: int = 0) -> dict[str, float] | None:
    """The same figures for OpenSpiel's backgammon, if pyspiel is installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    state = game.new_initial_state()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            break
    def hundred_clones() -> int:
        for _ in range(100):
            state.clone()
        return 100

    clones = _rate(hundred_clones, seconds / 2)
    return {"games_per_s": games / elapsed, "actions_per_s": steps / elapsed, "clones_per_s": clones}


def run_bench(names: list[str], seconds: float) -> dict[str, Any]:
    ref = reference_ops(min(1.0, seconds))
    rows: dict[str, dict[str, float]] = {n: bench_game(n, seconds) for n in names}
    spiel = openspiel_backgammon(seconds)
    return {"reference_kops_per_s": ref, "games": rows, "openspiel_backgammon": spiel}
