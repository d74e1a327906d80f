"""Army Man Backgammon in the terminal: the 24-row track drawn from a view (Rich).

Each line is one row of the track: its number, the men on it (name, weapon
abbreviation and stance letter, a star for the Sergeant) and the minefield the
viewer may know of. The viewer's army is drawn at the bottom, moving up."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from .actions import ORDER_NAMES
from .constants import Phase
from .tactics import ATTACK

if TYPE_CHECKING:
    from . import ArmyBackgammonGame

ARMY_STYLE = ("bold bright_green", "bold #e0b878")
ROW_BG = ("on #202020", "on #2a2a2a")
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def man_label(game: ArmyBackgammonGame, man: list[Any], mines_on: bool) -> str:
    name, _, weapons, stance, sergeant, detector = man
    arms = "/".join(game.tables.weapon_abbr[w] for w in weapons) or "--"
    mark = ("★" if sergeant else "") + ("◎" if detector and mines_on else "")
    return f"{name} {arms}·{game.tables.stances[stance].abbr}{mark}"


def render_text(game: ArmyBackgammonGame, view: dict[str, Any]) -> Group:
    viewer = view["viewer"]
    rows = range(24, 0, -1) if viewer != 1 else range(1, 25)
    by_row: dict[int, list[list[Any]]] = {}
    for man in view["men"]:
        by_row.setdefault(man[1], []).append(man)
    mines = {(o, r): rev for o in (0, 1) for r, rev in view["mines"][o]}
    lines: list[Text] = [_header(game, view)]
    for row in rows:
        lines.append(_row_line(game, view, row, by_row.get(row, []), mines))
    lines.append(_dice_line(view))
    lines.append(Text(
        "BZ bazooka MT mortar RD radio (6)  MG machine gun (5)  RF rifle (4)  SM smg (3)  GR grenade FT flamethrower (2)  "
        "PI pistol (1)  stance P prone K kneeling S standing R running  ★ Sergeant" + ("  ◎ mine detector  ✹G/✹T Green's/Tan's minefield" if view["mines_on"] else ""),
        style="dim",
    ))
    return Group(*lines)


def _header(game: ArmyBackgammonGame, view: dict[str, Any]) -> Text:
    t = Text()
    for p in (0, 1):
        count = sum(1 for m in view["men"] if m[0][0] == "GT"[p])
        t.append(f"{game.player_name(p)} ", style=ARMY_STYLE[p])
        t.append(f"({'up' if p == 0 else 'down'} the track): {count} men")
        if view["sergeant_lost"][p]:
            t.append(", Sergeant dead: Charge or Dig In only", style="bold red")
        if view["mines_on"]:
            t.append(f", hidden minefields {view['hidden_mines'][p]}")
        if p == 0:
            t.append("\n")
    return t


def _row_line(game: ArmyBackgammonGame, view: dict[str, Any], row: int, men: list[list[Any]], mines: dict[tuple[int, int], bool]) -> Text:
    bg = ROW_BG[row % 2]
    edge = ""
    if row == 24:
        edge = " Tan's back row"
    elif row == 1:
        edge = " Green's back row"
    elif row == 12:
        edge = " ─ middle"
    line = Text(f"{row:>3} ", style="dim")
    cells = Text(style=bg)
    for man in men:
        owner = 0 if man[0][0] == "G" else 1
        cells.append(f" {man_label(game, man, view['mines_on'])} ", style=f"{ARMY_STYLE[owner]} {bg}")
    width = 56
    pad = max(0, width - len(cells.plain))
    cells.append(" " * pad, style=bg)
    line.append_text(cells)
    for o in (0, 1):
        if (o, row) in mines:
            style = "bold red" if mines[(o, row)] else "yellow"
            state = "found" if mines[(o, row)] else "hidden"
            line.append(f" ✹{'GT'[o]} {state}", style=style)
    line.append(edge, style="dim")
    return line


def _dice_line(view: dict[str, Any]) -> Text:
    t = Text()
    if view["rolled"]:
        who = "Green" if view["player"] == 0 else "Tan"
        t.append(f"{who} rolled ", style="bold")
        t.append(" ".join(DIE_FACES[d - 1] + str(d) for d in view["rolled"]), style="bold yellow")
        if view["orders"]:
            t.append(f"  {ORDER_NAMES[view['orders']]}", style="cyan")
        if view["phase"] == Phase.ACT:
            left = " ".join(str(d) for d in view["dice"])
            phase = "attack" if view["slots"][:1] == ATTACK else "move"
            t.append(f"  now: {phase}, dice left {left}", style="bold")
    return t
