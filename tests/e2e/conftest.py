"""End-to-end fixtures: a real `dicefront serve` process on a free port of
127.0.0.1 with a temporary database, and Debian's Chromium driven by Playwright
(``scripts/install-browser.sh`` installs it; never ``playwright install``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = os.environ.get("DICEFRONT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


DICE_SEED = int(os.environ.get("DICEFRONT_E2E_DICE_SEED", "20261125"))
"""The test servers' dice seed (``serve --dice-seed``; the environment variable
``DICEFRONT_E2E_DICE_SEED`` sets another): a server makes its games' ids, and through
them their dice, from it, so a test run alone meets the same dice on a re-run (run with
others, its dice depend on how many games its server made before)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(db: Path, *extra: str) -> Iterator[str]:
    """A `dicefront serve` process on a free port with the database ``db`` (and any
    further command-line options); its URL."""
    port = _free_port()
    code = "from dicefront.cli import main; main()"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--db", str(db), "--step-delay", "0.05",
            "--dice-seed", str(DICE_SEED), *extra]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(url + "/api/games", timeout=1)
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    raise RuntimeError(f"dicefront serve did not start: {err}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory.mktemp("e2e") / "games.sqlite3") as url:
        yield url


@pytest.fixture(scope="session")
def server_url_no_pause(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with no pause before dice rolls and computer moves (a move and the dice
    rolled right after it reach the page as one update)."""
    with serve(tmp_path_factory.mktemp("e2e0") / "games.sqlite3", "--step-delay", "0") as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        message = f"no Chromium at {CHROMIUM}: run scripts/install-browser.sh (bash scripts/test.sh does)"
        if os.environ.get("CI"):
            pytest.fail(message)  # in CI a missing browser is a broken set-up, not a skip
        pytest.skip(message)
    from playwright import sync_api
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: Any) -> Iterator[Any]:
    """``new_page()``: a page in a fresh browser context (a separate person); page
    errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make() -> Any:
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
