"""The match runner at a simultaneous node: which actor enters next is drawn from a
seeded stream of its own, so no seat always finishes a step last (an agent finishing
a step sees its effects, and a fixed order would show up as a seat advantage)."""

from __future__ import annotations

import dicefront
from dicefront.agents import make_agent
from dicefront.core.match import play_match
from tests.agents.toys import SignsGame


def _last_writers(seed: int) -> set[int]:
    """Who entered the last action of each Signs game (both sign and submit at once)."""
    record = play_match(SignsGame(), [make_agent("random"), make_agent("random")], seed=seed)
    return {step.player for step in record.steps[-1:] if step.player is not None}


def test_either_seat_may_finish_a_simultaneous_step() -> None:
    last = set().union(*(_last_writers(seed) for seed in range(20)))
    assert last == {0, 1}, f"only seat(s) {last} ever finished the step in 20 games"


def test_the_order_is_part_of_the_seeded_match() -> None:
    game = dicefront.load("hells_ditch")
    agents = [make_agent("random"), make_agent("random")]
    first = play_match(game, agents, seed=7)
    again = play_match(game, [make_agent("random"), make_agent("random")], seed=7)
    assert [s.to_json() for s in first.steps] == [s.to_json() for s in again.steps]


def test_a_hells_ditch_turn_is_not_always_finished_by_white() -> None:
    """The step that reveals the plans (rule 2.4) is the last writer's: both seats do it."""
    game = dicefront.load("hells_ditch")
    finishers = set()
    for seed in range(6):
        record = play_match(game, [make_agent("random"), make_agent("random")], seed=seed)
        finishers |= {s.player for s in record.steps if any(e.kind == "reveal" for e in s.events)}
    assert finishers == {0, 1}, f"only {finishers} ever finished a plan last"
