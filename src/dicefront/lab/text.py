"""The balance summary printed in a terminal (Rich tables)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

METRIC_HELP = {
    "completion": "games with a winner",
    "drawishness": "draws inside the limits",
    "timeouts": "games stopped by a turn or step limit",
    "advantage_p1": "games won by the first seat",
    "balance": "1 - gap between the seats' win rates",
    "decisiveness": "share of a decided game before the winner passed the loser's best",
    "lead_changes": "changes of the leading side per game (evaluation)",
    "lead_changes_per_100_decisions": "the same per 100 decisions",
    "branching_factor": "legal actions per decision",
    "decision_moves": "decisions per step (the rest are dice)",
    "dice_influence": "rolls after which the side favoured before is behind",
}


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return escape(str(value))


def summary_tables(summary: dict[str, Any]) -> list[Table]:
    seat = summary["seat_advantage"]
    head = Table(title=escape(f"{summary['game']}: {summary['games']} games, seed {summary['seed']}"), title_style="bold")
    for col in ("agent", "wins", "win rate", "95% interval", "draws", "losses"):
        head.add_column(col, justify="left" if col == "agent" else "right")
    for a in summary["agents_results"]:
        lo, hi = a["ci95"]
        head.add_row(escape(a["agent"]), str(a["wins"]), f"{a['win_rate']:.1%}", f"{lo:.1%} - {hi:.1%}",
                     str(a["draws"]), str(a["losses"]))
    tables = [head]
    lo, hi = seat["ci95"]
    facts = Table(title="Seat advantage and length", title_style="bold", show_header=False)
    facts.add_row("first seat win rate (decided games)", f"{seat['first_seat_win_rate']:.1%} [{lo:.1%} - {hi:.1%}], p = {seat['p_value_vs_half']:.3g}")
    facts.add_row("turn/round-limit games (draws)", str(summary["truncated"]))
    for key, label in (("length_steps", "steps"), ("length_turns", "turns")):
        length = summary.get(key)
        if length:
            facts.add_row(f"length in {label}", f"mean {length['mean']:.1f} (sd {length['sd']:.1f}), p10 {length['p10']:g}, "
                          f"median {length['p50']:g}, p90 {length['p90']:g}, max {length['max']:g}")
    tables.append(facts)
    metrics = Table(title="Metrics (Ludii vocabulary)", title_style="bold")
    for col in ("metric", "value", "meaning"):
        metrics.add_column(col)
    for key, meaning in METRIC_HELP.items():
        metrics.add_row(key, _cell(summary["metrics"][key]), meaning)
    tables.append(metrics)
    for t in summary["tables"]:
        table = Table(title=escape(t["title"]), caption=escape(t["note"]) or None, title_style="bold")
        table.add_column("")
        for col in t["columns"]:
            table.add_column(escape(col), justify="right")
        for row in t["rows"]:
            table.add_row(*[_cell(v) for v in row])
        tables.append(table)
    return tables


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    for table in summary_tables(summary):
        console.print(table)


def print_comparison(console: Console, result: dict[str, Any]) -> None:
    a, b = result["a"], result["b"]
    title = f"{result['game']}: A/B over {result['games']} shared seeds (seed {result['seed']})"
    table = Table(title=escape(title), title_style="bold",
                  caption=escape(f"A: {options_text(a['options'], b['options'])}   B: {options_text(b['options'], a['options'])}"))
    for col in ("metric", "A", "B", "B - A", "95% interval", "p"):
        table.add_column(col, justify="left" if col == "metric" else "right")
    for row in result["comparison"]:
        ci = row.get("ci95")
        table.add_row(row["metric"], _cell(row["a"]), _cell(row["b"]), _cell(row["difference"]),
                      f"{ci[0]:.4g} - {ci[1]:.4g}" if ci else "", f"{row['p_value']:.3g}")
    console.print(table)


def options_text(options: dict[str, Any], other: dict[str, Any]) -> str:
    """The options where ``options`` differs from ``other`` (all of them if none differ)."""
    changed = {k: v for k, v in options.items() if other.get(k) != v}
    return ", ".join(f"{k}={v}" for k, v in sorted(changed.items())) or "the same options"


def print_tune(console: Console, result: dict[str, Any]) -> None:
    title = (f"{result['game']}: {result['tuned']} from {result['games_per_phase']} games a phase, "
             f"{result['rounds']} round(s) ({' v '.join(result['agents'])})")
    table = Table(title=escape(title), title_style="bold", caption=escape(result["method"]))
    for col in ("", "now", "worth", "95% interval", "proposed", "edge before", "edge after", "verdict"):
        table.add_column(col, justify="left" if col in ("", "verdict") else "right")
    for key, row in result["costs"].items():
        eb, ea = result["edges_before"][key], result["edges_after"][key]
        table.add_row(escape(key), str(row["now"]), f"{row['worth']:g}", f"{row['ci95'][0]:g} - {row['ci95'][1]:g}",
                      str(result["proposed"][key]), _edge(eb), _edge(ea), result["verdicts_after"][key])
    console.print(table)
    for step in result["history"]:
        counts = {v: list(step["verdicts"].values()).count(v) for v in ("within", "undetermined", "outside")}
        console.print(f"round {step['round']}: fitted on {step['fitted_on']} games, worst edge {_pct(step['worst_edge'])} "
                      f"from 50%; edges within / undetermined / outside the target: "
                      f"{counts['within']} / {counts['undetermined']} / {counts['outside']}")
    worst = result["worst_edge"]
    console.print(f"worst edge: {_pct(worst[0])} from 50% before, {_pct(worst[1])} after (target: {escape(result['target'])}); "
                  f"decided games {result['decided'][0]} / {result['decided'][1]}, seat log-odds {result['seat_log_odds']:+.3f}")
    needed = result["games_needed_per_phase"]
    if needed is not None:
        console.print(f"a +-3-point interval on every edge needs about {needed} games a verification phase")


def print_tune_variants(console: Console, result: dict[str, Any]) -> None:
    title = f"{result['game']}: {result['tuned']} from {result['games_per_phase']} games each ({' v '.join(result['agents'])})"
    table = Table(title=escape(title), title_style="bold", caption=escape(result["method"]))
    for col in ("candidate", "first seat wins", "95% interval", "p vs 50%", "verdict", "draws", "mean turns"):
        table.add_column(col, justify="left" if col in ("candidate", "verdict") else "right")
    rows = [(name, row) for name, row in result["candidates"].items()]
    rows += [(f"proposed, check {c['round']}", c) for c in result["verification"]]
    rows.append(("proposed, all checks", result["verified"]))
    for name, row in rows:
        seat = row["first_seat"]
        table.add_row(escape(name), f"{seat['first_seat_win_rate']:.1%} of {seat['decided_games']}",
                      f"{seat['ci95'][0]:.1%} - {seat['ci95'][1]:.1%}", f"{seat['p_value_vs_half']:.3g}", row["verdict"],
                      str(row["draws"]), "n/a" if row["mean_turns"] is None else f"{row['mean_turns']:g}")
    console.print(table)
    console.print(f"proposed: {escape(result['proposed'])} (verdict on fresh games: {result['verdict_after']}; "
                  f"target: {escape(result['target'])})")
    if result["games_needed_per_phase"] is not None:
        console.print(f"a +-3-point interval needs about {result['games_needed_per_phase']} games")
    for note in result.get("left_out", []):
        console.print(f"left out: {escape(note)}")
    if result.get("same_as_current"):
        console.print(f"the same games as current on every seed (the change never came into play): {escape(', '.join(result['same_as_current']))}")


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1%}"


def _edge(edge: dict[str, Any]) -> str:
    if edge["edge"] is None:
        return "n/a"
    return f"{edge['edge']:.0%} [{edge['ci95'][0]:.0%}-{edge['ci95'][1]:.0%}] n={edge['games']}"
