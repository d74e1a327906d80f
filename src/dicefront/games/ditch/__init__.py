"""Ditch, by Piers Farthing: six pawns a side, two actions a turn, rock-paper-scissors
matchups, block tokens and reinforcements. See RULES.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ...core.errors import OptionError
from ...core.events import Event
from ...core.game import Action, Game, State
from ...core.options import opt
from .actions import KINDS
from .board import Board, load_board
from .rules import DitchState, state_from_payload


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
    pass_through_pawns: bool = field(default=False, metadata=opt("A moving pawn may pass over other pawns (never over blocked tiles)"))
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

    def length_bound(self) -> int:
        # every action is at most 3 steps (attack, cover, dice); set-up is 16 plus re-rolls
        return self.options.turn_limit * 7 + 200

    def new_state(self) -> DitchState:
        return DitchState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> DitchState:
        return state_from_payload(self, payload)

    def render_text(self, state: State, player: int | None) -> Any:
        from .render import render

        return render(self, state.view(player))

    def render_svg(self, state: State, player: int | None) -> str:
        from .svg import render_svg

        return render_svg(self, state, player)  # type: ignore[arg-type]

    def action_path(self, state: State, action: Action) -> list[str]:
        from .svg import action_path

        return action_path(state, action)  # type: ignore[arg-type]

    def evaluate(self, state: State, player: int) -> float:
        from .heuristics import evaluate

        return evaluate(state, player)  # type: ignore[arg-type]

    def outcome_label(self, before: State, after: State, events: list[Event], player: int) -> str:
        """Combat: who wins and which pawn is removed; a move roll: how far the pawn
        may go and how many squares that reaches; the set-up roll: who won it."""
        label = ""
        for e in events:
            if e.kind == "combat" and isinstance(before, DitchState):
                loser, (ta, td) = e.data["loser"], e.data["totals"]
                if loser in ("attacker", "defender"):
                    cell = self.board.grid.parse(e.data[loser])
                    kind = KINDS[before.pawns[cell][1]] if cell in before.pawns else "pawn"
                    winner = "defender" if loser == "attacker" else "attacker"
                    label = f"{winner} wins: {kind} on {e.data[loser]} eliminated"
                elif td > ta:
                    label = "defender wins: the Archer stays (it shot from range)"
                else:
                    label = "tie: both pawns stay"
            elif e.kind == "roll" and "winner" in e.data:
                label = f"{self.player_name(e.data['winner'])} wins the set-up roll"
        if not label and isinstance(after, DitchState) and after.phase == "move-to" and after.pending is not None:
            start, roll = after.pending
            reach = len(after.move_destinations()) - 1
            budget = roll + (1 if after.pawns[start][1] == "K" else 0)
            squares = "square" if budget == 1 else "squares"
            label = f"roll {roll}: up to {budget} {squares}, {reach} reachable"
        if not label:
            return super().outcome_label(before, after, events, player)
        over = [e for e in events if e.kind == "game-over"]
        if over and over[0].data.get("winner") is not None:
            label += f"; {self.player_name(over[0].data['winner'])} wins the game"
        return label


GAME_CLASS = DitchGame
