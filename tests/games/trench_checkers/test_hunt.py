"""The end-game technique (``hunt.py``): when it takes over, which attacks it makes,
where it moves, and that ``medium`` plays it instead of searching."""

from __future__ import annotations

import random

import pytest

from dicefront.agents import MCTSAgent, make_agent
from dicefront.games.trench_checkers import hunt
from dicefront.games.trench_checkers.actions import Attack, EndAttacks, Move
from dicefront.games.trench_checkers.rules import TrenchState
from dicefront.games.trench_checkers.siege import siege_value

from .helpers import attacking, c, empty, moving, put
from .test_heuristics_kill import _last_soldier, _last_wounded_commando


def test_a_won_game_within_reach_is_taken() -> None:
    # three Veterans (d8 twice) remove the wounded Commando on a win or a tie: 58%
    st = _last_wounded_commando("VVV")
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("d6"))


def test_a_lone_veteran_still_attacks_the_last_wounded_commando_with_spares_behind() -> None:
    # 31% to win the game against 79% to lose one Veteran of three: a won game is worth more
    st = _last_wounded_commando("V")
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("d6"))


def test_our_last_unit_does_not_gamble_the_game() -> None:
    # a lone wounded Commando against the enemy's lone wounded Commando: d10 against
    # d10, as likely to lose the game as to win it, so the step ends (a draw is better
    # than a loss)
    st = empty()
    st.round = 45
    put(st, "d5", 0, "C")
    put(st, "d6", 1, "C")
    st.wounded = [True, True]
    attacking(st, 0)
    assert hunt.book_action(st, 0) is None  # nothing to gain: the technique stands aside
    assert hunt.attack_choice(st, 0) == EndAttacks()


def test_a_fresh_last_commando_attacks_as_its_first_defeat_only_wounds_it() -> None:
    # the same duel with our Commando fresh: a defeat wounds it (rule 7.4) and the
    # game goes on, so attacking wins 55% and loses none of the games
    st = empty()
    st.round = 45
    put(st, "d5", 0, "C")
    put(st, "d6", 1, "C")
    st.wounded[1] = True
    attacking(st, 0)
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("d6"))


def _wounded_stack_next_to_a_fresh_commando(ranks: str, *, round_no: int = 30) -> TrenchState:
    """Our wounded Commando in the stack ``ranks`` on d5, next to the enemy's fresh
    Commando on d6; our attack step."""
    st = empty()
    st.round = round_no
    put(st, "d5", 0, ranks)
    st.wounded[0] = True
    put(st, "d6", 1, "C")
    return st


def test_a_stack_that_risks_more_than_it_adds_waits() -> None:
    # our wounded Commando stacked with our only Veteran, next to the enemy's last unit,
    # a fresh Commando: a defeat removes both (rule 7.4), and two wins are needed, so
    # the attack loses more games than it wins; apart, each could attack on its own
    # (siege.py), so the step ends, and the search may not make that attack either
    st = attacking(_wounded_stack_next_to_a_fresh_commando("CV"), 0)
    assert hunt.book_action(st, 0) == EndAttacks()
    assert hunt.book_allowed(st, 0, st.legal_actions(0)) == [EndAttacks()]
    agent = make_agent("mcts:iterations=30:book=game", st.game)
    assert agent.choose(st.clone(), 0, random.Random(1)) == EndAttacks()


def test_an_attack_well_short_of_the_regrouped_best_waits() -> None:
    # our wounded Commando with two Soldiers (a d10 stack: a defeat removes all three)
    # next to the enemy's fresh Commando, its last Soldier far away: attacked one piece
    # at a time the siege pays, so this stack does not attack now
    st = _wounded_stack_next_to_a_fresh_commando("CSS", round_no=20)
    put(st, "h10", 1, "S")
    attacking(st, 0)
    siege = hunt._siege(st, 0)
    assert siege is not None
    here = hunt._attack_value(st, 0, Attack(c("d5"), c("d6")), siege)
    assert here < siege_value(*siege) - hunt.SLACK
    assert hunt.book_action(st, 0) == EndAttacks()


