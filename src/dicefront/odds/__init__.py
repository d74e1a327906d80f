"""Exact odds: "what happens if I do this?" for any action of any game.

``odds(state, action, player=None, policy=None)`` returns ``[(label, Fraction)]``:
every distinct result of ``action`` up to the next decision of a player, grouped by
the game's ``Game.outcome_label`` (for example "attacker wins: Soldier on c4
eliminated"), with exact probabilities summing to 1; ``[]`` for an action that
involves no dice. ``action`` may be an action or its notation; ``None`` asks about
dice already pending (a fight's next roll). ``analyse`` returns the richer
:class:`Odds`: the policy assumed, whether the figures are exact, and notes.
``dicefront.odds`` is this function and also this package (``dicefront.odds.odds``,
``dicefront.odds.analyse`` work).

How the figures are computed
----------------------------
* **From the engine, not a second copy of the rules.** The action is applied to a
  copy of the position; then every chance node the state itself reports is expanded
  (``chance_outcomes()`` with exact ``Fraction`` probabilities, applied to copies)
  until a decision of a player. Nothing here knows a game's dice, modifiers or tables.
  Positions reached along different paths are merged when they are the same state
  with the same label so far (a fight of many rounds stays a small graph); an outcome
  that leads back to the very same position (a re-roll on a tie) is folded away
  exactly, scaling the others by 1 / (1 - P(re-roll)); probabilities then flow from
  the root in topological order.
* **Decisions inside the sequence** (a Ditch defender letting a Soldier take the
  attack, backing out of a Hell's Ditch fight between rolls, Trench Checkers card
  windows) are taken by a *policy*: at each decision it either names the action taken
  (the expansion goes on) or says the decision is the next one (the sequence ends).
  Every game has ``stop``; a game's ``odds`` role module (``games/<name>/odds.py``)
  declares its policies, its default, and which dice open the next decision rather
  than resolve this action (the next turn's roll). The answer names the policy it assumed; ``available(game)``
  lists them. Policies that choose "the better" option look ahead with the same
  expansion and compare the game's own ``evaluate`` heuristic for the deciding
  player, so the lookahead uses only the rules code too.
* **Hidden information.** Without hidden information the expansion runs on the
  position itself. Otherwise it never reads the real secrets:
  - if the state offers ``information_set(player) -> [(world, Fraction)]`` (an
    optional hook), the answer is the exact mixture over those worlds;
  - if the game's odds module declares ``hidden_irrelevant`` (see
    ``GamePolicies``) and it says the re-sampled part cannot change this question's
    answer under this policy (Trench Checkers under ``no-cards`` when no card the
    asking player would see can be drawn), the expansion runs on one re-sampled world
    and the answer is exact;
  - else it runs on ``DETERMINIZATIONS`` copies from ``state.determinize(player,
    rng)`` (a fixed seed: reproducible), each consistent with what the asking player
    has seen, the opponent's secrets re-sampled. When all give the same distribution,
    the hidden part does not influence these dice and the answer is exact over the
    player's view (a note says so). When they differ, the answer is the average over
    ``DETERMINIZATIONS_IF_HIDDEN_MATTERS`` re-samplings, marked ``exact=False`` with a
    note: an estimate over the player's information, never the odds given the
    opponent's actual cards or plan.
  - **A budget for estimates.** The agreement check always expands all
    ``DETERMINIZATIONS`` worlds, so an answer called exact rests on all of them. Only
    when they disagree (an estimate) is the work bounded: the further re-samplings are
    expanded in the fixed order they were drawn until ``WORLD_BUDGET`` positions
    (summed over worlds; a count, not a clock, so answers are reproducible) have been
    expanded, and the note says over how many re-samplings the average was taken.
* Events are filtered to what the asking player may see before labels are made.

``simulate`` draws one run of the same sequence with an RNG (for Monte Carlo checks).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

from ..core.game import Action, State
from .engine import (
    DETERMINIZATIONS,
    DETERMINIZATIONS_IF_HIDDEN_MATTERS,
    MAX_NODES,
    WORLD_BUDGET,
    Odds,
    analyse,
    simulate,
)
from .engine import odds as _odds
from .policy import Context, GamePolicies, Policy, Stop, available, best_action, policies_of, resolve

policies = available


class _OddsEntry:
    """``odds(state, action, player=None, policy=None) -> [(label, Fraction)]``.

    The package exports this callable as ``dicefront.odds``; since that name is also
    this package's, the callable forwards every other attribute to the package, so
    ``dicefront.odds(...)``, ``dicefront.odds.odds(...)`` and
    ``dicefront.odds.analyse(...)`` all work."""

    def __call__(
        self, state: State, action: Action | str | None, player: int | None = None, policy: Policy | str | None = None
    ) -> list[tuple[str, Fraction]]:
        return _odds(state, action, player, policy)

    def __getattr__(self, name: str) -> Any:
        return getattr(sys.modules[__name__], name)

    def __repr__(self) -> str:
        return "<function dicefront.odds.odds>"


odds = _OddsEntry()
odds.__doc__ = _odds.__doc__

__all__ = [
    "DETERMINIZATIONS", "DETERMINIZATIONS_IF_HIDDEN_MATTERS", "MAX_NODES", "WORLD_BUDGET", "Context", "GamePolicies", "Odds", "Policy", "Stop", "analyse",
    "available", "best_action", "odds", "policies", "policies_of", "resolve", "simulate",
]
