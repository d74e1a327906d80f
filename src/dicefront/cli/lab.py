"""`dicefront lab`: the designer's lab (balance sheets from many simulated games)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

from dicefront.agents import make_agent
from dicefront.core import DicefrontError, Game
from dicefront.core.registry import build
from dicefront.lab.backends import BACKENDS, MAX_WORKERS, LabError, Sink, run_tasks
from dicefront.lab.metrics import summarise
from dicefront.lab.runs import COMPARE_KIND, TUNE_KIND, open_run
from dicefront.lab.store import Appender, RunSpec, read_records, read_spec, write_spec, write_summary
from dicefront.lab.tasks import make_tasks
from dicefront.lab.tune import MAX_ROUNDS

from ._common import OPTION_HELP, console, err_console, esc, fail, load_game, parse_options, print_json, warn_clock

MAX_GAMES = 10_000_000
REPORT_HELP = ("Also write a self-contained report to this file: Markdown when its name ends in .md, "
               "else HTML with plots (needs matplotlib).")
MARKDOWN_SUFFIXES = (".md", ".markdown")

lab_app = typer.Typer(help="The designer's lab: balance sheets, house-rule A/B tests and fair costs.", no_args_is_help=True)


def parse_agents(text: str, game: Game[Any, Any] | None = None) -> tuple[str, str]:
    """The two agents of ``--agents``, checked (against ``game``'s levels when given,
    warning on stderr if one stops by the wall clock)."""
    names = [a.strip() for a in text.split(",") if a.strip()]
    if len(names) != 2:
        fail(f"--agents needs exactly two agents separated by a comma, got {text[:80]!r}")
    for name in names:
        try:
            make_agent(name, game)
        except DicefrontError as exc:
            fail(str(exc))
    if game is not None:
        warn_clock(names, game)
    return (names[0], names[1])


def simulate(game: Game[Any, Any], agents: tuple[str, str], seed: int, start: int, stop: int,
             backend: str, workers: int | None, address: str | None, sink: Sink | None = None) -> list[dict[str, Any]]:
    """Play games ``start`` .. ``stop - 1`` with a progress bar (games/s, ETA) on stderr."""
    tasks = make_tasks(game, agents, seed, start, stop)
    if len(tasks) < 10:
        return run_tasks(tasks, backend, workers, address, sink=sink)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
               TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task(esc(f"{game.name}: {agents[0]} vs {agents[1]}"), total=len(tasks), rate="")

        def advance(n: int) -> None:
            bar.advance(task, n)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:.1f} games/s" if speed else "")

        return run_tasks(tasks, backend, workers, address, advance, sink)


def _guard(run: Callable[[], Any]) -> Any:
    try:
        return run()
    except DicefrontError as exc:
        fail(str(exc))


@lab_app.command("balance")
def balance(
    game_name: str = typer.Argument(..., metavar="GAME", help="The game (`dicefront games` lists them)."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    agents: str = typer.Option("random,random", "--agents", "-a", help="Two agents, comma-separated; seats alternate."),
    games: int = typer.Option(100, "--games", "-n", min=1, max=MAX_GAMES, help="How many games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Run seed: the same seed gives the same numbers anywhere."),
    workers: int = typer.Option(None, "--workers", "-w", min=1, max=MAX_WORKERS, help="Worker processes (default: the cores)."),
    backend: str = typer.Option("local", "--backend", help=f"Where games run: {', '.join(BACKENDS)}."),
    address: str = typer.Option(None, "--address", help="The Ray cluster to join (--backend ray)."),
    report: Path = typer.Option(None, "--report", help=REPORT_HELP),
    run: Path = typer.Option(None, "--run", help="Store the run in this directory; an existing run there is extended or resumed."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Seat advantage, results, game length, Ludii-style metrics and the game's own tables."""
    game = load_game(game_name, option)
    pair = parse_agents(agents, game)
    if run is None:
        records = _guard(lambda: simulate(game, pair, seed, 0, games, backend, workers, address))
    else:
        records = _guard(lambda: stored_run(run, game, pair, seed, games, backend, workers, address))
    summary = summarise(game, pair, seed, records)
    if run is not None:
        _guard(lambda: write_summary(run, summary))
    if report is not None:
        write_report(summary, report)
    if as_json:
        print_json(summary)
    else:
        show(summary)


