"""The svg role's optional extras the page shows: a hand of cards (from a view only)
and a small picture of what a choice chooses (a map), drawn from the game's data."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import dicefront
from dicefront.core.chance import sample
from dicefront.core.game import State
from dicefront.games.die_fighting import DieFightingGame


def _dealt(name: str, seed: int) -> State:
    game = dicefront.load(name)
    state = game.new_state()
    rng = random.Random(seed)
    while state.is_chance:
        state.apply_chance(sample(state.chance_outcomes(), rng))
    return state


def test_a_hand_shows_only_the_viewers_cards_and_every_hands_count() -> None:
    game = dicefront.load("trench_checkers")
    hand = game.role_function("svg", "hand")
    state = _dealt("trench_checkers", 1)
    for seat in (0, 1):
        shown = hand(game, state.view(seat))
        held = state.view(seat)["hand"]
        assert [c["id"] for c in shown["cards"]] == held
        assert all(c["name"] and c["text"] for c in shown["cards"])
        assert [c["count"] for c in shown["counts"]] == [len(state.view(p)["hand"]) for p in (0, 1)]
    watcher = hand(game, state.view(None))
    assert watcher["cards"] is None and "card" not in str(watcher["counts"])
    assert hand(dicefront.load("trench_checkers", cards=False), state.view(0)) is None


def test_the_card_an_action_plays() -> None:
    game = dicefront.load("trench_checkers")
    card = game.role_function("svg", "action_card")
    play, other = game.parse_notation("play medic"), game.parse_notation("pass")
    state = _dealt("trench_checkers", 1)
    assert card(state, play) == "medic" and card(state, other) is None


def test_a_map_choice_has_a_picture_of_that_maps_terrain() -> None:
    game = DieFightingGame()
    preview = game.role_function("svg", "svg_preview")
    state = game.new_state()
    ns = "{http://www.w3.org/2000/svg}"
    for key in ("ruined_tower", "forests_edge", "stream", "blue_field"):
        tile = game.tile(key)
        svg = ET.fromstring(preview(state, game.parse_notation(f"map {key}")))
        assert svg.get("aria-label") == tile.name
        drawn = {p.get("fill"): p.get("d", "").count("z") for p in svg.iter(f"{ns}path") if p.get("fill")}
        slow, blocking = (sum(row.count(ch) for row in tile.rows) for ch in "SB")
        assert drawn.get("#7a5a2b", 0) == slow and drawn.get("#8a8a8a", 0) == blocking, key
    assert preview(state, game.parse_notation("done")) is None


def test_rule_11_3_an_attack_the_enemys_flashbang_cancels_is_noted() -> None:
    """Rule 11.3: with the enemy's Flashbang played, our next attack or Airstrike rolls
    no dice; the svg role notes it on those actions only, from the public flag."""
    from dicefront.games.trench_checkers.actions import Attack, Move, Play
    from tests.games.trench_checkers.helpers import played_to_an_attack

    game = dicefront.load("trench_checkers")
    note = game.role_function("svg", "action_note")
    state = played_to_an_attack(2)
    player = state.actors[0]
    attack = next(a for a in state.legal_actions(player) if isinstance(a, Attack))
    strike, move = Play("airstrike", attack.dst), Move(attack.src, attack.dst)
    assert [note(state, a) for a in (attack, strike, move)] == [None, None, None]
    state.cancel_next[player] = True
    assert "cancelled" in note(state, attack) and "cancelled" in note(state, strike)
    assert "lose your next turn" in note(state, strike)  # rule 11.5: the card's price is paid all the same
    assert note(state, move) is None and note(state, Play("napalm")) is None
    state.cancel_next[player], state.cancel_next[1 - player] = False, True  # the enemy's attack is the one cancelled
    assert note(state, attack) is None
