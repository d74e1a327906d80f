"""`lab tune` for the seat: every game without a cost model (no ``tune`` role, or one
of KIND ``variants``). With both sides built alike, the unfairness left is the seat,
so the lab picks among candidate settings the one whose first seat wins closest to 50%.

How: the candidates are the game as given, each of its presets, and the game as
given with one declared rule option (a choice or a yes/no option, not a number or a
data file) set to each of its other allowed values; a tune role of kind
"variants" adds its own (Army Man Backgammon: re-armed army lists). Every candidate
plays the same --games game seeds (common random numbers, as `lab compare` does); each
gets the first seat's win rate over decided games, its Wilson 95% interval, the exact
binomial test against 50% and a verdict against the 50 +- 3 band. The candidate
closest to 50% is proposed; picking the best of several noisy rates favours luck, so
each round replays the proposal on --games fresh seeds, and only those games (pooled
over the rounds) verify it.

A role of KIND ``variants`` gives ``WHAT`` and ``variants(game, rng) -> {name:
(options, data files)}``: extra candidates, each checked to be a valid game."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from ..core.errors import DicefrontError
from ..core.game import Game
from ..core.registry import build
from .backends import LabError, Progress
from .metrics import seat_advantage
from .series import reproducibility
from .tasks import GameTask

TARGET = 0.03
MAX_VARIANTS = 32
"""At most this many candidates are played (the game as given first, then presets,
the role's own, then one-option changes in declaration order)."""
Z95 = 1.96
WHAT = "rule options and presets (first-seat balance)"
Candidates = dict[str, tuple[dict[str, Any], dict[str, str]]]
Play = Callable[[list[GameTask], Progress | None], list[dict[str, Any]]]


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


def option_changes(game: Game[Any, Any]) -> Candidates:
    """The game as given with one choice or yes/no option set to each of its other values."""
    current, files = game.options_json(), game.data_files
    out: Candidates = {}
    for info in game.spec.options:
        if info.data is not None or info.name not in current:
            continue
        values: tuple[Any, ...] = (False, True) if info.type == "bool" else (info.choices or ())
        for value in values:
            if value != current[info.name]:
                out[f"{info.name}={str(value).lower() if isinstance(value, bool) else value}"] = (
                    {**current, info.name: value}, dict(files))
    return out


def preset_candidates(game: Game[Any, Any]) -> Candidates:
    defaults = type(game)().options_json()
    return {f"preset {name}": ({**defaults, **preset}, {}) for name, preset in sorted(game.presets.items())}


def candidates(game: Game[Any, Any], module: Any, rng: random.Random) -> tuple[Candidates, list[str]]:
    """(the valid, distinct candidates, at most MAX_VARIANTS; notes on those left out).
    A candidate of the role that is not a valid game is an error; a preset or option
    change that the game refuses (an option that needs another) is left out with a note."""
    own: Candidates = {} if module is None else dict(module.variants(game, rng))
    if len(own) > MAX_VARIANTS:
        raise LabError(f"the tune role gave {len(own)} candidates; at most {MAX_VARIANTS} are allowed")
    found: Candidates = {"current": (game.options_json(), dict(game.data_files))}
    notes: list[str] = []
    seen: set[str] = set()
    groups = [(preset_candidates(game), False), (own, True), (option_changes(game), False)]
    for group, strict in groups:
        for name, (options, files) in group.items():
            try:
                built = build(game.name, options, data_files=files)
            except DicefrontError as exc:
                if strict:
                    raise LabError(f"candidate {name[:40]!r} is not a valid game: {str(exc)[:160]}") from None
                notes.append(f"{name}: not a valid game ({str(exc)[:120]})")
                continue
            key = repr((sorted(built.options_json().items()), sorted(built.data_files.items())))
            if key in seen or (name != "current" and key == _key(game)):
                continue
            seen.add(key)
            if len(found) >= MAX_VARIANTS:
                notes.append(f"{name}: left out (at most {MAX_VARIANTS} candidates)")
                continue
            found[name] = (options, files)
    return found, notes


def _key(game: Game[Any, Any]) -> str:
    return repr((sorted(game.options_json().items()), sorted(game.data_files.items())))


def _row(records: list[dict[str, Any]]) -> dict[str, Any]:
    rate = seat_advantage(records)
    turns = [r["turns"] for r in records if r["turns"] is not None]
    return {"games": len(records), "first_seat": {k: rate[k] for k in ("decided_games", "first_seat_win_rate", "ci95", "p_value_vs_half")},
            "verdict": verdict(rate), "draws": sum(1 for r in records if r["winner"] is None),
            "mean_turns": round(sum(turns) / len(turns), 2) if turns else None}


def tune_variants(game: Game[Any, Any], module: Any, agents: tuple[str, str], games: int, seed: int,
                  play: Play, progress: Progress | None, rounds: int) -> dict[str, Any]:
    rng = random.Random(f"dicefront-lab-tune:{seed}")
    found, notes = candidates(game, module, rng)

    def run(options: dict[str, Any], files: dict[str, str], start: int) -> list[dict[str, Any]]:
        return play([GameTask(game.name, options, agents, seed, i, files) for i in range(start, start + games)], progress)

    played = {name: run(options, files, 0) for name, (options, files) in found.items()}
    table = {name: _row(records) for name, records in played.items()}
    same = same_as_current(played)
    # ties go to the game as given (no change is proposed for nothing), then by name
    best = min((n for n in table if n not in same), key=lambda n: (not table[n]["first_seat"]["decided_games"],
                                                                   abs(table[n]["first_seat"]["first_seat_win_rate"] - 0.5),
                                                                   n != "current", n))
    if not table[best]["first_seat"]["decided_games"]:
        raise LabError(f"no candidate had a decided game in {games} games each (all draws or turn-limit games): "
                       "play more games, use stronger agents, or `lab balance` to see why")
    fresh = [run(*found[best], (r + 1) * games) for r in range(rounds)]
    checks = [{"round": r + 1, **_row(records)} for r, records in enumerate(fresh)]
    pooled = _row([rec for records in fresh for rec in records])
    return {
        "game": game.name, "tuned": getattr(module, "WHAT", WHAT), "kind": "variants", "agents": list(agents), "seed": seed,
        "games_per_phase": games, "rounds": rounds, "candidates": table, "left_out": notes, "same_as_current": same, "proposed": best,
        "proposed_options": found[best][0], "verification": checks, "verified": pooled,
        "verdict_after": pooled["verdict"],
        "games_needed_per_phase": games_needed(pooled["first_seat"]["decided_games"], pooled["games"]),
        "target": f"first seat wins 50% +- {TARGET:.0%}",
        "method": __doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else "",
        **reproducibility(agents, game),
    }


def same_as_current(played: dict[str, list[dict[str, Any]]]) -> list[str]:
    """The candidates whose every game's record equals the game as given's on the same
    seed (winner, length, decisions, dice, the game's own counts...): the change never
    came into play in these games (Army Man Backgammon's mine-detector sweep without
    mines). Such a candidate tells nothing the game as given does not, so it is never
    the one proposed."""
    base = played.get("current")
    if not base:
        return []
    return [name for name, records in played.items() if name != "current" and records == base]


def planned(game: Game[Any, Any], module: Any, games: int, rounds: int) -> int:
    return (len(candidates(game, module, random.Random(0))[0]) + rounds) * games
