"""Ditch as SVG for the browser, drawn from a seat's view.

Clickable elements carry unique ids and the class ``df-target``: every square is
``cell-<name>`` (a pawn is clicked through its square), the pawns waiting to be
deployed are ``reserve-<seat>-<kind>`` and fallen pawns that may come back are
``fallen-<seat>-<kind>``. :func:`action_path` lists the ids a person clicks."""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.seats import default_seat_name
from ...core.svg_pieces import SEP, PieceBuilder, PieceMemo
from .actions import KIND_ORDER, KINDS, Attack, Block, ChooseDeployer, ChooseStarter, Cover, Deploy, Move, MoveTo, Reinforce
from .constants import Phase

if TYPE_CHECKING:
    from . import DitchGame
    from .rules import DitchState

CELL = 64
MARGIN = 26
TRAY = 78
LEGEND = 40
PLAYER_FILL = ("#2f5f8f", "#b03a2e")
PLAYER_DARK = ("#1d3c5c", "#6e231b")
ZONE_FILL = ("#cdd9e6", "#ecd3cc")
GROUND = ("#e7dcbe", "#ded2b0")
GREEN = "#8db56a"
INK = "#3b3326"
OPEN = "<g"  # what every square, and the coordinates after them, begin with before their id


def action_path(state: DitchState, action: Action) -> list[str]:
    """The ids clicked, in order, to make ``action``; [] for a button."""
    if isinstance(action, Deploy):
        return [f"reserve-{state.player}-{action.kind}", _cell_id(action.cell)]
    if isinstance(action, Reinforce):
        return [f"fallen-{state.player}-{action.kind}", _cell_id(action.cell)]
    if isinstance(action, Attack):
        return [_cell_id(action.attacker), _cell_id(action.target)]
    if isinstance(action, (Move, MoveTo, Block)):
        return [_cell_id(action.cell)]
    if isinstance(action, Cover) and action.cell is not None:
        return [_cell_id(action.cell)]
    return []


def _cell_id(cell: Cell) -> str:
    return f"cell-{Grid.name(cell)}"


class _Layout:
    """Pixel positions of cells; seat 1 sees the board turned half a turn."""

    def __init__(self, grid: Grid, flip: bool) -> None:
        self.grid = grid
        self.flip = flip
        self.hex = grid.geometry == "hex"
        if self.hex:
            self.r = CELL / math.sqrt(3)
            self.w = CELL * (grid.width + 0.5)
            self.h = self.r * 1.5 * (grid.height - 1) + 2 * self.r
        else:
            self.w = CELL * grid.width
            self.h = CELL * grid.height
        self.x0 = MARGIN
        self.y0 = TRAY + MARGIN

    def centre(self, cell: Cell) -> tuple[float, float]:
        col, row = cell
        if self.hex:
            x = CELL / 2 + col * CELL + (CELL / 2 if row % 2 else 0)
            y = self.h - self.r - row * self.r * 1.5
        else:
            x = CELL / 2 + col * CELL
            y = self.h - CELL / 2 - row * CELL
        if self.flip:
            x, y = self.w - x, self.h - y
        return self.x0 + x, self.y0 + y

    def shape(self, cell: Cell, **attrs: str) -> str:
        x, y = self.centre(cell)
        extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
        if self.hex:
            pts = " ".join(
                f"{x + self.r * math.cos(math.radians(a)):.1f},{y + self.r * math.sin(math.radians(a)):.1f}"
                for a in range(30, 390, 60)
            )
            return f'<polygon points="{pts}"{extra}/>'
        h = CELL / 2
        return f'<rect x="{x - h:.1f}" y="{y - h:.1f}" width="{CELL}" height="{CELL}"{extra}/>'


class _Static(NamedTuple):
    """What a viewer's picture of one game always shows (see :func:`static_svg`)."""

    lay: _Layout
    head: str  # the opening tag, patterns and backgrounds, and the first square's opening (OPEN)
    cells: list[tuple[Cell, str, str]]  # each cell, its name and its shape (the terrain), in board order
    empties: list[str]  # every cell drawn empty, in the order of ``cells``, as its piece (:func:`_piece`)
    place: dict[str, int]  # a cell's place in ``cells`` by its name
    coordinates: str  # the coordinates' group after its opening (OPEN): it begins with its id
    legend: str
    height: float
    memo: PieceMemo  # what this game's boards drew for this viewer, already cut (core/svg_pieces.py)


