"""`lab tune`: fairer parameter values (for now: point costs) from simulated games.

How: play games between two randomly composed armies bought under the current
costs, each up to a random share of the points (with exactly equal spend a unit's
worth is only known up to a multiple of its cost), and as many between armies bought
up to the full points; fit an additive logistic model (Bradley-Terry with teams):
P(seat 0 wins) = sigmoid(h + sum_u beta_u * (n0_u - n1_u)), by Newton's method with a
light L2 penalty, on every decided game (draws are left out). beta_u is what one more
unit u is worth in log-odds. Fair costs are proportional to beta: the proposal rescales
beta so that the armies sampled cost on average what they cost now, with a 95% interval
from the standard error of each beta. The proposal is verified on fresh random armies
of equal points bought under it: each unit's "edge" (the win rate of the army that
fields more of it, Wilson interval) should be near 50%. With several rounds, those
games join the pool, the model is refitted and the next proposal verified in turn.

A game package opts in with a ``tune`` role module: ``WHAT`` (what is tuned),
``parameters(game) -> {key: value}`` and ``sample(game, values, rng, equal) -> (options,
data_files, [features of seat 0, features of seat 1])``, both armies bought up to the
same total when ``equal`` (the verification), else up to different totals. A role with
``KIND = "variants"`` (both sides built alike), or no tune role at all, is tuned for
the seat instead: see variants.py."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from ..core.game import Game
from ..core.roles import role_module
from .backends import LabError, Progress, run_tasks
from .metrics import binom_two_sided
from .series import reproducibility, wilson_interval
from .tasks import GameTask
from .variants import Play, planned, tune_variants

L2 = 1.0
TARGET = 0.03
"""The aim: every edge within 50% +- 3 points."""
MAX_ROUNDS = 5


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


Rows = list[tuple[dict[str, int], dict[str, int], int]]
Z95 = 1.96


def verdicts(edge: dict[str, Any], target: float = TARGET) -> dict[str, str]:
    """Per feature: ``within`` when the edge's whole 95% interval lies inside 50% +- target,
    ``outside`` when it misses that band entirely, else ``undetermined`` (too few games)."""
    out = {}
    for k, e in edge.items():
        lo, hi = e["ci95"]
        if e["edge"] is None or hi < 0.5 - target or lo > 0.5 + target:
            out[k] = "outside" if e["edge"] is not None else "undetermined"
        else:
            out[k] = "within" if lo >= 0.5 - target and hi <= 0.5 + target else "undetermined"
    return out


def games_needed(edge: dict[str, Any], decided: int, games: int, target: float = TARGET) -> int | None:
    """Games a verification phase needs so that every edge's 95% interval is +- target
    wide at 50% (the least that could show an edge inside the band): a feature whose
    counts differ in a share f of the decided games needs 1.96^2 / 4 / target^2 / f of them."""
    shares = [e["games"] / decided for e in edge.values() if decided and e["games"]]
    if not shares or len(shares) < len(edge):
        return None
    per_edge = Z95 * Z95 * 0.25 / (target * target)
    return math.ceil(per_edge / min(shares) * games / decided)


class _Runner:
    """Plays the phases of one tuning run: fresh random armies, seeds continuing the run's game numbering."""

    def __init__(self, game: Game[Any, Any], module: Any, agents: tuple[str, str], games: int, seed: int,
                 play: Play, progress: Progress | None) -> None:
        self.game, self.module, self.agents, self.games, self.seed = game, module, agents, games, seed
        self.play, self.progress = play, progress
        self.rng = random.Random(f"dicefront-lab-tune:{seed}")
        self.offset = 0

    def phase(self, costs: dict[str, int], equal: bool) -> tuple[Rows, int]:
        """(decided games as (seat-0 features, seat-1 features, seat 0 won), draws)."""
        samples = [self.module.sample(self.game, costs, self.rng, equal) for _ in range(self.games)]
        tasks = [GameTask(self.game.name, options, self.agents, self.seed, self.offset + i, files)
                 for i, (options, files, _) in enumerate(samples)]
        self.offset += self.games
        records = self.play(tasks, self.progress)
        rows = [(s[2][0], s[2][1], int(r["winner"] == 0)) for s, r in zip(samples, records, strict=True) if r["winner"] is not None]
        return rows, self.games - len(rows)