def stored_run(directory: Path, game: Game[Any, Any], agents: tuple[str, str], seed: int, games: int,
               backend: str, workers: int | None, address: str | None) -> list[dict[str, Any]]:
    """The first ``games`` records of the run in ``directory``, playing the missing ones
    (appended as they finish, so an interrupted run resumes where it stopped)."""
    spec = RunSpec(game.name, game.options_json(), game.data_files, agents, seed)
    stored = read_spec(directory)
    if stored is not None and stored.to_json() != spec.to_json():
        differ = [k for k in ("kind", "game", "options", "data_files", "agents", "seed") if stored.to_json()[k] != spec.to_json()[k]]
        raise LabError(f"{directory} holds another run ({', '.join(differ)} differ); give the same settings or another directory")
    if stored is None:
        write_spec(directory, spec)
    records = read_records(directory, games)
    if len(records) < games:
        appender = Appender(directory)
        try:
            records += simulate(game, agents, seed, len(records), games, backend, workers, address, appender)
        finally:
            appender.close()
    return records[:games]


@lab_app.command("compare")
def compare_cmd(
    game_name: str = typer.Argument(..., metavar="GAME", help="The game (`dicefront games` lists them)."),
    variant_a: str = typer.Option("", "--a", help='Variant A\'s options, e.g. "-o round_limit=60" (empty: the defaults).'),
    variant_b: str = typer.Option(..., "--b", help='Variant B\'s options, e.g. "-o round_limit=90".'),
    option: list[str] = typer.Option(None, "--option", "-o", help="An option both variants share (repeatable)."),
    agents: str = typer.Option("random,random", "--agents", "-a", help="Two agents, comma-separated; seats alternate."),
    games: int = typer.Option(100, "--games", "-n", min=1, max=MAX_GAMES, help="Games per variant (the same seeds)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Run seed."),
    workers: int = typer.Option(None, "--workers", "-w", min=1, max=MAX_WORKERS, help="Worker processes (default: the cores)."),
    backend: str = typer.Option("local", "--backend", help=f"Where games run: {', '.join(BACKENDS)}."),
    address: str = typer.Option(None, "--address", help="The Ray cluster to join (--backend ray)."),
    report: Path = typer.Option(None, "--report", help=REPORT_HELP),
    run: Path = typer.Option(None, "--run", help="Store the run in this directory (variants in DIR/a and DIR/b); an existing run there is extended or resumed."),
    as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON."),
) -> None:
    """A house-rule A/B test: both option sets on the same seeds, the difference and its
    significance for each headline metric."""
    from dicefront.lab.compare import parse_variant

    shared = parse_options(option)
    pair = parse_agents(agents)
    built: list[Game[Any, Any]] = []
    for flag, text in (("--a", variant_a), ("--b", variant_b)):
        try:
            options = {**shared, **parse_variant(text, flag)}
        except DicefrontError as exc:
            fail(str(exc))
        built.append(load_game(game_name, [f"{k}={v}" for k, v in options.items()]))
    warn_clock(pair, built[0])
    if run is not None:
        _guard(lambda: _open_compare(run, built[0], built[1], pair, seed))
    played: list[list[dict[str, Any]]] = []
    for label, game in zip("ab", built, strict=True):
        if run is None:
            played.append(_guard(partial(simulate, game, pair, seed, 0, games, backend, workers, address)))
        else:
            played.append(_guard(partial(stored_run, run / label, game, pair, seed, games, backend, workers, address)))
    result = comparison(built[0], built[1], pair, seed, played[0], played[1])
    if run is not None:
        _guard(lambda: write_summary(run, result))
    _show_comparison(result, report, as_json)


def _open_compare(directory: Path, a: Game[Any, Any], b: Game[Any, Any], agents: tuple[str, str], seed: int) -> None:
    spec = RunSpec(a.name, {}, {}, agents, seed, COMPARE_KIND, {"a": a.options_json(), "b": b.options_json(),
                                                                 "a_files": a.data_files, "b_files": b.data_files})
    open_run(directory, spec, ("a", "b", "a_files", "b_files"))


