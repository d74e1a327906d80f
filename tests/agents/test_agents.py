"""Every agent on every registered game: legal play, determinism, specs and levels."""

from __future__ import annotations

import random
import time

import pytest

import dicefront
from dicefront.agents import GreedyAgent, MCTSAgent, agent_names, make_agent, mcts_iterations_per_second
from dicefront.core import AgentError, State, sample

GAMES = dicefront.names()
# small budgets: these tests check behaviour, not strength
AGENTS = ("random", "greedy", "mcts:iterations=12", "ismcts:iterations=12")
STEPS = 30
SHORT = 16


def _decision_states(game: dicefront.Game, seed: int, count: int) -> list[State]:
    """Decision positions from one random game (after its set-up where possible)."""
    rng = random.Random(seed)
    state = game.new_state()
    out: list[State] = []
    for _ in range(game.spec.max_length):
        if state.is_terminal:
            break
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        player = state.actors[0]
        actions = state.legal_actions(player)
        if len(actions) > 1 and rng.random() < 0.2:
            out.append(state.clone())
        state.apply(actions[rng.randrange(len(actions))], player)
    return out[-count:]


@pytest.mark.parametrize("spec", AGENTS)
@pytest.mark.parametrize("name", GAMES)
def test_each_agent_plays_each_game_legally(name: str, spec: str) -> None:
    game = dicefront.load(name)
    for seat in (0, 1):
        agents = [make_agent(spec), make_agent("random")]
        if seat:
            agents.reverse()
        # play_match applies every chosen action with the checked apply
        record = dicefront.play_match(game, agents, seed=seat, max_steps=STEPS)
        assert record.length > 0, f"{spec} on {name}, seat {seat}: nothing was played"


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=10", "ismcts:iterations=10"])
@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_moves(name: str, spec: str) -> None:
    game = dicefront.load(name)
    runs = [
        dicefront.play_match(game, [make_agent(spec), make_agent(spec)], seed=7, max_steps=SHORT).to_json()
        for _ in range(2)
    ]
    assert runs[0] == runs[1], f"{spec} on {name}: two runs with seed 7 differ"


@pytest.mark.parametrize("name", GAMES)
def test_agent_choice_depends_only_on_its_rng(name: str) -> None:
    game = dicefront.load(name)
    for i, state in enumerate(_decision_states(game, 3, 2)):
        player = state.actors[0]
        agent = MCTSAgent(iterations=20)
        first = agent.choose(state.clone(), player, random.Random(i))
        again = agent.choose(state.clone(), player, random.Random(i))
        assert first == again, f"{name} position {i}: same state and seed, different choices"
        assert first in state.legal_actions(player)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_levels_play(level: str) -> None:
    game = dicefront.load("ditch")
    record = dicefront.play_match(game, [make_agent(level), make_agent("random")], seed=2, max_steps=STEPS)
    again = dicefront.play_match(game, [make_agent(level), make_agent("random")], seed=2, max_steps=STEPS)
    assert record.length == STEPS and record.to_json() == again.to_json(), level


def test_agent_specs_and_levels() -> None:
    names = agent_names()
    for required in ("random", "greedy", "mcts", "ismcts", "easy", "medium", "hard"):
        assert required in names
    assert isinstance(make_agent("easy"), GreedyAgent)
    medium, hard = make_agent("medium"), make_agent("hard")
    assert isinstance(medium, MCTSAgent) and medium.seconds == 0 and medium.iterations > 50
    assert isinstance(hard, MCTSAgent) and 0.5 <= hard.seconds <= 1.0
    custom = make_agent("mcts:iterations=40:c=0.5:rollout=3:determinize=false")
    assert isinstance(custom, MCTSAgent)
    assert (custom.iterations, custom.c, custom.rollout, custom.determinize) == (40, 0.5, 3, False)
    assert make_agent("ismcts").determinize is True  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "spec, words",
    [
        ("mcts:iterations=0", "iterations"),
        ("mcts:c=-1", "c must"),
        ("mcts:seconds=-2", "seconds"),
        ("mcts:rollout=-1", "rollout"),
        ("mcts:determinize=maybe", "determinize"),
        ("mcts:depth=3", "has no parameter"),
        ("greedy:epsilon=2", "epsilon"),
        ("alphazero", "unknown agent"),
    ],
)
def test_bad_agent_specs_are_clear_errors(spec: str, words: str) -> None:
    with pytest.raises(AgentError, match=words):
        make_agent(spec)


def test_time_budget_stops_the_search() -> None:
    # a behaviour check, not a speed measurement: the bound is loose so a loaded CI
    # machine cannot fail it, yet a search that ignored its budget (1000 iterations by
    # default, unbounded with seconds) would not stop this early.
    game = dicefront.load("ditch")
    state = _decision_states(game, 5, 1)[0]
    agent = MCTSAgent(seconds=0.3)
    start = time.perf_counter()
    action = agent.choose(state, state.actors[0], random.Random(1))
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions(state.actors[0])
    assert elapsed < 10, f"a 0.3 s budget took {elapsed:.2f} s"
    assert agent.last_iterations > 10


@pytest.mark.parametrize("name", GAMES)
def test_iterations_per_second_is_measured(name: str) -> None:
    rate = mcts_iterations_per_second(dicefront.load(name), 0.2, random.Random(1))
    assert rate > 10, f"{name}: {rate:.1f} iterations per second"


def test_hard_never_searches_less_than_medium() -> None:
    # the iteration floor: hard's time budget cannot starve it below medium's search
    medium, hard = make_agent("medium"), make_agent("hard")
    assert isinstance(medium, MCTSAgent) and isinstance(hard, MCTSAgent)
    assert hard.min_iterations >= medium.iterations
    game = dicefront.load("ditch")
    state = game.new_state()
    rng = random.Random(3)
    while state.is_chance or len(state.legal_actions(state.actors[0])) < 2:
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            state.apply(state.legal_actions(state.actors[0])[0], state.actors[0])
    starved = MCTSAgent(seconds=1e-9, min_iterations=medium.iterations)
    starved.choose(state, state.actors[0], random.Random(0))
    assert starved.last_iterations >= medium.iterations


@pytest.mark.parametrize("name", GAMES)
def test_shipped_hard_searches_at_least_medium_on_a_starved_clock(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # the level as shipped, on a clock that jumps an hour at every reading (a machine
    # so loaded that the time budget is always spent): hard still searches at least
    # medium's iterations, and at most its own cap
    medium, hard = make_agent("medium"), make_agent("hard")
    assert isinstance(medium, MCTSAgent) and isinstance(hard, MCTSAgent)
    assert hard.iterations >= hard.min_iterations >= medium.iterations
    clock = iter(range(0, 10**9, 3600))
    monkeypatch.setattr("dicefront.agents.common.time.perf_counter", lambda: float(next(clock)))
    state = _decision_states(dicefront.load(name), 1, 4)[0]
    hard.choose(state, state.actors[0], random.Random(0))
    assert medium.iterations <= hard.last_iterations <= hard.iterations


def test_iteration_floor_is_a_declared_parameter() -> None:
    agent = make_agent("mcts:seconds=0.01:min_iterations=30")
    assert isinstance(agent, MCTSAgent) and agent.min_iterations == 30
    with pytest.raises(AgentError):
        make_agent("mcts:min_iterations=-1")
