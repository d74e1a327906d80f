"""The core contract: a :class:`Game` (definition plus options) and its :class:`State`.

A game package subclasses both. The base classes do the checking that every game
shares (whose turn it is, legality by membership in ``legal_actions``, outcome
validation, the JSON envelope, notation parsing with clear errors), so a game
implements only its own rules in the ``_``-prefixed hooks.
"""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from .chance import Outcomes, Roll, sample
from .data import DataFile, DataSource
from .encoding import ActionEncoding, layout_size, renderable_text
from .errors import IllegalActionError, NotationError, StateFormatError
from .events import Event
from .fields import freeze, key_fields
from .notation import Notation
from .options import OptionInfo, build_options, data_folders, option_schema, options_to_json, stored_options_json
from .roles import role_module
from .seats import SeatNames, default_seat_name

_ROLE_FUNCTIONS: dict[tuple[type, str, str], Any] = {}  # Game.role_function's finds, by game class, role and name

STATE_FORMAT = 1


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen dataclasses whose ``str()`` is the
    compact notation that ``Game.parse_action`` reads back."""


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    has_chance: bool
    hidden_information: bool
    simultaneous: bool
    options: tuple[OptionInfo, ...]
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    players: int = 2
    summary: str = ""
    max_length: int = 10_000
    """An upper bound on the steps of any game (the conformance suite checks it)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "players": self.players,
            "has_chance": self.has_chance,
            "hidden_information": self.hidden_information,
            "simultaneous": self.simultaneous,
            "options": [o.to_json() for o in self.options],
            "presets": {k: dict(v) for k, v in self.presets.items()},
        }


O = TypeVar("O")
S = TypeVar("S", bound="State[Any]")
A = TypeVar("A", bound="Action")


