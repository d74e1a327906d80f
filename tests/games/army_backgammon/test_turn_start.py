"""The third round of issue #15 lists a turn's moves and shots once, at the roll
(``acting.start_moves``), and reuses them for the turn's first action; the men's event
texts and the dice texts are kept once made. None of it changes what a player sees:
``start_moves`` is ``candidates`` plus ``shots_now`` (and ``surely_moved`` when asked), and the first action's list made
from the kept moves is the list made afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

import dicefront
from dicefront.games.army_backgammon import acting
from dicefront.games.army_backgammon import tactics as T
from dicefront.games.army_backgammon.words import _describe, _dice_text, describe, dice_text

from .helpers import after_each_step
from .test_compact_board import CASES, random_men
from .test_fast_paths import crowded_men


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("opts", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_start_moves_are_candidates_and_shots_in_one_pass(seed: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    ctx = game.context
    for case in range(120):
        make = crowded_men if case % 2 else random_men
        men = make(rng, list(game.tables.ranges), list(game.tables.stances))
        player = rng.randint(0, 1)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        _, mine, own, enemy = T.start_boards(ctx, men, player)[rng.randint(0, 1)]
        got = acting.start_moves(ctx.ahead_only, player, (a, b), mine, own, enemy)
        found = T.candidates(player, (a, b), mine, own)
        where = f"seed {seed}, case {case}, player {player}, dice {a} {b}"
        assert got.dice == (a, b) and got.found == found, where
        assert got.free == {d: [(i, t) for i, f, t in found if f == d] for d in (a, b)}, where
        assert got.exits == any(t < 0 for _, _, t in found), where
        assert got.shots == T.shots_now(ctx.ahead_only, player, (a, b), mine, enemy), where
        for d in (a, b, a):  # the second time from what was kept
            assert got.surely(d) == acting.surely_moved(got.free[d]), where


@pytest.mark.parametrize("seed", [4, 5])
@pytest.mark.parametrize("opts", [{}, {"attack_direction": "ahead"}, {"army": "large", "dice_rule": "within-orders"}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_first_action_from_the_kept_moves_is_the_fresh_list(seed: int, opts: dict[str, Any]) -> None:
    """At each act step of seeded games where the moves listed at the roll are kept, the
    legal list equals the one listed with them dropped (and without the memo)."""
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    checked = 0
    for st in after_each_step(game, rng, 8):
        if st.phase != "act" or st._start is None:
            continue
        checked += 1
        p = st.actors[0]
        fresh = st.clone()
        fresh._start = fresh._legal = None
        want = acting.act_actions(fresh, p)
        assert st.legal_actions(p) == want, f"seed {seed}, turn {st.turn}, dice {st.dice}, orders {st.orders}"
        assert acting.act_actions(st, p) == want, f"seed {seed}, turn {st.turn}"
    assert checked > 40


def test_kept_texts_are_the_texts_made_afresh() -> None:
    game: Any = dicefront.load("army_backgammon", mines=True)
    rng = random.Random(6)
    seen = 0
    for st in after_each_step(game, rng, 2):
        for name, man in st.men.items():
            seen += 1
            assert describe(game, name, man) == _describe(game, name, man)
            assert describe(game, name, man) == _describe(game, name, man)  # the kept one
        assert dice_text(st.dice) == _dice_text(st.dice)
    assert seen > 100


def test_memo_drops_its_older_half_in_place() -> None:
    """``Memo.get`` is the dict's own method, so dropping old entries must keep the dict."""
    memo = T.Memo(size=4)
    for k in range(5):
        memo.put(k, str(k))
    assert [memo.get(k) for k in range(5)] == [None, None, "2", "3", "4"]
    memo.put(9, "9")
    assert memo.get(9) == "9" and memo.get(2) == "2"
