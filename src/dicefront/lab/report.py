"""The balance report as one self-contained HTML file: plots are PNG images embedded
as base64 data, tables are plain HTML, no script and no outside resource, so the
file opens in any browser without Dicefront installed."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass
from html import escape
from itertools import pairwise
from typing import Any

from .backends import LabError
from .text import METRIC_HELP

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { font-weight: bold; text-align: left; padding-bottom: 0.3em; }
.note { color: #555; font-size: 0.9em; }
figure { margin: 1em 0; }
"""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise LabError("--report needs matplotlib: pip install 'dicefront[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    fig.clf()
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _figure(plt: Any, key: str, title: str, draw: Any) -> str:
    fig, ax = plt.subplots(figsize=(6.4, 3.2))
    try:
        draw(ax)
        ax.set_title(title)
        data = _png(fig)
    finally:
        plt.close(fig)
    return (f'<figure id="plot-{escape(key)}"><img alt="{escape(title)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{escape(title)}</figcaption></figure>")


def plots(summary: dict[str, Any]) -> list[str]:
    plt = _pyplot()
    out = []
    hist = summary["length_steps"]["histogram"]
    if hist["counts"]:
        edges = hist["edges"]

        def lengths(ax: Any) -> None:
            ax.bar(edges[:-1], hist["counts"], width=[b - a for a, b in pairwise(edges)], align="edge", color="#4a7ab5")
            ax.set_xlabel("game length (steps)")
            ax.set_ylabel("games")
        out.append(_figure(plt, "lengths", "Game length", lengths))
    agents = summary["agents_results"]
    seat = summary["seat_advantage"]

    def results(ax: Any) -> None:
        labels = [f"{a['agent']} (agent {i})" for i, a in enumerate(agents)] + ["first seat"]
        rates = [a["win_rate"] for a in agents] + [seat["first_seat_win_rate"]]
        cis = [a["ci95"] for a in agents] + [seat["ci95"]]
        errors = [[r - lo for r, (lo, _) in zip(rates, cis, strict=True)], [hi - r for r, (_, hi) in zip(rates, cis, strict=True)]]
        ax.bar(range(len(rates)), rates, yerr=errors, capsize=6, color=["#4a7ab5", "#b5654a", "#6a9a4a"])
        ax.axhline(0.5, color="#888", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(rates)), labels)
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (95% interval)")
    out.append(_figure(plt, "results", "Win rates", results))
    deciles = summary["metrics"]["branching_by_decile"]
    if deciles:
        def branching(ax: Any) -> None:
            ax.plot([10 * i + 5 for i in range(len(deciles))], deciles, marker="o", color="#4a7ab5")
            ax.set_xlabel("progress through the game (%)")
            ax.set_ylabel("legal actions per decision")
        out.append(_figure(plt, "branching", "Branching factor over the game", branching))
    return out


@dataclass(frozen=True)
class Grid:
    """One table of a report, before it is drawn as HTML or Markdown: a title, the
    column heads (the first, row-label column has none), the rows and a note."""

    title: str
    columns: list[str]
    rows: list[list[Any]]
    note: str = ""


def cell_text(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def _table(grid: Grid) -> str:
    head = "".join(f"<th>{escape(c)}</th>" for c in ["", *grid.columns])
    body = "".join("<tr>" + "".join(f"<td>{escape(cell_text(v))}</td>" for v in row) + "</tr>" for row in grid.rows)
    caption = f"<caption>{escape(grid.title)}</caption>"
    foot = f'<p class="note">{escape(grid.note)}</p>' if grid.note else ""
    return f"<table>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{foot}"


def headline_grids(summary: dict[str, Any]) -> list[Grid]:
    seat = summary["seat_advantage"]
    agents = [[a["agent"], a["wins"], a["win_rate"], f"{a['ci95'][0]:.3f} - {a['ci95'][1]:.3f}", a["draws"], a["losses"]]
              for a in summary["agents_results"]]
    facts = [["first seat win rate", seat["first_seat_win_rate"]], ["95% interval", f"{seat['ci95'][0]:.3f} - {seat['ci95'][1]:.3f}"],
             ["p-value against 50%", seat["p_value_vs_half"]], ["decided games", seat["decided_games"]],
             ["turn/round-limit games", summary["truncated"]]]
    for key, label in (("length_steps", "steps"), ("length_turns", "turns")):
        length = summary.get(key)
        if length:
            facts += [[f"mean length ({label})", length["mean"]],
                      [f"p10 / median / p90 ({label})", f"{length['p10']:g} / {length['p50']:g} / {length['p90']:g}"]]
    metrics = [[k, summary["metrics"][k], v] for k, v in METRIC_HELP.items()]
    return [
        Grid("Results by agent", ["wins", "win rate", "95% interval", "draws", "losses"], agents, "seats alternate between games"),
        Grid("Seat advantage and length", ["value"], facts, seat["note"]),
        Grid("Metrics (Ludii vocabulary)", ["value", "meaning"], metrics, "see docs/lab.md for the definitions"),
    ]


def game_grids(summary: dict[str, Any]) -> list[Grid]:
    """The game's own tables (``Game.balance_tables``)."""
    return [Grid(t["title"], t["columns"], t["rows"], t["note"]) for t in summary["tables"]]


def comparison_grid(result: dict[str, Any]) -> Grid:
    rows = [[r["metric"], r["a"], r["b"], r["difference"],
             f"{r['ci95'][0]:.4g} - {r['ci95'][1]:.4g}" if r.get("ci95") else "", r["p_value"], r["test"]]
            for r in result["comparison"]]
    return Grid("A/B comparison (B - A)", ["A", "B", "B - A", "95% interval", "p", "test"], rows)


def balance_heading(summary: dict[str, Any]) -> tuple[str, str]:
    """The title and the line under it of a balance report."""
    options = ", ".join(f"{k}={v}" for k, v in sorted(summary["options"].items()))
    return (f"{summary['game']}: balance over {summary['games']} games",
            f"agents {' v '.join(summary['agents'])}; seed {summary['seed']}; options {options}{_clock(summary)}")


def _clock(result: dict[str, Any]) -> str:
    warning = result.get("clock_warning")
    return f". Not reproducible: {warning}" if warning else ""


def compare_heading(result: dict[str, Any]) -> tuple[str, str]:
    from .text import options_text

    a, b = result["a"], result["b"]
    return (f"{result['game']}: A/B test over {result['games']} shared seeds",
            f"A: {options_text(a['options'], b['options'])}; B: {options_text(b['options'], a['options'])}; "
            f"agents {' v '.join(result['agents'])}; seed {result['seed']}{_clock(a)}")


def tune_heading(result: dict[str, Any]) -> tuple[str, str]:
    return (f"{result['game']}: tuning {result['tuned']}",
            f"agents {' v '.join(result['agents'])}; seed {result['seed']}; {result['games_per_phase']} games a phase; "
            f"{result['rounds']} round(s){_clock(result)}. {result['method']}")


def html_report(summary: dict[str, Any]) -> str:
    """The whole report for a balance summary (``metrics.summarise``)."""
    body = [*[_table(g) for g in headline_grids(summary)], "<h2>Plots</h2>", *plots(summary),
            "<h2>Game tables</h2>", *[_table(g) for g in game_grids(summary)]]
    return _page(*balance_heading(summary), body)


def compare_report(result: dict[str, Any]) -> str:
    """One HTML file for an A/B test: the comparison table, then each variant's plots and tables."""
    body = [_table(comparison_grid(result))]
    for label in ("A", "B"):
        summary = result[label.lower()]
        body += [f"<h2>Variant {label}</h2>", *[_table(g) for g in headline_grids(summary)],
                 *[p.replace('id="plot-', f'id="plot-{label.lower()}-') for p in plots(summary)]]
    return _page(*compare_heading(result), body)


def _page(title: str, note: str, body: list[str]) -> str:
    head = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>", f"<h1>{escape(title)}</h1>",
            f'<p class="note">{escape(note)}</p>']
    return "\n".join([*head, *body, "</body></html>"]) + "\n"


def _ci(pair: list[float] | None) -> str:
    return f"{pair[0]:.3g} - {pair[1]:.3g}" if pair else ""


def _band(ax: Any, target: float) -> None:
    ax.axhspan(0.5 - target, 0.5 + target, color="#cfe3cf")
    ax.axhline(0.5, color="#888", linestyle="--", linewidth=1)


def _rates(ax: Any, labels: list[str], series: list[tuple[str, list[float | None], list[list[float]], str]], target: float) -> None:
    """Win rates with their 95% intervals, one group of bars per label, the 50 +- target band behind."""
    _band(ax, target)
    width = 0.8 / len(series)
    for s, (name, rates, cis, colour) in enumerate(series):
        xs = [i + (s - (len(series) - 1) / 2) * width for i in range(len(labels))]
        values = [r if r is not None else 0.0 for r in rates]
        errors = [[max(0.0, v - lo) for v, (lo, _) in zip(values, cis, strict=True)],
                  [max(0.0, hi - v) for v, (_, hi) in zip(values, cis, strict=True)]]
        ax.bar(xs, values, width=width, yerr=errors, capsize=3, color=colour, label=name)
    ax.set_xticks(range(len(labels)), labels, rotation=45, ha="right", fontsize=8)
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)


