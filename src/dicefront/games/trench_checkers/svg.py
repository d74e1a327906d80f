"""Trench Checkers as SVG for the browser client, drawn from a view."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.game import Action
from ...core.grid import Cell, Grid
from ...core.svg_pieces import SEP, PieceBuilder, PieceMemo
from .actions import Attack, ChooseFirst, EndAttacks, Move, Pass, PlaceTerrain, Play

if TYPE_CHECKING:
    from . import TrenchCheckersGame
    from .rules import TrenchState

SIZE = 56
MARGIN = 24
FILL = {"grass": "#2f5d2f", "trench": "#6b4a2b", "depot": "#8a7a1c", "claimed": "#4d4a32"}
PIECE = ("#4fc3f7", "#ef5350")
RANK_FILL = {"S": None, "V": "#ffd54f", "C": "#ffffff"}


def cell_id(cell: Cell) -> str:
    return f"c-{Grid.name(cell)}"


def action_path(state: TrenchState, action: Action) -> list[str]:
    """The cells clicked for ``action``: the unit then its target, or the one target."""
    if isinstance(action, (Move, Attack)):
        return [cell_id(action.src), cell_id(action.dst)]
    if isinstance(action, PlaceTerrain):
        return [cell_id(action.cell)]
    if isinstance(action, Play) and action.cell is not None:
        return [cell_id(action.cell)]
    return []


class _Static(NamedTuple):
    """What every picture of one game shows (see :func:`static_svg`)."""

    head: list[str]
    cells: list[tuple[Cell, int, int, str]]  # each square: where it is drawn, its ground
    labels: list[str]  # the files' letters and the ranks' numbers
    memo: PieceMemo  # the squares drawn and cut so far (render_pieces)
    at: dict[str, Cell]  # each square by its name
    head_text: str  # ``head`` joined
    labels_text: str  # ``labels`` joined


def static_svg(game: TrenchCheckersGame, viewer: int | None) -> _Static:
    """The parts that depend on the game only (drawn once per game and viewer; the
    core caches it)."""
    b = game.board
    grid = b.grid
    w, h = grid.width * SIZE + 2 * MARGIN, grid.height * SIZE + 2 * MARGIN + 70
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" font-family="sans-serif">',
        f'<rect width="{w}" height="{h}" fill="#161616"/>',
    ]
    cells = [(cell, *_xy(grid, cell), "trench" if cell in b.trench else "depot" if cell in b.depots else "grass") for cell in grid.cells()]
    labels = []
    for i in range(grid.width):
        x = MARGIN + i * SIZE + SIZE // 2
        labels.append(f'<text x="{x}" y="{MARGIN - 7}" font-size="12" fill="#aaa" text-anchor="middle">{chr(97 + i)}</text>')
    for r in range(grid.height):
        y = MARGIN + (grid.height - 1 - r) * SIZE + SIZE // 2 + 4
        labels.append(f'<text x="{MARGIN - 6}" y="{y}" font-size="12" fill="#aaa" text-anchor="end">{r + 1}</text>')
    return _Static(head, cells, labels, PieceMemo(), {Grid.name(c): c for c in grid.cells()}, "".join(head), "".join(labels))


def render_svg(game: TrenchCheckersGame, view: dict[str, Any], static: _Static | None = None) -> str:
    """The board as the view's viewer sees it; ``static``: :func:`static_svg` (drawn
    here when not given)."""
    return SEP.join(render_pieces(game, view, static))


def render_pieces(game: TrenchCheckersGame, view: dict[str, Any], static: _Static | None = None) -> list[str]:
    """:func:`render_svg` cut before every element id (core/svg_pieces.py): a square is
    drawn once per game and viewer for each of its contents, and a square that did not
    change comes back as the same piece."""
    if static is None:
        static = static_svg(game, view["viewer"])
    grid = game.board.grid
    board = PieceBuilder(static.memo)
    board.add(static.head_text)
    key = (tuple(map(tuple, view["stacks"])), tuple(tuple(ids) for _, ids in view["pieces"]), tuple(map(tuple, view["terrain"])),
           tuple(view["claimed"]), tuple(view["wounded"]))
    board.group(key, lambda squares: _squares(game, static, view, squares))
    board.add(static.labels_text)
    board.add("".join(_footer(game, view, MARGIN + grid.height * SIZE + 20)), keep=False)  # the status: new at every step
    board.add("</svg>")
    return board.pieces


def _squares(game: TrenchCheckersGame, static: _Static, view: dict[str, Any], board: PieceBuilder) -> None:
    """Every square with what stands on it, each drawn once per game and viewer for each
    of its contents."""
    at = static.at
    stacks = {at[c]: (o, r, a) for c, o, r, a in view["stacks"]}
    pids = {at[c]: tuple(ids) for c, ids in view["pieces"]}  # the same squares as "stacks"
    terrain = {at[c] for c, _ in view["terrain"]}
    claimed = {at[c] for c in view["claimed"]}
    wounded = tuple(view["wounded"])
    for cell, x, y, kind in static.cells:
        if kind == "depot" and cell in claimed:
            kind = "claimed"
        stack = stacks.get(cell)
        key = (cell, kind, cell in terrain, stack, pids.get(cell), stack is not None and wounded[stack[0]])
        board.draw(key, lambda: _square(game, cell, x, y, kind, key[2], stack, pids.get(cell, ()), wounded))  # noqa: B023 (called at once)


def _square(game: TrenchCheckersGame, cell: Cell, x: int, y: int, kind: str, blocked: bool,
            stack: tuple[int, str, bool] | None, ids: tuple[int, ...], wounded: tuple[bool, ...]) -> str:
    """One square with what stands on it: its ground, terrain and stack."""
    tip = _tip(game, Grid.name(cell), kind, stack)
    out = [
        f'<rect id="{cell_id(cell)}" class="df-target" x="{x}" y="{y}" width="{SIZE}" height="{SIZE}" '
        f'fill="{FILL[kind]}" stroke="#111" stroke-width="1" aria-label="{escape(tip)}"><title>{escape(tip)}</title></rect>'
    ]
    if kind in ("depot", "claimed"):
        out.append(f'<text x="{x + 4}" y="{y + 13}" font-size="11" fill="#e6d35a" pointer-events="none">$</text>')
    if blocked:
        out.append(f'<rect x="{x + 8}" y="{y + 8}" width="{SIZE - 16}" height="{SIZE - 16}" rx="6" fill="#777" stroke="#ccc" pointer-events="none"/>')
    if stack is not None:
        owner, ranks, active = stack
        out.extend(_stack(x, y, owner, list(zip(ids, ranks, strict=True)), active, wounded[owner]))
    return "".join(out)


RANK_NAMES = {"S": "Soldier", "V": "Veteran", "C": "Commando"}


def _tip(game: TrenchCheckersGame, name: str, kind: str, stack: tuple[int, str, bool] | None) -> str:
    """A square's tooltip: where, what ground, whose pieces."""
    ground = {"trench": "trench", "depot": "supply depot", "claimed": "claimed depot"}.get(kind, "grass")
    if stack is None:
        return f"{name}: {ground}"
    owner, ranks, active = stack
    pieces = ", ".join(RANK_NAMES[r] + (" (asleep)" if r == "C" and not active else "") for r in ranks)
    return f"{name}: {ground}; {game.seat_name(owner)}: {pieces}"


