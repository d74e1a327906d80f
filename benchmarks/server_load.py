"""Load test of `dicefront serve` on loopback, against a bare FastAPI/uvicorn websocket
server that sends messages of the same shape, run interleaved in the same run.

Each game is human against human: two websockets, each making a random legal move when
it is its turn. Prints round trip p50/p99 (a move sent -> its mover's update), actions/s,
errors, and the server's CPU seconds per action as a ratio to the reference's; then a
soak of the server alone, reporting the slope of its memory (RSS) over time.

By default the load is a closed loop: a player moves as soon as its update arrives, so
each game has one move under way at a time and, by Little's law, the number of games
over the throughput (column ``N/X ms``) is the mean time from a game's move to its next:
the round trip plus the client's own turn-around. So a round trip under 100 ms at N games
needs N / 0.1 s actions per second from the server and the client together.
``--think SECONDS``: players pause before each move (exponential, that mean), as people do;
a player whose pause would end after the phase makes no move (``--tail`` showed every
such player moving at the phase's last instant, a burst of ~all games at once that
made the slowest 1% of round trips, for the reference as for the server).
``--tail``: the slowest 1% of each phase's round trips, when they began and what the
server noted meanwhile (garbage collections, event-loop lag, slow commits).

    python benchmarks/server_load.py                    # 20 and 200 games, 20 s soak
    python benchmarks/server_load.py --soak 600         # the 10-minute soak
    python benchmarks/server_load.py --db postgresql://... --games 20
    python benchmarks/server_load.py --games 20 --soak 0 --profile /tmp/prof.txt   # py-spy
    python benchmarks/server_load.py --games 200 --think 2 --soak 0     # players pause ~2 s per move
    python benchmarks/server_load.py --game all --games 20 --rounds 1   # every game, each against its own reference

Bounded: every phase stops after --seconds (or --actions per game); loopback only."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

HOST = "127.0.0.1"
TICK = os.sysconf("SC_CLK_TCK")


@dataclass
class Tally:
    pid: int
    round_trips: list[float] = field(default_factory=list)
    sent_at: list[float] = field(default_factory=list)  # when each round trip began (monotonic), for --tail
    errors: int = 0
    error_texts: dict[str, int] = field(default_factory=dict)  # what the server said, for the first few kinds
    actions: int = 0
    started: tuple[float, float] = (0.0, 0.0)  # wall time and server CPU when play began

    def cpu(self) -> float:
        return cpu_seconds(self.pid)

    def note_error(self, text: str) -> None:
        self.errors += 1
        if text in self.error_texts or len(self.error_texts) < 5:
            self.error_texts[text] = self.error_texts.get(text, 0) + 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@contextlib.contextmanager
def process(args: list[str], port: int, ready: str, env: dict[str, str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://{HOST}:{port}{ready}", timeout=1)
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()  # reading its errors waits for it to end
                    errors = proc.communicate(timeout=10)[1] or b""
                    raise SystemExit(f"server did not start: {errors.decode()[-500:]}") from None
                time.sleep(0.1)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


# ----- the reference: a bare websocket server sending the same message shape ----------------
def reference_app(template_path: str) -> FastAPI:
    template = json.loads(Path(template_path).read_text())
    app = FastAPI()
    rooms: dict[str, dict[str, Any]] = {}

    @app.get("/ping")
    async def ping() -> dict[str, str]:
        return {"ok": "yes"}

    @app.post("/api/games")
    async def create() -> dict[str, Any]:
        game_id = os.urandom(6).hex()
        rooms[game_id] = {"step": 0, "mover": 0, "by": None, "socks": {}}
        return {"id": game_id, "token": "0", "invite": f"/game/{game_id}#token=1"}

    def message(room: dict[str, Any], seat: int) -> str:
        msg = dict(template, seat=seat, step=room["step"], actors=[room["mover"]], full=False, by=room["by"])
        msg["actions"] = template["actions"] if seat == room["mover"] else []
        return json.dumps(msg)

    @app.websocket("/ws/{game_id}")
    async def play(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        room = rooms[game_id]
        hello = json.loads(await ws.receive_text())
        seat = int(hello["token"])
        room["socks"][seat] = ws
        await ws.send_text(message(room, seat))
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                if msg.get("type") == "act" and seat == room["mover"]:
                    room["step"] += 1
                    room["by"], room["mover"] = seat, 1 - room["mover"]
                    for s, other in list(room["socks"].items()):
                        await other.send_text(message(room, s))
        except WebSocketDisconnect:
            room["socks"].pop(seat, None)

    return app


# ----- the players --------------------------------------------------------------------------
@dataclass
class Clock:
    """Play starts once every game of the phase is made and connected."""

    seconds: float
    ready: asyncio.Barrier
    until: float = 0.0
    think: float = 0.0  # mean pause (exponential) before each move; 0: closed loop
    game: str = "ditch"


@dataclass
class Seat:
    """One player's websocket, its newest state message and the errors it was sent;
    ``changed`` is set whenever a message arrives (read by :func:`listen`)."""

    ws: Any
    latest: dict[str, Any]
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    errors: int = 0
    answers: int = 0  # updates telling of this seat's own move


def answers(msg: dict[str, Any]) -> bool:
    """Whether a state message tells of its seat's own move (``by``, or one of the
    ``moves`` when it tells of more than one). In a simultaneous step the other
    seat's move sends an update too (its plan finished), so a newer step alone does
    not mean the server has read this seat's move."""
    me = msg["seat"]
    return msg.get("by") == me or any(m.get("by") == me for m in msg.get("moves", ()))


