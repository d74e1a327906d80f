"""The HTML report: one self-contained file whose plots show in Chromium."""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from dicefront.cli import app
from dicefront.lab import variants as variants_module

from .conftest import need

runner = CliRunner()


def _report(tmp_path: Path, game: str = "ditch") -> tuple[Path, dict[str, Any]]:
    need("matplotlib")
    path = tmp_path / "report.html"
    result = runner.invoke(app, ["lab", "balance", game, "-a", "greedy,random", "-n", "4", "-w", "1", "--seed", "2",
                                 "--report", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return path, json.loads(result.stdout)


def test_report_is_self_contained(tmp_path: Path) -> None:
    path, summary = _report(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "<script" not in text
    # nothing is fetched: every image is inline data
    sources = re.findall(r'src="([^"]*)"', text)
    assert len(sources) == 3 and all(s.startswith("data:image/png;base64,") for s in sources)
    assert "http://" not in text and "https://" not in text
    for table in summary["tables"]:
        assert f"<caption>{table['title']}</caption>" in text


def test_report_escapes_what_it_shows(tmp_path: Path) -> None:
    need("matplotlib")
    from dicefront.lab.report import html_report

    path, summary = _report(tmp_path)
    summary["tables"].append({"title": "<b>x</b>", "note": "<script>", "columns": ["<i>"], "rows": [["<u>", 1]]})
    text = html_report(summary)
    assert "<b>x</b>" not in text and "<script>" not in text and "&lt;b&gt;x&lt;/b&gt;" in text


def _plots_load(browser: Any, path: Path, keys: list[str], tables: int) -> None:
    """Open ``path`` in Chromium: every plot in ``keys`` is shown and its image decoded."""
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text and "http://" not in text and "https://" not in text
    assert all(s.startswith("data:image/png;base64,") for s in re.findall(r'src="([^"]*)"', text))
    page = browser.new_page()
    try:
        page.goto(path.as_uri())
        for key in keys:
            image = page.locator(f"#plot-{key} img")
            assert image.is_visible(), key
            width = image.evaluate("img => img.complete ? img.naturalWidth : 0")
            assert width > 100, f"plot {key} did not load"
        assert page.locator("table").count() >= tables
    finally:
        page.close()


def test_report_plots_render_in_chromium(tmp_path: Path, browser: Any) -> None:
    path, _ = _report(tmp_path)
    _plots_load(browser, path, ["lengths", "results", "branching"], 6)


def _invoke(args: list[str]) -> dict[str, Any]:
    need("matplotlib")
    result = runner.invoke(app, [*args, "-w", "1", "--json"])
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def test_tune_report_of_costs_renders_in_chromium(tmp_path: Path, browser: Any) -> None:
    path = tmp_path / "tune.html"
    result = _invoke(["lab", "tune", "die_fighting", "-a", "random,random", "-n", "10", "--seed", "2", "--report", str(path)])
    text = path.read_text(encoding="utf-8")
    for unit, row in result["costs"].items():  # every unit: its worth, interval, verdicts
        assert f"<td>{unit}</td><td>{row['now']}</td>" in text
    assert "Edges before and after" in text and result["verdicts_after"][unit] in text
    _plots_load(browser, path, ["worth", "edges"], 2)


def test_tune_report_of_the_seat_search_renders_in_chromium(tmp_path: Path, browser: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(variants_module, "MAX_VARIANTS", 4)
    path = tmp_path / "seat.html"
    result = _invoke(["lab", "tune", "hells_ditch", "-a", "random,random", "-n", "10", "--seed", "1", "--report", str(path)])
    text = path.read_text(encoding="utf-8")
    assert all(f"<td>{escape(name)}</td>" in text for name in result["candidates"])
    assert f"proposed: {escape(result['proposed'])}" in text
    _plots_load(browser, path, ["candidates", "verification"], 2)


def test_compare_report_renders_in_chromium(tmp_path: Path, browser: Any) -> None:
    path = tmp_path / "ab.html"
    result = _invoke(["lab", "compare", "ditch", "--b", "-o archer_range=line", "-a", "greedy,random", "-n", "4",
                      "--seed", "2", "--report", str(path)])
    text = path.read_text(encoding="utf-8")
    assert all(f"<td>{escape(row['metric'])}</td>" in text for row in result["comparison"])
    _plots_load(browser, path, [f"{v}-{k}" for v in "ab" for k in ("lengths", "results", "branching")], 3)
