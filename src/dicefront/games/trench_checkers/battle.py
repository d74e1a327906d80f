"""Trench Checkers battle odds for the computer players: the dice a stack rolls and
the exact chances of a battle between two stacks (rules 5.3-5.8, 6.3, 7.2)."""

from __future__ import annotations

from functools import lru_cache

from .combat import COMMANDO_DIE, HEIGHT_DIE


def dice(ranks: str) -> tuple[int, int]:
    """(die sides, rolls kept) of a stack (rules 5.3, 6.3, 7.2)."""
    sides = COMMANDO_DIE if "C" in ranks else HEIGHT_DIE[len(ranks)]
    return sides, 2 if "V" in ranks else 1


@lru_cache(maxsize=4096)
def battle_odds(att: tuple[int, int], dfn: tuple[int, int], bonus: int = 0) -> tuple[float, float, float, float, float]:
    """(attacker wins, tie, defender wins, attacker wins but the defender rolled its top
    face, defender wins but the attacker rolled its top face) for two dice given as
    (sides, rolls kept best of); ``bonus`` is added to the attacker's roll (minus: to
    the defender's)."""
    a_sides, a_n = att
    d_sides, d_n = dfn
    pa = [(k**a_n - (k - 1) ** a_n) / a_sides**a_n for k in range(1, a_sides + 1)]
    pd = [(k**d_n - (k - 1) ** d_n) / d_sides**d_n for k in range(1, d_sides + 1)]
    win = tie = lose = win_top = lose_top = 0.0
    for x, px in enumerate(pa, 1):
        for y, py in enumerate(pd, 1):
            p = px * py
            if x + bonus > y:
                win += p
                if y == d_sides:
                    win_top += p
            elif x + bonus < y:
                lose += p
                if x == a_sides:
                    lose_top += p
            else:
                tie += p
    return win, tie, lose, win_top, lose_top
