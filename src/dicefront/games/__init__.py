"""The games shipped with Dicefront, one package each.

Every sub-package of this folder that has an ``__init__.py`` is a game whose
registry name is the package name; it is imported only when first loaded."""

from __future__ import annotations

from pathlib import Path


def builtin_games() -> dict[str, str]:
    here = Path(__file__).parent
    return {
        p.name: f"{__name__}.{p.name}"
        for p in sorted(here.iterdir())
        if p.is_dir() and (p / "__init__.py").exists() and not p.name.startswith("_")
    }
