"""Corrupted saved positions, generated from real ones for every game and preset: each
must either be refused with a one-line StateFormatError, or load a state that saves
back to the same JSON and can be played on without any exception.

Bounded and seeded: the seed is in the test id and in every failure message."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import dicefront
from dicefront.core import State, StateFormatError, sample
from tests.conftest import game_presets, random_walk

CASES = game_presets()
MATCHES = 2  # real games played per preset
EVERY = 7  # keep every k-th state of each game
MUTANTS = 6  # corruptions per collected position
PLAY_STEPS = 20


def collect(game: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Real positions from seeded random play."""
    out = []
    for _ in range(MATCHES):
        states = random_walk(game.new_state(), rng, 400)
        out += [s.to_json() for s in states[:: EVERY]] + [states[-1].to_json()]
    return out


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (including the value itself)."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*here, i))
    return out


def get(data: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        data = data[p]
    return data


def put(data: Any, path: tuple[Any, ...], value: Any) -> None:
    get(data, path[:-1])[path[-1]] = value


NESTED = [[[[[[["deep"]]]]]]]


def mutate_value(value: Any, rng: random.Random) -> Any:
    if isinstance(value, bool):
        return rng.choice([not value, 1, 0, "true", None])
    if isinstance(value, int):
        return rng.choice([-1, -value - 1, value + 1, value * 7 + 99, 10**12, True, False, float(value), str(value), None, 2**70])
    if isinstance(value, str):
        return rng.choice(["", value + "x", value.upper(), value[::-1], "²", "a" * 500, 3, None, [value]])
    if isinstance(value, list):
        choice = rng.randrange(6)
        if choice == 0 and value:
            return [*value, value[rng.randrange(len(value))]]  # duplicated item
        if choice == 1 and value:
            return value[: rng.randrange(len(value))]  # truncated
        if choice == 2:
            return [*value, rng.choice([0, "a1", None, [], {}, NESTED])]  # extended
        if choice == 3 and len(value) > 1:
            i, j = rng.sample(range(len(value)), 2)
            swapped = list(value)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            return swapped
        if choice == 4:
            return {"x": value}
        return NESTED
    if isinstance(value, dict):
        out = dict(value)
        if out and rng.random() < 0.5:
            key = rng.choice(sorted(out))
            if rng.random() < 0.5:
                del out[key]  # removed
            else:
                out[key + "_"] = out.pop(key)  # renamed
        else:
            out[rng.choice(["x", "S", "A", "zz"])] = rng.choice([1, -5, 99, "a", NESTED])
        return out
    return rng.choice([0, "x", [], {}])


def corrupt(position: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    bad = copy.deepcopy(position)
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        places = paths(bad["state"], ("state",))
        if len(places) > 1 and rng.random() < 0.15:  # swap two values of one type between fields
            a, b = rng.sample(places, 2)
            va, vb = get(bad, a), get(bad, b)
            if type(va) is type(vb) and a[: len(b)] != b and b[: len(a)] != a:
                put(bad, a, copy.deepcopy(vb))
                put(bad, b, copy.deepcopy(va))
            continue
        path = rng.choice(places)
        put(bad, path, copy.deepcopy(mutate_value(get(bad, path), rng)))
    return bad


def play_on(state: State, rng: random.Random) -> None:
    """Use every part of the contract for a few random steps."""
    for _ in range(PLAY_STEPS):
        for viewer in (0, 1, None):
            state.view(viewer)
        for p in (0, 1):
            state.determinize(p, rng)
            state.legal_actions(p)
        state.returns()
        state.status_text()
        if state.is_terminal:
            return
        if state.is_chance:
            outcomes = state.chance_outcomes()
            assert outcomes, "a chance node without outcomes"
            assert sum(p for _, p in outcomes) == 1, "chance outcomes do not sum to 1"
            state.apply_chance(sample(outcomes, rng))
            continue
        actors = state.actors
        assert actors, "no actor at a non-terminal, non-chance node"
        player = actors[rng.randrange(len(actors))]
        actions = state.legal_actions(player)
        assert actions, f"player {player} must act but has no legal action"
        state.apply(actions[rng.randrange(len(actions))], player)


def check(game: Any, bad: dict[str, Any], rng: random.Random) -> str:
    """'refused' or 'loaded'; any other outcome fails the test."""
    try:
        state = game.state_from_json(bad)
    except StateFormatError as exc:
        text = str(exc)
        assert "\n" not in text and 0 < len(text) < 300, f"not a one-line error: {text!r}"
        return "refused"
    assert state.to_json() == bad, "loaded a position that does not save back the same"
    play_on(state, rng)
    return "loaded"


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=[f"{n}-{p}" for n, p, _ in CASES])
def test_corrupted_positions_are_refused_or_playable(name: str, preset: str, options: dict[str, Any]) -> None:
    seed = sum(map(ord, f"{name}/{preset}"))
    rng = random.Random(seed)
    game = dicefront.load(name, **options)
    for position in collect(game, rng):
        game.state_from_json(position)  # every real position loads
        for i in range(MUTANTS):
            bad = corrupt(position, rng)
            try:
                check(game, bad, random.Random(seed + i))
            except Exception as exc:  # report the seed and the corrupted input
                raise AssertionError(f"seed {seed}, mutant {i}: {type(exc).__name__}: {exc!s:.300}\n{bad['state']!r:.3000}") from exc


def real_position(game: Any, wanted: Any, seed: int = 0, games: int = 20) -> dict[str, Any]:
    """The JSON of the first state of seeded random play for which ``wanted(state)``
    holds (for the per-game tests of hand-made corruptions)."""
    rng = random.Random(seed)
    for _ in range(games):
        for state in random_walk(game.new_state(), rng, 2000):
            if wanted(state):
                return copy.deepcopy(state.to_json())
    raise AssertionError(f"seed {seed}: no such position in {games} random games")


def refused(game: Any, position: dict[str, Any]) -> str:
    """The one-line error of a position that must be refused."""
    with pytest.raises(StateFormatError) as info:
        game.state_from_json(position)
    text = str(info.value)
    assert "\n" not in text and text.startswith(f"corrupt {game.name} position: state"), text
    return text