def _xy(grid: Grid, cell: Cell) -> tuple[int, int]:
    return MARGIN + cell[0] * SIZE, MARGIN + (grid.height - 1 - cell[1]) * SIZE


def _stack(x: int, y: int, owner: int, pieces: list[tuple[int, str]], active: bool, wounded: bool) -> list[str]:
    """One disc per piece, bottom up, each carrying its piece id (``data-piece``: it
    glides when it moves, also onto or off another stack); the label rides on the top disc."""
    out = []
    cx = x + SIZE // 2
    ordered = pieces if len(pieces) == 1 else sorted(pieces, key=lambda p: "SVC".index(p[1]))  # stable: the stack's own order among equal ranks
    ranks = "".join(r for _, r in ordered)
    top = ranks[-1]
    label = {"S": "", "V": "V", "C": "C"}[top] + (str(len(ranks)) if len(ranks) > 1 else "") + ("*" if "C" in ranks and wounded else "")
    for i, (pid, r) in enumerate(ordered):
        cy = y + SIZE // 2 + 8 - i * 7
        dash = ' stroke-dasharray="3 2"' if r == "C" and not active else ""
        opacity = "0.45" if r == "C" and not active else "1"
        out.append(
            f'<g data-piece="p{pid}" pointer-events="none"><circle cx="{cx}" cy="{cy}" r="17" fill="{PIECE[owner]}" fill-opacity="{opacity}" '
            f'stroke="{RANK_FILL[r] or "#102030"}" stroke-width="3"{dash}/>'
        )
        if label and i == len(ordered) - 1:
            out.append(f'<text x="{cx}" y="{cy + 5}" font-size="14" font-weight="bold" fill="#111" text-anchor="middle">{escape(label)}</text>')
        out.append("</g>")
    return out


