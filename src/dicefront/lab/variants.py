"""`lab tune` for games whose two sides are built alike (a ``tune`` role of KIND
``variants``): the unfairness left is the seat, so the lab picks among candidate
settings the one whose first seat wins closest to 50%.

How: every candidate plays the same --games game seeds (common random numbers, as
`lab compare` does); each gets the first seat's win rate over decided games, its
Wilson 95% interval, the exact binomial test against 50% and a verdict against the
50 +- 3 band. The candidate closest to 50% is proposed; picking the best of several
noisy rates favours luck, so each round replays the proposal on --games fresh
seeds, and only those games (pooled over the rounds) verify it.

The role module gives ``WHAT`` and ``variants(game, rng) -> {name: (options, data
files)}``, with ``current`` (the game as given) among them."""

from __future__ import annotations

import math
import random
from typing import Any

from ..core.errors import DicefrontError
from ..core.game import Game
from ..core.registry import build
from .backends import LabError, Progress, run_tasks
from .metrics import seat_advantage
from .tasks import GameTask

TARGET = 0.03
MAX_VARIANTS = 32
Z95 = 1.96


def verdict(rate: dict[str, Any], target: float = TARGET) -> str:
    """``within`` when the whole 95% interval lies in 50% +- target, ``outside`` when it misses it, else ``undetermined``."""
    lo, hi = rate["ci95"]
    if not rate["decided_games"]:
        return "undetermined"
    if hi < 0.5 - target or lo > 0.5 + target:
        return "outside"
    return "within" if lo >= 0.5 - target and hi <= 0.5 + target else "undetermined"


def games_needed(decided: int, games: int, target: float = TARGET) -> int | None:
    """Games for a +- target 95% interval on a first-seat rate near 50%, at the measured share of decided games."""
    if not decided:
        return None
    return math.ceil(Z95 * Z95 * 0.25 / (target * target) * games / decided)


def _candidates(game: Game[Any, Any], module: Any, rng: random.Random) -> dict[str, tuple[dict[str, Any], dict[str, str]]]:
    found = module.variants(game, rng)
    if not 1 <= len(found) <= MAX_VARIANTS:
        raise LabError(f"the tune role gave {len(found)} candidates; 1 to {MAX_VARIANTS} are allowed")
    for name, (options, files) in found.items():
        try:
            build(game.name, options, data_files=files)
        except DicefrontError as exc:
            raise LabError(f"candidate {name[:40]!r} is not a valid game: {str(exc)[:160]}") from None
    return dict(found)


def _row(records: list[dict[str, Any]]) -> dict[str, Any]:
    rate = seat_advantage(records)
    turns = [r["turns"] for r in records if r["turns"] is not None]
    return {"games": len(records), "first_seat": {k: rate[k] for k in ("decided_games", "first_seat_win_rate", "ci95", "p_value_vs_half")},
            "verdict": verdict(rate), "draws": sum(1 for r in records if r["winner"] is None),
            "mean_turns": round(sum(turns) / len(turns), 2) if turns else None}


def tune_variants(game: Game[Any, Any], module: Any, agents: tuple[str, str], games: int, seed: int, backend: str,
                  workers: int | None, address: str | None, progress: Progress | None, rounds: int) -> dict[str, Any]:
    rng = random.Random(f"dicefront-lab-tune:{seed}")
    found = _candidates(game, module, rng)

    def play(options: dict[str, Any], files: dict[str, str], start: int) -> list[dict[str, Any]]:
        tasks = [GameTask(game.name, options, agents, seed, i, files) for i in range(start, start + games)]
        return run_tasks(tasks, backend, workers, address, progress)

    table = {name: _row(play(options, files, 0)) for name, (options, files) in found.items()}
    best = min(table, key=lambda n: (abs(table[n]["first_seat"]["first_seat_win_rate"] - 0.5), n))
    fresh = [play(*found[best], (r + 1) * games) for r in range(rounds)]
    checks = [{"round": r + 1, **_row(records)} for r, records in enumerate(fresh)]
    pooled = _row([rec for records in fresh for rec in records])
    return {
        "game": game.name, "tuned": module.WHAT, "kind": "variants", "agents": list(agents), "seed": seed,
        "games_per_phase": games, "rounds": rounds, "candidates": table, "proposed": best,
        "proposed_options": found[best][0], "verification": checks, "verified": pooled,
        "verdict_after": pooled["verdict"],
        "games_needed_per_phase": games_needed(pooled["first_seat"]["decided_games"], pooled["games"]),
        "target": f"first seat wins 50% +- {TARGET:.0%}",
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
    }
