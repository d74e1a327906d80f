"""The playout speed-ups (issue #15) against the plain rules: reach on shifted bit
masks against the square-by-square search, and the combat choices worked out in one
pass against the per-rule helpers, on many positions."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import dicefront
from dicefront.core.chance import sample
from dicefront.core.grid import Cell
from dicefront.games.die_fighting import DieFightingGame, combat
from dicefront.games.die_fighting.actions import Attack, BreakAway, Charge, DieFightingAction, Pass, Regroup
from dicefront.games.die_fighting.constants import Phase
from dicefront.games.die_fighting.rules import DieFightingState
from dicefront.games.die_fighting.tables import SHIPPED_MAPS
from dicefront.games.die_fighting.terrain import Field

FIELDS = [[m] for m in SHIPPED_MAPS] + [["stream", "forests_edge"], ["ruined_tower", "blue_field", "forests_edge", "stream"]]


def layers_as_costs(field: Field, layers: tuple[int, ...]) -> dict[Cell, int]:
    return {cell: k for k, layer in enumerate(layers) for i, cell in enumerate(field.cells) if layer >> i & 1}


@pytest.mark.parametrize("maps", FIELDS, ids=lambda m: "+".join(m))
def test_reach_layers_match_the_square_by_square_search(maps: list[str]) -> None:
    game = DieFightingGame()
    field = Field([game.tile(m) for m in maps])
    open_cells = [c for c in field.cells if c not in field.blocking]
    seed = len(maps) * 100 + len(field.slow)
    rng = random.Random(seed)
    for case in range(300):
        start = rng.choice(open_cells)
        enemies = set(rng.sample(open_cells, rng.randint(0, 12))) - {start}
        stops = {n for e in enemies if rng.random() < 0.7 for n in field.adjacent[e]}
        budget = rng.randint(1, 9)
        enemy_mask = sum(field.bit[c] for c in enemies)
        stop_mask = sum(field.bit[c] for c in stops)
        field._reached.clear()
        got = layers_as_costs(field, field.reach_layers(start, budget, stop_mask, enemy_mask))
        want = field.reach(start, budget, stops, enemies)
        assert got == want, f"seed {seed}, case {case}: maps {maps}, start {start}, budget {budget}"


def reference_orders(state: DieFightingState) -> list[DieFightingAction]:
    """The active unit's combat choices from the per-rule helpers (rules 7.1-7.6, 8.1)."""
    assert state.active is not None
    unit = state.units[state.active]
    out: list[DieFightingAction] = [Pass()]
    attacking = combat.can_attack(state, unit)
    if attacking:
        targets = combat.attack_targets(state, unit)
        for k in range(1, min(len(targets), state.stat(unit, "targets")) + 1):
            out.extend(Attack(combo) for combo in itertools.combinations(targets, k))
    if attacking and not state.adjacent_enemies(unit):
        reach = state.reach(unit)
        out.extend(Charge(e) for e in sorted(state.enemy_cells(unit.owner), key=lambda c: (c[1], c[0]))
                   if combat.charge_square(state, unit, e, reach) is not None)
    out.extend(Regroup(c) for c in combat.regroup_partners(state, unit))
    if combat.may_break_away(state, unit):
        out.append(BreakAway())
    if len(out) > 1 and state.game.options.combat_pass == "when-stuck":
        del out[0]
    return out


@pytest.mark.parametrize("options", [{}, {"mode": "battle"}, {"regroup": "kind", "combat_pass": "always", "map": "stream"},
                                     {"army0": "buy", "army1": "buy", "map": "forests_edge"}], ids=str)
def test_combat_choices_match_the_per_rule_helpers(options: dict[str, Any]) -> None:
    game = dicefront.load("die_fighting", **options)
    seed = 5
    rng = random.Random(seed)
    checked = 0
    for number in range(12):
        state = game.new_state()
        while not state.is_terminal:
            if state.is_chance:
                state.push_chance(sample(state.chance_outcomes(), rng))
                continue
            player = state.actors[0]
            actions = state.legal_actions(player)
            if state.phase == Phase.ORDER:
                checked += 1
                assert actions == reference_orders(state), f"seed {seed}, game {number}: {state.to_json()}"
                if any(isinstance(a, Charge) for a in actions):  # and the square a charge ends on
                    assert state.active is not None
                    unit = state.units[state.active]
                    for a in actions:
                        if isinstance(a, Charge):
                            assert combat.charge_square(state, unit, a.target) == combat.charge_square(state, unit, a.target, state.reach(unit))
            state.push(actions[rng.randrange(len(actions))], player)
    assert checked > 100
