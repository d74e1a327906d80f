"""Die Fighting for research tools. Unit keys (a unit code with an optional commander)
and map names are finite per unit table, so most actions use core's product encoding.
An attack may name several targets: it is encoded by its position among the legal
attacks (state-relative), bounded by the combinations of the most targets a unit may
take from the largest army. The observation: planes over the battlefield (units by
owner and type with their strength, commanders, terrain, deployment zones, the active
unit and the targets of the roll in progress) and the counters of set-up and rounds."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

from ...core.encoding import ActionCodec, Features, LegalIndexCodec, ratio
from ...core.grid import Grid
from .actions import Attack
from .constants import Phase, Stage
from .rules import BOTH_2D6
from .tables import SHIPPED_MAPS, army_key
from .terrain import SIDES

if TYPE_CHECKING:
    from . import DieFightingGame

PHASES = tuple(Phase)
STAGES = tuple(Stage)
TERRAINS = ("clear", "slow", "blocking")


def _keys(game: DieFightingGame) -> tuple[str, ...]:
    return tuple(army_key(k, c) for k in game.table.units for c in ("", *game.table.commanders))


DOMAINS = {"unit": _keys, "mapname": lambda game: SHIPPED_MAPS}


def max_targets(game: DieFightingGame) -> int:
    table = game.table
    return max(table.stat(k, c, "targets") for k in table.units for c in ("", *table.commanders))


def action_codecs(game: DieFightingGame) -> dict[type, ActionCodec]:
    bound = sum(comb(game.capacity, k) for k in range(1, max_targets(game) + 1))
    return {Attack: LegalIndexCodec(Attack, bound)}


def max_chance_outcomes(game: DieFightingGame) -> int:
    table = game.table
    damage = max(table.stat(k, c, "damage") for k in table.units for c in ("", *table.commanders))
    return max(len(BOTH_2D6), damage)


def observation_layout(game: DieFightingGame) -> list[tuple[str, tuple[int, ...]]]:
    grid = game.grid
    hw = (grid.height, grid.width)
    units, commanders = len(game.table.units), len(game.table.commanders)
    return [
        ("units", (2, units, *hw)),  # [mine, theirs] x unit type: points / die
        ("commanders", (2, commanders, *hw)),
        ("unit_state", (4, *hw)),  # ranged uses left / uses, done this round, the active unit, targets of the roll
        ("terrain", (len(TERRAINS), *hw)),  # once the maps are chosen
        ("zones", (2, *hw)),  # my deployment zone, theirs (once sides are chosen)
        ("phase", (len(PHASES),)),
        ("stage", (len(STAGES),)),
        ("to_move", (2,)),
        ("maps", (len(SHIPPED_MAPS),)),  # shipped maps chosen so far
        ("army", (2, len(_keys(game)))),  # units still to deploy / capacity
        ("sides", (2, 5)),  # spent / points, buying, lost / (2 x points), south, roll winner
        ("time", (2,)),  # round / round limit, first player is me
        ("roll", (2,)),  # attack total / 20, hits so far / targets
    ]


def observation(game: DieFightingGame, view: dict[str, Any]) -> list[float]:
    me = view["viewer"] or 0
    sides = (me, 1 - me)
    maps, south = tuple(view["maps"]), view["south"]
    f = Features.start(game, (maps, south, me), lambda base: _field(base, game, maps, south, sides))
    grid = game.grid
    at = _at(grid)
    kinds, commanders = list(game.table.units), list(game.table.commanders)
    cells: dict[int, tuple[int, int]] = {}
    done = set(view["done"])
    for uid, owner, kind, commander, cell, points, uses in view["units"]:
        rc = cells[uid] = at(cell)
        f.set("units", (sides.index(owner), kinds.index(kind), *rc), ratio(points, game.table.stat(kind, commander, "die")))
        if commander:
            f.set("commanders", (sides.index(owner), commanders.index(commander), *rc))
        card_uses = game.table.units[kind].uses
        f.set("unit_state", (0, *rc), ratio(uses, card_uses) if card_uses else 0.0)
        f.set("unit_state", (1, *rc), uid in done)
    if view["active"] in cells:
        f.set("unit_state", (2, *cells[view["active"]]))
    f.one_hot("phase", PHASES.index(view["phase"]))
    f.one_hot("stage", STAGES.index(view["stage"]))
    if view["phase"] != Phase.OVER:
        f.set("to_move", sides.index(view["player"]))
    for key in view["maps"]:
        if key in SHIPPED_MAPS:
            f.set("maps", SHIPPED_MAPS.index(key))
    keys = _keys(game)
    for s, p in enumerate(sides):
        for key, count in view["army"][p].items():
            f.set("army", (s, keys.index(key)), ratio(count, game.capacity))
        values = (ratio(view["spent"][p], game.points), view["buying"][p], ratio(view["lost"][p], 2 * game.points),
                  view["south"] == p, view["roll_winner"] == p)
        for k, value in enumerate(values):
            f.set("sides", (s, k), float(value))
    f.set("time", 0, ratio(view["round"], game.round_limit))
    f.set("time", 1, view["first"] == me)
    _pending(f, view["pending"], cells)
    return f.values


def _at(grid: Grid) -> Any:
    def at(name: str) -> tuple[int, int]:
        cell = grid.parse(name)
        if cell is None:
            raise ValueError(f"not a square of this battlefield: {name!r}")
        return cell[1], cell[0]

    return at


def _field(f: Features, game: DieFightingGame, maps: tuple[str, ...], south: int | None, sides: tuple[int, int]) -> None:
    """The static planes: terrain once the maps are chosen, zones once sides are."""
    if len(maps) != game.map_count:
        return
    board = game.field_for(maps)
    for col, row in game.grid.cells():
        terrain = board.terrain((col, row))
        if terrain in TERRAINS:
            f.set("terrain", (TERRAINS.index(terrain), row, col))
    if south is None:
        return
    for s, p in enumerate(sides):
        f.plane("zones", (s,), board.zone(SIDES[0] if south == p else SIDES[1]))


def _pending(f: Features, pending: dict[str, Any] | None, cells: dict[int, tuple[int, int]]) -> None:
    if pending is None:
        return
    for uid in pending["targets"]:
        if uid in cells:
            f.set("unit_state", (3, *cells[uid]))
    if pending["total"] is not None:
        f.set("roll", 0, ratio(pending["total"], 20))
    f.set("roll", 1, ratio(len(pending["hits"]), max(len(pending["targets"]), 1)))
