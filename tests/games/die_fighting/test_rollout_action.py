"""Die Fighting's ``rollout_action``: a cheap policy for play-outs (``rollout`` and
``mcts:rollout_policy=game``) that attacks what the tables favour and closes in."""

from __future__ import annotations

import random
from pathlib import Path

import dicefront
from dicefront.core import sample
from dicefront.games.die_fighting.actions import Attack, MoveTo, Pass
from dicefront.games.die_fighting.heuristics import rollout_action

from .helpers import act, cell, position


def test_it_names_a_legal_action_or_none_in_random_play() -> None:
    game = dicefront.load("die_fighting")
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_state()
        named = 0
        while not state.is_terminal:
            if state.is_chance:
                state.apply_chance(sample(state.chance_outcomes(), rng))
                continue
            player = state.actors[0]
            legal = state.legal_actions(player)
            chosen = rollout_action(state, player, rng)
            assert chosen is None or chosen in legal, f"seed {seed}: {chosen} not legal in {state.status_text()}"
            named += chosen is not None
            state.apply(chosen if chosen is not None else legal[rng.randrange(len(legal))], player)
        assert named > 0, f"seed {seed}: the policy never chose"


def test_it_attacks_the_target_it_hurts_most(tmp_path: Path) -> None:
    # Heavy Cavalry between Conscripts and Archers: a melee attack on Archers always
    # hits (rule 8.3) and its d8+1 nearly always destroys them; Conscripts it hits
    # about two times in three and destroys on half the hits
    st = position(tmp_path, [(0, "HC", "e5", None), (1, "CO", "e6", None), (1, "AR", "e4", None)], stage="combat")
    act(st, "activate e5")
    chosen = rollout_action(st, 0, random.Random(1))
    assert isinstance(chosen, Attack) and chosen.targets == (cell("e4"),), chosen


def test_it_passes_with_nothing_to_attack_and_closes_in_when_moving(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)], stage="combat")
    act(st, "activate a1")
    assert rollout_action(st, 0, random.Random(1)) == Pass()
    st = position(tmp_path, [(0, "CO", "a1", None), (1, "CO", "j10", None)], stage="move")
    act(st, "activate a1")
    chosen = rollout_action(st, 0, random.Random(1))
    assert isinstance(chosen, MoveTo) and chosen.cell == cell("e5"), chosen  # four squares diagonally


def test_an_archer_keeps_its_distance(tmp_path: Path) -> None:
    st = position(tmp_path, [(0, "AR", "a1", None), (1, "CO", "a9", None)], stage="move")
    act(st, "activate a1")
    chosen = rollout_action(st, 0, random.Random(1))
    assert isinstance(chosen, MoveTo), chosen
    x, y = chosen.cell
    ex, ey = cell("a9")
    assert 1 < max(abs(ex - x), abs(ey - y)) <= 5, chosen  # in range (5), not adjacent
