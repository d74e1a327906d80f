"""The siege of the enemy's last units: what our army can still expect from attacking them.

When the enemy is down to a few pieces, the game is a race of battles: every attack
removes pieces from one side or the other, and the game ends when a side has none
left (rule 9.1) or at the round limit, drawn (rule 9.3). ``siege_value`` is the exact
value of that race for the side attacking, by the battle dice alone (rules 5.3-5.8,
6.3, 7.2, 7.4): its chance to win minus its chance to lose when it attacks with the
best stack it can form, at the best target, each time, and stops once attacking no
longer pays (a draw counts 0). It assumes that the army can regroup between attacks
and that the enemy does not attack; moves and rounds are left to the move technique
(``hunt``). Measured on the 191 games of a 200-game series against ``random`` that
reached five enemy pieces, its value there (0.720 on average) matched the games' wins
minus losses (0.728; docs/agent-strength.md, "Eleventh round").

An army is ``(commando, veterans, soldiers)``: ``commando`` 0 for none, 1 wounded, 2
fresh (its first defeat only wounds it, rule 7.4); each enemy unit is given the same
way (at most three pieces, rule 4.1)."""

from __future__ import annotations

from functools import lru_cache

from .battle import battle_odds, dice
from .combat import AIRSTRIKE_DIE, stack_dice

Army = tuple[int, int, int]
"""(commando: 0 none, 1 wounded, 2 fresh; veterans; soldiers)."""

MAX_STACK = 3  # rule 4.1

Boost = tuple[bool, int, bool]
"""The attack cards on one attack (rules 11.7-11.9): (Machine Gun: five rolls; Napalm:
the bonus added to the roll; Suicide Mission: a d10, the stack removed after)."""
NO_BOOST: Boost = (False, 0, False)


def ranks(unit: Army) -> str:
    """The ranks of a stack given as an army (the dice read nothing else)."""
    c, v, s = unit
    return "C" * (c > 0) + "V" * v + "S" * s


def army_of(ranks_list: list[str], wounded: bool) -> Army:
    """The army made of these stacks' ranks; ``wounded``: its Commando has lost once."""
    joined = "".join(ranks_list)
    c = (1 if wounded else 2) if "C" in joined else 0
    return c, joined.count("V"), joined.count("S")


def stacks(army: Army) -> list[Army]:
    """Every stack the army could attack with: at most three pieces, Veterans never
    with Soldiers (rule 4.4)."""
    c, v, s = army
    out: list[Army] = []
    for with_c in (0, c) if c else (0,):
        room = MAX_STACK - (1 if with_c else 0)
        for nv in range(min(v, room) + 1):
            for ns in range(min(s, room) + 1) if nv == 0 else (0,):
                if with_c or nv or ns:
                    out.append((with_c, nv, ns))
    return out


def _defeated(unit: Army) -> Army:
    """What is left of a stack that loses a battle: a fresh Commando, wounded, alone
    (rule 7.4); otherwise nothing."""
    return (1, 0, 0) if unit[0] == 2 else (0, 0, 0)


def _minus_lowest(unit: Army) -> Army:
    """A stack less its lowest piece, never the Commando (Last Stand, rule 5.8)."""
    c, v, s = unit
    return (c, v, s - 1) if s else (c, v - 1, s) if v else unit


def _size(unit: Army) -> int:
    return (unit[0] > 0) + unit[1] + unit[2]


def _take(army: Army, old: Army, new: Army) -> Army:
    """``army`` with its stack ``old`` replaced by what is left of it, ``new``."""
    c = army[0] if old[0] == 0 else new[0]
    return c, army[1] - old[1] + new[1], army[2] - old[2] + new[2]


def attack_outcomes(army: Army, stack: Army, enemy: Army, boost: Boost = NO_BOOST) -> list[tuple[float, Army, Army]]:
    """(chance, our army after, the enemy's unit after) for ``stack`` of ``army``
    attacking the enemy's unit (rules 5.4-5.8, 7.4), with the attack cards ``boost``
    (rules 11.7-11.9: a Suicide Mission's stack is removed whatever the result)."""
    five, bonus, suicide = boost
    att = stack_dice(ranks(stack), five, suicide)
    win, tie, lose, win_top, lose_top = battle_odds(att, dice(ranks(enemy)), bonus)
    out: list[tuple[float, Army, Army]] = []
    beaten_enemy, beaten_us = _defeated(enemy), _defeated(stack)
    if win:
        stand = win_top if _size(enemy) < _size(stack) and not suicide else 0.0
        if stand:
            out.append((stand, _take(army, stack, _minus_lowest(stack)), beaten_enemy))
        out.append((win - stand, _take(army, stack, beaten_us) if suicide else army, beaten_enemy))
    if tie:
        out.append((tie, _take(army, stack, beaten_us), beaten_enemy))
    if lose:
        stand = lose_top if _size(stack) < _size(enemy) else 0.0
        if stand:
            out.append((stand, _take(army, stack, beaten_us), _minus_lowest(enemy)))
        out.append((lose - stand, _take(army, stack, beaten_us), enemy))
    return out


Enemy = tuple[Army, ...]
"""The enemy's units, each as an army (sorted, so equal positions share a value)."""


