"""Ditch, by Piers Farthing: six pawns a side, two actions a turn, rock-paper-scissors
matchups, block tokens and reinforcements. See RULES.md."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ...core.errors import OptionError
from ...core.game import Game
from ...core.options import opt
from .board import Board, load_board
from .rules import DitchState
from .tables import Tables


@dataclass(frozen=True)
class DitchOptions:
    board: str = field(default="field", metadata=opt("Board: a shipped board (field, hex) or your own board TOML file", data="boards"))
    end_condition: str = field(
        default="wiped-out",
        metadata=opt(
            "When a side loses: wiped-out (no pawns on the board and no reinforcements left) or no-pawns (no pawns on the board)",
            choices=("wiped-out", "no-pawns"),
        ),
    )
    straight_moves: bool = field(default=False, metadata=opt("Moves go in one straight line instead of any path of steps"))
    pass_through_pawns: bool = field(default=False, metadata=opt("A moving pawn may pass over other pawns"))
    pass_over_blocks: bool = field(default=True, metadata=opt("A moving pawn may pass over a blocked tile without ending there (rule 8.2); false: blocked tiles close the way", legacy=False))
    archer_range: str = field(
        default="ring",
        metadata=opt(
            "Which pawns an Archer reaches from range (rule 5.4): ring (every tile two steps away) or line (only tiles with one tile straight between)",
            choices=("ring", "line"),
        ),
    )
    turn_limit: int = field(default=200, metadata=opt("The game is a draw after this many turns (both players' turns counted)", min=2, max=10_000))


class DitchGame(Game[DitchOptions, DitchState]):
    name = "ditch"
    title = "Ditch"
    summary = "Six pawns a side on a small board: archers, skirmishers and soldiers beat each other in a circle."
    options_class = DitchOptions
    presets = {
        "default": {},
        "hex": {"board": "hex"},
        "straight-moves": {"straight_moves": True, "pass_through_pawns": True},
        "sudden-death": {"end_condition": "no-pawns", "turn_limit": 60},
    }
    rules_file = Path(__file__).with_name("RULES.md")

    def _check_options(self) -> None:
        board = self.board  # loads and validates the board file now
        if self.options.straight_moves and board.grid.geometry == "hex":
            raise OptionError("option straight_moves: only square boards have straight lines here")

    @cached_property
    def board(self) -> Board:
        return load_board(self.data_file("board", self.options.board))

    @cached_property
    def tables(self) -> Tables:
        """The board's geometry and action objects, computed once (see tables.py)."""
        return Tables(self.board, archer_line=self.options.archer_range == "line")

    def warm(self) -> None:
        self.tables  # noqa: B018 (a cached property: built now)

    @cached_property
    def evaluations(self) -> dict[Hashable, float]:
        """The heuristics' memo of position values (see heuristics.evaluate)."""
        return {}

    def length_bound(self) -> int:
        # every action is at most 3 steps (attack, cover, dice); set-up is 16 plus re-rolls
        return self.options.turn_limit * 7 + 200

    def new_state(self) -> DitchState:
        return DitchState(self)


GAME_CLASS = DitchGame