def test_it_applies_only_against_few_pieces_and_a_siege_that_pays() -> None:
    st = _last_wounded_commando("VVV")
    assert hunt.book_action(st, 0) is not None
    # six enemy pieces (more than ENGAGE_PIECES): the search plays
    assert hunt.ENGAGE_PIECES == 5
    for cell in ("h10", "g10", "f10", "e10", "h9"):
        put(st, cell, 1, "S")
    assert hunt.book_action(st, 0) is None
    # one Soldier against a fresh Commando: no attack pays, the search plays
    st = _last_wounded_commando("S")
    st.board.pop(c("a9"))
    st.board.pop(c("b9"))
    st.wounded[1] = False
    assert hunt.book_action(st, 0) is None
    # no siege of the last unit pays (one Soldier against a fresh Commando)
    st = empty()
    st.round = 30
    put(st, "a1", 0, "S")
    put(st, "d6", 1, "C")
    assert hunt.book_action(attacking(st, 0), 0) is None


def test_the_hunter_closes_in() -> None:
    # our Commando-Veteran stack three tiles from the enemy's last (wounded) Commando:
    # each move takes it a step closer
    st = empty()
    st.round = 30
    put(st, "d2", 0, "CV")
    put(st, "a1", 0, "S")
    put(st, "d8", 1, "C")
    st.wounded[1] = True
    moving(st, 0)
    move = hunt.book_action(st, 0)
    assert move == Move(c("d2"), c("d3")), move
    st.push(move, 0)
    assert hunt.book_action(st, 0) == Move(c("d3"), c("d4"))


def test_a_friendly_soldier_in_the_way_steps_aside() -> None:
    # a Veteran boxed in by our own Soldier (Veterans never share a tile with Soldiers,
    # rule 4.4) and terrain: the Soldier moves out of its way rather than anything else
    st = empty()
    st.round = 30
    put(st, "a3", 0, "VVV")
    put(st, "a4", 0, "S")
    st.terrain[c("b3")] = 0
    st.terrain[c("a2")] = 0
    put(st, "a9", 1, "C")
    st.wounded[1] = True
    moving(st, 0)
    before = hunt.position_value(st, 0)
    move = hunt.book_action(st, 0)
    assert isinstance(move, Move) and move.src == c("a4"), move
    after = st.clone()
    after.push(move, 0)
    assert hunt.position_value(after, 0) > before


def test_a_veteran_joins_its_commando() -> None:
    # next to our Commando, a Veteran stacks onto it: the stack rolls its d10 twice
    st = empty()
    st.round = 30
    put(st, "d3", 0, "C")
    put(st, "d2", 0, "V")
    put(st, "d9", 1, "C")
    put(st, "h9", 1, "S")
    moving(st, 0, moves=1)
    assert hunt.book_action(st, 0) == Move(c("d2"), c("d3"))


@pytest.mark.parametrize("book", ["game", "off"])
def test_medium_plays_the_technique_unless_switched_off(book: str) -> None:
    st = _last_wounded_commando("V")
    agent = make_agent(f"mcts:iterations=50:book={book}", st.game)
    assert isinstance(agent, MCTSAgent)
    chosen = agent.choose(st.clone(), 0, random.Random(3))
    if book == "game":
        assert chosen == Attack(c("d5"), c("d6"))
        assert agent.last_iterations == 0  # played outright
    else:
        assert agent.last_iterations == 50  # searched


def test_the_choice_depends_only_on_what_the_player_may_see() -> None:
    # with cards: every determinization (the opponent's hand and the deck re-dealt)
    # gives the same choice as the true state
    st = empty(cards=True)
    st.round = 30
    put(st, "d2", 0, "CV")
    put(st, "a1", 0, "S")
    put(st, "d8", 1, "C")
    st.wounded[1] = True
    st.hands = [{"napalm": 1}, {"medic": 2, "ammo": 1}]
    st.deck = {"reroll": 3, "push": 2, "flashbang": 1}
    moving(st, 0)
    wanted = hunt.book_action(st, 0)
    assert wanted is not None
    redealt = 0
    for seed in range(5):
        sample = st.determinize(0, random.Random(seed))
        redealt += sample.hands[1] != st.hands[1]
        assert hunt.book_action(sample, 0) == wanted, f"seed {seed}"
    assert redealt, "no sample re-dealt the hidden hand"


