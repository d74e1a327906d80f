"""``rollout``: greedy's best candidates valued by play-outs of a base policy, play-out
``i`` of every candidate on the same dice (common random numbers)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

import dicefront
from dicefront.agents import RandomAgent, RolloutAgent, make_agent
from dicefront.agents.common import cumulative, sample_outcome
from dicefront.core import AgentError, Game, Roll, State, agent_copy, dice, sample
from dicefront.core.match import play_match

from .test_hidden_information import _game_with_secrets, showdown, signs_after
from .toys import Word

SMALL = "rollout:candidates=2:rollouts=2:depth=6"


@pytest.mark.parametrize(
    "spec, words",
    [
        ("rollout:candidates=0", "agent rollout: candidates must be a whole number in 1..16, got '0'"),
        ("rollout:candidates=17", "candidates must be a whole number in 1..16"),
        ("rollout:rollouts=257", "rollouts must be a whole number in 1..256, got '257'"),
        ("rollout:rollouts=1.5", "rollouts must be a whole number"),
        ("rollout:depth=-1", "depth must be a whole number in 0..1000"),
        ("rollout:depth=1e9", "depth must be a whole number"),
        ("rollout:policy=smart", "policy must be one of game|greedy|random, got 'smart'"),
        ("rollout:margin=nan", r"margin must be a finite number in \[0, 10\]"),
        ("rollout:determinize=maybe", "determinize must be one of auto|true|false"),
        ("rollout:iterations=5", "agent rollout has no parameter 'iterations'; its parameters: candidates, rollouts"),
    ],
)
def test_bad_specs_are_one_line_errors(spec: str, words: str) -> None:
    with pytest.raises(AgentError, match=words) as err:
        make_agent(spec)
    assert "\n" not in str(err.value)


def test_spec_is_read_into_the_agent() -> None:
    agent = make_agent("rollout:candidates=3:rollouts=5:depth=0:policy=random:margin=1.5:determinize=true")
    assert isinstance(agent, RolloutAgent)
    assert (agent.candidates, agent.rollouts, agent.depth, agent.policy, agent.margin, agent.determinize) == (
        3, 5, 0, "random", 1.5, True)
    default = RolloutAgent()
    assert (default.candidates, default.rollouts, default.depth, default.policy) == (4, 16, 40, "game")
    with pytest.raises(AgentError, match="rollouts must be"):
        RolloutAgent(rollouts=0)


def _die_fighting_positions(seed: int, count: int) -> list[tuple[State, int]]:
    """Decision positions with several legal actions from a random Die Fighting game."""
    game = dicefront.load("die_fighting")
    rng = random.Random(seed)
    state = game.new_state()
    out: list[tuple[State, int]] = []
    while not state.is_terminal and len(out) < count:
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
            continue
        player = state.actors[0]
        actions = state.legal_actions(player)
        if len(actions) > 1 and rng.random() < 0.2:
            out.append((state.clone(), player))
        state.apply(actions[rng.randrange(len(actions))], player)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_same_seed_same_choice(seed: int) -> None:
    agent = make_agent("rollout:candidates=3:rollouts=4:depth=20")
    positions = _die_fighting_positions(seed, 4)
    assert positions, f"seed {seed}: no position found"
    for i, (state, player) in enumerate(positions):
        first = agent.choose(state.clone(), player, random.Random(i))
        assert first == agent.choose(state.clone(), player, random.Random(i)), f"seed {seed} position {i}"
        assert first in state.legal_actions(player)


def test_a_single_legal_action_is_played_at_once() -> None:
    game = dicefront.load("die_fighting")
    rng = random.Random(4)
    state = game.new_state()
    while state.is_chance or len(state.legal_actions(state.actors[0])) != 1:
        if state.is_chance:
            state.apply_chance(sample(state.chance_outcomes(), rng))
        else:
            actions = state.legal_actions(state.actors[0])
            state.apply(actions[rng.randrange(len(actions))], state.actors[0])
    player = state.actors[0]
    agent_rng = random.Random(9)
    before = agent_rng.getstate()
    assert make_agent("rollout").choose(state, player, agent_rng) == state.legal_actions(player)[0]
    assert agent_rng.getstate() == before  # no play-out, not even a seed drawn


# ----- common random numbers -------------------------------------------------------------


@dataclass(frozen=True)
class NoOptions:
    pass


class ClimbGame(Game[NoOptions, "ClimbState"]):
    """Player 0 picks route ``a`` or ``b``; player 1 says ``go``; a d6 is rolled; player
    1 says ``go`` again and the game ends. Route ``a`` wins on 3 or more, ``b`` on 4 or
    more: ``a`` is at least as good on every roll and better on a 3. The evaluation
    before the die misleads (``b`` 0.5, ``a`` 0), so one ply prefers ``b``."""

    name = "climb"
    title = "Climb"
    options_class = NoOptions

    def new_state(self) -> ClimbState:
        return ClimbState(self)

    def _state_from_payload(self, payload: dict[str, Any]) -> ClimbState:
        st = ClimbState(self)
        st.route, st.die, st.says = payload["route"], payload["die"], payload["says"]
        return st

    def parse_notation(self, text: str) -> Word:
        if text in ("a", "b", "go"):
            return Word(text)
        raise self.notation_error(text, "a | b | go")

    def evaluate(self, state: State, player: int) -> float:
        assert isinstance(state, ClimbState)
        v = state.value0()
        return v if player == 0 else -v


class ClimbState(State[Word]):
    game: ClimbGame

    def __init__(self, game: ClimbGame) -> None:
        self.game = game
        self.route: str | None = None
        self.die: int | None = None
        self.says = 0

    def value0(self) -> float:
        if self.die is None:
            return 0.5 if self.route == "b" else 0.0
        return 1.0 if self.die >= (3 if self.route == "a" else 4) else -1.0

    @property
    def actors(self) -> tuple[int, ...]:
        if self.route is None:
            return (0,)
        return () if self.is_chance or self.is_terminal else (1,)

    @property
    def is_chance(self) -> bool:
        return self.says == 1 and self.die is None

    def chance_outcomes(self) -> list[tuple[Roll, Any]]:
        return dice(6) if self.is_chance else []

    @property
    def is_terminal(self) -> bool:
        return self.says == 2

    def returns(self) -> tuple[float, float]:
        v = self.value0() if self.is_terminal else 0.0
        return (v, -v)

    def legal_actions(self, player: int) -> list[Word]:
        if player not in self.actors:
            return []
        return [Word("a"), Word("b")] if player == 0 else [Word("go")]

    def _apply(self, action: Word, player: int) -> list[Any]:
        if player == 0:
            self.route = action.word
        else:
            self.says += 1
        return []

    def _apply_chance(self, outcome: Roll) -> list[Any]:
        self.die = int(outcome.faces[0])
        return []

    def clone(self) -> ClimbState:
        new = ClimbState(self.game)
        new.route, new.die, new.says = self.route, self.die, self.says
        return new

    def determinize(self, player: int, rng: random.Random) -> ClimbState:
        return self.clone()

    def _view(self, player: int | None) -> dict[str, Any]:
        return self._payload()

    def _payload(self) -> dict[str, Any]:
        return {"route": self.route, "die": self.die, "says": self.says}


class EndlessGame(ClimbGame):
    """Climb whose die, once rolled, is rolled again for ever (a broken game)."""

    name = "endless"
    max_length = 50

    def new_state(self) -> ClimbState:
        return EndlessState(self)


class EndlessState(ClimbState):
    @property
    def is_chance(self) -> bool:
        return self.route is not None

    def clone(self) -> EndlessState:
        new = EndlessState(self.game)
        new.route, new.die, new.says = self.route, self.die, self.says
        return new


@pytest.mark.parametrize("luck", [0, 4])
def test_a_play_out_stops_after_the_games_length_bound(luck: int) -> None:
    agent = RolloutAgent(candidates=2, rollouts=2, depth=5, policy="random", luck=luck)
    state = EndlessGame().new_state()
    assert agent.choose(state, 0, random.Random(1)) in state.legal_actions(0)


def test_candidates_are_compared_on_the_same_dice() -> None:
    agent = RolloutAgent(candidates=2, rollouts=30, depth=5, policy="random")
    state = ClimbGame().new_state()
    assert agent.shortlist(state, 0, random.Random(0)) == [Word("b"), Word("a")]  # one ply is misled
    for seed in range(20):
        b, a = agent.values(state, 0, [Word("b"), Word("a")], random.Random(seed))
        assert all(x >= y for x, y in zip(a, b, strict=True)), f"seed {seed}: play-out values a {a}, b {b}"
        assert agent.choose(state, 0, random.Random(seed)) == Word("a"), f"seed {seed}"


def test_without_play_outs_it_is_greedy() -> None:
    state = ClimbGame().new_state()
    assert RolloutAgent(candidates=2, depth=0).choose(state, 0, random.Random(1)) == Word("b")
    assert RolloutAgent(candidates=1, depth=5).choose(state, 0, random.Random(1)) == Word("b")


def test_margin_keeps_greedy_choice_unless_clearly_beaten() -> None:
    agent = RolloutAgent(candidates=2, rollouts=2, margin=10.0)
    assert agent.pick(["g", "x"], [[0.0, 0.0], [1.0, -0.5]]) == "g"  # better on average, not clearly
    assert agent.pick(["g", "x"], [[0.0, 0.0], [0.5, 0.5]]) == "x"  # better on every play-out alike
    assert RolloutAgent().pick(["g", "x"], [[0.2], [0.2]]) == "g"  # a tie keeps greedy's choice


# ----- every game, hidden information, simultaneous plans ----------------------------------


@pytest.mark.parametrize("name", dicefront.names())
@pytest.mark.parametrize("policy", ["game", "random", "static:luck=8"])
def test_plays_a_full_game_of_every_game(name: str, policy: str) -> None:
    game = dicefront.load(name)
    record = play_match(game, [make_agent(f"{SMALL}:policy={policy}"), RandomAgent()], seed=3)
    assert record.length > 0
    assert record.returns[0] == -record.returns[1] or sum(record.returns) == 0


def test_greedy_base_policy_plays_a_game() -> None:
    game = dicefront.load("ditch")
    record = play_match(game, [make_agent("rollout:candidates=2:rollouts=2:depth=2:policy=greedy"), RandomAgent()], seed=1)
    assert record.length > 0


@pytest.mark.parametrize("mine", range(1, 7))
def test_choice_does_not_depend_on_the_hidden_card(mine: int) -> None:
    agent = RolloutAgent(candidates=2, rollouts=24)
    choices = {agent.choose(showdown(mine, theirs), 0, random.Random(5)) for theirs in range(1, 7)}
    assert len(choices) == 1, f"card {mine}: the choice changed with the opponent's hidden card: {choices}"
    if mine != 3:  # with a 3, fighting is worth -1/6 against fleeing's -1/4: too close for 24 samples
        assert choices == {Word("fight" if mine > 3 else "flee")}, f"card {mine}"


def test_the_no_peeking_test_can_fail() -> None:
    cheat = RolloutAgent(candidates=2, rollouts=4, determinize="false")
    assert cheat.choose(showdown(5, 6), 0, random.Random(5)) == Word("flee")
    assert cheat.choose(showdown(5, 1), 0, random.Random(5)) == Word("fight")


def test_submitted_plan_stays_hidden() -> None:
    agent = RolloutAgent(candidates=3, rollouts=8)
    choices = {agent.choose(signs_after(s), 1, random.Random(3)) for s in "RPS"}
    assert len(choices) == 1, f"player 1's choice followed player 0's hidden sign: {choices}"
    cheat = RolloutAgent(candidates=3, rollouts=8, determinize="false")
    assert cheat.choose(signs_after("R"), 1, random.Random(3)) == Word("P")


HIDDEN = [n for n in dicefront.names() if dicefront.load(n).spec.hidden_information]


@pytest.mark.parametrize("name", HIDDEN)
def test_no_peeking_on_real_games(name: str) -> None:
    game, pairs = _game_with_secrets(name)
    assert pairs, f"{name}: no position with a secret to change"
    agent = make_agent("rollout:candidates=3:rollouts=3:depth=8")
    for i, (real, other, player) in enumerate(pairs):
        where = f"{name} position {i} (player {player})"
        assert agent.choose(real.clone(), player, random.Random(i)) == agent.choose(other.clone(), player, random.Random(i)), where
        picks = []
        for state in (real, other):
            rng = random.Random(100 + i)
            picks.append(agent.choose(agent_copy(state, player, rng), player, rng))
        assert picks[0] == picks[1], f"{where}: through the match runner's copy"


class Ticket(random.Random):
    """An RNG whose ``random()`` is always ``ticket``."""

    def __init__(self, ticket: float) -> None:
        super().__init__(0)
        self.ticket = ticket

    def random(self) -> float:
        return self.ticket


def _linear_pick(outcomes: list[tuple[Roll, Any]], ticket: float) -> Roll:
    """``sample_outcome`` as it was first written: a scan of the running sum."""
    acc = 0.0
    for outcome, p in outcomes:
        acc += p.numerator / p.denominator
        if ticket < acc:
            return outcome
    return outcomes[-1][0]


@pytest.mark.parametrize("seed", [0, 1])
def test_sample_outcome_picks_as_the_linear_scan_did(seed: int) -> None:
    """The remembered running sums (a speed-up shared with ``mcts``) pick the very
    outcome the scan picked for every ticket, so searches play as before."""
    game = dicefront.load("die_fighting")
    rng = random.Random(seed)
    state = game.new_state()
    checked = 0
    while not state.is_terminal and checked < 400:
        if state.is_chance:
            outcomes = state.chance_outcomes()
            edges = [0.0, 1.0 - 2**-53, *cumulative(outcomes)[:6]]  # a ticket on a running sum goes on
            for ticket in [rng.random() for _ in range(20)] + edges:
                assert sample_outcome(state, Ticket(ticket)) == _linear_pick(outcomes, ticket), f"seed {seed}, ticket {ticket}"
                checked += 1
            state.apply_chance(sample(outcomes, rng))
            continue
        actions = state.legal_actions(state.actors[0])
        state.apply(actions[rng.randrange(len(actions))], state.actors[0])
    assert checked > 0
