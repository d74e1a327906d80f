"""The HTML report: one self-contained file whose plots show in Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from dicefront.cli import app

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


def test_report_plots_render_in_chromium(tmp_path: Path, browser: Any) -> None:
    path, _ = _report(tmp_path)
    page = browser.new_page()
    try:
        page.goto(path.as_uri())
        for key in ("lengths", "results", "branching"):
            image = page.locator(f"#plot-{key} img")
            assert image.is_visible(), key
            width = image.evaluate("img => img.complete ? img.naturalWidth : 0")
            assert width > 100, f"plot {key} did not load"
        assert page.locator("table").count() >= 6
    finally:
        page.close()
