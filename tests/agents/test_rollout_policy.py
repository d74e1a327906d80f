"""``mcts:rollout_policy``: rollout steps chosen by the game's ``rollout_action``
(heuristics role), a uniform legal action where it has none or names none."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from dicefront.agents import make_agent
from dicefront.agents.mcts import MCTSAgent, rollout_step
from dicefront.core import game as game_module
from dicefront.core.errors import AgentError
from dicefront.games.trench_checkers import heuristics
from dicefront.games.trench_checkers.actions import Attack

from ..games.trench_checkers.helpers import attacking, c, empty, put
from .toys import GambleGame


def _position() -> Any:
    st = empty()
    put(st, "c4", 0, "VVV")
    put(st, "c5", 1, "S")
    put(st, "h8", 1, "S")
    return attacking(st, 0)


def test_rollout_policy_is_validated_with_its_bounds() -> None:
    assert make_agent("mcts:rollout_policy=game").rollout_policy == "game"  # type: ignore[attr-defined]
    assert MCTSAgent().rollout_policy == "random"
    with pytest.raises(AgentError, match=re.escape("rollout_policy must be one of random|game, got 'smart'")):
        make_agent("mcts:rollout_policy=smart")
    with pytest.raises(AgentError, match="rollout_policy"):
        MCTSAgent(rollout_policy="greedy")


def test_rollout_step_takes_the_policy_choice_when_legal() -> None:
    st = _position()
    legal = st.legal_actions(0)
    wanted = legal[-1]
    for seed in range(20):
        assert rollout_step(st, 0, random.Random(seed), lambda s, p, r: wanted) == wanted, f"seed {seed}"


def test_rollout_step_falls_back_to_a_legal_random_action() -> None:
    st = _position()
    legal = st.legal_actions(0)
    for policy in (None, lambda s, p, r: None, lambda s, p, r: "not an action"):
        for seed in range(20):
            assert rollout_step(st, 0, random.Random(seed), policy) in legal, f"seed {seed}"


def test_game_policy_is_asked_only_with_rollout_policy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    original = heuristics.rollout_action

    def spy(state: Any, player: int, rng: random.Random) -> Any:
        asked.append(player)
        return original(state, player, rng)

    monkeypatch.setattr(heuristics, "rollout_action", spy, raising=True)
    monkeypatch.setattr(game_module, "_ROLE_FUNCTIONS", {})  # forget a lookup made by an earlier test
    st = _position()
    MCTSAgent(iterations=20, rollout=6, book="off").choose(st.clone(), 0, random.Random(1))
    assert not asked
    MCTSAgent(iterations=20, rollout=6, rollout_policy="game", book="off").choose(st.clone(), 0, random.Random(1))
    assert asked


def test_game_without_a_rollout_action_plays_random_rollouts() -> None:
    game = GambleGame()
    for seed in range(5):
        agent = MCTSAgent(iterations=30, rollout=5, rollout_policy="game")
        state = game.new_state()
        assert agent.choose(state, state.actors[0], random.Random(seed)) in state.legal_actions(state.actors[0])


def test_trench_rollout_prefers_the_winning_attack() -> None:
    st = empty()
    put(st, "c4", 0, "CV")  # a Commando-Veteran stack next to a lone Soldier: a winning attack
    put(st, "c5", 1, "S")
    put(st, "d4", 0, "S")  # a lone Soldier next to two Veterans: a losing attack
    put(st, "e4", 1, "VV")
    for cell in ("a1", "b1", "h1"):
        put(st, cell, 0, "S")
    attacking(st, 0)
    attack = heuristics.rollout_action(st, 0, random.Random(0))
    assert isinstance(attack, Attack)
    assert (attack.src, attack.dst) == (c("c4"), c("c5"))
    assert heuristics.best_attack(st, 0) == attack


def test_trench_rollout_ends_the_attack_step_when_no_attack_gains() -> None:
    st = empty()
    put(st, "c4", 0, "S")
    put(st, "c5", 1, "CVV")
    attacking(st, 0)
    assert heuristics.best_attack(st, 0) is None
    assert str(heuristics.rollout_action(st, 0, random.Random(0))) == "end"


@pytest.mark.parametrize("policy", ["random", "game"])
def test_rollout_stops_where_the_mover_has_no_legal_action(policy: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # a rollout used to pick from an empty list (ValueError) when the player to act had
    # no legal action in the rolled-out position; it now evaluates the position as it is
    st = _position()
    monkeypatch.setattr(type(st), "legal_actions", lambda self, player: [])
    agent = MCTSAgent(iterations=5, rollout=6)
    agent.rollout_policy = policy
    value = agent._leaf(st, 0, random.Random(0))
    assert -1.0 <= value <= 1.0
    if policy == "game":
        assert rollout_step(st, 0, random.Random(0)) is None
