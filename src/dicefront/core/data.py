"""Loading designer-editable data files (TOML) with clear errors."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import DataFileError


def read_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataFileError(f"cannot read {p}: {exc.strerror}") from exc
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{p} is not valid TOML: {exc}") from exc


def package_data(package: str, name: str) -> Path:
    """The path of a data file shipped inside a game package."""
    return Path(str(resources.files(package).joinpath(name)))


def resolve_data(package: str, value: str, folder: str = "data") -> Path:
    """A data file named by an option: a shipped name (``"default"`` for
    ``data/default.toml``) or a path to the designer's own file."""
    if value.endswith(".toml") or "/" in value or "\\" in value:
        p = Path(value)
        if not p.exists():
            raise DataFileError(f"data file {value} does not exist")
        return p
    p = package_data(package, f"{folder}/{value}.toml")
    if not p.exists():
        shipped = sorted(
            x.name[:-5] for x in Path(str(resources.files(package).joinpath(folder))).iterdir() if x.name.endswith(".toml")
        )
        raise DataFileError(f"no shipped data file {value!r}; shipped: {', '.join(shipped)} (or give a path to a .toml file)")
    return p


def require(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``table[key]`` checked for presence and type, with an error naming the place."""
    if key not in table:
        raise DataFileError(f"{where}: missing '{key}'")
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataFileError(f"{where}: '{key}' must be {names}, got {value!r}")
    return value
