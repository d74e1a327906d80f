"""`dicefront replay`: step through a saved game, check it, export a position."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.rule import Rule
from rich.text import Text

from dicefront.core import DicefrontError, Game, MatchRecord, ReplayError, State, replay_states
from dicefront.core.record import Step, verify

from ._common import SEAT_HELP, console, err_console, parse_seat, print_json


def _fail(message: str) -> NoReturn:
    """One line on stderr, never read as Rich markup (the text may come from the file)."""
    err_console.print(Text.assemble(("error:", "bold red"), " ", message), soft_wrap=True)
    raise typer.Exit(2)


def _step_line(game: Game[Any, Any], index: int, step: Step, seat: int | None) -> Text:
    """One step: its number, who made it (seats counted from 1, as shown), what, and
    the events the viewer may see in the words people are shown (``Game.shown_text``)."""
    who = "dice" if step.player is None else f"P{step.player + 1}"
    what = str(step.outcome) if step.player is None else step.action
    line = Text.assemble((f"{index + 1:>4} ", "dim"), (f"{who:<5}", "cyan"), (f"{what}", "bold"))
    texts = [game.shown_text(e.text) for e in step.events if e.visible_to(seat)]
    if texts:
        line.append("   " + " | ".join(texts), style="yellow" if step.player is None else "")
    return line


@dataclass
class _Run:
    """A checked re-run: the steps as the rules replayed them, the position shown
    (after ``shown`` steps) and, for --step, every position up to it."""

    game: Game[Any, Any]
    steps: list[Step]
    shown: State
    states: list[State]


def _rerun(record: MatchRecord, at: int | None, keep_all: bool) -> _Run:
    """Re-run the whole record (a tampered replay fails whatever ``at`` is)."""
    if at is not None and at > record.length:
        raise ReplayError(f"--at {at}: this game has {record.length} steps (use 0 to {record.length})")
    stop = record.length if at is None else at
    states: list[State] = []
    steps: list[Step] = []
    shown: State | None = None
    final: State | None = None
    for i, state, st in replay_states(record):
        if i <= stop and keep_all:
            states.append(state)
        if i == stop:
            shown = state
        if st is None:
            final = state
        elif i < stop:
            steps.append(st)
    if shown is None or final is None:  # replay_states always yields every index up to the length
        raise ReplayError("the replay ended early")
    verify(record, final)
    return _Run(shown.game, steps, shown, states)


def replay(
    file: Path = typer.Argument(..., help="A replay file saved by `dicefront play` or `dicefront match --save`."),
    at: int = typer.Option(None, "--at", min=0, help="Stop after this many steps (0: the start)."),
    export: Path = typer.Option(None, "--export", help="With --at: write the position at that step to this file (for `dicefront odds` or `play --position`)."),
    seat_text: str = typer.Option(None, "--seat", help=f"Show only what this seat could see: {SEAT_HELP} (default: everything)."),
    step: bool = typer.Option(False, "--step", help="Step through interactively: Enter for the next step, b back, q quit."),
    as_json: bool = typer.Option(False, "--json", help="Print a summary as JSON."),
) -> None:
    """Re-run a saved game step by step and check it reaches the recorded final state.

    A replay that does not re-run, or re-runs to another final state or result, is an
    error (exit code 2), whatever --at says."""
    try:
        record = MatchRecord.load(file)
        run = _rerun(record, at, keep_all=step)
        seat = None if seat_text is None else parse_seat(run.game, seat_text)
        if export is not None:
            _export(run.shown, export)
    except DicefrontError as exc:
        _fail(str(exc))
    if as_json:
        print_json({
            "game": record.game, "options": record.options, "seed": record.seed, "agents": record.agents,
            "agent_specs": record.agent_specs,
            "steps": record.length, "shown": len(run.steps), "winner": record.winner, "returns": list(record.returns),
            "verified": True, "exported": str(export) if export else None,
        })
        return
    _show(record, run, seat, step)
    console.print(Text(f"re-ran {record.length} steps to the identical final state", style="green"))
    if export is not None:
        console.print(Text(f"position after step {len(run.steps)} written to {export}"))


def _export(state: State, path: Path) -> None:
    try:
        path.write_text(json.dumps(state.to_json(), indent=1, allow_nan=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"cannot write {path}: {exc.strerror or type(exc).__name__}") from exc


def _labels(record: MatchRecord) -> list[str]:
    """Each seat's name, with the spec it stood for when that differs (a level:
    ``medium (mcts:iterations=200)``); replays from before 'agent_specs' show names only."""
    specs = record.agent_specs or [None] * len(record.agents)
    return [name if spec is None or spec == name else f"{name} ({spec})" for name, spec in zip(record.agents, specs, strict=False)]


def _show(record: MatchRecord, run: _Run, viewer: int | None, interactive: bool) -> None:
    names = [*_labels(record), "?", "?"]
    console.print(Rule(Text(f"{run.game.title} replay: {names[0]} vs {names[1]}, seed {record.seed}")))
    if interactive:
        _interactive(run.game, run.states, run.steps, viewer)
        return
    for i, st in enumerate(run.steps):
        console.print(_step_line(run.game, i, st, viewer))
    console.print(run.game.render_text(run.shown, viewer))
    console.print(Text(run.shown.status_text(), style="bold"))


def _interactive(game: object, states: list[State], steps: list[Step], viewer: int | None) -> None:
    i = 0
    while True:
        state = states[i]
        console.clear()
        console.print(state.game.render_text(state, viewer))
        console.print(Text(state.status_text(), style="bold"))
        if i > 0:
            console.print(_step_line(state.game, i - 1, steps[i - 1], viewer))
        console.print(f"[dim]step {i}/{len(steps)}: Enter next, b back, q quit[/]")
        try:
            key = console.input("").strip().lower()
        except (EOFError, KeyboardInterrupt):
            return
        if key == "q":
            return
        if key == "b":
            i = max(0, i - 1)
        elif i < len(states) - 1:
            i += 1


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
