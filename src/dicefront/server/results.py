"""Who plays a seat, the players list and a game's result, as people see them; a
finished game's lobby summary from its stored row."""

from __future__ import annotations

from typing import Any

from ..agents import resolved_spec
from ..core.errors import DicefrontError
from ..core.game import Game, State
from . import ending
from .game_cache import shared_game
from .names import default_name
from .storage import GameRow, InPlay, Seat


def who_of(seats: list[Seat], seat: int) -> str:
    """A seat's player as people see it: its chosen name, else "Player <seat + 1>"."""
    return seats[seat].name or default_name(seat)


def who_and_side_of(game: Game[Any, Any], seats: list[Seat], seat: int) -> str:
    """The player's name with the side it plays when the game names sides ("Ann (Green)")."""
    side = game.seat_name(seat)
    return who_of(seats, seat) if side.startswith("Player ") else f"{who_of(seats, seat)} ({side})"


def players_of(game: Game[Any, Any], seats: list[Seat], online: set[int]) -> list[dict[str, Any]]:
    return [
        {
            "seat": i,
            "name": game.seat_name(i),  # the side's name, else "Player <seat + 1>"
            "person": who_of(seats, i),  # the player's chosen name, or "Player <seat + 1>" (names.py)
            "kind": seat.kind,
            "agent": seat.agent if seat.kind == "computer" else None,
            "joined": seat.joined or seat.kind == "computer",
            "online": seat.kind == "computer" or i in online,
        }
        for i, seat in enumerate(seats)
    ]


def result_of(
    game: Game[Any, Any], seats: list[Seat], ended: dict[str, Any] | None, returns: tuple[float, ...] | list[float]
) -> dict[str, Any]:
    """A finished game's result: an agreed ending (ending.py) or the returns of play."""
    if ended is not None:
        return ending.result(ended, lambda seat: who_of(seats, seat))
    winner = 0 if returns[0] > returns[1] else 1 if returns[1] > returns[0] else None
    text = "Draw" if winner is None else f"{who_and_side_of(game, seats, winner)} wins"
    return {"returns": list(returns), "winner": winner, "text": text}


def open_seat_of(seats: list[Seat]) -> int | None:
    """The seat a stranger may claim from the lobby, if any."""
    for i, seat in enumerate(seats):
        if seat.kind == "human" and seat.open and not seat.joined:
            return i
    return None


def in_play_of(seats: list[Seat], state: State, shown: int) -> InPlay:
    """What the lobby shows of a game in play at ``state`` (``shown``: the step count
    spectators were shown), stored with its steps."""
    automatic = state.is_chance or any(seats[p].kind == "computer" for p in state.actors)
    return InPlay(shown, state.status_text(), automatic)


def listed_new(row: GameRow, game: Game[Any, Any]) -> GameRow:
    """A new game's row with what the lobby shows of it and the spec each computer seat
    stands for now (a level resolved to ``game``'s spec for it), stored with the row."""
    playing = in_play_of(row.seats, game.new_state(), 0)
    row.shown, row.status_line, row.shown_at, row.automatic = 0, playing.status_line, 0, playing.automatic
    row.agent_specs = [resolved_spec(s.agent, game) if s.kind == "computer" else None for s in row.seats]
    return row


def in_play_summary(row: GameRow, length: int) -> dict[str, Any] | None:
    """The lobby summary of a game in play of ``length`` stored steps from its row alone
    (no replay), as :meth:`LiveGame.summary` gives it; None when the row does not tell it
    (stored before schema version 6, or steps were added without it)."""
    if row.status_line is None or row.shown is None or row.shown_at != length:
        return None
    game = shared_game(row.game, row.options, row.data_files, stored=True)
    return {
        "id": row.id, "game": game.name, "title": game.title, "options": row.options, "created": row.created, "steps": row.shown,
        "status": row.status_line, "finished": False, "open": open_seat_of(row.seats) is not None, "result": None,
        "players": players_of(game, row.seats, set()),
    }


def stored_summary(row: GameRow, length: int) -> dict[str, Any] | None:
    """The lobby summary of a finished game of ``length`` stored steps from its row
    alone (no replay), as :meth:`LiveGame.summary` gives it; None for a game with
    simultaneous phases ended before its count of steps shown was stored (it needs the
    replay: a secret sequence counts once)."""
    game = shared_game(row.game, row.options, row.data_files, stored=True)
    if row.shown is None and game.spec.simultaneous:
        return None
    ended = ending.parse(row.status)
    if ended is None and row.returns is None:
        raise DicefrontError("a finished game without its result")
    result = result_of(game, row.seats, ended, row.returns or [])
    return {
        "id": row.id, "game": game.name, "title": game.title, "options": row.options, "created": row.created, "steps": length if row.shown is None else row.shown,
        "status": result["text"], "finished": True, "open": False, "result": result, "players": players_of(game, row.seats, set()),
    }
