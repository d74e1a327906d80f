"""`lab tune`: fairer parameter values (for now: point costs) from simulated games.

How: play games between two randomly composed armies bought under the current
costs, each up to a random share of the points (with exactly equal spend a unit's
worth is only known up to a multiple of its cost); fit an additive logistic model (Bradley-Terry with
teams): P(seat 0 wins) = sigmoid(h + sum_u beta_u * (n0_u - n1_u)), by Newton's
method with a light L2 penalty; draws are left out. beta_u is what one more unit u is
worth in log-odds. Fair costs are proportional to beta: the proposal rescales beta so
that the armies sampled cost on average what they cost now, with a 95% interval from
the standard error of each beta. Then the proposal is verified on fresh random armies
bought under it, and each unit's "edge" (the win rate of the army that fields more of
it) is reported before and after: fair costs put every edge near 50%.

A game package opts in with a ``tune`` role module: ``WHAT`` (what is tuned),
``parameters(game) -> {key: value}`` and ``sample(game, values, rng, equal) -> (options,
data_files, [features of seat 0, features of seat 1])``, both armies bought up to the
same total when ``equal`` (the verification), else up to different totals."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.game import Game
from ..core.roles import role_module
from .backends import LabError, Progress, run_tasks
from .metrics import binom_two_sided
from .series import wilson_interval
from .tasks import GameTask

L2 = 1.0
TARGET = 0.03
"""The aim: every edge within 50% +- 3 points."""


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:
        raise LabError("lab tune needs numpy: pip install 'dicefront[lab]'") from None
    return numpy


def fit(keys: Sequence[str], rows: Sequence[tuple[dict[str, int], dict[str, int], int]]) -> dict[str, Any]:
    """The logistic model of seat-0 wins on feature differences: intercept, betas, standard errors."""
    np = _numpy()
    x = np.array([[1.0] + [a.get(k, 0) - b.get(k, 0) for k in keys] for a, b, _ in rows])
    y = np.array([float(w) for _, _, w in rows])
    penalty = np.diag([0.0] + [L2] * len(keys))
    w = np.zeros(len(keys) + 1)
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (y - p) - penalty @ w
        hess = x.T @ (x * (p * (1 - p))[:, None]) + penalty
        step = np.linalg.solve(hess, grad)
        w = w + step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    p = 1 / (1 + np.exp(-(x @ w)))
    cov = np.linalg.inv(x.T @ (x * (p * (1 - p))[:, None]) + penalty)
    se = np.sqrt(np.diag(cov))
    return {"seat": float(w[0]), "beta": {k: float(w[i + 1]) for i, k in enumerate(keys)},
            "se": {k: float(se[i + 1]) for i, k in enumerate(keys)}}


def propose(keys: Sequence[str], costs: dict[str, int], model: dict[str, Any],
            rows: Sequence[tuple[dict[str, int], dict[str, int], int]]) -> dict[str, Any]:
    """Costs proportional to beta, scaled so the sampled armies keep their mean cost."""
    usage = {k: sum(a.get(k, 0) + b.get(k, 0) for a, b, _ in rows) for k in keys}
    worth = sum(model["beta"][k] * usage[k] for k in keys)
    spent = sum(costs[k] * usage[k] for k in keys)
    if worth <= 0:
        raise LabError("the games carry no signal on unit worth (more games, or stronger agents)")
    scale = spent / worth
    out = {}
    for k in keys:
        b, se = model["beta"][k], model["se"][k]
        out[k] = {"now": costs[k], "beta": round(b, 4), "se": round(se, 4), "worth": round(b * scale, 2),
                  "ci95": [round((b - 1.96 * se) * scale, 2), round((b + 1.96 * se) * scale, 2)],
                  "proposed": max(1, round(b * scale)), "used": usage[k]}
    return out


def edges(keys: Sequence[str], rows: Sequence[tuple[dict[str, int], dict[str, int], int]]) -> dict[str, Any]:
    """Per feature: how often the army with more of it won (games where the counts differ)."""
    out = {}
    for k in keys:
        wins = n = 0
        for a, b, w in rows:
            if a.get(k, 0) == b.get(k, 0):
                continue
            n += 1
            wins += int((a.get(k, 0) > b.get(k, 0)) == bool(w))
        lo, hi = wilson_interval(wins, n)
        out[k] = {"games": n, "edge": round(wins / n, 4) if n else None, "ci95": [round(lo, 4), round(hi, 4)],
                  "p_value_vs_half": round(binom_two_sided(wins, n), 6)}
    return out


def _phase(game: Game[Any, Any], module: Any, costs: dict[str, int], agents: tuple[str, str], games: int, seed: int,
           offset: int, rng: random.Random, backend: str, workers: int | None, address: str | None,
           progress: Progress | None, equal: bool) -> tuple[list[tuple[dict[str, int], dict[str, int], int]], int]:
    samples = [module.sample(game, costs, rng, equal) for _ in range(games)]
    tasks = [GameTask(game.name, options, agents, seed, offset + i, files) for i, (options, files, _) in enumerate(samples)]
    records = run_tasks(tasks, backend, workers, address, progress)
    rows = [(s[2][0], s[2][1], int(r["winner"] == 0)) for s, r in zip(samples, records, strict=True) if r["winner"] is not None]
    return rows, games - len(rows)


def tune(game: Game[Any, Any], agents: tuple[str, str], games: int, seed: int, backend: str = "local",
         workers: int | None = None, address: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """Estimate (``games`` games), then measure the edges under the current and the
    proposed costs on equal-point armies (``games`` games each)."""
    module = role_module(type(game), "tune")
    if module is None:
        raise LabError(f"{game.title} has nothing to tune yet (its package has no tune role)")
    costs: dict[str, int] = module.parameters(game)
    keys = sorted(costs)
    rng = random.Random(f"dicefront-lab-tune:{seed}")
    before, draws_before = _phase(game, module, costs, agents, games, seed, 0, rng, backend, workers, address, progress, False)
    baseline, _ = _phase(game, module, costs, agents, games, seed, games, rng, backend, workers, address, progress, True)
    if len(before) < 2:
        raise LabError("too few decided games to fit (play more games)")
    model = fit(keys, before)
    proposal = propose(keys, costs, model, before)
    new_costs = {k: proposal[k]["proposed"] for k in keys}
    after, draws_after = _phase(game, module, new_costs, agents, games, seed, 2 * games, rng, backend, workers, address, progress, True)
    edge_before, edge_after = edges(keys, baseline), edges(keys, after)
    return {
        "game": game.name, "tuned": module.WHAT, "agents": list(agents), "seed": seed, "games_per_phase": games,
        "decided": [len(before), len(after)], "draws": [draws_before, draws_after],
        "seat_log_odds": round(model["seat"], 4), "costs": proposal, "proposed": new_costs,
        "edges_before": edge_before, "edges_after": edge_after,
        "worst_edge": [_worst(edge_before), _worst(edge_after)], "target": f"every edge within 50% +- {TARGET:.0%}",
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
    }


def _worst(edge: dict[str, Any]) -> float | None:
    gaps = [abs(e["edge"] - 0.5) for e in edge.values() if e["edge"] is not None]
    return round(max(gaps), 4) if gaps else None
