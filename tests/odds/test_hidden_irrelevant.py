"""The game-declared ``hidden_irrelevant`` hook: where a game says the re-sampled
part cannot change a question's answer, the engine expands one world, and the
answer must be the one the full agreement check over re-samplings gives (exact,
same labels, same probabilities)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dicefront.core import State
from dicefront.core.errors import DicefrontError
from dicefront.core.registry import load, names
from dicefront.lab.bench import odds_positions, odds_queries
from dicefront.odds import analyse, engine
from dicefront.odds.policy import hidden_irrelevant, resolve

DECLARING = [n for n in names() if hidden_irrelevant(n) is not None]
OPTION_SETS: list[dict[str, Any]] = [{}, {"depot_claim": "on"}]


def test_some_game_declares_the_hook() -> None:
    assert DECLARING, "no game declares hidden_irrelevant: this test would check nothing"


def _declared_queries(name: str, options: dict[str, Any], seed: int) -> Iterator[tuple[State, Any, int]]:
    game = load(name, **options)
    hook = hidden_irrelevant(game)
    assert hook is not None
    policy = resolve(game, None)
    for state in odds_positions(game, 25, seed):
        for action, player in odds_queries(state):
            if hook(state, action, player, policy):
                yield state, action, player


def _answer(state: State, action: Any, player: int) -> tuple[Any, bool] | str:
    try:
        odds = analyse(state, action, player)
    except DicefrontError as err:
        return str(err)
    return odds.outcomes, odds.exact


@pytest.mark.parametrize("name", DECLARING)
@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "depot-on"])
@pytest.mark.parametrize("seed", [0, 1])
def test_one_world_matches_the_full_enumeration(name: str, options: dict[str, Any], seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game = load(name)
    if any(k not in game.options.__dataclass_fields__ for k in options):
        pytest.skip(f"{name} has no option {sorted(options)}")
    with_dice = 0
    for state, action, player in _declared_queries(name, options, seed):
        fast = _answer(state, action, player)
        with monkeypatch.context() as m:
            m.setattr(engine, "hidden_irrelevant", lambda game: None)
            full = _answer(state, action, player)
        where = f"seed {seed}, {name} {options}, player {player} asks {action} at {state.key()!r}"
        assert fast == full, where
        assert isinstance(full, str) or full[1], f"{where}: the hook declared a question whose worlds disagree"
        with_dice += not isinstance(fast, str) and bool(fast[0])
        if with_dice >= 40:
            break
    assert with_dice, f"seed {seed}: no declared question with dice was sampled"


@pytest.mark.parametrize("name", DECLARING)
def test_a_declared_question_expands_one_world(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    for state, action, player in _declared_queries(name, {}, 0):
        calls.clear()
        cls = type(state)
        original = cls.determinize

        def counting(self: State, who: int, rng: Any, original: Any = original) -> State:
            calls.append(who)
            return original(self, who, rng)

        monkeypatch.setattr(cls, "determinize", counting)
        odds = analyse(state, action, player)
        monkeypatch.undo()
        if odds.outcomes:
            assert calls == [player], f"{name}: {action} re-sampled {len(calls)} worlds"
            assert odds.exact and "declares" in " ".join(odds.notes)
            return
    pytest.fail(f"{name}: no declared question with dice in the sampled positions")