async def listen(seat: Seat, tally: Tally) -> None:
    """Read ``seat``'s messages as they come. Both seats are read all the time, since
    a step may be one seat's alone (a secret plan, answered to its writer only)."""
    with contextlib.suppress(websockets.ConnectionClosed):
        async for raw in seat.ws:
            msg = json.loads(raw)
            if msg.get("type") == "error":
                tally.note_error(str(msg.get("message")))
                seat.errors += 1
            elif msg.get("type") == "state":
                seat.latest = msg
                seat.answers += answers(msg)
            seat.changed.set()


async def one_game(port: int, rng: random.Random, clock: Clock, max_actions: int, tally: Tally, first: bool) -> None:
    async with httpx.AsyncClient() as http:
        made = (await http.post(f"http://{HOST}:{port}/api/games", json={"game": clock.game, "opponent": "friend"}, timeout=30)).json()
    tokens = [made["token"], made["invite"].split("#token=", 1)[1]]
    url = f"ws://{HOST}:{port}/ws/{made['id']}"
    async with websockets.connect(url, max_size=1 << 22) as a, websockets.connect(url, max_size=1 << 22) as b:
        seats: list[Seat] = []
        for ws, token in zip((a, b), tokens, strict=True):
            await ws.send(json.dumps({"type": "hello", "token": token}))
            seats.append(Seat(ws, await next_state(ws, tally)))
        readers = [asyncio.create_task(listen(seat, tally)) for seat in seats]
        try:
            if first and await asyncio.wait_for(clock.ready.wait(), 300) == 0:
                clock.until = time.monotonic() + clock.seconds
                tally.started = (time.monotonic(), tally.cpu())
            await asyncio.sleep(0)
            await play(seats, rng, clock, max_actions, tally)
        finally:
            for task in readers:
                task.cancel()


