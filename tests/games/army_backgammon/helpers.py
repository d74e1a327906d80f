"""Building positions for Army Man Backgammon rule tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from dicefront.core import Roll, random_step
from dicefront.games.army_backgammon import ArmyBackgammonGame
from dicefront.games.army_backgammon.rules import ArmyState
from dicefront.games.army_backgammon.tactics import Man

Spec = tuple[Any, ...]


def game(**options: Any) -> ArmyBackgammonGame:
    """The game with ``options`` validated exactly as ``dicefront.load`` does."""
    return ArmyBackgammonGame(**options)


def position(men: dict[str, Spec], player: int = 0, **options: Any) -> ArmyState:
    """A state at the start of ``player``'s turn, before the roll, with exactly these
    men: ``{"G1": (row, "rifle", "kneeling", "sgt", "det")}`` (weapons joined by /)."""
    st = game(**options).new_state()
    st.men = {}
    for name, (row, weapons, stance, *flags) in men.items():
        owner = 0 if name[0] == "G" else 1
        st.men[name] = Man(owner, row, tuple(weapons.split("/")), stance, "sgt" in flags, "det" in flags)
    st.first, st.tasks = player, ()
    st.start_turn(player)
    return st


def roll(st: ArmyState, *faces: int) -> list[Any]:
    return st.apply_chance(Roll(tuple(sorted(faces))))


def act(st: ArmyState, text: str) -> list[Any]:
    player = st.actors[0]
    return st.apply(st.game.parse_action(st, text, player), player)


def legal(st: ArmyState) -> list[str]:
    return [str(a) for a in st.legal_actions(st.actors[0])] if st.actors else []


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def after_each_step(game: Any, rng: random.Random, games: int) -> Iterator[Any]:
    """The state after every step (dice and uniform random moves) of ``games`` seeded games."""
    for _ in range(games):
        st = game.new_state()
        while random_step(st, rng):
            yield st
