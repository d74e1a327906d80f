"""Speed measurements for `dicefront bench` and `benchmarks/`.

Figures are reported as ratios against a reference measured in the same run: a fixed
pure-Python workload (so figures from different machines compare), and OpenSpiel's
backgammon where OpenSpiel is installed."""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from ..core.errors import DicefrontError
from ..core.game import Game, State, random_steps
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
    """The steps of one random game to its end (``core.random_steps``)."""
    return random_steps(game.new_state(), sys.maxsize, rng)


def _midgame_state(game: Game[Any, Any], rng: random.Random) -> State:
    state = game.new_state()
    random_steps(state, 60, rng)
    return state


Clock = Callable[[], float]


def timed_playouts(
    play: Callable[[], int], seconds: float, wall: Clock = time.perf_counter, cpu: Clock = time.process_time
) -> dict[str, float]:
    """Whole playouts (``play`` returns the steps of one) until ``seconds`` of wall
    clock have passed, timed with both clocks over the same games: games and actions
    per wall-clock second, and actions per CPU second of this process
    (``cpu_actions_per_s``, left out if the CPU clock did not move)."""
    games = steps = 0
    start, cpu_start = wall(), cpu()
    while True:
        steps += play()
        games += 1
        elapsed = wall() - start
        if elapsed >= seconds:
            break
    cpu_elapsed = cpu() - cpu_start
    out = {"games_per_s": games / elapsed, "actions_per_s": steps / elapsed}
    if cpu_elapsed > 0:
        out["cpu_actions_per_s"] = steps / cpu_elapsed
    return out


def bench_game(name: str, seconds: float, seed: int = 0, extras: bool = True) -> dict[str, float]:
    """Random playouts of game ``name`` for ``seconds``; with ``extras``, also clones of
    a mid-game position and MCTS iterations per second (half as long each)."""
    game = load(name)
    rng = random.Random(seed)
    out = timed_playouts(lambda: random_playout(game, rng), seconds)
    if not extras:
        return out
    mid = _midgame_state(game, rng)

    def hundred_clones() -> int:
        for _ in range(100):
            mid.clone()
        return 100

    out["clones_per_s"] = _rate(hundred_clones, seconds / 2)
    extra = _mcts_rate(game, seconds / 2, rng)
    if extra is not None:
        out["mcts_iterations_per_s"] = extra
    return out


def _mcts_rate(game: Game[Any, Any], seconds: float, rng: random.Random) -> float | None:
    try:
        module = importlib.import_module("dicefront.agents.speed")
    except ImportError:
        return None
    rate = getattr(module, "mcts_iterations_per_second", None)
    return None if rate is None else float(rate(game, seconds, rng))


