"""Levels for people per game: a game package's optional ``levels`` role module gives
any level a spec of its own; everything else plays the global table."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.agents import LEVELS, GreedyAgent, MCTSAgent, game_levels, levels, make_agent, parse_spec
from dicefront.agents import base as agents_base
from dicefront.cli import app
from dicefront.core.errors import AgentError

from .leveled import LeveledGame


def _iterations(agent: Any) -> int:
    assert isinstance(agent, MCTSAgent)
    return agent.iterations


def test_without_a_levels_module_a_game_plays_the_global_table() -> None:
    ditch = dicefront.load("ditch")
    assert game_levels(ditch) == {} and levels(ditch) == levels() == dict(sorted(LEVELS.items()))
    assert _iterations(make_agent("hard", ditch)) == _iterations(make_agent("hard")) == 1000


def test_a_game_may_give_any_level_its_own_spec_and_keeps_the_others() -> None:
    game = LeveledGame()
    assert game_levels(game) == game_levels(LeveledGame) == {"medium": "mcts:iterations=7:c=0.5"}
    medium = make_agent("medium", game)
    assert _iterations(medium) == 7 and medium.c == 0.5  # type: ignore[attr-defined]
    assert _iterations(make_agent("medium")) == 200  # the global table is untouched
    assert isinstance(make_agent("easy", game), GreedyAgent)
    assert levels(game)["hard"] == LEVELS["hard"] and levels(game)["medium"] == "mcts:iterations=7:c=0.5"
    assert parse_spec(" medium ", game)[1] == {"iterations": 7, "c": 0.5}
    assert _iterations(make_agent("mcts:iterations=9", game)) == 9  # a spec that is not a level is read as given


def test_every_shipped_game_table_names_levels_and_valid_specs() -> None:
    for name in dicefront.names():
        game = dicefront.load(name)
        table = levels(game)
        assert list(table) == sorted(LEVELS)
        for level in table:
            make_agent(level, game)  # raises on a bad spec


def test_every_games_hard_keeps_the_iteration_floor_of_its_medium() -> None:
    for name in dicefront.names():
        game = dicefront.load(name)
        hard, medium = make_agent("hard", game), make_agent("medium", game)
        assert isinstance(hard, MCTSAgent) and isinstance(medium, MCTSAgent), name
        floor = hard.min_iterations if hard.seconds else hard.iterations
        assert floor >= medium.iterations, name


def _declare(monkeypatch: pytest.MonkeyPatch, table: Any) -> None:
    """Every game's levels module declares ``table`` (for the call sites' tests)."""
    monkeypatch.setattr(agents_base, "role_module", lambda cls, role: SimpleNamespace(LEVELS=table))


@pytest.mark.parametrize(
    "table, words",
    [
        ({"expert": "random"}, "LEVELS['expert'] must name a level"),
        ({"hard": 7}, "LEVELS['hard'] must name a level"),
        ({"hard": "medium"}, "must be an agent spec, not another level"),
        (["hard"], "must define LEVELS, a dict"),
    ],
)
def test_a_faulty_game_table_is_refused_when_a_level_is_asked_for(monkeypatch: pytest.MonkeyPatch, table: Any, words: str) -> None:
    _declare(monkeypatch, table)
    with pytest.raises(TypeError, match="leveled: ") as info:
        make_agent("hard", LeveledGame())
    assert words in str(info.value)


def test_a_game_table_with_a_bad_spec_is_an_agent_error(monkeypatch: pytest.MonkeyPatch) -> None:
    _declare(monkeypatch, {"hard": "mcts:iterations=0"})
    with pytest.raises(AgentError, match="iterations must be a whole number"):
        levels(LeveledGame())


def test_dicefront_agents_shows_a_games_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    _declare(monkeypatch, {"hard": "mcts:iterations=777"})
    data = json.loads(runner.invoke(app, ["agents", "--json", "--game", "ditch"]).stdout)
    assert data["levels"]["hard"] == "mcts:iterations=777" and data["levels"]["medium"] == LEVELS["medium"]
    assert json.loads(runner.invoke(app, ["agents", "--json"]).stdout)["levels"] == dict(sorted(LEVELS.items()))
    shown = runner.invoke(app, ["agents", "--game", "ditch"]).stdout
    assert "levels in ditch" in shown and "mcts:iterations=777" in shown
    bad = runner.invoke(app, ["agents", "--game", "chess"])
    assert bad.exit_code != 0 and "unknown game 'chess'" in bad.output


def test_play_vs_a_level_builds_the_games_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, str]] = []

    def spy(spec: str, game: Any = None) -> Any:
        seen.append((spec, levels(game)[spec]))
        return make_agent(spec, game)

    _declare(monkeypatch, {"hard": "mcts:iterations=3"})
    monkeypatch.setattr("dicefront.cli.play.make_agent", spy)
    CliRunner().invoke(app, ["play", "die_fighting", "--vs", "hard", "--seed", "1"], input="quit\n")
    assert seen == [("hard", "mcts:iterations=3")]


def test_series_games_play_the_games_level(monkeypatch: pytest.MonkeyPatch) -> None:
    from dicefront.lab import series

    built: list[int] = []

    def spy(spec: str, game: Any = None) -> Any:
        agent = make_agent(spec, game)
        built.append(_iterations(agent))
        return make_agent("random")

    _declare(monkeypatch, {"hard": "mcts:iterations=3"})
    monkeypatch.setattr(series, "make_agent", spy)
    series.play_one("die_fighting", {}, ["hard", "medium"], 1, 0)
    assert built == [3, 200]


def test_dicefront_agents_shows_the_books_a_game_offers() -> None:
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["agents", "--json", "--game", "trench_checkers"]).stdout)
    assert set(data["books"]) == {"raid", "seal", "drill"} and "Commando" in data["books"]["raid"]
    assert json.loads(runner.invoke(app, ["agents", "--json", "--game", "ditch"]).stdout)["books"] == {}
    shown = runner.invoke(app, ["agents", "--game", "trench_checkers"]).stdout
    assert "books in trench_checkers (mcts:book=NAME): raid" in " ".join(shown.split())


def test_a_level_naming_a_book_its_game_does_not_declare_is_refused_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    _declare(monkeypatch, {"hard": "mcts:book=raid"})  # this game's heuristics declare no BOOKS
    with pytest.raises(AgentError, match="book must be one of game\\|off in"):
        levels(LeveledGame())


@pytest.mark.parametrize("table", [["raid"], {"raid": 3}, {1: "x"}])
def test_a_malformed_books_table_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, table: Any) -> None:
    monkeypatch.setattr(agents_base, "role_module", lambda cls, role: SimpleNamespace(BOOKS=table))
    with pytest.raises(TypeError, match="BOOKS must be a dict of book name -> what it plays"):
        agents_base.books(LeveledGame())
