"""The odds engine itself, on Ditch positions: the API forms, no-chance actions,
bad questions, the state left untouched, exactness and the policy registry."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction as F

import pytest

import dicefront
from dicefront.core import DicefrontError, IllegalActionError, NotationError
from dicefront.odds import Odds, Stop, analyse, available, odds, resolve, simulate

from .helpers import assert_agrees
from .test_ditch import COVER, position


def test_every_api_form_gives_the_same_answer() -> None:
    state = position(COVER)
    expected = odds(state, "attack c3 c4", 0)
    assert dicefront.odds(state, "attack c3 c4", 0) == expected
    assert dicefront.odds.odds(state, "attack c3 c4", 0) == expected
    action = state.game.parse_action(state, "attack c3 c4", 0)
    assert odds(state, action) == expected, "player defaults to the one to act; Action objects work"
    assert all(isinstance(p, F) for _, p in expected) and sum(p for _, p in expected) == 1


def test_rich_result_names_policy_and_serialises() -> None:
    result = analyse(position(COVER), "attack c3 c4", 0, "no-cover")
    assert isinstance(result, Odds) and result.exact and result.has_chance
    assert result.policy == "no-cover"
    data = result.to_json()
    assert data["policy"] == "no-cover" and data["action"] == "attack c3 c4"
    row = next(r for r in data["outcomes"] if r["label"].startswith("attacker wins"))
    assert row["probability"] == "13/18" and (row["numerator"], row["denominator"]) == (13, 18)
    assert result.probability("tie: both pawns stay") == F(1, 9)
    assert result.probability("never happens") == 0


@pytest.mark.parametrize("text", ["block b3", "reinforce A a1"])
def test_an_action_without_dice_has_no_odds(text: str) -> None:
    state = position({"c3": (0, "A"), "c4": (1, "K")})
    state.fallen[0]["A"] = 1
    assert odds(state, text, 0) == []
    assert "no dice" in analyse(state, text, 0).notes[0]


def test_asking_leaves_the_position_unchanged() -> None:
    state = position(COVER)
    before = state.to_json()
    odds(state, "attack c3 c4", 0)
    odds(state, "move c3", 0)
    assert state.to_json() == before


def test_bad_questions_get_clear_errors() -> None:
    state = position(COVER)
    with pytest.raises(NotationError):
        odds(state, "fly to the moon", 0)
    with pytest.raises(IllegalActionError, match="not an enemy pawn in range"):
        odds(state, "attack c3 h8", 0)
    with pytest.raises(IllegalActionError, match="not Player 2's turn"):
        odds(state, "attack c4 c3", 1)
    with pytest.raises(DicefrontError, match="player must be 0 or 1"):
        odds(state, "attack c3 c4", 5)
    with pytest.raises(DicefrontError, match=r"unknown odds policy 'bravado'.*best-cover"):
        odds(state, "attack c3 c4", 0, "bravado")
    with pytest.raises(DicefrontError, match="no action given"):
        odds(state, None, 0)
    state.phase = "over"
    with pytest.raises(DicefrontError, match="game is over"):
        odds(state, "attack c3 c4", 0)


def test_policies_are_listed_with_the_default_first() -> None:
    names = [n for n, _ in available("ditch")]
    assert names[0] == "best-cover" and {"no-cover", "cover", "stop"} <= set(names)
    assert isinstance(resolve("ditch", "stop"), Stop)
    assert [n for n, _ in available("no-such-game")] == ["stop"]


def test_simulate_draws_the_same_distribution() -> None:
    seed = 9
    state = position(COVER)
    rng = random.Random(seed)
    exact = odds(state, "attack c3 c4", 0, "no-cover")
    n = 2000
    counts = Counter(simulate(state, "attack c3 c4", 0, "no-cover", rng) for _ in range(n))
    assert_agrees(exact, counts, n, seed)


def test_node_limit_gives_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import dicefront.odds.engine as engine

    monkeypatch.setattr(engine, "MAX_NODES", 3)
    with pytest.raises(DicefrontError, match="too many outcomes"):
        odds(position(COVER), "attack c3 c4", 0, "no-cover")


def test_window_policy_takes_the_default_for_the_opponent_under_mine() -> None:
    from typing import Any

    from dicefront.core.policy import Context, WindowPolicy

    state: Any = object()
    options: list[Any] = ["pass", "card"]

    def window(s: Any) -> tuple[int, list[Any]] | None:
        return (1, options) if s is state else None

    def expand(s: Any, rolled: bool) -> list[Any]:
        return []

    mine = WindowPolicy("mine", "", window, "mine")
    assert mine.decide(state, Context(asking=0, rolled=False, expand=expand)) == (1, "pass")
    elsewhere: Any = "elsewhere"
    assert mine.decide(elsewhere, Context(asking=0, rolled=False, expand=expand)) is None
    with pytest.raises(ValueError, match="choose must be one of"):
        WindowPolicy("x", "", window, "worst")


def test_world_budget_is_reported_and_reproducible() -> None:
    # A Hell's Ditch planning question whose re-sampled enemy plans disagree: the
    # answer rests on as many re-samplings as the budget of positions allows, says so,
    # and is the same every time (a count, not a clock).
    from dicefront.lab.bench import load, odds_positions
    from dicefront.odds import engine

    state = odds_positions(load("hells_ditch"), 30, 0)[20]
    first = engine.analyse(state, "w2 move hogjaw", 1)
    assert not first.exact and "stopped at the budget" in first.notes[0]
    assert sum(p for _, p in first.outcomes) == 1
    assert engine.analyse(state, "w2 move hogjaw", 1) == first


def test_an_exact_answer_checks_every_world_whatever_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Trench Checkers attacks under no-cards: the opponent's hand never matters. The
    # budget bounds estimates only, so the exact answer rests on all 12 worlds either way.
    from dicefront.lab.bench import load, odds_positions
    from dicefront.odds import engine

    states = odds_positions(load("trench_checkers"), 150, 0)  # random play seldom reaches an attack
    monkeypatch.setattr(engine, "hidden_irrelevant", lambda game: None)  # the agreement check, not the game's hook
    strikes = [
        (state, str(a), p)
        for state in states
        for p in state.actors
        for a in state.legal_actions(p)
        if str(a).startswith(("play airstrike ", "attack "))
    ][:2]
    assert strikes, "no attack among the sampled positions"
    for state, action, player in strikes:
        quick = engine.analyse(state, action, player)
        assert quick.exact and "each of 12" in quick.notes[0]
        monkeypatch.setattr(engine, "WORLD_BUDGET", 10**9)
        full = engine.analyse(state, action, player)
        monkeypatch.setattr(engine, "WORLD_BUDGET", 150)
        assert full == quick
