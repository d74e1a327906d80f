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


def test_die_fighting_declares_its_own_hard_and_it_keeps_the_iteration_floor() -> None:
    game = dicefront.load("die_fighting")
    hard, medium = make_agent("hard", game), make_agent("medium", game)
    assert levels(game)["hard"] != LEVELS["hard"]
    assert isinstance(hard, MCTSAgent) and isinstance(medium, MCTSAgent)
    floor = hard.min_iterations if hard.seconds else hard.iterations
    assert floor >= medium.iterations


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
    monkeypatch.setattr(agents_base, "role_module", lambda cls, role: SimpleNamespace(LEVELS=table))
    with pytest.raises(TypeError, match="leveled: ") as info:
        make_agent("hard", LeveledGame())
    assert words in str(info.value)


def test_a_game_table_with_a_bad_spec_is_an_agent_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents_base, "role_module", lambda cls, role: SimpleNamespace(LEVELS={"hard": "mcts:iterations=0"}))
    with pytest.raises(AgentError, match="iterations must be a whole number"):
        levels(LeveledGame())


def test_dicefront_agents_shows_a_games_levels() -> None:
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["agents", "--json", "--game", "die_fighting"]).stdout)
    assert data["levels"]["hard"] == levels(dicefront.load("die_fighting"))["hard"]
    assert json.loads(runner.invoke(app, ["agents", "--json"]).stdout)["levels"] == levels()
    shown = runner.invoke(app, ["agents", "--game", "die_fighting"]).stdout
    assert "levels in die_fighting" in shown
    bad = runner.invoke(app, ["agents", "--game", "chess"])
    assert bad.exit_code != 0 and "unknown game 'chess'" in bad.output


def test_play_vs_a_level_builds_the_games_agent(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, str]] = []

    def spy(spec: str, game: Any = None) -> Any:
        seen.append((spec, levels(game)[spec]))
        return make_agent(spec, game)

    monkeypatch.setattr("dicefront.cli.play.make_agent", spy)
    CliRunner().invoke(app, ["play", "die_fighting", "--vs", "hard", "--seed", "1"], input="quit\n")
    assert seen == [("hard", levels(dicefront.load("die_fighting"))["hard"])]


def test_series_games_play_the_games_level(monkeypatch: pytest.MonkeyPatch) -> None:
    from dicefront.lab import series

    built: list[int] = []

    def spy(spec: str, game: Any = None) -> Any:
        agent = make_agent(spec, game)
        built.append(_iterations(agent))
        return make_agent("random")

    monkeypatch.setattr(series, "make_agent", spy)
    game = dicefront.load("die_fighting")
    series.play_one("die_fighting", {}, ["hard", "medium"], 1, 0)
    assert built == [_iterations(make_agent("hard", game)), 200]
