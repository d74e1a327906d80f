"""The generic ``book_allowed`` hook: ``mcts`` searches only the actions a game's
heuristics role keeps at the root, unless ``book=off``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicefront.agents.common import book_filter
from dicefront.agents.mcts import MCTSAgent
from dicefront.core import game as game_module
from dicefront.core.registry import load


def _keep_last_two(state: Any, player: int, actions: list[Any]) -> list[Any]:
    return actions[-2:]


def _patched(monkeypatch: pytest.MonkeyPatch, fn: Any) -> Any:
    game = load("ditch")
    monkeypatch.setattr(game_module, "_ROLE_FUNCTIONS", {(type(game), "heuristics", "book_allowed"): fn})
    state = game.new_state()
    rng = random.Random(0)
    for _ in range(300):  # random play up to a decision with a real choice
        if state.is_chance:
            state.push_chance(rng.choice(state.chance_outcomes())[0])
            continue
        actors = state.actors
        if len(actors) == 1 and len(state.legal_actions(actors[0])) >= 6:
            return state
        mover = actors[0]
        state.push(rng.choice(state.legal_actions(mover)), mover)
    raise AssertionError("no decision with six actions in 300 steps")


def test_the_search_picks_only_among_the_kept_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _patched(monkeypatch, _keep_last_two)
    player = state.actors[0]
    legal = state.legal_actions(player)
    assert len(legal) > 3
    for seed in range(6):
        agent = MCTSAgent(iterations=40)
        assert agent.choose(state.clone(), player, random.Random(seed)) in legal[-2:], f"seed {seed}"
        assert agent.last_iterations == 40
    # no iteration is spent on a ruled-out action
    root = MCTSAgent(iterations=40).search(state.clone(), player, random.Random(0), allowed=legal[-2:])
    assert set(root.edges) == set(legal[-2:])


def test_book_off_searches_every_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _patched(monkeypatch, _keep_last_two)
    player = state.actors[0]
    legal = state.legal_actions(player)
    chosen = {MCTSAgent(iterations=40, book="off").choose(state.clone(), player, random.Random(s)) for s in range(12)}
    assert chosen - set(legal[-2:]), "book=off never left the kept actions"


@pytest.mark.parametrize("kept", [[], None, ["not an action"]])
def test_keeping_nothing_legal_keeps_everything(monkeypatch: pytest.MonkeyPatch, kept: Any) -> None:
    state = _patched(monkeypatch, lambda s, p, a: kept)
    player = state.actors[0]
    legal = state.legal_actions(player)
    assert book_filter(state, player, legal) == legal


def _keep_last_two_for_book_x(state: Any, player: int, actions: list[Any], book: str = "game") -> list[Any]:
    return actions[-2:] if book == "x" else actions


def test_a_named_book_is_handed_to_book_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _patched(monkeypatch, _keep_last_two_for_book_x)
    player = state.actors[0]
    legal = state.legal_actions(player)
    assert book_filter(state, player, legal, "x") == legal[-2:]
    assert book_filter(state, player, legal) == legal  # the game's own book keeps all here
