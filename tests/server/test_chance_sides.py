"""live.chance_sides: the dice of a chance node, read once per fixed outcome table, and
safe when the hub's worker threads (computer moves, games loaded) call it at once."""

from __future__ import annotations

import random
import sys
import threading

import dicefront
from dicefront.core import random_step
from dicefront.core.game import State
from dicefront.server.live import chance_sides


def _chance_states(name: str, count: int, seed: int) -> list[State]:
    rng = random.Random(seed)
    game = dicefront.load(name)
    found: list[State] = []
    state = game.new_state()
    while len(found) < count:
        if state.is_terminal:
            state = game.new_state()
        if state.is_chance:
            found.append(state.clone())
        random_step(state, rng)
    return found


def test_the_sides_are_the_highest_face_of_each_die() -> None:
    for state in _chance_states("die_fighting", 3, 1) + _chance_states("ditch", 3, 1):
        faces = [roll.faces for roll, _ in state.chance_outcomes()]
        expected = tuple(max(f[i] for f in faces) for i in range(len(faces[0])))
        assert chance_sides(state) == expected and chance_sides(state) == expected  # the second from the memo


def test_many_threads_at_once_raise_nothing() -> None:
    """Hell's Ditch makes a new outcome list at each roll, so every call adds to the
    memo and pushes the oldest out: the memo's eviction racing itself across threads
    raised KeyError or RuntimeError before it kept two generations."""
    states = _chance_states("hells_ditch", 5, 2)
    errors: list[str] = []

    def work() -> None:
        try:
            for _ in range(6000):
                for state in states:
                    chance_sides(state)
        except Exception as exc:
            errors.append(f"{type(exc).__name__}: {exc}")

    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(before)
    assert not errors, errors[:3]
