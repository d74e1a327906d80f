"""Rules 10 and 11: the deck, hidden hands, card windows and each of the 11 cards."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

from dicefront.core import IllegalActionError
from dicefront.games.trench_checkers.constants import ATTACK, DEFEND, MOVE, REACT, REROLL, ROLL

from .helpers import act, attacking, c, empty, game, moving, put, ranks, roll, texts


def board(hand0: dict[str, int] | None = None, hand1: dict[str, int] | None = None, **options: Any) -> Any:
    st = empty(cards=True, **options)
    put(st, "a1", 0, "S")
    put(st, "h10", 1, "S")
    st.hands = [dict(hand0 or {}), dict(hand1 or {})]
    return st


def duel(hand0: dict[str, int] | None = None, hand1: dict[str, int] | None = None, att: str = "S", dfn: str = "S",
         **options: Any) -> Any:
    st = attacking(board(hand0, hand1, **options), 0)
    put(st, "d5", 0, att)
    put(st, "d6", 1, dfn)
    return st


@pytest.mark.rule("10.1")
def test_rule_10_1_deck_of_eleven_kinds_and_playing_without_cards() -> None:
    g = game()
    assert len(g.cards.cards) == 11 and all(x.count == 3 for x in g.cards.cards)
    st = game(cards=False).new_state()
    assert not st.draws and not st.deck
    st2 = moving(empty(cards=False), 0)
    put(st2, "d4", 0, "S")
    st2.hands[0] = {"push": 1}
    assert not any(t.startswith("play") for t in texts(st2, 0))


@pytest.mark.rule("10.2")
def test_rule_10_2_draw_odds_follow_copies_left() -> None:
    st = board()
    st.deck, st.draws = {"medic": 2, "napalm": 1}, [0]
    assert {r.faces[0]: p for r, p in st.chance_outcomes()} == {"medic": Fraction(2, 3), "napalm": Fraction(1, 3)}
    events = roll(st, "napalm")
    assert st.hands[0] == {"napalm": 1} and st.deck == {"medic": 2}
    private = [e for e in events if e.audience is not None]
    assert private and all(e.audience == (0,) for e in private)


@pytest.mark.rule("10.3")
def test_rule_10_3_hands_hidden_and_redealt() -> None:
    st = board({"medic": 2}, {"napalm": 1, "airstrike": 1})
    st.deck = {"reroll": 3, "push": 1}
    v0, v1, spec = st.view(0), st.view(1), st.view(None)
    assert v0["hand"] == ["medic", "medic"] and v0["hand_sizes"] == [2, 2]
    assert "napalm" not in str(v0) and "medic" not in str(v1) and spec["hand"] is None
    for seed in range(5):
        det = st.determinize(0, random.Random(seed))
        assert det.hands[0] == {"medic": 2} and det.hand_size(1) == 2, f"seed {seed}"
        pool = {k: det.hands[1].get(k, 0) + det.deck.get(k, 0) for k in ("napalm", "airstrike", "reroll", "push")}
        assert pool == {"napalm": 1, "airstrike": 1, "reroll": 3, "push": 1}, f"seed {seed}"


@pytest.mark.rule("10.4")
def test_rule_10_4_windows_and_prompts() -> None:
    st = moving(board({"napalm": 1}), 0)
    put(st, "d4", 0, "S")
    assert "play napalm" not in texts(st, 0)
    st2 = duel(hand1={"push": 1})
    act(st2, "attack d5 d6")
    assert st2.phase == DEFEND and texts(st2, 1) == ["pass"], "asked even without a fitting card"
    st3 = duel()
    act(st3, "attack d5 d6")
    assert st3.phase == ROLL, "no prompt with an empty hand"


@pytest.mark.rule("11.1")
def test_rule_11_1_medic_saves_a_piece() -> None:
    st = duel({"medic": 1})
    act(st, "attack d5 d6")
    roll(st, 1, 4)
    assert st.phase == REACT and st.actors == (0,)
    act(st, "play medic")
    act(st, "pass")
    assert ranks(st, "d5") == "S" and st.lost[0] == 0


@pytest.mark.rule("11.2")
def test_rule_11_2_found_ammo_attacks_again() -> None:
    st = duel({"ammo": 1})
    put(st, "e6", 1, "S")
    assert "play ammo" not in texts(st, 0)
    act(st, "attack d5 d6")
    roll(st, 4, 1)
    act(st, "pass")
    assert st.phase == ATTACK and "play ammo" in texts(st, 0)
    act(st, "play ammo")
    assert "attack d6 e6" in texts(st, 0)


@pytest.mark.rule("11.3")
def test_rule_11_3_flashbang_cancels_next_enemy_attack() -> None:
    st = moving(board({"flashbang": 1}), 0)
    put(st, "d5", 0, "S")
    put(st, "d6", 1, "S")
    act(st, "play flashbang")
    st = attacking(st, 0)
    act(st, "end")
    events = act(st, "attack d6 d5")
    assert any(e.kind == "cancelled" for e in events) and ranks(st, "d5") == "S" and st.combat is None


@pytest.mark.rule("11.3")
def test_rule_11_3_flashbang_is_played_before_the_attack_phase_only() -> None:
    st = duel({"flashbang": 1})
    assert "play flashbang" not in [str(a) for a in st.legal_actions(0)]
    with pytest.raises(IllegalActionError, match="played move"):
        act(st, "play flashbang")


@pytest.mark.rule("11.4")
def test_rule_11_4_push_three_more_fresh_pieces() -> None:
    st = moving(board({"push": 1}), 0)
    put(st, "d4", 0, "S")
    put(st, "f4", 0, "S")
    act(st, "play push")
    for text in ("move d4 d5", "move d5 d6", "move d6 d5"):
        act(st, text)
    assert st.phase == MOVE and st.actors == (0,) and st.push_left == 3
    legal = texts(st, 0)
    assert not any(t.startswith("move d5") for t in legal) and "move f4 f5" in legal


@pytest.mark.rule("11.5")
def test_rule_11_5_airstrike_hits_anywhere_and_costs_a_turn() -> None:
    st = duel({"airstrike": 1})
    put(st, "c8", 1, "SS")
    act(st, "play airstrike c8")
    assert st.phase == ROLL and len(st.chance_outcomes()) == 6 * 6
    roll(st, 6, 6)
    assert ranks(st, "c8") is None and st.skip_next[0]
    act(st, "attack d6 d5", 1)
    roll(st, 1, 2)
    assert st.lost == [0, 3] and st.actors == (1,)
    act(st, "first 0", 1)
    assert st.round == 2 and st.actors == (1,), "player 0 loses the movement of the next round"


@pytest.mark.rule("11.6")
def test_rule_11_6_field_promotion_before_moving() -> None:
    st = moving(board({"promote": 2}), 0)
    put(st, "d4", 0, "S")
    put(st, "f4", 0, "SS")
    legal = texts(st, 0)
    assert "play promote d4" in legal and "play promote f4" not in legal
    act(st, "play promote d4")
    assert ranks(st, "d4") == "V"
    act(st, "move a1 b1")
    assert not any(t.startswith("play promote") for t in texts(st, 0))


@pytest.mark.rule("3.2")
@pytest.mark.rule("11.6")
def test_rule_3_2_a_promotion_that_leaves_no_move_ends_the_movement_phase() -> None:
    # two lone Soldiers side by side, every other way closed: each may stack onto the
    # other until one becomes a Veteran (rule 4.4: a Veteran and a Soldier never share a
    # tile); found as a dead end (no legal action) in a game between computer players
    st = empty(cards=True)
    st.hands = [{"promote": 1}, {}]
    put(st, "a6", 0, "S")
    put(st, "a7", 0, "S")
    put(st, "b6", 1, "S")
    put(st, "b7", 1, "V")
    put(st, "h10", 1, "C")
    for cell in ("a5", "a8"):
        st.terrain[c(cell)] = 0
    moving(st, 0)
    assert texts(st, 0) == ["move a6 a7", "move a7 a6", "play promote a6", "play promote a7"]
    events = act(st, "play promote a7", 0)
    assert ranks(st, "a7") == "V" and ranks(st, "a6") == "S"
    assert any("has no legal move" in e.text for e in events)
    assert st.actors == (1,) and st.phase == MOVE, "the other player's movement phase, not a dead end"
    assert st.legal_actions(1)


@pytest.mark.rule("11.7")
def test_rule_11_7_machine_gun_five_rolls() -> None:
    st = duel({"machinegun": 1})
    act(st, "play machinegun")
    act(st, "attack d5 d6")
    probs = {r.faces: p for r, p in st.chance_outcomes()}
    assert probs[(1, 1)] == Fraction(1, 4**5) * Fraction(1, 4)


@pytest.mark.rule("11.8")
def test_rule_11_8_napalm_adds_two() -> None:
    st = duel({"napalm": 1})
    act(st, "play napalm")
    act(st, "attack d5 d6")
    roll(st, 2, 3)
    assert st.owner_at(c("d6")) == 0, "2+2 beats 3"
    st2 = duel(hand1={"napalm": 1})
    act(st2, "attack d5 d6")
    act(st2, "play napalm", 1)
    act(st2, "pass", 1)
    roll(st2, 3, 2)
    assert st2.owner_at(c("d6")) == 1 and ranks(st2, "d5") is None, "2+2 beats 3 in defence too"


@pytest.mark.rule("11.9")
def test_rule_11_9_suicide_mission_d10_and_dies() -> None:
    st = duel({"suicide": 1})
    act(st, "play suicide")
    act(st, "attack d5 d6")
    assert len(st.chance_outcomes()) == 40
    roll(st, 9, 2)
    assert ranks(st, "d5") is None and ranks(st, "d6") is None


@pytest.mark.rule("11.10")
def test_rule_11_10_revive_a_fallen_soldier() -> None:
    st = moving(board({"revive": 1}), 0)
    st.graveyard = [3]
    st.rank[3] = "S"
    assert "play revive b1" in texts(st, 0)
    act(st, "play revive b1")
    assert ranks(st, "b1") == "S" and st.moves_left == 3 and not st.graveyard
    st2 = moving(board({"revive": 1}), 0)
    st2.graveyard = [3]
    st2.rank[3] = "V"
    assert not any(t.startswith("play revive") for t in texts(st2, 0))


@pytest.mark.rule("11.11")
def test_rule_11_11_reroll_keeps_higher() -> None:
    st = duel({"reroll": 1})
    act(st, "attack d5 d6")
    roll(st, 1, 3)
    act(st, "play reroll")
    assert st.phase == REROLL and len(st.chance_outcomes()) == 4
    roll(st, 4)
    assert st.combat is not None and st.combat.rolls == (4, 3)
    act(st, "pass")
    assert st.owner_at(c("d6")) == 0


@pytest.mark.rule("11.11")
def test_rule_11_11_each_reroll_card_rerolls_again() -> None:
    st = duel({"reroll": 2})
    act(st, "attack d5 d6")
    roll(st, 1, 3)
    act(st, "play reroll")
    roll(st, 2)
    assert st.phase == REACT and "play reroll" in texts(st, 0), "a second card, a second re-roll"
    act(st, "play reroll")
    roll(st, 4)
    assert st.combat is not None and st.combat.rolls == (4, 3) and st.hands[0] == {}


@pytest.mark.rule("11.11")
def test_rule_11_11_option_one_reroll_per_side_and_battle() -> None:
    st = duel({"reroll": 2}, reroll="once-per-battle")
    act(st, "attack d5 d6")
    roll(st, 1, 3)
    act(st, "play reroll")
    roll(st, 2)
    assert st.phase == REACT and "play reroll" not in texts(st, 0)


def test_render_and_svg_use_the_view() -> None:
    st = duel({"napalm": 1}, {"medic": 1})
    g = st.game
    from rich.console import Console

    console = Console(record=True, width=100)
    console.print(g.render_text(st, 0))
    out = console.export_text()
    assert "Napalm" in out and "Medic" not in out
    svg = g.render_svg(st, 1)
    assert svg.startswith("<svg") and 'id="c-d5"' in svg and "Napalm" not in svg
    assert g.action_path(st, g.parse_notation("attack d5 d6")) == ["c-d5", "c-d6"]
    assert g.action_path(st, g.parse_notation("end")) == []
    assert -1 <= g.evaluate(st, 0) <= 1


def test_bad_card_file_is_rejected_with_its_name(tmp_path: Any) -> None:
    from dicefront.core import DataFileError

    bad = tmp_path / "mycards.toml"
    bad.write_text('[[card]]\nid = "x"\nname = "X"\ncount = 3\neffect = "teleport"\nwindows = ["move"]\ntext = "?"\n')
    with pytest.raises(DataFileError, match=r"mycards\.toml.*unknown effect 'teleport'"):
        game(card_list=str(bad))
