"""The Markdown report: the HTML report's tables as text, read back by a Markdown parser
(markdown-it-py, which Rich already needs) as the tables they are meant to be."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from dicefront.cli import app
from dicefront.lab import markdown, report
from dicefront.lab.report import Grid

runner = CliRunner()


class _Tables(HTMLParser):
    """The tables of rendered HTML as lists of rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.tags: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _parse(text: str) -> _Tables:
    parser = _Tables()
    parser.feed(MarkdownIt("commonmark").enable("table").render(text))
    return parser


def _balance(tmp_path: Path, name: str = "b.md") -> tuple[Path, dict[str, Any]]:
    path = tmp_path / name
    result = runner.invoke(app, ["lab", "balance", "trench_checkers", "-a", "random,random", "-n", "3", "-w", "1",
                                 "--seed", "2", "--report", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return path, json.loads(result.stdout)


def test_balance_report_in_markdown_has_every_table_a_parser_sees(tmp_path: Path) -> None:
    path, summary = _balance(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith(f"# trench_checkers: balance over {summary['games']} games\n")
    tables = _parse(text).tables
    grids = [*report.headline_grids(summary), *report.game_grids(summary)]
    hist = summary["length_steps"]["histogram"]["counts"]
    assert len(tables) == len(grids) + (1 if hist else 0)
    shown = [t for t in tables if t[0][1:] != ["games"]]  # the length histogram is the one extra
    for grid, table in zip(grids, shown, strict=True):
        assert table[0] == ["", *grid.columns], grid.title
        assert len(table) == 1 + len(grid.rows), grid.title
        for row, cells in zip(grid.rows, table[1:], strict=True):
            assert cells == [report.cell_text(v) for v in row], grid.title
    for table in summary["tables"]:
        assert f"### {table['title']}" in text
    assert "<" not in text.replace("&lt;", "")


def test_the_length_histogram_counts_every_game(tmp_path: Path) -> None:
    path, summary = _balance(tmp_path)
    table = next(t for t in _parse(path.read_text(encoding="utf-8")).tables if t[0][1:] == ["games"])
    assert sum(int(row[1]) for row in table[1:]) == summary["games"]


@pytest.mark.parametrize("hostile", ["a | b", "<script>x</script>", "two\nlines", "`code`", "back\\|slash"])
def test_hostile_text_stays_in_its_cell(hostile: str) -> None:
    grid = Grid(hostile, ["one", hostile], [[hostile, 1, hostile], ["plain", 2.5, "x"]], hostile)
    text = "\n".join(markdown._grid(grid))
    parsed = _parse(text)
    assert not {"script", "code"} & set(parsed.tags)
    (table,) = parsed.tables
    assert [len(row) for row in table] == [3, 3, 3]
    assert table[1] == [" ".join(hostile.splitlines()), "1", " ".join(hostile.splitlines())]


def test_a_grid_without_column_heads_is_still_a_table() -> None:
    """`lab tune`'s "Left out" list: row labels only."""
    (table,) = _parse("\n".join(markdown._grid(Grid("Left out", [], [["first"], ["second"]])))).tables
    assert table == [[""], ["first"], ["second"]]


def test_markdown_needs_no_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> Any:
        raise AssertionError("the Markdown report drew a plot")

    monkeypatch.setattr(report, "_pyplot", missing)
    path, _ = _balance(tmp_path)
    assert path.read_text(encoding="utf-8").startswith("# ")


def test_report_format_follows_the_file_name(tmp_path: Path) -> None:
    run = tmp_path / "run"
    result = runner.invoke(app, ["lab", "balance", "ditch", "-a", "random,random", "-n", "2", "-w", "1", "--run", str(run)])
    assert result.exit_code == 0, result.output
    for name in ("x.md", "x.MARKDOWN"):
        again = runner.invoke(app, ["lab", "report", str(run), "--report", str(tmp_path / name)])
        assert again.exit_code == 0, again.output
        assert (tmp_path / name).read_text(encoding="utf-8").startswith("# ditch: balance over 2 games")


def test_compare_and_tune_reports_in_markdown(tmp_path: Path) -> None:
    ab = tmp_path / "ab.md"
    result = runner.invoke(app, ["lab", "compare", "ditch", "--b", "-o archer_range=line", "-a", "random,random",
                                 "-n", "3", "-w", "1", "--seed", "2", "--report", str(ab), "--json"])
    assert result.exit_code == 0, result.output
    comparison = json.loads(result.stdout)
    tables = _parse(ab.read_text(encoding="utf-8")).tables
    assert [row[0] for row in tables[0][1:]] == [row["metric"] for row in comparison["comparison"]]
    assert "## Variant A" in ab.read_text(encoding="utf-8") and "## Variant B" in ab.read_text(encoding="utf-8")
    tune = tmp_path / "tune.md"
    result = runner.invoke(app, ["lab", "tune", "die_fighting", "-a", "random,random", "-n", "10", "-w", "1",
                                 "--seed", "2", "--report", str(tune), "--json"])
    assert result.exit_code == 0, result.output
    tuned = json.loads(result.stdout)
    assert tuned["reproducible"] is True and tuned["clock_warning"] is None
    costs = tuned["costs"]
    first = _parse(tune.read_text(encoding="utf-8")).tables[0]
    assert {row[0] for row in first[1:]} == set(costs)
    assert all(re.fullmatch(r"-?[0-9.e+-]+", row[2]) for row in first[1:])  # each unit's worth, a number
