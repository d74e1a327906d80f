"""CPU to cut and diff a seat's board each step (server/board_diff.py), over seeded
random Ditch games: the board split whole, against the pieces the svg role's
``render_pieces`` hands out already cut (the squares that did not change being the
same objects as the step before).

    python benchmarks/board_cut.py

Prints microseconds per seat and step for cutting and for diffing."""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable
from typing import Any

import dicefront
from dicefront.core.match import roll
from dicefront.server.board_diff import SEP, diff, pieces

STEPS = 3000


def boards(seed: int) -> list[list[list[str]]]:
    """Each step's pieces of both seats' boards."""
    rng = random.Random(seed)
    game = dicefront.load("ditch")
    parts = game.role_function("svg", "render_pieces")
    state = game.new_state()
    out = []
    for _ in range(STEPS):
        if state.is_terminal:
            game = dicefront.load("ditch")
            state = game.new_state()
        out.append([parts(game, state.view(p), game.svg_static(p)) for p in (0, 1)])
        if state.is_chance:
            roll(state, rng)
        else:
            seat = state.actors[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    return out


def timed(name: str, cut: Callable[[Any], list[str]], drawn: list[list[Any]]) -> None:
    start = time.process_time()
    cuts = [[cut(board) for board in pair] for pair in drawn]
    middle = time.process_time()
    for old, new in itertools.pairwise(cuts):
        for p in (0, 1):
            diff(old[p], new[p])
    end = time.process_time()
    n = 2 * len(drawn)
    print(f"{name}: cut {(middle - start) / n * 1e6:.1f} us, diff {(end - middle) / n * 1e6:.1f} us per seat and step")


def main() -> None:
    drawn = boards(2)
    timed("split whole", pieces, [[SEP.join(b) for b in pair] for pair in drawn])
    timed("drawn cut", list, drawn)


if __name__ == "__main__":
    main()
