"""Fight arithmetic for Hell's Ditch (rules 5.x): exact roll distributions, the
fighting warband of each side, and where a warband may back out to."""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from ...core.chance import Outcomes, Roll

if TYPE_CHECKING:
    from .rules import HellsDitchState

HIT = Fraction(1, 3)  # rule 5.2: a 5 or a 6 hits

Fight = tuple[str | None, int, int]
"""(location of the fight, or None for a clash on a road; player 0's fighting warband;
player 1's fighting warband). Warbands are numbered 1-3."""


def _hits(dice: int) -> list[Fraction]:
    """P(exactly h hits) with ``dice`` dice, h = 0..dice."""
    return [comb(dice, h) * HIT**h * (1 - HIT) ** (dice - h) for h in range(dice + 1)]


def _table(s0: int, s1: int, skip_empty: bool) -> Outcomes:
    p0, p1 = _hits(s0), _hits(s1)
    pairs = [(Roll((h0, h1)), p0[h0] * p1[h1]) for h0 in range(s0 + 1) for h1 in range(s1 + 1)]
    if skip_empty:  # rule 5.7: a roll where nobody hits is rolled again
        pairs = pairs[1:]
        total = sum((p for _, p in pairs), Fraction(0))
        pairs = [(r, p / total) for r, p in pairs]
    return pairs


ROLL_TABLES: dict[tuple[int, int, bool], Outcomes] = {
    (a, b, skip): _table(a, b, skip) for a in (1, 2, 3) for b in (1, 2, 3) for skip in (False, True)
}
"""Every roll distribution by (strength of player 0, strength of player 1, empty rolls
skipped). Built once at import and never changed."""


def roll_outcomes(strengths: tuple[int, int], fresh: bool) -> Outcomes:
    return list(ROLL_TABLES[(strengths[0], strengths[1], not fresh)])


def front(state: HellsDitchState, player: int, place: str) -> int | None:
    """The warband of ``player`` at ``place`` that fights next: the one with most HP,
    the lowest number on a tie (rule 5.6); None when the side has none there."""
    best, best_hp = None, 0
    hps = state.hp[player]
    for i, where in enumerate(state.loc[player]):
        if where == place and hps[i] > best_hp:
            best, best_hp = i + 1, hps[i]
    return best


def retreats(state: HellsDitchState, player: int) -> list[str]:
    """Where the fighting warband of ``player`` may back out to (rule 5.4)."""
    fight = state.fight
    if fight is None:
        return []
    band = fight[1] if player == 0 else fight[2]
    if fight[0] is None:  # rule 4.2: a warband in a road clash turns back where it came from
        home = state.loc[player][band - 1]
        return [] if home is None else [home]
    return [nb for nb in state.game.valley.neighbours[fight[0]] if state.free_for(player, nb)]
