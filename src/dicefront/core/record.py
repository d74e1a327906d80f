"""Match records: the JSON replay file.

A record holds the game, options, seed, every action and chance outcome with its
player, the events, the result and a format version. :func:`rerun` replays it to
the identical final state, checking the stored digest."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .chance import Roll
from .errors import DicefrontError, ReplayError
from .events import Event
from .game import Game, State

RECORD_FORMAT = 1


def state_digest(state: State) -> str:
    """A hash of the full state, identical for identical states on any machine."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
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
        if not isinstance(data, dict):
            raise ReplayError(f"step {index}: expected an object")
        player = data.get("player")
        if player is not None and player not in (0, 1):
            raise ReplayError(f"step {index}: bad player {player!r}")
        events = [Event.from_json(e) for e in data.get("events", [])]
        if player is None:
            if "outcome" not in data:
                raise ReplayError(f"step {index}: a chance step needs an 'outcome'")
            return cls(None, outcome=Roll.from_json(data["outcome"]), events=events)
        action = data.get("action")
        if not isinstance(action, str):
            raise ReplayError(f"step {index}: a player step needs an 'action' in notation")
        return cls(int(player), action=action, events=events)


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
        return out

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        if not isinstance(data, dict) or data.get("kind") != "dicefront-replay":
            raise ReplayError("not a Dicefront replay file (no 'kind': 'dicefront-replay')")
        if data.get("format") != RECORD_FORMAT:
            raise ReplayError(f"unsupported replay format {data.get('format')!r} (this version reads {RECORD_FORMAT})")
        try:
            steps = data["steps"]
            if not isinstance(steps, list):
                raise ReplayError("'steps' must be a list")
            returns = data.get("returns", [0.0, 0.0])
            return cls(
                game=str(data["game"]),
                options=dict(data.get("options", {})),
                seed=data.get("seed"),
                agents=[str(a) for a in data.get("agents", [])],
                steps=[Step.from_json(s, i) for i, s in enumerate(steps)],
                returns=(float(returns[0]), float(returns[1])),
                finished=bool(data.get("finished", False)),
                truncated=bool(data.get("truncated", False)),
                final_digest=str(data.get("final_digest", "")),
                initial_state=data.get("initial_state"),
            )
        except ReplayError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ReplayError(f"corrupt replay file: {type(exc).__name__}: {exc}") from exc

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> MatchRecord:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ReplayError(f"cannot read replay {path}: {exc.strerror}") from exc
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(f"{path} is not valid JSON: {exc}") from exc
        return cls.from_json(data)


def _start(record: MatchRecord) -> tuple[Game[Any, Any], State]:
    from .registry import load

    try:
        game = load(record.game, **record.options)
    except DicefrontError as exc:
        raise ReplayError(f"replay names a game that cannot be loaded: {exc}") from exc
    if record.initial_state is not None:
        return game, game.state_from_json(record.initial_state)
    return game, game.new_state()


def replay_states(record: MatchRecord) -> Iterator[tuple[int, State, Step | None]]:
    """Yield (index, state before step, step); finally (length, final state, None).
    Each state is a fresh copy. Raises ReplayError at the first step that does not
    apply."""
    game, state = _start(record)
    for i, step in enumerate(record.steps):
        yield i, state.clone(), step
        try:
            if step.player is None:
                assert step.outcome is not None
                state.apply_chance(step.outcome)
            else:
                assert step.action is not None
                action = game.parse_action(state, step.action, step.player)
                state.apply(action, step.player)
        except DicefrontError as exc:
            raise ReplayError(f"step {i} does not replay: {exc}") from exc
    yield len(record.steps), state, None


def rerun(record: MatchRecord) -> State:
    """Replay every step and check the final state matches the stored digest."""
    final: State | None = None
    for _, state, step in replay_states(record):
        if step is None:
            final = state
    assert final is not None
    if record.final_digest and state_digest(final) != record.final_digest:
        raise ReplayError("the replay re-ran to a different final state than the one recorded (digest mismatch)")
    return final