def _target(result: dict[str, Any]) -> float:
    from .variants import TARGET

    return TARGET


def _cost_plots(result: dict[str, Any]) -> list[str]:
    plt = _pyplot()
    costs, keys = result["costs"], sorted(result["costs"])

    def worth(ax: Any) -> None:
        values = [costs[k]["worth"] for k in keys]
        errors = [[v - costs[k]["ci95"][0] for k, v in zip(keys, values, strict=True)],
                  [costs[k]["ci95"][1] - v for k, v in zip(keys, values, strict=True)]]
        ax.errorbar(range(len(keys)), values, yerr=errors, fmt="o", color="#4a7ab5", capsize=4, label="estimated worth (95%)")
        ax.plot(range(len(keys)), [costs[k]["now"] for k in keys], "x", color="#b5654a", label="current cost")
        ax.set_xticks(range(len(keys)), keys)
        ax.set_ylabel("points")
        ax.legend(fontsize=8)

    def edge(ax: Any) -> None:
        before, after = result["edges_before"], result["edges_after"]
        _rates(ax, keys, [("before", [before[k]["edge"] for k in keys], [before[k]["ci95"] for k in keys], "#b5654a"),
                          ("after", [after[k]["edge"] for k in keys], [after[k]["ci95"] for k in keys], "#4a7ab5")], _target(result))
        ax.set_ylabel("win rate of the army with more")
    return [_figure(plt, "worth", "Worth of each unit (proposed cost scale)", worth),
            _figure(plt, "edges", "Edges before and after (band: 50 +- 3)", edge)]


