"""Game options: a frozen dataclass per game, described by field metadata.

A designer changes rules through options, never by editing code. Each field carries
``metadata=opt(help=..., choices=..., min=..., max=...)``; :func:`build_options`
validates user input (Python values or the strings typed on a command line) and
returns a new frozen instance. Defaults are never filled by mutating anything.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .data import shipped_names, short
from .errors import OptionError

T = TypeVar("T")


def opt(
    help: str,
    *,
    choices: Sequence[Any] | None = None,
    min: float | None = None,
    max: float | None = None,
    data: str | None = None,
    special: Sequence[str] = (),
    legacy: Any = None,
) -> dict[str, Any]:
    """Field metadata for an option. ``data`` makes it a data-file option: the folder
    (inside the game's package) of its shipped ``.toml`` files; ``special`` lists the
    other words it accepts (such as ``choose``), offered with the shipped names.

    ``legacy`` is for an option added after games were recorded whose default is not
    how those games were played: the value that reproduces the rules before the option
    existed. A stored game or replay that does not name the option gets that value (see
    :func:`legacy_options`); a new game gets the default."""
    return {"help": help, "choices": tuple(choices) if choices else None, "min": min, "max": max,
            "data": data, "special": tuple(special), "legacy": legacy}


@dataclass(frozen=True)
class OptionInfo:
    name: str
    type: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    data: str | None = None
    """The folder of shipped files, for a data-file option."""
    shipped: tuple[str, ...] | None = None
    """What a data-file option can name without a file of one's own."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices else None,
            "min": self.min,
            "max": self.max,
            "data_file": self.data is not None,
            "shipped": list(self.shipped) if self.shipped is not None else None,
        }


def _field_type(cls: type, field: dataclasses.Field[Any]) -> type:
    hints = typing.get_type_hints(cls)
    tp = hints[field.name]
    if tp not in (bool, int, float, str):
        raise TypeError(f"option {field.name}: unsupported type {tp!r}")
    return typing.cast(type, tp)


def option_schema(cls: type, package: str | None = None) -> tuple[OptionInfo, ...]:
    """Describe every option of an options dataclass; with the game's ``package``,
    data-file options list their shipped files."""
    out = []
    for f in dataclasses.fields(cls):
        tp = _field_type(cls, f)
        meta = f.metadata
        out.append(
            OptionInfo(
                name=f.name,
                type=tp.__name__,
                default=f.default,
                help=meta.get("help", ""),
                choices=meta.get("choices"),
                min=meta.get("min"),
                max=meta.get("max"),
                data=meta.get("data"),
                shipped=_shipped(meta, package),
            )
        )
    return tuple(out)


def _shipped(meta: Mapping[str, Any], package: str | None) -> tuple[str, ...] | None:
    folder = meta.get("data")
    if folder is None or package is None:
        return None
    return (*meta.get("special", ()), *shipped_names(package, folder))


def data_folders(cls: type) -> dict[str, str]:
    """Each data-file option of an options dataclass and its folder of shipped files."""
    return {f.name: f.metadata["data"] for f in dataclasses.fields(cls) if f.metadata.get("data")}


MAX_TEXT = 1000
"""The longest text option value accepted."""

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _coerce(info: OptionInfo, value: Any) -> Any:
    name = info.name
    if info.type == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise OptionError(f"option {name}: expected true or false, got {short(value)}")
    if info.type == "int":
        if isinstance(value, bool):
            raise OptionError(f"option {name}: expected an integer, got {short(value)}")
        if isinstance(value, int):
            return value
        if isinstance(value, str):
            try:
                return int(value.strip())
            except ValueError:
                pass
        raise OptionError(f"option {name}: expected an integer, got {short(value)}")
    if info.type == "float":
        number: float | None = None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            number = float(value) if not isinstance(value, int) or abs(value) < 2**1000 else math.inf
        elif isinstance(value, str):
            with contextlib.suppress(ValueError):
                number = float(value.strip())
        if number is None:
            raise OptionError(f"option {name}: expected a number, got {short(value)}")
        if not math.isfinite(number):
            raise OptionError(f"option {name}: expected a finite number, got {short(value)}")
        return number
    if not isinstance(value, str):
        raise OptionError(f"option {name}: expected text, got {short(value)}")
    if len(value) > MAX_TEXT:
        raise OptionError(f"option {name}: text too long ({len(value)} characters; at most {MAX_TEXT})")
    return value


def _check_range(info: OptionInfo, value: Any) -> None:
    if info.choices is not None and value not in info.choices:
        allowed = ", ".join(map(str, info.choices))
        raise OptionError(f"option {info.name}: {short(value)} is not one of {allowed}")
    if info.min is not None and value < info.min:
        raise OptionError(f"option {info.name}: {short(value)} is below the minimum {info.min:g}")
    if info.max is not None and value > info.max:
        raise OptionError(f"option {info.name}: {short(value)} is above the maximum {info.max:g}")


def build_options(cls: type[T], given: Mapping[str, Any], game: str = "") -> T:
    """Validate ``given`` against ``cls`` and return a new options instance."""
    schema = {info.name: info for info in option_schema(cls)}
    unknown = sorted(set(given) - set(schema))
    if unknown:
        where = f" for {game}" if game else ""
        valid = ", ".join(schema) or "(none)"
        shown = ", ".join(short(u, 40)[1:-1] for u in unknown[:5])
        raise OptionError(f"unknown option{'s' if len(unknown) > 1 else ''} {shown}{where}; valid options: {valid}")
    values = {}
    for name, raw in given.items():
        info = schema[name]
        value = _coerce(info, raw)
        _check_range(info, value)
        values[name] = value
    return cls(**values)


def legacy_options(cls: type, given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` (the options a stored game or replay recorded) with every option it
    does not name and that declares a ``legacy`` value set to that value, so a game
    recorded before the option existed is rebuilt under the rules it was played by."""
    out = dict(given)
    for f in dataclasses.fields(cls):
        legacy = f.metadata.get("legacy")
        if legacy is not None and f.name not in out:
            out[f.name] = legacy
    return out


def stored_options_json(cls: type, given: Mapping[str, Any]) -> dict[str, Any]:
    """The full options (every field) a stored position or game recorded as ``given``
    stands for: the options it names, then the ``legacy`` value of each option it does
    not name, then the default (to compare with :func:`options_to_json` of a game)."""
    out = legacy_options(cls, given)
    for f in dataclasses.fields(cls):
        if f.name not in out:
            if f.default is not dataclasses.MISSING:
                out[f.name] = f.default
            elif f.default_factory is not dataclasses.MISSING:
                out[f.name] = f.default_factory()
    return out


def options_to_json(options: object) -> dict[str, Any]:
    """The options as a plain dict (every field, defaults included)."""
    if not dataclasses.is_dataclass(options) or isinstance(options, type):
        raise TypeError("options must be a dataclass instance")
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
