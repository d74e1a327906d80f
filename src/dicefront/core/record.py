"""Match records: the JSON replay file.

A record holds the game, options, seed, every action and chance outcome with its
player, the events, the result and a format version. :func:`rerun` replays it to
the identical final state, checking the stored digest."""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .chance import Roll
from .errors import DicefrontError, ReplayError
from .events import Event
from .files import NotJsonNumber, read_bounded, refuse_constant
from .game import Game, State
from .notation import MAX_NOTATION_CHARS

RECORD_FORMAT = 1


def state_digest(state: State, named: Mapping[str, Any] | None = None) -> str:
    """A hash of the full state, identical for identical states on any machine.
    ``named``: the options a record names; options it does not name (added to the game
    after it was recorded, read under their legacy values) are left out of the hash, so
    the digest it stored still matches."""
    data = state.to_json()
    if named is not None and isinstance(data.get("options"), dict):
        data = dict(data, options={k: v for k, v in data["options"].items() if k in named})
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Step:
    """One step: a player's action (notation) or a chance outcome (``player`` None)."""

    player: int | None
    action: str | None = None
    outcome: Roll | None = None
    events: list[Event] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player}
        if self.outcome is not None:
            out["outcome"] = self.outcome.to_json()
        else:
            out["action"] = self.action
        out["events"] = [e.to_json() for e in self.events]
        return out

    @classmethod
    def from_json(cls, data: Any, index: int) -> Step:
        """Read step ``index`` of a replay file; ReplayError naming the field if it is malformed."""
        return read_step(data, index)


