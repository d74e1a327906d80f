"""`dicefront odds`: the exact outcomes of an action from a saved position."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

import dicefront
from dicefront.core import DicefrontError, State
from dicefront.odds import Odds, analyse, available

from ._common import console, fail, load_game, print_json


def load_position(game: str, path: Path) -> State:
    """The saved position in ``path`` (``State.to_json()``), checked to be ``game``'s."""
    load_game(game)  # unknown game names fail first, with the list of games
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read position file {path}: {exc.strerror}")
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"position file {path} is not valid JSON: {exc}")
    if isinstance(data, dict) and data.get("kind") == "dicefront-replay":
        fail(f"{path} is a replay, not a position; export one with `dicefront replay {path} --at N --export POSITION`")
    if isinstance(data, dict) and "game" in data and data["game"] != game:
        fail(f"position file {path} is a {data['game']!r} position, not {game!r}")
    try:
        return dicefront.state_from_json(data)
    except DicefrontError as exc:
        fail(f"position file {path}: {exc}")


def percent(p: float) -> str:
    return f"{p * 100:.2f}%"


def print_odds(result: Odds) -> None:
    console.print(f"[bold]{result.action}[/] by player {result.player} ({result.game})")
    if not result.outcomes:
        console.print("No dice: this action involves no chance.")
    else:
        table = Table(show_header=True, header_style="bold")
        table.add_column("outcome")
        table.add_column("chance", justify="right")
        table.add_column("exact", justify="right", style="dim")
        for label, p in result.outcomes:
            table.add_row(label, percent(float(p)), str(p) if p.denominator <= 10**6 else "(see --json)")
        console.print(table)
    console.print(f"[dim]policy: {result.policy}: {result.policy_description}[/]")
    for note in result.notes:
        if not note.startswith("no dice"):
            console.print(f"[dim]note: {note}[/]")
    if not result.exact:
        console.print("[yellow]estimate: the opponent's hidden information changes these odds[/]")


def odds(
    game: str = typer.Argument(..., help="The game, e.g. ditch."),
    position: Path = typer.Option(None, "--position", help="A saved position (JSON from `save` in play, or `replay --export`)."),
    action: str = typer.Option(
        None, "--action", help="The action in the game's notation, e.g. 'attack c3 c4' (none: the dice pending in the position)."
    ),
    player: int = typer.Option(None, "--player", help="The player asking (default: the player to act).", min=0, max=1),
    policy: str = typer.Option(None, "--policy", help="How decisions inside the action are taken (see --policies)."),
    list_policies: bool = typer.Option(False, "--policies", help="List the game's policies and exit."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
) -> None:
    """Exact odds of an action: every outcome up to the next decision, with its chance."""
    if list_policies:
        load_game(game)
        rows = available(game)
        if as_json:
            print_json([{"name": n, "description": d} for n, d in rows])
        else:
            for i, (name, description) in enumerate(rows):
                console.print(f"[bold cyan]{name}[/]{' (default)' if i == 0 else ''}: {description}")
        return
    if position is None:
        fail("give --position FILE and --action TEXT (or --policies)")
    state = load_position(game, position)
    text = action.strip() if action else None
    if not text and not state.is_chance:
        fail("give --action TEXT: the action to look at (only a position where dice are pending needs none)")
    try:
        result = analyse(state, text or None, player, policy)
    except DicefrontError as exc:
        fail(str(exc))
    if as_json:
        print_json(result.to_json())
    else:
        print_odds(result)


def register(app: typer.Typer) -> None:
    app.command("odds")(odds)
