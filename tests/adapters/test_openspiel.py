"""The OpenSpiel adapter: every game registered as dicefront_<name>, passing
OpenSpiel's random_sim_test with serialization, with observers and parameters."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import dicefront
from dicefront.core.registry import build

from .conftest import require

pyspiel = require("pyspiel")
adapter = require("dicefront.adapters.openspiel")
observation = require("open_spiel.python.observation")

GAMES = dicefront.names()


def _roll(state: object, rng: random.Random) -> None:
    """Resolve chance nodes with ``rng`` (always the first outcome could repeat a tie forever)."""
    for _ in range(1000):
        if not state.is_chance_node():  # type: ignore[attr-defined]
            return
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))  # type: ignore[attr-defined]
    raise AssertionError("seed 0: still rolling after 1000 chance steps")


def test_every_game_is_registered() -> None:
    assert sorted(adapter.GAMES) == sorted(f"dicefront_{n}" for n in GAMES)
    registered = set(pyspiel.registered_names())
    assert all(name in registered for name in adapter.GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialization(name: str) -> None:
    game = pyspiel.load_game(f"dicefront_{name}")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_game_type_matches_the_game(name: str) -> None:
    spec = dicefront.load(name).spec
    game_type = pyspiel.load_game(f"dicefront_{name}").get_type()
    hidden = game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert hidden == spec.hidden_information
    assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


@pytest.mark.parametrize("name", GAMES)
def test_chance_probabilities_and_observer(name: str) -> None:
    game = pyspiel.load_game(f"dicefront_{name}")
    observer = observation.make_observation(game)
    state = game.new_initial_state()
    rng = random.Random(11)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            exact = state.dstate.chance_outcomes()
            assert [p for _, p in outcomes] == [float(p) for _, p in exact]
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            state.apply_action(rng.choice([a for a, _ in outcomes]))
            continue
        player = state.current_player()
        observer.set_from(state, player)
        expected = np.asarray(state.dgame.observation_tensor(state.dstate, player), dtype=np.float32)
        assert np.array_equal(observer.tensor, expected), "seed 11: observer tensor differs from the game's"
        assert observer.string_from(state, player) == state.dgame.observation_text(state.dstate, player)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name: str) -> None:
    game = pyspiel.load_game(f"dicefront_{name}")
    state = game.new_initial_state()
    _roll(state, random.Random(0))
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) != str(copy) and state.history() != copy.history()
    assert len(state.history()) + 1 == len(copy.history())


def _int_changes(options: Any) -> Iterator[tuple[Any, int]]:
    for o in options:
        if o.type == "int" and o.max is not None:
            yield o, (o.default + 1 if o.default + 1 <= o.max else o.default - 1)


def _loads(name: str, option: str, value: int) -> bool:
    """Whether the option can be changed alone (some only apply with another option)."""
    try:
        build(name, {option: value})
    except ValueError:
        return False
    return True


def test_options_are_parameters_and_bad_ones_are_refused() -> None:
    name = GAMES[0]
    spec = dicefront.load(name).spec
    option, value = next((o, v) for o, v in _int_changes(spec.options) if _loads(name, o.name, v))
    game = pyspiel.load_game(f"dicefront_{name}", {option.name: value})
    assert getattr(game.dgame.options, option.name) == value
    with pytest.raises(Exception, match="no_such_option"):
        pyspiel.load_game(f"dicefront_{name}", {"no_such_option": 1})


def test_illegal_action_id_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game(f"dicefront_{GAMES[0]}")
    state = game.new_initial_state()
    _roll(state, random.Random(0))
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(Exception, match="not a legal action"):
        state.apply_action(illegal)
    assert str(state) == before
