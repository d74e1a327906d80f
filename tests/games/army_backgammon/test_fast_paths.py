"""The speed-ups of issue #15 (second round) change nothing a player sees: the order
values of a two-dice turn computed in one pass (``orders.two_dice_values``) are the
general search's, and seeded random games give exactly the legal-action lists, events
and saved positions recorded before the change."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import dicefront
from dicefront.core.chance import sample
from dicefront.games.army_backgammon import tactics as T
from dicefront.games.army_backgammon.orders import two_dice_values
from dicefront.games.army_backgammon.stances import list_stance_actions

from .helpers import after_each_step, legal, position, roll
from .test_compact_board import CASES, random_men
from .test_lookahead import ref_usable

ORDERS = ["standard", "fire", "charge", "dig-in"]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("opts", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_two_dice_order_values_match_the_search(seed: int, opts: dict[str, Any]) -> None:
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    ctx = game.context
    for case in range(150):
        men = random_men(rng, list(game.tables.ranges), list(game.tables.stances))
        player = rng.randint(0, 1)
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(2)))
        choices = ORDERS if rng.random() < 0.7 else ["charge", "dig-in"]
        plain, charge = T.start_boards(ctx, men, player)
        got = two_dice_values(ctx.ahead_only, player, dice, charge[1], charge[2], charge[3], choices)
        want = {}
        for o in choices:
            _, mine, own, enemy = charge if o == "charge" else plain
            want[o] = T.usable_on(ctx, player, T.plan(o, 2), dice, mine, own, enemy)
        assert got == want, f"seed {seed}, case {case}, player {player}, dice {dice}: {got} != {want}"
        if case % 5 == 0:  # and the plain reference search (slow) on some of them
            ref = {o: ref_usable(ctx, men, player, T.plan(o, 2), dice, (), (), o) for o in choices}
            assert got == ref, f"seed {seed}, case {case}: {got} != {ref}"


def crowded_men(rng: random.Random, weapons: list[str], stances: list[str]) -> T.Men:
    """Men packed on a few neighbouring rows (up to the five a row holds), so that one
    move can fill the row another man's move needs."""
    men: T.Men = {}
    low = rng.randint(1, 17)
    rows = {p: [0] * 26 for p in (0, 1)}
    for p in (0, 1):
        for i in range(1, rng.randint(4, 16)):
            row = rng.randint(low, low + 7)
            if rows[p][row] >= 5:
                continue
            rows[p][row] += 1
            arms = tuple(rng.sample(weapons, rng.choice([0, 1, 1, 2])))
            men[f"{'GT'[p]}{i}"] = T.Man(p, row, arms, rng.choice(stances))
    return men


