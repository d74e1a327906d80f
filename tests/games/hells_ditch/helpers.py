"""Position builders for the Hell's Ditch rule tests."""

from __future__ import annotations

from typing import Any

from dicefront.games.hells_ditch import HellsDitchGame
from dicefront.games.hells_ditch.rules import HellsDitchState


def game(**options: Any) -> HellsDitchGame:
    """The game with ``options`` validated exactly as ``dicefront.load`` does."""
    return HellsDitchGame(**options)


def new(**options: Any) -> HellsDitchState:
    return game(**options).new_state()


def put(state: HellsDitchState, player: int, band: int, where: str | None, hp: int = 5) -> None:
    """Place a warband (None: eliminated) directly through the state's fields."""
    state.loc[player][band - 1] = where
    state.hp[player][band - 1] = hp if where is not None else 0


def write(state: HellsDitchState, player: int, *texts: str) -> list[Any]:
    """Enter a plan (or fight decisions) in notation, as a person would type it."""
    events: list[Any] = []
    for text in texts:
        action = state.game.parse_action(state, text, player)
        events += state.apply(action, player)
    return events


def fight_at_hogjaw(black: str = "counter 1/3", white: str = "counter 1/3", **options: Any) -> HellsDitchState:
    """White's W1 waits in Hogjaw; Black's W1 walks in: a fight, dice about to roll."""
    state = new(**options)
    put(state, 1, 1, "hogjaw")
    write(state, 0, black, "w1 move hogjaw", *(["done"] if black != "counter 1/3" else []))
    write(state, 1, white, "done")
    return state


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]
