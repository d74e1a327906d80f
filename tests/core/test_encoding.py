"""Integer actions and observation tensors (core/encoding.py), checked generically on
every registered game and every preset: random play with a printed seed."""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import dicefront
from dicefront.core.encoding import ActionIdError, Features
from dicefront.core.errors import IllegalActionError
from dicefront.core.game import Game, State

GAMES = [(name, preset) for name in dicefront.names() for preset in dicefront.load(name).presets]
SEED = 20261123
PLAYOUTS = 1
MAX_STEPS = 200
ROUND_TRIPS = 12
"""Legal actions decoded back per state (all of them are encoded)."""


def _game(name: str, preset: str) -> Game[Any, Any]:
    return dicefront.load(name, **dicefront.load(name).presets[preset])


def _play(game: Game[Any, Any], rng: random.Random) -> Iterator[State[Any]]:
    """Every state of a random game (at most MAX_STEPS), chance nodes included."""
    state = game.new_state()
    for _ in range(MAX_STEPS):
        yield state
        if state.is_terminal:
            return
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state.apply_chance(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
        else:
            player = rng.choice(state.actors)
            state.apply(rng.choice(state.legal_actions(player)), player)


@pytest.mark.parametrize(("name", "preset"), GAMES)
def test_action_ids_are_a_bijection_on_legal_actions(name: str, preset: str) -> None:
    game = _game(name, preset)
    size = game.num_distinct_actions
    assert 0 < size < 20_000, f"{name}/{preset}: {size} distinct actions"
    for k in range(PLAYOUTS):
        seed = SEED + k
        rng = random.Random(seed)
        for state in _play(game, rng):
            if state.is_chance:
                assert len(state.chance_outcomes()) <= game.max_chance_outcomes, f"seed {seed}"
            for player in state.actors:
                legal = state.legal_actions(player)
                ids = [game.action_id(state, a) for a in legal]
                assert all(0 <= i < size for i in ids), f"seed {seed}: id out of range"
                assert len(set(ids)) == len(ids), f"seed {seed}: two legal actions share an id in {name}"
                assert game.legal_action_ids(state, player) == sorted(ids), f"seed {seed}"
                pairs = list(zip(legal, ids, strict=True))
                for action, i in rng.sample(pairs, min(len(pairs), ROUND_TRIPS)):
                    assert game.action_from_id(state, i) == action, f"seed {seed}: {action} does not round-trip"
                other = rng.randrange(size)
                if other not in ids:
                    _refused(state, game, other, player, seed)


def _refused(state: State[Any], game: Game[Any, Any], action_id: int, player: int, seed: int) -> None:
    """An id outside ``player``'s legal set raises ActionIdError or decodes to an action
    the state refuses from ``player`` (in a simultaneous step it may be the other
    actor's)."""
    try:
        action = game.action_from_id(state, action_id)
    except ActionIdError:
        return
    with pytest.raises(IllegalActionError):
        state.clone().apply(action, player)


@pytest.mark.parametrize("name", dicefront.names())
@pytest.mark.parametrize("bad", [-1, 10**9, True, False, "3", 2.0, None])
def test_bad_action_ids_are_refused(name: str, bad: Any) -> None:
    game = dicefront.load(name)
    state = game.new_state()
    rng = random.Random(SEED)  # the first outcome may be a tied roll-off, rolled again forever
    while state.is_chance:
        outcomes = state.chance_outcomes()
        state.apply_chance(rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0])
    with pytest.raises(ActionIdError) as info:
        game.action_from_id(state, bad)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(("name", "preset"), GAMES)
def test_observations_are_finite_fixed_size_and_from_the_view(name: str, preset: str) -> None:
    game = _game(name, preset)
    size = math.prod(game.observation_shape)
    assert size == sum(math.prod(shape) for _, shape in game.observation_layout)
    seed = SEED
    rng = random.Random(seed)
    seen: set[tuple[float, ...]] = set()
    for step, state in enumerate(_play(game, rng)):
        for player in (0, 1):
            tensor = game.observation_tensor(state, player)
            assert len(tensor) == size, f"seed {seed}"
            assert all(math.isfinite(x) and -1.0 <= x <= 1.0 for x in tensor), f"seed {seed}: values outside [-1, 1]"
            seen.add(tuple(tensor))
            if game.hidden_information and step % 5 == 0 and not state.is_terminal:
                copy = state.determinize(player, random.Random(rng.random()))
                assert game.observation_tensor(copy, player) == tensor, f"seed {seed}: the tensor depends on hidden information"
        if step % 25 == 0:
            text = game.observation_text(state, 0)
            assert isinstance(text, str) and text
    assert len(seen) > 3, f"seed {seed}: observations hardly change"


GOLDEN = Path(__file__).parents[1] / "fixtures" / "action_ids.json"


@pytest.mark.parametrize("name", dicefront.names())
def test_action_ids_are_stable(name: str) -> None:
    """Ids of a few actions per game (default options) must never change: research
    code stores them (a new action class goes after the old ones)."""
    table = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert name in table, f"add {name} to {GOLDEN.name}"
    game = dicefront.load(name)
    state = game.new_state()
    assert game.num_distinct_actions == table[name]["num_distinct_actions"]
    for text, expected in table[name]["ids"].items():
        assert game.action_encoding.encode(state, game.parse_notation(text)) == expected, text
        assert game.action_encoding.codecs_decode(state, expected) == game.parse_notation(text), text


def test_features_positions_are_checked_every_time_and_shared_by_layout() -> None:
    """Flat indexes are remembered per layout (a speed-up): a valid position gives the
    same index from a fresh Features, and a position outside its group is refused
    every time, never remembered."""
    layout = [("board", (2, 3, 4)), ("phase", (5,))]
    first = Features(layout)
    first.set("board", (1, 2, 3), 0.5)
    second = Features(layout)
    assert second.index("board", (1, 2, 3)) == first.index("board", (1, 2, 3)) == 23
    assert second.values == [0.0] * 29 and first.values[23] == 0.5
    assert second.index("phase", 4) == second.index("phase", (4,)) == 28
    for _ in range(2):
        for bad in ((2, 0, 0), (0, 3, 0), (0, 0, -1), (0, 0)):
            with pytest.raises(IndexError):
                second.set("board", bad)
        with pytest.raises(IndexError):
            second.one_hot("phase", 5)
    other = Features([("board", (4, 3, 2))])  # another layout with the same group name
    assert other.index("board", (1, 2, 1)) == 11
