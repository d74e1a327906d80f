"""Trench Checkers in the terminal: a coloured board drawn from a view (Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from .constants import OVER

if TYPE_CHECKING:
    from . import TrenchCheckersGame

PLAYER_STYLE = ("bold bright_cyan", "bold bright_red")
BG = {"grass": "on #1f3a1f", "trench": "on #4a3520", "depot": "on #5a5210", "claimed": "on #3a3a2a"}
CELL = 5


def stack_label(owner: int, ranks: str, active: bool, wounded: bool) -> str:
    """C/V/S letters, highest rank first; player 1 in lower case; (c) an inactive
    Commando, * a wounded one."""
    text = "".join(sorted(ranks, key=lambda r: "CVS".index(r)))
    if "C" in ranks and wounded:
        text += "*"
    if not active:
        text = f"({text})"
    return text if owner == 0 else text.lower()


def render_text(game: TrenchCheckersGame, view: dict[str, Any]) -> Group:
    board = game.board
    grid = board.grid
    stacks = {grid.parse(c): (o, r, a) for c, o, r, a in view["stacks"]}
    terrain = {grid.parse(c) for c, _ in view["terrain"]}
    claimed = {grid.parse(c) for c in view["claimed"]}
    moved = {grid.parse(c) for c in view.get("moved_cells", [])}
    combat = view.get("combat")
    hot = set()
    if combat:
        hot = {grid.parse(combat["dst"])} | ({grid.parse(combat["src"])} if combat["src"] else set())
    header = Text("    " + "".join(chr(ord("a") + i).center(CELL) for i in range(grid.width)), style="dim")
    lines = [header]
    for row in range(grid.height - 1, -1, -1):
        line = Text(f"{row + 1:>3} ", style="dim")
        for col in range(grid.width):
            cell = (col, row)
            kind = "trench" if cell in board.trench else "depot" if cell in board.depots else "grass"
            if kind == "depot" and cell in claimed:
                kind = "claimed"
            bg = BG[kind]
            if cell in terrain:
                line.append(" ### ".center(CELL), style="bold white on #555555")
            elif cell in stacks:
                owner, ranks, active = stacks[cell]
                label = stack_label(owner, ranks, active, view["wounded"][owner]).center(CELL)
                style = f"{PLAYER_STYLE[owner]} {bg}" + (" reverse" if cell in hot else "") + (" underline" if cell in moved else "")
                line.append(label, style=style)
            else:
                mark = " $ " if kind == "depot" else " ~ " if kind == "trench" else " . "
                line.append(mark.center(CELL), style=f"dim {bg}")
        line.append(f" {row + 1}", style="dim")
        lines.append(line)
    lines.append(header)
    lines.append(Text(""))
    lines.extend(_sides(game, view))
    if combat:
        lines.append(_combat(combat))
    lines.append(Text("S Soldier  V Veteran  C Commando ((c) inactive, * wounded)  ~ trench  $ supply depot  ### terrain", style="dim"))
    return Group(*lines)


def _sides(game: TrenchCheckersGame, view: dict[str, Any]) -> list[Text]:
    out = []
    names = {c.id: c.name for c in game.cards.cards}
    for p in (0, 1):
        t = Text()
        t.append(game.seat_name(p), style=PLAYER_STYLE[p])
        t.append(" (upper case)" if p == 0 else " (lower case)", style="dim")
        pieces = sum(len(r) for _, o, r, _ in view["stacks"] if o == p)
        t.append(f"  pieces {pieces}  fallen {view['fallen'][p]}  cards in hand {view['hand_sizes'][p]}")
        flags = []
        if view["skip_next"][p] or (view["skipping"][p] and view["phase"] not in (OVER,)):
            flags.append("loses a turn")
        if view["cancel_next"][p]:
            flags.append("next attack cancelled")
        if view["five"][p]:
            flags.append("next attack: 5 rolls")
        if view["bonus"][p]:
            flags.append(f"next attack: +{view['bonus'][p]}")
        if view["suicide"][p]:
            flags.append("next attack: suicide mission")
        if flags:
            t.append("  [" + ", ".join(flags) + "]", style="yellow")
        out.append(t)
    if game.options.cards:
        hand = view.get("hand")
        if hand is not None:
            out.append(Text("Your hand: " + (", ".join(f"{names.get(k, k)} ({k})" for k in hand) or "empty"), style="bold"))
        last = ", ".join(names.get(k, k) for k in view["discard"][-4:])
        out.append(Text(f"Deck {view['deck_size']} cards" + (f"  discard: ... {last}" if last else ""), style="dim"))
    return out


def _combat(combat: dict[str, Any]) -> Text:
    src = combat["src"] or "airstrike"
    text = f"Battle: {src} against {combat['dst']}"
    if combat["rolls"][0]:
        r, b = combat["rolls"], combat["bonus"]
        text += f"  rolls {r[0]}{'+' + str(b[0]) if b[0] else ''} vs {r[1]}{'+' + str(b[1]) if b[1] else ''}"
    return Text(text, style="yellow")
