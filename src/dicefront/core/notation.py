"""Helpers for reading action notation typed by people or read from files.

Notation text is hostile input. Python's ``str.isdigit`` accepts superscripts
(``²``), Arabic-Indic and fullwidth digits, and ``int()`` then either fails or
accepts them; ``int()`` also refuses more than 4300 digits. Every number in
notation is therefore read with :func:`ascii_int`: plain ASCII decimal digits
only, with a bound on their count. Parsers return None for anything else, and
the game turns that into a NotationError."""

from __future__ import annotations

MAX_NOTATION_CHARS = 200
"""Longer text is not an action of any game; parsers do no work on it."""

MAX_DIGITS = 6
"""Default bound on the digits of one number in notation."""

_DIGITS = frozenset("0123456789")


def ascii_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """The non-negative integer written as 1 to ``max_digits`` ASCII digits, else None."""
    if not 0 < len(text) <= max_digits or not _DIGITS.issuperset(text):
        return None
    return int(text)


def ascii_signed_int(text: str, max_digits: int = MAX_DIGITS) -> int | None:
    """Like :func:`ascii_int`, with one optional leading ``-``."""
    if text.startswith("-"):
        value = ascii_int(text[1:], max_digits)
        return None if value is None else -value
    return ascii_int(text, max_digits)


def notation_words(text: str) -> list[str]:
    """The whitespace-separated words of ``text``; no words for text too long to be
    an action, so every parser refuses it without further work."""
    if len(text) > MAX_NOTATION_CHARS:
        return []
    return text.split()


def ascii_word(word: str) -> str | None:
    """``word`` if it is plain ASCII, else None. Use before ``upper()``/``lower()``
    when the result is compared with ASCII notation: ``'\\u017f'.upper()`` (long s) is ``'S'`` and
    ``'\\u212a'.lower()`` (the Kelvin sign) is ``'k'``."""
    return word if word.isascii() else None
