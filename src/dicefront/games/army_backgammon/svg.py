"""Army Man Backgammon in the browser: an SVG of a view, and the ids a person clicks
to make each action (the man, then the row or the enemy he fires at).

Ids: ``r-7`` is row 7, ``m-G3`` is Green's man 3, ``off-0`` / ``off-1`` are the far
ends Green / Tan leave the track by."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.game import Action
from ...core.svg_pieces import SEP, PieceBuilder, PieceMemo
from .actions import ORDER_NAMES, Attack, ChangeStance, Detector, KeepStances, Mine, Move, Orders, Sergeant, Skip
from .constants import DICE_USED_PHASES
from .tactics import forward

if TYPE_CHECKING:
    from . import ArmyBackgammonGame
    from .rules import ArmyState

WIDTH, TOP, ROW_H, LEFT = 640, 74, 22, 40
FILL = ("#2f7d32", "#a57c43")
STROKE = ("#9be59e", "#f3d49a")
TEXT = ("#ffffff", "#1a1208")
BG = "#1b1d22"


def _y(row: int, viewer: int | None) -> int:
    """Top of a row's band: the viewer's army at the bottom, moving up."""
    index = 24 - row if viewer != 1 else row - 1
    return TOP + ROW_H + index * ROW_H


class _Static(NamedTuple):
    """What a viewer's picture always shows (see :func:`static_svg`)."""

    head: list[str]
    exits: list[str]
    rows: list[list[str]]  # rows 1..24: each band and its number
    memo: PieceMemo  # the men and rows drawn and cut so far (render_pieces)


def static_svg(game: ArmyBackgammonGame, viewer: int | None) -> _Static:
    """The parts of ``viewer``'s picture that depend on the game only (drawn once per
    game and viewer; the core caches it)."""
    height = TOP + 26 * ROW_H + 30
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="{BG}"/>',
    ]
    return _Static(head, _exits(viewer), [_band(row, viewer) for row in range(1, 25)], PieceMemo())


def render_svg(game: ArmyBackgammonGame, view: dict[str, Any], static: _Static | None = None) -> str:
    """The board as the view's viewer sees it; ``static``: :func:`static_svg` for this
    viewer (drawn here when not given)."""
    return SEP.join(render_pieces(game, view, static))


def render_pieces(game: ArmyBackgammonGame, view: dict[str, Any], static: _Static | None = None) -> list[str]:
    """:func:`render_svg` cut before every element id (core/svg_pieces.py): a man is
    drawn once per game and viewer for each of his looks and places, the rows once for
    each set of minefields shown, and what did not change comes back as the same pieces."""
    viewer = view["viewer"]
    if static is None:
        static = static_svg(game, viewer)
    board = PieceBuilder(static.memo)
    board.add("\n".join([*static.head, *_header(game, view), *static.exits]), keep=False)  # the status: new at every step
    mines = {(o, r): rev for o in (0, 1) for r, rev in view["mines"][o]}
    if all(mines.values()):  # every minefield shown is revealed: public, kept
        board.group(tuple(sorted(mines)), lambda sub: sub.add(_rows(static, viewer, mines)))
    else:  # the viewer's own hidden minefields: never kept where other games' boards are (core/svg_pieces.py)
        board.add(_rows(static, viewer, mines), keep=False)
    men = tuple((m[0], m[1], tuple(m[2]), *m[3:]) for m in view["men"])
    board.group((men, view["mines_on"]), lambda sub: _men(game, men, viewer, view["mines_on"], sub))
    board.add("\n</svg>")
    return board.pieces


def _rows(static: _Static, viewer: int | None, mines: dict[tuple[int, int], bool]) -> str:
    return "".join("\n" + "\n".join(static.rows[row - 1] + _mines(row, viewer, mines)) for row in range(1, 25))


def _men(game: ArmyBackgammonGame, men: tuple[tuple[Any, ...], ...], viewer: int | None, mines_on: bool, board: PieceBuilder) -> None:
    """Every man, drawn once per game and viewer for each of his looks and places."""
    by_row: dict[int, list[tuple[Any, ...]]] = {}
    for man in men:
        by_row.setdefault(man[1], []).append(man)
    for here in by_row.values():
        for i, man in enumerate(here):  # drawn at his row, i-th from the left (the memo is the viewer's: rows run its way)
            board.draw((man, i, mines_on), lambda m=man, i=i: "\n" + "\n".join(_man(game, m, LEFT + 6 + i * 104, _y(m[1], viewer) + 2, mines_on)))  # type: ignore[misc]


def _header(game: ArmyBackgammonGame, view: dict[str, Any]) -> list[str]:
    out = [f'<text x="10" y="22" fill="#e8e8e8" font-size="15">{escape(view["status"])}</text>']
    x = 10
    sides = [m[0][0] for m in view["men"]]
    for p in (0, 1):
        count = sides.count("GT"[p])
        note = " (Sergeant dead)" if view["sergeant_lost"][p] else ""
        out.append(f'<text x="{x}" y="42" fill="{STROKE[p]}" font-size="13">{game.player_name(p)}: {count} men{note}</text>')
        x += 185
    if view["rolled"]:
        left = list(view["dice"])
        for i, d in enumerate(view["rolled"]):
            used = d not in left
            if not used:
                left.remove(d)
            dx = WIDTH - 10 - (len(view["rolled"]) - i) * 32  # right-aligned, below the status line
            opacity = "0.35" if used and view["phase"] in DICE_USED_PHASES else "1"
            out.append(f'<g opacity="{opacity}"><rect x="{dx}" y="30" width="26" height="26" rx="5" fill="#f5f5f5"/>'
                       f'<text x="{dx + 13}" y="49" text-anchor="middle" font-size="17" font-weight="bold" fill="#111">{d}</text></g>')
        if view["orders"]:
            out.append(f'<text x="10" y="62" fill="#9ecbff" font-size="12">{escape(ORDER_NAMES[view["orders"]])}</text>')
    return out


