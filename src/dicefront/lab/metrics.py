"""A balance summary from compact game records (``tasks.run_task``): seat advantage,
results per agent, game length, Ludii-style metrics and the game's own tables.

Every number is computed from the records in game-index order, so the same records
give the same summary, byte for byte."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ..core.game import Game
from ..core.roles import role_module
from ..core.stats import Counts, merge_counts
from .series import reproducibility, wilson_interval

HIST_BINS = 20


def binom_two_sided(k: int, n: int) -> float:
    """The exact two-sided binomial test p-value of ``k`` successes in ``n`` against 1/2."""
    if n == 0:
        return 1.0
    low = min(k, n - k)
    log_half = n * math.log(0.5)
    total = 0.0
    for i in range(low + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half)
    return min(1.0, 2 * total) if 2 * low != n else 1.0


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` percentile (0 < q <= 100) of ``sorted_values``."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return float(sorted_values[rank - 1])


def histogram(values: Sequence[int], bins: int = HIST_BINS) -> dict[str, list[float]]:
    """Counts of ``values`` in ``bins`` equal integer-width bins: {"edges", "counts"}."""
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = min(values), max(values)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    counts = [0] * math.ceil((hi - lo + 1) / width)
    for v in values:
        counts[(v - lo) // width] += 1
    return {"edges": [lo + i * width for i in range(len(counts) + 1)], "counts": [float(c) for c in counts]}


def lengths(values: Sequence[int]) -> dict[str, Any]:
    ordered = sorted(values)
    n = len(ordered)
    mean = sum(ordered) / n if n else 0.0
    sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
    return {
        "mean": round(mean, 3),
        "sd": round(sd, 3),
        "min": ordered[0] if n else 0,
        "p10": percentile(ordered, 10),
        "p50": percentile(ordered, 50),
        "p90": percentile(ordered, 90),
        "max": ordered[-1] if n else 0,
        "histogram": histogram(ordered),
    }


def _rate(k: float, n: int) -> float:
    return round(k / n, 4) if n else 0.0


def _mean(values: Sequence[float]) -> float:
    return round(sum(values) / len(values), 4) if values else 0.0


def seat_advantage(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    decided = [r for r in records if r["winner"] is not None]
    first = sum(1 for r in decided if r["winner"] == 0)
    lo, hi = wilson_interval(first, len(decided))
    return {
        "decided_games": len(decided),
        "first_seat_wins": first,
        "first_seat_win_rate": _rate(first, len(decided)),
        "ci95": [round(lo, 4), round(hi, 4)],
        "p_value_vs_half": round(binom_two_sided(first, len(decided)), 6),
        "note": "draws and turn-limit games dropped; exact two-sided binomial test against 50%",
    }


def per_agent(records: Sequence[dict[str, Any]], agents: Sequence[str]) -> list[dict[str, Any]]:
    n = len(records)
    out = []
    for a in (0, 1):
        wins = sum(1 for r in records if r["winner"] is not None and (r["winner"] + r["index"]) % 2 == a)
        draws = sum(1 for r in records if r["winner"] is None)
        lo, hi = wilson_interval(wins, n)
        out.append({"agent": agents[a], "wins": wins, "win_rate": _rate(wins, n), "ci95": [round(lo, 4), round(hi, 4)],
                    "draws": draws, "draw_rate": _rate(draws, n), "losses": n - wins - draws})
    return out


def hit_limit(record: dict[str, Any]) -> bool:
    """The game was stopped by the step cap or ended by the rules' own turn/round limit."""
    return bool(record["truncated"] or record.get("limit_draw"))


def ludii(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    n = len(records)
    decided = [r for r in records if r["winner"] is not None]
    timeouts = sum(1 for r in records if hit_limit(r))
    natural_draws = sum(1 for r in records if r["winner"] is None and not hit_limit(r))
    seat = [sum(1 for r in decided if r["winner"] == s) for s in (0, 1)]
    counted = sum(r["dice_counted"] for r in records)
    swings = sum(r["dice_swings"] for r in records)
    deciles = [r["branching_deciles"] for r in records if r["branching_deciles"]]
    return {
        "completion": _rate(len(decided), n),
        "drawishness": _rate(natural_draws, n),
        "timeouts": _rate(timeouts, n),
        "advantage_p1": _rate(seat[0], n),
        "balance": round(1 - abs(seat[0] - seat[1]) / n, 4) if n else 0.0,
        "decisiveness": _mean([r["decisive_at"] for r in decided if r["decisive_at"] is not None]),
        "lead_changes": _mean([r["lead_changes"] for r in records]),
        "lead_changes_per_100_decisions": _mean([100 * r["lead_changes"] / r["decisions"] for r in records if r["decisions"]]),
        "branching_factor": _mean([r["branching"] for r in records]),
        "branching_by_decile": [_mean([d[i] for d in deciles]) for i in range(len(deciles[0]))] if deciles else [],
        "decision_moves": _mean([r["decisions"] / r["steps"] for r in records if r["steps"]]),
        "dice_influence": _rate(swings, counted),
        "dice_rolls_counted": counted,
    }


def game_tables(game: Game[Any, Any], records: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    module = role_module(type(game), "stats")
    if module is None:
        return []
    total: Counts = {}
    for r in records:
        merge_counts(total, r["stats"])
    tables: list[dict[str, Any]] = module.summarise(total, len(records))
    return tables


def summarise(game: Game[Any, Any], agents: Sequence[str], seed: int, records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The balance summary of a run (JSON-safe, deterministic)."""
    turns = [r["turns"] for r in records if r["turns"] is not None]
    return {
        "game": game.name,
        "options": game.options_json(),
        "agents": list(agents),
        "seed": seed,
        "games": len(records),
        "seat_advantage": seat_advantage(records),
        "agents_results": per_agent(records, agents),
        "draws": sum(1 for r in records if r["winner"] is None),
        "truncated": sum(1 for r in records if hit_limit(r)),
        "length_steps": lengths([r["steps"] for r in records]),
        "length_turns": lengths(turns) if turns else None,
        "metrics": ludii(records),
        "tables": game_tables(game, records),
        **reproducibility(agents, game),
    }