async def play(seats: list[Seat], rng: random.Random, clock: Clock, max_actions: int, tally: Tally) -> None:
    """Random legal moves until the game ends, the phase does, or ``max_actions``."""
    done = 0
    while done < max_actions and time.monotonic() < clock.until:
        if any(seat.latest["terminal"] for seat in seats):
            return
        # a simultaneous step (secret plans) offers both seats actions: either may go first
        ready = [seat for seat in seats if seat.latest["actions"]]
        if not ready:  # the other seat's update is still on its way
            await any_change(seats)
            continue
        mover = rng.choice(ready)
        told, errors = mover.answers, mover.errors
        if clock.think:  # a person looks at the board first (the round trip starts when the move is sent)
            pause = rng.expovariate(1 / clock.think)
            if time.monotonic() + pause >= clock.until:  # it would move after the phase: it does not (moving at the
                await asyncio.sleep(max(0.0, clock.until - time.monotonic()))  # phase's last instant, all such players
                return  # at once, was a burst no person makes)
            seen = mover.latest
            await asyncio.sleep(pause)
            if mover.latest is not seen:  # an update came while it looked (the other seat's plan): look again
                continue
        start = time.perf_counter()
        mover.changed.clear()
        await mover.ws.send(json.dumps({"type": "act", "action": rng.choice(mover.latest["actions"])["text"]}))
        while mover.answers == told and mover.errors == errors:
            await asyncio.wait_for(mover.changed.wait(), 60)
            mover.changed.clear()
        if mover.errors != errors:  # refused (counted as an error): no round trip
            continue
        tally.round_trips.append(time.perf_counter() - start)
        tally.sent_at.append(time.monotonic() - (time.perf_counter() - start))
        tally.actions += 1
        done += 1


async def any_change(seats: list[Seat]) -> None:
    for seat in seats:
        seat.changed.clear()
    waits = [asyncio.ensure_future(seat.changed.wait()) for seat in seats]
    try:
        finished, _ = await asyncio.wait(waits, timeout=60, return_when=asyncio.FIRST_COMPLETED)
        if not finished:
            raise TimeoutError("no message from either seat in 60 s")
    finally:
        for w in waits:
            w.cancel()


async def next_state(ws: Any, tally: Tally) -> dict[str, Any]:
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 60))
        if msg.get("type") == "error":
            tally.note_error(str(msg.get("message")))
        elif msg.get("type") == "state":
            return msg


async def load(pid: int, port: int, games: int, seconds: float, max_actions: int, seed: int, think: float = 0.0, game: str = "ditch") -> Tally:
    tally = Tally(pid)
    clock = Clock(seconds, asyncio.Barrier(games), time.monotonic() + 600, think, game)
    rng = random.Random(seed)

    async def slot(i: int) -> None:
        game_rng = random.Random(rng.randrange(1 << 30) + i)
        first = True
        while time.monotonic() < clock.until and tally.actions < games * max_actions:
            try:
                await one_game(port, game_rng, clock, max_actions, tally, first)
            except (TimeoutError, OSError, httpx.HTTPError, websockets.WebSocketException, KeyError, ValueError):
                tally.errors += 1
                await asyncio.sleep(0.1)
            if first:
                first = False

    await asyncio.gather(*(slot(i) for i in range(games)))
    return tally


