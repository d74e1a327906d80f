"""The fast look-ahead of rule 4.4 (``tactics.usable``, ``attacks``) gives the same
answers as the plain search it replaced, on random positions."""

from __future__ import annotations

import random
from typing import Any

import dicefront
from dicefront.games.army_backgammon import tactics as T
from dicefront.games.army_backgammon.tactics import ATTACK, OFF, Context, Man, Men, after_move, forward, moves, without


def in_reach(ctx: Context, a: Man, t: Man) -> int:
    gap = t.row - a.row
    if ctx.ahead_only and gap * forward(a.owner) <= 0:
        return 0
    d = abs(gap)
    if d == 0 or d > 6:
        return 0
    return d if any(ctx.ranges[w] == d for w in a.weapons) else 0


def ref_attacks(ctx: Context, men: Men, player: int, dice: tuple[int, ...], fired: tuple[str, ...]) -> list[Any]:
    if not dice:
        return []
    own = [(n, m) for n, m in men.items() if m.owner == player and n not in fired and m.weapons]
    enemies = [(n, m) for n, m in men.items() if m.owner != player]
    return [(an, tn, in_reach(ctx, a, t)) for an, a in own for tn, t in enemies if in_reach(ctx, a, t) in dice]


def ref_usable(ctx: Context, men: Men, player: int, slots: tuple[str, ...], dice: tuple[int, ...],
               moved: tuple[str, ...], fired: tuple[str, ...], orders: str) -> int:
    if not slots or not dice:
        return 0
    best, rest = 0, slots[1:]
    if slots[0] == ATTACK:
        for an, _, d in ref_attacks(ctx, men, player, dice, fired):
            best = max(best, 1 + ref_usable(ctx, men, player, rest, without(dice, d), moved, (*fired, an), orders))
    else:
        for name, d, dest in moves(ctx, men, player, dice, moved, orders):
            if dest == OFF:
                return min(len(slots), len(dice))
            after = after_move(men, name, dest)
            best = max(best, 1 + ref_usable(ctx, after, player, rest, without(dice, d), (*moved, name), fired, orders))
    if rest:
        best = max(best, ref_usable(ctx, men, player, rest, dice, moved, fired, orders))
    return best


def test_lookahead_matches_plain_search() -> None:
    rng = random.Random(7)
    cases: list[dict[str, Any]] = [{}, {"attack_direction": "ahead"}, {"army": "multi"}, {"army": "large"}]
    for opts in cases:
        game: Any = dicefront.load("army_backgammon", **opts)
        ctx = game.context
        stances = list(game.tables.stances)
        weapons = list(game.tables.ranges)
        for _ in range(60):
            men: Men = {}
            for p in (0, 1):
                for i in range(1, rng.randint(2, 14)):
                    arms = tuple(rng.sample(weapons, rng.choice([0, 1, 1, 2])))
                    men[f"{'GT'[p]}{i}"] = Man(p, rng.randint(1, 24), arms, rng.choice(stances))
            player = rng.randint(0, 1)
            dice = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 4)))
            mine = [n for n in men if men[n].owner == player]
            moved = tuple(rng.sample(mine, min(len(mine), rng.choice([0, 0, 1, 2]))))
            fired = tuple(rng.sample(mine, min(len(mine), rng.choice([0, 0, 1]))))
            for o in ("standard", "fire", "charge", "dig-in"):
                slots = T.plan(o, len(dice)) if rng.random() < 0.5 else tuple(rng.choice("MA") for _ in range(rng.randint(1, 4)))
                got = T.usable(ctx, men, player, slots, dice, moved, fired, o)
                assert got == ref_usable(ctx, men, player, slots, dice, moved, fired, o)
            assert T.attacks(ctx, men, player, dice, fired) == ref_attacks(ctx, men, player, dice, fired)
