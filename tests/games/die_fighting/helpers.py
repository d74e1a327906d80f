"""Building Die Fighting positions for rule tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dicefront.core.grid import Grid
from dicefront.games.die_fighting import DieFightingGame
from dicefront.games.die_fighting.constants import Phase
from dicefront.games.die_fighting.rules import DieFightingState
from dicefront.games.die_fighting.tables import Unit

OPEN = ["." * 10] * 10


def game(**options: Any) -> DieFightingGame:
    """The game with ``options`` validated exactly as ``dicefront.load`` does."""
    return DieFightingGame(**options)


def write_map(tmp: Path, rows: list[str], name: str = "test_map") -> str:
    path = tmp / f"{name}.toml"
    layout = "\n".join(rows)
    path.write_text(f'name = "Test"\nlayout = """\n{layout}\n"""\n', encoding="utf-8")
    return str(path)


def cell(name: str) -> tuple[int, int]:
    c = Grid(26, 99).parse(name)
    assert c is not None
    return c


def position(tmp: Path, units: list[tuple[int, str, str, int | None]], rows: list[str] | None = None,
             stage: str = "move", player: int = 0, **options: Any) -> DieFightingState:
    """A state in round 1 with ``units`` (owner, "KIND[/CMD]", square, points or None
    for full) on a map drawn as ``rows``; ``player`` activates first."""
    g = game(map=write_map(tmp, rows or OPEN), **options)
    st = g.new_state()
    st.army = [{}, {}]
    st.south, st.roll_winner = 0, 0
    for owner, key, square, points in units:
        kind, _, cmd = key.partition("/")
        card = g.table.units[kind]
        st._place(st.next_id, Unit(owner, kind, cmd, cell(square), card.die if points is None else points,
                                   card.uses if card.ranged else 0))
        st.next_id += 1
    st.round, st.first, st.stage = 1, player, stage
    st.phase = Phase.MOVE if stage == "move" else Phase.COMBAT
    st.player = player
    return st


def act(st: DieFightingState, text: str, player: int | None = None) -> list[Any]:
    p = st.player if player is None else player
    return st.apply(st.game.parse_action(st, text, p), p)


def texts(st: DieFightingState, player: int | None = None) -> list[str]:
    return [str(a) for a in st.legal_actions(st.player if player is None else player)]


def points_at(st: DieFightingState, square: str) -> int | None:
    u = st.unit_at(cell(square))
    return None if u is None else u.points
