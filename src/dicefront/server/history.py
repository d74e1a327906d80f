"""A seat's numbered move list during a live game, and the board as that seat saw it
after any of its moves (read-only).

Built only from what the seat has already been told: entry k is the k-th update the
seat heard of (its ``step`` counter), so a Hell's Ditch secret step of the other side
is neither listed nor numbered before it is revealed, and the list's length is the
``step`` the seat already knows. The board after entry k is the real state at the
moment the seat was told of it, drawn for the seat (what it was shown then)."""

from __future__ import annotations

from typing import Any

from ..core.errors import DicefrontError
from ..core.game import State
from ..core.record import Step
from .live import LiveGame, Viewer, rolls


class HistoryError(DicefrontError):
    """A move-list request that names no move this seat has seen."""


def move_list(live: LiveGame, seat: Viewer) -> dict[str, Any]:
    """``{"type": "moves", "moves": [{"n", "events"}]}``: every update ``seat`` heard of."""
    moves = [{"n": i + 1, "events": LiveGame.events_for(live.game, steps, seat), "by": steps[-1].player if steps else None}
             for i, (_, steps) in enumerate(live.marks[seat])]
    return {"type": "moves", "step": live.visible_length(seat), "moves": moves}


def frame_number(value: Any, live: LiveGame, seat: Viewer) -> tuple[int, int]:
    """The move number a ``frame`` message asks for and the record length it stands
    for; HistoryError unless it is one this seat has seen (0: the start)."""
    known = len(live.marks[seat])
    if type(value) is not int or not 0 <= value <= known:
        raise HistoryError(f"a 'frame' message needs a 'step' from 0 to {known} (the moves you have seen)")
    return value, live.marks[seat][value - 1][0] if value else 0


def position(live: LiveGame, seat: Viewer, n: int, steps: list[Step]) -> dict[str, Any]:
    """The ``frame`` message: the board after move ``n`` as ``seat`` saw it; ``steps``
    are the record's first steps up to that moment (taken on the event loop, so the
    live game may move on while this runs in a worker thread)."""
    state = _replayed(live, steps)
    told = live.marks[seat][n - 1][1] if n else []
    return {
        "type": "frame",
        "step": n,
        "svg": live.game.render_svg(state, seat),
        "status": state.status_text(),
        "events": LiveGame.events_for(live.game, told, seat),
        "rolls": rolls(live.game, told, seat, live.sides),
    }


def _replayed(live: LiveGame, steps: list[Step]) -> State:
    state = live.game.new_state()
    for step in steps:
        if step.player is None:
            if step.outcome is None:
                raise HistoryError("a stored chance step has no outcome")
            state.apply_chance(step.outcome)
        else:
            state.apply(live.game.parse_action(state, step.action or "", step.player), step.player)
    return state
