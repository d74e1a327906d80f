"""Helpers shared by the CLI commands: option parsing, errors, JSON output, reading
saved positions.

Everything a user or a game supplies (typed text, error messages, names, notation
hints, file names) goes through ``esc`` before it is printed with Rich, so text such
as ``[/]`` or ``UNIT[/S|L|C]`` is shown as written instead of read as markup."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

import dicefront
from dicefront.core import DicefrontError, Game, State
from dicefront.core.files import NotJsonNumber, read_bounded, refuse_constant
from dicefront.core.registry import build

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

MAX_POSITION_BYTES = 8 << 20
"""The largest position file read (a real one is a few kilobytes)."""


def esc(value: object) -> str:
    """``value`` as text that Rich prints literally (no markup)."""
    return escape(str(value))


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` as a one-line error (markup in it shown literally) and exit."""
    err_console.print(f"[bold red]error:[/] {esc(' '.join(str(message).split()))}", soft_wrap=True)
    raise typer.Exit(code)


SEAT_HELP = "1 or 2, as seats are shown (or the side's name, e.g. green)"


def parse_seat(game: Game[Any, Any], value: str, flag: str = "--seat") -> int:
    """The 0-based seat a user named with ``flag`` (``--seat``, ``--player``): 1 or 2 as the board, status line
    and log count seats, or the side's name where the game names its sides
    (case-insensitive). The 0 of earlier versions is refused with a hint rather than
    read as something else; anything else is a one-line error."""
    text = " ".join(str(value).split()).lower()
    sides = [game.seat_name(p).lower() for p in (0, 1)]
    if text in ("1", "2"):
        return int(text) - 1
    if text in sides:
        return sides.index(text)
    named = f"1, 2, {game.seat_name(0)} or {game.seat_name(1)}" if game.side_names else "1 or 2"
    if text == "0":
        fail(f"{flag} 0: seats are numbered from 1 as shown ({named}); the first seat is {flag} 1")
    fail(f"{flag} {str(value)[:40]!r}: give {named}")


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            fail(f"option {pair!r} must look like key=value")
        out[key.strip()] = value.strip()
    return out


def load_game(name: str, pairs: list[str] | None = None, data_files: dict[str, str] | None = None) -> Game[Any, Any]:
    try:
        return build(name, parse_options(pairs), data_files=data_files)
    except DicefrontError as exc:
        fail(str(exc))


def _read_json(path: Path) -> Any:
    try:
        raw = read_bounded(path, MAX_POSITION_BYTES, DicefrontError, f"position file {path}")
    except DicefrontError as exc:
        fail(str(exc))
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=refuse_constant)
    except UnicodeDecodeError:
        fail(f"position file {path} is not a text file (not UTF-8)")
    except json.JSONDecodeError as exc:
        fail(f"position file {path} is not valid JSON: {exc}")
    except RecursionError:
        fail(f"position file {path} is nested too deeply to be a position")
    except NotJsonNumber as exc:
        fail(f"position file {path} is not valid JSON: {exc}")
    except ValueError:  # an integer literal with thousands of digits
        fail(f"position file {path} is not a position: a number with too many digits")


def load_position(game_name: str, path: Path, game: Game[Any, Any] | None = None) -> State:
    """The saved position in ``path`` (``State.to_json()``), checked to be
    ``game_name``'s and rebuilt by ``game`` (default: with the options saved in it);
    a replay file is named as such, with how to export a position from it."""
    data = _read_json(path)
    if isinstance(data, dict) and data.get("kind") == "dicefront-replay":
        fail(f"{path} is a replay, not a position; export a position from it with "
             f"`dicefront replay {path} --at N --export POSITION` (N: the step to stop after)")
    if not isinstance(data, dict) or "state" not in data:
        fail(f"{path} is not a saved position (save one with `save FILE` in `dicefront play`, "
             f"or export one with `dicefront replay REPLAY --at N --export POSITION`)")
    if "game" in data and data["game"] != game_name:
        fail(f"position file {path} is a {str(data['game'])[:40]!r} position, not {game_name!r}")
    try:
        return game.state_from_json(data) if game is not None else dicefront.state_from_json(data)
    except DicefrontError as exc:
        fail(f"position file {path}: {exc}")
    except RecursionError:
        fail(f"position file {path} is nested too deeply to be a position")
    except ValueError:  # an integer literal with thousands of digits
        fail(f"position file {path} is not a position: a number with too many digits")


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, allow_nan=False) + "\n")


OPTION_HELP = "A game option as key=value (repeatable); `dicefront games GAME` lists them."


def warn_clock(specs: list[str] | tuple[str, ...], game: Game[Any, Any]) -> None:
    """Warn on stderr when an agent of ``specs`` stops searching by the wall clock
    (``agents.clock_warning``): the seed of the run then does not reproduce it."""
    from dicefront.agents import clock_warning

    try:
        warning = clock_warning(list(specs), game)
    except DicefrontError as exc:
        fail(str(exc))
    if warning is not None:
        err_console.print(f"[yellow]warning: {esc(warning)}[/]", soft_wrap=True)  # one line, however narrow the terminal
