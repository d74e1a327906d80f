"""The event texts a seat is shown are converted once per game object and remembered
(seat_view.shown_texts): the remembered words are the game's own, per game object,
bounded, and gone with the game."""

from __future__ import annotations

import gc
import random
import weakref

import pytest

import dicefront
from dicefront.core.match import roll
from dicefront.core.record import Step
from dicefront.server import seat_view


@pytest.mark.parametrize("name", dicefront.names())
def test_remembered_texts_are_the_games_own_words(name: str) -> None:
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    game = dicefront.load(name)
    state = game.new_state()
    steps: list[Step] = []
    while len(steps) < 60 and not state.is_terminal:
        if state.is_chance:
            steps.append(roll(state, rng))
        else:
            seat = state.actors[0]
            action = rng.choice(state.legal_actions(seat))
            steps.append(Step(seat, action=str(action), events=state.apply(action, seat)))
    for viewer in (0, 1, None):
        for _ in range(2):  # converted, then remembered
            shown = seat_view.events_for(game, steps, viewer)
            expected = [{"kind": e.kind, "text": game.shown_text(e.text)} for s in steps for e in s.events if e.visible_to(viewer)]
            assert shown == expected, f"{name}, seed {seed}, viewer {viewer}"
            rolled = [r["text"] for r in seat_view.rolls(game, steps, viewer, {})]
            assert rolled == [game.shown_text(e.text) for s in steps for e in s.events if e.dice and e.visible_to(viewer)], f"seed {seed}"


def test_the_memo_is_bounded_and_goes_with_its_game() -> None:
    game = dicefront.load("ditch")
    for i in range(3 * seat_view.TEXTS_KEPT):
        assert seat_view.shown_text(game, f"Player 0 moves {i}", seat_view.shown_texts(game)) == game.shown_text(f"Player 0 moves {i}")
        assert len(seat_view.shown_texts(game)) <= seat_view.TEXTS_KEPT + 1
    other = dicefront.load("ditch")
    assert seat_view.shown_texts(other) is not seat_view.shown_texts(game)
    gone = weakref.ref(game)
    del game
    gc.collect()
    assert gone() is None
