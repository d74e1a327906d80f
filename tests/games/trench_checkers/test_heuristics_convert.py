"""Converting a lead (issue #19): the evaluation prefers a favourable attack to ending
the attack step, and removing enemy pieces is worth more as the round limit nears."""

from __future__ import annotations

import pytest

from dicefront.agents.greedy import GreedyAgent
from dicefront.games.trench_checkers.heuristics import _Outlook
from dicefront.games.trench_checkers.rules import TrenchState

from .helpers import attacking, empty, put


def _battle(round_: int, att: str, dfn: str) -> TrenchState:
    """Mid-game armies of eight pieces a side; player 0's stack ``att`` on c4 is next to
    player 1's stack ``dfn`` on c5, and player 0 is to attack."""
    st = empty()
    st.round = round_
    put(st, "c4", 0, att)
    put(st, "c5", 1, dfn)
    for cell in ("a1", "b1", "d1", "e1", "f1", "g1", "h2"):
        put(st, cell, 0, "S")
    for cell in ("a10", "b10", "d10", "e10", "f10", "g9", "h9"):
        put(st, cell, 1, "S")
    return attacking(st, 0)


@pytest.mark.parametrize("round_", [5, 30, 55])
@pytest.mark.parametrize(("att", "dfn"), [("VV", "S"), ("VVV", "S"), ("C", "S"), ("VV", "SS")])
def test_a_favourable_attack_beats_ending_the_step(round_: int, att: str, dfn: str) -> None:
    # each of these attacks wins material in expectation (exact battle odds); before,
    # the credit for holding the threat (and for standing next to the target) outweighed
    # making the attack, so the search ended the step and sat on the threat
    scores = {str(a): v for a, v in GreedyAgent().scores(_battle(round_, att, dfn), 0)}
    assert scores["attack c4 c5"] > scores["end"], scores


def test_removing_an_enemy_piece_is_worth_more_as_rounds_run_out() -> None:
    # the same lead and the same kill, with rounds enough to finish the job either way:
    # the tempo term makes the kill worth more the nearer the round limit (rule 9.3) is
    def kill(rounds_left: int) -> float:
        out = _Outlook(rounds_left, 60)
        return out.value(8.0, 1.0, 8, 1) - out.value(8.0, 2.0, 8, 2)

    assert kill(8) > kill(24) > kill(40) > kill(60) > 0


def test_the_tempo_term_is_nothing_in_the_first_round_and_symmetric() -> None:
    out = _Outlook(60, 60)
    assert out.value(5.0, 5.0, 5, 5) == 0.0
    late = _Outlook(3, 60)
    assert late.value(6.0, 4.0, 6, 4) == -late.value(4.0, 6.0, 4, 6)
    assert late.value(6.0, 6.0, 7, 5) > 0  # even material, more pieces left: ahead on tempo