@lru_cache(maxsize=1 << 17)
def siege_value(army: Army, enemy: Enemy, asleep: bool = False) -> float:
    """Our chance to win minus our chance to lose, attacking the enemy's units with the
    best stack and target each time and stopping (a draw, 0) when no attack pays.
    ``asleep``: the enemy's Commando (its unit with a Commando) is inactive and cannot
    be attacked until every other enemy piece is gone (rules 7.1, 7.5)."""
    if not enemy:
        return 1.0 if _size(army) else 0.0
    if not _size(army):
        return -1.0
    best = 0.0
    for target in set(targets(enemy, asleep)):
        for stack in stacks(army):
            best = max(best, attack_value(army, stack, enemy, target, asleep))
    return best


@lru_cache(maxsize=1 << 14)
def win_chance(army: Army, enemy: Army) -> float:
    """Our chance to win against the enemy's last unit ``enemy`` when, before each
    battle, we either promote a Soldier to a Veteran (by walking it to the farthest
    enemy trench or onto our Commando in the enemy half, rule 6.1: it costs moves, not
    pieces) or attack with the stack that wins most often (a draw and a loss both count
    0; both armies gone in one battle is a draw, rule 9.2). Time is free here: the
    enemy's own attacks are battles of the same odds on a stack it picks rather than
    the one we would, and moves and the round limit only take chances away, so no play
    without cards wins more often (``benchmarks/trench_ceiling.py``). Every battle
    removes a piece, so the recursion ends."""
    if not _size(enemy):
        return 1.0 if _size(army) else 0.0
    if not _size(army):
        return 0.0
    c, v, s = army
    best = win_chance((c, v + 1, s - 1), enemy) if s else 0.0
    for stack in stacks(army):
        best = max(best, sum(p * win_chance(after, left) for p, after, left in attack_outcomes(army, stack, enemy)))
    return best


@lru_cache(maxsize=1 << 15)
def campaign_chance(army: Army, soldiers: int, commando: int, group: int = 1, promotions: int | None = None) -> float:
    """Our chance to win a whole game without cards, as ``win_chance`` counts it, against
    an enemy of ``soldiers`` Soldiers and its sleeping Commando (``commando``: 2 fresh,
    1 wounded, 0 gone), which can be attacked only once the Soldiers are gone (rules 7.1,
    7.5). The enemy's Soldiers meet our stacks one at a time, or in stacks of up to
    ``group`` (at most 3, rule 4.1) whenever that suits us. Before each battle we
    promote a Soldier or attack with the stack that wins most often; time is free, as in
    ``win_chance``, so no play without cards beats this against an enemy that offers its
    Soldiers this way (``random`` mostly offers them alone). ``promotions``: how many
    Soldiers may be promoted while enemy Soldiers are left (None: any number; the siege
    of the Commando may promote the rest, as in ``win_chance``). On the board each
    promotion costs a walk to the farthest enemy trench or to our Commando, so this
    says what the moves spent on promotion are worth."""
    if not soldiers:
        return win_chance(army, (commando, 0, 0)) if commando else float(_size(army) > 0)
    if not _size(army):
        return 0.0
    c, v, s = army
    best = 0.0
    if s and (promotions is None or promotions > 0):
        more = None if promotions is None else promotions - 1
        best = campaign_chance((c, v + 1, s - 1), soldiers, commando, group, more)
    for k in range(1, min(group, MAX_STACK, soldiers) + 1):
        for stack in stacks(army):
            outcomes = attack_outcomes(army, stack, (0, 0, k))
            value = sum(
                p * campaign_chance(after, soldiers - k + left[2], commando, group, promotions) for p, after, left in outcomes
            )
            best = max(best, value)
    return best


def targets(enemy: Enemy, asleep: bool) -> list[Army]:
    """The enemy units that can be attacked (a sleeping Commando only when alone)."""
    if asleep and len(enemy) > 1:
        return [u for u in enemy if not u[0]]
    return list(enemy)


def attack_value(army: Army, stack: Army, enemy: Enemy, target: Army, asleep: bool = False, boost: Boost = NO_BOOST) -> float:
    """The value (as ``siege_value``) of attacking the unit ``target`` now with
    ``stack`` (and the attack cards ``boost``) and playing the siege out well from there."""
    return _after(army, enemy, target, asleep, attack_outcomes(army, stack, target, boost))


def strike_value(army: Army, enemy: Enemy, target: Army, asleep: bool = False) -> float:
    """The value (as ``siege_value``) of an Airstrike on the unit ``target`` (rule 11.5:
    a d6 against its defence roll; equal or higher removes it, or wounds a fresh
    Commando; our army risks nothing) and playing the siege out well from there. The
    lost turn is not counted."""
    win, tie, _, _, _ = battle_odds((AIRSTRIKE_DIE, 1), dice(ranks(target)))
    hit = win + tie
    return _after(army, enemy, target, asleep, [(hit, army, _defeated(target)), (1.0 - hit, army, target)])


def _after(army: Army, enemy: Enemy, target: Army, asleep: bool, outcomes: list[tuple[float, Army, Army]]) -> float:
    """The siege's value after a battle on ``target`` with these outcomes."""
    rest = list(enemy)
    rest.remove(target)
    total = 0.0
    for p, after, left in outcomes:
        units = tuple(sorted([*rest, left])) if _size(left) else tuple(rest)
        total += p * siege_value(after, units, asleep and len(units) > 1)
    return total
