"""Words for events and status lines: how men and dice are named to people."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tactics import Man

if TYPE_CHECKING:
    from . import ArmyBackgammonGame


def describe(game: ArmyBackgammonGame, name: str, man: Man) -> str:
    """``G7 (rifle, kneeling, Sergeant)``."""
    parts = ["/".join(man.weapons) or "unarmed", man.stance]
    if man.sergeant:
        parts.append("Sergeant")
    if man.detector and game.options.mines:
        parts.append("mine detector")
    return f"{name} ({', '.join(parts)})"


def dice_text(dice: tuple[int, ...]) -> str:
    if not dice:
        return "no dice"
    if len(dice) == 1:
        return f"a {dice[0]}"
    return ", ".join(str(d) for d in dice[:-1]) + f" and {dice[-1]}"
