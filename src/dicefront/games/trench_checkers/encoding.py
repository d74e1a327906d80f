"""Trench Checkers for research tools. Moves and attacks go to a neighbouring square, so
they are encoded as (source square, step, rank) rather than source x destination;
cards are finite per card list. The observation: planes over the board (stacks by
rank and owner, terrain, trench and depots, the battle in progress), my hand by card,
the opponent's hand size only, and the turn's counters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.encoding import KING_STEPS, ActionCodec, Features, StepCodec, ratio
from ...core.grid import Grid
from . import combat as cb
from .actions import RANKS, Attack, Move
from .constants import MAX_STACK, MOVES_PER_TURN, PHASES, PUSH_MOVES

if TYPE_CHECKING:
    from . import TrenchCheckersGame

RANK_ORDER = tuple(RANKS)
MOVE_STEPS = (*KING_STEPS, (0, -2), (-2, 0), (2, 0), (0, 2))
"""A move's steps: to a neighbour, or two squares straight on through an inactive
Commando's tile (rule 3.4; the diagonal passes are neighbours already)."""
MAX_DIE = max(*cb.HEIGHT_DIE.values(), cb.COMMANDO_DIE, cb.SUICIDE_DIE, cb.AIRSTRIKE_DIE)
SIDE_FLAGS = ("active", "wounded", "skipping", "skip_next", "cancel_next", "five", "suicide")
SIDE_COUNTS = ("terrain_left", "lost", "fallen", "revivable", "bonus", "hand_sizes")
TURN = ("moves_left", "push_left", "push_used", "moves_made", "attacks_left", "attack_made", "round", "stage", "deck_size")

DOMAINS = {"card": lambda game: tuple(game.cards.ids())}


def action_codecs(game: TrenchCheckersGame) -> dict[type, ActionCodec]:
    cells = tuple(game.board.grid.cells())
    return {
        Move: StepCodec(Move, "src", "dst", cells, MOVE_STEPS, [("rank", (None, *RANK_ORDER))]),
        Attack: StepCodec(Attack, "src", "dst", cells, KING_STEPS),
    }


def max_chance_outcomes(game: TrenchCheckersGame) -> int:
    # the roll-off (30 ordered pairs), a battle roll (a pair of dice), a card draw (a kind)
    return max(30, MAX_DIE * MAX_DIE, len(game.cards.ids()))


def observation_layout(game: TrenchCheckersGame) -> list[tuple[str, tuple[int, ...]]]:
    grid = game.board.grid
    hw = (grid.height, grid.width)
    cards = len(game.cards.ids())
    return [
        ("stacks", (2, len(RANK_ORDER), *hw)),  # [mine, theirs] x rank: pieces / 3
        ("stack_state", (2, *hw)),  # active stacks, stacks that moved this turn
        ("terrain", (2, *hw)),  # [mine, theirs]
        ("board", (3, *hw)),  # trench, depots, claimed depots
        ("battle", (2, *hw)),  # attacker's square, defender's square
        ("battle_dice", (2, 5)),  # [attacker, defender]: die sides / 10, dice / 5, bonus / 5, suicide, roll / 10
        ("phase", (len(PHASES),)),
        ("to_move", (2,)),
        ("sides", (2, len(SIDE_FLAGS) + len(SIDE_COUNTS))),  # [mine, theirs]
        ("hand", (cards,)),  # my cards by kind / hand size
        ("discard", (cards,)),
        ("turn", (len(TURN),)),
    ]


def observation(game: TrenchCheckersGame, view: dict[str, Any]) -> list[float]:
    me = view["viewer"] or 0
    f = Features.start(game, "board", lambda base: _board(base, game))
    grid = game.board.grid
    at = _at(grid)
    sides = (me, 1 - me)
    for cell, owner, ranks, active in view["stacks"]:
        row, col = at(cell)
        for rank in ranks:
            f.add("stacks", (sides.index(owner), RANK_ORDER.index(rank), row, col), 1.0 / MAX_STACK)
        f.set("stack_state", (0, row, col), active)
    for cell in view["moved_cells"]:
        f.set("stack_state", (1, *at(cell)))
    for cell, owner in view["terrain"]:
        f.set("terrain", (sides.index(owner), *at(cell)))
    for cell in view["claimed"]:
        f.set("board", (2, *at(cell)))
    _battle(f, view["combat"], at)
    f.one_hot("phase", PHASES.index(view["phase"]))
    if view["phase"] != PHASES[-1]:
        f.set("to_move", sides.index(view["player"]))
    _sides(f, game, view, sides)
    ids = game.cards.ids()
    copies = game.cards.full_deck()
    for card in view["hand"] or []:
        f.add("hand", ids.index(card), 1.0 / max(game.options.hand_size, 1))
    for card in view["discard"]:
        f.add("discard", ids.index(card), 1.0 / max(copies.get(card, 1), 1))
    limits = (MOVES_PER_TURN, PUSH_MOVES, 1, MOVES_PER_TURN, 1, 1, game.options.round_limit, 4, sum(copies.values()))
    f.fill("turn", (ratio(view[k], top) for k, top in zip(TURN, limits, strict=True)))
    return f.values


def _board(f: Features, game: TrenchCheckersGame) -> None:
    """The static planes: trench and depots (they depend only on the options)."""
    for plane, cells in enumerate((game.board.trench, game.board.depots)):
        f.plane("board", (plane,), cells)


def _at(grid: Grid) -> Any:
    def at(name: str) -> tuple[int, int]:
        cell = grid.parse(name)
        if cell is None:
            raise ValueError(f"not a square of this board: {name!r}")
        return cell[1], cell[0]

    return at


def _sides(f: Features, game: TrenchCheckersGame, view: dict[str, Any], sides: tuple[int, int]) -> None:
    pieces = max(game.board.per_player, 1)
    tops = {"terrain_left": game.board.terrain_per_player, "lost": pieces, "fallen": pieces, "revivable": pieces,
            "bonus": 5, "hand_sizes": max(game.options.hand_size, 1)}
    for s, p in enumerate(sides):
        values = [float(bool(view[k][p])) for k in SIDE_FLAGS] + [ratio(view[k][p], tops[k]) for k in SIDE_COUNTS]
        for k, value in enumerate(values):
            f.set("sides", (s, k), value)


def _battle(f: Features, combat: dict[str, Any] | None, at: Any) -> None:
    if combat is None:
        return
    if combat["src"] is not None:
        f.set("battle", (0, *at(combat["src"])))
    f.set("battle", (1, *at(combat["dst"])))
    for s in (0, 1):
        rolls = combat["rolls"][s] if combat["rolls"] else 0
        values = (ratio(combat["sides"][s], MAX_DIE), ratio(combat["counts"][s], 5), ratio(combat["bonus"][s], 5),
                  float(bool(combat["suicide"][s])), ratio(rolls or 0, MAX_DIE))
        for k, value in enumerate(values):
            f.set("battle_dice", (s, k), value)