def phase(pid: int, port: int, games: int, seconds: float, max_actions: int, seed: int, think: float = 0.0, tail: str = "",
          game: str = "ditch") -> dict[str, float]:
    """One load phase of ``game``; with ``tail`` (a label, and the server's trace file when it is
    "dicefront"), the slowest 1% of its round trips are printed (:func:`print_tail`)."""
    tally = asyncio.run(load(pid, port, games, seconds, max_actions, seed, think, game))
    t0, cpu0 = tally.started
    if tail:
        print_tail(tally, tail)
    for text, n in tally.error_texts.items():  # a healthy server refuses none of a random player's legal moves
        print(f"  error x{n}: {text[:200]}")
    cpu, wall = cpu_seconds(pid) - cpu0, time.monotonic() - t0
    trips = sorted(tally.round_trips) or [float("nan")]
    return {
        "actions": tally.actions, "errors": tally.errors, "seconds": wall, "cpu": cpu, "games": games,
        "p50": trips[len(trips) // 2], "p99": trips[min(len(trips) - 1, int(len(trips) * 0.99))],
    }


def print_tail(tally: Tally, label: str) -> None:
    """The slowest 1% of the phase's round trips: when each began (seconds after play
    began), how long it took, and what the server noted meanwhile (``label`` "name=FILE":
    the server's trace, server/trace.py: collections, event-loop lag, slow commits)."""
    name, _, trace_file = label.partition("=")
    trips = sorted(zip(tally.round_trips, tally.sent_at, strict=True), reverse=True)
    slow = sorted(trips[: max(1, len(trips) // 100)], key=lambda t: t[1])
    start = tally.started[0]
    notes: list[tuple[float, str, float, str]] = []
    if trace_file and Path(trace_file).exists():
        for line in Path(trace_file).read_text().splitlines():
            when, what, took_ms, *detail = [*line.split(" ", 3), ""]
            notes.append((float(when), what, float(took_ms), detail[0].strip()))
    first = sum(1 for _, at in slow if at - start < 2.0)
    print(f"  {name}: slowest {len(slow)} of {len(trips)} round trips ({first} in the first 2 s of play); began at (s) / took (ms) / server noted")
    for took, at in slow:
        seen = [f"{kind} {ms:.0f} ms{' ' + detail[:12] if detail else ''} at {n_at - start:+.2f}" for n_at, kind, ms, detail in notes
                if n_at <= at + took and n_at + ms / 1000 >= at]
        print(f"    {at - start:7.2f} {1000 * took:7.1f}  {'; '.join(seen[:4]) or '-'}")


def merged(runs: list[dict[str, float]]) -> dict[str, float]:
    actions = sum(r["actions"] for r in runs)
    return {
        "actions": actions, "errors": sum(r["errors"] for r in runs),
        "actions_per_s": actions / max(1e-9, sum(r["seconds"] for r in runs)),
        "cpu_ms_per_action": 1000 * sum(r["cpu"] for r in runs) / max(1, actions),
        "p50_ms": 1000 * statistics.median(r["p50"] for r in runs), "p99_ms": 1000 * max(r["p99"] for r in runs),
        # closed loop (no --think): each game has one move under way at a time, so by Little's law games /
        # throughput is the mean time from one move of a game to its next (its round trip plus the client's
        # turn-around): a mean round trip under 100 ms at N games needs more than N / 0.1 s actions per second
        "games_over_x_ms": 1000 * runs[0]["games"] * sum(r["seconds"] for r in runs) / max(1, actions),
    }


def soak(pid: int, port: int, games: int, seconds: float, seed: int, names: list[str]) -> dict[str, float]:
    """The server alone for ``seconds``, in parts of at least 5 s, each part playing the
    next of ``names`` in turn; its RSS is sampled after each part."""
    samples: list[tuple[float, float]] = []
    start = time.monotonic()
    stop = start + seconds
    part = max(5.0, seconds / 20)
    actions = errors = 0
    while time.monotonic() < stop:
        game = names[len(samples) % len(names)]
        run = phase(pid, port, games, min(part, stop - time.monotonic()), 10**9, seed + len(samples), game=game)
        actions, errors = actions + int(run["actions"]), errors + int(run["errors"])
        samples.append((time.monotonic() - start, rss_mb(pid)))
    if len(samples) < 2:
        return {"rss_mb": samples[-1][1] if samples else 0.0, "slope_mb_per_min": 0.0, "actions": actions, "errors": errors}
    half = len(samples) // 2
    return {
        "rss_start_mb": samples[0][1], "rss_end_mb": samples[-1][1], "slope_mb_per_min": mb_per_min(samples),
        "first_half_mb_per_min": mb_per_min(samples[: half + 1]), "second_half_mb_per_min": mb_per_min(samples[half:]),
        "actions": actions, "errors": errors,
    }


def mb_per_min(samples: list[tuple[float, float]]) -> float:
    """The slope of RSS over time (least squares), in MB per minute (0 for fewer than two samples)."""
    if len(samples) < 2:
        return 0.0
    return 60 * statistics.linear_regression([t for t, _ in samples], [m for _, m in samples]).slope


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="20,200", help="concurrent games per phase, comma-separated")
    parser.add_argument("--seconds", type=float, default=15.0, help="length of each phase")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved reference/dicefront rounds per load")
    parser.add_argument("--actions", type=int, default=400, help="most actions per game in a phase")
    parser.add_argument("--soak", type=float, default=20.0, help="seconds of the memory soak (600: ten minutes; 0: none)")
    parser.add_argument("--soak-games", type=int, default=20)
    parser.add_argument("--db", default="", help="database URL for the server (default: a new SQLite file)")
    parser.add_argument("--deflate", action="store_true", help="serve with permessage-deflate")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", default="ditch", help="the games played, comma-separated, or 'all'; each gets its own table "
                        "against a reference sending its message shape, and the soak plays them in turn")
    parser.add_argument("--think", type=float, default=0.0,
                        help="players pause before each move (exponential, this mean in seconds): open-loop-like arrivals; "
                        "a player whose pause would end after the phase makes no more moves; 0: closed loop")
    parser.add_argument("--idle-minutes", default="0.5", help="the server's --idle-minutes ('': its default)")
    parser.add_argument("--tail", action="store_true",
                        help="print each phase's slowest 1%% of round trips: when they began, and what the server noted meanwhile "
                        "(its trace: collections, event-loop lag, slow commits; server/trace.py)")
    parser.add_argument("--profile", default="", help="sample the server with py-spy while it runs; raw stacks to this file, top functions printed")
    parser.add_argument("--reference-server", nargs=2, metavar=("PORT", "TEMPLATE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.reference_server:
        import uvicorn

        port, template = args.reference_server
        uvicorn.run(reference_app(template), host=HOST, port=int(port), log_level="warning", ws_per_message_deflate=args.deflate)
        return
    run(args)


def run(args: argparse.Namespace) -> None:
    work = Path(tempfile.mkdtemp(prefix="dicefront-load-"))
    db = args.db or str(work / "games.sqlite3")
    port = free_port()
    serve = [sys.executable, "-c", "from dicefront.cli import main; main()", "serve", "--db", db, "--port", str(port), "--step-delay", "0"]
    serve += ["--ws-deflate"] if args.deflate else []
    serve += ["--idle-minutes", args.idle_minutes] if args.idle_minutes else []
    trace = str(work / "trace.txt") if args.tail else ""
    env = dict(os.environ, DICEFRONT_TRACE=trace) if trace else None
    games_played = game_names(args.game)
    with process(serve, port, "/api/games", env) as server, profiled(server.pid, args.profile):
        loop = f"think {args.think:g} s (mean)" if args.think else "closed loop"
        print(f"seed {args.seed}; {args.rounds} interleaved rounds of {args.seconds:g} s per load; db {db.split('://')[0] if '://' in db else 'sqlite'}; {loop}; "
              f"load average {os.getloadavg()[0]:.1f}")
        for game in games_played:
            against_reference(args, work, server.pid, port, game, trace)
        if args.soak > 0:
            result = soak(server.pid, port, args.soak_games, args.soak, args.seed, games_played)
            print(f"soak ({', '.join(games_played)}):", json.dumps({k: round(v, 3) for k, v in result.items()}))


def game_names(spec: str) -> list[str]:
    """``--game``: comma-separated names, or ``all`` for every registered game."""
    from dicefront.core import registry

    known = registry.names()
    wanted = known if spec == "all" else [g.strip() for g in spec.split(",") if g.strip()]
    unknown = [g for g in wanted if g not in known]
    if unknown or not wanted:
        raise SystemExit(f"--game: unknown game {', '.join(unknown) or '(none given)'}; known: {', '.join(known)}, or all")
    return wanted


def against_reference(args: argparse.Namespace, work: Path, pid: int, port: int, game: str, trace: str) -> None:
    """The load table of one game: each load run against a reference that sends this
    game's message shape, the two interleaved round by round."""
    template = asyncio.run(grab_template(port, game))
    (work / f"template-{game}.json").write_text(json.dumps(template))
    ref_port = free_port()
    reference = [sys.executable, __file__, "--reference-server", str(ref_port), str(work / f"template-{game}.json")]
    reference += ["--deflate"] if args.deflate else []
    with process(reference, ref_port, "/ping") as ref:
        print(f"{game}:")
        print(f"{'games':>6} {'server':>10} {'actions':>8} {'act/s':>7} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} {'cpu ms/act':>10} {'cpu ratio':>9} {'N/X ms':>7}")
        for games in (int(g) for g in args.games.split(",")):
            runs: dict[str, list[dict[str, float]]] = {"reference": [], "dicefront": []}
            for r in range(args.rounds):
                ref_tail, tail = ("reference", f"dicefront={trace}") if args.tail else ("", "")
                runs["reference"].append(phase(ref.pid, ref_port, games, args.seconds, args.actions, args.seed + r, args.think, ref_tail, game))
                runs["dicefront"].append(phase(pid, port, games, args.seconds, args.actions, args.seed + r, args.think, tail, game))
            ref_row, row = merged(runs["reference"]), merged(runs["dicefront"])
            for name, m in (("reference", ref_row), ("dicefront", row)):
                ratio = m["cpu_ms_per_action"] / ref_row["cpu_ms_per_action"] if ref_row["cpu_ms_per_action"] else float("nan")
                print(f"{games:>6} {name:>10} {m['actions']:>8.0f} {m['actions_per_s']:>7.1f} {m['p50_ms']:>8.1f} "
                      f"{m['p99_ms']:>8.1f} {m['errors']:>6.0f} {m['cpu_ms_per_action']:>10.2f} {ratio:>9.2f} {m['games_over_x_ms']:>7.1f}")
            print(f"{'':>6} load average {os.getloadavg()[0]:.1f}")


@contextlib.contextmanager
def profiled(pid: int, out: str) -> Iterator[None]:
    """Sample ``pid`` with py-spy (every thread, while it runs Python) into ``out``
    (raw collapsed stacks), then print the functions with the most samples."""
    if not out:
        yield
        return
    spy = subprocess.Popen(["py-spy", "record", "-p", str(pid), "--format", "raw", "--nolineno", "--gil", "--rate", "200", "-o", out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        yield
    finally:
        spy.send_signal(2)
        spy.wait(60)
        print_profile(out)


def print_profile(path: str, top: int = 25) -> None:
    own: dict[str, int] = {}
    total: dict[str, int] = {}
    samples = 0
    for line in Path(path).read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        n = int(count)
        samples += n
        frames = stack.split(";")
        own[frames[-1]] = own.get(frames[-1], 0) + n
        for frame in set(frames):
            total[frame] = total.get(frame, 0) + n
    print(f"profile: {samples} samples; self and inclusive share of all samples")
    for frame, n in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  self {100 * n / samples:5.1f}%  incl {100 * total[frame] / samples:5.1f}%  {frame[:110]}")
    print("  -- inclusive --")
    for frame, n in sorted(total.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  incl {100 * n / samples:5.1f}%  {frame[:110]}")


async def grab_template(port: int, game: str) -> dict[str, Any]:
    """A real state message of ``game`` (the mover's greeting) as the reference's message shape."""
    async with httpx.AsyncClient() as http:
        made = (await http.post(f"http://{HOST}:{port}/api/games", json={"game": game, "opponent": "friend"}, timeout=30)).json()
    tokens = [made["token"], made["invite"].split("#token=", 1)[1]]
    for token in tokens:
        async with websockets.connect(f"ws://{HOST}:{port}/ws/{made['id']}", max_size=1 << 22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            with contextlib.suppress(asyncio.TimeoutError):
                for _ in range(20):
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 3))
                    if msg.get("type") == "state" and msg["actions"]:
                        return dict(msg)
    raise SystemExit("could not read a state message with actions from the server")


if __name__ == "__main__":
    main()
