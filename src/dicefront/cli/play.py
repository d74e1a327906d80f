"""`dicefront play`: a game in the terminal, hot seat or against a computer player."""

from __future__ import annotations

import contextlib
import importlib
import json
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from rich.columns import Columns
from rich.panel import Panel
from rich.rule import Rule
from rich.text import Text

import dicefront
from dicefront.agents import Agent, make_agent, resolved_spec
from dicefront.core import DicefrontError, Event, Game, MatchRecord, State, sample
from dicefront.core.match import agent_copy
from dicefront.core.notation import ascii_int

from ._common import OPTION_HELP, SEAT_HELP, console, esc, fail, load_game, load_position, parse_seat

HELP = """[bold]How to play[/]
  type the [bold]number[/] of an action, or its [bold]notation[/] (e.g. what is shown after the number)
  type the start of a notation to list the actions that begin with it (e.g. a group's first words)
  [bold]? N[/]        what action N does, with its exact odds when dice are involved
  [bold]?[/]          this help        [bold]board[/]  draw the board again     [bold]rules[/]  the rules
  [bold]save FILE[/]  save the position (full state JSON)     [bold]quit[/]  leave the game"""


class QuitGame(Exception):
    pass


@dataclass
class Session:
    game: Game[Any, Any]
    state: State
    humans: set[int]
    agents: dict[int, Agent]
    dice: random.Random
    agent_rng: random.Random
    record: MatchRecord
    log: list[tuple[int | None, list[Event]]] = field(default_factory=list)
    last_seen: dict[int, int] = field(default_factory=dict)
    last_human: int | None = None
    replay_path: Path | None = None

    def hot_seat(self) -> bool:
        return len(self.humans) == 2


def _ask(prompt: str) -> str:
    try:
        return console.input(prompt)
    except (EOFError, KeyboardInterrupt):
        console.print()
        raise QuitGame() from None


def _show_events(session: Session, seat: int | None) -> None:
    start = session.last_seen.get(-1 if seat is None else seat, 0)
    lines = []
    for _, events in session.log[start:]:
        for e in events:
            if e.visible_to(seat):
                style = "yellow" if e.kind in ("roll", "combat", "dice") else ("bold" if e.kind == "game-over" else "")
                lines.append(Text("  " + session.game.shown_text(e.text), style=style))
    session.last_seen[-1 if seat is None else seat] = len(session.log)
    if lines:
        console.print(Panel(Text("\n").join(lines[-30:]), title="since your last move", title_align="left", border_style="dim"))


def _show_board(session: Session, seat: int | None) -> None:
    board = session.game.render_text(session.state, seat)
    console.print(Text(board) if isinstance(board, str) else board)
    console.print(Text(session.state.status_text(), style="bold"))


MAX_LISTED = 60  # more legal actions than this are shown in groups


def _action_list(session: Session, actions: list[Any]) -> Columns:
    """The numbered legal actions, each with the words the browser puts on its button
    when the game has some (the svg role's ``action_label``: "deploy-first 0" counts
    seats from 0, the words name the seat as shown); when there are many (a deployment:
    every unit on every square), one line per run of actions sharing their first two words."""
    if len(actions) <= MAX_LISTED:
        label = session.game.role_function("svg", "action_label", required=False)
        cells = [_cell(i, a, label(session.state, a) if label else None, _note(session, a)) for i, a in enumerate(actions)]
        return Columns(cells, padding=(0, 2), equal=True, column_first=True)
    return Columns([_group_line(run) for run in _runs(actions)], padding=(0, 2), column_first=True)


def _cell(index: int, action: Any, words: str | None, note: str | None = None) -> Text:
    cell = Text.assemble((f"{index + 1:>3} ", "bold cyan"), str(action))
    if words and words != str(action):
        cell.append(f"  ({words})", style="dim")
    if note:
        cell.append(f"  [{note}]", style="yellow")
    return cell


def _note(session: Session, action: Any) -> str | None:
    """What the action will surely do where dice could be expected (the svg role's
    ``action_note``, as the browser shows it: an attack a card cancels)."""
    note = session.game.role_function("svg", "action_note", required=False)
    return None if note is None else note(session.state, action)


def _runs(actions: list[Any]) -> list[list[tuple[int, str]]]:
    runs: list[list[tuple[int, str]]] = []
    for i, a in enumerate(actions):
        text = str(a)
        head = " ".join(text.split()[:2])
        if runs and " ".join(runs[-1][0][1].split()[:2]) == head and len(text.split()) > 2:
            runs[-1].append((i, text))
        else:
            runs.append([(i, text)])
    return runs