def comparison(game_a: Game[Any, Any], game_b: Game[Any, Any], pair: tuple[str, str], seed: int,
               rec_a: list[dict[str, Any]], rec_b: list[dict[str, Any]]) -> dict[str, Any]:
    from dicefront.lab.compare import compare

    return {
        "game": game_a.name, "agents": list(pair), "seed": seed, "games": len(rec_a),
        "a": summarise(game_a, pair, seed, rec_a), "b": summarise(game_b, pair, seed, rec_b),
        "comparison": _guard(lambda: compare(rec_a, rec_b, seed)),
    }


def _show_comparison(result: dict[str, Any], report: Path | None, as_json: bool) -> None:
    if report is not None:
        _write_report(report, "compare", result)
    if as_json:
        print_json(result)
    else:
        from dicefront.lab.text import print_comparison

        print_comparison(console, result)


@lab_app.command("tune")
def tune_cmd(
    game_name: str = typer.Argument(..., metavar="GAME", help="The game (its package must define what to tune)."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    agents: str = typer.Option("greedy,greedy", "--agents", "-a", help="Two agents, comma-separated."),
    games: int = typer.Option(200, "--games", "-n", min=10, max=MAX_GAMES, help="Games to estimate, and as many for each of the before/after checks."),
    seed: int = typer.Option(0, "--seed", "-s", help="Run seed."),
    workers: int = typer.Option(None, "--workers", "-w", min=1, max=MAX_WORKERS, help="Worker processes (default: the cores)."),
    backend: str = typer.Option("local", "--backend", help=f"Where games run: {', '.join(BACKENDS)}."),
    address: str = typer.Option(None, "--address", help="The Ray cluster to join (--backend ray)."),
    rounds: int = typer.Option(1, "--rounds", "-r", min=1, max=MAX_ROUNDS, help="Refit-propose-verify rounds (each plays --games more)."),
    report: Path = typer.Option(None, "--report", help=REPORT_HELP),
    run: Path = typer.Option(None, "--run", help="Store the run in this directory; the same command resumes it, more --rounds extend it."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON."),
) -> None:
    """Suggest fairer settings and verify them by simulation: point costs for a game with a
    cost model (Die Fighting), else the options and presets that balance the seats."""
    from dicefront.lab.runs import TaskCache

    game = load_game(game_name, option)
    pair = parse_agents(agents, game)
    cache = None
    if run is not None:
        spec = RunSpec(game.name, game.options_json(), game.data_files, pair, seed, TUNE_KIND, {"games": games, "rounds": rounds})
        _guard(lambda: open_run(run, spec, ("games",)))
        cache = _guard(lambda: TaskCache(run, backend, workers, address))
    result = run_tune(game, pair, games, seed, rounds, backend, workers, address, cache)
    if run is not None:
        _guard(lambda: write_summary(run, result))
    _show_tune(result, report, as_json)


def run_tune(game: Game[Any, Any], pair: tuple[str, str], games: int, seed: int, rounds: int, backend: str,
             workers: int | None, address: str | None, play: Any = None) -> dict[str, Any]:
    """``tune`` with a progress bar (games/s, time left) on stderr."""
    from dicefront.lab.tune import planned_games, tune

    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
               TextColumn("{task.fields[rate]}"), TimeRemainingColumn())
    total = _guard(lambda: planned_games(game, games, rounds))
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task(esc(f"{game.name}: tuning"), total=total, rate="")

        def advance(n: int) -> None:
            bar.advance(task, n)
            speed = bar.tasks[0].speed
            bar.update(task, rate=f"{speed:.1f} games/s" if speed else "")

        return dict(_guard(lambda: tune(game, pair, games, seed, backend, workers, address, advance, rounds, play)))


def _show_tune(result: dict[str, Any], report: Path | None, as_json: bool) -> None:
    if report is not None:
        _write_report(report, "tune", result)
    if as_json:
        print_json(result)
    else:
        from dicefront.lab.text import print_tune, print_tune_variants

        (print_tune_variants if result.get("kind") == "variants" else print_tune)(console, result)


@lab_app.command("report")
def report_cmd(
    run: Path = typer.Argument(..., metavar="DIR", help="A run directory written by `lab balance|compare|tune --run DIR`."),
    games: int = typer.Option(None, "--games", "-n", min=1, max=MAX_GAMES, help="Only the first N stored games (balance and compare runs)."),
    report: Path = typer.Option(None, "--report", help=REPORT_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """The summary of a stored run (balance, compare or tune), without simulating anything."""
    spec = _guard(lambda: read_spec(run))
    if spec is None:
        fail(f"{run} holds no lab run (no run.json)")
    if spec.command == "tune":
        _report_tune(run, spec, report, as_json)
        return
    if spec.command == "compare":
        _report_compare(run, spec, games, report, as_json)
        return
    game = _guard(lambda: build(spec.game, spec.options, data_files=spec.data_files))
    records = _guard(lambda: read_records(run, games or MAX_GAMES))
    summary = summarise(game, spec.agents, spec.seed, records)
    if report is not None:
        write_report(summary, report)
    if as_json:
        print_json(summary)
    else:
        show(summary)


def _report_tune(run: Path, spec: RunSpec, report: Path | None, as_json: bool) -> None:
    from dicefront.lab.runs import TaskCache, stored_int

    where = f"run file {run / 'run.json'}"
    games = _guard(lambda: stored_int(spec, "games", 10, MAX_GAMES, where))
    rounds = _guard(lambda: stored_int(spec, "rounds", 1, MAX_ROUNDS, where))
    game = _guard(lambda: build(spec.game, spec.options, data_files=spec.data_files))
    cache = _guard(lambda: TaskCache(run, offline=True))
    if games > len(cache.stored):  # a run of G games a phase holds at least G: refused before G tasks are set up
        fail(f"{run} holds {len(cache.stored)} games, but its run.json asks for {games} games a phase: "
             "the run is incomplete or its run.json was changed")
    _show_tune(run_tune(game, spec.agents, games, spec.seed, rounds, "local", 1, None, cache), report, as_json)


def _report_compare(run: Path, spec: RunSpec, games: int | None, report: Path | None, as_json: bool) -> None:
    from dicefront.lab.runs import stored_options

    where = f"run file {run / 'run.json'}"

    def variant(label: str) -> tuple[Game[Any, Any], list[dict[str, Any]]]:
        files = stored_options(spec, f"{label}_files", where)
        if not all(isinstance(v, str) for v in files.values()):
            raise LabError(f"{where}: '{label}_files' must map options to text")
        game = build(spec.game, stored_options(spec, label, where), data_files=files)
        return game, read_records(run / label, games or MAX_GAMES)

    (game_a, rec_a), (game_b, rec_b) = _guard(lambda: (variant("a"), variant("b")))
    built, played = [game_a, game_b], [rec_a, rec_b]
    n = min(len(played[0]), len(played[1]))
    if n == 0:
        fail(f"{run} holds no games of both variants yet")
    result = comparison(built[0], built[1], spec.agents, spec.seed, played[0][:n], played[1][:n])
    _show_comparison(result, report, as_json)


def write_report(summary: dict[str, Any], path: Path) -> None:
    _write_report(path, "balance", summary)


def _write_report(path: Path, kind: str, result: dict[str, Any]) -> None:
    """The report of a balance summary, an A/B test or a tune, as Markdown or HTML by
    the file's name."""
    if path.suffix.lower() in MARKDOWN_SUFFIXES:
        from dicefront.lab import markdown

        render = {"balance": markdown.balance_markdown, "compare": markdown.compare_markdown, "tune": markdown.tune_markdown}
    else:
        from dicefront.lab import report

        render = {"balance": report.html_report, "compare": report.compare_report, "tune": report.tune_report}
    _write(path, _guard(lambda: render[kind](result)))


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(f"cannot write the report {path}: {exc.strerror or 'error'}")


def show(summary: dict[str, Any]) -> None:
    from dicefront.lab.text import print_summary

    print_summary(console, summary)


def register(app: typer.Typer) -> None:
    app.add_typer(lab_app, name="lab")