def static_svg(game: DitchGame, viewer: int | None) -> _Static:
    """The parts of ``viewer``'s picture that depend on the game only: the board, its
    terrain and labels (drawn once per game and viewer; the core caches it)."""
    board = game.board
    lay = _Layout(board.grid, flip=viewer == 1)
    width = lay.w + 2 * MARGIN
    height = TRAY + lay.h + 2 * MARGIN + TRAY + LEGEND
    head = "".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" class="df-board ditch" font-family="Georgia, serif">',
        _defs(),
        f'<rect x="0" y="0" width="{width:.0f}" height="{height:.0f}" rx="14" fill="#f4edd8"/>',
        f'<rect x="{lay.x0 - 6}" y="{lay.y0 - 6}" width="{lay.w + 12:.0f}" height="{lay.h + 12:.0f}" rx="8" fill="#6b5a3e"/>',
    ])
    cells = [(cell, Grid.name(cell), lay.shape(cell, fill=_terrain(game, cell), stroke="#a89771", stroke_width="1")) for cell in board.grid.cells()]
    empties = [_piece(_cell_open(name, _describe(cell, {}, set(), board.green)) + shape + "</g>") for cell, name, shape in cells]
    place = {name: i for i, (_, name, _) in enumerate(cells)}
    coordinates = ' id="ditch-coordinates">' + "".join(_coordinates(lay)) + "</g>"
    return _Static(lay, head + OPEN, cells, empties, place, coordinates, _legend(width, height - LEGEND + 4), height, PieceMemo())


def _terrain(game: DitchGame, cell: Cell) -> str:
    board = game.board
    fill = GROUND[(cell[0] + cell[1]) % 2]
    for p in (0, 1):
        if cell in board.zones[p]:
            fill = ZONE_FILL[p]
    return "url(#ditch-grass)" if cell in board.green else fill


def render_svg(game: DitchGame, view: dict[str, Any], static: _Static | None = None) -> str:
    """The board as the view's ``viewer`` (None: a spectator) sees it, drawn from
    ``state.view(viewer)`` only; ``static``: :func:`static_svg` for this viewer (drawn
    here when not given)."""
    return SEP.join(render_pieces(game, view, static))


def render_pieces(game: DitchGame, view: dict[str, Any], static: _Static | None = None) -> list[str]:
    """:func:`render_svg` cut before every element id (``SEP.join`` of the pieces is the
    board): the server sends a seat the pieces that changed (server/board_diff.py).
    Drawn through :class:`~dicefront.core.svg_pieces.PieceBuilder`: a square is drawn
    once per game, viewer and contents, the squares of a whole board are kept as a group,
    and what was drawn before comes back as the same string objects. Ditch has no hidden
    information, so every part may be kept."""
    player = view["viewer"]
    if static is None:
        static = static_svg(game, player)
    lay = static.lay
    bottom = 1 if player == 1 else 0
    board = PieceBuilder(static.memo)
    board.add(static.head)
    pawns = tuple((c, o, k) for c, o, k in view["pawns"])
    blocks = tuple(view["blocks"])
    board.group(("squares", pawns, blocks), lambda squares: _squares(game, static, squares, pawns, blocks))
    board.add(static.coordinates)
    board.add('<g id="ditch-pending">' + "".join(_pending(view, lay)) + "</g>")  # ids cut the board into the pieces a patch replaces
    trays: tuple[tuple[int, float], ...] = ((1 - bottom, 8), (bottom, lay.y0 + lay.h + MARGIN))
    for p, y in trays:
        board.draw(_tray_key(view, p, y), lambda p=p, y=y: _tray(game, view, p, y))  # type: ignore[misc]
    board.add(static.legend)
    board.add("</svg>")
    return board.pieces


def _defs() -> str:
    return (
        "<defs>"
        '<pattern id="ditch-grass" width="14" height="14" patternUnits="userSpaceOnUse">'
        f'<rect width="14" height="14" fill="{GREEN}"/>'
        '<path d="M3 11 l1.5 -5 l1.5 5 M9 6 l1 -4 l1 4" stroke="#6f9a4e" stroke-width="1.2" fill="none"/></pattern>'
        '<filter id="ditch-shadow" x="-30%" y="-30%" width="160%" height="160%">'
        '<feDropShadow dx="0" dy="2" stdDeviation="1.6" flood-color="#000" flood-opacity="0.35"/></filter>'
        '<marker id="ditch-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">'
        '<path d="M0 0 L10 5 L0 10 z" fill="#f2c14e"/></marker>'
        "</defs>"
    )


