"""Army Man Backgammon, from Warpspawn: two armies of toy soldiers race down a
backgammon track, one die to move and the other to shoot. See RULES.md."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from math import factorial
from pathlib import Path
from typing import Any

from ...core.chance import Outcomes, Roll
from ...core.errors import OptionError
from ...core.game import Game
from ...core.options import opt
from .actions import Attack, ChangeStance, Move
from .constants import ATTACKS_AFTER
from .roster import Roster
from .rules import ArmyState
from .setup import starting_men
from .tables import Army, Tables, load_army, load_tables
from .tactics import Context, Memo


@dataclass(frozen=True)
class ArmyBackgammonOptions:
    army: str = field(
        default="default",
        metadata=opt("Army list: a shipped army (default, small, large, multi) or your own army TOML file", data="data/armies"),
    )
    setup: str = field(
        default="army",
        metadata=opt("army: men are armed as the army list says; choose: players arm their men and name the Sergeant at set-up",
                     choices=("army", "choose")),
    )
    sergeant: str = field(
        default="choose",
        metadata=opt("choose: each player names his Sergeant at set-up; army: the army list names him (with setup=army)",
                     choices=("choose", "army"), legacy="army"),
    )
    weapons_per_man: int = field(default=1, metadata=opt("Weapons each man gets when players arm them (setup=choose)", min=1, max=3))
    dice: int = field(default=2, metadata=opt("Dice rolled each turn (the 'more dice' variant)", min=2, max=4))
    dice_rule: str = field(
        default="whole-turn",
        metadata=opt("whole-turn: orders must use as many dice as any orders could; within-orders: orders are free, "
                     "then the dice must be used if possible", choices=("whole-turn", "within-orders")),
    )
    attack_direction: str = field(
        default="both",
        metadata=opt("both: a man may fire at enemies ahead of or behind him; ahead: only ahead", choices=("both", "ahead")),
    )
    mines: bool = field(default=False, metadata=opt("Mine Detector optional rules: hidden minefields and mine detectors"))
    minefields: int = field(default=3, metadata=opt("Hidden minefields per player (with mines)", min=1, max=6))
    detector_sweep: str = field(
        default="land",
        metadata=opt("land: a mine detector destroys a minefield on the row he lands on; pass: also on every row he moves over (with mines)",
                     choices=("land", "pass")),
    )
    minefield_zone: int = field(
        default=12, metadata=opt("Minefields go on this many rows counted from your own back row (12: your half)", min=6, max=12),
    )
    turn_limit: int = field(default=200, metadata=opt("The game is a draw after this many turns (both players' turns counted)",
                                                      min=2, max=10_000))


def _turn_outcomes(n: int) -> Outcomes:
    """Every multiset of ``n`` dice with its exact probability (order never matters)."""
    out = []
    for faces in itertools.combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for c in Counter(faces).values():
            ways //= factorial(c)
        out.append((Roll(faces), Fraction(ways, 6**n)))
    return out


class ArmyBackgammonGame(Game[ArmyBackgammonOptions, ArmyState]):
    name = "army_backgammon"
    title = "Army Man Backgammon"
    summary = "Toy soldiers race down a backgammon track: one die moves a man, the other fires a weapon of that range."
    options_class = ArmyBackgammonOptions
    hidden_information = True
    side_names = ("Green", "Tan")
    presets = {
        "default": {},
        "mines": {"mines": True},
        "choose-army": {"setup": "choose", "mines": True, "minefields": 2},
        "small-army": {"army": "small", "attack_direction": "ahead"},
        "large-army": {"army": "large", "dice_rule": "within-orders"},
        "three-dice": {"dice": 3},
        "multi-weapon": {"army": "multi", "setup": "army"},
    }
    rules_file = Path(__file__).with_name("RULES.md")

    def _check_options(self) -> None:
        army = self.army  # loads and validates the data files now
        if self.options.setup == "army" and self.options.weapons_per_man != 1:
            raise OptionError("option weapons_per_man: only used with setup=choose (the army list arms the men otherwise)")
        if self.options.weapons_per_man > len(self.tables.ranges):
            raise OptionError("option weapons_per_man: more than there are weapons")
        if len(army.men) < 1:
            raise OptionError("the army has no men")

    @cached_property
    def tables(self) -> Tables:
        return load_tables()

    @cached_property
    def army(self) -> Army:
        return load_army(self.data_file("army", self.options.army), self.tables)

    @cached_property
    def context(self) -> Context:
        return Context.build(self.tables, self.options.attack_direction == "ahead")

    @cached_property
    def memo(self) -> Memo:
        """Look-ahead results (rule 4.4) by position and dice, shared by all states made by
        ``clone()`` (a search's); play on one state never meets a position twice and skips it."""
        return Memo()

    @cached_property
    def rosters(self) -> dict[tuple[Any, ...], Roster]:
        """The rosters (``roster.Roster``) of the set-ups seen, by what they stand for."""
        return {}

    @cached_property
    def descriptions(self) -> dict[str, tuple[tuple[str, ...], str, bool, bool, str]]:
        """``words.describe``'s last text of each man, with his weapons, stance, Sergeant and
        detector flags (bounded there)."""
        return {}

    @cached_property
    def stance_changes(self) -> dict[tuple[str, str], list[ChangeStance]]:
        """The stance-phase actions of a man by (man, current stance), made once."""
        return {}

    @cached_property
    def ranked(self) -> dict[tuple[str, Any], tuple[int, Move | Attack]]:
        """Moves and attacks made so far, by (man, die) and (attacker, target), with
        their sort key (legal actions are listed in that order): the actions are
        immutable, so every state shares them."""
        return {}

    @cached_property
    def move_table(self) -> dict[str, list[tuple[int, Move]]]:
        """A man's moves with their sort keys (``rank``), by man and then die (index 0 unused)."""
        return {}

    def move_entries(self, man: str) -> list[tuple[int, Move]]:
        number = int(man[1:])
        found = self.move_table[man] = [(number * 8 + d, Move(man, d)) for d in range(7)]
        return found

    def rank(self, action: Move | Attack) -> tuple[int, Move | Attack]:
        if isinstance(action, Move):
            key: tuple[str, Any] = (action.man, action.die)
            order = int(action.man[1:]) * 8 + action.die
        else:
            key = (action.attacker, action.target)
            order = ATTACKS_AFTER + (int(action.attacker[1:]) << 20) + int(action.target[1:])
        found = self.ranked[key] = (order, action)
        return found

    @cached_property
    def turn_outcomes(self) -> Outcomes:
        return _turn_outcomes(self.options.dice)

    def length_bound(self) -> int:
        # set-up: roll-off plus every set-up task; a turn: roll, orders, each die an
        # action and up to two saving throws (mine or attack), stance.
        o = self.options
        men = len(self.army.men)
        setup = 1 + 2 * (men * o.weapons_per_man + 1 + self.army.detectors + o.minefields)
        return setup + o.turn_limit * (3 + 3 * o.dice) + 10

    def new_state(self) -> ArmyState:
        st = ArmyState(self)
        st.men = starting_men(self)
        return st


GAME_CLASS = ArmyBackgammonGame
