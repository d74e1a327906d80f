"""The name people are shown for a seat when nothing better names it (the game gives
its sides no names and the player gave none): 1-based, as the server's lobby and
banner count seats. Engine code keeps 0-based seat numbers; event texts keep the
0-based "Player 0" that stored records hold (``Game.player_name``)."""

from __future__ import annotations


def default_seat_name(seat: int) -> str:
    """"Player 1" for seat 0, "Player 2" for seat 1."""
    return f"Player {seat + 1}"
