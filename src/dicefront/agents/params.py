"""Agent parameters, declared once per agent (name, type, bounds, default, help).

The spec parser (``make_agent``) reads every value through its declaration, and the
agents' constructors check Python values against the same declarations, so an agent
can only be built with values inside the published bounds: no ``nan``, no
``inf``, no search that never ends."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import AgentError

_INT = re.compile(r"[+-]?[0-9]{1,12}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})(?:[eE][+-]?[0-9]{1,3})?")
_NAME = re.compile(r"[a-z][a-z0-9-]{0,23}")
_SHOWN = 24
"""At most this many characters of a bad value are repeated in an error."""


def shown(text: object) -> str:
    """``text`` quoted for an error message, cut short if long."""
    s = str(text)
    return repr(s if len(s) <= _SHOWN else s[:_SHOWN] + "...")


@dataclass(frozen=True)
class Param:
    """One parameter of an agent.

    ``kind``: ``int``, ``float``, ``choice`` or ``name``. Numbers lie in ``low..high``
    (``low`` itself excluded when ``low_open``); a choice is one of ``choices``; a
    name is one of ``choices`` or one the game declares in the ``named_by`` mapping of
    its heuristics role (a lowercase word; checked against the game where it is known,
    ``check_named``).
    ``default`` is what the agent uses when the parameter is not given (``None``:
    not set, see ``help``). ``clock``: a value given to it (not None, not 0) makes the
    agent's choices depend on the wall clock, so a seed no longer reproduces them."""

    name: str
    kind: str
    default: Any
    help: str
    low: float | None = None
    high: float | None = None
    low_open: bool = False
    choices: tuple[str, ...] = ()
    named_by: str = ""
    clock: bool = False  # a value set here makes the agent read the wall clock: no longer reproducible

    def allowed(self) -> str:
        """The published bounds, e.g. ``1..100000``, ``(0, 60]``, ``auto|true|false``."""
        if self.kind == "choice":
            return "|".join(self.choices)
        if self.kind == "name":
            return "|".join(self.choices) + f"|<a name in the game's {self.named_by}>"
        if self.low_open:
            return f"({self.low:g}, {self.high:g}]"
        if self.kind == "int":
            return f"{self.low:g}..{self.high:g}"
        return f"[{self.low:g}, {self.high:g}]"

    def _what(self) -> str:
        kind = {"int": "a whole number in", "float": "a finite number in", "choice": "one of", "name": "one of"}[self.kind]
        return f"{self.name} must be {kind} {self.allowed()}"

    def parse(self, text: str, agent: str) -> Any:
        """The value written as ``text`` in a spec, or AgentError naming the bounds."""
        value = text.strip()
        bad = AgentError(f"agent {agent}: {self._what()}, got {shown(value)}")
        if self.kind in ("choice", "name"):
            return self.check(value, agent)
        pattern, convert = (_INT, int) if self.kind == "int" else (_FLOAT, float)
        if not pattern.fullmatch(value):
            raise bad
        try:
            return self.check(convert(value), agent)
        except AgentError:
            raise bad from None

    def check(self, value: Any, agent: str) -> Any:
        """``value`` itself when it is of the right type and inside the bounds."""
        bad = AgentError(f"agent {agent}: {self._what()}, got {shown(value)}")
        if self.kind in ("choice", "name"):
            kinds = (str, bool) if self.kind == "choice" else (str,)  # a flag may be True; a name is text
            text = str(value).lower() if isinstance(value, kinds) else None
            if text not in self.choices and not (self.kind == "name" and text is not None and _NAME.fullmatch(text)):
                raise bad
            return text
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise bad
        if self.kind == "int" and not isinstance(value, int):
            raise bad
        if isinstance(value, float) and not math.isfinite(value):
            raise bad
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        if value > high or value < low or (self.low_open and value == low):
            raise bad
        return value

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.kind, "allowed": self.allowed(), "default": self.default,
                "help": self.help}


def check_named(param: Param, value: str, names: Mapping[str, Any] | None, agent: str, game: str) -> str:
    """``value`` of the ``name`` parameter ``param`` where ``names`` is what game ``game``
    declares (its heuristics role's ``param.named_by``; None: nothing), or AgentError
    naming what that game accepts."""
    if value in param.choices or (names is not None and value in names):
        return value
    valid = "|".join([*param.choices, *sorted(names or ())])
    raise AgentError(f"agent {agent}: {param.name} must be one of {valid} in {game}, got {shown(value)}")


def check_values(params: tuple[Param, ...], agent: str, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` (a constructor's arguments; ``None``: not set) checked against ``params``."""
    by_name = {p.name: p for p in params}
    return {k: v if v is None else by_name[k].check(v, agent) for k, v in values.items()}
