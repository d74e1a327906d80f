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
from ...core.policy import GamePolicies, WindowPolicy
from .actions import Pass
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


POLICIES = GamePolicies(default=NO_CARDS.name, policies=(NO_CARDS, MY_CARDS, BEST_CARDS), next_dice=next_round_roll)
