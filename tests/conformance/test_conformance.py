"""The generic conformance suite: every registered game and every option preset.

Each later game passes these without writing a line of test code."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest

import dicefront
from dicefront.agents import RandomAgent
from dicefront.core import (
    IllegalActionError,
    MatchRecord,
    NotationError,
    ReplayError,
    Roll,
    State,
    StateFormatError,
    rerun,
    sample,
)
from tests.conftest import game_presets, random_walk

CASES = game_presets()
IDS = [f"{g}-{p}" for g, p, _ in CASES]
SEEDS = (1, 2)


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    name, _, options = request.param
    return name, options


def _walk(game: dicefront.Game, seed: int) -> list[State]:
    """Every state of one random game; the conformance checks run on all of them."""
    states = random_walk(game.new_state(), random.Random(seed), game.spec.max_length)
    assert states[-1].is_terminal, f"seed {seed}: game exceeded its declared max length {game.spec.max_length}"
    return states


@pytest.fixture(params=SEEDS, ids=lambda s: f"seed{s}")
def walk(case: tuple[str, dict[str, Any]], request: pytest.FixtureRequest) -> tuple[dicefront.Game, int, list[State]]:
    name, options = case
    game = dicefront.load(name, **options)
    return game, request.param, _walk(game, request.param)


def test_random_games_finish(walk: Any) -> None:
    game, seed, states = walk
    final = states[-1]
    assert final.is_terminal, f"seed {seed}"
    assert final.actors == ()
    r = final.returns()
    assert len(r) == 2 and r[0] == -r[1], f"seed {seed}: zero-sum returns expected, got {r}"


def test_every_actor_can_act_and_chance_is_exact(walk: Any) -> None:
    game, seed, states = walk
    for i, st in enumerate(states):
        where = f"seed {seed} step {i}"
        if st.is_terminal:
            assert st.actors == () and not st.is_chance, where
            continue
        if st.is_chance:
            assert st.actors == (), where
            outs = st.chance_outcomes()
            assert outs, where
            assert all(p > 0 for _, p in outs), where
            assert sum((p for _, p in outs), Fraction(0)) == 1, where
            assert len({o for o, _ in outs}) == len(outs), f"{where}: duplicate outcomes"
            continue
        assert st.actors, where
        for p in st.actors:
            legal = st.legal_actions(p)
            assert legal, f"{where}: player {p} has no legal action"
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal actions"
        for p in (0, 1):
            if p not in st.actors:
                assert st.legal_actions(p) == [], where


def test_every_legal_action_applies(walk: Any) -> None:
    """Every legal action and every outcome applies, and none leads to a dead end."""
    game, seed, states = walk
    stride = max(1, len(states) // 40)
    for i in range(0, len(states), stride):
        st = states[i]
        if st.is_terminal:
            continue
        if st.is_chance:
            for outcome, _ in st.chance_outcomes():
                child = st.clone()
                child.apply_chance(outcome)
                _assert_not_a_dead_end(child, f"seed {seed} step {i} after outcome {outcome!r}")
            continue
        for p in st.actors:
            for action in st.legal_actions(p):
                child = st.clone()
                child.apply(action, p)
                _assert_not_a_dead_end(child, f"seed {seed} step {i} after player {p}'s {str(action)!r}")


def _assert_not_a_dead_end(st: State, where: str) -> None:
    """A decision point reached by any legal action has someone to act, and each actor
    has a legal action (a card that leaves no move once left the game with neither)."""
    if st.is_terminal or st.is_chance:
        return
    assert st.actors, f"{where}: a decision point with no actor"
    for p in st.actors:
        assert st.legal_actions(p), f"{where}: player {p} has no legal action"


def test_clone_is_independent(walk: Any) -> None:
    game, seed, states = walk
    rng = random.Random(seed)
    for st in states[:: max(1, len(states) // 25)]:
        if st.is_terminal:
            continue
        before = json.dumps(st.to_json(), sort_keys=True)
        copy = st.clone()
        if copy.is_chance:
            copy.apply_chance(sample(copy.chance_outcomes(), rng))
        else:
            p = copy.actors[0]
            acts = copy.legal_actions(p)
            copy.apply(acts[rng.randrange(len(acts))], p)
        assert json.dumps(st.to_json(), sort_keys=True) == before, f"seed {seed}: changing a clone changed the original"


def test_key_identifies_the_full_state(walk: Any) -> None:
    """``State.key()`` is hashable, survives a clone, and two states of the game have
    equal keys exactly when their full JSON is equal."""
    game, seed, states = walk
    sample_states = states[:: max(1, len(states) // 60)]
    keys = [st.key() for st in sample_states]
    texts = [json.dumps(st.to_json(), sort_keys=True) for st in sample_states]
    for i, st in enumerate(sample_states):
        assert st.clone().key() == keys[i], f"seed {seed} state {i}: a clone has another key"
        hash(keys[i])
    by_key: dict[Any, str] = {}
    for i, k in enumerate(keys):
        assert by_key.setdefault(k, texts[i]) == texts[i], f"seed {seed} state {i}: equal keys, different states"
    assert len(set(keys)) == len(set(texts)), f"seed {seed}: different states share a key"


def test_json_round_trip(walk: Any) -> None:
    game, seed, states = walk
    for i, st in enumerate(states):
        data = json.loads(json.dumps(st.to_json()))
        back = game.state_from_json(data)
        assert back.to_json() == st.to_json(), f"seed {seed} step {i}"
        assert back.actors == st.actors and back.is_chance == st.is_chance
        for p in st.actors:
            assert back.legal_actions(p) == st.legal_actions(p), f"seed {seed} step {i}"
        assert back.chance_outcomes() == st.chance_outcomes()
        assert dicefront.state_from_json(data).to_json() == st.to_json()


def test_notation_round_trips(walk: Any) -> None:
    game, seed, states = walk
    for i, st in enumerate(states):
        for p in st.actors:
            for action in st.legal_actions(p):
                text = str(action)
                assert game.parse_notation(text) == action, f"seed {seed} step {i}: {text!r}"
                assert game.parse_action(st, text, p) == action, f"seed {seed} step {i}: {text!r}"


def test_views_are_json_and_determinize_keeps_them(walk: Any) -> None:
    game, seed, states = walk
    rng = random.Random(seed)
    for i, st in enumerate(states[:: max(1, len(states) // 60)]):
        views = {p: st.view(p) for p in (0, 1, None)}
        for p, v in views.items():
            assert json.loads(json.dumps(v)) == v, f"seed {seed} step {i}: view({p}) is not JSON-safe"
        for p in (0, 1):
            det = st.determinize(p, rng)
            assert det.view(p) == views[p], f"seed {seed} step {i}: determinize({p}) changed what player {p} sees"
            assert det.view(None) == views[None], f"seed {seed} step {i}: determinize({p}) changed the spectator view"
            assert det.actors == st.actors
            for q in det.actors:
                if q == p:
                    assert det.legal_actions(q) == st.legal_actions(q)


def test_spectator_view_has_no_secret(walk: Any) -> None:
    """A spectator sees no secret: resampling every secret (from either seat's side)
    never changes the spectator view, and the view never contains an RNG."""
    game, seed, states = walk
    rng = random.Random(seed + 1000)
    for st in states[:: max(1, len(states) // 30)]:
        spectator = st.view(None)
        text = json.dumps(spectator)
        assert "rng" not in text.lower() and "seed" not in text.lower()
        for p in (0, 1):
            for _ in range(3):
                assert st.determinize(p, rng).view(None) == spectator


def test_illegal_and_malformed_actions_leave_state_unchanged(walk: Any) -> None:
    game, seed, states = walk
    for st in states[:: max(1, len(states) // 20)]:
        before = st.to_json()
        for p in (0, 1):
            with pytest.raises(NotationError):
                game.parse_action(st, "%% not an action %%", p)
            if p not in st.actors:
                for q in st.actors:
                    for action in st.legal_actions(q)[:3]:
                        if action not in st.legal_actions(p):
                            with pytest.raises(IllegalActionError) as err:
                                st.apply(action, p)
                            assert f"by Player {p + 1}:" in str(err.value)
        if not st.is_chance:
            with pytest.raises(IllegalActionError):
                st.apply_chance(Roll((1,)))
        else:
            with pytest.raises(IllegalActionError):
                st.apply_chance(Roll(("no such outcome", -1)))
        assert st.to_json() == before, f"seed {seed}: a rejected action changed the state"


def test_corrupt_position_is_rejected(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    game = dicefront.load(name, **options)
    good = game.new_state().to_json()
    with pytest.raises(StateFormatError):
        game.state_from_json({**good, "game": "not-a-game"})
    with pytest.raises(StateFormatError):
        game.state_from_json({**good, "format": 999})
    with pytest.raises(StateFormatError):
        game.state_from_json({**good, "state": {}})
    with pytest.raises(StateFormatError):
        game.state_from_json([1, 2, 3])


def test_same_seed_same_record(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    game = dicefront.load(name, **options)
    agents = [RandomAgent(), RandomAgent()]
    a = dicefront.play_match(game, agents, seed=7).to_json()
    b = dicefront.play_match(dicefront.load(name, **options), agents, seed=7).to_json()
    assert a == b
    c = dicefront.play_match(game, agents, seed=8).to_json()
    assert c["steps"] != a["steps"], "different seeds should give different games"


def test_record_replays_to_identical_state(case: tuple[str, dict[str, Any]], tmp_path: Any) -> None:
    name, options = case
    game = dicefront.load(name, **options)
    record = dicefront.play_match(game, [RandomAgent(), RandomAgent()], seed=3)
    path = tmp_path / "game.json"
    record.save(path)
    loaded = MatchRecord.load(path)
    final = rerun(loaded)
    assert final.is_terminal and final.returns() == record.returns
    data = loaded.to_json()
    data["steps"] = data["steps"][:-1]  # one step short: the digest no longer matches
    with pytest.raises(ReplayError):
        rerun(MatchRecord.from_json(data))
    bad = loaded.to_json()
    bad["steps"][len(bad["steps"]) // 2] = {"player": 0, "action": "%% garbage %%", "events": []}
    with pytest.raises(ReplayError):
        rerun(MatchRecord.from_json(bad))
