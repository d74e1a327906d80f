"""The ``dicefront`` command.

Each module in this package that defines ``register(app)`` adds its commands, so a
new command is a new file and nothing else changes."""

from __future__ import annotations

import importlib
import logging
import os
import pkgutil
import sys

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


LOG_LEVELS = ("debug", "info", "warning", "error")


def log_to_stderr(level: str) -> None:
    """``DICEFRONT_LOG=LEVEL``: Dicefront's log messages from LEVEL up go to stderr
    (e.g. where the lab's Ray batches ran); stdout, and so ``--json``, is unchanged."""
    if level.lower() not in LOG_LEVELS:
        print(f"error: DICEFRONT_LOG must be one of {', '.join(LOG_LEVELS)}, got {level[:20]!r}", file=sys.stderr)
        raise SystemExit(2)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    logger = logging.getLogger("dicefront")
    logger.addHandler(handler)
    logger.setLevel(level.upper())


def main() -> None:
    level = os.environ.get("DICEFRONT_LOG")
    if level:
        log_to_stderr(level)
    app()
