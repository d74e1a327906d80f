"""`dicefront replay`: step through a saved game, check it, export a position."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.rule import Rule
from rich.text import Text

from dicefront.core import DicefrontError, MatchRecord, State, replay_states, state_digest
from dicefront.core.record import Step

from ._common import console, fail, load_game, print_json


def _step_line(index: int, step: Step, seat: int | None) -> Text:
    who = "dice" if step.player is None else f"P{step.player}"
    what = str(step.outcome) if step.player is None else step.action
    line = Text.assemble((f"{index + 1:>4} ", "dim"), (f"{who:<5}", "cyan"), (f"{what}", "bold"))
    texts = [e.text for e in step.events if e.visible_to(seat)]
    if texts:
        line.append("   " + " | ".join(texts), style="yellow" if step.player is None else "")
    return line


def replay(
    file: Path = typer.Argument(..., help="A replay file saved by `dicefront play` or `dicefront match --save`."),
    at: int = typer.Option(None, "--at", min=0, help="Stop after this many steps (0: the start)."),
    export: Path = typer.Option(None, "--export", help="With --at: write the position at that step to this file (for `dicefront odds` or `play --position`)."),
    seat: int = typer.Option(None, "--seat", min=0, max=1, help="Show only what this seat could see (default: everything)."),
    step: bool = typer.Option(False, "--step", help="Step through interactively: Enter for the next step, b back, q quit."),
    as_json: bool = typer.Option(False, "--json", help="Print a summary as JSON."),
) -> None:
    """Re-run a saved game step by step and check it reaches the recorded final state."""
    try:
        record = MatchRecord.load(file)
        game = load_game(record.game, [f"{k}={v}" for k, v in record.options.items()], record.data_files or None)
        states: list[State] = []
        steps: list[Step] = []
        stop = record.length if at is None else min(at, record.length)
        final: State | None = None
        for i, state, st in replay_states(record):
            states.append(state)
            if st is None or i >= stop:
                final = state
                break
            steps.append(st)
    except DicefrontError as exc:
        fail(str(exc))
    assert final is not None
    complete = at is None or at >= record.length
    verified = complete and (not record.final_digest or state_digest(final) == record.final_digest)
    if export is not None:
        export.write_text(json.dumps(final.to_json(), indent=1) + "\n", encoding="utf-8")
    if as_json:
        print_json({
            "game": record.game, "options": record.options, "seed": record.seed, "agents": record.agents,
            "steps": record.length, "shown": len(steps), "winner": record.winner, "returns": list(record.returns),
            "verified": verified if complete else None, "exported": str(export) if export else None,
        })
        return
    viewer = seat
    console.print(Rule(f"{game.title} replay: {record.agents[0] if record.agents else '?'} vs "
                       f"{record.agents[1] if len(record.agents) > 1 else '?'}, seed {record.seed}"))
    if step:
        _interactive(game, states, steps, viewer)
    else:
        for i, st in enumerate(steps):
            console.print(_step_line(i, st, viewer))
        console.print(game.render_text(final, viewer))
        console.print(Text(final.status_text(), style="bold"))
    if complete:
        if verified:
            console.print(f"[green]re-ran {record.length} steps to the identical final state[/]")
        else:
            fail("the replay re-ran to a different final state than the one recorded")
    if export is not None:
        console.print(f"position after step {len(steps)} written to {export}")


def _interactive(game: object, states: list[State], steps: list[Step], viewer: int | None) -> None:
    i = 0
    while True:
        state = states[i]
        console.clear()
        console.print(state.game.render_text(state, viewer))
        console.print(Text(state.status_text(), style="bold"))
        if i > 0:
            console.print(_step_line(i - 1, steps[i - 1], viewer))
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
