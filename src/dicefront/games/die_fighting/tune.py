"""Die Fighting for `dicefront lab tune`: the tunable parameters are the point costs
of units and commanders. A sample is two armies composed at random, each bought up to
the mode's points under the costs being tested; features are the number of each unit
type and of each commander in an army."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import DieFightingGame

WHAT = "unit and commander point costs"
COMMANDER_SHARE = 0.3
"""How often a bought unit gets a commander (when one is affordable)."""
MAX_UNITS = 12
MIN_SPEND = 0.6
"""Armies of the estimation phase spend between 60% and 100% of the points: with
exactly equal spend a unit's worth is only known up to a multiple of its cost."""


def parameters(game: DieFightingGame) -> dict[str, int]:
    """The current cost of every unit type and commander (commanders as ``+S``)."""
    table = game.table
    return {**{code: u.cost for code, u in table.units.items()}, **{f"+{code}": c.cost for code, c in table.commanders.items()}}


def _army(game: DieFightingGame, costs: dict[str, int], rng: random.Random, equal: bool) -> list[tuple[str, str]]:
    budget = game.points if equal else round(game.points * rng.uniform(MIN_SPEND, 1.0))
    room = min(game.capacity, MAX_UNITS)
    units = sorted(game.table.units)
    commanders = sorted(game.table.commanders)
    army: list[tuple[str, str]] = []
    while len(army) < room:
        affordable = [u for u in units if costs[u] <= budget]
        if not affordable:
            break
        unit = rng.choice(affordable)
        commander = ""
        extra = [c for c in commanders if costs[unit] + costs[f"+{c}"] <= budget]
        if extra and rng.random() < COMMANDER_SHARE:
            commander = rng.choice(extra)
        budget -= costs[unit] + (costs[f"+{commander}"] if commander else 0)
        army.append((unit, commander))
    return army


def _features(army: list[tuple[str, str]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for unit, commander in army:
        out[unit] = out.get(unit, 0) + 1
        if commander:
            out[f"+{commander}"] = out.get(f"+{commander}", 0) + 1
    return out


def _army_toml(army: list[tuple[str, str]]) -> str:
    lines = ["units = ["]
    for unit, commander in army:
        lines.append(f'  {{ unit = {json.dumps(unit)}, commander = {json.dumps(commander)} }},' if commander
                     else f"  {{ unit = {json.dumps(unit)} }},")
    return "\n".join([*lines, "]"]) + "\n"


def _value(v: Any) -> str:
    return json.dumps(v) if isinstance(v, (str, int)) else json.dumps(str(v))


def units_toml(game: DieFightingGame, costs: dict[str, int]) -> str:
    """The game's unit table with ``costs`` in place of the printed ones."""
    out: list[str] = []
    for code, card in game.table.units.items():
        out.append(f"[units.{code}]")
        out += [f"{k} = {_value(costs[code] if k == 'cost' else v)}" for k, v in asdict(card).items() if k != "code"]
    for code, commander in game.table.commanders.items():
        out.append(f"[commanders.{code}]")
        out += [f"name = {_value(commander.name)}", f"cost = {costs['+' + code]}"]
        out += [f"{kind} = {_value(stat)}" for kind, stat in commander.bonus.items()]
    return "\n".join(out) + "\n"


def sample(game: DieFightingGame, costs: dict[str, int], rng: random.Random,
           equal: bool) -> tuple[dict[str, Any], dict[str, str], list[dict[str, int]]]:
    """A game between two random armies bought under ``costs`` (up to the same points
    when ``equal``, else each up to a random share of them): (options, data files, the
    features of the army in seat 0 and in seat 1)."""
    armies = [_army(game, costs, rng, equal), _army(game, costs, rng, equal)]
    options = {**game.options_json(), "army0": "tune-army0.toml", "army1": "tune-army1.toml", "units": "tune-units.toml"}
    files = {"army0": _army_toml(armies[0]), "army1": _army_toml(armies[1]), "units": units_toml(game, costs)}
    return options, files, [_features(a) for a in armies]
