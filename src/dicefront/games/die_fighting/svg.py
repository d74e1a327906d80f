"""Die Fighting as SVG for the browser: drawn from a view only. Squares are ``c-<cell>``,
units ``u-<cell>``, reserve units waiting to deploy ``r<seat>-<unit>-<commander>``; all
clickable elements carry ``class="df-target"``."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.game import Action
from ...core.grid import Grid
from ...core.svg_pieces import SEP, PieceBuilder, PieceMemo
from .actions import Activate, Attack, BreakAway, Charge, ChooseMap, ChooseSide, Deploy, MoveTo, Pass, Regroup
from .combat import charge_square

if TYPE_CHECKING:
    from . import DieFightingGame
    from .rules import DieFightingState

TERRAIN_FILL = {"clear": "#3b4a35", "slow": "#7a5a2b", "blocking": "#8a8a8a"}
PLAYER_FILL = ("#2f7fd8", "#d8453a")
PLAYER_TEXT = ("#dcecff", "#ffe3df")
WIDTH = 640
SLOW_PATTERN = "df-slow"
# slow ground: light diagonal stripes over its brown (no letter: a unit on the square would cover it)
SLOW_DEFS = (f'<defs><pattern id="{SLOW_PATTERN}" width="6" height="6" patternUnits="userSpaceOnUse" '
             'patternTransform="rotate(45)"><path d="M0 0V6" stroke="#c9a86a" stroke-width="2"/></pattern></defs>')


def _cid(cell: str) -> str:
    return f"c-{cell}"


def _rid(player: int, key: str) -> str:
    return f"r{player}-{key.replace('/', '-')}"


class _Static(NamedTuple):
    """What one game draws for one viewer and keeps (see :func:`static_svg`)."""

    terrain: dict[tuple[str, ...], str]  # the field's terrain and labels by the maps chosen
    memo: PieceMemo  # the units and trays drawn and cut so far (render_pieces)


def static_svg(game: DieFightingGame, viewer: int | None) -> _Static:
    """The field's terrain and labels, drawn once per game and choice of maps, and the
    parts drawn so far: memos filled as the game goes (the core keeps them per game and
    viewer)."""
    return _Static({}, PieceMemo())


def render_svg(game: DieFightingGame, view: dict[str, Any], static: _Static | None = None) -> str:
    """The field as the view's viewer sees it; ``static``: :func:`static_svg`'s memos
    (fresh ones when not given)."""
    return SEP.join(render_pieces(game, view, static))


def render_pieces(game: DieFightingGame, view: dict[str, Any], static: _Static | None = None) -> list[str]:
    """:func:`render_svg` cut before every element id (core/svg_pieces.py): a unit or a
    tray is drawn once per game and viewer for each of its contents, and what did not
    change comes back as the same pieces."""
    static = static_svg(game, view.get("viewer")) if static is None else static
    board = PieceBuilder(static.memo)
    top = 28
    height = top
    field = ""
    if len(view["maps"]) == game.map_count:
        size = min(56, (WIDTH - 40) // game.field_for(view["maps"]).grid.width)
        maps = tuple(str(m) for m in view["maps"])
        if maps not in static.terrain:
            static.terrain[maps] = "".join(_terrain(game, view, size, top))
        field = static.terrain[maps]
        height = top + size * game.field_for(view["maps"]).grid.height + 24
    height_all = height + 2 * 40 + 30
    head = escape(view.get("status", ""))
    board.add(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height_all}" font-family="sans-serif">'
              f'<rect width="{WIDTH}" height="{height_all}" fill="#161616"/>'
              f'<text x="10" y="19" fill="#eeeeee" font-size="15" font-family="sans-serif">{head}</text>', keep=False)  # new at every step
    if field:
        board.add(field)
        units = (maps, tuple(map(tuple, view["units"])), view["active"], tuple(view["done"]))
        board.group(units, lambda sub: _units(game, view, size, top, sub))
    trays = (height, tuple(tuple(sorted(a.items())) for a in view["army"]), tuple(view["lost"]), _pending_total(view))
    board.group(trays, lambda sub: _reserves(game, view, height, sub))
    board.add("</svg>")
    return board.pieces


def _terrain(game: DieFightingGame, view: dict[str, Any], size: int, top: int) -> list[str]:
    board = game.field_for(view["maps"])
    grid = board.grid
    left = 24
    out = [SLOW_DEFS]
    for cell in grid.cells():
        name = Grid.name(cell)
        x, y = left + cell[0] * size, top + (grid.height - 1 - cell[1]) * size
        terrain = board.terrain(cell)
        out.append(f'<rect id="{_cid(name)}" class="df-target" x="{x}" y="{y}" width="{size}" height="{size}" '
                   f'fill="{TERRAIN_FILL[terrain]}" stroke="#222" stroke-width="1"><title>{name} {terrain}</title></rect>')
        if terrain == "slow":  # stripes over the whole square: they still show around a unit standing on it
            out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="url(#{SLOW_PATTERN})" '
                       f'pointer-events="none"/>')
        elif terrain == "blocking":
            out.append(f'<path d="M{x + 4} {y + 4}L{x + size - 4} {y + size - 4}M{x + size - 4} {y + 4}L{x + 4} {y + size - 4}" '
                       f'stroke="#555" stroke-width="3" pointer-events="none"/>')
    for i in range(grid.width):
        out.append(f'<text x="{left + i * size + size // 2}" y="{top + grid.height * size + 14}" fill="#999" '
                   f'font-size="11" text-anchor="middle">{chr(ord("a") + i)}</text>')
    for r in range(grid.height):
        out.append(f'<text x="{left - 4}" y="{top + (grid.height - 1 - r) * size + size // 2 + 4}" fill="#999" '
                   f'font-size="11" text-anchor="end">{r + 1}</text>')
    return out


def _units(game: DieFightingGame, view: dict[str, Any], size: int, top: int, board: PieceBuilder) -> None:
    """Each unit on the field, drawn once per game and viewer for each of its looks and
    places on these maps."""
    maps = tuple(view["maps"])
    done = set(view["done"])
    for unit in view["units"]:
        uid = unit[0]
        key = (maps, *unit, uid == view["active"], uid in done)
        board.draw(key, lambda u=unit, k=key: _on_field(game, maps, u, k[-2], k[-1], size, top))  # type: ignore[misc]


def _on_field(game: DieFightingGame, maps: tuple[Any, ...], unit: list[Any], active: bool, done: bool, size: int, top: int) -> str:
    uid, owner, kind, cmd, cell_name, points, uses = unit
    field = game.field_for(maps)
    grid = field.grid
    spot = grid.parse(cell_name)
    if spot is None:
        return ""
    x, y = 24 + spot[0] * size, top + (grid.height - 1 - spot[1]) * size
    return _unit(game, owner, kind, cmd, points, uses, x, y, size, f"u-{cell_name}", active, done, piece=f"unit-{uid}", ground=field.terrain(spot))


def _unit(game: DieFightingGame, owner: int, kind: str, cmd: str, points: int, uses: int,
          x: int, y: int, size: int, ident: str, active: bool, done: bool, piece: str = "",
          ground: str = "clear") -> str:
    card = game.table.units[kind]
    attr = f' data-piece="{piece}"' if piece else ""  # a unit on the field: it glides when it moves
    pad = max(3, size // 10)
    stroke = "#ffd54a" if active else "#111"
    opacity = "0.6" if done else "1"
    fs = max(8, size // 4)
    label = f"{escape(kind)} d{card.die}"
    tip = f"{card.name}, {points}/{card.die} points" + (f", {game.table.commanders[cmd].name}" if cmd else "")
    if card.ranged:
        tip += f", {uses} uses left"
    if ground != "clear":
        tip += f", on {ground} ground"
    body = [
        f'<g id="{ident}" class="df-target"{attr} opacity="{opacity}"><title>{escape(tip)}</title>',
        f'<rect x="{x + pad}" y="{y + pad}" width="{size - 2 * pad}" height="{size - 2 * pad}" rx="{pad + 2}" '
        f'fill="{PLAYER_FILL[owner]}" stroke="{stroke}" stroke-width="{3 if active else 1.5}"/>',
        f'<text x="{x + size // 2}" y="{y + size // 2 - 1}" fill="{PLAYER_TEXT[owner]}" font-size="{fs}" '
        f'text-anchor="middle" pointer-events="none">{label}</text>',
        f'<text x="{x + size // 2}" y="{y + size // 2 + fs}" fill="#ffffff" font-size="{fs + 2}" font-weight="bold" '
        f'text-anchor="middle" pointer-events="none">{points}</text>',
    ]
    if cmd:
        body.append(f'<circle cx="{x + size - pad - 5}" cy="{y + pad + 5}" r="5" fill="#f2c94c"/>'
                    f'<text x="{x + size - pad - 5}" y="{y + pad + 8}" font-size="8" text-anchor="middle" '
                    f'fill="#222" pointer-events="none">{escape(cmd)}</text>')
    if card.ranged:
        body.append(f'<text x="{x + pad + 2}" y="{y + size - pad - 2}" font-size="{max(7, fs - 3)}" fill="#b8ffb8" '
                    f'pointer-events="none">x{uses}</text>')
    body.append("</g>")
    return "".join(body)


def _pending_total(view: dict[str, Any]) -> Any:
    pending = view.get("pending")
    return pending.get("total") if pending else None


def _reserves(game: DieFightingGame, view: dict[str, Any], top: int, board: PieceBuilder) -> None:
    for p in (0, 1):
        y = top + p * 40
        lost = view["lost"][1 - p]
        board.add(f'<text x="10" y="{y + 24}" fill="{PLAYER_FILL[p]}" font-size="13" font-weight="bold">'
                  f'{escape(game.seat_name(p))}</text>'
                  f'<text x="80" y="{y + 24}" fill="#aaa" font-size="11">scored {lost}</text>')
        x = 150
        for key, count in sorted(view["army"][p].items()):
            kind, _, cmd = key.partition("/")
            board.add(_unit(game, p, kind, cmd, game.table.units[kind].die, game.table.units[kind].uses,
                            x, y, 38, _rid(p, key), False, False))
            board.add(f'<text x="{x + 40}" y="{y + 24}" fill="#ddd" font-size="11">x{count}</text>')
            x += 62
            if x > WIDTH - 60:
                break
    total = _pending_total(view)
    if total is not None:
        board.add(f'<text x="10" y="{top + 100}" fill="#ffd54a" font-size="13">Attack total {total}: '
                  f'waiting for the defence dice</text>')


def action_path(state: DieFightingState, action: Action) -> list[str]:
    name = Grid.name
    if isinstance(action, Activate):
        return [f"u-{name(action.cell)}"]
    if isinstance(action, MoveTo):
        return [_cid(name(action.cell))]
    if isinstance(action, Attack):
        return [f"u-{name(c)}" for c in action.targets]
    if isinstance(action, Regroup):
        return [f"u-{name(action.partner)}"]
    if isinstance(action, Charge) and state.active is not None:
        dest = charge_square(state, state.units[state.active], action.target)
        return ([_cid(name(dest))] if dest is not None else []) + [f"u-{name(action.target)}"]
    if isinstance(action, Deploy):
        return [_rid(state.player, action.key), _cid(name(action.cell))]
    return []


def legend(game: DieFightingGame) -> list[tuple[str, str]]:
    """What the marks on the board mean (shown next to it by the client)."""
    units = [(f"{code} d{card.die}", f"{card.name}: a d{card.die}, its number is the points left") for code, card in game.table.units.items()]
    commanders = [(code, f"{c.name} leads the unit (yellow badge)") for code, c in game.table.commanders.items()]
    return [
        *units,
        *commanders,
        ("x4", "shots left of a ranged unit"),
        ("yellow border", "the unit acting now; faded units have acted this round"),
        ("green square", "clear ground"),
        ("brown striped square", "slow ground: costs 2 to enter (a unit's tooltip says when it stands on it)"),
        ("grey square, ✕", "blocking: no unit may enter"),
        ("bottom rows", "units waiting to deploy, with how many (x2)"),
    ]


PREVIEW_CELL = 8


def svg_preview(state: DieFightingState, action: Action) -> str | None:
    """A small picture of what ``action`` chooses: a map's terrain (one path per kind of
    ground), drawn from the map's data; None for every other action."""
    if not isinstance(action, ChooseMap):
        return None
    tile = state.game.tile(action.key)
    c = PREVIEW_CELL
    w, h = tile.width * c, tile.height * c
    paths: dict[str, list[str]] = {"slow": [], "blocking": []}
    for i, line in enumerate(tile.rows):
        for col, ch in enumerate(line):
            kind = {"S": "slow", "B": "blocking"}.get(ch)
            if kind is not None:
                paths[kind].append(f"M{col * c} {i * c}h{c}v{c}h-{c}z")
    shapes = "".join(f'<path d="{"".join(d)}" fill="{TERRAIN_FILL[k]}"/>' for k, d in paths.items() if d)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-label="{escape(tile.name)}">'
            f'<rect width="{w}" height="{h}" fill="{TERRAIN_FILL["clear"]}"/>{shapes}'
            f'<path d="{"".join(f"M{x * c} 0V{h}" for x in range(1, tile.width))}{"".join(f"M0 {y * c}H{w}" for y in range(1, tile.height))}" '
            f'stroke="#0003" stroke-width=".5"/></svg>')


def action_label(state: DieFightingState, action: Action) -> str | None:
    """Words for a button (None: the notation is clear enough)."""
    if isinstance(action, ChooseMap):
        return f"Map: {state.game.tile(action.key).name}"
    if isinstance(action, ChooseSide):
        return f"Take the {action.side} edge"
    if isinstance(action, BreakAway):
        return "Try to break away"
    if isinstance(action, Pass):
        return "Do nothing this phase"
    return None


def same_picture(game: Any, view: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two viewers' views draw the same picture (the server then draws it once):
    every viewer sees the field the same way."""
    return {k: v for k, v in view.items() if k != "viewer"} == {k: v for k, v in other.items() if k != "viewer"}
