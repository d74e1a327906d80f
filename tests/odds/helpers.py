"""Helpers for the odds tests: an independent Monte Carlo run of the engine and the
statistical check of exact figures against it.

The Monte Carlo loop here is deliberately separate from ``dicefront.odds``: it plays
the action on a copy, draws every chance outcome with a seeded RNG
(``core.chance.sample``), answers in-sequence decisions with the callback the test
gives, and labels the end with the game's own ``outcome_label``."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

from dicefront.core import Action, State, sample

Decide = Callable[[State], "tuple[int, Action] | None"]

SIGMAS = 4.0
"""Tolerance: each label's frequency must lie within 4 standard errors of its exact
probability (plus half a count for the discreteness), so a correct engine fails a
given check with probability about 6e-5."""


def never(state: State) -> tuple[int, Action] | None:
    return None


def monte_carlo(
    state: State, action: Action | None, player: int, n: int, seed: int, decide: Decide = never
) -> Counter[str]:
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    for _ in range(n):
        world = state.clone()
        before = world.clone()
        events = [] if action is None else world.apply(action, player)
        while not world.is_terminal:
            if world.is_chance:
                events += world.apply_chance(sample(world.chance_outcomes(), rng))
                continue
            choice = decide(world)
            if choice is None:
                break
            events += world.apply(choice[1], choice[0])
        visible = [e for e in events if e.visible_to(player)]
        counts[world.game.outcome_label(before, world, visible, player)] += 1
    return counts


def assert_agrees(exact: list[tuple[str, Fraction]], counts: Counter[str], n: int, seed: int) -> None:
    """Every exact label's frequency within SIGMAS standard errors; no label seen by
    Monte Carlo that the exact answer lacks."""
    table = dict(exact)
    unknown = set(counts) - set(table)
    assert not unknown, f"seed {seed}: Monte Carlo saw labels the exact odds lack: {sorted(unknown)}"
    for label, p in exact:
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        freq = counts[label] / n
        assert abs(freq - float(p)) <= SIGMAS * se + 0.5 / n, (
            f"seed {seed}: {label!r}: Monte Carlo {freq:.4f} ({counts[label]}/{n}) vs exact {p} = {float(p):.4f} "
            f"(tolerance {SIGMAS} standard errors = {SIGMAS * se:.4f})"
        )


def check_against_monte_carlo(
    exact: list[tuple[str, Fraction]], state: State, action: Action | None, player: int,
    n: int = 3000, seed: int = 1, decide: Decide = never,
) -> None:
    assert exact, "nothing to check: the exact answer is empty"
    assert sum(p for _, p in exact) == 1
    assert_agrees(exact, monte_carlo(state, action, player, n, seed, decide), n, seed)
