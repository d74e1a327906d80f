"""Loading designer-editable data files (TOML) with clear errors.

A data-file option (a board, map, army, unit table or card list) names either a file
shipped with the game, found by membership in the listing of the game's data folder
(never by building a path from the value), or a designer's own file. The designer's
file comes from ``data_files`` (its TOML text, as uploaded to the server or stored
in a replay) or, only where the caller allows local files (the CLI), from a path.
Local reads are bounded: regular files only, opened without blocking, at most
:data:`MAX_DATA_BYTES`."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .errors import DataFileError, OptionError
from .files import read_bounded

MAX_DATA_BYTES = 1 << 20
"""The largest data file read or accepted (1 MiB)."""


def short(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to ``limit`` characters (the middle elided), for error messages."""
    return clip(repr(value), limit)


def clip(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters, the middle elided (a path keeps its file name)."""
    if len(text) <= limit:
        return text
    head = limit // 3
    return text[:head] + "…" + text[len(text) - (limit - head - 1):]


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """The TOML document ``text``; DataFileError naming ``where`` if it is not TOML."""
    if len(text) > MAX_DATA_BYTES:
        raise DataFileError(f"{where} is too large ({len(text)} characters; at most {MAX_DATA_BYTES})")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{where} is not valid TOML: {str(exc).splitlines()[0][:200]}") from exc
    except RecursionError as exc:
        raise DataFileError(f"{where} is not valid TOML: nested too deeply") from exc


def read_local(path: str | Path) -> str:
    """The text of the regular file ``path`` (at most MAX_DATA_BYTES, UTF-8), read
    with :func:`~dicefront.core.files.read_bounded`."""
    name = clip(str(path))
    data = read_bounded(path, MAX_DATA_BYTES, DataFileError, name)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"cannot read {name}: not UTF-8 text") from exc


def read_toml(path: str | Path) -> dict[str, Any]:
    """A local TOML file, read with :func:`read_local`."""
    return parse_toml(read_local(path), clip(str(path)))


def package_data(package: str, name: str) -> Path:
    """The path of a data file shipped inside a game package (``name`` is trusted)."""
    return Path(str(resources.files(package).joinpath(name)))


def shipped_names(package: str, folder: str) -> tuple[str, ...]:
    """The names of the ``.toml`` files shipped in ``folder`` of ``package``, sorted."""
    try:
        entries = resources.files(package).joinpath(folder).iterdir()
        return tuple(sorted(x.name[:-5] for x in entries if x.name.endswith(".toml") and x.is_file()))
    except (OSError, ModuleNotFoundError):
        return ()


def _looks_like_path(value: str) -> bool:
    return value.endswith(".toml") or "/" in value or "\\" in value


@dataclass(frozen=True)
class DataFile:
    """A loaded data file: ``name`` as the option gave it, ``where`` for error
    messages, the parsed ``table``, and ``text`` unless it was a shipped file."""

    option: str
    name: str
    where: str
    table: dict[str, Any]
    text: str | None = None

    @property
    def shipped(self) -> bool:
        return self.text is None


class DataSource:
    """Where a game's data-file options are read from.

    ``folders`` maps each data-file option to its folder of shipped files in
    ``package``; ``files`` supplies the TOML text of designer files by option name;
    ``local_files`` allows reading paths (the CLI) or refuses them (the server)."""

    def __init__(
        self,
        package: str,
        folders: Mapping[str, str],
        files: Mapping[str, str] | None = None,
        *,
        local_files: bool = True,
    ) -> None:
        self.package = package
        self.folders = dict(folders)
        self.local_files = local_files
        self.files = _checked_files(files or {}, self.folders)
        self.used: dict[str, str] = {}
        self._names: dict[str, str] = {}

    def shipped(self, option: str) -> tuple[str, ...]:
        return shipped_names(self.package, self.folders[option])

    def load(self, option: str, value: str) -> DataFile:
        """The file option ``option`` names with ``value``."""
        folder = self.folders[option]
        shipped = self.shipped(option)
        if value in shipped:  # membership: the path is built from a listed name only
            path = package_data(self.package, f"{folder}/{value}.toml")
            return DataFile(option, value, str(path), read_toml(path))
        if option in self.files:
            text = self.files[option]
            where = f"the uploaded {option} file"
        elif self.local_files and _looks_like_path(value):
            text = read_local(value)
            where = clip(value)
        else:
            hint = "or give a path to a .toml file" if self.local_files else f"or upload the file's content as data_files.{option}"
            raise DataFileError(f"option {option}: no shipped data file {short(value)}; shipped: {', '.join(shipped)} ({hint})")
        previous = self._names.setdefault(option, value)
        if previous != value and self.used.get(option) != text:
            raise DataFileError(f"option {option}: one designer file per option, not both {short(previous)} and {short(value)}")
        self.used[option] = text
        return DataFile(option, value, where, parse_toml(text, where), text)

    def check_all_used(self, options: Mapping[str, Any]) -> None:
        """Every supplied file must have been used, or it would be stored for nothing."""
        for option in self.files:
            if option not in self.used:
                raise OptionError(
                    f"data_files.{option} was given but option {option} ({short(options.get(option))}) names a shipped "
                    f"file or none; give option {option} another name"
                )


def _checked_files(files: Mapping[str, Any], folders: Mapping[str, str]) -> dict[str, str]:
    if not isinstance(files, Mapping):
        raise OptionError("data_files must map data-file option names to TOML text")
    out: dict[str, str] = {}
    for option, text in files.items():
        if option not in folders:
            valid = ", ".join(folders) or "(none)"
            raise OptionError(f"data_files: {short(option)} is not a data-file option of this game; data-file options: {valid}")
        if not isinstance(text, str):
            raise OptionError(f"data_files.{option} must be the file's TOML text")
        if len(text) > MAX_DATA_BYTES:
            raise DataFileError(f"data_files.{option} is too large ({len(text)} characters; at most {MAX_DATA_BYTES})")
        out[option] = text
    return out


def require(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``table[key]`` checked for presence and type, with an error naming the place."""
    if key not in table:
        raise DataFileError(f"{where}: missing '{key}'")
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise DataFileError(f"{where}: '{key}' must be {names}, got {short(value, 60)}")
    return value