def _group_line(run: list[tuple[int, str]]) -> Text:
    first, text = run[0]
    if len(run) == 1:
        return Text.assemble((f"{first + 1:>3} ", "bold cyan"), text)
    head = " ".join(text.split()[:2])
    tails = [" ".join(t.split()[2:]) for _, t in run]
    shown = ", ".join(tails[:4]) + (", …" if len(tails) > 4 else "")
    return Text.assemble((f"{first + 1}-{run[-1][0] + 1} ", "bold cyan"), f"{head} ", (f"[{len(run)}: {shown}]", "dim"))


def _explain(session: Session, action: Any, seat: int) -> None:
    """Show what an action leads to, with exact odds when dice are involved."""
    console.print(f"[bold]{esc(action)}[/]")
    try:
        analyse = getattr(importlib.import_module("dicefront.odds"), "analyse", None)
    except ImportError:
        analyse = None
    if analyse is None:
        console.print("  [dim]exact odds are not available in this installation[/]")
        return
    try:  # the odds module re-samples hidden information itself: it never reads secrets
        result = analyse(session.state.clone(), action, seat)
    except DicefrontError as exc:
        console.print(f"  [dim]no odds: {esc(exc)}[/]")
        return
    if not result.outcomes:
        note = _note(session, action)
        console.print(f"  no dice involved: {esc(note)}" if note else "  no dice involved: the result is certain")
        return
    for label, p in result.outcomes:
        console.print(f"  {float(p):7.2%}  {esc(label)}")
    console.print(f"  [dim]assuming {esc(result.policy)}: {esc(result.policy_description)}[/]")
    if not result.exact:
        console.print("  [yellow]an estimate: it depends on what you cannot see[/]")
    for note in result.notes:
        console.print(f"  [dim]{esc(note)}[/]")


def _human_turn(session: Session, seat: int) -> None:
    if session.hot_seat() and session.game.spec.hidden_information and session.last_human not in (None, seat):
        console.clear()
        _ask(f"[bold]Hand the keyboard to {esc(session.game.seat_name(seat))}[/] and press Enter (the other player should look away) ")
        console.clear()
    session.last_human = seat
    console.print(Rule(Text(session.game.seat_name(seat), style="rule.text"), style="cyan"))
    _show_board(session, seat)
    _show_events(session, seat)
    actions = session.state.legal_actions(seat)
    console.print(_action_list(session, actions))
    while True:
        text = _ask(f"[bold cyan]{esc(session.game.seat_name(seat))}>[/] ").strip()
        if not text:
            continue
        action = _command(session, seat, actions, text)
        if action is not None:
            events = session.state.apply(action, seat)
            session.record.add_action(seat, action, events)
            session.log.append((seat, events))
            return


def _command(session: Session, seat: int, actions: list[Any], text: str) -> Any:
    """Handle one line typed by a person; the chosen action, or None to ask again."""
    word, _, rest = text.partition(" ")
    if text in ("?", "help"):
        console.print(HELP)
        return None
    if word == "?" or (word.startswith("?") and ascii_int(word[1:]) is not None):
        arg = ascii_int(rest.strip() or word[1:])
        if arg is not None and 1 <= arg <= len(actions):
            _explain(session, actions[arg - 1], seat)
        else:
            console.print(f"[red]'? N' needs an action number from 1 to {len(actions)}[/]")
        return None
    if text == "quit":
        raise QuitGame()
    if text == "board":
        _show_board(session, seat)
        console.print(_action_list(session, actions))
        return None
    if text == "rules":
        from rich.markdown import Markdown

        console.print(Markdown(session.game.rules_text()))
        return None
    if word == "save":
        _save_position(session, rest.strip())
        return None
    n = ascii_int(text)
    if n is not None:
        if 1 <= n <= len(actions):
            return actions[n - 1]
        console.print(f"[red]There is no action {n}: choose 1 to {len(actions)}.[/]")
        return None
    try:
        return session.game.parse_action(session.state, text, seat)
    except DicefrontError as exc:
        matches = [(i, a) for i, a in enumerate(actions) if str(a).startswith(text)]
        if matches:
            console.print(Columns([Text.assemble((f"{i + 1:>3} ", "bold cyan"), str(a)) for i, a in matches], padding=(0, 2)))
        else:
            console.print(f"[red]{esc(exc)}[/]  (type ? for help)")
        return None


