"""The lab's reports as Markdown: the same tables as the HTML report (``report.Grid``),
with the plots given as the numbers they draw, so a balance sheet can go into a
repository, a wiki or an issue as text. Needs nothing beyond the standard library."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from .report import (
    Grid,
    balance_heading,
    cell_text,
    compare_heading,
    comparison_grid,
    cost_grids,
    game_grids,
    headline_grids,
    tune_heading,
    variant_grids,
)

_ESCAPES = str.maketrans({"\\": "\\\\", "|": "\\|", "<": "&lt;", ">": "&gt;", "\n": " ", "\r": " ", "`": "\\`"})


def _text(value: Any) -> str:
    """A cell or line as inert Markdown: no column break, no raw HTML, no code span."""
    return cell_text(value).translate(_ESCAPES)


def _grid(grid: Grid, level: str = "###") -> list[str]:
    width = max([len(grid.columns), *(len(row) - 1 for row in grid.rows)])  # value columns, past the row label
    heads = [*grid.columns, *[""] * (width - len(grid.columns))]
    numeric = [all(isinstance(row[i + 1], int | float) for row in grid.rows if len(row) > i + 1) for i in range(width)]
    out = [f"{level} {_text(grid.title)}", "", "| " + " | ".join(_text(c) for c in ["", *heads]) + " |",
           "|---|" + "".join("---:|" if n else "---|" for n in numeric)]
    out += ["| " + " | ".join(_text(v) for v in [*row, *[""] * (width + 1 - len(row))]) + " |" for row in grid.rows]
    if grid.note:
        out += ["", _text(grid.note)]
    return [*out, ""]


def _figures(summary: dict[str, Any]) -> list[str]:
    """What the HTML report's plots show, as a table and a line."""
    out: list[str] = []
    hist = summary["length_steps"]["histogram"]
    if hist["counts"]:
        rows = [[f"{lo:g} - {hi:g}", count] for (lo, hi), count in zip(pairwise(hist["edges"]), hist["counts"], strict=True)]
        out += _grid(Grid("Game length", ["games"], rows, "steps, from the lower edge up to the next"))
    deciles = summary["metrics"]["branching_by_decile"]
    if deciles:
        out += ["Legal actions per decision by tenth of the game: " + ", ".join(f"{x:.1f}" for x in deciles) + ".", ""]
    return out


def _page(heading: tuple[str, str], body: list[str]) -> str:
    title, note = heading
    return "\n".join([f"# {_text(title)}", "", _text(note), "", *body]).rstrip("\n") + "\n"


def balance_markdown(summary: dict[str, Any]) -> str:
    """A balance summary (``metrics.summarise``) as one Markdown document."""
    body = ["## Results", "", *[line for g in headline_grids(summary) for line in _grid(g)]]
    body += ["## Distributions", "", *_figures(summary), "## Game tables", ""]
    body += [line for g in game_grids(summary) for line in _grid(g)]
    return _page(balance_heading(summary), body)


def compare_markdown(result: dict[str, Any]) -> str:
    """An A/B test: the comparison, then each variant's headline tables."""
    body = _grid(comparison_grid(result), "##")
    for label in ("A", "B"):
        summary = result[label.lower()]
        body += [f"## Variant {label}", "", *[line for g in headline_grids(summary) for line in _grid(g)], *_figures(summary)]
    return _page(compare_heading(result), body)


def tune_markdown(result: dict[str, Any]) -> str:
    """`lab tune`: the costs or the seat search, with the verification."""
    grids = variant_grids(result) if result.get("kind") == "variants" else cost_grids(result)
    return _page(tune_heading(result), [line for g in grids for line in _grid(g, "##")])