def test_the_eighth_rounds_one_ply_defects_are_played_right() -> None:
    # the positions of test_heuristics_kill.py, where the evaluation one ply deep keeps
    # the threat: the technique makes the kill (the last Soldier, its Commando asleep
    # behind; the last, wounded Commando)
    assert hunt.book_action(_last_soldier("VVV"), 0) == Attack(c("d5"), c("d6"))
    assert hunt.book_action(_last_wounded_commando("VVV"), 0) == Attack(c("d5"), c("d6"))


@pytest.mark.parametrize("book", ["game", "off"])
def test_the_search_is_not_offered_an_attack_that_loses_the_siege(book: str) -> None:
    # our last unit, a wounded Commando, next to the enemy's last unit, a fresh one:
    # no attack pays, so the technique stands aside and the search decides, but the
    # duel (d10 against d10, two wins needed, one loss ends the game) is not offered
    st = attacking(_wounded_stack_next_to_a_fresh_commando("C"), 0)
    assert hunt.book_action(st, 0) is None
    assert hunt.book_allowed(st, 0, st.legal_actions(0)) == [EndAttacks()]
    agent = make_agent(f"mcts:iterations=30:book={book}", st.game)
    assert isinstance(agent, MCTSAgent)
    chosen = agent.choose(st.clone(), 0, random.Random(2))
    if book == "game":
        assert chosen == EndAttacks() and agent.last_iterations == 0  # the only action left
    else:
        assert agent.last_iterations == 30  # both actions searched


def _building_position(round_no: int = 20) -> TrenchState:
    """Our Veterans next to the enemy's last Soldier, whose Commando sleeps behind it
    (rules 7.1, 7.5); our own Commando still asleep on its depot (a9), a Veteran on b7
    two moves from waking it."""
    st = empty()
    st.round = round_no
    put(st, "d5", 0, "VVV")
    put(st, "b7", 0, "V")
    put(st, "a9", 0, "C", active=False)
    put(st, "e6", 1, "S")
    put(st, "h2", 1, "C", active=False)
    return st


def test_the_last_soldier_is_spared_while_our_commando_sleeps() -> None:
    # killing the enemy's last Soldier wakes its Commando (rule 7.5), a d10 that needs
    # two defeats, and ours, asleep, would not fight; with time left ours is woken
    # first, so the attack waits and the search is not offered it either
    st = attacking(_building_position(), 0)
    assert hunt.building(st, 0)
    assert hunt.book_action(st, 0) == EndAttacks()
    kept = hunt.book_allowed(st, 0, st.legal_actions(0))
    assert not any(isinstance(a, Attack) for a in kept), kept


def test_the_kill_is_made_once_time_runs_short() -> None:
    # the same position with fewer than BUILD_LEFT rounds left: no waking first, the kill
    st = attacking(_building_position(round_no=60 - hunt.BUILD_LEFT + 1), 0)
    assert not hunt.building(st, 0)
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("e6"))


@pytest.mark.parametrize("awake", [0, 1])
def test_the_kill_is_made_once_either_commando_is_awake(awake: int) -> None:
    # ours awake: nothing to wait for; theirs awake: it can already be attacked (rule 7.1)
    st = _building_position()
    st.active[awake] = True
    attacking(st, 0)
    assert not hunt.building(st, 0)
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("e6"))


def test_our_sleeping_commando_is_woken_by_the_nearest_unit() -> None:
    # the Veteran on b7 steps next to the Commando on a9 in two moves (rule 7.1), which
    # wakes it and ends the waiting
    st = moving(_building_position(), 0)
    assert hunt.build_value(st, 0) == -2
    for _ in range(2):
        move = hunt.book_action(st, 0)
        assert isinstance(move, Move) and move.src in (c("b7"), c("a7"), c("b8")), move
        st.push(move, 0)
    assert st.active[0]
    assert hunt.build_value(st, 0) == 0
    assert not hunt.building(st, 0)


def test_the_kill_is_made_when_no_unit_can_reach_our_commando() -> None:
    # terrain on every tile next to our sleeping Commando (rule 3.4): no unit can wake
    # it, so waiting for that would only waste the rounds
    st = _building_position()
    for cell in ("a8", "b9", "a10"):
        st.terrain[c(cell)] = 0
    attacking(st, 0)
    assert hunt.build_value(st, 0) == -hunt.FAR
    assert not hunt.building(st, 0)
    assert hunt.book_action(st, 0) == Attack(c("d5"), c("e6"))