def _squares(game: DitchGame, static: _Static, squares: PieceBuilder, pawns: tuple[tuple[str, int, str], ...], blocks: tuple[str, ...]) -> None:
    """Each square's piece (:func:`_piece`), in board order: the empty ones from
    ``static``, the others drawn once per game and viewer by their contents."""
    out = list(static.empties)
    on = {c: (o, k) for c, o, k in pawns}
    blocked = set(blocks)
    for name in on.keys() | blocked:
        i = static.place.get(name)
        if i is None:
            continue
        cell, _, shape = static.cells[i]
        pawn, block = on.get(name), name in blocked
        out[i] = squares.memo.draw((name, pawn, block), lambda: _piece(_cell(game, static, cell, name, shape, pawn, block)))[0]  # noqa: B023 (called at once)
    squares.extend(["", *out])


def _piece(square: str) -> str:
    """A square's piece of the cut board: from its id to the opening of what follows
    (the next square, or the coordinates: both begin ``<g id="``)."""
    return square[len(OPEN) + len(SEP):] + OPEN


def _cell(game: DitchGame, static: _Static, cell: Cell, name: str, shape: str, pawn: tuple[int, str] | None, blocked: bool) -> str:
    out = [_cell_open(name, _describe(cell, {cell: pawn} if pawn else {}, {cell} if blocked else set(), game.board.green)), shape]
    x, y = static.lay.centre(cell)
    if blocked:
        out.append(_block(x, y))
    if pawn is not None:  # data-look (side and kind) is all that tells pawns apart: it glides when it moves (static/motion.js)
        out.append(_pawn(x, y, pawn[0], pawn[1], 24, look=True))
    out.append("</g>")
    return "".join(out)


def _cell_open(name: str, what: str) -> str:
    return f'<g id="cell-{name}" class="df-target ditch-cell"><title>{escape(name + ": " + what)}</title>'


def _describe(cell: Cell, pawns: dict[Any, tuple[int, str]], blocks: set[Any], green: frozenset[Cell]) -> str:
    if cell in pawns:
        owner, kind = pawns[cell]
        return f"{KINDS[kind]} of {default_seat_name(owner)}"
    if cell in blocks:
        return "blocked"
    return "green tile" if cell in green else "open ground"


def _coordinates(lay: _Layout) -> list[str]:
    grid = lay.grid
    out = []
    style = f'font-size="12" fill="{INK}" opacity="0.75" text-anchor="middle" dominant-baseline="middle"'
    for col in range(grid.width):
        x, _ = lay.centre((col, 0))
        top, bottom = lay.y0 - MARGIN / 2 - 3, lay.y0 + lay.h + MARGIN / 2 + 3
        letter = chr(ord("a") + col)
        out.append(f'<text x="{x:.1f}" y="{top:.1f}" {style}>{letter}</text><text x="{x:.1f}" y="{bottom:.1f}" {style}>{letter}</text>')
    for row in range(grid.height):
        _, y = lay.centre((0, row))
        left, right = lay.x0 - MARGIN / 2 - 2, lay.x0 + lay.w + MARGIN / 2 + 2
        out.append(f'<text x="{left:.1f}" y="{y:.1f}" {style}>{row + 1}</text><text x="{right:.1f}" y="{y:.1f}" {style}>{row + 1}</text>')
    return out


def _pending(view: dict[str, Any], lay: _Layout) -> list[str]:
    pending = view.get("pending")
    if not pending:
        return []
    grid = lay.grid
    if view["phase"] in Phase.ATTACKING:  # an attack: attacker, target, ranged
        a, t = grid.parse(pending[0]), grid.parse(pending[1])
        if a is None or t is None:
            return []
        (x1, y1), (x2, y2) = lay.centre(a), lay.centre(t)
        dash = ' stroke-dasharray="7 5"' if pending[2] else ""
        return [
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="#f2c14e" stroke-width="5" '
            f'stroke-linecap="round" marker-end="url(#ditch-arrow)" opacity="0.9" pointer-events="none"{dash}/>'
        ]
    start = grid.parse(pending[0])
    if start is None or not pending[1]:
        return []
    x, y = lay.centre(start)
    return [_die(x + 20, y - 20, int(pending[1]), 20)]