def planned_games(game: Game[Any, Any], games: int, rounds: int) -> int:
    """How many games ``tune`` will play (for a progress bar)."""
    module = role_module(type(game), "tune")
    if module is None or getattr(module, "KIND", "costs") == "variants":
        return planned(game, module, games, rounds)
    return (2 + rounds) * games


def tune(game: Game[Any, Any], agents: tuple[str, str], games: int, seed: int, backend: str = "local",
         workers: int | None = None, address: str | None = None, progress: Progress | None = None,
         rounds: int = 1, play: Play | None = None) -> dict[str, Any]:
    """Estimate (``games`` games of unequal spend) and measure the edges under the
    current costs (``games`` equal-point games); then ``rounds`` times: fit on every
    decided game so far, propose, and verify the proposal on ``games`` fresh equal-point
    games (which join the pool for the next fit: a unit's worth does not depend on the
    prices the armies were bought at). Without a cost model (no tune role, or one of
    KIND ``variants``): the seat search of variants.py. ``play`` runs a list of tasks
    (default: ``run_tasks`` on the backend; a stored run passes its cache)."""
    module = role_module(type(game), "tune")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise LabError(f"rounds must be between 1 and {MAX_ROUNDS}, got {rounds}")
    if play is None:
        play = partial(_play, backend=backend, workers=workers, address=address)
    if module is None or getattr(module, "KIND", "costs") == "variants":
        return tune_variants(game, module, agents, games, seed, play, progress, rounds)
    costs: dict[str, int] = module.parameters(game)
    keys = sorted(costs)
    runner = _Runner(game, module, agents, games, seed, play, progress)
    explore, draws_before = runner.phase(costs, False)
    baseline, _ = runner.phase(costs, True)
    pool = explore + baseline
    if len(pool) < 2:
        raise LabError("too few decided games to fit (play more games)")
    history: list[dict[str, Any]] = []
    for r in range(rounds):
        model = fit(keys, pool)
        proposal = propose(keys, costs, model, pool)
        new_costs = {k: proposal[k]["proposed"] for k in keys}
        after, draws_after = runner.phase(new_costs, True)
        edge = edges(keys, after)
        history.append({"round": r + 1, "fitted_on": len(pool), "proposed": new_costs, "decided": len(after),
                        "draws": draws_after, "edges": edge, "worst_edge": _worst(edge), "verdicts": verdicts(edge)})
        pool += after
    edge_before, last = edges(keys, baseline), history[-1]
    return {
        "game": game.name, "tuned": module.WHAT, "agents": list(agents), "seed": seed, "games_per_phase": games,
        "rounds": len(history), "decided": [len(explore), last["decided"]], "draws": [draws_before, last["draws"]],
        "seat_log_odds": round(model["seat"], 4), "costs": proposal, "proposed": last["proposed"],
        "edges_before": edge_before, "edges_after": last["edges"], "worst_edge": [_worst(edge_before), last["worst_edge"]],
        "verdicts_before": verdicts(edge_before), "verdicts_after": last["verdicts"], "history": history,
        "games_needed_per_phase": games_needed(last["edges"], last["decided"], games),
        "target": f"every edge within 50% +- {TARGET:.0%}",
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
        **reproducibility(agents, game),
    }


def _play(tasks: list[GameTask], progress: Progress | None, backend: str, workers: int | None,
          address: str | None) -> list[dict[str, Any]]:
    return run_tasks(tasks, backend, workers, address, progress)


def _worst(edge: dict[str, Any]) -> float | None:
    gaps = [abs(e["edge"] - 0.5) for e in edge.values() if e["edge"] is not None]
    return round(max(gaps), 4) if gaps else None
