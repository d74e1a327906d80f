"""`--backend ray --address`: joining a real two-node Ray cluster started with `ray start`.

The head node (`ray start --head`) and a second node joining it (`ray start --address`)
are throwaway ones, one CPU each (their own port, temp dir and process groups, with
token authentication as Ray 2.60 sets it up by default); the lab runs in a subprocess,
as a designer would run it, so the session's in-process Ray instance (conftest.py's
``local_ray``) is not touched. Which node ran which games is read from the lab's log
(``DICEFRONT_LOG=info``, on stderr), so the lab's JSON stays what it is."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dicefront
from dicefront.cli import app
from dicefront.lab.backends import LabError, join_error
from tests.lab.conftest import need

SRC = str(Path(dicefront.__file__).resolve().parents[1])
GAMES = 16
BALANCE = ["lab", "balance", "ditch", "--agents", "greedy,greedy", "--games", str(GAMES), "--seed", "11", "--json"]
"""Greedy games, so that a batch lasts longer than a node's start of its first worker: the
first node to get a worker does not finish the whole run before the other one joins in."""
START_WAIT_S = 120.0
"""Bound on waiting for a node to come up (a loaded machine is slow, not a test of speed)."""
SUMMARY = re.compile(rf"dicefront\.lab\.backends: {GAMES} games on (\d+) Ray nodes: (.*)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _unavailable(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _ray_cli() -> list[str]:
    script = Path(sys.executable).with_name("ray")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from ray.scripts.scripts import main; main()"]


def _env(token: str | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env["PYTHONPATH"] = os.pathsep.join([SRC, *filter(None, [os.environ.get("PYTHONPATH")])])
    if token is not None:
        env |= {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token}
    return env


def _default_address_file() -> tuple[bool, str]:
    """Ray's pointer to "the latest cluster" (ray.init() without an address joins it):
    this test's head must leave it alone, or other tests' local instances go astray."""
    path = Path(tempfile.gettempdir()) / "ray" / "ray_current_cluster"
    return path.exists(), path.read_text(errors="replace") if path.exists() else ""


def _stop(head: subprocess.Popen[bytes]) -> None:
    """The head and everything it started share its process group: TERM, then KILL."""
    for sig, wait_s in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 10.0)):
        try:
            os.killpg(head.pid, sig)
        except ProcessLookupError:
            return
        try:
            head.wait(timeout=wait_s)
        except subprocess.TimeoutExpired:
            continue
        if sig == signal.SIGTERM:
            time.sleep(1.0)  # the raylet's children leave after the head process


def _start(command: list[str], token: str, log: Path) -> subprocess.Popen[bytes]:
    """A `ray start ... --block` in its own process group, once its log says it runs."""
    with log.open("wb") as out:
        node = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=_env(token), start_new_session=True)
    deadline = time.monotonic() + START_WAIT_S
    while "Ray runtime started" not in log.read_text(errors="replace"):
        if node.poll() is not None or time.monotonic() > deadline:
            _stop(node)
            _unavailable(f"`{' '.join(command[-12:])}` did not start: {log.read_text(errors='replace')[-400:]}")
        time.sleep(0.5)
    return node


@pytest.fixture(scope="module")
def ray_head() -> Iterator[tuple[str, str]]:
    """(address, token) of a cluster of two one-CPU nodes: `ray start --head --block`
    and `ray start --address HEAD --block`."""
    need("ray")
    token, port = secrets.token_hex(32), _free_port()
    pointer = _default_address_file()
    tmp = tempfile.mkdtemp(prefix="dflab-ray-", dir="/tmp")  # short: Ray's socket paths must fit 107 bytes
    address, nodes = f"127.0.0.1:{port}", []
    common = ["--num-cpus", "1", "--disable-usage-stats", "--block"]
    try:
        nodes.append(_start([*_ray_cli(), "start", "--head", "--port", str(port), "--include-dashboard=false",
                             "--temp-dir", tmp, *common], token, Path(tmp) / "head.log"))
        nodes.append(_start([*_ray_cli(), "start", "--address", address, *common], token, Path(tmp) / "node.log"))
        yield address, token
    finally:
        for node in reversed(nodes):
            _stop(node)
        shutil.rmtree(tmp, ignore_errors=True)
    assert _default_address_file() == pointer, "the head node changed Ray's default cluster address file"


def _lab(address: str, token: str | None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "dicefront.cli", *BALANCE, "--backend", "ray", "--address", address, "--workers", "2"]
    env = _env(token) | {"DICEFRONT_LOG": "info"}
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)


def test_joining_a_cluster_runs_on_both_nodes_and_gives_the_local_numbers(ray_head: tuple[str, str]) -> None:
    address, token = ray_head
    joined = _lab(address, token)
    assert joined.returncode == 0, joined.stderr[-800:]
    assert "Connected to Ray cluster" in joined.stderr  # joined, not started a new local instance
    local = CliRunner().invoke(app, [*BALANCE, "--workers", "1"])
    assert json.loads(joined.stdout) == json.loads(local.stdout)
    summary = [m for m in map(SUMMARY.search, joined.stderr.splitlines()) if m]
    assert len(summary) == 1 and summary[0].group(1) == "2", joined.stderr[-800:]
    shipped = re.findall(r"\(dicefront from ([^)]*)\)", summary[0].group(2))
    assert len(shipped) == 2 and all("runtime_resources" in path for path in shipped)  # the driver's copy


def test_joining_without_the_token_setting_says_what_is_missing(ray_head: tuple[str, str]) -> None:
    address, _ = ray_head
    refused = _lab(address, None)
    assert refused.returncode == 2 and refused.stdout == ""
    last = refused.stderr.strip().splitlines()[-1]
    assert last.startswith("error: cannot join the Ray cluster") and "RAY_AUTH_MODE=token" in last
    assert "Traceback" not in refused.stderr


def test_the_token_hint_is_only_given_when_token_mode_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    assert "RAY_AUTH_MODE=token" in str(join_error("h:1", ConnectionError("Failed to connect\nmore")))
    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    message = str(join_error("h:1", ConnectionError("Failed to connect\nmore")))
    assert isinstance(join_error("h:1", ConnectionError("x")), LabError)
    assert message == "cannot join the Ray cluster at 'h:1': Failed to connect"