def cost_grids(result: dict[str, Any]) -> list[Grid]:
    costs, before, after = result["costs"], result["edges_before"], result["edges_after"]
    rows = [[k, c["now"], c["worth"], _ci(c["ci95"]), c["proposed"], c["used"],
             before[k]["edge"] if before[k]["edge"] is not None else "", _ci(before[k]["ci95"]), result["verdicts_before"][k],
             after[k]["edge"] if after[k]["edge"] is not None else "", _ci(after[k]["ci95"]), result["verdicts_after"][k]]
            for k, c in sorted(costs.items())]
    history = [[h["round"], h["fitted_on"], h["decided"], h["draws"], h["worst_edge"] if h["worst_edge"] is not None else "",
                ", ".join(f"{v}: {list(h['verdicts'].values()).count(v)}" for v in ("within", "undetermined", "outside"))]
               for h in result["history"]]
    return [
        Grid("Costs: worth, proposal, edges and verdicts",
               ["now", "worth", "95% interval", "proposed", "in armies", "edge before", "95% interval", "verdict",
                "edge after", "95% interval", "verdict"], rows,
               f"{result['target']}; {_needed(result)} for every edge to be known to +- 3 points"),
        Grid("Rounds", ["fitted on", "decided", "draws", "worst edge", "verdicts"], history),
    ]