def _footer(game: TrenchCheckersGame, view: dict[str, Any], y: int) -> list[str]:
    lines = [escape(view.get("status", ""))]
    if game.options.cards:
        hs = view["hand_sizes"]
        lines.append(f"Cards in hand: {game.seat_name(0)} {hs[0]}, {game.seat_name(1)} {hs[1]}; deck {view['deck_size']}")
    combat = view.get("combat")
    if combat and combat["rolls"][0]:
        lines.append(f"Dice: attacker {combat['rolls'][0]}+{combat['bonus'][0]} vs defender {combat['rolls'][1]}+{combat['bonus'][1]}")
    return [f'<text x="{MARGIN}" y="{y + i * 17}" font-size="13" fill="#ddd">{t}</text>' for i, t in enumerate(lines)]


def legend(game: TrenchCheckersGame) -> list[tuple[str, str]]:
    """What the marks on the board mean (shown next to it by the client)."""
    out = [
        ("blue / red disc", "a Soldier of each side; discs on top of each other are a stack"),
        ("2, 3", "how many pieces are in the stack"),
        ("V, gold rim", "a Veteran (a Soldier who reached the enemy trench)"),
        ("C", "a side's Commando, waiting behind enemy lines; faint with a dotted rim (it looks green or orange on a depot): not awake yet; * wounded"),
        ("brown row", "a trench"),
        ("$", "a supply depot (faded: claimed)"),
        ("grey block", "terrain placed by a player"),
    ]
    if game.options.cards:
        out.append(("Your hand", "your secret ability cards, under the board (the other side sees only how many)"))
    return out


def hand(game: TrenchCheckersGame, view: dict[str, Any]) -> dict[str, Any] | None:
    """The hands shown next to the board, from a view only: the viewer's cards with
    their names and texts, every seat's hand only as a count (rule 10.3)."""
    if not game.options.cards:
        return None
    cards = []
    for card_id in view.get("hand") or []:
        card = game.cards.by_id(card_id)
        if card is not None:
            cards.append({"id": card.id, "name": card.name, "text": card.text})
    counts = [{"seat": p, "name": game.seat_name(p), "count": n} for p, n in enumerate(view["hand_sizes"])]
    return {"cards": cards if view.get("hand") is not None else None, "counts": counts, "deck": view["deck_size"]}


def action_card(state: TrenchState, action: Action) -> str | None:
    """The card an action plays (its card in the hand is clickable), or None."""
    return action.card if isinstance(action, Play) else None


def action_label(state: TrenchState, action: Action) -> str | None:
    """Words for a button (None: the notation is clear enough)."""
    if isinstance(action, Play):
        names = {c.id: c.name for c in state.game.cards.cards}
        return f"Play {names.get(action.card, action.card)}" + (f" on {Grid.name(action.cell)}" if action.cell is not None else "")
    if isinstance(action, ChooseFirst):
        return f"{state.game.seat_name(action.player)} goes first"
    if isinstance(action, EndAttacks):
        return "End my attacks"
    if isinstance(action, Pass):
        return "Play no card"
    return None


def action_note(state: TrenchState, action: Action) -> str | None:
    """What an attack or an Airstrike will surely do instead of rolling: nothing, when
    the enemy's Flashbang cancels it (rule 11.3; the flag is public)."""
    if len(state.actors) != 1 or not state.cancel_next[state.actors[0]]:
        return None
    if isinstance(action, Attack):
        return "cancelled by the enemy's Flashbang: no dice are rolled, and it still counts as your attack"
    if isinstance(action, Play) and state.effect_of(action.card) == "airstrike":
        return "cancelled by the enemy's Flashbang: no dice are rolled, the card is spent and you still lose your next turn"
    return None


def same_picture(game: Any, view: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two viewers' views draw the same picture (the server then draws it once):
    every viewer sees the board the same way, and the picture shows no hand."""
    return _without(view) == _without(other)


def _without(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("viewer", "hand")}
