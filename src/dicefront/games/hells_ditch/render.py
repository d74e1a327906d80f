"""Hell's Ditch in the terminal: the map with dotted roads, warbands with their HP,
razed villages, loot, counters and plans, drawn from a view only (Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from .constants import REVEALED

if TYPE_CHECKING:
    from . import HellsDitchGame
    from .mapdata import ValleyMap

SIDE_STYLE = ("bold bright_white on #3a3a3a", "bold black on #d8d8d8")
NAME_STYLE = ("bold bright_magenta", "bold bright_cyan")
CELL_W, CELL_H, SPAN = 16, 4, 4
Canvas = list[list[tuple[str, str]]]


def _scale(valley: ValleyMap) -> dict[str, tuple[int, int]]:
    xs = [loc.x for loc in valley.locations.values()]
    ys = [loc.y for loc in valley.locations.values()]
    sx, sy = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    return {
        lid: (CELL_W // 2 + round((loc.x - min(xs)) / sx * SPAN * CELL_W), round((loc.y - min(ys)) / sy * SPAN * CELL_H))
        for lid, loc in valley.locations.items()
    }


def _road(canvas: Canvas, a: tuple[int, int], b: tuple[int, int]) -> None:
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1]) * 3, 1)
    for i in range(steps + 1):
        x = round(a[0] + (b[0] - a[0]) * i / steps)
        y = round(a[1] + (b[1] - a[1]) * i / steps)
        if i % 2 == 0 and canvas[y][x][0] == " ":
            canvas[y][x] = ("·", "#8a6d3b")


def _put(canvas: Canvas, x: int, y: int, text: str, style: str) -> None:
    for i, ch in enumerate(text):
        if 0 <= x + i < len(canvas[y]):
            canvas[y][x + i] = (ch, style)


def _label(game: HellsDitchGame, view: dict[str, Any], lid: str) -> tuple[str, str]:
    loc = game.valley.locations[lid]
    if loc.stronghold is not None:
        return f"[{loc.name}]", NAME_STYLE[loc.stronghold]
    if lid in view["razed"]:
        return f"{loc.name} ✗", "strike #b04040"
    if loc.village:
        return loc.name, "bold yellow"
    return loc.name, "grey70"


def draw_map(game: HellsDitchGame, view: dict[str, Any]) -> list[Text]:
    valley = game.valley
    spots = _scale(valley)
    width = max(x for x, _ in spots.values()) + CELL_W
    height = max(y for _, y in spots.values()) + 2
    canvas: Canvas = [[(" ", "")] * width for _ in range(height)]
    for a, b in valley.roads():
        _road(canvas, spots[a], spots[b])
    occupants: dict[str, list[tuple[int, int, int]]] = {}
    for p, bands in enumerate(view["warbands"]):
        for band in bands:
            if band["at"] is not None:
                occupants.setdefault(band["at"], []).append((p, band["band"], band["hp"]))
    for lid, (x, y) in spots.items():
        text, style = _label(game, view, lid)
        _put(canvas, x - len(text) // 2, y, text, style)
        here = occupants.get(lid, [])
        tokens = [(f"{'BW'[p]}{band}:{hp}", SIDE_STYLE[p]) for p, band, hp in here]
        total = sum(len(t) + 1 for t, _ in tokens) - 1
        cx = x - total // 2
        for token, tstyle in tokens:
            _put(canvas, cx, y + 1, token, tstyle)
            cx += len(token) + 1
    lines = []
    for row in canvas:
        line = Text()
        for ch, style in row:
            line.append(ch, style=style or None)
        lines.append(line)
    return lines


def _side(game: HellsDitchGame, view: dict[str, Any], p: int) -> Text:
    t = Text()
    t.append(f"{game.player_name(p):<6}", style=NAME_STYLE[p])
    t.append(f" loot {view['loot'][p]}/{view['target_loot']}", style="bold green")
    t.append("  counters left: " + (" ".join(view["counters_left"][p]) or "none"))
    if view["counters_used"][p]:
        t.append("  used: " + " ".join(view["counters_used"][p]), style="dim")
    t.append("\n       ")
    for band in view["warbands"][p]:
        where = "out" if band["at"] is None else game.valley.label(band["at"])
        hp = "" if band["at"] is None else f" {band['hp']}hp"
        t.append(f"{'BW'[p]}{band['band']}", style=SIDE_STYLE[p])
        t.append(f" {where}{hp}  ", style="dim" if band["at"] is None else "")
    return t


def _plans(game: HellsDitchGame, view: dict[str, Any]) -> list[Text]:
    out = []
    executing = view["phase"] in REVEALED
    for p, plan in enumerate(view["plans"]):
        t = Text(f"{game.player_name(p)}'s orders: ", style=NAME_STYLE[p])
        if "orders" not in plan:
            t.append("written, face down" if plan["submitted"] else "still writing (hidden)", style="italic dim")
        else:
            t.append(f"counter {plan['counter'] or '-'}  ", style="bold")
            for i, order in enumerate(plan["orders"]):
                done = executing and i < view["step"]
                t.append(f"{i + 1}. {order}  ", style="dim" if done else "")
            if not plan["orders"]:
                t.append("(none yet)" if not plan["submitted"] else "(no orders)", style="dim")
            if not executing and plan["submitted"]:
                t.append("  submitted", style="green")
        out.append(t)
    return out


def _fight(game: HellsDitchGame, view: dict[str, Any]) -> Text | None:
    fight = view["fight"]
    if fight is None:
        return None
    where = "on the road" if fight["place"] is None else f"at {game.valley.label(fight['place'])}"
    w0, w1 = fight["warbands"]
    s0, s1 = fight["strength"]
    t = Text(f"Fight {where}: B{w0} ({s0} dice) against W{w1} ({s1} dice)", style="bold red")
    if fight["deciding"]:
        waiting = [game.player_name(p) for p in fight["deciding"] if not fight["decided"][p]]
        t.append(f"  - waiting for {' and '.join(waiting)} to fight on or back out", style="yellow")
    if "your_choice" in fight:
        t.append(f"  (you chose {fight['your_choice']})", style="dim")
    return t


def render_text(game: HellsDitchGame, view: dict[str, Any]) -> Group:
    lines: list[Any] = [Text(f"{game.valley.name}  -  round {view['round']}, turn {view['turn']} of 3", style="bold underline")]
    lines += draw_map(game, view)
    lines.append(Text("yellow village  ✗ razed  [..] stronghold  B2:5 Black's W2 with 5 HP  · road", style="dim"))
    lines += [_side(game, view, p) for p in (0, 1)]
    lines += _plans(game, view)
    fight = _fight(game, view)
    if fight is not None:
        lines.append(fight)
    return Group(*lines)