def _needed(result: dict[str, Any]) -> str:
    n = result["games_needed_per_phase"]
    return "too few decided games to say how many games a phase needs" if n is None else f"a phase needs about {n:,} games"


def _variant_plots(result: dict[str, Any]) -> list[str]:
    plt = _pyplot()
    names = list(result["candidates"])
    rows = [result["candidates"][n]["first_seat"] for n in names]
    checks = [*result["verification"], {"round": "pooled", **result["verified"]}]

    def seat(ax: Any) -> None:
        _rates(ax, names, [("same seeds", [r["first_seat_win_rate"] for r in rows], [r["ci95"] for r in rows], "#4a7ab5")], _target(result))
        ax.set_ylabel("first seat win rate")

    def verified(ax: Any) -> None:
        labels = [f"round {c['round']}" if c["round"] != "pooled" else "pooled" for c in checks]
        _rates(ax, labels, [(result["proposed"], [c["first_seat"]["first_seat_win_rate"] for c in checks],
                             [c["first_seat"]["ci95"] for c in checks], "#6a9a4a")], _target(result))
        ax.set_ylabel("first seat win rate")
    return [_figure(plt, "candidates", "First seat win rate by candidate (band: 50 +- 3)", seat),
            _figure(plt, "verification", f"Proposal {result['proposed']} on fresh seeds", verified)]


def variant_grids(result: dict[str, Any]) -> list[Grid]:
    def row(name: Any, r: dict[str, Any]) -> list[Any]:
        f = r["first_seat"]
        return [name, f["decided_games"], f["first_seat_win_rate"], _ci(f["ci95"]), f["p_value_vs_half"], r["verdict"],
                r["draws"], r["mean_turns"] if r["mean_turns"] is not None else ""]
    columns = ["decided", "first seat rate", "95% interval", "p against 50%", "verdict", "draws", "mean turns"]
    options = ", ".join(f"{k}={v}" for k, v in sorted(result["proposed_options"].items()))
    out = [Grid("Candidates (the same game seeds)", columns, [row(n, r) for n, r in result["candidates"].items()],
                  f"proposed: {result['proposed']} ({options})"),
           Grid("Verification on fresh seeds", columns,
                  [*[row(f"round {c['round']}", c) for c in result["verification"]], row("pooled", result["verified"])],
                  f"{result['target']}; {_needed(result)} to pin the rate to +- 3 points")]
    if result.get("left_out"):
        out.append(Grid("Left out", [], [[n] for n in result["left_out"]]))
    if result.get("same_as_current"):
        out.append(Grid("Same games as current", [], [[n] for n in result["same_as_current"]],
                        "every seed's record equals the game as given's: the change never came into play, so it is never proposed"))
    return out


def tune_report(result: dict[str, Any]) -> str:
    """One HTML file for `lab tune`: costs (worth with intervals, edges before and after,
    verdicts) or the seat search (candidates, the proposal's verification)."""
    variants = result.get("kind") == "variants"
    grids = variant_grids(result) if variants else cost_grids(result)
    body = [*[_table(g) for g in grids], "<h2>Plots</h2>",
            *(_variant_plots(result) if variants else _cost_plots(result))]
    return _page(*tune_heading(result), body)
