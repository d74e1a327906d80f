"""Trench Checkers: checkers-like armies of Soldiers that stack, become Veterans in
the enemy's farthest trench, wake a Commando behind enemy lines, and play secret
ability cards. See RULES.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ...core.game import Game
from ...core.options import opt
from .board import Board, load_board
from .cards import CardList, load_cards
from .rules import TrenchState
from .tables import Tables


@dataclass(frozen=True)
class TrenchCheckersOptions:
    board: str = field(default="trenches", metadata=opt("Board: a shipped board (trenches, compact) or your own board TOML file", data="data/boards"))
    cards: bool = field(default=True, metadata=opt("Play with the ability cards (false: no hands, no deck, depots give nothing)"))
    card_list: str = field(default="standard", metadata=opt("Ability cards: a shipped card list (standard) or your own card TOML file", data="data/cards"))
    hand_size: int = field(default=6, metadata=opt("Cards dealt to each player at the start", min=0, max=10))
    depot_claim: str = field(
        default="on-or-past",
        metadata=opt(
            "When a supply depot gives its card: on-or-past (a unit ends on it or on a row beyond it) or on (a unit ends on it)",
            choices=("on-or-past", "on"),
        ),
    )
    terrain_area: str = field(
        default="grass",
        metadata=opt(
            "Where terrain may be placed (rule 2.3): grass (any empty grass tile) or own-half (empty grass of the placer's own half)",
            choices=("grass", "own-half"),
        legacy="own-half"),
    )
    first_move: str = field(
        default="high-roller",
        metadata=opt(
            "Who begins the first round's movement (rule 2.4): high-roller (the roll-off winner; the player they choose places terrain first) or chosen (the player chosen to go first)",
            choices=("high-roller", "chosen"),
        legacy="chosen"),
    )
    pass_commando: bool = field(default=True, metadata=opt("A unit may pass through an inactive enemy Commando's tile, two moves in one go (rule 3.4); false: that tile blocks", legacy=False))
    reroll: str = field(
        default="per-card",
        metadata=opt(
            "Re-roll cards in one battle (rule 11.11): per-card (each card held re-rolls once more) or once-per-battle (one per side)",
            choices=("per-card", "once-per-battle"),
        legacy="once-per-battle"),
    )
    round_limit: int = field(default=60, metadata=opt("The game is a draw after this many rounds", min=1, max=1000))


class TrenchCheckersGame(Game[TrenchCheckersOptions, TrenchState]):
    name = "trench_checkers"
    title = "Trench Checkers"
    summary = "Stack soldiers three high, earn Veterans in the enemy trench, wake your Commando and play secret ability cards."
    options_class = TrenchCheckersOptions
    hidden_information = True
    presets = {
        "default": {},
        "no-cards": {"cards": False},
        "compact": {"board": "compact", "round_limit": 40},
        "depots-on": {"depot_claim": "on", "hand_size": 3},
    }
    rules_file = Path(__file__).with_name("RULES.md")

    def _check_options(self) -> None:
        _ = self.board, self.cards  # load and validate the data files now

    @cached_property
    def board(self) -> Board:
        return load_board(self.data_file("board", self.options.board))

    @cached_property
    def tables(self) -> Tables:
        """Neighbours, board order and ready-made actions of the board (rules' fast paths)."""
        return Tables(self.board)

    @cached_property
    def player_names(self) -> tuple[str, str]:
        """``player_name`` of both seats, made once (event texts name a player on every step)."""
        return (self.player_name(0), self.player_name(1))

    @cached_property
    def cards(self) -> CardList:
        return load_cards(self.data_file("card_list", self.options.card_list))

    def length_bound(self) -> int:
        # set-up: deal, roll, choice, terrain; a round has at most 2 + 2 x (3 moves +
        # 7 battle steps) steps; every card play adds at most 10 (push: 3 moves;
        # found ammo: one more battle) and at most 2 x hand + depots cards are played.
        cards = 2 * self.options.hand_size + len(self.board.depots) if self.options.cards else 0
        setup = 2 * self.options.hand_size + 2 + 2 * self.board.terrain_per_player
        return setup + self.options.round_limit * 22 + cards * 12 + 10

    def new_state(self) -> TrenchState:
        return TrenchState(self)


GAME_CLASS = TrenchCheckersGame
