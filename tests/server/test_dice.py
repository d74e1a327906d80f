"""The dice a seat is shown come from the events' own ``dice`` field, filtered by who
may see each event; nothing is guessed from event data or chance outcomes."""

from __future__ import annotations

import dicefront
from dicefront.agents import RandomAgent
from dicefront.core import Event, Roll
from dicefront.core.record import Step
from dicefront.server.live import LiveGame


def test_dice_come_from_visible_events_only() -> None:
    steps = [
        Step(None, outcome=Roll((3, 5)), events=[Event("roll", "3 and 5", {"dice": [3, 5]}, dice=(3, 5))]),
        Step(None, outcome=Roll(("medic",)), events=[Event("draw", "you draw a medic", {"card": "medic"}, audience=(1,))]),
        Step(None, outcome=Roll((6,)), events=[Event("roll", "secret 6", {"die": 6}, audience=(0,), dice=(6,))]),
        Step(0, action="move a1", events=[Event("moved", "moved 4 squares", {"roll": 4, "dice": [9]})]),
    ]
    assert LiveGame.dice_for(steps, None) == [[3, 5]]
    assert LiveGame.dice_for(steps, 0) == [[3, 5], [6]]
    assert LiveGame.dice_for(steps, 1) == [[3, 5]]


def test_every_game_shows_dice_on_its_rolls() -> None:
    """Each game with dice puts the faces on the events of its rolls (seeded play)."""
    for name in dicefront.names():
        game = dicefront.load(name)
        record = dicefront.play_match(game, [RandomAgent(), RandomAgent()], seed=5)
        shown = LiveGame.dice_for(record.steps, None)
        faces = [f for d in shown for f in d]
        assert all(isinstance(f, int) and 0 <= f <= 20 for f in faces), name
        if name != "hells_ditch":  # its chance outcomes are numbers of hits, not faces
            assert shown, f"{name}: no dice shown in a whole game (seed 5)"
