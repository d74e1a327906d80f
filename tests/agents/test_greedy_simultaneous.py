"""Greedy at a simultaneous step (Hell's Ditch plans): each seat values its plan
against guesses of the other side's hidden plan, played through to the dice, so the
seat that writes first is not left choosing blind (it used to: its orders were valued
before the step was carried out, all alike, and it played at random)."""

from __future__ import annotations

import random

import pytest

from dicefront.agents import GreedyAgent
from dicefront.core import agent_copy
from dicefront.games.hells_ditch.rules import HellsDitchState
from tests.games.hells_ditch.helpers import new, put, write

VILLAGE = ("hogjaw", "hrunt")
"""A village next to each side's stronghold (Black's, White's)."""


def one_raze_from_victory(player: int) -> HellsDitchState:
    """``player`` has 6 loot, its W1 stands in an unrazed village and it has laid the
    1/3 counter (one order: razing wins at the end of the step); the other side has
    written its plan first when ``player`` is White."""
    state = new()
    state.loot[player] = 6
    put(state, player, 1, VILLAGE[player])
    if player == 1:
        write(state, 0, "counter 1/3", "w1 move hogjaw")
    write(state, player, "counter 1/3")
    return state


@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("seed", range(6))
def test_greedy_writes_the_winning_order_from_either_seat(player: int, seed: int) -> None:
    state = one_raze_from_victory(player)
    rng = random.Random(seed)
    choice = GreedyAgent().choose(agent_copy(state, player, rng), player, rng)
    assert str(choice) == f"w1 raze {VILLAGE[player]}", f"seed {seed}: player {player} wrote {choice}"


def test_the_guesses_come_from_the_agents_rng() -> None:
    """The same RNG gives the same scores; the values are the game's own, in [-1, 1]."""
    state = one_raze_from_victory(0)
    first = GreedyAgent().scores(state.clone(), 0, random.Random(4))
    again = GreedyAgent().scores(state.clone(), 0, random.Random(4))
    assert first == again
    assert all(-1.0 <= v <= 1.0 for _, v in first)
    best = max(first, key=lambda av: av[1])
    assert str(best[0]) == "w1 raze hogjaw" and best[1] == 1.0
