"""`dicefront bench`: engine speed per game, as ratios against same-run references."""

from __future__ import annotations

import typer
from rich.table import Table

import dicefront
from dicefront.lab.bench import RATIOS, run_bench

from ._common import console, fail, print_json

FIELDS = ("games_per_s", "actions_per_s", "clones_per_s", "mcts_iterations_per_s")


def bench(
    games: list[str] = typer.Argument(None, help="Games to measure (default: all)."),
    seconds: float = typer.Option(2.0, "--seconds", min=0.1, help="Time per measurement."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    rounds: int = typer.Option(3, "--rounds", min=1, max=20, help="Interleaved rounds (figures are their median)."),
    odds: bool = typer.Option(True, "--odds/--no-odds", help="Also measure odds query CPU time (p50/p99)."),
) -> None:
    """Measure random playouts, actions and clones per second, MCTS iterations and odds query CPU time per game."""
    names = games or dicefront.names()
    unknown = [n for n in names if n not in dicefront.names()]
    if unknown:
        fail(f"unknown game {unknown[0]!r}; available games: {', '.join(dicefront.names())}")
    data = run_bench(names, seconds, rounds=rounds, odds=odds)
    if as_json:
        print_json(data)
        return
    ref = data["reference_kops_per_s"]
    spiel = data["openspiel_backgammon"]
    table = Table(title="Dicefront speed (per second; x = ratio to the same-run reference)", title_style="bold")
    table.add_column("game", style="bold cyan")
    for f in FIELDS:
        table.add_column(f.replace("_per_s", "").replace("_", " "), justify="right")
    table.add_column("vs OpenSpiel", justify="right")
    table.add_column("CPU vs OpenSpiel", justify="right")
    table.add_column("odds p99 ms", justify="right")
    rows = dict(data["games"])
    if spiel:
        rows["openspiel backgammon"] = spiel
    for name, row in rows.items():
        cells = []
        for f in FIELDS:
            if f not in row:
                cells.append("-")
                continue
            cells.append(f"{row[f]:,.0f} ({row[f] / ref:.3g}x)")
        for key in RATIOS:
            ratio = row.get(key)
            cells.append("-" if ratio is None else f"{ratio:.2f}x")
        p99 = row.get("odds_p99_ms")
        cells.append("-" if p99 is None else f"{p99:.1f}")
        table.add_row(name, *cells)
    console.print(table)
    console.print(f"[dim]x: ratio to a fixed pure-Python reference workload measured in this run ({ref:,.0f} kops/s)[/]")
    console.print(f"[dim]median of {data['rounds']} rounds; the references are measured between the games[/]")
    if spiel:
        console.print("[dim]vs OpenSpiel: random-playout actions/s as a ratio to OpenSpiel backgammon's (C++), "
                      "measured next to each game[/]")
        console.print("[dim]CPU vs OpenSpiel: the same ratio in this process's CPU time (steadier on a busy machine)[/]")
    else:
        console.print("[dim]install the `openspiel` extra to add OpenSpiel's backgammon as a second reference[/]")


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
