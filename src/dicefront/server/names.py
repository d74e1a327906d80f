"""Player names: chosen in the lobby (kept in the browser), sent when a game is made or
joined and in a seat's websocket hello, stored with the seat. A name is one line of
1 to 24 characters of text; anything else is refused with a one-line error. Names are
text, never markup: the client shows them as text (a ``<b>`` stays the four characters)."""

from __future__ import annotations

import unicodedata
from typing import Any

from ..core.errors import DicefrontError
from ..core.seats import default_seat_name

MAX_NAME = 24


class PlayerNameError(DicefrontError):
    """A player name that is not one short line of text."""


def clean_name(value: Any) -> str | None:
    """The name to store (spaces collapsed, Unicode NFC), or None when none was given
    (null or blank: the seat keeps its default name)."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise PlayerNameError("a player name must be text")
    if len(value) > 4 * MAX_NAME:
        raise PlayerNameError(f"a player name has at most {MAX_NAME} characters")
    bad = next((c for c in value if unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp")), None)
    if bad is not None:
        raise PlayerNameError(f"a player name cannot contain control or invisible characters (U+{ord(bad):04X})")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise PlayerNameError(f"a player name has at most {MAX_NAME} characters, not {len(name)}")
    return name


def default_name(seat: int) -> str:
    """An unnamed seat's person name: the name games show for the seat (core.game)."""
    return default_seat_name(seat)
