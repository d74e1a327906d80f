"""Die Fighting, by Daniel E. Schorr: armies of dice bought with points, alternating
activation, terrain maps, charges, break-aways and ranged fire. See RULES.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path

from ...core.errors import DataFileError, OptionError
from ...core.game import Game
from ...core.grid import Grid
from ...core.options import opt
from .rules import DieFightingState
from .tables import DEPLOY_ROWS, SHIPPED_MAPS, Army, MapTile, UnitTable, load_army, load_map, load_units
from .terrain import LAYOUTS, Field


@lru_cache(maxsize=16)
def _field(tiles: tuple[MapTile, ...]) -> Field:
    """The battlefield of these map tiles, shared by every game that joins the same
    tiles (building one takes ~15 ms for four maps; loading a saved position loads the
    game again). A Field never changes but for its memos."""
    return Field(tiles)


# mode -> (points, maps, default rounds of a timed game) (rules 1.2 and 9.2)
MODES = {"skirmish": (50, 1, 6), "battle": (150, 2, 10), "war": (200, 4, 16)}


@dataclass(frozen=True)
class DieFightingOptions:
    mode: str = field(default="skirmish", metadata=opt(
        "Skirmish (50 points, 1 map), Battle (150 points, 2 maps) or War (200 points, 4 maps)",
        choices=tuple(MODES)))
    map: str = field(default="choose", metadata=opt(
        "choose (the set-up roll winner picks among the four maps), or a map name (ruined_tower, forests_edge, "
        "stream, blue_field) or your own .toml file, or a comma-separated list with one map per slot",
        data="data/maps", special=("choose",)))
    army0: str = field(default="default", metadata=opt(
        "The first player's army (Player 1): default (the mode's army), buy (bought during set-up), or an army list name or your own .toml file",
        data="data/armies", special=("default", "buy")))
    army1: str = field(default="default", metadata=opt("The second player's army (Player 2), like army0", data="data/armies", special=("default", "buy")))
    units: str = field(default="default", metadata=opt("The unit table: default or your own unit table .toml file", data="data/units"))
    victory: str = field(default="elimination", metadata=opt(
        "elimination (last army on the map wins) or timed (after the round limit, most points eliminated wins)",
        choices=("elimination", "timed")))
    timed_rounds: int = field(default=0, metadata=opt(
        "Rounds of a timed game; 0: the mode's clock (Skirmish 6, Battle 10, War 16)", min=0, max=500))
    round_limit: int = field(default=30, metadata=opt(
        "An elimination game still undecided after this many rounds is a draw", min=1, max=500))
    regroup: str = field(default="type", metadata=opt(
        "Which units may regroup together (rule 7.6): type (the same unit type: Foot, Mounted or Ranged) or kind (the same unit)",
        choices=("type", "kind"), legacy="kind"))
    combat_pass: str = field(default="when-stuck", metadata=opt(
        "When an activated unit may pass in the combat phase (rule 7.1): when-stuck (only with no action open) or always",
        choices=("when-stuck", "always"), legacy="always"))
    blocked_overflow: bool = field(default=True, metadata=opt(
        "Damage above 1 stopped by Blocking terrain goes to an exposed enemy next to the target (else it is lost)"))


class DieFightingGame(Game[DieFightingOptions, DieFightingState]):
    name = "die_fighting"
    title = "Die Fighting"
    summary = "Armies of dice: each unit is a die whose face is its strength; terrain maps, charges and archers."
    options_class = DieFightingOptions
    presets = {
        "default": {},
        "ruined-tower": {"map": "ruined_tower"},
        "forests-edge": {"map": "forests_edge", "blocked_overflow": False},
        "stream-timed": {"map": "stream", "victory": "timed"},
        "blue-field-bought": {"map": "blue_field", "army0": "buy", "army1": "buy"},
        "battle": {"mode": "battle", "round_limit": 16},
        "war": {"mode": "war", "victory": "timed", "timed_rounds": 8},
    }
    rules_file = Path(__file__).with_name("RULES.md")

    def _check_options(self) -> None:
        self.table  # noqa: B018 - loads and validates the unit table now
        # the shipped maps are all 10x10 (checked by the tests); a designer's maps here
        tiles = [self.tile(k) for k in (self.fixed_maps or SHIPPED_MAPS[:1])]
        w, h = tiles[0].width, tiles[0].height
        for t in tiles:
            if (t.width, t.height) != (w, h):
                raise DataFileError(f"map {t.key} is {t.width}x{t.height} but map {tiles[0].key} is {w}x{h}: joined maps must match")
        across, deep = LAYOUTS[self.map_count]
        if w * across > 26 or h * deep > 99:
            raise OptionError(f"option map: {self.map_count} maps of {w}x{h} joined are wider than 26 squares")
        self.armies  # noqa: B018 - loads and validates the army lists now

    # ----- data ----------------------------------------------------------------------------
    @cached_property
    def table(self) -> UnitTable:
        return load_units(self.data_file("units", self.options.units))

    @property
    def points(self) -> int:
        return MODES[self.options.mode][0]

    @property
    def map_count(self) -> int:
        return MODES[self.options.mode][1]

    @cached_property
    def fixed_maps(self) -> tuple[str, ...] | None:
        """The map of each slot when the option fixes them (rule 3.2), else None."""
        if self.options.map == "choose":
            return None
        names = [n.strip() for n in self.options.map.split(",") if n.strip()]
        if len(names) == 1:
            names = names * self.map_count
        if len(names) != self.map_count:
            raise OptionError(f"option map: {self.options.mode} needs {self.map_count} maps, got {len(names)}")
        return tuple(self.tile(n).key for n in names)

    @cached_property
    def _tiles(self) -> dict[str, MapTile]:
        return {}

    def tile(self, key: str) -> MapTile:
        tile = self._tiles.get(key)
        if tile is None:
            tile = load_map(self.data_file("map", key))
            self._tiles[key] = tile
            self._tiles[tile.key] = tile
        return tile

    @cached_property
    def _fields(self) -> dict[tuple[str, ...], Field]:
        return {}

    def field_for(self, keys: list[str] | tuple[str, ...]) -> Field:
        key = tuple(keys)
        found = self._fields.get(key)
        if found is None:
            found = self._fields[key] = _field(tuple(self.tile(k) for k in key))
        return found

    @cached_property
    def grid(self) -> Grid:
        tile = self.tile((self.fixed_maps or SHIPPED_MAPS)[0])
        across, deep = LAYOUTS[self.map_count]
        return Grid(tile.width * across, tile.height * deep)

    @property
    def capacity(self) -> int:
        """Rule 2.7: an army may not have more units than its deployment zone holds."""
        return DEPLOY_ROWS * self.grid.width

    @cached_property
    def armies(self) -> tuple[Army | None, Army | None]:
        out: list[Army | None] = []
        loaded: dict[str, Army] = {}
        for option, value in (("army0", self.options.army0), ("army1", self.options.army1)):
            if value == "buy":
                out.append(None)
                continue
            name = self.options.mode if value == "default" else value
            if name not in loaded:
                loaded[name] = load_army(self.data_file(option, name), self.table, self.points, self.capacity)
            out.append(dict(loaded[name]))
        return (out[0], out[1])

    @property
    def round_limit(self) -> int:
        if self.options.victory == "timed":
            return self.options.timed_rounds or MODES[self.options.mode][2]
        return self.options.round_limit

    def length_bound(self) -> int:
        # buying and deploying: one step per unit; a round: an initiative roll, then per
        # unit 2 movement steps and at most activate, order, attack roll, one defence
        # roll per target and damage (or a break-away move); plus room for re-rolls
        per_unit = 6 + max(c.targets for c in self.table.units.values()) + 1
        setup = 4 * (self.capacity + 1) + self.map_count + 4
        return setup + self.round_limit * (1 + 2 * self.capacity * per_unit) + 300

    # ----- states ------------------------------------------------------------------------------
    def new_state(self) -> DieFightingState:
        return DieFightingState(self)


GAME_CLASS = DieFightingGame