class Game(ABC, Generic[O, S]):
    """A game definition with its options fixed. Create through ``dicefront.load``."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""
    options_class: ClassVar[type]
    has_chance: ClassVar[bool] = True
    hidden_information: ClassVar[bool] = False
    simultaneous: ClassVar[bool] = False
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    max_length: ClassVar[int] = 10_000
    rules_file: ClassVar[Path | None] = None
    side_names: ClassVar[tuple[str, str] | None] = None  # a game whose sides have names (colours) sets them

    def __init__(self, *, data_files: Mapping[str, str] | None = None, local_files: bool = True, **options: Any) -> None:
        """``data_files`` gives the TOML text of designer data files by option name
        (their option then only names them); ``local_files`` allows options to name
        local paths (the CLI does, the server does not)."""
        folders = data_folders(self.options_class)
        self.data_source = DataSource(self.data_package(), folders, data_files, local_files=local_files)
        given = dict(options)
        for option in self.data_source.files:
            given.setdefault(option, "upload")
        self.options: O = build_options(self.options_class, given, self.name)
        self._check_options()
        self.data_source.check_all_used(given)

    @classmethod
    def data_package(cls) -> str:
        """The package whose data folders hold the shipped data files."""
        return cls.__module__

    def data_file(self, option: str, value: str) -> DataFile:
        """The data file that data-file option ``option`` names with ``value``."""
        return self.data_source.load(option, value)

    @property
    def data_files(self) -> dict[str, str]:
        """The text of every designer (not shipped) data file this game was built from,
        by option: with the options, enough to rebuild the game anywhere."""
        return dict(self.data_source.used)

    def _check_options(self) -> None:
        """Cross-option validation and data-file loading; raise OptionError."""

    @cached_property
    def spec(self) -> GameSpec:
        return GameSpec(
            name=self.name,
            title=self.title,
            summary=self.summary,
            has_chance=self.has_chance,
            hidden_information=self.hidden_information,
            simultaneous=self.simultaneous,
            options=option_schema(self.options_class, self.data_package()),
            presets=self.presets,
            max_length=self.length_bound(),
        )

    def length_bound(self) -> int:
        """An upper bound on the number of steps of any game with these options."""
        return self.max_length

    def warm(self) -> None:
        """Do now the work this game object would otherwise do lazily at its first move
        (tables built from a board file). The server calls it in a worker thread when a
        game is made, so that an uploaded board never blocks its event loop."""

    def options_json(self) -> dict[str, Any]:
        return options_to_json(self.options)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {self.options!r}>"

    # ----- states -------------------------------------------------------------
    @abstractmethod
    def new_state(self) -> S:
        """The position before anything has happened (possibly a chance node)."""

    def _state_from_payload(self, payload: dict[str, Any]) -> S:
        """Rebuild a state from ``State._payload()`` (the codec role's ``from_payload``);
        raise KeyError/TypeError/ValueError on corrupt data (the caller turns them into
        StateFormatError)."""
        return self.role_function("codec", "from_payload")(self, payload)

    def state_from_json(self, data: Any) -> S:
        """Rebuild the full state saved by ``State.to_json``."""
        if not isinstance(data, dict):
            raise StateFormatError("a saved position must be a JSON object")
        if data.get("game") != self.name:
            raise StateFormatError(f"this position is for game {data.get('game')!r}, not {self.name!r}")
        if data.get("format") != STATE_FORMAT:
            raise StateFormatError(f"unsupported position format {data.get('format')!r} (expected {STATE_FORMAT})")
        saved = data.get("options", self.options_json())
        if not isinstance(saved, dict):
            raise StateFormatError("the position's 'options' must be an object")
        if stored_options_json(type(self.options), saved) != self.options_json():  # a file older than an option: its legacy value
            raise StateFormatError("this position was saved with other game options")
        try:
            state = self._state_from_payload(data["state"])
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateFormatError(f"corrupt {self.name} position: {type(exc).__name__}: {exc}") from exc
        return state

    # ----- notation -----------------------------------------------------------
    @cached_property
    def notation(self) -> Notation:
        """The game's notation: ``NOTATION`` in its ``actions`` role module."""
        declared = getattr(role_module(type(self), "actions"), "NOTATION", None)
        if not isinstance(declared, Notation):
            raise TypeError(f"{self.name}: its actions module declares no NOTATION")
        return declared

    def parse_notation(self, text: str) -> Action:
        """Parse notation without looking at a position; raise NotationError if the
        text is not an action of this game at all."""
        action = self.notation.parse(text, self)
        if action is None:
            raise self.notation_error(text, self.notation.help())
        return action

    def parse_action(self, state: State[A], text: str, player: int) -> A:
        """The legal action of ``player`` written as ``text``.

        Raises NotationError for text that is not an action, IllegalActionError
        (saying why) for an action that is not legal now."""
        try:
            parsed = self.parse_notation(text)
        except NotationError as exc:
            raise exc.by(player) from None
        if parsed in state.legal_actions(player):
            return parsed  # mypy narrows it to A: it equals one of the legal actions
        raise IllegalActionError(parsed, player, state.why_illegal(parsed, player))

    def notation_error(self, text: str, expected: str) -> NotationError:
        """The error for ``text`` that is not an action of this game (``parse_action``
        adds the player who typed it)."""
        article = "an" if self.title[:1].lower() in "aeiou" else "a"
        return NotationError(text, None, f"not {article} {self.title} action; expected {expected}")

    # ----- role modules -----------------------------------------------------------
    def role_function(self, role: str, name: str, required: bool = True) -> Any:
        """Function ``name`` of the game's ``role`` module (``codec``, ``svg``...), or
        None when it is optional and missing. See docs/adding-a-game.md."""
        key = (type(self), role, name)
        try:
            fn = _ROLE_FUNCTIONS[key]
        except KeyError:  # looked up once per game class (the import and getattr cost ~1.7 us a call)
            fn = _ROLE_FUNCTIONS[key] = getattr(role_module(type(self), role), name, None)
        if fn is None and required:
            raise TypeError(f"{self.name}: its {role} module has no {name}()")
        return fn

    # ----- presentation ---------------------------------------------------------
    def rules_text(self) -> str:
        if self.rules_file is None or not self.rules_file.exists():
            return f"No rules document for {self.title}."
        return self.rules_file.read_text(encoding="utf-8")

    def player_name(self, player: int) -> str:
        """A seat's name in event texts, which stored records keep word for word (and
        replays compare): the side name, else "Player 0" / "Player 1" as recorded."""
        return self.side_names[player] if self.side_names else f"Player {player}"

    def seat_name(self, player: int) -> str:
        """A seat's name in what is shown now (status line, board, terminal, the
        server's banner): the side name, else the 1-based ``default_seat_name``."""
        return self.side_names[player] if self.side_names else default_seat_name(player)

    @cached_property
    def _seat_names(self) -> SeatNames:
        return SeatNames(self.player_name, self.seat_name)

    def shown_text(self, text: str) -> str:
        """An event text as people are shown it (logs, move lists, the dice box,
        ``dicefront replay``): the ``player_name``s it was made with ("Player 0",
        kept word for word in stored records) become ``seat_name``s ("Player 1")."""
        return self._seat_names(text)

    def render_text(self, state: State, player: int | None) -> Any:
        """A Rich renderable (or plain string) of ``player``'s view of the board: the
        render role's ``render_text(game, view)``."""
        fn = self.role_function("render", "render_text", required=False)
        return json.dumps(state.view(player), indent=1) if fn is None else fn(self, state.view(player))

    def render_svg(self, state: State, player: int | None, view: Any = None) -> str:
        """An SVG picture of ``player``'s view, drawn from that view only (the svg
        role's ``render_svg(game, view)``). Clickable board elements carry ``id``
        attributes; ``action_path`` names them. ``view``: ``state.view(player)``,
        when the caller has it already."""
        fn = self.role_function("svg", "render_svg", required=False)
        if fn is None:
            return (
                '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40">'
                f'<text x="8" y="24">{self.title}: no board picture</text></svg>'
            )
        view = state.view(player) if view is None else view
        static = self.svg_static(player)
        return fn(self, view) if static is None else fn(self, view, static)

    def svg_static(self, player: int | None) -> Any:
        """The part of ``player``'s board picture that never changes in this game (the
        grid, terrain, labels), drawn once per game and viewer by the svg role's optional
        ``static_svg(game, viewer)`` and passed to its ``render_svg(game, view, static)``,
        which then draws only what moves. None when the game has no such function."""
        fn = self.role_function("svg", "static_svg", required=False)
        if fn is None:
            return None
        cache: dict[int | None, Any] = self.__dict__.setdefault("_svg_static", {})
        if player not in cache:
            cache[player] = fn(self, player)
        return cache[player]

    def action_path(self, state: State, action: Action) -> list[str]:
        """The SVG element ids a person clicks, in order, to make ``action`` (for
        example the piece, then the square); empty: the action is a button. The svg
        role's ``action_path(state, action)``."""
        fn = self.role_function("svg", "action_path", required=False)
        return [] if fn is None else list(fn(state, action))

    def outcome_label(self, before: State, after: State, events: list[Event], player: int) -> str:
        """A short label for what an action and its dice led to, up to the next
        decision ("attacker wins", "tie", "3 damage", "saved"), used to group exact
        odds. Same label, same result for the asking ``player``. The heuristics
        role's ``outcome_label`` (None from it: this generic label, made of event texts
        with seats named as shown, ``shown_text``). A role that builds its label from
        event texts passes them through ``shown_text`` itself."""
        fn = self.role_function("heuristics", "outcome_label", required=False)
        label = None if fn is None else fn(before, after, events, player)
        if label is not None:
            return str(label)
        texts = [self.shown_text(e.text) for e in events if e.kind not in ("roll", "turn") and e.visible_to(player)]
        return "; ".join(texts) or "no change"

    # ----- integer actions and tensors for research (core/encoding.py) --------------
    @cached_property
    def action_encoding(self) -> ActionEncoding:
        """The integer action space of these options (the encoding role adjusts it)."""
        return ActionEncoding(self, role_module(type(self), "encoding"))

    @cached_property
    def num_distinct_actions(self) -> int:
        """The number of action ids: fixed for the options, whatever the state."""
        return self.action_encoding.size

    def action_id(self, state: State[Any], action: Action) -> int:
        """The id (``0 <= id < num_distinct_actions``) of ``action`` in ``state``."""
        return self.action_encoding.encode(state, action)

    def action_from_id(self, state: State[A], action_id: int) -> A:
        """The legal action of ``state`` with this id; ActionIdError for an id that is
        not an integer, out of range, or names no legal action here."""
        action: A = self.action_encoding.decode(state, action_id)  # type: ignore[assignment]
        return action

    def legal_action_ids(self, state: State[Any], player: int) -> list[int]:
        """The ids of ``player``'s legal actions, ascending (one per action)."""
        return self.action_encoding.legal_ids(state, player)

    @cached_property
    def max_chance_outcomes(self) -> int:
        """An upper bound on ``len(state.chance_outcomes())`` for these options (a
        chance outcome's id is its index in that list): the encoding role's
        ``max_chance_outcomes(game)``; 0 for a game without chance."""
        if not self.has_chance:
            return 0
        return int(self.role_function("encoding", "max_chance_outcomes")(self))

    @cached_property
    def observation_layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named feature groups of an observation, in order, with their shapes."""
        layout = self.role_function("encoding", "observation_layout")(self)
        return [(str(name), tuple(int(n) for n in shape)) for name, shape in layout]

    @cached_property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of ``observation_tensor`` (flat: one dimension)."""
        return (layout_size(self.observation_layout),)

    def observation_tensor(self, state: State[Any], player: int) -> list[float]:
        """``player``'s observation: floats in small ranges, built from
        ``state.view(player)`` only (the same view gives the same tensor)."""
        values: list[float] = self.role_function("encoding", "observation")(self, state.view(player))
        return values

    def observation_text(self, state: State[Any], player: int) -> str:
        """``player``'s view as plain text (the render role's board)."""
        return renderable_text(self.render_text(state, player))

    # ----- knowledge for computer players ------------------------------------------
    def evaluate(self, state: State, player: int) -> float:
        """A heuristic value of ``state`` for ``player`` in [-1, 1] (1: winning): the
        heuristics role's ``evaluate(state, player)``. Terminal states return
        ``state.returns()[player]``. Searches call this on determinized states, so it
        must only read what ``player`` may know."""
        if state.is_terminal:
            return state.returns()[player]
        fn = self.role_function("heuristics", "evaluate", required=False)
        return 0.0 if fn is None else float(fn(state, player))


class State(ABC, Generic[A]):
    """A position. Mutable: ``apply`` changes it in place; ``clone`` is cheap.

    A game's state class lists its fields once, in ``__slots__`` (``game`` included):
    no per-instance dict, and :meth:`key` is built from them."""

    __slots__ = ()
    game: Game[Any, Any]

    # ----- what the contract reads ---------------------------------------------
    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Players who may act now: () at chance or terminal nodes."""

    @property
    def is_chance(self) -> bool:
        return False

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> tuple[float, float]:
        """(1, -1), (-1, 1) or (0, 0) at the end; (0, 0) before it."""

    def chance_outcomes(self) -> Outcomes:
        """Every outcome with its exact probability; empty when not a chance node."""
        return []

    @abstractmethod
    def legal_actions(self, player: int) -> list[A]:
        """Deterministic order; empty for a player who may not act now."""

    def why_illegal(self, action: Action, player: int) -> str:
        """A reason ``action`` is not legal for ``player`` (override for detail)."""
        if self.is_terminal:
            return "the game is over"
        if player not in self.actors:
            return f"it is not {self.game.seat_name(player)}'s turn"
        return "not a legal action in this position"

    # ----- changing the state ---------------------------------------------------
    def apply(self, action: A, player: int) -> list[Event]:
        """Apply a player's action after checking it; the state is unchanged on error."""
        if self.is_terminal:
            raise IllegalActionError(action, player, "the game is over")
        if player not in self.actors:
            now = "chance" if self.is_chance else ", ".join(self.game.seat_name(p) for p in self.actors)
            raise IllegalActionError(action, player, f"it is not {self.game.seat_name(player)}'s turn (to act: {now})")
        if action not in self.legal_actions(player):
            raise IllegalActionError(action, player, self.why_illegal(action, player))
        return self._apply(action, player)

    def apply_chance(self, outcome: Roll) -> list[Event]:
        """Apply a chance outcome after checking it is one of ``chance_outcomes()``."""
        if not self.is_chance:
            raise IllegalActionError(outcome, None, "this is not a chance node")
        outcomes = self.chance_outcomes()
        if not any(o is outcome for o, _ in outcomes) and all(outcome != o for o, _ in outcomes):
            raise IllegalActionError(outcome, None, "not a possible outcome here")
        return self._apply_chance(outcome)

    def push(self, action: A, player: int) -> list[Event]:
        """Apply an action the caller KNOWS is legal for ``player`` (one taken from
        ``legal_actions(player)`` of this very state), without checking it: the fast
        path for search, as python-chess's ``push`` beside ``push_san``. Anything else
        may corrupt the state; input from people goes through :meth:`apply`."""
        return self._apply(action, player)

    def push_chance(self, outcome: Roll) -> list[Event]:
        """Apply one of ``chance_outcomes()`` without checking it (see :meth:`push`)."""
        return self._apply_chance(outcome)

    @abstractmethod
    def _apply(self, action: A, player: int) -> list[Event]:
        """Apply a known-legal action (the game's rules; reached through apply/push)."""

    def _apply_chance(self, outcome: Roll) -> list[Event]:
        raise IllegalActionError(outcome, None, "this game has no chance nodes")

    @abstractmethod
    def clone(self: S) -> S: ...

    # ----- information ------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-safe: exactly what ``player`` (None: a spectator) may know."""
        return {
            "game": self.game.name,
            "viewer": player,
            "actors": list(self.actors),
            "chance": self.is_chance,
            "terminal": self.is_terminal,
            "returns": list(self.returns()),
            "status": self.status_text(),
            **self._view(player),
        }

    def _view(self, player: int | None) -> dict[str, Any]:
        """The game's part of the view: the codec role's ``view(state, player)``."""
        return self.game.role_function("codec", "view")(self, player)

    def determinize(self: S, player: int, rng: random.Random) -> S:
        """A state consistent with ``player``'s view, other secrets re-sampled (the
        codec role's ``determinize(state, player, rng)``; without one, a clone)."""
        fn = self.game.role_function("codec", "determinize", required=False)
        return self.clone() if fn is None else fn(self, player, rng)

    def status_text(self) -> str:
        """One line for people: whose turn, what is being decided."""
        if self.is_terminal:
            r = self.returns()
            if r[0] > r[1]:
                return f"{self.game.seat_name(0)} wins"
            if r[1] > r[0]:
                return f"{self.game.seat_name(1)} wins"
            return "Draw"
        if self.is_chance:
            return "Dice are rolled"
        return ", ".join(self.game.seat_name(p) for p in self.actors) + " to act"

    # ----- persistence ------------------------------------------------------------
    def _payload(self) -> dict[str, Any]:
        """JSON-safe full state, secrets included: the codec role's ``payload(state)``."""
        return self.game.role_function("codec", "payload")(self)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "format": STATE_FORMAT,
            "options": self.game.options_json(),
            "state": self._payload(),
        }

    def key(self) -> Hashable:
        """A cheap hashable identity of the full state (secrets included): equal keys,
        equal states. For transposition tables, odds memos and digests inside one
        process; it is not stable across versions (files use ``to_json``). The
        default freezes the fields named in the class's ``__slots__``."""
        return (type(self).__name__, *(freeze(getattr(self, name, None)) for name in key_fields(type(self))))

    def same_as(self, other: State) -> bool:
        return type(self) is type(other) and self.key() == other.key()

    def probability_check(self) -> Fraction:
        return sum((p for _, p in self.chance_outcomes()), Fraction(0))


