"""Ditch for research tools: every action kind is finite (cells, pawn kinds, players),
so the action ids are core's generic product encoding; the observation is planes over
the board seen from the viewer ("mine" first) plus a few counters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.encoding import Features, ratio
from ...core.grid import Grid
from .actions import KIND_ORDER
from .constants import ACTIONS_PER_TURN, ARMY, BLOCK_TOKENS, REINFORCEMENTS, Phase

if TYPE_CHECKING:
    from . import DitchGame

PAWN_COUNT = max(ARMY.values())


def max_chance_outcomes(game: DitchGame) -> int:
    return 36  # two ordered dice (roll-off and combat); a move roll has 6


def observation_layout(game: DitchGame) -> list[tuple[str, tuple[int, ...]]]:
    grid = game.board.grid
    hw = (grid.height, grid.width)
    return [
        ("pawns", (2, len(KIND_ORDER), *hw)),  # [mine, theirs] x Archer, Skirmisher, Soldier
        ("blocks", hw),
        ("zones", (3, *hw)),  # my deployment zone, theirs, green squares
        ("pending", (3, *hw)),  # the moving pawn's start, the attacker, the target
        ("phase", (len(Phase.ALL),)),
        ("to_act", (2,)),  # me, the opponent
        ("to_deploy", (2, len(KIND_ORDER))),
        ("fallen", (2, len(KIND_ORDER))),
        ("tokens", (2, 2)),  # reinforcements left, blocks left (mine, theirs)
        ("turn", (3,)),  # actions left this turn, turn / turn limit, move roll / 6
    ]


def observation(game: DitchGame, view: dict[str, Any]) -> list[float]:
    me = view["viewer"] or 0
    f = Features.start(game, me, lambda base: _zones(base, game, me))
    grid = game.board.grid

    def at(name: str) -> tuple[int, int]:
        col, row = _cell(grid, name)
        return row, col

    def side(owner: int) -> int:
        return 0 if owner == me else 1

    for cell, owner, kind in view["pawns"]:
        f.set("pawns", (side(owner), KIND_ORDER.index(kind), *at(cell)))
    for cell in view["blocks"]:
        f.set("blocks", at(cell))
    pending = view["pending"]
    if pending and view["phase"] in Phase.MOVING:
        f.set("pending", (0, *at(pending[0])))
        f.set("turn", 2, ratio(pending[1], 6))
    elif pending and view["phase"] in Phase.ATTACKING:
        f.set("pending", (1, *at(pending[0])))
        f.set("pending", (2, *at(pending[1])))
    f.one_hot("phase", Phase.ALL.index(view["phase"]))
    for p in view["actors"]:
        f.set("to_act", side(p))
    for p in (0, 1):
        for k, kind in enumerate(KIND_ORDER):
            f.set("to_deploy", (side(p), k), ratio(view["to_deploy"][p][kind], PAWN_COUNT))
            f.set("fallen", (side(p), k), ratio(view["fallen"][p][kind], PAWN_COUNT))
        f.set("tokens", (side(p), 0), ratio(view["reinforcements_left"][p], REINFORCEMENTS))
        f.set("tokens", (side(p), 1), ratio(view["blocks_left"][p], BLOCK_TOKENS))
    f.set("turn", 0, ratio(view["actions_left"], ACTIONS_PER_TURN))
    f.set("turn", 1, ratio(view["turn"], game.options.turn_limit))
    return f.values


def _zones(f: Features, game: DitchGame, me: int) -> None:
    """The static planes (they depend only on the options and the viewer's seat)."""
    for plane, cells in enumerate((game.board.zone(me), game.board.zone(1 - me), game.board.green)):
        f.plane("zones", (plane,), cells)


def _cell(grid: Grid, name: str) -> tuple[int, int]:
    cell = grid.parse(name)
    if cell is None:
        raise ValueError(f"not a square of this board: {name!r}")
    return cell
