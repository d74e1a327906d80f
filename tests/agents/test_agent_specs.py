"""Agent specs are hostile input: every value is read through the agent's declared
parameters and published bounds, with a one-line error naming what is valid."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicefront.agents import MCTSAgent, agent_infos, make_agent
from dicefront.agents.base import MAX_SPEC_LENGTH
from dicefront.agents.greedy import GreedyAgent
from dicefront.core import AgentError


@pytest.mark.parametrize(
    "spec, words",
    [
        ("mcts:iterations=abc", "iterations must be a whole number in 1..100000, got 'abc'"),
        ("mcts:iterations=1e400", "iterations must be a whole number"),
        ("mcts:iterations=1.5", "iterations must be a whole number"),
        ("mcts:iterations=1000000000000", "1..100000"),
        ("mcts:iterations=\u00b2", "iterations must be a whole number"),
        ("mcts:iterations=\u0661\u0662", "iterations must be a whole number"),
        ("mcts:seconds=inf", r"seconds must be a finite number in \(0, 60\], got 'inf'"),
        ("mcts:seconds=nan", "seconds must be a finite number"),
        ("mcts:seconds=1e400", "seconds must be a finite number"),
        ("mcts:seconds=0", "seconds must be"),
        ("mcts:seconds=61", "seconds must be"),
        ("mcts:c=nan", r"c must be a finite number in \[0, 10\]"),
        ("mcts:c=-inf", "c must be"),
        ("mcts:c=1_0", "c must be"),
        ("mcts:rollout=100000", "rollout must be"),
        ("mcts:exact=-1", "exact must be"),
        ("greedy:epsilon=nan", r"epsilon must be a finite number in \[0, 1\]"),
        ("greedy:epsilon=1.5", "epsilon must be"),
        ("mcts:foo=1", "agent mcts has no parameter 'foo'; its parameters: iterations, seconds, c, rollout"),
        ("mcts:name=x", "has no parameter 'name'"),
        ("random:fast=1", "agent random has no parameter 'fast'; its parameters: none"),
        ("mcts:iterations=5:iterations=6", "iterations is given twice"),
        ("mcts:iterations", "key=value"),
        ("alphazero", "unknown agent 'alphazero'; available: greedy, ismcts, mcts, random, rollout, easy"),
        ("mcts:" + "c=1:" * 100, "too long"),
        ("mcts:book=Raid!", r"book must be one of game\|off\|<a name in the game's BOOKS>, got 'Raid!'"),
        ("mcts:book=" + "x" * 25, "book must be one of"),
        ("mcts:book=1st", "book must be one of"),
    ],
)
def test_bad_specs_are_one_line_errors(spec: str, words: str) -> None:
    with pytest.raises(AgentError, match=words) as err:
        make_agent(spec)
    message = str(err.value)
    assert "\n" not in message and "keyword argument" not in message and len(message) < 300


def test_long_values_are_not_echoed_in_full() -> None:
    with pytest.raises(AgentError) as err:
        make_agent("mcts:iterations=" + "9" * 150)
    assert "9" * 30 not in str(err.value)


@pytest.mark.parametrize(
    "spec, expected",
    [
        ("mcts:iterations=100000", {"iterations": 100000}),
        ("mcts:iterations=1:c=0:exact=0:rollout=0", {"iterations": 1, "c": 0.0}),
        ("mcts:seconds=60", {"seconds": 60.0}),
        ("mcts:seconds=.5:c=10", {"seconds": 0.5, "c": 10.0}),
        ("mcts:c=2.5e-1:determinize=TRUE", {"c": 0.25, "determinize": True}),
        ("ismcts:determinize=auto", {"determinize": None}),
        ("mcts:book=OFF", {"book": False, "style": "off"}),
        ("mcts:book=any-name", {"book": True, "style": "any-name"}),  # no game given: checked when it plays
    ],
)
def test_values_inside_the_bounds_are_accepted(spec: str, expected: dict[str, Any]) -> None:
    agent = make_agent(spec)
    for key, value in expected.items():
        assert getattr(agent, key) == value, (spec, key)


@pytest.mark.parametrize("game, book, ok", [("ditch", "raid", False), ("ditch", "game", True),
                                             ("trench_checkers", "raid", True), ("trench_checkers", "blitz", False)])
def test_a_named_book_is_checked_against_the_games_books(game: str, book: str, ok: bool) -> None:
    import dicefront

    loaded = dicefront.load(game)
    if ok:
        assert make_agent(f"mcts:book={book}", loaded).style == book  # type: ignore[attr-defined]
        return
    with pytest.raises(AgentError, match=f"book must be one of game\\|off.* in {game}, got '{book}'"):
        make_agent(f"mcts:book={book}", loaded)


def test_greedy_epsilon_bounds_are_inclusive() -> None:
    assert make_agent("greedy:epsilon=1").epsilon == 1.0  # type: ignore[attr-defined]
    assert make_agent("greedy:epsilon=0").epsilon == 0.0  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "kwargs",
    [{"seconds": math.inf}, {"seconds": math.nan}, {"iterations": 10**12}, {"c": math.nan},
     {"iterations": 1.5}, {"iterations": True}, {"determinize": "maybe"}, {"book": False}, {"book": 3},
     {"book": "Raid!"}],
)
def test_constructors_check_the_same_bounds(kwargs: dict[str, Any]) -> None:
    with pytest.raises(AgentError):
        MCTSAgent(**kwargs)


def test_a_book_not_given_is_the_games_own() -> None:
    agent = MCTSAgent(book=None)  # type: ignore[arg-type]
    assert agent.book and agent.style == "game"
    assert MCTSAgent(book="RAID").style == "raid"  # names are read in lower case, as specs are


def test_greedy_constructor_refuses_nan() -> None:
    with pytest.raises(AgentError, match="epsilon"):
        GreedyAgent(epsilon=math.nan)


def test_every_agent_declares_its_parameters_with_bounds() -> None:
    infos = {i.name: i for i in agent_infos()}
    assert {"random", "greedy", "mcts", "ismcts"} <= set(infos)
    for info in infos.values():
        assert info.help
        for p in info.params:
            assert p.help and p.allowed()


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(max_size=MAX_SPEC_LENGTH + 20))
def test_any_text_builds_an_agent_or_is_an_agent_error(spec: str) -> None:
    try:
        agent = make_agent("mcts:" + spec)
    except AgentError as exc:
        assert "\n" not in str(exc)
        return
    assert isinstance(agent, MCTSAgent) and agent.iterations >= 1 and math.isfinite(agent.c)


def test_bounded_agent_still_plays() -> None:
    import dicefront

    game = dicefront.load("ditch")
    record = dicefront.play_match(game, [make_agent("mcts:iterations=5"), make_agent("random")], seed=4, max_steps=30)
    assert record.length == 30
