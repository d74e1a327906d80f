"""`dicefront match`: agents play each other many times."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from dicefront.core import DicefrontError
from dicefront.lab import run_series

from ._common import OPTION_HELP, console, err_console, esc, fail, load_game, parse_options, print_json, warn_clock


def match(
    game: str = typer.Argument(..., help="The game, e.g. ditch."),
    agents: str = typer.Option("random,random", "--agents", "-a", help="Two agents, comma-separated, e.g. mcts,random (see `dicefront agents`)."),
    games: int = typer.Option(100, "--games", "-n", min=1, help="How many games; seats alternate between games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Series seed: the same seed gives the same results (unless an agent stops by the wall clock, such as the global hard: then a warning says so)."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes (results do not depend on it)."),
    save: Path = typer.Option(None, "--save", help="Save every game's replay in this folder."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
) -> None:
    """Play two agents against each other and report who wins, how often, and how long games last."""
    names = [a.strip() for a in agents.split(",") if a.strip()]
    if len(names) != 2:
        fail(f"--agents needs exactly two agents separated by a comma, got {agents!r}")
    g = load_game(game, option)
    warn_clock(names, g)
    show_bar = not as_json and games >= 10
    try:
        if show_bar:
            with Progress(
                TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                console=err_console, transient=True,
            ) as bar:
                task = bar.add_task(esc(f"{game}: {names[0]} vs {names[1]}"), total=games)
                result = run_series(game, parse_options(option), names, games, seed, workers=workers, save_dir=save,
                                    progress=lambda _: bar.advance(task))
        else:
            result = run_series(game, parse_options(option), names, games, seed, workers=workers, save_dir=save)
    except DicefrontError as exc:
        fail(str(exc))
    data = result.to_json()
    if as_json:
        print_json(data)
        return
    table = Table(title=esc(f"{game}: {games} games, seed {seed}"), title_style="bold")
    for col in ("agent", "wins", "win rate", "95% interval", "score"):
        table.add_column(col, justify="right" if col != "agent" else "left")
    for i, name in enumerate(names):
        lo, hi = data["win_rate_ci95"][i]
        table.add_row(esc(name), str(result.wins[i]), f"{data['win_rate'][i]:.1%}", f"{lo:.1%} - {hi:.1%}", f"{data['score'][i]:.1%}")
    console.print(table)
    console.print(
        f"draws {result.draws}   {esc(g.seat_name(0))} won {result.seat_wins[0]}, {esc(g.seat_name(1))} won {result.seat_wins[1]} "
        f"(first seat {data['first_seat_win_rate']:.1%})   mean length {data['mean_length']:.1f} steps, "
        f"max {data['max_length']}   {data['seconds']:.1f} s"
    )
    if result.truncated:
        console.print(f"[yellow]{result.truncated} games hit the step limit and count as draws[/]")
    if save:
        console.print(f"replays saved in {esc(save)}/")


def agents_cmd(
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
    game: str = typer.Option(None, "--game", "-g", help="Show the levels as this game plays them (a game may give a level its own spec)."),
) -> None:
    """List the computer players, their parameters with the allowed values, and the levels."""
    from dicefront.agents import agent_infos, levels
    from dicefront.agents.base import books

    infos = agent_infos()
    loaded = None if game is None else load_game(game)
    table_of_levels = levels(loaded)
    offered = books(loaded)
    if as_json:
        print_json({"agents": [i.to_json() for i in infos], "levels": table_of_levels, "books": offered})
        return
    table = Table(title="Computer players (--vs, --agents): name:key=value:key=value", title_style="bold")
    for col in ("agent", "parameter", "allowed", "default", "meaning"):
        table.add_column(col, style="bold cyan" if col == "agent" else None, ratio=1 if col == "meaning" else None)
    for info in infos:
        table.add_row(esc(info.name), "", "", "", esc(info.help))
        for p in info.params:
            default = "none" if p.default is None else p.default
            table.add_row("", esc(p.name), esc(p.allowed()), esc(default), esc(p.help))
    console.print(table)
    where = "" if game is None else f" in {esc(game)}"
    console.print(f"levels{where}: " + ", ".join(f"[bold]{esc(k)}[/] ({esc(v)})" for k, v in table_of_levels.items()))
    if offered:
        console.print(f"books{where} (mcts:book=NAME): " + "; ".join(f"[bold]{esc(k)}[/]: {esc(v)}" for k, v in offered.items()))
    console.print("[dim]e.g. mcts:iterations=500:c=0.5; a value outside its bounds is refused[/]")


def register(app: typer.Typer) -> None:
    app.command("match")(match)
    app.command("agents")(agents_cmd)
