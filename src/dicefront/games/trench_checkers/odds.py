"""Trench Checkers: a battle has card windows inside it (the defender before the
roll, each side after the roll: a medic, a re-roll). Those decisions belong to the
battle, so a policy takes them: ``no-cards`` (the default: every window is passed,
the plain dice of the stacks), ``my-cards`` (the asking player plays the card, or
passes, that gives the better expected position; the opponent passes) or
``best-cards`` (both sides do; the opponent's hand is re-sampled from what the asking
player may know, so that answer is an estimate). The roll that decides who starts
the next round belongs to the next decision."""

from __future__ import annotations

from ...core.game import Action, State
from ...core.grid import Cell
from ...core.policy import GamePolicies, Policy, WindowPolicy
from .actions import Attack, Move, Pass, Play
from .constants import DEFEND, REACT, ROLLOFF
from .rules import TrenchState

WINDOWS = (DEFEND, REACT)


def _window(state: State) -> tuple[int, list[Action]] | None:
    """The player deciding in a battle's card window and its options (pass first)."""
    if not isinstance(state, TrenchState) or len(state.actors) != 1 or state.phase not in WINDOWS:
        return None
    player = state.actors[0]
    legal = state.legal_actions(player)
    passes = [a for a in legal if isinstance(a, Pass)]
    return player, passes + [a for a in legal if not isinstance(a, Pass)]


NO_CARDS = WindowPolicy(
    "no-cards", "nobody plays a card during the battle (every card window is passed): the plain dice", _window
)
MY_CARDS = WindowPolicy(
    "my-cards", "you play the card (or pass) that gives you the better expected position; the opponent plays none", _window, "mine"
)
BEST_CARDS = WindowPolicy(
    "best-cards",
    "each side plays the card (or passes) that gives it the better expected position; "
    "the opponent's hand is re-sampled from what you know",
    _window,
    "best",
)


def next_round_roll(state: State) -> bool:
    return isinstance(state, TrenchState) and state.phase == ROLLOFF


def _may_draw_at(state: TrenchState, player: int, dst: Cell) -> bool:
    """Whether a unit of ``player`` arriving on ``dst`` may claim a depot, so draw a
    card the asking player sees (rule 8.1), from a deck the re-sampling changes."""
    board, past = state.game.board, state.game.options.depot_claim == "on-or-past"
    for d in state.game.tables.claimable[player]:
        if d not in state.claimed and (dst == d or (past and board.progress(player, dst[1]) > board.progress(player, d[1]))):
            return True
    return False


def _asker_may_draw(state: TrenchState, action: Action | None, player: int) -> bool:
    """Whether a unit of ``player`` may arrive on a depot while ``action`` resolves
    (True when that cannot be told from the action)."""
    if isinstance(action, (Move, Attack)):
        return _may_draw_at(state, player, action.dst)
    if isinstance(action, Play):  # an airstrike moves no unit of the asking player
        card = state.game.cards.by_id(action.card)
        return card is None or card.effect != "airstrike"
    c = state.combat
    if (action is None or isinstance(action, Pass)) and c is not None:  # the pending battle's winners move in
        return c.attacker == player and c.src is not None and _may_draw_at(state, player, c.dst)
    return not (action is None and state.phase == ROLLOFF)  # the roll for the next round moves no unit


def hidden_irrelevant(state: State, action: Action | None, player: int, policy: Policy) -> bool:
    """Under ``no-cards`` nobody's hand is read during the sequence; the re-sampled
    deck still matters when the asking player may draw a card (the label shows it)."""
    if policy is not NO_CARDS or not isinstance(state, TrenchState):
        return False
    if not state.game.options.cards:
        return True
    return player not in state.draws and not _asker_may_draw(state, action, player)


POLICIES = GamePolicies(
    default=NO_CARDS.name,
    policies=(NO_CARDS, MY_CARDS, BEST_CARDS),
    next_dice=next_round_roll,
    hidden_irrelevant=hidden_irrelevant,
)
