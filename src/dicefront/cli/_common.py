"""Helpers shared by the CLI commands: option parsing, errors, JSON output."""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

import typer
from rich.console import Console

from dicefront.core import DicefrontError, Game
from dicefront.core.registry import build

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


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


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


OPTION_HELP = "A game option as key=value (repeatable); `dicefront games GAME` lists them."
