"""Words for events and status lines: how men and dice are named to people."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .tactics import Man

if TYPE_CHECKING:
    from . import ArmyBackgammonGame

DESCRIPTIONS_KEPT = 4096  # texts a cache keeps before it starts again (bounded: men and dice come from files)
DICE_TEXTS: dict[tuple[int, ...], str] = {}


def describe(game: ArmyBackgammonGame, name: str, man: Man) -> str:
    """``G7 (rifle, kneeling, Sergeant)``, kept in ``game.descriptions`` with the parts
    it names (a man's row and owner are not in it: compared, not hashed, it is found
    again after every move)."""
    known = game.descriptions
    hit = known.get(name)
    if hit is not None and hit[0] == man[2] and hit[1] == man[3] and hit[2] == man[4] and hit[3] == man[5]:
        return hit[4]
    if len(known) >= DESCRIPTIONS_KEPT:
        known.clear()
    text = _describe(game, name, man)
    known[name] = (man[2], man[3], man[4], man[5], text)
    return text


def _describe(game: ArmyBackgammonGame, name: str, man: Man) -> str:
    parts = ["/".join(man.weapons) or "unarmed", man.stance]
    if man.sergeant:
        parts.append("Sergeant")
    if man.detector and game.options.mines:
        parts.append("mine detector")
    return f"{name} ({', '.join(parts)})"


def dice_text(dice: tuple[int, ...]) -> str:
    """``3, 1 and 5`` (each text made once: few rolls exist)."""
    text = DICE_TEXTS.get(dice)
    if text is None:
        if len(DICE_TEXTS) >= DESCRIPTIONS_KEPT:
            DICE_TEXTS.clear()
        text = DICE_TEXTS[dice] = _dice_text(dice)
    return text


def _dice_text(dice: tuple[int, ...]) -> str:
    if not dice:
        return "no dice"
    if len(dice) == 1:
        return f"a {dice[0]}"
    return ", ".join(str(d) for d in dice[:-1]) + f" and {dice[-1]}"
