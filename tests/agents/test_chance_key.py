"""With ``chance_key=state``, MCTS keys a node below dice by the position the rolls lead
to, so the many roll sequences that end in one position share a node the search deepens.

``Doors`` shows why it matters: player 0 takes 0.2 for sure (``safe``) or ``volley``s:
three dice are rolled one after the other (216 sequences; their sum decides whether
the volley "hit"), and the rolls are then forgotten. Player 0 must then open one of four
doors: the right one (3 after a hit, 1 after a miss) wins, the others win nothing. The
evaluation before a door is opened says 0, so only a search that reaches the door
choice, and comes back to it often enough to find the right door, sees that the volley
wins for sure. Keyed by roll, the node of each sequence is reached too rarely to learn
its door, and the volley looks worse than the sure 0.2.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicefront.agents.mcts import MCTSAgent, _Node, has_key
from dicefront.core import Action, Game, Roll, State, dice
from dicefront.core.errors import AgentError
from dicefront.games.die_fighting import DieFightingGame

from .toys import GambleGame, NoOptions, Word

SAFE = 0.2
ROLLS = 3
DOORS = 4


class DoorsGame(Game[NoOptions, "DoorsState"]):
    name = "doors"
    title = "Doors"
    options_class = NoOptions

    def new_state(self) -> DoorsState:
        return DoorsState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> DoorsState:
        st = DoorsState(self)
        st.stage, st.rolls, st.hit, st.result = payload["stage"], list(payload["rolls"]), payload["hit"], payload["result"]
        return st

    def parse_notation(self, text: str) -> Action:
        return Word(text)


class DoorsState(State[Word]):
    __slots__ = ("game", "hit", "result", "rolls", "stage")
    game: DoorsGame

    def __init__(self, game: DoorsGame) -> None:
        self.game = game
        self.stage = "choose"  # choose, rolling, door, over
        self.rolls: list[int] = []
        self.hit = False
        self.result = 0.0

    @property
    def actors(self) -> tuple[int, ...]:
        return (0,) if self.stage in ("choose", "door") else ()

    @property
    def is_chance(self) -> bool:
        return self.stage == "rolling"

    def chance_outcomes(self) -> list[tuple[Roll, Any]]:
        return dice(6) if self.is_chance else []

    @property
    def is_terminal(self) -> bool:
        return self.stage == "over"

    def returns(self) -> tuple[float, float]:
        return (self.result, -self.result)

    def legal_actions(self, player: int) -> list[Word]:
        if player not in self.actors:
            return []
        if self.stage == "choose":
            return [Word("safe"), Word("volley")]
        return [Word(str(d)) for d in range(1, DOORS + 1)]

    def _apply(self, action: Word, player: int) -> list[Any]:
        if action.word == "safe":
            self.stage, self.result = "over", SAFE
        elif action.word == "volley":
            self.stage = "rolling"
        else:
            right = "3" if self.hit else "1"
            self.stage, self.result = "over", 1.0 if action.word == right else 0.0
        return []

    def _apply_chance(self, outcome: Roll) -> list[Any]:
        self.rolls.append(int(outcome.faces[0]))
        if len(self.rolls) == ROLLS:  # the volley is resolved and its dice put away
            self.hit, self.rolls, self.stage = sum(self.rolls) >= 11, [], "door"
        return []

    def clone(self) -> DoorsState:
        new = DoorsState(self.game)
        new.stage, new.rolls, new.hit, new.result = self.stage, list(self.rolls), self.hit, self.result
        return new

    def _view(self, player: int | None) -> dict[str, Any]:
        return self._payload()

    def _payload(self) -> dict[str, Any]:
        return {"stage": self.stage, "rolls": list(self.rolls), "hit": self.hit, "result": self.result}


@pytest.mark.parametrize("seed", range(6))
def test_the_search_deepens_below_dice_that_end_in_the_same_position(seed: int) -> None:
    state = DoorsGame().new_state()
    choice = MCTSAgent(iterations=1000, chance_key="state").choose(state, 0, random.Random(seed))
    assert str(choice) == "volley", f"seed {seed}"


@pytest.mark.parametrize("seed", range(6))
def test_keyed_by_roll_as_by_default_the_search_never_learns_the_door(seed: int) -> None:
    state = DoorsGame().new_state()
    choice = MCTSAgent(iterations=1000).choose(state, 0, random.Random(seed))
    assert str(choice) == "safe", f"seed {seed}"


def test_sequences_ending_alike_share_one_node() -> None:
    agent = MCTSAgent(iterations=400, chance_key="state")
    root = agent.search(DoorsGame().new_state(), 0, random.Random(1))
    below = root.edges[Word("volley")].child
    assert below is not None and below.outcomes is not None
    assert len(below.outcomes) == 2  # a hit and a miss, whatever the three dice were


def _attack_position() -> tuple[State, Any]:
    """A Die Fighting decision where an attack is on offer, from random play."""
    from dicefront.agents.common import sample_outcome

    game = DieFightingGame()
    rng = random.Random(3)
    for _ in range(200):
        st = game.new_state()
        for _ in range(rng.randrange(80, 250)):
            if st.is_terminal:
                break
            if st.is_chance:
                st.push_chance(sample_outcome(st, rng))
                continue
            mover = st.actors[0]
            acts = st.legal_actions(mover)
            st.push(acts[rng.randrange(len(acts))], mover)
        if st.is_terminal or st.is_chance:
            continue
        for a in st.legal_actions(st.actors[0]):
            if str(a).startswith("attack"):
                return st, a
    raise AssertionError("no Die Fighting position with an attack found")


def test_die_fighting_attack_children_are_the_positions_not_the_rolls() -> None:
    st, attack = _attack_position()
    mover = st.actors[0]
    node = _Node()
    agent = MCTSAgent(iterations=1, chance_key="state")
    rng = random.Random(5)
    keys = set()
    for _ in range(300):
        after = st.clone()
        after.push(attack, mover)
        agent._roll(after, node, rng, trusted=True)
        keys.add(after.key())
        assert not after.is_chance
    assert node.outcomes is not None and len(node.outcomes) == len(keys) <= 8


def test_a_state_without_a_key_of_its_own_is_keyed_by_roll() -> None:
    st = GambleGame().new_state()
    assert not has_key(st)
    assert has_key(DoorsGame().new_state())


def test_chance_key_is_checked() -> None:
    with pytest.raises(AgentError):
        MCTSAgent(chance_key="nonsense")
