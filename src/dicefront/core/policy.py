"""Odds policies: what happens at a player's decision met while an action resolves.

An action's dice may be interrupted by decisions that belong to its resolution (a
defender's answer, backing out of a fight between rolls, a card response). A
:class:`Policy` says, at each decision met during the expansion, either which action is
taken there (the expansion continues through it) or ``None``: the decision is the *next
decision* and the sequence ends there.

These are the types a game's ``odds`` role module uses to declare its policies
(:class:`GamePolicies`); :mod:`dicefront.odds` finds that declaration and runs them."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import DicefrontError
from .game import Action, State

Leaves = list[tuple[State, Fraction]]
Expander = Callable[[State, bool], Leaves]
"""``expand(state, rolled)``: the end states reached from ``state`` under the current
policy, with their probabilities (what a policy uses to compare its options)."""


@dataclass(frozen=True)
class Context:
    """What a policy may use at a decision: who asked, whether dice have been rolled
    since the asked action, and the expansion itself (to look ahead)."""

    asking: int
    rolled: bool
    expand: Expander


Choice = tuple[int, Action]


class Policy(ABC):
    """Decides the decisions met inside the resolution of an action."""

    name: str = "policy"
    description: str = ""

    @abstractmethod
    def decide(self, state: State, ctx: Context) -> Choice | None:
        """``(player, action)`` to continue through the decision at ``state``, or
        ``None`` when this decision is the next decision (the sequence ends)."""

    def __str__(self) -> str:
        return self.name


class Stop(Policy):
    """Every decision ends the sequence."""

    name = "stop"
    description = "stop at the first decision of any player (nothing is assumed about later choices)"

    def decide(self, state: State, ctx: Context) -> Choice | None:
        return None


def expected_value(state: State, player: int, ctx: Context) -> Fraction:
    """The expected heuristic value (``Game.evaluate``) for ``player`` over the end
    states reached from ``state`` under the current policy."""
    total = Fraction(0)
    for leaf, p in ctx.expand(state, ctx.rolled):
        total += p * Fraction(leaf.game.evaluate(leaf, player)).limit_denominator(10**9)
    return total


def best_action(state: State, player: int, actions: Sequence[Action], ctx: Context) -> Action:
    """The action among ``actions`` with the highest expected heuristic value for
    ``player`` looking ahead to the end of the sequence (the first on equal value)."""
    if not actions:
        raise DicefrontError(f"player {player} has no action to choose from")
    best: Action = actions[0]
    best_value: Fraction | None = None
    for action in actions:
        child = state.clone()
        child.apply(action, player)
        value = expected_value(child, player, ctx)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


Window = Callable[[State], "tuple[int, Sequence[Action]] | None"]
"""A game's decision inside an action's resolution: at ``state``, the deciding player
and its options, the one assumed by default (pass, fight on, no cover) first; None
when ``state`` is not such a decision."""


class WindowPolicy(Policy):
    """A named policy over one kind of in-sequence decision (a :data:`Window`).

    ``choose``: ``"default"`` takes the first option; ``"best"`` the option with the
    better expected heuristic value for whoever decides; ``"mine"`` the best for the
    asking player's own decisions and the default for the opponent's."""

    CHOICES = ("default", "best", "mine")

    def __init__(self, name: str, description: str, window: Window, choose: str = "default") -> None:
        if choose not in self.CHOICES:
            raise ValueError(f"choose must be one of {', '.join(self.CHOICES)}, not {choose!r}")
        self.name, self.description, self.window, self.choose = name, description, window, choose

    def decide(self, state: State, ctx: Context) -> Choice | None:
        found = self.window(state)
        if found is None:
            return None
        player, options = found
        if self.choose == "best" or (self.choose == "mine" and player == ctx.asking):
            return player, best_action(state, player, options, ctx)
        return player, options[0]


PolicyFactory = Callable[[str], Policy | None]
HiddenIrrelevant = Callable[[State, Action | None, int, Policy], bool]
"""``hidden_irrelevant(state, action, player, policy)``: see :class:`GamePolicies`."""


@dataclass(frozen=True)
class GamePolicies:
    """The policies a game offers: fixed names, plus an optional parser for
    parametrised names (``back-out-at-2``). ``next_dice`` tells a chance node whose
    dice open the next decision (the next turn's roll) from dice that resolve the
    asked action: the expansion stops before such a node (it is still expanded when
    the question is about those pending dice themselves).

    ``hidden_irrelevant(state, action, player, policy)`` (hidden-information games,
    optional): True only when what ``determinize`` re-samples for ``player`` cannot
    change the answer to this question under ``policy`` (neither the labels nor their
    probabilities: for example no decision the policy takes reads the opponent's
    secrets, and no re-sampled card can be drawn where the label shows it). The odds
    engine then expands a single re-sampled world and calls the answer exact; False
    (or no hook) keeps the agreement check over several re-samplings."""

    default: str
    policies: tuple[Policy, ...]
    parse: PolicyFactory | None = None
    parametrised_help: tuple[tuple[str, str], ...] = ()
    next_dice: Callable[[State], bool] | None = None
    hidden_irrelevant: HiddenIrrelevant | None = None
