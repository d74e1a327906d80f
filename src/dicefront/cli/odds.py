"""`dicefront odds`: the exact outcomes of an action from a saved position."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from dicefront.core import DicefrontError, State
from dicefront.odds import Odds, analyse, available

from ._common import SEAT_HELP, console, esc, fail, load_game, parse_seat, print_json
from ._common import load_position as read_position


def load_position(game: str, path: Path) -> State:
    """The saved position in ``path`` (``State.to_json()``), checked to be ``game``'s."""
    load_game(game)  # unknown game names fail first, with the list of games
    return read_position(game, path)


def percent(p: float) -> str:
    return f"{p * 100:.2f}%"


def print_odds(result: Odds, seat_name: str | None = None) -> None:
    """The outcomes as a table; ``seat_name``: the asking seat as people are shown it."""
    asking = "" if seat_name is None else f" by {esc(seat_name)}"
    console.print(f"[bold]{esc(result.action)}[/]{asking} ({esc(result.game)})")
    if not result.outcomes:
        console.print("No dice: this action involves no chance.")
    else:
        table = Table(show_header=True, header_style="bold")
        table.add_column("outcome")
        table.add_column("chance", justify="right")
        table.add_column("exact", justify="right", style="dim")
        for label, p in result.outcomes:
            table.add_row(esc(label), percent(float(p)), str(p) if p.denominator <= 10**6 else "(see --json)")
        console.print(table)
    console.print(f"[dim]policy: {esc(result.policy)}: {esc(result.policy_description)}[/]")
    for note in result.notes:
        if not note.startswith("no dice"):
            console.print(f"[dim]note: {esc(note)}[/]")
    if not result.exact:
        console.print("[yellow]estimate: the opponent's hidden information changes these odds[/]")


def odds(
    game: str = typer.Argument(..., help="The game, e.g. ditch."),
    position: Path = typer.Option(None, "--position", help="A saved position (JSON from `save` in play, or `replay --export`)."),
    action: str = typer.Option(
        None, "--action", help="The action in the game's notation, e.g. 'attack c3 c4' (none: the dice pending in the position)."
    ),
    player_text: str = typer.Option(None, "--player", help=f"The player asking: {SEAT_HELP} (default: the player to act)."),
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
                console.print(f"[bold cyan]{esc(name)}[/]{' (default)' if i == 0 else ''}: {esc(description)}")
        return
    if position is None:
        fail("give --position FILE and --action TEXT (or --policies)")
    state = load_position(game, position)
    player = None if player_text is None else parse_seat(state.game, player_text, "--player")
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
        print_odds(result, state.game.seat_name(result.player))


def register(app: typer.Typer) -> None:
    app.command("odds")(odds)
