"""Ditch in the terminal: a coloured board drawn from a view (Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from .actions import KIND_ORDER
from .constants import Phase

if TYPE_CHECKING:
    from . import DitchGame

PLAYER_STYLE = ("bold bright_cyan", "bold bright_red")
ZONE_BG = ("on #1c2b3a", "on #3a1c1c")
GREEN_BG = "on #1f4d1f"
PLAIN_BG = "on #2a2a2a"


def render_text(game: DitchGame, view: dict[str, Any]) -> Group:
    """The board as the view's viewer sees it, with both sides' supplies."""
    board = game.board
    grid = board.grid
    pawns = {grid.parse(c): (o, k) for c, o, k in view["pawns"]}
    blocks = {grid.parse(c) for c in view["blocks"]}
    lines: list[Text] = []
    header = Text("    " + "".join(f" {chr(ord('a') + i)} " for i in range(grid.width)), style="dim")
    lines.append(header)
    for row in range(grid.height - 1, -1, -1):
        line = Text(f"{row + 1:>3} ", style="dim")
        if grid.geometry == "hex" and row % 2:
            line.append(" ")
        for col in range(grid.width):
            cell = (col, row)
            bg = PLAIN_BG
            if cell in board.zones[0]:
                bg = ZONE_BG[0]
            elif cell in board.zones[1]:
                bg = ZONE_BG[1]
            elif cell in board.green:
                bg = GREEN_BG
            if cell in blocks:
                line.append(" # ", style="bold white on black")
            elif cell in pawns:
                owner, kind = pawns[cell]
                line.append(f" {kind if owner == 0 else kind.lower()} ", style=f"{PLAYER_STYLE[owner]} {bg}")
            else:
                line.append(" · " if cell in board.green else "   ", style=f"dim {bg}")
        line.append(f" {row + 1}", style="dim")
        lines.append(line)
    lines.append(header)
    lines.append(Text(""))
    for p in (0, 1):
        lines.append(_side(game, view, p))
    pending = view.get("pending")
    if pending and view["phase"] == Phase.MOVE_TO:
        lines.append(Text(f"Moving the pawn on {pending[0]} with a roll of {pending[1]}", style="yellow"))
    elif pending and view["phase"] in Phase.ATTACKING:
        lines.append(Text(f"Attack: {pending[0]} against {pending[1]}" + (" (from range)" if pending[2] else ""), style="yellow"))
    lines.append(Text("A Archer (+2 vs K)  K Skirmisher (+2 vs S, +1 move)  S Soldier (+2 vs A)  # blocked  · green", style="dim"))
    return Group(*lines)


def _side(game: DitchGame, view: dict[str, Any], p: int) -> Text:
    t = Text()
    t.append(f"{game.seat_name(p)} ", style=PLAYER_STYLE[p])
    t.append("(capitals)" if p == 0 else "(lower case)", style="dim")
    on_board = sum(1 for _, o, _ in view["pawns"] if o == p)
    t.append(f"  pawns on board {on_board}")
    to_deploy = view["to_deploy"][p]
    if sum(to_deploy.values()):
        t.append("  to deploy " + " ".join(f"{to_deploy[k]}{k}" for k in KIND_ORDER if to_deploy[k]))
    fallen = view["fallen"][p]
    if sum(fallen.values()):
        t.append("  fallen " + " ".join(f"{fallen[k]}{k}" for k in KIND_ORDER if fallen[k]))
    t.append(f"  reinforcements {view['reinforcements_left'][p]}  block tokens {view['blocks_left'][p]}")
    return t
