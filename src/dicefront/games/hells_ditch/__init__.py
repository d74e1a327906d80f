"""Hell's Ditch, by Brad Dougher: two clans raid a valley with three warbands each,
writing their orders in secret and carrying them out at the same time. See RULES.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ...core.game import Game
from ...core.options import opt
from .constants import TURNS_PER_ROUND
from .mapdata import ValleyMap, load_map
from .rules import HellsDitchState
from .tables import Tables

PLAYER_NAMES = ("Black", "White")

# Bound on the steps of one turn (see length_bound): 10 planning actions, and per roll
# one chance step and two decisions; at most 24 rolls without damage (first rolls of
# fights and after a back-out) and at most 60 HP of damage (six warbands of 5 HP plus
# up to six recruits) for rolls after which empty rolls are skipped.
STEPS_PER_TURN = 10 + (24 + 60) * 3


@dataclass(frozen=True)
class HellsDitchOptions:
    map: str = field(default="valley", metadata=opt("Map: a shipped map (valley) or your own map TOML file", data="data"))
    target_loot: int = field(default=7, metadata=opt("Loot needed to win", min=1, max=100))
    road_meeting: str = field(
        default="clash",
        metadata=opt(
            "Two warbands swapping places along one road in the same step: clash (they meet and fight on the road) "
            "or pass (they slip past each other)",
            choices=("clash", "pass"),
        ),
    )
    stacking: str = field(
        default="strongholds",
        metadata=opt(
            "Where several of your warbands may stand together: strongholds (either stronghold) or own-stronghold (only yours)",
            choices=("strongholds", "own-stronghold"),
        ),
    )
    shared_victory: str = field(
        default="draw",
        metadata=opt(
            "Both players reach the target with equal loot in the same step: draw, or play-on until one leads at the end of a step",
            choices=("draw", "play-on"),
        ),
    )
    reveal: str = field(
        default="order",
        metadata=opt(
            "What the reveal shows (rule 2.4): order (the counters; each order is seen when it is carried out) "
            "or plan (the counters and both whole lists of orders)",
            choices=("order", "plan"),
        legacy="plan"),
    )
    round_limit: int = field(default=30, metadata=opt("The game is a draw after this many rounds (3 turns each)", min=1, max=1000))


class HellsDitchGame(Game[HellsDitchOptions, HellsDitchState]):
    name = "hells_ditch"
    title = "Hell's Ditch"
    summary = "Raid the valley with three warbands: secret order counters, simultaneous orders, fights to the last HP."
    options_class = HellsDitchOptions
    hidden_information = True
    simultaneous = True
    side_names = PLAYER_NAMES
    presets = {
        "default": {},
        "pass-on-roads": {"road_meeting": "pass"},
        "strict": {"stacking": "own-stronghold", "shared_victory": "play-on"},
        "quick": {"target_loot": 4, "round_limit": 8},
    }
    rules_file = Path(__file__).with_name("RULES.md")

    def _check_options(self) -> None:
        _ = self.valley  # loads and validates the map file now

    @cached_property
    def valley(self) -> ValleyMap:
        return load_map(self.data_file("map", self.options.map))

    @cached_property
    def tables(self) -> Tables:
        """Lookup tables for the hot paths, built once from the map and the options."""
        return Tables(self.valley, self.options.stacking, PLAYER_NAMES)

    def length_bound(self) -> int:
        return self.options.round_limit * TURNS_PER_ROUND * STEPS_PER_TURN + 10

    def new_state(self) -> HellsDitchState:
        return HellsDitchState(self)


GAME_CLASS = HellsDitchGame
