"""Agents: ``choose(state, player, rng) -> action``.

An agent is handed a copy of the state it may look at freely: a determinized copy in
hidden-information games, so it cannot cheat even by accident. Its only randomness
is the RNG it is given."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.agent import Agent
from ..core.errors import AgentError
from ..core.game import Game
from ..core.roles import role_module
from .params import Param, check_named, shown

AgentFactory = Callable[..., Agent]
GameLike = Game[Any, Any] | type[Game[Any, Any]] | None
"""Whose levels to use: a game, its class, or None (the global table)."""

MAX_SPEC_LENGTH = 200
"""The longest agent spec read (a spec with every parameter set is far shorter)."""


@dataclass(frozen=True)
class AgentInfo:
    """A registered agent: its factory, its declared parameters and what it does."""

    name: str
    factory: AgentFactory
    params: tuple[Param, ...] = ()
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "help": self.help, "params": [p.to_json() for p in self.params]}


_AGENTS: dict[str, AgentInfo] = {}
_LEVELS: dict[str, str] = {}


def register_agent(name: str, factory: AgentFactory, params: tuple[Param, ...] = (), help: str = "") -> None:
    """Register ``factory`` as agent ``name``; ``params`` are the only keyword
    arguments a spec may give it, each read and checked through its declaration."""
    _AGENTS[name] = AgentInfo(name, factory, tuple(params), help)


def register_level(level: str, spec: str) -> None:
    """A named level for people (easy, medium, hard) standing for an agent spec."""
    _LEVELS[level] = spec


def agent_names() -> list[str]:
    return sorted(_AGENTS) + sorted(_LEVELS)


def agent_infos() -> list[AgentInfo]:
    """Every registered agent, by name."""
    return [_AGENTS[n] for n in sorted(_AGENTS)]


def levels(game: GameLike = None) -> dict[str, str]:
    """The levels for people and the spec each stands for: the global table, with
    the entries ``game`` (a ``Game`` or its class; None: no game) declares in its
    optional ``levels`` role module put in their place."""
    table = dict(_LEVELS)
    table.update(game_levels(game))
    return dict(sorted(table.items()))


def books(game: GameLike = None) -> dict[str, str]:
    """The books ``game`` offers the searches besides its own (``mcts:book=NAME``): the
    ``BOOKS`` mapping of its heuristics role, name -> what it plays ({} without one)."""
    if game is None:
        return {}
    cls = game if isinstance(game, type) else type(game)
    table = getattr(role_module(cls, "heuristics"), "BOOKS", None)
    if table is None:
        return {}
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in table.items()):
        raise TypeError(f"{cls.name}: its heuristics module's BOOKS must be a dict of book name -> what it plays")
    return dict(table)


def game_levels(game: GameLike = None) -> dict[str, str]:
    """The levels ``game`` (a ``Game`` or its class) gives specs of its own: the
    ``LEVELS`` mapping of its ``levels`` role module ({} without one). Each key must
    be a level of the global table and each value an agent spec (checked here, so a
    faulty table fails on first use, not in the middle of a game)."""
    if game is None:
        return {}
    cls = game if isinstance(game, type) else type(game)
    module = role_module(cls, "levels")
    if module is None:
        return {}
    table = getattr(module, "LEVELS", None)
    name = cls.name
    if not isinstance(table, dict):
        raise TypeError(f"{name}: its levels module must define LEVELS, a dict of level -> agent spec")
    for level, spec in table.items():
        if level not in _LEVELS or not isinstance(spec, str):
            raise TypeError(f"{name}: LEVELS[{level!r}] must name a level ({', '.join(_LEVELS)}) and give a spec")
        if spec.strip() in _LEVELS:
            raise TypeError(f"{name}: LEVELS[{level!r}] must be an agent spec, not another level")
        parse_spec(spec, cls)  # with the game: a book it does not declare is refused here
    return dict(table)


def parse_spec(spec: str, game: GameLike = None) -> tuple[AgentInfo, dict[str, Any]]:
    """The agent and the checked parameters of ``name`` or ``name:key=value:...``
    (or a level: ``game``'s own spec for it where it declares one, see ``levels``),
    or AgentError saying what is wrong and what is valid."""
    if not isinstance(spec, str):
        raise AgentError("an agent spec must be text such as mcts:iterations=400")
    if len(spec) > MAX_SPEC_LENGTH:
        raise AgentError(f"agent spec is too long ({len(spec)} characters; at most {MAX_SPEC_LENGTH})")
    text = spec.strip()
    if text in _LEVELS:
        text = levels(game)[text]
    name, *pairs = text.split(":")
    info = _AGENTS.get(name.strip())
    if info is None:
        raise AgentError(f"unknown agent {shown(name)}; available: {', '.join(agent_names())}")
    by_name = {p.name: p for p in info.params}
    kwargs: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise AgentError(f"agent parameter {shown(pair)} must look like key=value, e.g. mcts:iterations=400")
        param = by_name.get(key)
        if param is None:
            valid = ", ".join(by_name) if by_name else "none"
            raise AgentError(f"agent {info.name} has no parameter {shown(key)}; its parameters: {valid}")
        if key in kwargs:
            raise AgentError(f"agent {info.name}: parameter {key} is given twice")
        kwargs[key] = param.parse(value, info.name)
    if game is not None:
        _check_names(info, kwargs, game)
    return info, kwargs


def _check_names(info: AgentInfo, kwargs: dict[str, Any], game: Game[Any, Any] | type[Game[Any, Any]]) -> None:
    """The ``name`` parameters of ``kwargs`` checked against what ``game`` declares."""
    cls = game if isinstance(game, type) else type(game)
    for param in info.params:
        if param.kind == "name" and kwargs.get(param.name) is not None:
            names = getattr(role_module(cls, "heuristics"), param.named_by, None)
            check_named(param, kwargs[param.name], names, info.name, cls.name)


def resolved_spec(spec: str, game: GameLike = None) -> str:
    """The agent spec ``spec`` stands for: a level's spec (``game``'s own where its
    ``levels`` module gives one, see ``levels``), any other spec as given; AgentError if
    it is not a valid spec. Records store it beside the label, so a replay says what
    played after a game's levels change."""
    parse_spec(spec, game)
    text = spec.strip()
    return levels(game)[text] if text in _LEVELS else text


