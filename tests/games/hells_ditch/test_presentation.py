"""Hell's Ditch: text and SVG rendering, heuristics, odds labels, saved positions,
and that every numbered rule of RULES.md has a test."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from rich.console import Console

import dicefront
from dicefront.core import DataFileError, Roll, StateFormatError
from dicefront.games.hells_ditch.rules import HellsDitchState

from .helpers import fight_at_hogjaw, new, put, write

HERE = Path(__file__).parent


def _text(state: HellsDitchState, player: int | None) -> str:
    console = Console(width=120, record=True, force_terminal=False)
    console.print(state.game.render_text(state, player))
    return console.export_text()


def test_text_shows_map_warbands_razed_loot_and_counters() -> None:
    state = new()
    state.razed.add("hogjaw")
    state.loot = [1, 0]
    put(state, 1, 2, "hrunt", hp=3)
    write(state, 0, "counter 2/2")
    text = _text(state, 0)
    for expected in ("Black Crag", "Hogjaw ✗", "W2:3", "loot 1/7", "1/3 3/1", "Ditchbottom"):
        assert expected in text, expected


def test_hot_seat_text_for_the_second_player_hides_the_first_plan() -> None:
    state = new()
    write(state, 0, "counter 3/1", "w1 move hogjaw", "w2 move gorsemoor", "done")
    text = _text(state, 1)
    assert "w1 move" not in text and "3/1  " not in text
    assert "written, face down" in text


def test_svg_is_standalone_with_unique_clickable_ids_and_paths() -> None:
    state = new()
    put(state, 0, 3, None)
    svg = state.game.render_svg(state, 0)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and root.get("viewBox")
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids))
    for action in state.legal_actions(0):
        for ident in state.game.action_path(state, action):
            assert ident in ids, f"{action}: {ident}"
    write(state, 0, "counter 2/2")
    svg = state.game.render_svg(state, 0)
    ids = [e.get("id") for e in ET.fromstring(svg).iter() if e.get("id")]
    paths = {tuple(state.game.action_path(state, a)) for a in state.legal_actions(0)}
    assert ("w1", "loc-hogjaw") in paths and ("w3",) in paths and () in paths
    assert all(i in ids for path in paths for i in path)


def test_svg_shows_the_fight() -> None:
    state = fight_at_hogjaw()
    svg = state.game.render_svg(state, None)
    assert "Fight at Hogjaw" in svg


def test_evaluate_is_bounded_and_prefers_loot() -> None:
    state = new()
    game = state.game
    assert game.evaluate(state, 0) == pytest.approx(0.0)
    state.loot = [4, 1]
    assert 0 < game.evaluate(state, 0) <= 1 and game.evaluate(state, 1) == pytest.approx(-game.evaluate(state, 0))
    rng = random.Random(2)
    for _ in range(200):
        if state.is_terminal:
            break
        if state.is_chance:
            outs = state.chance_outcomes()
            state.apply_chance(outs[rng.randrange(len(outs))][0])
        else:
            p = state.actors[0]
            acts = state.legal_actions(p)
            state.apply(acts[rng.randrange(len(acts))], p)
        assert -1 <= game.evaluate(state, 0) <= 1


def test_outcome_labels_group_fight_results() -> None:
    state = fight_at_hogjaw()
    state.hp[1][0] = 1
    before = state.clone()
    events = state.apply_chance(Roll((1, 1)))
    assert state.game.outcome_label(before, state, events, 0) == "enemy eliminated; +1 loot"
    other = fight_at_hogjaw()
    before = other.clone()
    events = other.apply_chance(Roll((2, 0)))
    assert other.game.outcome_label(before, other, events, 1) == "dealt 0, took 2"


def test_corrupt_saved_position_names_the_problem() -> None:
    state = fight_at_hogjaw()
    data = state.to_json()
    data["state"]["loc"][0][0] = "atlantis"
    with pytest.raises(StateFormatError, match="atlantis"):
        state.game.state_from_json(data)
    good = state.to_json()
    assert state.game.state_from_json(good).to_json() == good


def test_unknown_shipped_map_is_a_clear_error() -> None:
    with pytest.raises(DataFileError, match="no shipped data file 'moon'"):
        dicefront.load("hells_ditch", map="moon")


def test_every_numbered_rule_has_a_test() -> None:
    rules_md = (Path(dicefront.load("hells_ditch").rules_file or "")).read_text(encoding="utf-8")
    numbered = set(re.findall(r"^\*\*(\d+\.\d+) ", rules_md, flags=re.M))
    tested = set()
    for path in HERE.glob("test_*.py"):
        tested |= set(re.findall(r'@pytest\.mark\.rule\("(\d+\.\d+)"\)', path.read_text(encoding="utf-8")))
    assert numbered and numbered <= tested, f"rules without a test: {sorted(numbered - tested)}"
