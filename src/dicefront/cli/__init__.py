"""The ``dicefront`` command.

Each module in this package that defines ``register(app)`` adds its commands, so a
new command is a new file and nothing else changes."""

from __future__ import annotations

import importlib
import pkgutil

import typer

app = typer.Typer(
    name="dicefront",
    help="Play, analyse and simulate two-player dice-driven tactical board games.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)

_ORDER = ("games", "play", "match", "replay")


def _register_all() -> None:
    found = [m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
    ordered = [n for n in _ORDER if n in found] + sorted(n for n in found if n not in _ORDER)
    for name in ordered:
        module = importlib.import_module(f"{__name__}.{name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(app)


_register_all()


def main() -> None:
    app()
