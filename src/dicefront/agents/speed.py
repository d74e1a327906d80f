"""How fast the MCTS agent searches a game: iterations per second over a few positions
reached by random play (``dicefront bench`` reports it)."""

from __future__ import annotations

import random
import time
from typing import Any

from ..core.game import Game, State
from .common import Budget, sample_outcome
from .mcts import NO_LIMIT, MCTSAgent


def mcts_iterations_per_second(game: Game[Any, Any], seconds: float, rng: random.Random, agent: MCTSAgent | None = None) -> float:
    """MCTS iterations per second on ``game``: searches for ``seconds`` in total,
    spread over a few positions reached by random play from a new game."""
    agent = agent or MCTSAgent(seconds=1.0)
    positions = _sample_positions(game, rng, 4)
    per = max(seconds / len(positions), 0.01)
    done = 0
    spent = 0.0
    for state in positions:
        player = state.actors[0]
        start = time.perf_counter()
        agent.search(state, player, rng, Budget(NO_LIMIT, per))
        spent += time.perf_counter() - start
        done += agent.last_iterations
    return done / spent if spent > 0 else 0.0


def _sample_positions(game: Game[Any, Any], rng: random.Random, count: int) -> list[State]:
    """Decision positions from random games (after set-up when the game is long enough)."""
    out: list[State] = []
    tries = 0
    while len(out) < count and tries < 20 * count:
        tries += 1
        state = game.new_state()
        steps = rng.randrange(20, 80)
        for _ in range(steps):
            if state.is_terminal:
                break
            if state.is_chance:
                state.push_chance(sample_outcome(state, rng))
            else:
                mover = state.actors[0]
                actions = state.legal_actions(mover)
                state.push(actions[rng.randrange(len(actions))], mover)
        while state.is_chance and not state.is_terminal:
            state.push_chance(sample_outcome(state, rng))
        if not state.is_terminal and len(state.legal_actions(state.actors[0])) > 1:
            out.append(state)
    if not out:
        out.append(game.new_state())
    return out