def _die(x: float, y: float, value: int, size: float) -> str:
    pips = {
        1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }.get(value, [])
    h = size / 2
    dots = "".join(f'<circle cx="{x + dx * size * 0.27:.1f}" cy="{y + dy * size * 0.27:.1f}" r="{size * 0.09:.1f}" fill="#222"/>' for dx, dy in pips)
    return (
        f'<g pointer-events="none" filter="url(#ditch-shadow)"><rect x="{x - h:.1f}" y="{y - h:.1f}" width="{size}" height="{size}" '
        f'rx="{size * 0.18:.1f}" fill="#fffdf6" stroke="#555" stroke-width="1"/>{dots}</g>'
    )


def _block(x: float, y: float) -> str:
    bags = []
    for i, (dx, dy) in enumerate(((-12, 8), (0, 8), (12, 8), (-6, -1), (6, -1), (0, -10))):
        shade = "#8a7350" if i % 2 else "#9b8460"
        bags.append(f'<rect x="{x + dx - 8:.1f}" y="{y + dy - 5:.1f}" width="16" height="10" rx="4.5" fill="{shade}" stroke="#4a3b28" stroke-width="1"/>')
    return f'<g pointer-events="none" filter="url(#ditch-shadow)">{"".join(bags)}</g>'


def _pawn(x: float, y: float, owner: int, kind: str, r: float, look: bool = False) -> str:
    s = r / 24
    icon = _icon(kind, owner)
    mark = f' data-look="{owner}{kind}"' if look else ""
    return (
        f'<g class="ditch-pawn"{mark} filter="url(#ditch-shadow)">'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{PLAYER_FILL[owner]}" stroke="{PLAYER_DARK[owner]}" stroke-width="{2.5 * s:.1f}"/>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r - 4 * s:.1f}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="{1.2 * s:.1f}"/>'
        f'<g transform="translate({x:.1f} {y:.1f}) scale({s:.3f})">{icon}</g></g>'
    )


def _icon(kind: str, owner: int) -> str:
    if kind == "A":  # a bow and arrow
        return (
            '<path d="M-6 -13 Q 12 0 -6 13" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>'
            '<path d="M-6 -13 L-6 13" stroke="#fff" stroke-width="1.2"/>'
            '<path d="M-13 0 L11 0" stroke="#fff" stroke-width="2.2"/><path d="M14 0 L8 -4 L8 4 z" fill="#fff"/>'
        )
    if kind == "K":  # chevrons: quick on their feet
        return (
            '<path d="M-11 -9 L-2 0 L-11 9" stroke="#fff" stroke-width="3.6" fill="none" stroke-linejoin="round" stroke-linecap="round"/>'
            '<path d="M1 -9 L10 0 L1 9" stroke="#fff" stroke-width="3.6" fill="none" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    return (  # a shield
        '<path d="M0 -14 L11 -9 L10 2 Q 8 10 0 14 Q -8 10 -10 2 L-11 -9 Z" fill="#fff" fill-opacity="0.92"/>'
        f'<path d="M0 -8 L0 9 M-6 -2 L6 -2" stroke="{PLAYER_FILL[owner]}" stroke-width="3"/>'
    )


def _tray_key(view: dict[str, Any], p: int, y: float) -> tuple[Any, ...]:
    """Everything :func:`_tray` shows (few contents a game: counts that only fall)."""
    return ("tray", p, y, on_board(view, p), tuple(sorted(view["to_deploy"][p].items())), tuple(sorted(view["fallen"][p].items())),
            view["reinforcements_left"][p], view["blocks_left"][p])


def on_board(view: dict[str, Any], p: int) -> int:
    return [o for _, o, _ in view["pawns"]].count(p)


