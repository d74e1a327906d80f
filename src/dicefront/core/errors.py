"""Typed errors. Every error a user can provoke is a ``ValueError`` subclass whose
message names what was wrong, so the CLI, the server and tests can show it as is."""

from __future__ import annotations

from .seats import default_seat_name


class DicefrontError(ValueError):
    """Base of every error raised on bad input."""


class UnknownGameError(DicefrontError, KeyError):
    """A game name that is not in the registry."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class OptionError(DicefrontError):
    """An unknown option, or a value of the wrong type or out of range."""


class DataFileError(DicefrontError):
    """A board, map, unit table or card list that failed validation."""


MAX_SHOWN = 80
"""Longest piece of user-supplied text an error message repeats."""


def shown(text: str) -> str:
    """``text`` cut to at most MAX_SHOWN characters for an error message."""
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


class IllegalActionError(DicefrontError):
    """An action that is not legal for that player in that state.

    The state is unchanged after this error."""

    def __init__(self, action: object, player: int | None, reason: str) -> None:
        self.action = action
        self.player = player
        self.reason = reason
        who = "chance" if player is None else default_seat_name(player)
        super().__init__(f"{shown(str(action))} by {who}: {reason}")


class NotationError(DicefrontError):
    """Text that does not parse as an action of the game at all.

    A sibling of IllegalActionError, not a kind of it: the text never became an
    action. The message names the text, who typed it (when known) and the reason."""

    def __init__(self, text: str, player: int | None, reason: str) -> None:
        self.text = text
        self.player = player
        self.reason = reason
        who = "" if player is None else f" by {default_seat_name(player)}"
        super().__init__(f"{shown(repr(text))}{who}: {reason}")

    def by(self, player: int) -> NotationError:
        """The same error, naming ``player`` as the one who typed the text."""
        return NotationError(self.text, player, self.reason)


class StateFormatError(DicefrontError):
    """A saved position (state JSON) that is corrupt or belongs to another game."""


class ReplayError(DicefrontError):
    """A replay file that is corrupt, of another version, or does not re-run."""


class AgentError(DicefrontError):
    """An unknown agent name or bad agent parameters."""
