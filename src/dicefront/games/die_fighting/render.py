"""Die Fighting in the terminal: the battlefield with terrain, every unit's die type and
remaining points, commanders and ranged uses left, drawn from a view (Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from .constants import PendingKind, Phase

if TYPE_CHECKING:
    from . import DieFightingGame

PLAYER_STYLE = ("bold bright_cyan", "bold bright_red")
TERRAIN_BG = {"clear": "on #262626", "slow": "on #5a4420", "blocking": "on #777777"}
ZONE_BG = "on #1e2a1e"
CMD_MARK = {"": " ", "S": "s", "L": "l", "C": "c"}
MAX_WIDTH = 100  # terminal columns the board must fit in


def render_text(game: DieFightingGame, view: dict[str, Any]) -> Group:
    """The board, both armies and any roll in progress, from ``view`` only."""
    lines: list[Text] = []
    units = view["units"]
    if len(view["maps"]) == game.map_count:
        lines.extend(_board(game, view))
    else:
        chosen = ", ".join(game.tile(k).name for k in view["maps"]) or "none yet"
        lines.append(Text(f"Maps chosen: {chosen} (of {game.map_count})", style="yellow"))
    lines.append(Text(""))
    for p in (0, 1):
        lines.append(_side_line(game, view, p))
        for u in units:
            if u[1] == p:
                lines.append(_unit_line(game, view, u))
    pending = view.get("pending")
    if pending:
        what = "Break-away" if pending["kind"] == PendingKind.BREAK else "Attack"
        total = pending["total"]
        lines.append(Text(f"{what} in progress" + (f": attack total {total}" if total is not None else ""), style="yellow"))
    lines.append(Text("Units: code + points left; s/l/c (underlined on a wide map) = Sergeant/Lieutenant/Captain.", style="dim"))
    lines.append(Text("Terrain: brown = Slow (costs 2), grey ### = Blocking.", style="dim"))
    return Group(*lines)


def _board(game: DieFightingGame, view: dict[str, Any]) -> list[Text]:
    board = game.field_for(view["maps"])
    grid = board.grid
    at = {grid.parse(u[4]): u for u in view["units"]}
    done = set(view["done"])
    zones: set[tuple[int, int]] = set()
    if view["phase"] == Phase.DEPLOY and view["south"] is not None:
        zones = set(board.zone("south")) | set(board.zone("north"))
    wide = 4 + 5 * grid.width + 4 <= MAX_WIDTH  # 5 columns a square, else 4 (commanders underlined)
    cell_w = 5 if wide else 4
    header = Text("    " + "".join(chr(ord("a") + i).center(cell_w) for i in range(grid.width)), style="dim")
    out = [header]
    for row in range(grid.height - 1, -1, -1):
        line = Text(f"{row + 1:>3} ", style="dim")
        for col in range(grid.width):
            cell = (col, row)
            terrain = board.terrain(cell)
            bg = ZONE_BG if cell in zones and terrain == "clear" else TERRAIN_BG[terrain]
            unit = at.get(cell)
            if unit is not None:
                uid, owner, kind, cmd, _, points, _ = unit
                style = f"{PLAYER_STYLE[owner]} {bg}"
                if uid == view["active"]:
                    style += " reverse"
                elif uid in done:
                    style = f"{'cyan' if owner == 0 else 'red'} {bg}"
                if wide:
                    line.append(f"{kind[:2]:<2}{points:>2}{CMD_MARK.get(cmd, '?')}", style=style)
                else:
                    line.append(f"{kind[:2]:<2}{points:>2}", style=style + (" underline" if cmd else ""))
            elif terrain == "blocking":
                line.append(" ### "[:cell_w], style=f"bold white {bg}")
            else:
                line.append(("  ·  " if terrain == "slow" else "     ")[:cell_w], style=f"dim {bg}")
        line.append(f" {row + 1}", style="dim")
        out.append(line)
    out.append(header)
    return out


def _side_line(game: DieFightingGame, view: dict[str, Any], p: int) -> Text:
    t = Text()
    t.append(game.seat_name(p), style=PLAYER_STYLE[p])
    if view["south"] is not None:
        t.append(f" ({'south' if view['south'] == p else 'north'} edge)", style="dim")
    t.append(f"  units {sum(1 for u in view['units'] if u[1] == p)}")
    t.append(f"  points eliminated by {game.seat_name(p)}: {view['lost'][1 - p]}")
    if view["buying"][p] or view["phase"] == Phase.BUY:
        t.append(f"  spent {view['spent'][p]}/{game.points}")
    reserve = view["army"][p]
    if reserve:
        t.append("  to deploy: " + " ".join(f"{n}x{k}" for k, n in reserve.items()), style="yellow")
    return t


def _unit_line(game: DieFightingGame, view: dict[str, Any], u: list[Any]) -> Text:
    uid, owner, kind, cmd, cell, points, uses = u
    card = game.table.units[kind]
    t = Text("   ")
    t.append(f"{cell:>4} ", style=PLAYER_STYLE[owner])
    t.append(f"{card.name} d{card.die}: {points}/{card.die}")
    if cmd:
        commander = game.table.commanders[cmd]
        t.append(f"  {commander.name} (+1 {commander.bonus[card.type]})", style="magenta")
    if card.ranged:
        t.append(f"  uses left {uses}/{card.uses}", style="green" if uses else "red")
    if uid == view["active"]:
        t.append("  ACTIVE", style="bold yellow")
    elif uid in view["done"]:
        t.append("  (activated)", style="dim")
    return t

