"""The tables Trench Checkers builds once are built once in both builds: pure Python and
compiled with mypyc (scripts/test-native.sh runs this file against the compiled modules).

A ``functools.cached_property`` on a compiled class (no instance ``__dict__``) became a
plain property there, so every use rebuilt the card tables. A second use must hand back
the very object the first one built: one build, counted by identity, not timed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicefront import load
from dicefront.core.chance import sample
from dicefront.core.native import is_compiled
from dicefront.games.trench_checkers import TrenchCheckersGame, cards_play
from dicefront.games.trench_checkers.cards import WINDOWS, CardList
from dicefront.games.trench_checkers.rules import TrenchState

SEED = 15


def trench(**options: Any) -> TrenchCheckersGame:
    game = load("trench_checkers", **options)
    assert isinstance(game, TrenchCheckersGame)
    return game


def test_the_build_under_test_is_named() -> None:
    """Not a check: says in the test log which build ran (compiled under test-native.sh)."""
    print(f"cards.py compiled: {is_compiled(CardList)}")


def test_draw_outcomes_are_built_once_per_deck() -> None:
    cards = trench().cards
    deck = cards.full_deck()
    first = cards.draw_outcomes(deck)
    assert cards.draw_outcomes(dict(deck)) is first
    smaller = dict(deck)
    smaller[next(iter(smaller))] -= 1
    other = cards.draw_outcomes(smaller)
    assert other is not first and cards.draw_outcomes(smaller) is other
    assert cards.draw_outcomes(deck) is first  # the first deck's table was kept too


def test_the_roll_of_a_card_kind_is_made_once() -> None:
    cards = trench().cards
    deck = cards.full_deck()
    first = {roll.faces: roll for roll, _ in cards.draw_outcomes(deck)}
    smaller = dict(deck)
    smaller[next(iter(smaller))] -= 1  # a new table, the same Roll and odds objects
    again = {roll.faces: roll for roll, _ in cards.draw_outcomes(smaller)}
    assert all(again[k] is first[k] for k in again)


def test_open_cards_are_listed_once_per_window_set() -> None:
    cards = trench().cards
    for window in WINDOWS:
        windows = frozenset({window})
        assert cards.open_in(windows) is cards.open_in(frozenset({window}))


def test_far_trench_and_board_tables_are_made_once() -> None:
    game = trench()
    for player in (0, 1):
        assert game.board.far_trench(player) is game.board.far_trench(player)
    assert game.tables is game.tables
    terrain = (game.tables.spots[0][0],)
    assert game.tables.open_steps(terrain) is game.tables.open_steps(terrain)


def test_card_plays_are_made_once() -> None:
    card = trench().cards.cards[0].id
    assert cards_play._one(card) is cards_play._one(card)
    cell = (0, 0)
    assert cards_play._aimed(card, [cell])[0] is cards_play._aimed(card, [cell])[0]


@pytest.mark.parametrize("seed", [SEED, SEED + 1], ids=lambda s: f"seed={s}")
def test_a_played_game_reuses_its_draw_tables(seed: int) -> None:
    """Through the rules: every draw the state asks for at an unchanged deck is the table
    built the first time that deck was asked about."""
    rng = random.Random(seed)
    game = trench()
    state = game.new_state()
    assert isinstance(state, TrenchState)
    built: dict[tuple[tuple[str, int], ...], int] = {}
    for _ in range(400):
        if state.is_terminal:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            if state.draws:
                key = tuple(state.deck.items())
                assert built.setdefault(key, id(outcomes)) == id(outcomes), f"seed {seed}: a deck's draw table was rebuilt"
                assert state.chance_outcomes() is outcomes, f"seed {seed}"
            state.push_chance(sample(outcomes, rng))
        else:
            player = state.actors[0]
            actions = state.legal_actions(player)
            state.push(actions[rng.randrange(len(actions))], player)
    assert built, f"seed {seed}: no card was drawn"