def winner_returns(winner: int | None) -> tuple[float, float]:
    """Zero-sum returns for a winning seat (None: a draw, or not over yet)."""
    if winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


def random_steps(state: State[Any], count: int, rng: random.Random, checked: bool = False) -> int:
    """Play up to ``count`` random steps on ``state`` (in place) and return how many were
    played (fewer once the game ends). A chance node draws an outcome by its odds
    (:func:`~dicefront.core.chance.sample`); otherwise the first of ``actors`` (at a
    simultaneous node the other acts on a later step) plays a uniformly random legal
    action, the draw ``rng.choice(legal_actions)`` would make. Unchecked ``push`` /
    ``push_chance`` by default; ``checked``: the checked ``apply`` / ``apply_chance``
    (the same draws, so the same game)."""
    played = 0
    while played < count and not state.is_terminal:
        if state.is_chance:
            outcome = sample(state.chance_outcomes(), rng)
            if checked:
                state.apply_chance(outcome)
            else:
                state.push_chance(outcome)
        else:
            player = state.actors[0]
            actions = state.legal_actions(player)
            action = actions[rng.randrange(len(actions))]
            if checked:
                state.apply(action, player)
            else:
                state.push(action, player)
        played += 1
    return played


def random_step(state: State[Any], rng: random.Random, checked: bool = False) -> bool:
    """One random step on ``state`` (see :func:`random_steps`); False if the game is over."""
    return random_steps(state, 1, rng, checked) == 1


class PhaseState(State[A]):
    """The common shape of an alternating game: a ``phase`` name, one ``player`` to act
    outside chance phases, and a ``winner`` once the phase is ``OVER``. Subclasses set
    ``CHANCE_PHASES`` and keep those three attributes up to date."""

    __slots__ = ()
    CHANCE_PHASES: ClassVar[frozenset[str]] = frozenset()
    OVER: ClassVar[str] = "over"
    phase: str
    player: int
    winner: int | None

    @property
    def actors(self) -> tuple[int, ...]:
        if self.phase in self.CHANCE_PHASES or self.phase == self.OVER:
            return ()
        return (self.player,)

    @property
    def is_chance(self) -> bool:
        return self.phase in self.CHANCE_PHASES

    @property
    def is_terminal(self) -> bool:
        return self.phase == self.OVER

    def returns(self) -> tuple[float, float]:
        return winner_returns(self.winner)