def openspiel_backgammon(seconds: float, seed: int = 0, extras: bool = True) -> dict[str, float] | None:
    """The same figures for OpenSpiel's backgammon (no MCTS), if pyspiel is installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")
    rng = random.Random(seed)
    last = [game.new_initial_state()]

    def play() -> int:
        state = last[0] = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            steps += 1
        return steps

    out = timed_playouts(play, seconds)
    if extras:
        def hundred_clones() -> int:
            for _ in range(100):
                last[0].clone()
            return 100

        out["clones_per_s"] = _rate(hundred_clones, seconds / 2)
    return out


def odds_positions(game: Game[Any, Any], count: int, seed: int = 0) -> list[State]:
    """``count`` positions from seeded random play: decisions (and pending dice)
    reached after a random number of steps of a random game."""
    rng = random.Random(f"dicefront-odds-bench:{game.name}:{seed}")
    out: list[State] = []
    tries = 0
    while len(out) < count and tries < 50 * count:
        tries += 1
        state = game.new_state()
        random_steps(state, rng.randrange(4, 120), rng)
        if not state.is_terminal:
            out.append(state)
    return out


def odds_queries(state: State) -> list[tuple[Any, int]]:
    """The questions asked at a position: every legal action of each actor, or the
    pending dice (asked by player 0)."""
    if state.is_chance:
        return [(None, 0)]
    return [(a, p) for p in state.actors for a in state.legal_actions(p)]


def odds_bench(name: str, positions: int = 30, seed: int = 0, max_queries: int = 600) -> dict[str, float]:
    """CPU time (``time.process_time``) per odds query over positions sampled from
    seeded random play: every legal action at each position, plus pending dice.
    Returns p50/p99/max in milliseconds, the number of queries and how many had dice."""
    from ..odds.engine import analyse

    game = load(name)
    times: list[float] = []
    with_dice = 0
    for state in odds_positions(game, positions, seed):
        for action, player in odds_queries(state):
            if len(times) >= max_queries:
                break
            start = time.process_time()
            try:
                answer = analyse(state, action, player)
            except DicefrontError:
                answer = None
            times.append(time.process_time() - start)
            if answer is not None and answer.outcomes:
                with_dice += 1
    return {**_percentiles(times), "queries": len(times), "queries_with_dice": with_dice}


def _percentiles(times: list[float]) -> dict[str, float]:
    if not times:
        return {"p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(times)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return {"p50_ms": at(0.5), "p99_ms": at(0.99), "max_ms": ordered[-1] * 1000}


RATIOS = {"ratio_to_openspiel_backgammon": "actions_per_s", "cpu_ratio_to_openspiel_backgammon": "cpu_actions_per_s"}


def round_ratios(pairs: list[tuple[dict[str, float], dict[str, float]]]) -> dict[str, float]:
    """A game's ratios to OpenSpiel backgammon from the (game, OpenSpiel) figures of
    each round, measured next to each other: per ratio, the median over the rounds of
    the game's rate over OpenSpiel's, for the wall clock (``actions_per_s``) and for
    CPU time (``cpu_actions_per_s``). A ratio is left out if no round has both rates."""
    out: dict[str, float] = {}
    for ratio, rate in RATIOS.items():
        per_round = [g[rate] / s[rate] for g, s in pairs if g.get(rate) and s.get(rate)]
        if per_round:
            out[ratio] = statistics.median(per_round)
    return out


def run_bench(
    names: list[str], seconds: float, rounds: int = 3, odds: bool = True, extras: bool = True
) -> dict[str, Any]:
    """Every figure as the median of ``rounds`` short rounds. Within each round the
    references (the pure-Python workload and OpenSpiel's backgammon) are measured
    between the games, interleaved, so each game's ratio is taken against a
    reference measured next to it on a machine whose load changes over time.
    ``extras=False`` measures random playouts only (no clones, no MCTS)."""
    per = seconds / rounds
    refs: list[float] = []
    spiels: list[dict[str, float]] = []
    samples: dict[str, list[dict[str, float]]] = {n: [] for n in names}
    pairs: dict[str, list[tuple[dict[str, float], dict[str, float]]]] = {n: [] for n in names}
    have_spiel = True
    for r in range(rounds):
        for name in names:
            ref = reference_ops(min(0.25, per / 2))
            refs.append(ref)
            spiel = openspiel_backgammon(per / 2, seed=r, extras=extras) if have_spiel else None
            have_spiel = spiel is not None
            row = bench_game(name, per, seed=r, extras=extras)
            samples[name].append(row)
            if spiel is not None:
                spiels.append(spiel)
                pairs[name].append((row, spiel))
    rows: dict[str, dict[str, float]] = {}
    for name in names:
        row = _median_rows(samples[name])
        row.update(round_ratios(pairs[name]))
        if odds:
            row.update({f"odds_{k}": v for k, v in odds_bench(name).items()})
        rows[name] = row
    return {
        "reference_kops_per_s": statistics.median(refs) if refs else reference_ops(min(1.0, seconds)),
        "rounds": rounds,
        "games": rows,
        "openspiel_backgammon": _median_rows(spiels) if spiels else None,
    }


def _median_rows(rows: list[dict[str, float]]) -> dict[str, float]:
    keys = [k for k in rows[0] if all(k in r for r in rows)]
    return {k: statistics.median(r[k] for r in rows) for k in keys}