def _tray(game: DitchGame, view: dict[str, Any], p: int, y: float) -> str:
    """One side's supplies: pawns to deploy, fallen pawns, reinforcements, blocks."""
    name = escape(game.seat_name(p))
    to_deploy = view["to_deploy"][p]
    fallen = view["fallen"][p]
    parts = [
        f'<g class="ditch-tray" id="ditch-tray-{p}"><rect x="{MARGIN - 6}" y="{y:.0f}" width="{_tray_width(game):.0f}" height="{TRAY - 16}" rx="10" '
        f'fill="{ZONE_FILL[p]}" stroke="{PLAYER_FILL[p]}" stroke-width="1.5"/>',
        f'<circle cx="{MARGIN + 12}" cy="{y + 18:.0f}" r="6" fill="{PLAYER_FILL[p]}"/>',
        f'<text x="{MARGIN + 24}" y="{y + 23:.0f}" font-size="15" font-weight="bold" fill="{INK}">{name}</text>',
        f'<text x="{MARGIN + 24}" y="{y + 44:.0f}" font-size="12" fill="{INK}">{on_board(view, p)} on the board · '
        f'{_count(view["reinforcements_left"][p], "reinforcement")} · {_count(view["blocks_left"][p], "block token")} left</text>',
    ]
    x: float = MARGIN + 330
    if sum(to_deploy.values()):
        parts.append(f'<text x="{x}" y="{y + 14:.0f}" font-size="11" fill="{INK}" opacity="0.8">to deploy</text>')
        x = _tokens(parts, p, to_deploy, "reserve", x, y + 38)
    if sum(fallen.values()):
        parts.append(f'<text x="{x + 8}" y="{y + 14:.0f}" font-size="11" fill="{INK}" opacity="0.8">fallen</text>')
        _tokens(parts, p, fallen, "fallen", x + 8, y + 38)
    parts.append("</g>")
    return "".join(parts)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _tray_width(game: DitchGame) -> float:
    return _Layout(game.board.grid, False).w + 12


def _tokens(parts: list[str], p: int, counts: dict[str, int], what: str, x: float, y: float) -> float:
    for kind in KIND_ORDER:
        n = counts.get(kind, 0)
        if not n:
            continue
        parts.append(f'<g id="{what}-{p}-{kind}" class="df-target ditch-token"><title>{KINDS[kind]} ×{n} ({what})</title>')
        parts.append(f'<rect x="{x - 2}" y="{y - 20}" width="50" height="40" fill="#000" fill-opacity="0"/>')
        parts.append(_pawn(x + 16, y, p, kind, 16).replace('class="ditch-pawn"', 'class="ditch-pawn"' + (' opacity="0.55"' if what == "fallen" else "")))
        parts.append(f'<text x="{x + 36}" y="{y + 5}" font-size="13" font-weight="bold" fill="{INK}">×{n}</text></g>')
        x += 54
    return x


def _legend(width: float, y: float) -> str:
    items = [("A", "Archer", "beats Skirmisher · shoots 2"), ("K", "Skirmisher", "beats Soldier · +1 move"), ("S", "Soldier", "beats Archer · covers")]
    step = (width - 2 * MARGIN) / 3
    out = ['<g class="ditch-legend" id="ditch-legend" pointer-events="none">']
    for i, (kind, name, text) in enumerate(items):
        x = MARGIN + i * step
        out.append(_pawn(x + 12, y + 12, 0, kind, 11).replace(PLAYER_FILL[0], "#6d6250").replace(PLAYER_DARK[0], "#4a4234"))
        out.append(f'<text x="{x + 28}" y="{y + 10}" font-size="12" font-weight="bold" fill="{INK}">{name}</text>')
        out.append(f'<text x="{x + 28}" y="{y + 24}" font-size="10.5" fill="{INK}" opacity="0.8">{text}</text>')
    out.append("</g>")
    return "".join(out)


def legend(game: Any) -> list[tuple[str, str]]:
    """What the marks on the board mean (shown next to it by the client; the three
    pawn kinds are also drawn under the board)."""
    return [  # the marks as drawn (the terminal's letters A, K, S are not on this board)
        ("bow and arrow", "Archer: beats a Skirmisher, shoots 2 squares"),
        ("double arrow", "Skirmisher: beats a Soldier, moves 1 further"),
        ("shield", "Soldier: beats an Archer, covers his neighbours"),
        ("blue / red", "the two sides' pawns"),
        ("×2", "pawns of that kind waiting off the board (faded: fallen)"),
        ("green tile", "where a block token may be placed"),
        ("sandbags", "a block token: no pawn may enter"),
        ("pale blue / red rows", "each side's deployment zone"),
    ]


def action_label(state: Any, action: Action) -> str | None:
    """Words for a button (None: the notation is clear enough)."""
    name = state.game.seat_name
    if isinstance(action, ChooseDeployer):
        return f"{name(action.player)} deploys first"
    if isinstance(action, ChooseStarter):
        return f"{name(action.player)} takes the first turn"
    if isinstance(action, Cover) and action.cell is None:
        return "No cover: the attacked pawn fights"
    return None


def same_picture(game: Any, view: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two viewers' views draw the same picture (the server then draws it once):
    seat 1 sees the board turned, a spectator as seat 0; the rest is the view's."""
    return (view["viewer"] == 1) == (other["viewer"] == 1) and _without(view, "viewer") == _without(other, "viewer")


def _without(view: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in keys}
