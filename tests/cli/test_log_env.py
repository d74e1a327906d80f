"""``DICEFRONT_LOG``: Dicefront's log messages on stderr, stdout left alone; a bad level
is refused in one line."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import dicefront
from dicefront.cli import log_to_stderr

SRC = str(Path(dicefront.__file__).resolve().parents[1])


def _cli(level: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"DICEFRONT_LOG": level, "PYTHONPATH": SRC}
    return subprocess.run([sys.executable, "-m", "dicefront.cli", *args], capture_output=True, text=True, env=env,
                          timeout=120)


@pytest.fixture
def dicefront_logger() -> Iterator[logging.Logger]:
    logger = logging.getLogger("dicefront")
    handlers, level = list(logger.handlers), logger.level
    yield logger
    logger.handlers[:], logger.level = handlers, level


def test_a_bad_level_is_refused_in_one_line() -> None:
    refused = _cli("loud[red]\nsecond", "games")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip().splitlines() == ["error: DICEFRONT_LOG must be one of debug, info, warning, error, "
                                                   "got 'loud[red]\\nsecond'"]


def test_a_level_sends_dicefront_messages_to_stderr(dicefront_logger: logging.Logger,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    log_to_stderr("INFO")
    logging.getLogger("dicefront.lab.backends").info("ran on node %s", "n1")
    logging.getLogger("dicefront.lab.backends").debug("not shown")
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == "dicefront.lab.backends: ran on node n1\n"


def test_the_output_is_the_same_with_logging_on() -> None:
    assert _cli("debug", "games").stdout == _cli("", "games").stdout != ""
