"""Army Man Backgammon: notation, rendering, SVG paths, odds labels and evaluation."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from rich.console import Console

import dicefront
from dicefront.core import NotationError, Roll, sample
from dicefront.games.army_backgammon.actions import Attack, ChangeStance, Move
from dicefront.games.army_backgammon.rules import ArmyState

from .helpers import act, position, roll
from .helpers import game as army_backgammon


def _midgame(seed: int, steps: int = 120, **options: Any) -> ArmyState:
    game = army_backgammon(**options)
    st = game.new_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal:
            break
        if st.is_chance:
            st.apply_chance(sample(st.chance_outcomes(), rng))
        else:
            p = st.actors[0]
            acts = st.legal_actions(p)
            st.apply(acts[rng.randrange(len(acts))], p)
    return st


def test_notation_round_trips_and_rejects_garbage() -> None:
    game = dicefront.load("army_backgammon")
    for action in (Move("G12", 5), Attack("T3", "G1"), ChangeStance("G2", "running")):
        assert game.parse_notation(str(action)) == action
    with pytest.raises(NotationError, match="expected arm WEAPON"):
        game.parse_notation("move X1 4")
    assert game.parse_notation("MOVE g7 4") == Move("G7", 4)


@pytest.mark.parametrize("seed", [4, 5])
def test_render_text_shows_men_without_secrets(seed: int) -> None:
    st = _midgame(seed, mines=True)
    console = Console(width=160, record=True, color_system=None)
    console.print(st.game.render_text(st, 1))
    text = console.export_text()
    assert "24" in text and "Green" in text and "Tan" in text, f"seed {seed}"
    for name, man in st.men.items():
        assert name in text, f"seed {seed}: {name} missing"
    hidden = [r for r, rev in st.mines[0].items() if not rev]
    for r in hidden:
        assert "Green minefield" not in [line for line in text.splitlines() if line.strip().startswith(f"{r} ")], f"seed {seed}"


@pytest.mark.parametrize("seed", [6, 7])
def test_svg_is_well_formed_and_paths_name_its_ids(seed: int) -> None:
    st = _midgame(seed, steps=140)
    while not st.is_terminal and (st.is_chance or st.phase != "act"):
        if st.is_chance:
            st.apply_chance(sample(st.chance_outcomes(), random.Random(seed)))
        else:
            p = st.actors[0]
            st.apply(st.legal_actions(p)[0], p)
    svg = st.game.render_svg(st, 0)
    root = ET.fromstring(svg)
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)), f"seed {seed}"
    if st.actors:
        for action in st.legal_actions(st.actors[0]):
            for element in st.game.action_path(st, action):
                assert element in ids, f"seed {seed}: {action} names missing {element}"


def test_outcome_labels_group_attacks_and_moves() -> None:
    st = position({"G1": (10, "rifle", "prone"), "T1": (14, "pistol", "standing"), "T2": (24, "pistol", "prone"),
                   "G2": (1, "pistol", "prone")})
    roll(st, 4, 4)
    act(st, "orders dig-in")
    before = st.clone()
    events = act(st, "attack G1 T1")
    saved = st.clone()
    label_saved = st.game.outcome_label(before, saved, events + saved.apply_chance(Roll((1,))), 0)
    label_killed = st.game.outcome_label(before, st, events + st.apply_chance(Roll((6,))), 0)
    assert (label_saved, label_killed) == ("saved", "killed")


@pytest.mark.parametrize("seed", [8, 9])
def test_evaluate_is_bounded_and_zero_sum(seed: int) -> None:
    st = _midgame(seed, steps=100)
    a, b = st.game.evaluate(st, 0), st.game.evaluate(st, 1)
    assert -1 <= a <= 1 and abs(a + b) < 1e-9, f"seed {seed}"


def test_more_men_and_a_lead_are_better() -> None:
    st = position({"G1": (20, "pistol", "prone"), "G2": (3, "pistol", "prone"), "T1": (20, "pistol", "prone")})
    assert st.game.evaluate(st, 0) > 0 > st.game.evaluate(st, 1)
