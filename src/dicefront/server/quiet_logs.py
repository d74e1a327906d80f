"""Client mistakes that uvicorn logs with a traceback, cut to one line: a client can
send them at will, so each would otherwise add a stack trace to the server's log."""

from __future__ import annotations

import logging

ONE_LINE = ("Invalid UTF-8 sequence received from client",)  # uvicorn.error messages about client input


class ClientMistakes(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and record.msg.startswith(ONE_LINE):
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def install() -> None:
    """Add the filter to uvicorn's error logger (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientMistakes) for f in logger.filters):
        logger.addFilter(ClientMistakes())
