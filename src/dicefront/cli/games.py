"""`dicefront games` and `dicefront rules`."""

from __future__ import annotations

import typer
from rich.markdown import Markdown
from rich.table import Table

import dicefront

from ._common import console, esc, load_game, print_json


def games(
    name: str = typer.Argument(None, help="Show one game's options and presets in detail."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """List the games, or show one game's options."""
    specs = [dicefront.load(n).spec for n in ([name] if name else dicefront.names())] if not name else [load_game(name).spec]
    if as_json:
        print_json([s.to_json() for s in specs])
        return
    if not name:
        table = Table(title="Dicefront games", title_style="bold")
        table.add_column("name", style="bold cyan", no_wrap=True)
        table.add_column("title", no_wrap=True)
        table.add_column("engine", style="dim", max_width=13)
        table.add_column("about", ratio=1)
        for s in specs:
            features = [f for f, on in (("dice", s.has_chance), ("hidden info", s.hidden_information),
                                        ("simultaneous", s.simultaneous)) if on]
            table.add_row(esc(s.name), esc(s.title), ", ".join(features), esc(s.summary))
        console.print(table)
        console.print("[dim]`dicefront games NAME` shows a game's options; `dicefront rules NAME` its rules.[/]")
        return
    spec = specs[0]
    console.print(f"[bold]{esc(spec.title)}[/] ({esc(spec.name)}): {esc(spec.summary)}")
    table = Table(title="options (-o key=value)")
    table.add_column("option", style="bold cyan")
    table.add_column("default")
    table.add_column("allowed")
    table.add_column("meaning")
    for o in spec.options:
        allowed = ", ".join(map(str, o.choices)) if o.choices else o.type
        if o.min is not None or o.max is not None:
            allowed += f" {o.min:g}..{o.max:g}" if o.min is not None and o.max is not None else ""
        table.add_row(esc(o.name), esc(o.default), esc(allowed), esc(o.help))
    console.print(table)
    if spec.presets:
        console.print("presets: " + "; ".join(f"[bold]{esc(k)}[/] {esc(dict(v) or '(defaults)')}" for k, v in spec.presets.items()))


def rules(
    name: str = typer.Argument(..., help="The game, e.g. ditch."),
    raw: bool = typer.Option(False, "--raw", help="Print the Markdown source instead of formatting it."),
) -> None:
    """Print the rules of a game as implemented (its RULES.md)."""
    game = load_game(name)
    text = game.rules_text()
    if raw:
        print(text)
    else:
        console.print(Markdown(text))


def register(app: typer.Typer) -> None:
    app.command("games")(games)
    app.command("rules")(rules)