def _exits(viewer: int | None) -> list[str]:
    out = []
    for p in (0, 1):
        y = _y(25 if p == 0 else 0, viewer)
        label = f"{('Green', 'Tan')[p]} escapes here"
        out.append(f'<rect id="off-{p}" class="df-target" x="{LEFT}" y="{y}" width="{WIDTH - LEFT - 8}" height="{ROW_H - 2}" '
                   f'rx="4" fill="#111317" stroke="{STROKE[p]}" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{WIDTH // 2}" y="{y + 15}" text-anchor="middle" fill="{STROKE[p]}" font-size="12">{label}</text>')
    return out


def _band(row: int, viewer: int | None) -> list[str]:
    y = _y(row, viewer)
    fill = "#262a31" if row % 2 else "#2e333b"
    if row == 12 or row == 13:
        fill = "#30343d"
    return [
        f'<rect id="r-{row}" class="df-target" x="{LEFT}" y="{y}" width="{WIDTH - LEFT - 8}" height="{ROW_H - 1}" fill="{fill}"/>',
        f'<text x="{LEFT - 6}" y="{y + 15}" text-anchor="end" fill="#9aa0a8" font-size="12">{row}</text>',
    ]


def _mines(row: int, viewer: int | None, mines: dict[tuple[int, int], bool]) -> list[str]:
    y = _y(row, viewer)
    out = []
    for o in (0, 1):
        if (o, row) in mines:
            colour = "#ff5a4f" if mines[(o, row)] else "#ffd54f"
            out.append(f'<text x="{WIDTH - 16}" y="{y + 16}" text-anchor="end" fill="{colour}" font-size="14">✹</text>')
    return out


def _man(game: ArmyBackgammonGame, man: Sequence[Any], x: int, y: int, mines_on: bool) -> list[str]:
    name, _, weapons, stance, sergeant, detector = man
    p = 0 if name[0] == "G" else 1
    arms = "/".join(game.tables.weapon_abbr[w] for w in weapons) or "--"
    label = f"{name} {arms} {game.tables.stances[stance].abbr}"
    tip = f"{game.player_name(p)}'s man {name}: " + (", ".join(w.replace("-", " ") for w in weapons) or "no weapon")
    tip += f", {stance}" + (", the Sergeant" if sergeant else "") + (", mine detector" if detector and mines_on else "")
    out = [
        f'<g id="m-{name}" class="df-target" data-piece="m-{name}" aria-label="{escape(tip)}"><title>{escape(tip)}</title>',
        f'<rect x="{x}" y="{y}" width="98" height="{ROW_H - 5}" rx="8" fill="{FILL[p]}" stroke="{STROKE[p]}" stroke-width="1.5"/>',
        f'<text x="{x + 8}" y="{y + 13}" fill="{TEXT[p]}" font-size="11" font-weight="bold">{escape(label)}</text>',
    ]
    if sergeant:
        out.append(f'<text x="{x + 92}" y="{y + 13}" text-anchor="end" fill="#ffe066" font-size="12">★</text>')
    if detector and mines_on:
        out.append(f'<text x="{x + 80}" y="{y + 13}" text-anchor="end" fill="#7fdbff" font-size="11">◎</text>')
    out.append("</g>")
    return out


def action_path(state: ArmyState, action: Action) -> list[str]:
    """The ids to click for ``action``; [] for orders, skip and keeping stances."""
    if isinstance(action, Move):
        man = state.men[action.man]
        dest = man.row + forward(man.owner) * action.die
        return [f"m-{action.man}", f"off-{man.owner}" if not 1 <= dest <= 24 else f"r-{dest}"]
    if isinstance(action, Attack):
        return [f"m-{action.attacker}", f"m-{action.target}"]
    if isinstance(action, (ChangeStance, Sergeant, Detector)):
        return [f"m-{action.man}"]
    if isinstance(action, Mine):
        return [f"r-{action.row}"]
    return []


def legend(game: ArmyBackgammonGame) -> list[tuple[str, str]]:
    """What the marks on the board mean (shown next to it by the client)."""
    t = game.tables
    weapons = ", ".join(f"{abbr} {name.replace('-', ' ')}" for name, abbr in t.weapon_abbr.items())
    stances = ", ".join(f"{s.abbr} {name}" for name, s in t.stances.items())
    mines = [("◎", "carries the mine detector"), ("✹", "a minefield (red: revealed)")] if game.options.mines else []
    return [
        ("G3 / T3", "a man of Green / Tan and his number"),
        ("MT, RD, BZ…", "his weapon: " + weapons),
        ("P K S R", "his stance, last letter: " + stances),
        ("★", "the Sergeant"),
        *mines,
        ("1 … 24", "rows of the track; each side escapes at the far end"),
        ("white tiles", "this turn's dice (faded: used)"),
    ]


def action_label(state: ArmyState, action: Action) -> str | None:
    """Words for a button (None: the notation is clear enough)."""
    if isinstance(action, Orders):
        return ORDER_NAMES.get(action.kind, action.kind)
    if isinstance(action, Skip):
        return "Skip this phase (keep the die for later)"
    if isinstance(action, KeepStances):
        return "Keep every stance"
    return None
