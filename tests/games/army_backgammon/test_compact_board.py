"""The compact-board generators the legal actions use (``tactics.board_attacks``,
``tactics.start_boards``) give the same answers as the plain versions, on random
positions (any number of men a row, fired and moved men, every preset's tables)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from dicefront.games.army_backgammon import tactics as T
from dicefront.games.army_backgammon.tactics import Man, Men

from .helpers import after_each_step
from .test_lookahead import ref_attacks

CASES: list[dict[str, Any]] = [{}, {"attack_direction": "ahead"}, {"army": "multi"}, {"army": "large"}]


def random_men(rng: random.Random, weapons: list[str], stances: list[str]) -> Men:
    men: Men = {}
    for p in (0, 1):
        for i in range(1, rng.randint(2, 14)):
            arms = tuple(rng.sample(weapons, rng.choice([0, 1, 1, 2])))
            men[f"{'GT'[p]}{i}"] = Man(p, rng.randint(1, 24), arms, rng.choice(stances))
    return men


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("opts", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_board_attacks_match_plain_attacks(seed: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    ctx = game.context
    for case in range(80):
        men = random_men(rng, list(game.tables.ranges), list(game.tables.stances))
        player = rng.randint(0, 1)
        dice = tuple(rng.randint(1, 6) for _ in range(rng.randint(1, 4)))
        mine = [n for n in men if men[n].owner == player]
        fired = tuple(rng.sample(mine, min(len(mine), rng.choice([0, 0, 1, 2]))))
        names, board, _, enemy = T.compact(ctx, men, player, (), fired, rng.choice(["standard", "charge"]))
        got = sorted((names[i], tn, d) for i, d, tn in T.board_attacks(ctx.ahead_only, player, dice, men, board, enemy))
        want = sorted(ref_attacks(ctx, men, player, dice, fired))
        assert got == want, f"seed {seed}, case {case}: {got} != {want}"
        assert got == sorted(T.attacks(ctx, men, player, dice, fired)), f"seed {seed}, case {case}"


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("opts", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_start_boards_match_compact(seed: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    ctx = game.context
    for case in range(80):
        men = random_men(rng, list(game.tables.ranges), list(game.tables.stances))
        player = rng.randint(0, 1)
        plain, charge = T.start_boards(ctx, men, player)
        assert plain == T.compact(ctx, men, player, (), (), "standard"), f"seed {seed}, case {case}"
        assert charge == T.compact(ctx, men, player, (), (), "charge"), f"seed {seed}, case {case}"


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("opts", [{}, {"dice": 3, "army": "multi"}, {"mines": True}, {"dice": 4, "dice_rule": "within-orders"}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_kept_usable_count_matches_a_fresh_search(seed: int, opts: dict[str, Any]) -> None:
    """After each step of seeded random games, the dice count a state keeps from before
    the step (a legal move leaves one die fewer usable; a skip as many) is the search's."""
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    checked = 0
    for st in after_each_step(game, rng, 8):
        if st._usable is not None:
            checked += 1
            fresh = T.usable(game.context, st.men, st.player, st.slots, st.dice, st.moved, st.fired, st.orders)
            assert st._usable == fresh, f"seed {seed}, turn {st.turn}: kept {st._usable}, search {fresh}"
    assert checked > 0
