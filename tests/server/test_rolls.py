"""What the dice box is sent: each visible roll with its dice's sides and the sentence
saying what it decided."""

from __future__ import annotations

import dicefront
from dicefront.agents import RandomAgent
from dicefront.core import Event, Roll
from dicefront.core.record import Step, replay_states
from dicefront.server.live import chance_sides, rolls


def test_rolls_carry_sides_and_sentence_and_respect_the_audience() -> None:
    attack = Step(None, outcome=Roll((3, 5)), events=[Event("roll", "Attack: hit.", {"dice": [3, 5]}, dice=(3, 5))])
    damage = Step(None, outcome=Roll((9,)), events=[Event("roll", "Damage roll: 9.", {}, dice=(9,))])
    secret = Step(None, outcome=Roll((6,)), events=[Event("roll", "secret", {}, audience=(0,), dice=(6,))])
    draw = Step(None, outcome=Roll(("medic",)), events=[Event("draw", "a card", {"card": "medic"})])
    sides = {id(attack): (6, 6), id(damage): (10,)}
    game = dicefront.load("ditch")
    assert rolls(game, [attack, damage, secret, draw], None, sides) == [
        {"dice": [3, 5], "sides": [6, 6], "text": "Attack: hit."},
        {"dice": [9], "sides": [10], "text": "Damage roll: 9."},
    ]
    assert rolls(game, [secret], 0, sides) == [{"dice": [6], "sides": [6], "text": "secret"}]


def test_a_die_fighting_damage_die_is_known_by_its_sides() -> None:
    """Seeded play: some damage roll is made with a die other than a d6 (d8, d10...)."""
    seen: set[int] = set()
    for seed in range(6):
        record = dicefront.play_match(dicefront.load("die_fighting"), [RandomAgent(), RandomAgent()], seed=seed)
        for _, before, step in replay_states(record):
            sides = chance_sides(before) if step is not None and step.player is None else None
            if sides and step is not None and any(e.text.startswith("Damage roll") for e in step.events):
                seen.update(sides)
    assert seen - {6}, f"no damage die other than a d6 in seeds 0-5 (saw {sorted(seen)})"