def clock_bound(spec: str, game: GameLike = None) -> list[str]:
    """The parameters (``key=value``) through which agent spec ``spec`` (a level: the
    spec ``game`` gives it) reads the wall clock, such as ``hard``'s ``seconds``; []
    when its choices follow from the seed alone. AgentError if it is not a valid spec."""
    info, kwargs = parse_spec(spec, game)
    return [f"{p.name}={kwargs[p.name]:g}" if isinstance(kwargs[p.name], float) else f"{p.name}={kwargs[p.name]}"
            for p in info.params if p.clock and kwargs.get(p.name)]


def clock_warning(specs: Sequence[str], game: GameLike = None) -> str | None:
    """One line saying which of ``specs`` stop by the wall clock, so that a seed does
    not reproduce their games (they depend on the machine and its load), with the
    remedy; None when every spec is reproducible."""
    bound = [(s.strip(), clock_bound(s, game)) for s in dict.fromkeys(specs)]
    named = [f"{s} ({', '.join(keys)})" if s in _LEVELS else s for s, keys in bound if keys]
    if not named:
        return None
    return (f"{' and '.join(named)} {'stops' if len(named) == 1 else 'stop'} searching by the wall clock: the results "
            "depend on this machine's load and the seed does not reproduce them; for a reproducible run give "
            "iterations alone, e.g. mcts:iterations=1000")


def make_agent(spec: str, game: GameLike = None) -> Agent:
    """Build an agent from ``name`` or ``name:key=value:key=value`` (or a level, as
    ``game`` defines it: a ``Game`` or its class; None: the global table); every
    value is checked against the agent's declared parameters. The agent keeps the spec
    as given (``spec``) and the one it stands for (``resolved_spec``), which
    ``play_match`` records."""
    info, kwargs = parse_spec(spec, game)
    agent = info.factory(**kwargs)
    text = spec.strip()
    try:  # what it was built from, for the records of the games it plays (core.match.play_match)
        agent.spec = text  # type: ignore[attr-defined]
        agent.resolved_spec = resolved_spec(text, game)  # type: ignore[attr-defined]
    except AttributeError:  # an agent class that takes no attributes is recorded by its name
        pass
    return agent