def ref_act_actions(game: Any, men: T.Men, player: int, orders: str, dice: tuple[int, ...]) -> list[str]:
    """The act phase's legal actions at a turn's start by the plain search (rule 4.4):
    an action qualifies if the phases after it can still use the dice the turn can."""
    ctx, slots = game.context, T.plan(orders, len(dice))
    target = ref_usable(ctx, men, player, slots, dice, (), (), orders)
    out = []
    if slots[0] == T.ATTACK:
        for an, tn, d in T.attacks(ctx, men, player, dice, ()):
            if 1 + ref_usable(ctx, men, player, slots[1:], T.without(dice, d), (), (an,), orders) == target:
                out.append(f"attack {an} {tn}")
    else:
        for name, d, dest in T.moves(ctx, men, player, dice, (), orders):
            after = T.after_move(men, name, dest)
            if dest == T.OFF or 1 + ref_usable(ctx, after, player, slots[1:], T.without(dice, d), (name,), (), orders) == target:
                out.append(f"move {name} {d}")
    if any(s != slots[0] for s in slots[1:]) and ref_usable(ctx, men, player, slots[1:], dice, (), (), orders) == target:
        out.append("skip")
    return sorted(out)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("opts", CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_act_actions_match_the_plain_search(seed: int, opts: dict[str, Any]) -> None:
    """The first action of a two-dice turn, on random boards (crowded rows included),
    under each order: the same list as the plain search's."""
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    checked = 0
    for case in range(160):
        if case % 2:
            men = random_men(rng, list(game.tables.ranges), list(game.tables.stances))
        else:
            men = crowded_men(rng, list(game.tables.ranges), list(game.tables.stances))
        player = rng.randint(0, 1)
        dice = tuple(sorted(rng.randint(1, 6) for _ in range(2)))
        orders = rng.choice(ORDERS)
        st = game.new_state()
        st.men, st.player, st.first, st.tasks = men, player, 0, ()
        st.phase, st.dice, st.rolled, st.orders, st.slots = "act", dice, dice, orders, T.plan(orders, 2)
        if st.usable_now() == 0:
            continue
        checked += 1
        got = sorted(str(a) for a in st.legal_actions(player))
        want = ref_act_actions(game, men, player, orders, dice)
        assert got == want, f"seed {seed}, case {case}, player {player}, {orders} {dice}: {got} != {want}"
    assert checked > 50


def test_a_move_that_fills_the_row_another_man_needs_is_not_listed() -> None:
    """Charge Orders, 1 and 5: G1 (standing) moving 1 fills row 10 (four prone men
    there, who cannot move 5), and G2's 5 would end on row 10: after that move the 5 is
    lost, so it is not a legal first move although two men could move 5 before it."""
    men = {"G1": (9, "pistol", "standing"), "G2": (5, "pistol", "standing", "sgt"),
           **{f"G{i}": (10, "pistol", "prone") for i in range(3, 7)}, "T1": (24, "pistol", "prone", "sgt")}
    st = position(men, player=0)
    roll(st, 1, 5)
    assert st.orders == "charge"  # the only orders that use both dice
    moves = legal(st)
    assert "move G1 1" not in moves
    assert {"move G1 5", "move G2 1", "move G2 5", "move G3 1"} <= set(moves)


# Recorded on main at e0b2a65 (before the change): 20 seeded random games per case.
FINGERPRINTS = [
    ({}, "401c7f493d0bb5bf"),
    ({"mines": True}, "df2c878fc497ac5c"),
    ({"army": "small", "attack_direction": "ahead"}, "e575e8212dfb9209"),
    ({"army": "large", "dice_rule": "within-orders"}, "65b7061331410559"),
    ({"dice": 3}, "a0cd3adf5f68f347"),
    ({"army": "multi", "dice": 4, "setup": "army"}, "5f935558d3638c87"),
    ({"detector_sweep": "pass", "minefields": 2, "mines": True, "setup": "choose"}, "e042805c043a9dea"),
]


def fingerprint(opts: dict[str, Any], seed: int, games: int) -> str:
    """A digest of every legal-action list, event and (every 25 steps) saved position of
    ``games`` seeded random games."""
    game = dicefront.load("army_backgammon", **opts)
    rng = random.Random(seed)
    h = hashlib.sha256()
    for _ in range(games):
        st = game.new_state()
        steps = 0
        while not st.is_terminal:
            if st.is_chance:
                events = st.push_chance(sample(st.chance_outcomes(), rng))
            else:
                p = st.actors[0]
                actions = st.legal_actions(p)
                h.update(repr(actions).encode())
                events = st.push(actions[rng.randrange(len(actions))], p)
            for e in events:
                h.update(json.dumps(e.to_json(), sort_keys=True).encode())
            steps += 1
            if steps % 25 == 0:
                h.update(json.dumps(st.to_json(), sort_keys=True).encode())
        h.update(json.dumps(st.to_json(), sort_keys=True).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize(("opts", "digest"), FINGERPRINTS, ids=lambda o: json.dumps(o, sort_keys=True) if isinstance(o, dict) else "")
def test_seeded_games_are_unchanged(opts: dict[str, Any], digest: str) -> None:
    assert fingerprint(opts, 7, 20) == digest, f"seed 7, options {opts}: the games differ from the recorded ones"


@pytest.mark.parametrize("seed", [5, 6])
@pytest.mark.parametrize("opts", [{}, {"mines": True, "setup": "choose"}, {"army": "multi", "dice": 3}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_men_key_kept_move_by_move_is_exact(seed: int, opts: dict[str, Any]) -> None:
    """The men key a state keeps up to date (``ArmyState.men_id``) equals its roster's
    key computed afresh, and equal keys (over many games, clones and rosters) always
    mean equal men."""
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    seen: dict[int, frozenset[Any]] = {}
    checked = 0
    for st in after_each_step(game, rng, 6):
        if st._men_id is None or st._roster is None:
            continue
        checked += 1
        assert st._men_id == st._roster.key(st.men), f"seed {seed}, turn {st.turn}: the kept key is stale"
        men = frozenset(st.men.items())
        assert seen.setdefault(st._men_id, men) == men, f"seed {seed}, turn {st.turn}: one key for two boards"
        fresh = st.clone()
        fresh._men_id = None  # as a loaded position: its own roster, its own key
        assert seen.setdefault(fresh.men_id(), men) == men, f"seed {seed}, turn {st.turn}: one key for two boards"
    assert checked > 100


@pytest.mark.parametrize("seed", [8, 9])
@pytest.mark.parametrize("opts", [{}, {"army": "large", "setup": "choose"}], ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_kept_stance_lists_match_fresh_ones(seed: int, opts: dict[str, Any]) -> None:
    """The stance-phase lists a state keeps and patches after each change of stance are
    the lists made afresh, at every stance phase of seeded random games."""
    rng = random.Random(seed)
    game: Any = dicefront.load("army_backgammon", **opts)
    checked = 0
    for _ in range(6):
        st = game.new_state()
        while not st.is_terminal:
            if st.is_chance:
                st.push_chance(sample(st.chance_outcomes(), rng))
                continue
            p = st.actors[0]
            actions = st.legal_actions(p)
            if st.phase == "stance":
                checked += 1
                assert actions == list_stance_actions(st, p), f"seed {seed}, turn {st.turn}: a stale stance list"
            st.push(actions[rng.randrange(len(actions))], p)
    assert checked > 50