def _save_position(session: Session, path: str) -> None:
    if not path:
        console.print("[red]save needs a file name: save FILE[/]")
        return
    try:
        Path(path).write_text(json.dumps(session.state.to_json(), indent=1, allow_nan=False) + "\n", encoding="utf-8")
    except OSError as exc:
        console.print(f"[red]cannot write {esc(path)}: {esc(exc.strerror)}[/]")
        return
    console.print(f"position saved to {esc(path)}")


def _agent_turn(session: Session, seat: int) -> None:
    agent = session.agents[seat]
    with console.status(f"{esc(session.game.seat_name(seat))} ({esc(agent.name)}) is thinking..."):
        action = agent.choose(agent_copy(session.state, seat, session.agent_rng), seat, session.agent_rng)
    events = session.state.apply(action, seat)
    session.record.add_action(seat, action, events)
    session.log.append((seat, events))


def _chance(session: Session) -> None:
    outcome = sample(session.state.chance_outcomes(), session.dice)
    events = session.state.apply_chance(outcome)
    session.record.add_chance(outcome, events)
    session.log.append((None, events))


def run_session(session: Session) -> None:
    state = session.state
    while not state.is_terminal:
        if state.is_chance:
            _chance(session)
        elif state.actors[0] in session.humans:
            _human_turn(session, state.actors[0])
        else:
            _agent_turn(session, state.actors[0])


def _finish(session: Session) -> None:
    seat = next(iter(session.humans)) if len(session.humans) == 1 else None
    console.print(Rule("game over", style="bold"))
    _show_board(session, seat)
    _show_events(session, seat)
    session.record.finish(session.state)
    path = str(session.replay_path) if session.replay_path else _ask("Save the replay? Type a file name, or press Enter to skip: ").strip()
    if path:
        try:
            session.record.save(path)
            console.print(f"replay saved to {esc(path)}; watch it with: dicefront replay {esc(path)}")
        except OSError as exc:
            console.print(f"[red]cannot write {esc(path)}: {esc(exc.strerror)}[/]")


def play(
    game: str = typer.Argument(..., help="The game, e.g. ditch (see `dicefront games`)."),
    vs: str = typer.Option(None, "--vs", help="Play against a computer player: easy, medium, hard, random, ... Without it: hot seat for two people."),
    seat_text: str = typer.Option("1", "--seat", help=f"Your seat against the computer: {SEAT_HELP}. Seats count from 1: --seat 0 is refused."),
    seed: int = typer.Option(None, "--seed", help="Seed for the dice and the computer player (default: a fresh one, printed)."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    position: Path = typer.Option(None, "--position", help="Continue from a saved position (from `save FILE`)."),
    replay: Path = typer.Option(None, "--replay", help="Save the replay to this file at the end without asking."),
) -> None:
    """Play a game in the terminal: against the computer with --vs, or hot seat."""
    g = load_game(game, option)
    state = g.new_state()
    if position is not None and option:
        state = load_position(g.name, position, g)  # -o given: the file must have been saved with those options
    elif position is not None:
        state = load_position(g.name, position)  # the options saved in the file (older files: legacy values)
        g = state.game
    seat = parse_seat(g, seat_text)
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    humans = {0, 1} if vs is None else {seat}
    agents: dict[int, Agent] = {}
    if vs is not None:
        try:
            agents[1 - seat] = make_agent(vs, g)
        except DicefrontError as exc:
            fail(str(exc))
    record = MatchRecord(game=g.name, options=g.options_json(), seed=seed,
                         agents=["human" if p in humans else vs for p in (0, 1)], data_files=g.data_files,
                         agent_specs=[None if p in humans or vs is None else resolved_spec(vs, g) for p in (0, 1)])
    if position is not None:
        record.initial_state = state.to_json()
    session = Session(g, state, humans, agents, random.Random(f"dicefront:{seed}:chance"),
                      random.Random(f"dicefront:{seed}:agent"), record, replay_path=replay)
    who = "hot seat" if vs is None else f"you are {g.seat_name(seat)} against {vs}"
    console.print(Panel(f"[bold]{esc(g.title)}[/]  {esc(who)}  (seed {seed})\nType [bold]?[/] for help, [bold]quit[/] to stop.", border_style="cyan"))
    try:
        run_session(session)
    except QuitGame:
        console.print("Game left. Bye!")
        return
    with contextlib.suppress(QuitGame):
        _finish(session)


def register(app: typer.Typer) -> None:
    app.command("play")(play)


__all__ = ["dicefront", "play", "register"]
