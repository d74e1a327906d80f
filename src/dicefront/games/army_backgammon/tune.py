"""Army Man Backgammon for `dicefront lab tune`: both players field the same army
list, so no unit can be over- or under-priced against the other side; what can be
unfair is the seat. The lab's seat search (lab/variants.py) already tries the game's
presets and its rule options; this role adds re-armed copies of the current army
list (the same men, rows and stances, the weapons dealt out again at random: another
weapon table)."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import ArmyBackgammonGame

KIND = "variants"
WHAT = "army presets and weapon tables (first-seat balance)"
REARMED = 3
"""How many re-armed copies of the current army list are tried."""


def _army_toml(game: ArmyBackgammonGame, weapons: list[tuple[str, ...]], name: str) -> str:
    lines = [f"name = {json.dumps(name)}", f"description = {json.dumps('re-armed copy of ' + game.army.name)}", "men = ["]
    for man, arms in zip(game.army.men, weapons, strict=True):
        extra = (", sergeant = true" if man.sergeant else "") + (", detector = true" if man.detector else "")
        lines.append(f"  {{ row = {man.row}, weapons = {json.dumps(list(arms))}, stance = {json.dumps(man.stance)}{extra} }},")
    return "\n".join([*lines, "]"]) + "\n"


def variants(game: ArmyBackgammonGame, rng: random.Random) -> dict[str, tuple[dict[str, Any], dict[str, str]]]:
    """Extra candidates by name: (options, designer data files)."""
    current = game.options_json()
    out: dict[str, tuple[dict[str, Any], dict[str, str]]] = {}
    for k in range(1, REARMED + 1):
        weapons = [m.weapons for m in game.army.men]
        rng.shuffle(weapons)
        text = _army_toml(game, weapons, f"rearmed-{k}")
        out[f"rearmed-{k}"] = ({**current, "army": f"tune-rearmed-{k}.toml"}, {**game.data_files, "army": text})
    return out