@dataclass
class MatchRecord:
    game: str
    options: dict[str, Any]
    seed: int | str | None
    agents: list[str]
    steps: list[Step] = field(default_factory=list)
    returns: tuple[float, float] = (0.0, 0.0)
    finished: bool = False
    truncated: bool = False
    final_digest: str = ""
    initial_state: dict[str, Any] | None = None
    """Set when the match started from a saved position instead of a new game."""
    data_files: dict[str, str] = field(default_factory=dict)
    """The TOML text of designer data files by option (``Game.data_files``), so the
    replay re-runs where those files are not."""
    agent_specs: list[str | None] | None = None
    """Per seat, the agent spec its ``agents`` label stood for when the game was played
    (a level such as ``medium`` resolved to the game's spec for it then; None for a
    person). None: not recorded (replays written before this field)."""

    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def winner(self) -> int | None:
        if self.returns[0] > self.returns[1]:
            return 0
        if self.returns[1] > self.returns[0]:
            return 1
        return None

    def add_action(self, player: int, action: object, events: list[Event]) -> None:
        self.steps.append(Step(player, action=str(action), events=list(events)))

    def add_chance(self, outcome: Roll, events: list[Event]) -> None:
        self.steps.append(Step(None, outcome=outcome, events=list(events)))

    def finish(self, state: State, truncated: bool = False) -> None:
        self.returns = state.returns()
        self.finished = state.is_terminal
        self.truncated = truncated
        self.final_digest = state_digest(state)

    # ----- JSON -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "kind": "dicefront-replay",
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "agents": self.agents,
            "length": self.length,
            "finished": self.finished,
            "truncated": self.truncated,
            "returns": list(self.returns),
            "winner": self.winner,
            "final_digest": self.final_digest,
            "steps": [s.to_json() for s in self.steps],
        }
        if self.initial_state is not None:
            out["initial_state"] = self.initial_state
        if self.data_files:
            out["data_files"] = dict(self.data_files)
        if self.agent_specs is not None:
            out["agent_specs"] = list(self.agent_specs)
        return out

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Read a replay (parsed JSON); ReplayError naming the first malformed field."""
        return read_record(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1, allow_nan=False) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        """Read a replay file: a regular UTF-8 JSON file of at most MAX_REPLAY_BYTES."""
        return read_record(parse_json(read_text(path), str(path)))


def _data_files(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise ReplayError("'data_files' must map option names to TOML text")
    return dict(value)


def _start(record: MatchRecord) -> tuple[Game[Any, Any], State]:
    from .registry import build

    try:
        game = build(record.game, record.options, data_files=record.data_files or None, stored=True)
    except DicefrontError as exc:
        raise ReplayError(f"replay names a game that cannot be loaded: {exc}") from exc
    bound = game.spec.max_length
    if record.length > bound:
        raise ReplayError(f"the replay has {record.length} steps; no {game.title} game is longer than {bound}")
    if record.initial_state is None:
        return game, game.new_state()
    try:
        return game, game.state_from_json(record.initial_state)
    except DicefrontError as exc:
        raise ReplayError(f"'initial_state' is not a valid position: {exc}") from exc


def replay_states(record: MatchRecord) -> Iterator[tuple[int, State, Step | None]]:
    """Yield (index, state before step, step as re-run); finally (length, final state,
    None). The step yielded is the one the rules produced: its action in canonical
    notation and the events the rules emitted (never the file's text). Each state is a
    fresh copy. Raises ReplayError at the first step that does not apply."""
    game, state = _start(record)
    for i, step in enumerate(record.steps):
        before = state.clone()
        try:
            done = _apply_step(game, state, step)
        except DicefrontError as exc:
            raise ReplayError(f"step {i} does not replay: {exc}") from exc
        yield i, before, done
    yield len(record.steps), state, None


def _apply_step(game: Game[Any, Any], state: State, step: Step) -> Step:
    if step.player is None:
        if step.outcome is None:
            raise ReplayError("a chance step needs an 'outcome'")
        return Step(None, outcome=step.outcome, events=state.apply_chance(step.outcome))
    if step.action is None:
        raise ReplayError("a player step needs an 'action'")
    if step.player not in state.actors:
        raise ReplayError(f"player {step.player} may not act now")
    action = game.parse_action(state, step.action, step.player)
    return Step(step.player, action=str(action), events=state.apply(action, step.player))


def verify(record: MatchRecord, final: State) -> None:
    """Raise ReplayError if the re-run final state differs from what the record says."""
    if record.final_digest and state_digest(final, record.options) != record.final_digest:
        raise ReplayError("the replay re-ran to a different final state than the one recorded (digest mismatch)")
    if tuple(final.returns()) != tuple(record.returns):
        raise ReplayError(f"the replay re-ran to returns {list(final.returns())}, but it records {list(record.returns)}")
    if final.is_terminal != record.finished:
        raise ReplayError("the replay's 'finished' flag does not match the re-run game")


def rerun(record: MatchRecord) -> State:
    """Replay every step and check the final state and result match the record."""
    final: State | None = None
    for _, state, step in replay_states(record):
        if step is None:
            final = state
    if final is None:  # replay_states always ends with the final state
        raise ReplayError("the replay produced no final state")
    verify(record, final)
    return final


# ----- reading replay files (hostile input) ------------------------------------------
MAX_REPLAY_BYTES = 50 * 1024 * 1024
"""Larger files are refused before they are read."""
MAX_DEPTH = 40
"""Deeper JSON nesting is refused (no replay field needs more than a dozen levels)."""
MAX_NAME = 200
MAX_EVENT_TEXT = 2000
MAX_FACES = 64
_SCALARS = (str, int, float, bool, type(None))


def _shown(path: str | Path) -> str:
    text = str(path)
    return text if text.isprintable() and len(text) <= MAX_NAME else repr(text[:MAX_NAME])


def read_text(path: str | Path) -> str:
    """The text of a replay file: a regular file of at most MAX_REPLAY_BYTES, UTF-8."""
    where = _shown(path)
    raw = read_bounded(path, MAX_REPLAY_BYTES, ReplayError, f"replay {where}")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{where} is not a replay: not UTF-8 text (byte {exc.start})") from exc


def parse_json(text: str, where: str) -> Any:
    """Parse JSON text of a replay; ReplayError (one line) if it is not plain, shallow JSON."""
    where = _shown(where)
    try:
        data = json.loads(text, parse_constant=refuse_constant)
    except RecursionError as exc:
        raise ReplayError(f"{where} is not a replay: JSON nested too deeply") from exc
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{where} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from exc
    except NotJsonNumber as exc:
        raise ReplayError(f"{where} is not valid JSON: {exc}") from exc
    except ValueError as exc:  # an integer literal with thousands of digits
        raise ReplayError(f"{where} is not a replay: a number with too many digits") from exc
    _check_depth(data, where)
    return data


def _check_depth(data: Any, where: str) -> None:
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ReplayError(f"{where} is not a replay: JSON nested deeper than {MAX_DEPTH} levels")
        if isinstance(node, dict):
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, list):
            stack.extend((v, depth + 1) for v in node)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    return {dict: "an object", list: "a list", str: "text", int: "a number", float: "a number"}.get(type(value), "a value")


def _text(value: Any, where: str, limit: int = MAX_NAME) -> str:
    if not isinstance(value, str):
        raise ReplayError(f"{where} must be text, got {_kind(value)}")
    if len(value) > limit:
        raise ReplayError(f"{where} is longer than {limit} characters")
    if not value.isprintable():
        raise ReplayError(f"{where} contains control characters")
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise ReplayError(f"'{key}' must be true or false, got {_kind(value)}")
    return value


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or abs(value) > 1e9:
        raise ReplayError(f"{where} must be a finite number, got {_kind(value)}")
    return float(value)


def _player(value: Any, where: str) -> int | None:
    if value is None or (type(value) is int and value in (0, 1)):
        return value
    shown = value if type(value) is int else _kind(value)
    raise ReplayError(f"{where}: bad player {shown} (must be 0, 1 or null)")


def _event(data: Any, where: str) -> Event:
    if not isinstance(data, dict):
        raise ReplayError(f"{where} must be an object, got {_kind(data)}")
    details = data.get("data", {})
    if not isinstance(details, dict):
        raise ReplayError(f"{where}: 'data' must be an object, got {_kind(details)}")
    audience = data.get("audience")
    if audience is not None:
        if not isinstance(audience, list) or len(audience) > 2:
            raise ReplayError(f"{where}: 'audience' must be a list of seats, got {_kind(audience)}")
        audience = tuple(_player(p, f"{where}: 'audience'") for p in audience)
        if None in audience:
            raise ReplayError(f"{where}: 'audience' must list seats 0 and/or 1")
    dice = data.get("dice", [])
    if not isinstance(dice, list) or len(dice) > 64 or not all(type(d) is int and 0 <= d <= 1000 for d in dice):
        raise ReplayError(f"{where}: 'dice' must be a short list of die faces")
    return Event(_text(data.get("kind"), f"{where}: 'kind'", 64), _text(data.get("text"), f"{where}: 'text'", MAX_EVENT_TEXT),
                 details, audience, tuple(dice))


def _outcome(value: Any, where: str) -> Roll:
    if not isinstance(value, list) or not 0 < len(value) <= MAX_FACES:
        raise ReplayError(f"{where} must be a list of 1 to {MAX_FACES} faces, got {_kind(value)}")
    for face in value:
        if isinstance(face, str):
            _text(face, f"{where}: a face", 64)
        elif type(face) is not int or abs(face) > 10**9:
            raise ReplayError(f"{where}: a face must be a small whole number or text, got {_kind(face)}")
    return Roll(tuple(value))


def read_step(data: Any, index: int) -> Step:
    """Step ``index`` of a replay file, every field checked."""
    where = f"step {index}"
    if not isinstance(data, dict):
        raise ReplayError(f"{where} must be an object, got {_kind(data)}")
    player = _player(data.get("player"), where)
    events = data.get("events", [])
    if not isinstance(events, list):
        raise ReplayError(f"{where}: 'events' must be a list, got {_kind(events)}")
    evs = [_event(e, f"{where}: event {j}") for j, e in enumerate(events)]
    if player is None:
        if "outcome" not in data:
            raise ReplayError(f"{where}: a chance step needs an 'outcome'")
        return Step(None, outcome=_outcome(data["outcome"], f"{where}: 'outcome'"), events=evs)
    if not isinstance(data.get("action"), str):
        raise ReplayError(f"{where}: a player step needs an 'action' in notation, got {_kind(data.get('action'))}")
    return Step(player, action=_text(data["action"], f"{where}: 'action'", MAX_NOTATION_CHARS), events=evs)


def _options(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ReplayError(f"'options' must be an object, got {_kind(value)}")
    for key, item in value.items():
        _text(key, "an option name")
        if not isinstance(item, _SCALARS):
            raise ReplayError(f"option {key!r} must be text, a number or true/false, got {_kind(item)}")
        if isinstance(item, str):
            _text(item, f"option {key!r}", 4096)
    return dict(value)


def _seed(value: Any) -> int | str | None:
    if value is None or isinstance(value, str):
        return None if value is None else _text(value, "'seed'")
    if type(value) is not int or abs(value) > 2**128:
        raise ReplayError(f"'seed' must be a whole number, text or null, got {_kind(value)}")
    return value


def _returns(value: Any) -> tuple[float, float]:
    if not isinstance(value, list) or len(value) != 2:
        raise ReplayError(f"'returns' must be a list of two numbers, got {_kind(value)}")
    return _number(value[0], "'returns'"), _number(value[1], "'returns'")


def _header(data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("kind") != "dicefront-replay":
        raise ReplayError("not a Dicefront replay file (no 'kind': 'dicefront-replay')")
    fmt = data.get("format")
    if type(fmt) is not int or fmt != RECORD_FORMAT:
        shown = fmt if type(fmt) is int else _kind(fmt)
        raise ReplayError(f"unsupported replay format {shown} (this version reads {RECORD_FORMAT})")
    return data


def read_record(data: Any) -> MatchRecord:
    """A MatchRecord from parsed replay JSON, every field checked; ReplayError naming
    the first malformed one."""
    data = _header(data)
    steps = data.get("steps")
    if not isinstance(steps, list):
        raise ReplayError(f"'steps' must be a list, got {_kind(steps)}")
    agents = data.get("agents", [])
    if not isinstance(agents, list) or len(agents) > 2:
        raise ReplayError(f"'agents' must be a list of two names, got {_kind(agents)}")
    digest = _text(data.get("final_digest", ""), "'final_digest'", 64)
    if digest and not all(c in "0123456789abcdef" for c in digest):
        raise ReplayError("'final_digest' must be a SHA-256 digest in hex")
    initial = data.get("initial_state")
    if initial is not None and not isinstance(initial, dict):
        raise ReplayError(f"'initial_state' must be an object, got {_kind(initial)}")
    record = MatchRecord(
        game=_text(data.get("game"), "'game'"),
        options=_options(data.get("options", {})),
        seed=_seed(data.get("seed")),
        agents=[_text(a, "'agents'") for a in agents],
        steps=[read_step(s, i) for i, s in enumerate(steps)],
        returns=_returns(data.get("returns", [0.0, 0.0])),
        finished=_flag(data, "finished"),
        truncated=_flag(data, "truncated"),
        final_digest=digest,
        initial_state=initial,
        data_files=_data_files(data.get("data_files", {})),
        agent_specs=_agent_specs(data.get("agent_specs"), len(agents)),
    )
    _check_summary(data, record)
    return record


def _agent_specs(value: Any, seats: int) -> list[str | None] | None:
    """The optional 'agent_specs': one spec (or null, a person) per name in 'agents'."""
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != seats:
        raise ReplayError(f"'agent_specs' must be a list of {seats} agent specs or nulls (one per name in 'agents'), got {_kind(value)}")
    return [None if v is None else _text(v, "'agent_specs'") for v in value]


def _check_summary(data: dict[str, Any], record: MatchRecord) -> None:
    """The convenience fields ('length', 'winner') must agree with the record."""
    length = data.get("length", record.length)
    if type(length) is not int or length != record.length:
        said = length if type(length) is int else _kind(length)
        raise ReplayError(f"'length' says {said} steps, but the replay has {record.length}")
    winner = data.get("winner", record.winner)
    if not (winner is None or type(winner) is int) or winner != record.winner:
        raise ReplayError("'winner' does not match 'returns'")
